"""A frozen copy of the one-inventory search as it was before it was made faster (issue 23).

Never imported by the app: test_deal_speed.py puts the same questions to this copy
and to scoring/rules/deal.py (and the old whole-inventory knapsack below to
Inventory.fewest_cards) and the answers must agree exactly. The original docstring:

Whether a table's hands can all be dealt from its cards at once (RULES.md sections 1 and 2).

The question, exactly: given the table's cards grouped by value (value, copies),
each non-out player's score and the card counts their hand may hold, and the
fewest cards the player who went out laid down, is there one way to give every
player a hand of an allowed size worth exactly their score, all from the same
cards, with at least that many cards still left for the player who went out?

Only values matter (two cards of equal value are interchangeable), so a hand is
how many cards it takes of each value group. The search walks the groups from
the highest value down, sharing each group's copies among the players; it is
exact and kept fast by:

- per player, an exact memoised "can this player alone still finish?" check, so
  every branch kept can be completed one player at a time;
- a shortcut: once no remaining group can run short (even if every player took
  as many of it as their remaining points and cards allow), the players no
  longer compete, and each one finishing alone is enough;
- memoising the states already refuted, with interchangeable players sorted.
"""

from __future__ import annotations

import bisect
import functools
from collections.abc import Sequence
from dataclasses import dataclass

Groups = tuple[tuple[int, int], ...]


@dataclass(frozen=True)
class Counts:
    """How many cards one hand may hold.

    `exact` is a bit set of allowed counts below `floor`; from `floor` up every
    `step`-th count is allowed (floor None: nothing above the bit set).
    """

    exact: int = 0
    floor: int | None = None
    step: int = 1

    @classmethod
    def of(cls, allowed: Sequence[int]) -> Counts:
        mask = 0
        for n in allowed:
            if n >= 0:
                mask |= 1 << n
        return cls(mask)

    def allows(self, n: int) -> bool:
        if self.floor is not None and n >= self.floor:
            return (n - self.floor) % self.step == 0
        return n >= 0 and bool(self.exact >> n & 1)

    @property
    def top(self) -> int | None:
        """The most cards allowed, or None if there is no most."""
        if self.floor is not None:
            return None
        return self.exact.bit_length() - 1

    def canon(self, used: int) -> int:
        """`used` cards so far, folded so that equal futures share one key."""
        if self.floor is not None and used >= self.floor:
            return self.floor + (used - self.floor) % self.step
        return used

    def smallest(self) -> int | None:
        low = (self.exact & -self.exact).bit_length() - 1 if self.exact else None
        if low is None:
            return self.floor
        return low

    def describe_sizes(self, limit: int = 200) -> list[int]:
        top = self.top if self.top is not None else limit
        return [n for n in range(top + 1) if self.allows(n)]


