"""The cards that exist: what one table's decks hold, and which hands they allow.

A game builds an `Inventory` for a table (how many copies of each card, and
what each is worth at this event); validation then asks it "could a hand of
at most n cards hold exactly this many points?" rather than trusting a
formula. Cards are keys such as 1 to 14, "rook" or "wild"; only their copies
and values matter here.
"""

import bisect
import functools
from collections.abc import Hashable, Mapping
from dataclasses import dataclass
from types import MappingProxyType

Card = Hashable

_NONE = 1 << 62  # "no hand makes this total": more cards than any table holds


@dataclass(frozen=True)
class Inventory:
    """Every card one table plays with: copies of each card and its value at this event."""

    copies: Mapping[Card, int]
    values: Mapping[Card, int]

    def __post_init__(self) -> None:
        if set(self.copies) != set(self.values):
            raise ValueError("every card in an inventory needs both its copies and its value")
        object.__setattr__(self, "copies", MappingProxyType(dict(self.copies)))
        object.__setattr__(self, "values", MappingProxyType(dict(self.values)))

    @property
    def cards(self) -> int:
        return sum(self.copies.values())

    @property
    def total(self) -> int:
        """What all the table's cards are worth together."""
        return sum(self.values[card] * n for card, n in self.copies.items())

    def by_value(self) -> tuple[tuple[int, int], ...]:
        """(value, copies) from the highest value down, cards of equal value together."""
        merged: dict[int, int] = {}
        for card, n in self.copies.items():
            if n:
                merged[self.values[card]] = merged.get(self.values[card], 0) + n
        return tuple(sorted(merged.items(), reverse=True))

    def best_hand(self, cards: int) -> tuple[tuple[int, int], ...]:
        """The most valuable hand of `cards` cards, as (value, how many) from the top."""
        left, hand = max(cards, 0), []
        for value, n in self.by_value():
            take = min(n, left)
            if take:
                hand.append((value, take))
            left -= take
        return tuple(hand)

    def most(self, cards: int) -> int:
        """The most a hand of at most `cards` cards can be worth."""
        return sum(value * n for value, n in self.best_hand(cards))

    def fewest_cards(self, points: int) -> int | None:
        """The fewest cards that add up to exactly `points`, or None if no hand does."""
        if points < 0 or points > self.total:
            return None
        return _Fewest.of(self.by_value()).cards(points)

    def can_hold(self, points: int, cards: int) -> bool:
        """Whether some hand of 1 to `cards` cards adds up to exactly `points`."""
        need = self.fewest_cards(points)
        return need is not None and 1 <= need <= cards


class _Fewest:
    """The fewest cards making one total, asked of one inventory a total at a time.

    A knapsack over every total up to the whole inventory costs tens of
    milliseconds with custom card values, and a refusal needs one total. The
    fewest is at least the count whose best cards first reach the total; from
    there each count k is tried with a memoised walk over the values from the top
    ("can exactly k cards make it?"), pruned by what k cards of the values left can
    be worth at least and at most. A walk that runs long falls back to the knapsack,
    so the answer is exact either way.
    """

    BUDGET = 20_000

    def __init__(self, groups: tuple[tuple[int, int], ...]) -> None:
        self.groups = groups
        n = len(groups)
        self.reach = 1
        for value, copies in groups:
            bundle, left = 1, copies
            while left:
                size = min(bundle, left)
                self.reach |= self.reach << (size * value)
                left -= size
                bundle *= 2
        # best[g][k] / least[g][k]: the most / least k cards of groups g onward are worth.
        self.best: list[list[int]] = []
        self.least: list[list[int]] = []
        for g in range(n + 1):
            cards = [value for value, copies in groups[g:] for _ in range(copies)]
            self.best.append(_running(cards))
            self.least.append(_running(reversed(cards)))
        self.known: dict[int, int | None] = {}

    @classmethod
    @functools.lru_cache(maxsize=16)
    def of(cls, groups: tuple[tuple[int, int], ...]) -> "_Fewest":
        return cls(groups)

    def cards(self, points: int) -> int | None:
        if points in self.known:
            return self.known[points]
        found = self._search(points) if (self.reach >> points) & 1 else None
        self.known[points] = found
        return found

    def _search(self, points: int) -> int | None:
        self.steps = 0
        k = bisect.bisect_left(self.best[0], points)
        try:
            while k < len(self.best[0]):
                if self._exact(0, points, k, {}):
                    return k
                k += 1
        except _TooLong:
            need = _fewest_cards_table(self.groups)[points]
            return None if need >= _NONE else need
        return None  # pragma: no cover - the reach bit set says some count makes it

    def _exact(self, g: int, points: int, k: int, memo: dict) -> bool:
        """Whether exactly k cards of groups g onward are worth exactly `points`."""
        if k == 0:
            return points == 0
        best = self.best[g]
        if k >= len(best) or not self.least[g][k] <= points <= best[k]:
            return False
        key = (g, points, k)
        known = memo.get(key)
        if known is not None:
            return known
        self.steps += 1
        if self.steps > self.BUDGET:
            raise _TooLong
        value, copies = self.groups[g]
        found = False
        for take in range(min(copies, k, points // value), -1, -1):
            if self._exact(g + 1, points - take * value, k - take, memo):
                found = True
                break
        memo[key] = found
        return found


class _TooLong(Exception):
    """The walk ran past its budget: the knapsack answers instead."""


def _running(values) -> list[int]:
    row, total = [0], 0
    for value in values:
        total += value
        row.append(total)
    return row


@functools.cache
def _fewest_cards_table(groups: tuple[tuple[int, int], ...]) -> tuple[int, ...]:
    """For every total up to the whole inventory, the fewest cards that make it.

    A bounded knapsack: each value's copies are split into bundles of 1, 2, 4 ...
    cards, so every number of copies from 0 to all of them is some choice of
    bundles and each bundle is taken at most once.
    """
    top = sum(value * n for value, n in groups)
    fewest = [0] + [_NONE] * top
    for value, copies in groups:
        bundle, left = 1, copies
        while left:
            size = min(bundle, left)
            weight = size * value
            if weight:
                shifted = [_NONE] * weight + [n + size for n in fewest[:-weight]]
                fewest = [min(a, b) for a, b in zip(fewest, shifted, strict=True)]
            left -= size
            bundle *= 2
    return tuple(fewest)


def number_text(number: int) -> str:
    """A whole number as a message can show it; absurdly long ones are only described.

    Python refuses to print an int of more than 4,300 digits, and nobody reads one.
    """
    if abs(number) < 10**15:
        return str(number)
    return f"a number about {int(number.bit_length() * 0.30103) + 1} digits long"
