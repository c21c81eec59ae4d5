"""Whether a table's hands can all be dealt from its cards at once (RULES.md sections 1 and 2).

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

    @functools.cached_property
    def top(self) -> int | None:
        """The most cards allowed, or None if there is no most (asked often by the search)."""
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
        self._cheapest: dict[tuple[int, int], list[int]] = {}
        self._masks: dict[tuple[Counts, int, int], int] = {}
        self._options: dict[tuple[Counts, int, int, int], tuple[int, ...]] = {}
        self._fewest: dict[tuple[Counts, int, int, int], int | None] = {}
        self._high: dict[tuple[int, int, int | None], tuple[int, ...]] = {}
        self._low: dict[tuple[int, int, int], tuple[int, ...] | None] = {}

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

    def fewest_count(self, counts: Counts, g: int, points: int, used: int) -> int | None:
        """The fewest more cards an allowed hand worth `points` can take from groups g on.

        (Counted by value bounds only, so a lower bound; None if no count fits them.)
        """
        key = (counts, g, points, used)
        if key in self._fewest:
            return self._fewest[key]
        best, least = self.best[g], self.least[g]
        more = bisect.bisect_left(best, points)
        found = None
        while more < len(best):
            if least[more] > points:
                break
            if counts.allows(used + more):
                found = more
                break
            more += 1
        self._fewest[key] = found
        return found

    def high_needs(self, g: int, points: int, room: int | None) -> tuple[int, ...]:
        """For each split h after g, the fewest of groups g to h-1 (the higher cards) a hand
        of at most `room` more cards (None: any) worth `points` holds.

        It is the least x for which the best x higher and room - x lower cards reach the
        points; more higher cards never hurt, so x is found by bisection.
        """
        key = (g, points, room)
        needs = self._high.get(key)
        if needs is None:
            best_g, left_g = self.best[g], self.cards_left[g]
            found = []
            for h in range(g + 1, len(self.groups)):
                lower = self.cards_left[h]
                higher, best_h = left_g - lower, self.best[h]
                lo = 0
                hi = higher if room is None else min(room, higher)
                while lo < hi:
                    x = (lo + hi) // 2
                    rest = lower if room is None else min(room - x, lower)
                    if best_g[x] + best_h[rest] >= points:
                        hi = x
                    else:
                        lo = x + 1
                found.append(lo)
            needs = self._high[key] = tuple(found)
        return needs

    def low_needs(self, g: int, points: int, cards: int) -> tuple[int, ...] | None:
        """For each split h after g, the fewest of groups h on (the lower cards) a hand of
        `cards` more cards worth `points` holds (None: no hand of that many is cheap enough).

        It is the least y for which the cards - y cheapest higher and the y cheapest lower
        cards are worth no more than the points (a hand of more cards needs no fewer).
        """
        key = (g, points, cards)
        if key in self._low:
            return self._low[key]
        left_g = self.cards_left[g]
        found: list[int] | None = []
        for h in range(g + 1, len(self.groups)):
            lower = self.cards_left[h]
            higher = left_g - lower
            cheap_hi, cheap_lo = self.cheapest_between(g, h), self.least[h]
            lo, hi = max(0, cards - higher), min(cards, lower)
            if lo > hi or cheap_hi[cards - hi] + cheap_lo[hi] > points:
                found = None
                break
            while lo < hi:
                y = (lo + hi) // 2
                if cheap_hi[cards - y] + cheap_lo[y] <= points:
                    hi = y
                else:
                    lo = y + 1
            found.append(lo)
        needs = self._low[key] = None if found is None else tuple(found)
        return needs

    def counts_mask(self, counts: Counts, used: int, most: int) -> int:
        """A bit set of the numbers r (0 to `most`) of cards more a hand may take."""
        key = (counts, used, most)
        mask = self._masks.get(key)
        if mask is None:
            mask = 0
            for r in range(most + 1):
                if counts.allows(used + r):
                    mask |= 1 << r
            self._masks[key] = mask
        return mask

    def cheapest_between(self, g: int, h: int) -> list[int]:
        """What the j cheapest cards of groups g to h-1 are worth, for every j."""
        row = self._cheapest.get((g, h))
        if row is None:
            row, total = [0], 0
            for value, copies in reversed(self.groups[g:h]):
                for _ in range(copies):
                    total += value
                    row.append(total)
            self._cheapest[(g, h)] = row
        return row

    def options(self, counts: Counts, g: int, points: int, used: int, left: int) -> list[int]:
        """Every number of group g's copies (at most `left`) after which the player can finish."""
        key = (counts, g, points, used)
        every = self._options.get(key)
        if every is None:
            value = self.values[g]
            most = min(self.copies[g], points // value)
            top = counts.top
            if top is not None:
                most = min(most, top - used)
            memo = self._solo.setdefault(counts, {})
            every = self._options[key] = tuple(
                take
                for take in range(most, -1, -1)
                if self._alone(
                    counts, memo, g + 1, points - take * value, counts.canon(used + take)
                )
            )
        if every and every[0] > left:
            return [take for take in every if take <= left]
        return list(every)

    def lowest_hand(self, counts: Counts, points: int) -> list[int] | None:
        """A valid hand worth `points` taking, group by group from the top, the fewest copies
        it can: so of each group it holds at least the fewest any valid hand holds.

        (The fewest copies of group g over all valid hands is at most this hand's.)
        """
        if not self.alone(counts, 0, points, 0):
            return None
        hand, used = [], 0
        for g in range(len(self.groups)):
            take = min(self.options(counts, g, points, used, self.copies[g]), default=0)
            hand.append(take)
            points -= take * self.values[g]
            used += take
        return hand

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
        if self._one_by_one(hands, laid_down):
            return True
        search = _Search(self, counts, classes)
        state = tuple((p, 0) for p in points)
        # Three orders of trying shares, in turns with a growing budget of states: each finds
        # some tables at once and wanders on others. A search that runs out of budget is
        # left, but what it refuted stays refuted (a state is only refuted once all of it
        # was searched); the one search that finishes gives the exact answer.
        budget = 40
        while True:
            for order in (2, 0, 1):
                search.order, search.budget = order, budget
                try:
                    return search.boundary(0, state, laid_down)
                except _OutOfBudget:
                    pass
            budget *= 2

    def _one_by_one(self, hands: Sequence[tuple[int, Counts]], laid_down: int) -> bool:
        """Quick tries at a deal: the players one at a time (the highest score first, or
        the lowest), each taking the hand with the fewest of the best cards that the cards
        still left allow, or the most.

        Finding one is a proof (True); not finding one proves nothing (False), and the
        exact search decides.
        """
        for highest_first in (True, False):
            players = sorted(hands, key=lambda hand: hand[0], reverse=highest_first)
            for fewest_best in (True, False):
                left = list(self.copies)
                for points, counts in players:
                    steps = [0]
                    hand = self._fit(counts, 0, points, 0, left, steps, fewest_best)
                    if hand is None:
                        break
                    for g, take in enumerate(hand):
                        left[g] -= take
                else:
                    if sum(left) >= laid_down:
                        return True
        return False

    def _fit(
        self,
        counts: Counts,
        g: int,
        points: int,
        used: int,
        left: list[int],
        steps: list[int],
        fewest_best: bool,
    ) -> list[int] | None:
        if points == 0:
            return [0] * (len(self.groups) - g) if counts.allows(used) else None
        steps[0] += 1
        if steps[0] > _ONE_BY_ONE_STEPS:
            return None
        takes = self.options(counts, g, points, used, left[g])
        for take in reversed(takes) if fewest_best else takes:
            after = points - take * self.values[g]
            rest = self._fit(
                counts, g + 1, after, counts.canon(used + take), left, steps, fewest_best
            )
            if rest is not None:
                return [take, *rest]
        return None


_ONE_BY_ONE_STEPS = 50  # a player's hand, group by group


class _OutOfBudget(Exception):
    """One order of the search used up its states; the next one takes over."""


class _Search:
    def __init__(self, table: Table, counts: list[Counts], classes: list[tuple[int, int]]):
        self.t = table
        self.counts = counts
        self.classes = classes
        self.refuted: set = set()
        self.order = 0
        self.budget = 0

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
        self.budget -= 1
        if self.budget < 0:
            raise _OutOfBudget
        if (
            not self._enough_high_cards(g, state)
            or not self._enough_low_cards(g, state)
            or not self._counts_add_up(g, state, need, rest)
        ):
            self.refuted.add(key)
            return False
        if self._share(g, 0, t.copies[g], state, [], need):
            return True
        self.refuted.add(key)
        return False

    def _enough_high_cards(self, g: int, state: tuple) -> bool:
        """Each player needs some of the best cards; together no more than there are
        (Table.high_needs, for every split of the groups left into higher and lower)."""
        t = self.t
        needs = []
        for (p, u), c in zip(state, self.counts, strict=True):
            if p:
                top = c.top
                needs.append(t.high_needs(g, p, None if top is None else top - u))
        if len(needs) < 2:
            return True
        left_g = t.cards_left[g]
        lower = t.cards_left
        return all(
            sum(column) <= left_g - lower[h]
            for h, column in enumerate(zip(*needs, strict=True), start=g + 1)
        )

    def _enough_low_cards(self, g: int, state: tuple) -> bool:
        """The same from below: a hand that must hold many cards for few points needs
        some of the cheapest cards (twelve cards worth 12 are twelve 1s; Table.low_needs)."""
        t = self.t
        needs, cheap = [], []
        for (p, u), c in zip(state, self.counts, strict=True):
            if not p:
                continue
            k = t.fewest_count(c, g, p, u)
            if k is None:
                return False
            if k:
                need = t.low_needs(g, p, k)
                if need is None:
                    return False
                needs.append(need)
                cheap.append((p / k, p, k))
        if len(needs) < 2:
            return True
        # Together: the players with the fewest points a card hold at least their cards
        # summed, and that many cards are worth at least the cheapest that many.
        cheap.sort()
        least, points, cards = t.least[g], 0, 0
        for _ratio, p, k in cheap:
            points, cards = points + p, cards + k
            if cards >= len(least) or least[cards] > points:
                return False
        lower = t.cards_left
        return all(
            sum(column) <= lower[h]
            for h, column in enumerate(zip(*needs, strict=True), start=g + 1)
        )

    def _counts_add_up(self, g: int, state: tuple, need: int, rest: int) -> bool:
        """The cards left after the players' hands are one more "hand" (what the player
        out laid down, and the rest): its count is all the cards left less some sum of
        counts the players may still take, and k cards are worth between the least and
        the most k cards can be. (Three hands of an even count never leave an odd count.)
        """
        t = self.t
        left = t.cards_left[g]
        best, least = t.best[g], t.least[g]
        sums = 1
        for (p, u), c in zip(state, self.counts, strict=True):
            if not p:
                continue
            fewest = bisect.bisect_left(best, p)
            most = bisect.bisect_right(least, p) - 1
            if fewest > most:
                return False
            counts = t.counts_mask(c, u, left) >> fewest << fewest
            counts &= (2 << most) - 1
            grown = 0
            while counts:
                low = counts & -counts
                grown |= sums << (low.bit_length() - 1)
                counts ^= low
            sums = grown & ((2 << left) - 1)
            if not sums:
                return False
        while sums:
            low = sums & -sums
            rest_cards = left - (low.bit_length() - 1)
            if rest_cards >= need and least[rest_cards] <= rest <= best[rest_cards]:
                return True
            sums ^= low
        return False

    def _free(self, g: int, state: tuple, need: int) -> bool:
        """No remaining group can run short: each player finishing alone is enough."""
        t = self.t
        players = [
            (p, None if c.top is None else c.top - u)
            for (p, u), c in zip(state, self.counts, strict=True)
            if p
        ]
        for h in range(g, len(t.groups)):
            value, copies = t.values[h], t.copies[h]
            use = need
            for p, room in players:
                most = p // value
                use += most if room is None or most < room else room
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
        # Try first the most of the group this player can take, leaving the rest to the
        # others (order 0), or else about this player's share of the group. The order only
        # decides how soon a deal is found, never whether.
        shares = t.options(self.counts[i], g, p, u, left)
        if self.order:
            # The player's share of the points still to make, of all the cards left or
            # of what the players still need.
            whole = t.worth[g] if self.order == 1 else sum(q for q, _ in state)
            fair = t.copies[g] * p / whole
            shares.sort(key=lambda n: abs(n - fair))
        for n in shares:
            taken.append(n)
            ok = self._share(g, i + 1, left - n, state, taken, need)
            taken.pop()
            if ok:
                return True
        return False


@functools.cache
def _leftover(need: int) -> Counts:
    return Counts(0, floor=need, step=1)


@functools.lru_cache(maxsize=16)
def table_for(groups: Groups) -> Table:
    """The search helper for one inventory, kept across checks of the same event."""
    return Table(groups)
