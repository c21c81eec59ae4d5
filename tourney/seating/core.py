"""Who sits where: the vocabulary and the one-round planners. Plain Python, no Django.

A Toonerville night seats the whole room at many tables at once and moves
everyone after each round; a Rook Shanghai night can run the same way. The
host wants every player to meet as many others as possible, nobody stuck at
the odd-size table all night, a different dealer and different neighbours
each time, and (a hard rule) nobody in the same seat at the same table two
rounds running. Rounds are planned from whoever is actually present, so late
arrivals and leavers need nothing special: the history of earlier rounds is
only ever read for the players seated now. This module plans one round on its
own; ``night`` plans the rest of the night at once, and ``planner`` chooses.

Vocabulary (the games' own is in ``scoring.rules``): a *plan* seats the present
players at numbered tables; a table's players are listed in seat order,
dealer first, and play passes to the left, so the next player in the list
sits at the previous one's left. Two players *meet* when they share a table
in a round; a *repeat meeting* is any meeting of a pair after its first.

Everything is deterministic: the same players, history, settings and seed
give the same plan (the app derives the seed from the event, and the engine
adds the round and, for a night plan, who is present),
because a host who re-opens the seating page must see the chart they printed.
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter, deque
from collections.abc import Callable, Iterable, Mapping, Sequence, Set
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

__all__ = [
    "FALLBACKS",
    "METHODS",
    "Plan",
    "SeatingError",
    "meetings",
    "repeat_meetings",
    "table_sizes",
]

METHODS = ("mix", "standings", "random", "rating")
FALLBACKS = ("short_table", "sit_out")

# A player is any hashable, sortable value (the app passes entry ids, the
# preview command passes 0..N-1).
type P = Any


class SeatingError(Exception):
    """A seating the host can fix: the message is written for the host.

    ``fixes`` names the fixes the host can be offered for this very room, so a
    view can show buttons for exactly those: ``"short_table"`` (seat a table
    under the game's fewer-players rules, as in Rook Shanghai) and
    ``"sit_out"`` (one or more players sit this round out, rotating who).
    """

    def __init__(self, message: str, fixes: Iterable[str] = ()) -> None:
        super().__init__(message)
        self.message = message
        self.fixes: tuple[str, ...] = tuple(fixes)


@dataclass(frozen=True)
class Plan:
    """One round's seating.

    ``tables[i]`` is table ``i + 1``: its players in seat order, dealer first.
    Plans are values, so the app can rebuild the history of an event from its
    seats and hand it back to :func:`plan_round`.
    """

    tables: tuple[tuple[P, ...], ...]
    sitting_out: tuple[P, ...] = field(default=())

    def seated(self) -> list[P]:
        """Everyone at a table this round, table by table."""
        return [player for table in self.tables for player in table]

    def table_of(self, player: P) -> int | None:
        """The 1-based table number of ``player``, or None if not seated."""
        for number, table in enumerate(self.tables, start=1):
            if player in table:
                return number
        return None


# ---------------------------------------------------------------------------
# Table sizes


def _even_split(n: int, tables: int) -> list[int]:
    big, extra = divmod(n, tables)
    return [big + 1] * extra + [big] * (tables - extra)


def _regular_sizes(n: int, min_size: int, max_size: int, preferred: int) -> list[int] | None:
    """The even split whose average is nearest ``preferred``; None if none fits.

    Ties (possible, e.g. 12 players preferring 5: two tables of 6 or three of
    4) go to more, smaller tables: a smaller table plays a round faster, so
    the room finishes together.
    """
    splits = _even_splits(n, min_size, max_size, preferred)
    return splits[0] if splits else None


def _even_splits(n: int, min_size: int, max_size: int, preferred: int) -> list[list[int]]:
    """Every even split of ``n`` within the sizes, best first (:func:`_regular_sizes`'s
    is the first). The others serve a room whose seating rules the best one can't keep:
    9 Toonerville players, three kept apart, sit at three tables of 3, not a 5 and a 4."""
    if n <= 0:
        return []
    fitting = [t for t in range(1, n + 1) if t * min_size <= n <= t * max_size]
    fitting.sort(key=lambda t: (abs(Fraction(n, t) - preferred), -t))
    return [_even_split(n, t) for t in fitting]


def _short_sizes(
    n: int, min_size: int, max_size: int, preferred: int, short: int
) -> list[int] | None:
    """Regular tables plus the fewest short tables (of ``short`` players) that fit."""
    if short <= 0:
        return None
    for count in range(1, n // short + 1):
        rest = n - count * short
        if rest == 0:
            return [short] * count
        regular = _regular_sizes(rest, min_size, max_size, preferred)
        if regular is not None:
            return regular + [short] * count
    return None


def _sit_out_count(n: int, min_size: int, max_size: int, preferred: int) -> int | None:
    """The fewest players who must sit out for a regular split to fit."""
    for out in range(1, n):
        if _regular_sizes(n - out, min_size, max_size, preferred) is not None:
            return out
    return None


def _check_range(min_size: int, max_size: int, preferred: int) -> None:
    if not 1 <= min_size <= preferred <= max_size:
        raise ValueError(
            f"table sizes need 1 <= min_size <= preferred <= max_size, "
            f"got {min_size}, {preferred}, {max_size}"
        )


def _no_split_error(
    n: int, min_size: int, max_size: int, preferred: int, short_table_size: int | None
) -> SeatingError:
    fixes: list[str] = []
    offers: list[str] = []
    if (
        short_table_size is not None
        and _short_sizes(n, min_size, max_size, preferred, short_table_size) is not None
    ):
        fixes.append("short_table")
        offers.append(f"seat a table of {short_table_size} under the fewer-players rules")
    out = _sit_out_count(n, min_size, max_size, preferred)
    if out is not None:
        fixes.append("sit_out")
        offers.append(
            "let one player sit this round out" if out == 1 else f"let {out} players sit out"
        )
    people = "1 player" if n == 1 else f"{n} players"
    message = f"{people} cannot be split into tables of {min_size} to {max_size}."
    if offers:
        message += " You can " + " or ".join(offers) + "."
    else:
        message += f" Check in at least {min_size} players to start a round."
    return SeatingError(message, fixes)


def table_sizes(
    n: int,
    *,
    min_size: int,
    max_size: int,
    preferred: int,
    short_table_size: int | None = None,
) -> list[int]:
    """Split ``n`` players into tables, largest first.

    The number of tables is the one whose average table is nearest
    ``preferred`` (ties go to more, smaller tables); the players are then
    spread so no two tables differ by more than one. When no split fits the
    range (7 players at 4 to 6, or fewer than ``min_size``) a
    :class:`SeatingError` says so and lists the fixes that would work here:
    ``"short_table"`` only when the game has a short-table size
    (``short_table_size``), ``"sit_out"`` whenever fewer players would fit.
    """
    _check_range(min_size, max_size, preferred)
    sizes = _regular_sizes(n, min_size, max_size, preferred)
    if sizes is None:
        raise _no_split_error(n, min_size, max_size, preferred, short_table_size)
    return sizes


# ---------------------------------------------------------------------------
# History


def _pairs(table: Sequence[P]) -> Iterable[frozenset]:
    return (frozenset(pair) for pair in itertools.combinations(table, 2))


def meetings(history: Sequence[Plan]) -> dict[frozenset, int]:
    """How often each pair has shared a table: ``{frozenset({a, b}): times}``."""
    met: Counter[frozenset] = Counter()
    for plan in history:
        for table in plan.tables:
            met.update(_pairs(table))
    return dict(met)


def repeat_meetings(plan: Plan, history: Sequence[Plan]) -> int:
    """How many pairs in ``plan`` have met before.

    The host sees this while swapping or moving players by hand, so each
    change shows what it costs in people meeting again.
    """
    met = meetings(history)
    return sum(1 for table in plan.tables for pair in _pairs(table) if met.get(pair, 0) > 0)


@dataclass
class _History:
    """What the planner needs to know about earlier rounds."""

    met: dict[frozenset, int]
    seated: list[frozenset]
    deals: Counter[P]
    last_dealt: dict[P, int]
    left: Counter[tuple[P, P]]
    sizes: dict[P, Counter[int]]
    last_table: dict[P, int]
    last_seat: dict[P, int]

    @property
    def seated_count(self) -> Counter[P]:
        """How many rounds each player was seated."""
        return Counter(p for players in self.seated for p in players)

    @classmethod
    def read(cls, history: Sequence[Plan]) -> _History:
        deals: Counter[P] = Counter()
        last_dealt: dict[P, int] = {}
        left: Counter[tuple[P, P]] = Counter()
        sizes: dict[P, Counter[int]] = {}
        last_table: dict[P, int] = {}
        last_seat: dict[P, int] = {}
        for number, plan in enumerate(history):
            for table_number, table in enumerate(plan.tables):
                if not table:
                    continue
                deals[table[0]] += 1
                last_dealt[table[0]] = number
                for seat, player in enumerate(table):
                    left[(player, table[(seat + 1) % len(table)])] += 1
                    sizes.setdefault(player, Counter())[len(table)] += 1
                    if number == len(history) - 1:
                        last_table[player] = table_number
                        last_seat[player] = seat
        seated = [frozenset(plan.seated()) for plan in history]
        return cls(meetings(history), seated, deals, last_dealt, left, sizes, last_table, last_seat)

    def missed(self, player: P) -> tuple[int, int]:
        """Rounds ``player`` was not seated (sat out, or not yet arrived), and the last one."""
        rounds = [n for n, seated in enumerate(self.seated) if player not in seated]
        return len(rounds), rounds[-1] if rounds else -1


# ---------------------------------------------------------------------------
# Planning a round


def _choose_sitters(present: list[P], count: int, past: _History, rng: random.Random) -> list[P]:
    """Who sits out: those who have played most, then who missed a round longest ago.

    A round a player was not seated counts whether they sat out or had not
    arrived yet, so a late arrival is not the first to sit out; the app's
    history need not record who sat out. Remaining ties go to a seeded draw.
    """
    order = present[:]
    rng.shuffle(order)
    return sorted(sorted(order, key=past.missed)[:count])


def _chunk(players: Sequence[P], sizes: Sequence[int]) -> list[list[P]]:
    groups, start = [], 0
    for size in sizes:
        groups.append(list(players[start : start + size]))
        start += size
    return groups


def _random_groups(seated: list[P], sizes: list[int], rng: random.Random) -> list[list[P]]:
    order = seated[:]
    rng.shuffle(order)
    return _chunk(order, sizes)


def _standings_groups(
    seated: list[P], sizes: list[int], totals: Mapping[P, int], rng: random.Random
) -> list[list[P]]:
    """Lowest totals at table 1; equal totals are ordered by a seeded draw."""
    order = seated[:]
    rng.shuffle(order)
    order.sort(key=lambda p: totals[p])
    return _chunk(order, sizes)


# ---------------------------------------------------------------------------
# Table numbers and seats: the hard rule
#
# Everyone moves to another seat after each round: nobody sits at the same
# table number in the same seat two rounds running. Table numbers go to the new
# groups so that as few players as possible stay at the table they just left;
# the seat order then keeps whoever stays off their old seat. Every method
# (mix, standings, random, the whole-night plan) seats its groups through
# ``arrange``, so the rule is enforced here and nowhere else.

_STAY = 1000
"""Per player who would stay at the table they just left; dwarfs the layout cost below."""
_DEALER_STAYS = _STAY // 2
"""A group at the number where its chosen dealer just dealt: under one player staying put."""
_SHORT = 10**6
"""A short table anywhere but last."""
_PIN = 10**9
"""A pinned player's group at another number than their pin: never, if it can be helped."""


def arrange(
    groups: list[list[P]],
    past: _History,
    rng: random.Random,
    *,
    numbered: bool = False,
    pins: Mapping[P, int] | None = None,
    min_size: int = 0,
    dealers: Set[P] = frozenset(),
) -> tuple[tuple[P, ...], ...]:
    """Number the tables and order each one's seats, dealer first (one of ``dealers``
    where a table holds one, as :func:`share_deals` chose for the whole night).

    ``numbered`` groups keep their order (the standings method's head table is
    table 1); otherwise numbers go to the groups so the fewest players stay
    put, then to keep the largest tables first; a short table (under
    ``min_size``, seated under the fewer-players rules) always comes last. A
    group holding a player ``pins`` keeps at a (0-based) table number gets
    that number either way.
    """
    if numbered:
        groups = _pinned_in_order(groups, pins or {})
    else:
        groups = _number_tables(groups, past, rng, pins or {}, min_size, dealers)
    tables = []
    for number, group in enumerate(groups):
        forbidden = {p: past.last_seat[p] for p in group if past.last_table.get(p, -1) == number}
        tables.append(_seat_order(group, past, rng, forbidden, dealers))
    return tuple(tables)


def share_deals(
    groups: Sequence[Sequence[Sequence[P]]],
    history: Sequence[Plan],
    past: _History | None = None,
) -> list[set[P]]:
    """Who deals at each table of a night planned whole: one player a table, and the deals
    (those so far in ``history`` counted) as even as the tables allow.

    Table by table the deal would go to whoever at that table has dealt least; but a table
    of players who all dealt already then gives someone a second deal while another
    player, elsewhere, never deals (33 players, 4 rounds: a player dealt twice). Here the
    whole night is one assignment (a matching, grown by augmenting paths): first everyone
    is given the fewest deals anyone need have, as far as their tables allow; then the
    other tables their dealers, the most deals anyone has as few as seats a dealer at
    every table. A chain of changes never takes a deal from anyone, so the
    first step's deals stay. Each step raises the deals allowed to one more than the
    last, counting those in ``history``: a night planned again after a round whose
    dealer changed (the seat rule) gave a third deal to someone who had two while
    others had one (9 players, 8 rounds). Returns, for each round, the set of its
    dealers. ``past`` is ``history`` read already (:func:`even_deals` asks again and
    again)."""
    past = past if past is not None else _History.read(history)
    slots = [(r, tuple(g)) for r, tables in enumerate(groups) for g in tables if g]
    players = {p for _, g in slots for p in g}
    dealers: list[set[P]] = [set() for _ in groups]
    if not slots:
        return dealers
    level = (sum(past.deals[p] for p in players) + len(slots)) // len(players)
    dealt: dict[P, list[int]] = {p: [] for p in players}

    def spare(p: P) -> bool:
        """Whether ``p`` may take one more deal at the level allowed now."""
        return past.deals[p] + len(dealt[p]) < level

    chosen: list[P | None] = [None] * len(slots)
    last = dict(past.last_dealt)
    # First come, first served, round by round: whoever has dealt least, longest ago.
    for i, (r, group) in enumerate(slots):
        free = [p for p in group if spare(p)]
        if free:
            p = min(free, key=lambda q: (len(dealt[q]) + past.deals[q], last.get(q, -1)))
            chosen[i] = p
            dealt[p].append(i)
            last[p] = len(history) + r  # history's rounds come first, on one count

    def augment(i: int) -> bool:
        """Find slot ``i`` a dealer: a player at its table with a deal to spare, or one
        whose other slot passes in turn to another (a shortest such chain, breadth first)."""
        came: dict[P, tuple[int, P | None]] = {}  # player -> (slot they would take, from whom)
        queue = deque()
        for p in slots[i][1]:
            if p not in came:
                came[p] = (i, None)
                queue.append(p)
        while queue:
            p = queue.popleft()
            if spare(p):
                while True:  # p takes its slot; whoever held that slot takes theirs
                    slot, before = came[p]
                    if chosen[slot] is not None:
                        dealt[chosen[slot]].remove(slot)
                    chosen[slot] = p
                    dealt[p].append(slot)
                    if before is None:
                        return True
                    p = before
            for j in dealt[p]:
                for q in slots[j][1]:
                    if q not in came:
                        came[q] = (j, p)
                        queue.append(q)
        return False

    for i in range(len(slots)):
        if chosen[i] is None:
            augment(i)  # where it can't, the next step fills it
    for i in range(len(slots)):
        while chosen[i] is None and not augment(i):  # one more deal, as few times as can be
            level += 1
    for (r, _), p in zip(slots, chosen, strict=True):
        dealers[r].add(p)
    return dealers


def even_deals(
    groups: Sequence[Sequence[Sequence[P]]],
    history: Sequence[Plan],
    fixed: Set[P] = frozenset(),
    *,
    unfair: Callable[[Sequence[Sequence[Sequence[P]]]], int] | None = None,
    tries: int = 40,
) -> tuple[list[list[list[P]]], list[set[P]]]:
    """:func:`share_deals` for a night's ``groups``, with places traded where those groups
    leave a player two deals short of another seated as often.

    The deals a night planned again after someone arrived or left can share are those of
    its own rounds, and its tables may hold, in its last round, only players who dealt
    already while others seated as often never do (32 players over 5 rounds, one arriving
    before the last: one never dealt, eight twice). Then a player of the fewest deals
    trades places with someone at another table of the same size in the same round (so
    who sits at the odd tables, and when, stays), neither of them named in a seating
    rule (``fixed``), the trade that adds the fewest repeat meetings among those that make
    the deals more even; until none does. With ``unfair`` (how far the groups' share of
    the odd tables is from fair, after each round), a trade between tables of two sizes
    counts too where it leaves that no worse: 43 players over 8 rounds, one leaving before
    the last, whose one table of 3 held only players who had dealt twice. Returns the
    groups and each round's dealers."""
    groups = [[list(g) for g in tables] for tables in groups]
    past = _History.read(history)
    dealers = share_deals(groups, history, past)
    seated = Counter(past.seated_count)
    for tables in groups:
        seated.update(p for g in tables for p in g)

    def tally(dealers: list[set[P]]) -> Counter[P]:
        deals = Counter(past.deals)
        for chosen in dealers:
            deals.update(chosen)
        return deals

    def uneven(dealers: list[set[P]]) -> tuple[int, int]:
        deals = tally(dealers)
        classes: dict[int, list[int]] = {}
        for p, count in seated.items():
            classes.setdefault(count, []).append(deals[p])
        over = spread = 0
        for counts in classes.values():
            low, high = min(counts), max(counts)
            if high - low > 1:
                spread += high - low - 1
                over += sum(1 for c in counts if c in (low, high))
        return spread, over

    worst = uneven(dealers)
    # Each trade tried shares the night's deals out again: a few hundred at most, fewer
    # in a big room (where rounds already played often leave a spread no trade can mend).
    budget = min(400, max(40, 40_000 // max(1, len(seated))))
    for _ in range(len(groups) * 4):
        if worst[0] == 0 or budget <= 0:
            break
        deals = tally(dealers)
        low: dict[int, int] = {}
        high: dict[int, int] = {}
        for p, count in seated.items():
            low[count] = min(low.get(count, deals[p]), deals[p])
            high[count] = max(high.get(count, deals[p]), deals[p])
        # A trade brings one two deals short of someone seated as often to a table whose
        # dealer is not: someone who has dealt more (the one ahead may be gone home).
        short = {p for p in seated if deals[p] == low[seated[p]] <= high[seated[p]] - 2}

        met = Counter(past.met)
        for tables in groups:
            for g in tables:
                met.update(_pairs(g))
        trades = []
        for r, tables in enumerate(groups):
            dealer_at = [next((p for p in g if p in dealers[r]), None) for g in tables]
            takers = [t2 for t2, d in enumerate(dealer_at) if d is not None and d not in short]
            for t, g in enumerate(tables):
                for u in g:
                    if u in fixed or u in dealers[r] or u not in short:
                        continue
                    for t2 in takers:
                        other = tables[t2]
                        if t2 == t or (unfair is None and len(other) != len(g)):
                            continue
                        for x in other:
                            if x in fixed:
                                continue
                            gain = sum(met[frozenset((u, y))] for y in other if y != x)
                            gain += sum(met[frozenset((x, y))] for y in g if y != u)
                            loss = sum(met[frozenset((u, y))] - 1 for y in g if y != u)
                            loss += sum(met[frozenset((x, y))] - 1 for y in other if y != x)
                            trades.append((gain - loss, r, t, u, t2, x))
        trades.sort(key=lambda trade: trade[0])
        best = None
        fair_now = unfair(groups) if unfair is not None else 0
        for _, r, t, u, t2, x in trades[: min(tries, budget)]:
            budget -= 1
            tables = groups[r]
            a, b = tables[t].index(u), tables[t2].index(x)
            tables[t][a], tables[t2][b] = x, u
            if (
                len(tables[t]) != len(tables[t2])
                and unfair is not None
                and unfair(groups) > fair_now
            ):
                tables[t][a], tables[t2][b] = u, x
                continue
            tried = share_deals(groups, history, past)
            score = uneven(tried)
            tables[t][a], tables[t2][b] = u, x
            if score < worst and (best is None or score < best[0]):
                best = (score, r, t, a, t2, b, tried)
                if score[0] < worst[0]:
                    break
        if best is None:
            break
        worst, r, t, a, t2, b, dealers = best
        tables = groups[r]
        tables[t][a], tables[t2][b] = tables[t2][b], tables[t][a]
    return groups, dealers


type Slot = tuple[int, int]
"""A table of a night: its round and its number."""


def pass_deals_on(
    tables: Mapping[Slot, Sequence[P]], open_: Set[Slot], first: int
) -> dict[Slot, P]:
    """New dealers (seat 1) for some of the ``open_`` tables, so nobody has dealt twice
    more than anyone seated as often: the night's ``tables`` (seat order, dealer first)
    after the host changed seats by hand, where :func:`share_deals` had shared it out.

    Each change moves one deal from a player with the most to one seated as often with
    two fewer, along a chain of open tables in which each player between gives one of
    their deals for another (the augmenting paths of :func:`share_deals`); tables of
    rounds from ``first`` on first, earlier ones only where those can't. Nobody is given
    seat 1 at the number where they have it the round before or after (the seat rule).
    Returns the tables whose dealer changes, and to whom."""
    seated: Counter[P] = Counter()
    deals: Counter[P] = Counter()
    dealer: dict[Slot, P] = {}
    for slot, table in tables.items():
        seated.update(table)
        deals[table[0]] += 1
        dealer[slot] = table[0]
    slots = {slot for slot in open_ if len(tables[slot]) > 1}
    later = {slot for slot in slots if slot[0] >= first}

    def may_deal(player: P, slot: Slot) -> bool:
        number, table = slot
        return player not in (dealer.get((number - 1, table)), dealer.get((number + 1, table)))

    def chain(giver: P, usable: Set[Slot]) -> list[tuple[Slot, P]] | None:
        want = deals[giver] - 2
        mine: dict[P, list[Slot]] = {}
        for slot in usable:
            mine.setdefault(dealer[slot], []).append(slot)
        came: dict[P, tuple[P, Slot] | None] = {giver: None}
        queue = deque([giver])
        while queue:
            u = queue.popleft()
            for slot in sorted(mine.get(u, [])):
                for y in tables[slot]:
                    if y in came or not may_deal(y, slot):
                        continue
                    came[y] = (u, slot)
                    if seated[y] == seated[giver] and deals[y] <= want:
                        path, at = [], y
                        while came[at] is not None:
                            before, taken = came[at]
                            path.append((taken, at))
                            at = before
                        return path
                    queue.append(y)
        return None

    def one_step() -> bool:
        classes: dict[int, list[P]] = {}
        for player, count in seated.items():
            classes.setdefault(count, []).append(player)
        for members in classes.values():
            most = max(deals[p] for p in members)
            if most - min(deals[p] for p in members) < 2:
                continue
            for giver in sorted((p for p in members if deals[p] == most), key=str):
                path = chain(giver, later) or chain(giver, slots)
                if path is not None:
                    for slot, player in path:
                        dealer[slot] = player
                    deals[giver] -= 1
                    deals[path[0][1]] += 1  # the chain's end; those between give one, take one
                    return True
        return False

    for _ in range(len(slots) * 4):  # each step lowers the sum of squares: this is plenty
        if not one_step():
            break
    return {slot: dealer[slot] for slot in slots if dealer[slot] != tables[slot][0]}


def _pinned_in_order(groups: list[list[P]], pins: Mapping[P, int]) -> list[list[P]]:
    """Pinned groups at their numbers, the others in their order around them."""
    at = {next((pins[p] for p in g if p in pins), None): g for g in groups}
    at.pop(None, None)
    if not at:
        return groups
    rest = iter(g for g in groups if all(p not in pins for p in g))
    return [at[t] if t in at else next(rest) for t in range(len(groups))]


def _number_tables(
    groups: list[list[P]],
    past: _History,
    rng: random.Random,
    pins: Mapping[P, int],
    min_size: int = 0,
    dealers: Set[P] = frozenset(),
) -> list[list[P]]:
    """Give each group a table number: its pin, fewest players staying put, then largest
    first; and where nothing else differs, not the number at which the group's chosen
    dealer dealt last round (seat 1 again there would break the seat rule)."""
    groups = [g[:] for g in groups]
    rng.shuffle(groups)
    layout = sorted((len(g) for g in groups), reverse=True)
    cost = []
    for group in groups:
        stay = Counter(past.last_table.get(p, -1) for p in group)
        pin = next((pins[p] for p in group if p in pins), None)
        dealt_at = {
            past.last_table[p] for p in group if p in dealers and past.last_seat.get(p) == 0
        }
        cost.append(
            [
                _STAY * stay[t]
                + (_DEALER_STAYS if t in dealt_at else 0)
                + (len(group) != size) * (_SHORT if min(size, len(group)) < min_size else 1)
                + (_PIN if pin not in (None, t) else 0)
                for t, size in enumerate(layout)
            ]
        )
    number = assign(cost)
    numbered: list[list[P]] = [[] for _ in groups]
    for g, t in enumerate(number):
        numbered[t] = groups[g]
    return numbered


def assign(cost: list[list[int]]) -> list[int]:
    """The cheapest assignment of rows to columns of a square matrix (Hungarian method).

    Returns ``column[row]``. O(n^3) at worst, far less when most costs are
    equal, as they are for table numbers (most groups can take most numbers).
    """
    n = len(cost)
    quick = _at_row_minima(cost)
    if quick is not None:
        return quick
    inf = float("inf")
    u = [0] * (n + 1)
    v = [0] * (n + 1)
    match = [0] * (n + 1)  # match[column] = row, 1-based; 0 is free
    way = [0] * (n + 1)
    for row in range(1, n + 1):
        match[0] = row
        col0 = 0
        minv = [inf] * (n + 1)
        used = [False] * (n + 1)
        while True:
            used[col0] = True
            r = match[col0]
            delta = inf
            col1 = 0
            cr = cost[r - 1]
            ur = u[r]
            for col in range(1, n + 1):
                if not used[col]:
                    cur = cr[col - 1] - ur - v[col]
                    if cur < minv[col]:
                        minv[col] = cur
                        way[col] = col0
                    if minv[col] < delta:
                        delta = minv[col]
                        col1 = col
            for col in range(n + 1):
                if used[col]:
                    u[match[col]] += delta
                    v[col] -= delta
                else:
                    minv[col] -= delta
            col0 = col1
            if match[col0] == 0:
                break
        while col0:
            col1 = way[col0]
            match[col0] = match[col1]
            col0 = col1
    column = [0] * n
    for col in range(1, n + 1):
        column[match[col] - 1] = col - 1
    return column


def _at_row_minima(cost: list[list[int]]) -> list[int] | None:
    """An assignment giving every row its own cheapest cost, if a first-come pass finds one.

    No assignment costs less than the sum of the row minima, so one that reaches it is
    optimal. Table numbers nearly always have one (most groups can take most numbers),
    and this pass is O(n^2) where the Hungarian method can take O(n^3): a 500-player
    room's 125 tables were a tenth of a second a round.
    """
    best = [[c for c, x in enumerate(row) if x == low] for row in cost for low in [min(row)]]
    taken = [False] * len(cost)
    column = [0] * len(cost)
    for r in sorted(range(len(cost)), key=lambda r: len(best[r])):  # the pinned first
        col = next((c for c in best[r] if not taken[c]), None)
        if col is None:
            return None
        taken[col] = True
        column[r] = col
    return column


def _seat_order(
    group: list[P],
    past: _History,
    rng: random.Random,
    forbidden: Mapping[P, int],
    chosen: Set[P] = frozenset(),
) -> tuple[P, ...]:
    """Dealer first (one of ``chosen``, else who has dealt least, longest ago), then new
    left neighbours.

    ``forbidden`` maps a player who stays at this table to the seat they just
    had, which they may not take again. Some dealer can always be seated: at
    most one player is kept off seat 0, and the rest can always be deranged.
    """
    order = group[:]
    rng.shuffle(order)
    dealers = sorted(
        (p for p in order if forbidden.get(p) != 0),
        key=lambda p: (p not in chosen, past.deals[p], past.last_dealt.get(p, -1)),
    )

    def cost(seats: tuple[P, ...]) -> tuple[int, int]:
        directed = undirected = 0
        for i, player in enumerate(seats):
            nxt = seats[(i + 1) % len(seats)]
            directed += past.left[(player, nxt)]
            undirected += past.left[(nxt, player)]
        return directed, undirected

    def allowed(seats: tuple[P, ...]) -> bool:
        return all(forbidden.get(p, -1) != i for i, p in enumerate(seats))

    for dealer in dealers:
        rest = [p for p in order if p != dealer]
        if len(rest) > 7:  # 8! orders is too many to try; shuffle until allowed
            for _ in range(1000):
                seats = (dealer, *rest)
                if allowed(seats):
                    return seats
                rng.shuffle(rest)
            continue
        seatings = [
            s for s in ((dealer, *perm) for perm in itertools.permutations(rest)) if allowed(s)
        ]
        if seatings:
            return min(seatings, key=cost)
    return tuple(order)  # a table of one that stays put: nothing else is possible


# ---------------------------------------------------------------------------
# The mix optimiser
#
# Players become indices 0..n-1 and every pair gets an integer weight: what it
# costs to seat that pair together this round. A round's cost is the sum of
# the weights of the pairs it seats, plus each player's cost for the size of
# table they get. The search swaps two players at different tables, which
# keeps the table sizes, so a swap's price is a handful of lookups.

_REPEAT = 1000
"""The unit of cost: seating a pair that has met m times costs m*m units, as the host
asked, so repeats spread thin (nine pairs meeting twice rather than three meeting
three times)."""
_COVERING_REPEAT = 5.0
"""Extra units per repeat when covering (see below): at the end of a small night, seat
the last pairs who never met even if that means a third meeting elsewhere, so that
everyone meets everyone."""
_SIZE = 120
"""Per earlier round a player spent at a table of this size: rotates the odd tables."""
_SIZE_SLACK = 2
_SIZE_CAP = 25000
"""A player who has had a table size this many times more than anyone else present
pays this much more to get it again."""
_COVER = 4
"""Per still-unmet partner of either player: seat the players with most to meet first."""
_SCARCE = 100
"""At most, for a new pair with no unmet partner in common: such pairs are hard to seat
later (no table of mutual strangers can hold them), so they are seated while they can be."""
_ITERATIONS = (4000, 600, 100)
"""Annealing steps per round: a fixed part plus some per player, for at most so many
players. Never a clock, so the same inputs always give the same plan."""
_ITERATIONS_LARGE = 400
"""Steps per player from _DIRECT players on, where repeats are rare: a round of 200
stays well inside 200 ms."""
_TEMPERATURE = (300.0, 5.0)
_FOCUS = 0.5
"""Share of annealing steps that move a player who meets someone again."""
_TABU_STEPS = 3000
_TABU_PATIENCE = (250, 100)
"""Tabu steps without a better round before the polish gives up: past that it is
circling, and each step costs a scan of the conflicted players against everyone. The
second from _TABU_BIG players on, where a scan costs more: a round within 200 ms (from
46 on, a round of 41 took 213 ms at 250; from 26 on, the slowest round of 26-45 players
over 11 rounds at two seeds is 153 ms and their repeats 1,499 against 1,487)."""
_TABU_BIG = 26
_TABU_TENURE = (3, 12)
_TABU_WHEN = 6
"""Polish with tabu search when the annealed round is this close to the round's floor."""
_DIRECT = 46
"""From this many players on, annealing prices swaps table by table (see _anneal_large).
Was 80: keeping every player's gains up to date cost a 60-player round 250 ms."""


@dataclass
class _Problem:
    """One round to seat, in indices: what each pair and each table size costs."""

    weight: list[list[int]]
    met: list[list[int]]
    unmet: list[int]
    size_cost: list[list[int]]
    size_index: list[int]
    sizes: list[int]
    covering: bool
    start: list[int] | None = None
    """Each player's table to start from (the hard rules hold there), or the sizes in order."""
    guard: _Guard | None = None


@dataclass
class _Guard:
    """The hard rules a swap must keep (see ``fair``): in indices, for one round.

    ``locked`` players (in a group that sits together) never move; ``apart``
    lists whom each player may not join; a swap between an ``odd`` and an
    ordinary table must stay inside ``slack`` (round ``round`` of it).
    """

    locked: list[bool]
    apart: list[tuple[int, ...]]
    odd: list[bool]
    slack: Any
    round: int = 0

    def blocks(self, pos: list[int], p: int, q: int, a: int, b: int) -> bool:
        """Whether moving p to table b and q to table a breaks a rule."""
        if self.locked[p] or self.locked[q]:
            return True
        for x in self.apart[p]:
            if x != q and pos[x] == b:
                return True
        for x in self.apart[q]:
            if x != p and pos[x] == a:
                return True
        odd = self.odd
        if odd[a] != odd[b]:
            leaves, joins = (p, q) if odd[a] else (q, p)
            return not self.slack.allows(self.round, leaves, joins)
        return False

    def moved(self, p: int, q: int, a: int, b: int) -> None:
        if self.odd[a] != self.odd[b]:
            leaves, joins = (p, q) if self.odd[a] else (q, p)
            self.slack.moved(self.round, leaves, joins)

    def begin(self, pos: list[int]) -> None:
        """The search starts at ``pos``: the slack as it is now belongs to it."""
        self._start = pos[:]
        self._base = self.slack.copy()

    def reset(self, pos: list[int]) -> None:
        """The search goes on from ``pos`` (its best so far): bring the slack in line."""
        self.slack = self._base.copy()
        odd = self.odd
        for p, (t, was) in enumerate(zip(pos, self._start, strict=True)):
            if odd[t] != odd[was]:
                self.slack.shift(self.round, p, 1 if odd[t] else -1)


def _mix_groups(
    seated: list[P],
    sizes: list[int],
    preferred: int,
    past: _History,
    rng: random.Random,
    effort: float,
    prior: Mapping[frozenset, int] | None = None,
    start: list[list[P]] | None = None,
    guard: Callable[[Mapping[P, int]], _Guard] | None = None,
) -> list[list[P]]:
    """Group players so that few pairs meet again, least-met pairs first.

    ``prior`` (meetings on earlier nights) counts as having met, on top of tonight's.
    ``start`` (groups in the order of ``sizes``) keeps the hard rules, and
    ``guard``, given the players' indices, says what the search must keep.
    """
    if len(sizes) == 1:
        return [seated[:]]
    order = seated[:]
    rng.shuffle(order)
    problem, floor = _mix_problem(order, sizes, preferred, past, prior)
    if start is not None:
        index = {player: i for i, player in enumerate(order)}
        problem.start = [0] * len(order)
        for t, group in enumerate(start):
            for player in group:
                problem.start[index[player]] = t
        problem.guard = guard(index) if guard else None
    pos = _solve(problem, floor, rng, effort)
    groups: list[list[P]] = [[] for _ in sizes]
    for i, table in enumerate(pos):
        groups[table].append(order[i])
    return groups


def _mix_problem(
    order: list[P],
    sizes: list[int],
    preferred: int,
    past: _History,
    prior: Mapping[frozenset, int] | None,
) -> tuple[_Problem, int]:
    """The round as a problem in indices (players numbered as in ``order``), and its floor."""
    index = {player: i for i, player in enumerate(order)}
    met = _met_matrix(past.met, index)
    _add_prior(met, index, prior)
    strangers = _strangers(met)
    unmet = [bits.bit_count() for bits in strangers]

    # Near the end of a small night every player has met almost everyone, and
    # what is left is to seat the last unmet pairs ("covering"); otherwise the
    # round is about breaking up the pairs that would meet again.
    pairs = sum(s * (s - 1) // 2 for s in sizes)
    unmet_pairs = sum(unmet) // 2
    covering = 0 < unmet_pairs <= pairs
    weight = _pair_weights(met, strangers, unmet, covering)
    size_cost, size_index = _size_costs(order, sizes, preferred, past, covering)

    # The fewest repeats this round can have: every unmet pair seated, and
    # nobody meets fewer strangers than they have.
    short = min(sizes) - 1
    floor = max(pairs - unmet_pairs, sum(max(0, short - u) for u in unmet) // 2)
    return _Problem(weight, met, unmet, size_cost, size_index, sizes, covering), floor


def _met_matrix(met: Mapping[frozenset, int], index: Mapping[P, int]) -> list[list[int]]:
    """``met`` (meetings by pair) as a matrix over the players ``index`` numbers; others dropped."""
    n = len(index)
    matrix = [[0] * n for _ in range(n)]
    for pair, m in met.items():
        a, b = pair
        i = index.get(a)
        j = index.get(b)
        if i is not None and j is not None:
            matrix[i][j] = matrix[j][i] = m
    return matrix


def _strangers(met: list[list[int]]) -> list[int]:
    """Bit j of ``strangers[i]`` is set when i and j have never met."""
    n = len(met)
    strangers = []
    for i in range(n):
        bits = ((1 << n) - 1) & ~(1 << i)
        for j, m in enumerate(met[i]):
            if m:
                bits &= ~(1 << j)
        strangers.append(bits)
    return strangers


def _pair_weights(
    met: list[list[int]], strangers: list[int], unmet: list[int], covering: bool
) -> list[list[int]]:
    """What seating each pair together costs: m squared for a pair that met, less than
    nothing for strangers, the most for those with unmet partners and few in common."""
    n = len(met)
    extra = _COVERING_REPEAT if covering else 0.0
    weight = [[0] * n for _ in range(n)]
    common: dict[tuple[int, int], int] = {}
    for i in range(n):
        row = met[i]
        for j in range(i + 1, n):
            m = row[j]
            if m:
                weight[i][j] = weight[j][i] = int(_REPEAT * (m * m + extra))
            else:
                common[i, j] = (strangers[i] & strangers[j]).bit_count()
    most_common = max(common.values(), default=0) or 1
    for (i, j), c in common.items():
        scarce = _SCARCE * (most_common - c) // most_common
        weight[i][j] = weight[j][i] = -scarce - _COVER * (unmet[i] + unmet[j])
    return weight


def _size_costs(
    order: list[P], sizes: list[int], preferred: int, past: _History, covering: bool
) -> tuple[list[list[int]], list[int]]:
    """Each player's cost for each distinct table size, and each table's size as an index.

    Rotate who plays at an odd size (not the preferred one; if no table has
    that, not the size most players get): a little for every earlier round
    at a size, a lot for having had an odd size _SIZE_SLACK more times than
    someone present. Covering rounds leave it to the small cost, since who
    gets the bigger table decides whether the last strangers can meet.
    """
    distinct = sorted(set(sizes))
    had = [[past.sizes.get(player, Counter())[s] for s in distinct] for player in order]
    fewest = [min(row[k] for row in had) for k in range(len(distinct))]
    seats = Counter(sizes)
    usual = preferred if preferred in seats else max(distinct, key=lambda s: (s * seats[s], s))
    capped = [s != usual and not covering for s in distinct]
    size_cost = [
        [
            _SIZE * row[k] + (_SIZE_CAP if capped[k] and row[k] - fewest[k] >= _SIZE_SLACK else 0)
            for k in range(len(distinct))
        ]
        for row in had
    ]
    return size_cost, [distinct.index(s) for s in sizes]


def _solve(problem: _Problem, floor: int, rng: random.Random, effort: float) -> list[int]:
    """Each player's table: annealed, then polished by tabu search when close to ``floor``.

    Past about 100 players a round without repeats is easy to find, and the
    annealing's steps are capped so the room is seated in a fraction of a second.
    """
    n = len(problem.weight)
    per_player = _ITERATIONS[1] if n < _DIRECT else _ITERATIONS_LARGE
    iterations = int(effort * (_ITERATIONS[0] + per_player * min(n, _ITERATIONS[2])))
    anneal = _anneal if n < _DIRECT else _anneal_large
    if problem.guard is not None:
        problem.guard.begin(problem.start or _start(problem.sizes))
    pos = anneal(problem, rng, iterations)
    if problem.guard is not None:
        problem.guard.reset(pos)
    excess = _repeats(problem, pos) - floor
    if 0 < excess <= _TABU_WHEN:
        pos = _tabu(problem, pos, rng)
    return pos


def _add_prior(
    met: list[list[int]], index: Mapping[P, int], prior: Mapping[frozenset, int] | None
) -> None:
    """Add earlier nights' meetings to ``met`` (players as ``index`` numbers them)."""
    for pair, weight in (prior or {}).items():
        a, b = pair
        i = index.get(a)
        j = index.get(b)
        if i is not None and j is not None and weight > 0:
            met[i][j] += weight
            met[j][i] += weight


def _repeats(problem: _Problem, pos: list[int]) -> int:
    met = problem.met
    n = len(pos)
    return sum(1 for p in range(n) for q in range(p + 1, n) if pos[p] == pos[q] and met[p][q])


def _start(sizes: list[int]) -> list[int]:
    return [t for t, size in enumerate(sizes) for _ in range(size)]


def _gains(weight: list[list[int]], pos: list[int], tables: int) -> list[list[int]]:
    """``gain[p][t]``: the sum of p's weights to everyone at table t."""
    gain = []
    for row in weight:
        g = [0] * tables
        for q, w in enumerate(row):
            g[pos[q]] += w
        gain.append(g)
    return gain


def _cost(
    gain: list[list[int]], size_cost: list[list[int]], size_index: list[int], pos: list[int]
) -> int:
    total = sum(gain[p][t] for p, t in enumerate(pos)) // 2
    return total + sum(size_cost[p][size_index[t]] for p, t in enumerate(pos))


def _conflicted(problem: _Problem, pos: list[int]) -> list[int]:
    """The players a swap should move: in a repeat, or (covering) apart from a stranger.

    In player order. Read table by table (a round's annealing asks every n steps, and
    this was half of a 60-player round's time).
    """
    members: list[list[int]] = [[] for _ in range(max(pos) + 1)]
    for p, t in enumerate(pos):
        members[t].append(p)
    met = problem.met
    found = []
    if problem.covering:
        unmet = problem.unmet
        for table in members:
            for p in table:
                row = met[p]
                if sum(1 for q in table if q != p and not row[q]) < unmet[p]:
                    found.append(p)
    else:
        for table in members:
            for p in table:
                row = met[p]
                for q in table:
                    if row[q]:
                        found.append(p)
                        break
    found.sort()
    return found


def _swap(pos: list[int], weight, gain, p: int, q: int, a: int, b: int) -> None:
    """Move p to table b and q to table a, keeping each player's per-table gains current."""
    pos[p] = b
    pos[q] = a
    wp = weight[p]
    wq = weight[q]
    for x, (dq, dp) in enumerate(zip(wq, wp, strict=True)):
        d = dq - dp
        if d:
            gx = gain[x]
            gx[a] += d
            gx[b] -= d


def _cooling(iterations: int) -> tuple[float, float]:
    """The starting temperature, and the factor that cools it to the final one in ``iterations``."""
    temp, final = _TEMPERATURE
    return temp, (final / temp) ** (1.0 / max(1, iterations))


def _flat(row: list[int], p: int) -> int | None:
    """The weight p has with everyone else when it is the same for all, else None."""
    others = {w for q, w in enumerate(row) if q != p}
    return others.pop() if len(others) == 1 else None


def _anneal(problem: _Problem, rng: random.Random, iterations: int) -> list[int]:
    """Simulated annealing over swaps of two players at different tables.

    With ``gain`` a swap is priced in constant time and only an accepted swap
    costs O(n). Half the steps move a conflicted player, refreshed every n
    steps, because late in a night only a few players are the problem.
    """
    weight = problem.weight
    size_cost = problem.size_cost
    size_index = problem.size_index
    sizes = problem.sizes
    n = len(weight)
    pos = problem.start[:] if problem.start else _start(sizes)
    guard = problem.guard
    gain = _gains(weight, pos, len(sizes))
    flat = [_flat(row, p) for p, row in enumerate(weight)]
    cost = best_cost = _cost(gain, size_cost, size_index, pos)
    best = pos[:]
    temp, cool = _cooling(iterations)
    random_ = rng.random
    exp = math.exp
    refresh = max(n, 50)
    conflicted: list[int] = []
    for step in range(iterations):
        if step % refresh == 0:
            conflicted = _conflicted(problem, pos)
        temp *= cool
        if conflicted and random_() < _FOCUS:
            p = conflicted[int(random_() * len(conflicted))]
        else:
            p = int(random_() * n)
        q = int(random_() * n)
        a = pos[p]
        b = pos[q]
        if a == b:
            continue
        gp = gain[p]
        gq = gain[q]
        delta = gq[a] - gp[a] + gp[b] - gq[b] - 2 * weight[p][q]
        sa = size_index[a]
        sb = size_index[b]
        if sa != sb:
            cp = size_cost[p]
            cq = size_cost[q]
            delta += cp[sb] + cq[sa] - cp[sa] - cq[sb]
        if delta > 0 and random_() >= exp(-delta / temp):
            continue
        if guard is not None:
            if guard.blocks(pos, p, q, a, b):
                continue
            guard.moved(p, q, a, b)
        c = flat[p]
        if c is not None and c == flat[q]:
            # Both weigh the same with everyone (a first round): only their own gains move.
            pos[p] = b
            pos[q] = a
            gp[a] += c
            gp[b] -= c
            gq[a] -= c
            gq[b] += c
        else:
            _swap(pos, weight, gain, p, q, a, b)
        cost += delta
        if cost < best_cost:
            best_cost = cost
            best = pos[:]
    return best


def _seated_at(pos: list[int], tables: int) -> tuple[list[list[int]], list[int]]:
    """Who sits at each table, and each player's place in that list."""
    members: list[list[int]] = [[] for _ in range(tables)]
    slot = [0] * len(pos)
    for p, t in enumerate(pos):
        slot[p] = len(members[t])
        members[t].append(p)
    return members, slot


def _anneal_large(problem: _Problem, rng: random.Random, iterations: int) -> list[int]:
    """The same annealing for big rooms, pricing a swap from the two tables' members.

    Keeping ``gain`` up to date costs O(n) per accepted swap, too slow for
    200 players; summing over two small tables costs a few lookups instead.
    Big rooms rarely need repeats, so the focus on conflicted players is left out.
    """
    weight = problem.weight
    size_cost = problem.size_cost
    size_index = problem.size_index
    sizes = problem.sizes
    n = len(weight)
    pos = problem.start[:] if problem.start else _start(sizes)
    guard = problem.guard
    members, slot = _seated_at(pos, len(sizes))
    cost = best_cost = 0
    best = pos[:]
    temp, cool = _cooling(iterations)
    random_ = rng.random
    exp = math.exp
    for _ in range(iterations):
        temp *= cool
        p = int(random_() * n)
        q = int(random_() * n)
        a = pos[p]
        b = pos[q]
        if a == b:
            continue
        wp = weight[p]
        wq = weight[q]
        ma = members[a]
        mb = members[b]
        delta = -2 * wp[q]
        for x in ma:
            delta += wq[x] - wp[x]
        for x in mb:
            delta += wp[x] - wq[x]
        sa = size_index[a]
        sb = size_index[b]
        if sa != sb:
            cp = size_cost[p]
            cq = size_cost[q]
            delta += cp[sb] + cq[sa] - cp[sa] - cq[sb]
        if delta > 0 and random_() >= exp(-delta / temp):
            continue
        if guard is not None:
            if guard.blocks(pos, p, q, a, b):
                continue
            guard.moved(p, q, a, b)
        sp = slot[p]
        sq = slot[q]
        ma[sp] = q
        mb[sq] = p
        pos[p] = b
        pos[q] = a
        slot[p] = sq
        slot[q] = sp
        cost += delta
        if cost < best_cost:
            best_cost = cost
            best = pos[:]
    return best


def _best_move(
    problem: _Problem,
    pos: list[int],
    gain: list[list[int]],
    conflicted: list[int],
    others: list[int],
    tabu: list[list[int]],
    step: int,
    below: int,
) -> tuple[tuple[int, int] | None, int]:
    """The cheapest allowed swap of a conflicted player with anyone at another table.

    A move that is tabu at ``step`` is allowed only if its delta is under
    ``below`` (the best cost less the current one): it would beat the best.
    """
    weight = problem.weight
    size_cost = problem.size_cost
    size_index = problem.size_index
    move: tuple[int, int] | None = None
    move_delta = 0
    for p in conflicted:
        a = pos[p]
        gp = gain[p]
        wp = weight[p]
        cp = size_cost[p]
        sa = size_index[a]
        for q in others:
            b = pos[q]
            if b == a:
                continue
            gq = gain[q]
            delta = gq[a] - gp[a] + gp[b] - gq[b] - 2 * wp[q]
            sb = size_index[b]
            if sa != sb:
                cq = size_cost[q]
                delta += cp[sb] + cq[sa] - cp[sa] - cq[sb]
            if move is not None and delta >= move_delta:
                continue
            if (tabu[p][b] > step or tabu[q][a] > step) and delta >= below:
                continue
            if problem.guard is not None and problem.guard.blocks(pos, p, q, a, b):
                continue
            move = (p, q)
            move_delta = delta
    return move, move_delta


def _tabu(problem: _Problem, start: list[int], rng: random.Random) -> list[int]:
    """Tabu search from the annealed round, for the last few repeats.

    Each step makes the best swap of a conflicted player with anyone at
    another table, even an uphill one, and forbids moving the two straight
    back for a few steps. Annealing finds a good round quickly; this finds
    the exact fit a nearly-finished night often needs (the one table that
    seats the last strangers, or a round where nobody meets again).
    """
    weight = problem.weight
    size_cost = problem.size_cost
    size_index = problem.size_index
    tables = len(problem.sizes)
    n = len(weight)
    pos = start[:]
    gain = _gains(weight, pos, tables)
    cost = best_cost = _cost(gain, size_cost, size_index, pos)
    best = pos[:]
    tabu = [[0] * tables for _ in range(n)]
    shortest, longest = _TABU_TENURE
    others = list(range(n))
    found = 0
    patience = _TABU_PATIENCE[n >= _TABU_BIG]
    for step in range(1, _TABU_STEPS + 1):
        conflicted = _conflicted(problem, pos)
        if not conflicted or step - found > patience:
            break
        rng.shuffle(others)
        below = best_cost - cost
        move, move_delta = _best_move(problem, pos, gain, conflicted, others, tabu, step, below)
        if move is None:
            continue
        p, q = move
        a = pos[p]
        b = pos[q]
        if problem.guard is not None:
            problem.guard.moved(p, q, a, b)
        _swap(pos, weight, gain, p, q, a, b)
        cost += move_delta
        tabu[p][a] = step + shortest + int(rng.random() * (longest - shortest + 1))
        tabu[q][b] = step + shortest + int(rng.random() * (longest - shortest + 1))
        if cost < best_cost:
            best_cost = cost
            best = pos[:]
            found = step
    return best
