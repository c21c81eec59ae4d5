"""Seating for any length of night, against a plain simulated annealing (issue 27).

Run as ``.venv/bin/python bench/seating_grid.py`` (``make bench`` runs it too).
For every room size N from 9 to 60 at a few night lengths (Toonerville: tables
of 3 to 5; Rook Shanghai: 4 to 6), and every night length from 2 rounds on for
a few N, it plans the night with the engine (``plan_night``, as the app does)
and runs :func:`baseline`, a plain simulated annealing over swaps written here
as a reference (the engine never imports it), for the same CPU time the
engine took; where the engine serves a night found offline
(``tourney/seating/stored.py`` and ``stored_short.py``, "kept" in the last
column), which takes it a few milliseconds, the baseline gets the whole
second a night may take instead. One row per night:

- ``bound``: the counting bound max(0, M - P) on the repeat meetings E (M
  pair-meetings seated, P pairs in the room);
- ``base`` and ``ours``: E for the baseline and for the engine, and PASS when
  ours is no worse (OVER when it is); ``bmax`` and ``max``: the most meetings
  of any one pair in each. The baseline keeps the odd-table rule too (it
  starts from a fair rotation and takes a swap between an odd-size and a
  usual table only while every player's odd rounds stay within one of
  everyone else's), so the comparison is like for like: a plan that broke the
  rule could buy fewer repeats on short nights (Rook Shanghai at 26 players
  for 4 hands: 6 repeats rotating nobody, at least 24 for any fair plan);
- ``odd``: the fairness spread, the most minus the fewest rounds any two
  players spent at a table of the less common size (at most 1, RULES.md);
  ``bodd`` the same for the baseline;
- ``deal``: the most minus the fewest deals (seat 1) of any two players seated
  every round (at most 1: the deal rotates);
- ``seat``: players who kept their table and seat from one round to the next
  (must be 0); ``cpu s`` and ``wall s``: the engine's CPU and wall seconds;
  ``src``: "kept" for a night found offline.

Then the sums of the excess over the bound at five seeds: Toonerville 11
rounds for N 30 to 45 (target at most 40, N = 37 at most 12, N = 41 at most
4) and Rook Shanghai 7 hands for N 26 to 40 (at most 40). ``--quick`` runs a
few rows.
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

from tourney.seating import Plan, plan_night
from tourney.seating.fair import _MIDWAY as MIDWAY
from tourney.seating.fair import odd_flags
from tourney.seating.stored import night_for

GAMES = {
    "Toonerville": {"min_size": 3, "max_size": 5, "preferred": 4},
    "Shanghai": {"min_size": 4, "max_size": 6, "preferred": 5},
}
GRID = {"Toonerville": (4, 7, 11), "Shanghai": (4, 7)}
"""Night lengths run for every N from 9 to 60."""
LENGTHS = {"Toonerville": range(2, 12), "Shanghai": range(2, 8)}
LENGTH_ROOMS = (13, 17, 21, 24, 37, 41)
"""Rooms run at every night length."""
SEEDS = range(1, 6)
SUMS = {
    "Toonerville": (11, range(30, 46), 40, {37: 12, 41: 4}),
    "Shanghai": (7, range(26, 41), 40, {}),
}
NIGHT_S = 1.0


def fair_start(
    sizes: list[list[int]], n: int, preferred: int, rng: random.Random
) -> list[list[list[int]]]:
    """Each round dealt at random, the odd-size tables to those who have had them least.

    Prefix by prefix nobody has had an odd table more than once more than
    anyone else (the fairness rule, RULES.md), so the baseline starts fair.
    """
    had = [0] * n
    schedule = []
    for split in sizes:
        flags = odd_flags(split, preferred)
        seats = sum(size for size, odd in zip(split, flags, strict=True) if odd)
        order = list(range(n))
        rng.shuffle(order)
        order.sort(key=lambda p: had[p])
        odd, usual = order[:seats], order[seats:]
        rng.shuffle(usual)
        row = []
        for size, flag in zip(split, flags, strict=True):
            source = odd if flag else usual
            row.append(source[:size])
            del source[:size]
            for p in row[-1]:
                had[p] += flag
        schedule.append(row)
    return schedule


def baseline(
    sizes: list[list[int]], n: int, seconds: float, seed: int, preferred: int
) -> list[list[list[int]]]:
    """Plain simulated annealing over swaps, for ``seconds`` of CPU: the reference.

    A schedule is each round's players dealt to tables of ``sizes``, starting
    from :func:`fair_start`; a move swaps two players at different tables of
    one round; the cost is the sum over pairs of m squared (m: how often the
    pair meets), priced from the two tables; the temperature falls
    geometrically from 4 to 0.2 over the time. Like the engine it keeps the
    fairness rule: a swap between an odd-size and a usual table is taken only
    while every player's odd-table rounds stay, after the last round, within
    one of everyone else's (each count at the even share rounded down or up),
    and after each earlier round as well: the engine's rule (``fair._MIDWAY``),
    which keeps a night fair whenever it ends or the odd table goes.
    """
    rng = random.Random(seed)
    rounds = len(sizes)
    tables = fair_start(sizes, n, preferred, rng)
    pos = [[0] * n for _ in range(rounds)]
    odd_at = []
    had = [[0] * rounds for _ in range(n)]  # odd-table rounds by the end of each round
    for r, row in enumerate(tables):
        flags = odd_flags([len(t) for t in row], preferred)
        odd_at.append(flags)
        for t, table in enumerate(row):
            for p in table:
                pos[r][p] = t
                for later in range(r, rounds):
                    had[p][later] += flags[t]
    band = []
    for t in range(rounds):
        lo, extra = divmod(sum(row[t] for row in had), n)
        strict = t == rounds - 1 or MIDWAY == 1
        band.append((lo, lo + (extra > 0)) if strict else (lo - 1, lo + 1))

    def fair_move(r: int, leaves: int, joins: int) -> bool:
        down, up = had[leaves], had[joins]
        return all(down[t] - 1 >= band[t][0] and up[t] + 1 <= band[t][1] for t in range(r, rounds))

    met = [[0] * n for _ in range(n)]
    for row in tables:
        for table in row:
            for a, b in combinations(table, 2):
                met[a][b] += 1
                met[b][a] += 1

    e = sum(max(0, met[a][b] - 1) for a in range(n) for b in range(a + 1, n))
    best, best_tables = e, [[t[:] for t in row] for row in tables]
    start = time.process_time()
    step, temp, hot, cold = 0, 4.0, 4.0, 0.2
    while True:
        if step % 256 == 0:
            used = (time.process_time() - start) / max(seconds, 1e-9)
            if used >= 1:
                break
            temp = hot * (cold / hot) ** used
        step += 1
        r = rng.randrange(rounds)
        p, q = rng.randrange(n), rng.randrange(n)
        a, b = pos[r][p], pos[r][q]
        if a == b:
            continue
        fa, fb = odd_at[r][a], odd_at[r][b]
        if fa != fb:
            leaves, joins = (p, q) if fa else (q, p)
            if not fair_move(r, leaves, joins):
                continue
        mp, mq = met[p], met[q]
        delta = 0
        for x in tables[r][a]:
            if x != p:
                delta += 2 * (mq[x] - mp[x]) + 2
        for y in tables[r][b]:
            if y != q:
                delta += 2 * (mp[y] - mq[y]) + 2
        if delta > 0 and rng.random() >= math.exp(-delta / temp):
            continue
        if fa != fb:
            for t in range(r, rounds):
                had[leaves][t] -= 1
                had[joins][t] += 1
        for x in tables[r][a]:
            if x != p:
                e -= mp[x] >= 2
                e += mq[x] >= 1
                mp[x] -= 1
                met[x][p] -= 1
                mq[x] += 1
                met[x][q] += 1
        for y in tables[r][b]:
            if y != q:
                e -= mq[y] >= 2
                e += mp[y] >= 1
                mq[y] -= 1
                met[y][q] -= 1
                mp[y] += 1
                met[y][p] += 1
        tables[r][a][tables[r][a].index(p)] = q
        tables[r][b][tables[r][b].index(q)] = p
        pos[r][p], pos[r][q] = b, a
        if e < best:
            best, best_tables = e, [[t[:] for t in row] for row in tables]
    return best_tables


def most(schedule: list[list[list[int]]]) -> int:
    met: Counter[tuple[int, int]] = Counter()
    for row in schedule:
        for table in row:
            met.update(combinations(sorted(table), 2))
    return max(met.values(), default=0)


def excess(n: int, schedule: list[list[list[int]]]) -> tuple[int, int]:
    """(E, bound) for a schedule of tables."""
    met: Counter[tuple[int, int]] = Counter()
    for row in schedule:
        for table in row:
            met.update(combinations(sorted(table), 2))
    seated = sum(met.values())
    return seated - len(met), max(0, seated - n * (n - 1) // 2)


def spread(schedule: list[list[list[int]]], preferred: int) -> int:
    """Most minus fewest rounds at an odd-size table, among players seated every round."""
    odd: Counter = Counter()
    seated: Counter = Counter()
    for tables in schedule:
        flags = odd_flags([len(t) for t in tables], preferred)
        for table, flag in zip(tables, flags, strict=True):
            for p in table:
                odd[p] += flag
                seated[p] += 1
    full = [odd[p] for p in seated if seated[p] == len(schedule)]
    return max(full) - min(full) if full else 0


def deal_spread(plans: list[Plan]) -> int:
    """Most minus fewest deals (seat 1), among players seated every round."""
    deals = Counter(table[0] for plan in plans for table in plan.tables if table)
    seated = Counter(p for plan in plans for p in plan.seated())
    full = [deals[p] for p in seated if seated[p] == len(plans)]
    return max(full) - min(full) if full else 0


def kept_seats(plans: list[Plan]) -> int:
    kept = 0
    for before, after in pairwise(plans):
        place = {p: (t, s) for t, table in enumerate(before.tables) for s, p in enumerate(table)}
        for t, table in enumerate(after.tables):
            kept += sum(place.get(p) == (t, s) for s, p in enumerate(table))
    return kept


def row(game: str, n: int, rounds: int, seed: int) -> dict:
    rules = GAMES[game]
    cpu, wall = time.process_time(), time.perf_counter()
    plans = plan_night(list(range(n)), rounds=rounds, seed=seed, **rules)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    schedule = [list(map(list, p.tables)) for p in plans]
    ours, bound = excess(n, schedule)
    sizes = [[len(t) for t in p.tables] for p in plans]
    served = night_for(n, rounds, **rules) is not None
    reference = baseline(sizes, n, NIGHT_S if served else cpu, seed, rules["preferred"])
    base, _ = excess(n, reference)
    return {
        "game": game,
        "n": n,
        "rounds": rounds,
        "bound": bound,
        "base": base,
        "ours": ours,
        "bmax": most(reference),
        "max": most(schedule),
        "odd": spread(schedule, rules["preferred"]),
        "bodd": spread(reference, rules["preferred"]),
        "deal": deal_spread(plans),
        "seat": kept_seats(plans),
        "src": "kept" if served else "",
        "cpu": cpu,
        "wall": wall,
    }


HEADER = (
    f"{'game':<11} {'N':>3} {'rnds':>4} {'bound':>5} {'base':>5} {'ours':>5} {'':<4} "
    f"{'bmax':>4} {'max':>3} {'odd':>3} {'bodd':>4} {'deal':>4} {'seat':>4} {'cpu s':>6} "
    f"{'wall s':>6} src"
)


def show(r: dict) -> None:
    verdict = "PASS" if r["ours"] <= r["base"] else "OVER"
    print(
        f"{r['game']:<11} {r['n']:>3} {r['rounds']:>4} {r['bound']:>5} {r['base']:>5} "
        f"{r['ours']:>5} {verdict:<4} {r['bmax']:>4} {r['max']:>3} {r['odd']:>3} "
        f"{r['bodd']:>4} {r['deal']:>4} {r['seat']:>4} {r['cpu']:>6.2f} {r['wall']:>6.2f} "
        f"{r['src']}",
        flush=True,
    )


def cells(
    quick: bool, games: list[str] | None = None, lengths: list[int] | None = None
) -> list[tuple[str, int, int]]:
    """The grid's rows; ``games`` and ``lengths`` keep only those games and night lengths."""
    if quick:
        return [("Toonerville", 13, 4), ("Toonerville", 17, 4), ("Shanghai", 30, 7)]
    return [
        (game, n, rounds)
        for game, n, rounds in _all_cells()
        if (not games or game in games) and (not lengths or rounds in lengths)
    ]