class Table:
    """One inventory (value, copies) from the highest value down, with what the search needs."""

    def __init__(self, groups: Groups) -> None:
        self.groups = groups
        self.values = [v for v, _ in groups]
        self.copies = [c for _, c in groups]
        n = len(groups)
        # Points any number of the suffix's cards can make (bit set), per suffix.
        reach = [0] * (n + 1)
        reach[n] = 1
        for g in range(n - 1, -1, -1):
            value, copies = groups[g]
            bits, bundle, left = reach[g + 1], 1, copies
            while left:
                size = min(bundle, left)
                bits |= bits << (size * value)
                left -= size
                bundle *= 2
            reach[g] = bits
        self.reach = reach
        # best[g][c]: the most c cards of the suffix are worth (c up to all of them).
        # least[g][c]: the least c cards of the suffix are worth.
        self.best: list[list[int]] = []
        self.least: list[list[int]] = []
        self.cards_left = [0] * (n + 1)
        self.worth = [sum(v * c for v, c in groups[g:]) for g in range(n + 1)]
        for g in range(n + 1):
            row, total = [0], 0
            for value, copies in sorted(groups[g:], reverse=True):
                for _ in range(copies):
                    total += value
                    row.append(total)
            self.best.append(row)
            low, total = [0], 0
            for value, copies in sorted(groups[g:]):
                for _ in range(copies):
                    total += value
                    low.append(total)
            self.least.append(low)
            self.cards_left[g] = len(row) - 1
        self._solo: dict[Counts, dict[tuple[int, int, int], bool]] = {}
        self._tables: dict[Counts, tuple[int, int, list[bytes]]] = {}

    # -- one player alone ------------------------------------------------------

    def alone(self, counts: Counts, g: int, points: int, used: int) -> bool:
        """Whether one player, `used` cards in hand so far, can finish with groups g onward."""
        memo = self._solo.setdefault(counts, {})
        return self._alone(counts, memo, g, points, counts.canon(used))

    def _alone(self, counts: Counts, memo: dict, g: int, points: int, used: int) -> bool:
        if points == 0:
            return counts.allows(used)
        if g >= len(self.groups) or not (self.reach[g] >> points) & 1:
            return False
        if counts.floor is not None and counts.floor <= 1 and counts.step == 1:
            return True  # any hand of one card or more: the points alone decide
        if counts.top is not None:
            return self._packed(counts, g, points, used)
        key = (g, points, used)
        known = memo.get(key)
        if known is not None:
            return known
        found = False
        best = self.best[g]
        fewest = bisect.bisect_left(best, points)  # a lower bound on the cards still needed
        top = counts.top
        if top is not None and not self._size_fits(counts, g, points, used, fewest):
            pass
        elif top is None or used + fewest <= top:
            value, copies = self.values[g], self.copies[g]
            most = min(copies, points // value)
            if top is not None:
                most = min(most, top - used)
            for take in range(most, -1, -1):
                if self._alone(
                    counts, memo, g + 1, points - take * value, counts.canon(used + take)
                ):
                    found = True
                    break
        memo[key] = found
        return found

    def _packed(self, counts: Counts, g: int, points: int, used: int) -> bool:
        """The exact check for a hand of at most `top` cards, from a bit table per suffix.

        Row p of suffix g is a bit set of the card counts whose hands from groups g
        onward are worth exactly p; the rows are packed into one integer, `width`
        bits each, so adding a bundle of copies is one shift for every row at once.
        """
        tables = self._tables.get(counts)
        if tables is None:
            tables = self._tables[counts] = self._build(counts)
        width, rows, buffers = tables
        if points >= rows:
            return False
        row = int.from_bytes(buffers[g][points * width : (points + 1) * width], "little")
        return bool((row << used) & counts.exact)

    def _build(self, counts: Counts) -> tuple[int, int, list[bytes]]:
        top = counts.top or 0
        width = (2 * (top + 1) + 7) // 8  # bytes a row: room for a bundle's overflow
        bits = width * 8
        rows = self.best[0][min(top, self.cards_left[0])] + 1
        keep = int.from_bytes(((1 << (top + 1)) - 1).to_bytes(width, "little") * rows, "little")
        table = 1
        buffers: list[bytes] = [b""] * (len(self.groups) + 1)
        size_bytes = width * rows
        buffers[-1] = table.to_bytes(size_bytes, "little")
        for g in range(len(self.groups) - 1, -1, -1):
            value, copies = self.groups[g]
            bundle, left = 1, min(copies, top)
            while left:
                size = min(bundle, left)
                table = (table | (table << (size * (value * bits + 1)))) & keep
                left -= size
                bundle *= 2
            buffers[g] = table.to_bytes(size_bytes, "little")
        return width, rows, buffers

    def _size_fits(self, counts: Counts, g: int, points: int, used: int, fewest: int) -> bool:
        """Some allowed hand size n leaves n - used cards that can be worth `points`."""
        best, least = self.best[g], self.least[g]
        room = len(best) - 1
        exact = counts.exact >> (used + fewest)
        more = fewest
        while exact and more <= room:
            if exact & 1 and least[more] <= points <= best[more]:
                return True
            exact >>= 1
            more += 1
        return False

    def options(self, counts: Counts, g: int, points: int, used: int, left: int) -> list[int]:
        """Every number of group g's copies (at most `left`) after which the player can finish."""
        value = self.values[g]
        most = min(left, points // value)
        top = counts.top
        if top is not None:
            most = min(most, top - used)
        memo = self._solo.setdefault(counts, {})
        return [
            take
            for take in range(most, -1, -1)
            if self._alone(counts, memo, g + 1, points - take * value, counts.canon(used + take))
        ]

    def least_copies(self, counts: Counts, points: int, g: int) -> int | None:
        """The fewest copies of group g a valid hand worth `points` holds (None: no hand)."""
        first = table_for((self.groups[g], *self.groups[:g], *self.groups[g + 1 :]))
        memo = first._solo.setdefault(counts, {})
        value = self.values[g]
        top = counts.top
        for take in range(0, min(self.copies[g], points // value) + 1):
            if top is not None and take > top:
                break
            if first._alone(counts, memo, 1, points - take * value, counts.canon(take)):
                return take
        return None

    # -- the whole table ---------------------------------------------------------

    def deal(self, hands: Sequence[tuple[int, Counts]], laid_down: int) -> bool:
        """Whether every (points, counts) hand and `laid_down` more cards fit at once."""
        if not hands:
            return laid_down <= self.cards_left[0]
        # Interchangeable players next to each other, so their states can be sorted.
        order = sorted(range(len(hands)), key=lambda i: (repr(hands[i][1]), hands[i][0]))
        counts = [hands[i][1] for i in order]
        points = [hands[i][0] for i in order]
        for c, p in zip(counts, points, strict=True):
            if not self.alone(c, 0, p, 0):
                return False
        classes: list[tuple[int, int]] = []
        start = 0
        for i in range(1, len(counts) + 1):
            if i == len(counts) or counts[i] != counts[start]:
                classes.append((start, i))
                start = i
        search = _Search(self, counts, classes)
        state = tuple((p, 0) for p in points)
        return search.boundary(0, state, laid_down)


class _Search:
    def __init__(self, table: Table, counts: list[Counts], classes: list[tuple[int, int]]):
        self.t = table
        self.counts = counts
        self.classes = classes
        self.refuted: set = set()

    def _key(self, g: int, state: tuple, need: int) -> tuple:
        if all(b - a == 1 for a, b in self.classes):
            return (g, state, need)
        parts = []
        for a, b in self.classes:
            parts.extend(sorted(state[a:b]))
        return (g, tuple(parts), need)

    def boundary(self, g: int, state: tuple, need: int) -> bool:
        t = self.t
        if all(p == 0 for p, _ in state):
            return need <= t.cards_left[g]
        if g >= len(t.groups):
            return False
        total = sum(p for p, _ in state)
        # Everyone's cards plus the laid-down ones must fit in what is left.
        spare = t.cards_left[g] - need
        if spare < 0 or total > t.best[g][spare]:
            return False
        # Together the hands hold at most the sum of their rooms, so at best that many cards.
        room = 0
        for (p, u), c in zip(state, self.counts, strict=True):
            top = c.top
            if top is None:
                room = spare
                break
            room += top - u if p else 0
        if room < spare and total > t.best[g][room]:
            return False
        # The hands together, and the cards left beside them, are each some of these cards.
        rest = t.worth[g] - total
        if not (t.reach[g] >> total) & 1 or rest < t.least[g][need]:
            return False
        # The cards nobody holds (among them what the player out laid down) are one more
        # "hand": exactly the rest of the points, with at least `need` cards.
        if not t.alone(_leftover(need), g, rest, 0):
            return False
        best = t.best[g]
        fewest = 0
        for p, _u in state:
            fewest += bisect.bisect_left(best, p)
        if fewest > spare:
            return False
        if self._free(g, state, need):
            return True
        key = self._key(g, state, need)
        if key in self.refuted:
            return False
        if self._share(g, 0, t.copies[g], state, [], need):
            return True
        self.refuted.add(key)
        return False

    def _free(self, g: int, state: tuple, need: int) -> bool:
        """No remaining group can run short: each player finishing alone is enough."""
        t = self.t
        for h in range(g, len(t.groups)):
            value, copies = t.values[h], t.copies[h]
            use = need
            for (p, u), c in zip(state, self.counts, strict=True):
                most = p // value
                top = c.top
                if top is not None:
                    most = min(most, top - u)
                use += most
                if use > copies:
                    return False
        return True

    def _share(self, g: int, i: int, left: int, state: tuple, taken: list, need: int) -> bool:
        t = self.t
        if i == len(state):
            value = t.values[g]
            out = min(need, left)
            nxt = tuple(
                (p - n * value, c.canon(u + n))
                for (p, u), n, c in zip(state, taken, self.counts, strict=True)
            )
            return self.boundary(g + 1, nxt, need - out)
        p, u = state[i]
        if p == 0:
            taken.append(0)
            ok = self._share(g, i + 1, left, state, taken, need)
            taken.pop()
            return ok
        # Try first about this player's share of the group (its share of the points still
        # to make): the order only decides how soon a deal is found, never whether.
        fair = t.copies[g] * p / t.worth[g]
        for n in sorted(t.options(self.counts[i], g, p, u, left), key=lambda n: abs(n - fair)):
            taken.append(n)
            ok = self._share(g, i + 1, left - n, state, taken, need)
            taken.pop()
            if ok:
                return True
        return False


@functools.cache
def _leftover(need: int) -> Counts:
    return Counts(0, floor=need, step=1)


@functools.lru_cache(maxsize=4)
def table_for(groups: Groups) -> Table:
    """The search helper for one inventory, kept across checks of the same event."""
    return Table(groups)


_NONE = 1 << 62


@functools.cache
def fewest_cards_table(groups: Groups) -> tuple[int, ...]:
    """The old Inventory.fewest_cards: the fewest cards making each total (bounded knapsack)."""
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


def fewest_cards(groups: Groups, points: int) -> int | None:
    total = sum(value * n for value, n in groups)
    if points < 0 or points > total:
        return None
    need = fewest_cards_table(groups)[points]
    return None if need >= _NONE else need
