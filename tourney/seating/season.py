"""What a season remembers for seating: who met whom on its recent nights.

The mix method is handed these weights as ``prior`` meetings (see
:func:`tourney.seating.plan_round`), so a club that plays week after week
gets fresh tables instead of the same foursomes.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from tourney.seating.core import Plan, meetings

RECENT_NIGHTS = 3
"""How many of the season's latest nights are remembered."""


def remembered(
    nights: Sequence[Sequence[Plan]], *, recent: int = RECENT_NIGHTS
) -> dict[frozenset, int]:
    """``{frozenset({a, b}): weight}`` from earlier nights' plans, the latest night last.

    A pair's weight is its meetings on each of the last ``recent`` nights,
    the latest counting ``recent`` times, the one before ``recent - 1`` times,
    and so on: pairs who met often count more, and so do pairs who met
    lately. The season rows of bench/seating.py chose it (clubs of 20+6 and
    34+8 people over six nights, seeds 1 and 2, against no memory). Plain
    meetings over the last 3 nights lowered the season's squared meetings
    most (34+8: 1932 against 2372) but barely thinned the pairs who shared a
    table on 3+ nights (521 against 563) or on two nights running (1086
    against 1378). Counting nights shared rather than meetings did less on
    every figure. These recency weights cut 3+ nights to 453 and two nights
    running to 852 (seed 2: 501 and 840 against 626 and 1607), still lowering
    the squared meetings (2066), and fresh faces week after week are what a
    regular notices. Remembering 4 nights thinned repeats a little more but
    gave back about half the squared-meetings gain; remembering the whole season
    made an early meeting weigh for ever.
    """
    last = list(nights)[-recent:] if recent > 0 else []
    weight: Counter[frozenset] = Counter()
    for age, plans in enumerate(reversed(last)):
        for pair, times in meetings(plans).items():
            weight[pair] += times * (recent - age)
    return dict(weight)
