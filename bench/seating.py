"""How well and how fast the seating engine mixes a Toonerville room.

Run as ``.venv/bin/python bench/seating.py`` (``make bench`` runs it too). For
each room size it plans an 11-round night one round at a time, exactly as the
app does, and prints one row: the table sizes, the repeat meetings E (every
meeting of a pair after its first), the lower bound max(0, M - P) on E (M
pair-meetings seated, P pairs in the room), the most meetings of any pair,
the fewest distinct opponents of any player, the slowest round, and E for
plain random re-seating as the yardstick. ``--quick`` runs a few sizes, for
a CI smoke run.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from itertools import combinations
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tourney.seating import Plan, plan_round

ROUNDS = 11
TOONERVILLE = {"min_size": 3, "max_size": 5, "preferred": 4}
SIZES = [9, 12, 13, 17, 20, 24, *range(26, 46), 48, 60, 100, 200]
QUICK = [13, 24, 40, 60]


def night(n: int, method: str, seed: int) -> tuple[list[Plan], float]:
    """Plan a night round by round; return the plans and the slowest round in ms."""
    players = list(range(n))
    plans: list[Plan] = []
    slowest = 0.0
    for _ in range(ROUNDS):
        start = time.perf_counter()
        plans.append(plan_round(players, history=plans, method=method, seed=seed, **TOONERVILLE))
        slowest = max(slowest, (time.perf_counter() - start) * 1000)
    return plans, slowest


def figures(n: int, plans: list[Plan]) -> dict[str, int]:
    met: Counter[tuple[int, int]] = Counter()
    for plan in plans:
        for table in plan.tables:
            met.update(combinations(sorted(table), 2))
    seated = sum(met.values())
    opponents = Counter()
    for a, b in met:
        opponents[a] += 1
        opponents[b] += 1
    return {
        "E": seated - len(met),
        "bound": max(0, seated - n * (n - 1) // 2),
        "most": max(met.values()),
        "opponents": min(opponents[p] for p in range(n)),
    }


def sizes_label(plan: Plan) -> str:
    counts = Counter(len(t) for t in plan.tables)
    return " ".join(f"{size}x{counts[size]}" for size in sorted(counts, reverse=True))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a few room sizes only")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)

    header = (
        f"{'N':>4} {'tables':<12} {'E':>4} {'bound':>5} {'gap':>4} {'most':>4} "
        f"{'opp min':>7} {'ms max':>7} {'E rand':>6}"
    )
    print(f"Toonerville, {ROUNDS} rounds, tables of 3-5 (4 preferred), method mix")
    print(header)
    print("-" * len(header))
    started = time.perf_counter()
    gaps = 0
    for n in QUICK if args.quick else SIZES:
        plans, slowest = night(n, "mix", args.seed)
        mix = figures(n, plans)
        random_plans, _ = night(n, "random", args.seed)
        rand = figures(n, random_plans)
        gap = mix["E"] - mix["bound"]
        gaps += gap
        print(
            f"{n:>4} {sizes_label(plans[0]):<12} {mix['E']:>4} {mix['bound']:>5} {gap:>4} "
            f"{mix['most']:>4} {mix['opponents']:>7} {slowest:>7.1f} {rand['E']:>6}",
            flush=True,
        )
    print("-" * len(header))
    print(f"total gap to the bound: {gaps}; {time.perf_counter() - started:.1f} s in all")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
