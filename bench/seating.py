"""How well and how fast the seating engine mixes a tournament room.

Run as ``.venv/bin/python bench/seating.py`` (``make bench`` runs it too). For
each game (Toonerville: 11 rounds at tables of 3 to 5; Rook Shanghai: 7 hands
at tables of 4 to 6) and each room size it plans the whole night at once, as
the app does at the start of a night, and prints one row:

- the table sizes; E, the repeat meetings (every meeting of a pair after its
  first); the lower bound max(0, M - P) on E (M pair-meetings seated, P pairs
  in the room) and the gap between them;
- ``1by1``: E when each round is planned on its own after the previous ones
  (the engine before whole-night planning), and ``rand``: E for a seeded
  random seating, both run here as yardsticks;
- ``most``: the most meetings of any pair, beside its own lower bound
  ceil(M / P) (``lo``); ``opp``: the fewest distinct opponents of any player;
- ``table`` and ``seat``: moves (a player seated in two rounds running) that
  kept the table number, and that kept the very seat (must be 0);
- ``night s``: CPU seconds to plan the whole night; ``round ms``: CPU
  milliseconds of the slowest round planned on its own.

The targets of issue 17 are checked at the end. ``--quick`` runs a few sizes.

The season rows (issue 18) simulate a club over weekly Toonerville nights:
regulars who come most weeks and occasional players who come some, seeded,
so attendance varies night to night. Each night is planned whole, once
forgetting earlier nights and once remembering the season's recent ones (as
``services.plan_for`` does with ``Event.season_seating``). For the whole
season: ``3+ nights``, pairs who shared a table on three nights or more;
``sq>floor``, the sum over pairs of (season meetings) squared above its floor
(the same meetings spread evenly over every pair that was ever in the room
together); ``most``, the most nights any pair shared a table; ``again``,
pairs who met on a night and on the night before; ``s``, CPU seconds for all
nights. Then rooms of 100 and 200 are planned a week after a first night:
nobody need meet again, and the search must stop once it sees that. The
season rows plan at ``SEASON_EFFORT``, the app's own effort (1.0, as
``services`` plans a night).
``--season`` runs only these rows.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections import Counter
from itertools import combinations, pairwise
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tourney.seating import Plan, plan_night, plan_round, remembered
from tourney.seating.constraints import Constraints

GAMES = {
    "Toonerville": (11, {"min_size": 3, "max_size": 5, "preferred": 4}),
    "Shanghai": (7, {"min_size": 4, "max_size": 6, "preferred": 5}),
}
SIZES = [9, 12, 13, 17, 20, 24, *range(26, 46), 48, 60, 100, 200]
QUICK = [13, 24, 36, 40, 200]
NIGHT_SECONDS = 5.0
NIGHT_S_SMALL = 1.0
ROUND_MS = 200.0


def one_by_one(
    n: int, rounds: int, rules: dict, method: str, seed: int
) -> tuple[list[Plan], float]:
    """Plan a night round by round, each on its own; return it and the slowest round in ms."""
    players = list(range(n))
    plans: list[Plan] = []
    slowest = 0.0
    for _ in range(rounds):
        start = time.process_time()
        plans.append(plan_round(players, history=plans, method=method, seed=seed, **rules))
        slowest = max(slowest, (time.process_time() - start) * 1000)
    return plans, slowest


def figures(n: int, plans: list[Plan]) -> dict[str, int]:
    met: Counter[tuple[int, int]] = Counter()
    for plan in plans:
        for table in plan.tables:
            met.update(combinations(sorted(table), 2))
    seated = sum(met.values())
    pairs = n * (n - 1) // 2
    opponents: Counter[int] = Counter()
    for a, b in met:
        opponents[a] += 1
        opponents[b] += 1
    kept_table = kept_seat = 0
    for before, after in pairwise(plans):
        place = {p: (t, s) for t, table in enumerate(before.tables) for s, p in enumerate(table)}
        for t, table in enumerate(after.tables):
            for s, p in enumerate(table):
                if p in place and place[p][0] == t:
                    kept_table += 1
                    kept_seat += place[p][1] == s
    return {
        "E": seated - len(met),
        "bound": max(0, seated - pairs),
        "most": max(met.values()),
        "most_lo": math.ceil(seated / pairs),
        "opponents": min(opponents[p] for p in range(n)),
        "table": kept_table,
        "seat": kept_seat,
    }


def sizes_label(plan: Plan) -> str:
    counts = Counter(len(t) for t in plan.tables)
    return " ".join(f"{size}x{counts[size]}" for size in sorted(counts, reverse=True))


def run_game(name: str, sizes: list[int], seed: int) -> list[dict]:
    rounds, rules = GAMES[name]
    low, high, pref = rules["min_size"], rules["max_size"], rules["preferred"]
    print(f"{name}, {rounds} rounds, tables of {low}-{high} ({pref} preferred), whole night")
    header = (
        f"{'N':>4} {'tables':<11} {'E':>4} {'bound':>5} {'gap':>4} {'1by1':>5} {'rand':>5} "
        f"{'most':>4} {'lo':>3} {'opp':>4} {'table':>5} {'seat':>4} {'night s':>7} {'round ms':>8}"
    )
    print(header)
    print("-" * len(header))
    rows = []
    for n in sizes:
        start = time.process_time()
        plans = plan_night(list(range(n)), rounds=rounds, seed=seed, **rules)
        night_s = time.process_time() - start
        got = figures(n, plans)
        single, round_ms = one_by_one(n, rounds, rules, "mix", seed)
        shuffled, _ = one_by_one(n, rounds, rules, "random", seed)
        row = {
            "n": n,
            **got,
            "one": figures(n, single)["E"],
            "rand": figures(n, shuffled)["E"],
            "night_s": night_s,
            "round_ms": round_ms,
        }
        rows.append(row)
        print(
            f"{n:>4} {sizes_label(plans[0]):<11} {got['E']:>4} {got['bound']:>5} "
            f"{got['E'] - got['bound']:>4} {row['one']:>5} {row['rand']:>5} {got['most']:>4} "
            f"{got['most_lo']:>3} {got['opponents']:>4} {got['table']:>5} {got['seat']:>4} "
            f"{night_s:>7.2f} {round_ms:>8.1f}",
            flush=True,
        )
    print("-" * len(header))
    return rows


CLUBS = [(20, 6, 6), (34, 8, 6)]
"""Season rows: (regulars, occasional players, nights)."""
BIG_ROOMS = [100, 200]
"""Rooms planned at full effort a week after a first night, to time the search."""
SEASON_EFFORT = 1.0
"""What the app plans with (``plan_night``'s default). At 0.5, to save a second, the
34+8 club's memory came out 4 over forgetting on sq>floor (2278 against 2274, where the
forgetting nights are the stored ones): a figure for a search the app never runs."""
ATTENDANCE = (0.85, 0.3)
"""How likely a regular and an occasional player are to come on a night."""


def attendance(regulars: int, occasional: int, nights: int, seed: int) -> list[list[int]]:
    """Who comes each night: people 0..regulars-1 are the regulars."""
    rng = random.Random(f"club|{regulars}|{occasional}|{seed}")
    odds = [ATTENDANCE[0]] * regulars + [ATTENDANCE[1]] * occasional
    return [[p for p, chance in enumerate(odds) if rng.random() < chance] for _ in range(nights)]


def season_figures(nights: list[list[Plan]], rooms: list[list[int]]) -> dict[str, int]:
    met: Counter[tuple[int, int]] = Counter()
    shared: Counter[tuple[int, int]] = Counter()
    together: set[tuple[int, int]] = set()
    again = 0
    before: set[tuple[int, int]] = set()
    for plans, room in zip(nights, rooms, strict=True):
        night: Counter[tuple[int, int]] = Counter()
        for plan in plans:
            for table in plan.tables:
                night.update(combinations(sorted(table), 2))
        met.update(night)
        shared.update(night.keys())
        together.update(combinations(sorted(room), 2))
        again += len(before & night.keys())
        before = set(night)
    units, pairs = sum(met.values()), len(together)
    low, high = divmod(units, pairs)
    floor = (pairs - high) * low * low + high * (low + 1) ** 2
    return {
        "three": sum(1 for n in shared.values() if n >= 3),
        "sq": sum(m * m for m in met.values()) - floor,
        "most": max(shared.values()),
        "again": again,
    }


def run_season(seed: int) -> list[tuple[str, bool]]:
    rounds, rules = GAMES["Toonerville"]
    print(f"Seasons: weekly Toonerville nights of {rounds} rounds, effort {SEASON_EFFORT:g}")
    header = (
        f"{'club':<14} {'nights':<16} {'memory':<6} {'3+ nights':>9} {'sq>floor':>8} "
        f"{'most':>4} {'again':>5} {'s':>6}"
    )
    print(header)
    print("-" * len(header))
    results = []
    for regulars, occasional, count in CLUBS:
        rooms = attendance(regulars, occasional, count, seed)
        row = {}
        for memory in (False, True):
            start = time.process_time()
            nights: list[list[Plan]] = []
            for number, room in enumerate(rooms):
                nights.append(
                    plan_night(
                        room,
                        rounds=rounds,
                        seed=f"{seed}|night {number}",
                        effort=SEASON_EFFORT,
                        prior=remembered(nights) if memory else None,
                        **rules,
                    )
                )
            got = season_figures(nights, rooms)
            row[memory] = got
            print(
                f"{f'{regulars}+{occasional}':<14} {'/'.join(str(len(r)) for r in rooms):<16} "
                f"{'on' if memory else 'off':<6} {got['three']:>9} {got['sq']:>8} "
                f"{got['most']:>4} {got['again']:>5} {time.process_time() - start:>6.1f}",
                flush=True,
            )
        off, on = row[False], row[True]
        results.append(
            (
                f"club of {regulars}+{occasional}: memory lowers sq>floor and 3+ nights",
                on["sq"] < off["sq"] and on["three"] <= off["three"],
            )
        )
    print("-" * len(header))
    # A big room remembering last week can meet only new people: the search must
    # see that it is done, not spend its whole budget.
    for n in BIG_ROOMS:
        last_week = plan_night(list(range(n)), rounds=rounds, seed=seed, **rules)
        start = time.process_time()
        tonight = plan_night(
            list(range(n)), rounds=rounds, seed=seed + 1, prior=remembered([last_week]), **rules
        )
        took = time.process_time() - start
        again = season_figures([last_week, tonight], [list(range(n))] * 2)["again"]
        print(f"{n} players, a week after the first night: {again} pairs again, {took:.2f} s")
        results.append(
            (
                f"{n} players remembering a night: nobody again, <= {NIGHT_SECONDS:g} s",
                again == 0 and took <= NIGHT_SECONDS,
            )
        )
    return results


HUGE = 500
"""Item 5 of issue 27: a whole night for this many players within NIGHT_SECONDS."""


def run_huge(seed: int) -> list[tuple[str, bool]]:
    """A 500-player night, without and with host rules: seconds, and every rule kept."""
    print(f"{HUGE} players, a whole night:")
    players = list(range(HUGE))
    rules = Constraints.of(
        pinned={0: 1, 1: 2, 2: 3},
        apart=[(3, 4), (5, 6), (7, 8)],
        together=[(9, 10), (11, 12), (13, 14)],
    )
    results = []
    for name, (rounds, room) in GAMES.items():
        for label, wanted in (("no rules", None), ("3 pins, 3 apart, 3 together", rules)):
            start = time.process_time()
            plans = plan_night(players, rounds=rounds, seed=seed, constraints=wanted, **room)
            took = time.process_time() - start
            broken = 0
            if wanted:
                for plan in plans:
                    table = {p: t for t, seats in enumerate(plan.tables) for p in seats}
                    broken += sum(table[p] != pin - 1 for p, pin in wanted.pinned)
                    broken += sum(table[a] == table[b] for a, b in wanted.apart)
                    broken += sum(table[a] != table[b] for a, b in wanted.together)
            print(f"  {name:<12} {label:<28} {took:>5.2f} s, rules broken {broken}")
            results.append(
                (
                    f"{name} {HUGE} players, {label}: night <= {NIGHT_SECONDS:g} s ({took:.2f} s)"
                    + (", every rule kept" if wanted else ""),
                    took <= NIGHT_SECONDS and broken == 0,
                )
            )
    return results


TARGETS = {
    "Toonerville": (range(30, 46), 40, {37: 12, 41: 4}),
    "Shanghai": (range(26, 41), 40, {}),
}
"""Issue 27: the sum of the gaps over these rooms, and single rooms' gaps, at most these.
``bench/seating_grid.py`` checks them at five seeds; here at this run's seed."""