def _all_cells() -> list[tuple[str, int, int]]:
    todo = []
    for game, lengths in GRID.items():
        todo += [(game, n, rounds) for rounds in lengths for n in range(9, 61)]
    for game, lengths in LENGTHS.items():
        todo += [
            (game, n, rounds)
            for n in LENGTH_ROOMS
            for rounds in lengths
            if (game, n, rounds) not in todo
        ]
    return todo


def sums(game: str, quick: bool) -> list[tuple[str, bool]]:
    rounds, rooms, target, singles = SUMS[game]
    rules = GAMES[game]
    results = []
    for seed in SEEDS if not quick else SEEDS[:1]:
        gaps = {}
        for n in rooms:
            plans = plan_night(list(range(n)), rounds=rounds, seed=seed, **rules)
            e, bound = excess(n, [list(map(list, p.tables)) for p in plans])
            gaps[n] = e - bound
        total = sum(gaps.values())
        detail = " ".join(f"{n}:{g}" for n, g in gaps.items() if g)
        print(f"{game} {rounds} rounds, N {rooms[0]}-{rooms[-1]}, seed {seed}: {total}  ({detail})")
        results.append((f"{game} seed {seed}: sum {total} <= {target}", total <= target))
        for n, most in singles.items():
            results.append((f"{game} seed {seed}: N = {n} {gaps[n]} <= {most}", gaps[n] <= most))
    return results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a few rows only")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-grid", action="store_true", help="only the five-seed sums")
    parser.add_argument("--game", choices=sorted(GAMES), action="append", help="grid rows of")
    parser.add_argument("--rounds", type=int, action="append", help="grid rows of this length")
    parser.add_argument("--no-sums", action="store_true", help="only the grid")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    checks: list[tuple[str, bool]] = []
    if not args.no_grid:
        print(HEADER)
        print("-" * len(HEADER))
        rows = []
        for game, n, rounds in cells(args.quick, args.game, args.rounds):
            rows.append(row(game, n, rounds, args.seed))
            show(rows[-1])
        print("-" * len(HEADER))
        over = [f"{r['game'][0]}{r['n']}x{r['rounds']}" for r in rows if r["ours"] > r["base"]]
        slow = [r for r in rows if r["n"] <= 60 and r["cpu"] > NIGHT_S]
        checks += [
            (
                f"ours <= fair baseline in {len(rows) - len(over)} of {len(rows)} rows "
                f"(OVER: {' '.join(over) or 'none'})",
                not over,
            ),
            (
                "the baseline keeps the odd-table rule in every row",
                all(r["bodd"] <= 1 for r in rows),
            ),
            ("odd-table spread <= 1 in every row", all(r["odd"] <= 1 for r in rows)),
            ("deal spread <= 1 in every row", all(r["deal"] <= 1 for r in rows)),
            ("nobody keeps their table and seat", all(r["seat"] == 0 for r in rows)),
            (
                f"whole night <= {NIGHT_S:g} s CPU for N <= 60 (slowest "
                f"{max(r['cpu'] for r in rows):.2f} s, {len(slow)} over)",
                not slow,
            ),
        ]
    for game in SUMS if not args.no_sums else ():
        checks += sums(game, args.quick)
    for label, ok in checks:
        print(f"  [{'PASS' if ok else 'FAIL'}] {label}")
    print(f"{time.perf_counter() - started:.1f} s in all")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
