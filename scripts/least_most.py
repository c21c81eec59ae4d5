"""The least "most meetings of one pair" a fair night allows, in a room of two tables: a proof.

Nine Toonerville players sit at a 5 and a 4 every round. ``bench/seating.py`` asks that no
pair meets more than the average rounded up and once more (5 + 1 = 6 over 11 rounds), but
the odd table must also be shared out fairly after every round (RULES.md, "Seating
fairness"; ``tourney/seating/fair.py``), and with both rules no night exists: some pair
meets 7 times. This script proves it, with the CP-SAT solver of Google's OR-Tools (a
well-kept constraint solver; hand-written search took minutes without an answer, CP-SAT
answers in about 15 s). OR-Tools is not a dependency of the app or of the tests: run it in
a throwaway environment::

    python3.13 -m venv /tmp/cp && /tmp/cp/bin/pip install ortools
    /tmp/cp/bin/python scripts/least_most.py --players 9 --rounds 11 --most 6

In a room of two tables, who meets whom in a round follows from who sits at the larger
table: two players meet when they sit on the same side. So a night is one yes/no per
player and round; the model asks for the table sizes every round, each player's rounds at
the larger table so far within one of everyone else's after every round (the fair share),
and every pair on the same side at most ``--most`` rounds. The first round's big table is
fixed (the players are interchangeable). It prints INFEASIBLE when no such night exists,
or a night.
"""

from __future__ import annotations

import argparse

from ortools.sat.python import cp_model


def model(players: int, big: int, rounds: int, most: int) -> tuple[cp_model.CpModel, list]:
    m = cp_model.CpModel()
    at = [[m.NewBoolVar(f"p{p}r{r}") for r in range(rounds)] for p in range(players)]
    for r in range(rounds):
        m.Add(sum(at[p][r] for p in range(players)) == big)
        seats = big * (r + 1)
        for p in range(players):
            so_far = sum(at[p][: r + 1])
            m.Add(so_far >= seats // players)
            m.Add(so_far <= -(-seats // players))
    for a in range(players):
        for b in range(a + 1, players):
            apart = []
            for r in range(rounds):
                split = m.NewBoolVar(f"apart{a}_{b}_{r}")
                m.AddBoolXOr([at[a][r], at[b][r], split.Not()])
                apart.append(split)
            m.Add(sum(apart) >= rounds - most)
    for p in range(big):
        m.Add(at[p][0] == 1)
    return m, at


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=9)
    parser.add_argument("--big", type=int, default=5, help="seats at the larger table")
    parser.add_argument("--rounds", type=int, default=11)
    parser.add_argument("--most", type=int, default=6, help="meetings allowed one pair")
    parser.add_argument("--seconds", type=float, default=600)
    args = parser.parse_args(argv)
    m, at = model(args.players, args.big, args.rounds, args.most)
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = args.seconds
    status = solver.Solve(m)
    print(solver.StatusName(status))
    if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        for r in range(args.rounds):
            print(r + 1, [p for p in range(args.players) if solver.Value(at[p][r])])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