FAIR_MOST = {("Toonerville", 9): 7}
"""Rooms where the fair share of the odd table forces a pair past its bound + 1: at 9
Toonerville players (a 5 and a 4) over 11 rounds some pair meets 7 times in every night
fair after every round (``scripts/least_most.py`` proves 6 impossible)."""


def check(game: str, rows: list[dict]) -> list[tuple[str, bool]]:
    """Issues 17 and 27's targets, as far as this run's room sizes reach."""

    def gap(row: dict) -> int:
        return row["E"] - row["bound"]

    rooms, target, singles = TARGETS[game]
    mid = [r for r in rows if r["n"] in rooms]
    total = sum(gap(r) for r in mid)
    outside = " ".join(f"{r['n']}:{gap(r)}" for r in rows if r["n"] not in rooms and gap(r))
    inside = " ".join(f"{r['n']}:{gap(r)}" for r in mid if gap(r))
    results = [
        (
            f"E at the bound outside N {rooms[0]}-{rooms[-1]} (gaps: {outside or 'none'})",
            all(gap(r) == 0 for r in rows if r["n"] not in rooms),
        ),
        (
            f"N {rooms[0]}-{rooms[-1]}: total gap {total} <= {target} ({inside or 'none'})",
            total <= target,
        ),
        *[
            (f"N = {n}: gap {gap(r)} <= {most}", gap(r) <= most)
            for n, most in singles.items()
            for r in mid
            if r["n"] == n
        ],
        (
            f"N {rooms[0]}-{rooms[-1]}: every E below planning round by round (1by1)",
            all(r["E"] < r["one"] or r["E"] == r["bound"] for r in mid),
        ),
        (
            "no pair meets more than its bound + 1 (or the least a fair night allows)",
            all(r["most"] <= max(r["most_lo"] + 1, FAIR_MOST.get((game, r["n"]), 0)) for r in rows),
        ),
        ("nobody keeps their seat", all(r["seat"] == 0 for r in rows)),
        (
            f"N <= 60: night <= {NIGHT_S_SMALL:g} s; 200 players: night <= {NIGHT_SECONDS:g} s; "
            f"every round <= {ROUND_MS:g} ms "
            f"(slowest night {max(r['night_s'] for r in rows if r['n'] <= 60):.2f} s, "
            f"round {max(r['round_ms'] for r in rows):.0f} ms)",
            all(r["night_s"] <= NIGHT_S_SMALL for r in rows if r["n"] <= 60)
            and all(r["night_s"] <= NIGHT_SECONDS for r in rows)
            and all(r["round_ms"] <= ROUND_MS for r in rows),
        ),
    ]
    return results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a few room sizes only")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--game", choices=GAMES, action="append", help="default: both")
    parser.add_argument("--season", action="store_true", help="the season rows only")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    for label, ok in run_season(args.seed):
        print(f"  [{'PASS' if ok else 'FAIL'}] {label}")
    print()
    for name in [] if args.season else args.game or GAMES:
        rows = run_game(name, QUICK if args.quick else SIZES, args.seed)
        for label, ok in check(name, rows):
            print(f"  [{'PASS' if ok else 'FAIL'}] {label}")
        print()
    if not args.season and not args.quick:
        # Last: their big heap would slow the garbage collector in the rows' timings.
        for label, ok in run_huge(args.seed):
            print(f"  [{'PASS' if ok else 'FAIL'}] {label}")
        print()
    print(f"{time.perf_counter() - started:.1f} s in all")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
