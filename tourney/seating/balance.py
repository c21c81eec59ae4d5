"""Tables balanced by rating: each table gets a like share of the room's strength.

The "rating" seating method. Players are dealt to the tables in a snake draft by
rating (strongest first: 1 2 3 3 2 1 ...), so every table holds one player from
each band of the room; a seeded local search then swaps players between tables
while that lowers the cost: how far each table's average rating is from the
room's (in the room's own spread, so any rating scale balances alike), then how
often each pair at a table has met tonight (m meetings cost m squared), so the
balance holds and the tables still mix.

Pure: imports nothing of Rookery's beyond the seating vocabulary.
"""

from __future__ import annotations

import itertools
import random
import statistics
from collections.abc import Mapping, Sequence
from typing import Any

type P = Any

BALANCE_WEIGHT = 40.0
"""A player at a table a quarter of a standard deviation off the room's average costs
as much as 2.5 repeat meetings: balance first, mixing second. Over five rounds of 16
players this keeps every table's average within about a fifth of the room's spread
(random seating: about the whole spread) with a quarter fewer repeat meetings than
random seating."""


def balanced_groups(
    seated: Sequence[P],
    sizes: Sequence[int],
    ratings: Mapping[P, float],
    met: Mapping[frozenset, int],
    rng: random.Random,
    *,
    steps: int | None = None,
) -> list[list[P]]:
    """Groups of ``sizes`` from ``seated`` whose average ratings are as even as can be."""
    order = list(seated)
    rng.shuffle(order)  # equal ratings: a seeded draw decides
    order.sort(key=lambda p: -ratings[p])
    groups = _snake(order, sizes)
    if len(groups) < 2:
        return groups
    spread = statistics.pstdev([ratings[p] for p in order]) or 1.0
    mean = statistics.fmean(ratings[p] for p in order)

    def cost(group: list[P]) -> float:
        off = (statistics.fmean(ratings[p] for p in group) - mean) / spread
        repeats = sum(met.get(frozenset(pair), 0) ** 2 for pair in itertools.combinations(group, 2))
        return BALANCE_WEIGHT * off * off * len(group) + repeats

    costs = [cost(g) for g in groups]
    for _ in range(steps if steps is not None else 60 * len(order)):
        a, b = rng.sample(range(len(groups)), 2)
        i, j = rng.randrange(len(groups[a])), rng.randrange(len(groups[b]))
        groups[a][i], groups[b][j] = groups[b][j], groups[a][i]
        new_a, new_b = cost(groups[a]), cost(groups[b])
        if new_a + new_b <= costs[a] + costs[b]:
            costs[a], costs[b] = new_a, new_b
        else:
            groups[a][i], groups[b][j] = groups[b][j], groups[a][i]
    return groups


def _snake(order: list[P], sizes: Sequence[int]) -> list[list[P]]:
    """Deal ``order`` to tables of ``sizes`` back and forth, skipping full tables."""
    groups: list[list[P]] = [[] for _ in sizes]
    forward = True
    players = iter(order)
    while any(len(g) < s for g, s in zip(groups, sizes, strict=True)):
        tables = range(len(sizes)) if forward else reversed(range(len(sizes)))
        for t in tables:
            if len(groups[t]) < sizes[t]:
                groups[t].append(next(players))
        forward = not forward
    return groups


def table_spread(groups: Sequence[Sequence[P]], ratings: Mapping[P, float]) -> float:
    """The gap between the strongest and weakest table's average rating."""
    means = [statistics.fmean(ratings[p] for p in g) for g in groups if g]
    return max(means) - min(means) if means else 0.0
