"""The hard rules every plan keeps, whatever the method: a fair share of the odd tables, and
the host's constraints.

Fairness (RULES.md, "Seating fairness"): over the night, nobody sits at a table
of the odd size (any size but the round's usual one: the 5 at 13 players, the
3s at 14) more than once more often than anyone else seated for as many
rounds. This holds after *every* round, not only at the end, so a night cut
short, a leaver and a late arrival are all fair too. Each round, who sits at
the odd tables is chosen first: those furthest below their fair share (the
odd seats of every round they sat, divided among the players seated then),
ties to whoever the method's own grouping already put there, then to a seeded
draw. From that choice come, for every player and every round, the fewest and
the most odd seats they may have had by then (:class:`Slack`); a search may
then swap players between an odd and an ordinary table only while both stay
inside those limits, so the rotation it starts from stays fair.

Constraints (:mod:`tourney.seating.constraints`): players kept at the same
table number, and ``together`` pairs, become *units* that are seated as one
and never split by a search (its swaps leave them where the start put them);
players kept at different table numbers, and ``apart`` pairs, never share a
table. A unit sits at the odd tables, or sits out, only as a whole: a
together group never sits out while anyone else can (see ``room``).

Imports ``core`` and ``constraints`` only.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from tourney.seating.constraints import ConstraintError, Constraints, seat_units
from tourney.seating.core import P, Plan, _Guard

__all__ = [
    "Rules",
    "Slack",
    "fair_rounds",
    "guard_for",
    "odd_flags",
    "overshoot",
    "place",
    "slack_for",
    "usual_size",
]


def usual_size(split: Sequence[int], preferred: int) -> int:
    """The usual table size: ``preferred`` if a table has it, else the one most seats have."""
    seats: Counter[int] = Counter()
    for size in split:
        seats[size] += size
    if preferred in seats or not seats:
        return preferred
    return max(seats, key=lambda s: (seats[s], s))


def odd_flags(split: Sequence[int], preferred: int) -> list[bool]:
    """Which tables of ``split`` are of an odd size."""
    usual = usual_size(split, preferred)
    return [size != usual for size in split]


# ---------------------------------------------------------------------------
# The host's constraints as the search needs them


@dataclass(frozen=True)
class Rules:
    """The constraints for the players present, in the shape the planners use.

    ``units`` are the groups that sit at one table (2+ players), ``apart``
    maps a player to everyone they may not share a table with, ``pins`` maps
    a player to the 0-based table number they must have.
    """

    units: tuple[tuple[P, ...], ...] = ()
    apart: Mapping[P, frozenset] = field(default_factory=dict)
    pins: Mapping[P, int] = field(default_factory=dict)
    source: Constraints = field(default_factory=Constraints)

    @classmethod
    def of(cls, constraints: Constraints | None, present: Iterable[P]) -> Rules:
        here = sorted(set(present))
        if not constraints:
            return cls()
        mine = constraints.present(here)
        pins = {p: t - 1 for p, t in mine.pinned}
        by_table: dict[int, list[P]] = {}
        for p, t in sorted(pins.items()):
            by_table.setdefault(t, []).append(p)
        together = [*mine.together]
        for players in by_table.values():
            together.extend((players[0], other) for other in players[1:])
        joined = Constraints.of(together=together)
        units = tuple(tuple(g) for g in joined.groups(here))
        apart: dict[P, set] = {}
        pairs = list(mine.apart)
        tables = sorted(by_table)
        for i, t in enumerate(tables):
            for u in tables[i + 1 :]:
                pairs.extend((a, b) for a in by_table[t] for b in by_table[u])
        for a, b in pairs:
            apart.setdefault(a, set()).add(b)
            apart.setdefault(b, set()).add(a)
        frozen = {p: frozenset(s) for p, s in apart.items()}
        return cls(units, frozen, pins, mine)

    def __bool__(self) -> bool:
        return bool(self.units or self.apart or self.pins)

    @property
    def never_out(self) -> frozenset:
        """Players who never sit out: those the host keeps together with someone.

        Players pinned to one table share it whenever they are seated, but any of
        them may sit a round out (a pin says where, not that they always play), so
        the sitting out still rotates through everyone when pins fill the only table.
        """
        return frozenset(p for pair in self.source.together for p in pair)

    @property
    def named(self) -> frozenset:
        """Players any rule names (kept together, apart or at a table): trades of places
        made after the rules were kept (the deal's) leave them where they are."""
        together = (p for unit in self.units for p in unit)
        return frozenset(together) | frozenset(self.apart) | frozenset(self.pins)

    def unit_of(self) -> dict[P, tuple[P, ...]]:
        return {p: unit for unit in self.units for p in unit}

    def fits_for(self, present: Sequence[P]) -> Callable[[list[int]], bool] | None:
        """Whether these rules can hold at a split, for ``Room.split`` to choose one they
        can; None without rules (the usual split, unasked)."""
        if not self:
            return None
        return lambda sizes: self.source.fits(sizes, present)

    def check(self, split: Sequence[int], seated: Iterable[P], name: Callable = str) -> None:
        """Raise :class:`ConstraintError` when these constraints cannot hold at ``split``."""
        found = self.source.problems(split, seated, name)
        if found:
            raise ConstraintError(" ".join(found))

    def broken(self, tables: Sequence[Sequence[P]]) -> list[str]:
        """What a plan's ``tables`` (numbered) break; empty when it keeps every rule."""
        found = []
        at = {p: t for t, table in enumerate(tables) for p in table}
        for p, t in self.pins.items():
            if p in at and at[p] != t:
                found.append(f"{p} is kept at table {t + 1} but sits at table {at[p] + 1}.")
        for unit in self.units:
            if len({at[p] for p in unit if p in at}) > 1:
                found.append(f"{', '.join(map(str, unit))} must sit together.")
        for p, others in self.apart.items():
            for q in others:
                if p < q and p in at and at.get(q) == at[p]:
                    found.append(f"{p} and {q} are to be kept apart.")
        return found


# ---------------------------------------------------------------------------
# Who sits at the odd tables


@dataclass
class _Past:
    """Per player, from the history: rounds seated, odd seats, and the fair share of them."""

    seated: Counter
    odd: Counter
    share: dict

    @classmethod
    def read(cls, history: Sequence[Plan], preferred: int) -> _Past:
        seated: Counter = Counter()
        odd: Counter = Counter()
        share: dict = {}
        for plan in history:
            split = [len(t) for t in plan.tables]
            flags = odd_flags(split, preferred)
            here = plan.seated()
            seats = sum(size for size, f in zip(split, flags, strict=True) if f)
            each = Fraction(seats, len(here)) if here else Fraction(0)
            for table, f in zip(plan.tables, flags, strict=True):
                for p in table:
                    seated[p] += 1
                    odd[p] += f
                    share[p] = share.get(p, Fraction(0)) + each
        return cls(seated, odd, share)


def _choose_odd(
    seated: list[P],
    flags: list[bool],
    split: list[int],
    counts: Counter,
    share: Mapping[P, Fraction],
    proposed: set,
    unit_of: Mapping[P, tuple[P, ...]],
    rng: random.Random,
    apart: Mapping[P, frozenset] | None = None,
    due: Mapping[P, tuple[int, int]] | None = None,
    groups_first: bool | None = True,
) -> set:
    """The players for the odd tables this round: furthest below their share first.

    Before that, ``due`` (see :func:`_owed`): those still owed a seat to end within one
    of someone gone come first, those at their most come last. ``groups_first``: among
    equals, the rules' groups before players on their own (False: after them; None: as
    the draw falls; see :func:`_odd_for_round`).
    """
    free = sorted((size for size, f in zip(split, flags, strict=True) if f), reverse=True)
    if not free:
        return set()
    apart = apart or {}
    due = due or {}
    draw = {p: rng.random() for p in seated}
    units: list[tuple[P, ...]] = []
    seen: set = set()
    for p in seated:
        if p in seen:
            continue
        unit = unit_of.get(p, (p,))
        unit = tuple(x for x in unit if x in draw)
        seen.update(unit)
        units.append(unit)

    one_table = len(free) == 1
    one_usual = flags.count(False) == 1

    def key(unit: tuple[P, ...]) -> tuple:
        # Among those as far below their share, groups first: a single kept apart
        # from one of a group, chosen first, would bar the whole group from a lone
        # odd table, and someone further ahead would take the seat (issue 27).
        # Then those kept apart from someone, where one odd table can't take both at
        # once: left to the last round both are due in, one of them misses their turn
        # (13 Toonerville players, a pair kept apart, both still due in round 3 of a
        # night seated round by round: one never sat at the 5).
        gap = sum(counts[p] - share.get(p, Fraction(0)) for p in unit) / len(unit)
        proposal = -sum(p in proposed for p in unit) / len(unit)
        kept_apart = one_table and any(apart.get(p) for p in unit)
        # The mirror: one usual table (Toonerville 10 at 4, 3 and 3), where a pair kept
        # apart can't both take their turn at it in one round; among equals they take it
        # early, rather than both be left to the last round that has one.
        usual_apart = one_usual and not one_table and any(apart.get(p) for p in unit)
        owed = min(due.get(p, (1, 0)) for p in unit)
        return (
            owed,
            gap,
            (len(unit) == 1) == groups_first if groups_first is not None else False,
            not kept_apart,
            usual_apart,
            proposal,
            min(draw[p] for p in unit),
        )

    chosen: set = set()
    for unit in sorted(units, key=key):
        fits = [i for i, room in enumerate(free) if room >= len(unit)]
        if not fits:
            continue
        if one_table and any(x in chosen for p in unit for x in apart.get(p, ())):
            continue
        best = max(fits, key=lambda i: free[i]) if len(unit) > 1 else fits[0]
        free[best] -= len(unit)
        chosen.update(unit)
        if not any(free):
            break
    return chosen


def _keepable(
    here: Sequence[P],
    split: list[int],
    flags: list[bool],
    odd: set,
    rules: Rules,
    counts: Counter,
    share: Mapping[P, Fraction],
) -> set:
    """``odd`` (who is due the odd tables), or the nearest choice the rules can keep.

    The choice is made by who is due, then the rules must fit it: a pair kept apart,
    both not due, with one usual table (10 players at a 4 and two 3s) cannot. Then one
    group swaps in for one of the same size: a rule's player who is most due for one
    the least due seated there, until the rules fit. Without this the exact seating
    (``place``) took the swap itself, always the same way: one of a pair kept apart sat
    at a 3-table 9 rounds of 11.
    """
    units = _units(rules, here)
    in_unit = {p for u in units if len(u) > 1 for p in u}

    def fits(chosen: set) -> bool:
        return _fits(split, flags, units, rules, chosen)

    if fits(odd):
        return odd

    def due(unit: tuple) -> Fraction:  # below the share first
        return sum(counts[p] - share.get(p, Fraction(0)) for p in unit) / len(unit)

    ruled = set(rules.pins) | set(rules.apart) | in_unit
    inside = sorted((u for u in units if u[0] in odd), key=due, reverse=True)
    outside = sorted((u for u in units if u[0] not in odd), key=due)
    singles_in = [u for u in inside if len(u) == 1]
    singles_out = [u for u in outside if len(u) == 1]

    def filled(base: list[tuple], seats: int, spare: list[tuple]) -> list[tuple] | None:
        """``base`` topped up to ``seats`` with the first of ``spare`` (singles)."""
        more = seats - sum(map(len, base))
        if more < 0:
            return None
        extra = [u for u in spare if u not in base][:more]
        return base + extra if len(extra) == more else None

    trials: list[set] = []
    for into in (u for u in outside if u[0] in ruled):  # a rule's player takes a turn
        for out in inside[:_SWAP_TRIES]:
            coming = filled([into], len(out), singles_out)
            if coming is not None:
                trials.append((odd - set(out)) | {p for u in coming for p in u})
    for out in (u for u in inside if u[0] in ruled):  # or gives one up
        for into in outside[:_SWAP_TRIES]:
            going = filled([out], len(into), singles_in)
            if going is not None:
                trials.append((odd - {p for u in going for p in u}) | set(into))

    def unfairness(chosen: set) -> tuple:
        after = [counts[p] + (p in chosen) - share.get(p, Fraction(0)) for p in here]
        return (max(after) - min(after), sum(counts[p] for p in chosen))

    for chosen in sorted(trials, key=unfairness):
        if fits(chosen):
            return chosen
    return odd


def _fits(
    split: list[int], flags: list[bool], units: list[tuple[P, ...]], rules: Rules, chosen: set
) -> bool:
    """Whether the rules can hold with ``chosen`` at the odd tables and the rest not."""
    return (
        seat_units(
            list(split),
            units,
            rules.pins,
            rules.apart,
            allowed=lambda unit, t: flags[t] == (unit[0] in chosen),
        )
        is not None
    )


def _odd_for_round(
    here: list[P],
    split: list[int],
    preferred: int,
    counts: Counter,
    share: Mapping[P, Fraction],
    proposed: set,
    unit_of: Mapping[P, tuple[P, ...]],
    rng: random.Random,
    rules: Rules,
    due: Mapping[P, tuple[int, int]],
    after: tuple[list[P], list[int]] | None,
) -> set:
    """Who sits at the odd tables this round (:func:`_choose_odd`, then :func:`_keepable`
    where there are rules), with a look at the round ``after`` (its players and tables):
    where the host's rules would leave that round no fair choice, another order of the
    same players is tried. 9 Toonerville players at a 5 and a 4, two pairs kept together
    and a pair kept apart: the pairs first (both at the 5 in round 1) left round 2's 5 to
    four players and one of the pair kept apart, unfair every night in every method. The
    tries put the groups last, then mix them among the players on their own as the draw
    falls: one pair and three others (0, 1, 4, 6 and 7), then 2, 3, 5, 8 and 6."""
    flags = odd_flags(split, preferred)

    def pick(groups_first: bool | None, draw: random.Random) -> set:
        odd = _choose_odd(
            here,
            flags,
            split,
            counts,
            share,
            proposed,
            unit_of,
            draw,
            rules.apart,
            due,
            groups_first=groups_first,
        )
        return _keepable(here, split, flags, odd, rules, counts, share) if rules else odd

    seats = sum(size for size, f in zip(split, flags, strict=True) if f)

    def good(odd: set) -> bool:
        """Whether ``odd`` fills this round's odd tables keeping the rules, and the next
        round can then keep them too with the spread at 1."""
        if len(odd) != seats or not _fits(split, flags, _units(rules, here), rules, odd):
            return False
        then, then_split = after
        each = Fraction(seats, len(here))
        now = Counter(counts)
        shared = dict(share)
        for p in here:
            now[p] += p in odd
            shared[p] = shared.get(p, Fraction(0)) + each
        then_flags = odd_flags(then_split, preferred)
        rule = random.Random(0)
        nxt = _choose_odd(
            then, then_flags, then_split, now, shared, set(), unit_of, rule, rules.apart
        )
        nxt = _keepable(then, then_split, then_flags, nxt, rules, now, shared)
        if not _fits(then_split, then_flags, _units(rules, then), rules, nxt):
            return False
        ends = [now[p] + (p in nxt) for p in then if p in here]
        return not ends or max(ends) - min(ends) <= 1

    first = pick(True, rng)
    steady = len({share.get(p, Fraction(0)) for p in here}) == 1  # everyone seated as often
    if not rules or after is None or not steady or good(first):
        return first
    # The tries draw from their own generator: the night's own draws stay as they were.
    tries = random.Random(f"{sorted(map(str, here))}|{counts.total()}")
    for groups_first in (False, *[None] * 8):
        alt = pick(groups_first, random.Random(tries.random()))
        if good(alt):
            return alt
    return first


def _units(rules: Rules, seated: Sequence[P]) -> list[tuple[P, ...]]:
    """The seated as units that share a table: the rules' groups, then one each."""
    here = set(seated)
    units = [tuple(p for p in unit if p in here) for unit in rules.units]
    units = [u for u in units if u]
    grouped = {p for u in units for p in u}
    return units + [(p,) for p in seated if p not in grouped]


_SWAP_TRIES = 12
"""How many of the least (or most) due are tried against each rule's player in a swap."""


class Slack:
    """How far each player's odd seats may move in each round and stay fair.

    ``down[p][r]``: odd seats p may lose by round r and still have the fewest
    allowed then; ``up[p][r]``: odd seats p may gain. A swap in round r that
    takes p off an odd table and puts q on one needs ``down[p][t] >= 1`` and
    ``up[q][t] >= 1`` for every round t from r on (see :meth:`allows`).
    """

    def __init__(self, down: dict, up: dict, rounds: int) -> None:
        self.down = down
        self.up = up
        self.rounds = rounds

    def allows(self, r: int, leaves: P, joins: P) -> bool:
        down = self.down[leaves]
        up = self.up[joins]
        return all(down[t] >= 1 and up[t] >= 1 for t in range(r, self.rounds))

    def moved(self, r: int, leaves: P, joins: P) -> None:
        self.shift(r, leaves, -1)
        self.shift(r, joins, 1)

    def shift(self, r: int, p: P, delta: int) -> None:
        """p has ``delta`` more odd seats from round r on."""
        down, up = self.down[p], self.up[p]
        for t in range(r, self.rounds):
            down[t] += delta
            up[t] -= delta

    def allows_between(self, r: int, r2: int, leaves: P, joins: P) -> bool:
        """``leaves`` gives an odd seat to ``joins`` in round r and takes it back in r2."""
        if r < r2:
            down, up, span = self.down[leaves], self.up[joins], range(r, r2)
        else:
            down, up, span = self.down[joins], self.up[leaves], range(r2, r)
        return all(down[t] >= 1 and up[t] >= 1 for t in span)

    def trade(self, r: int, r2: int, leaves: P, joins: P) -> None:
        low, high = min(r, r2), max(r, r2)
        sign = -1 if r < r2 else 1
        for p, d in ((leaves, sign), (joins, -sign)):
            down, up = self.down[p], self.up[p]
            for t in range(low, high):
                down[t] += d
                up[t] -= d

    def copy(self) -> Slack:
        return Slack(
            {p: v[:] for p, v in self.down.items()},
            {p: v[:] for p, v in self.up.items()},
            self.rounds,
        )

    def renamed(self, index: Mapping[P, int]) -> Slack:
        """The same slack keyed by ``index[p]`` (the searches work in indices)."""
        down = {index[p]: v for p, v in self.down.items() if p in index}
        up = {index[p]: v for p, v in self.up.items() if p in index}
        return Slack(down, up, self.rounds)


_MIDWAY = 1
"""The spread allowed before a plan's last round (1 at its end). It was 2, so a night plan
could reach the fair rotation by its end rather than round by round, but a night does not
always run as planned: a late arrival or a leaver can take the odd table away (19 players
and a 3-table become 20 at four 4s), and a spread of 2 then stays to the end. So every
round keeps the spread at 1, whatever comes next."""


def fair_rounds(
    history: Sequence[Plan],
    seated: Sequence[list[P]],
    splits: Sequence[list[int]],
    preferred: int,
    proposals: Sequence[Sequence[Sequence[P]]],
    rules: Rules,
    rng: random.Random,
    left: int | None = None,
    staying: Iterable[P] = (),
) -> tuple[list[set], Slack]:
    """Who sits at the odd tables in each coming round, and the slack a search has.

    ``proposals`` are the method's own groups for each round (their players
    at odd-size groups are preferred among equals). ``left`` is how many rounds
    the night has left from the first of ``seated`` (those planned here and any
    after them, planned later: round by round); by default these are the last.
    ``staying`` are any present but not seated here (sitting out).

    A present player whose night will end seated as often as someone who has gone
    is held to that player's odd seats, within one (:func:`_ends`): the fewest first,
    in time for the rounds left that have an odd table, and no more than the most.
    """
    past = _Past.read(history, preferred)
    counts = Counter(past.odd)
    share = dict(past.share)
    unit_of = rules.unit_of()
    left = max(left or 0, len(seated))
    ends = _ends(past, seated, left, staying)
    chances = _chances(seated, splits, preferred, left, ends)
    chosen: list[set] = []
    for r, (here, split, proposal) in enumerate(zip(seated, splits, proposals, strict=True)):
        flags = odd_flags(split, preferred)
        proposed = {
            p for group in proposal if len(group) != usual_size(split, preferred) for p in group
        }
        due = {p: _owed(ends[p], counts[p], chances[p][r]) for p in here if p in ends}
        # The round after: the next planned here, else (planned round by round, more to
        # come) the same room again.
        after = (
            (seated[r + 1], splits[r + 1])
            if r + 1 < len(seated)
            else (here, split)
            if r + 1 < left
            else None
        )
        odd = _odd_for_round(
            here, split, preferred, counts, share, proposed, unit_of, rng, rules, due, after
        )
        chosen.append(odd)
        seats = sum(size for size, f in zip(split, flags, strict=True) if f)
        each = Fraction(seats, len(here)) if here else Fraction(0)
        for p in here:
            counts[p] += p in odd
            share[p] = share.get(p, Fraction(0)) + each
    return chosen, slack_for(history, seated, splits, preferred, chosen, left, staying)


def _ends(
    past: _Past, seated: Sequence[list[P]], left: int, staying: Iterable[P] = ()
) -> dict[P, tuple[int, int]]:
    """The fewest and the most odd seats a present player may end the night with.

    Only for those whose night ends seated as often as someone who has gone (seated in
    the history, in none of these rounds, not ``staying``): RULES.md compares them,
    whenever each came, so they end within one of every such player. The rounds after
    those planned here (``left``) are counted as seated. A leaver who had the 5-table
    twice in three rounds of 13 and an arrival seated three rounds of 17 (a share of 0.9)
    once ended 2 and 0.
    """
    here = [set(r) for r in seated]
    present = set().union(*here) if here else set()
    beyond = max(0, left - len(seated))
    gone: dict[int, list[int]] = {}
    stay = present | set(staying)
    for q, rounds in past.seated.items():
        if q not in stay:
            gone.setdefault(rounds, []).append(past.odd[q])
    if not gone:
        return {}
    ends = {}
    for p in present:
        rounds = past.seated[p] + sum(p in r for r in here) + beyond
        if rounds in gone:
            ends[p] = (max(gone[rounds]) - 1, min(gone[rounds]) + 1)
    return ends


def _chances(
    seated: Sequence[list[P]],
    splits: Sequence[list[int]],
    preferred: int,
    left: int,
    ends: Mapping[P, tuple[int, int]],
) -> dict[P, list[int]]:
    """For the players ``ends`` holds: from each planned round on, the rounds left in which
    they sit and an odd table is played (those after the plan as its last round)."""
    has_odd = [any(odd_flags(split, preferred)) for split in splits]
    later = max(0, left - len(seated)) if has_odd and has_odd[-1] else 0
    here = [set(r) for r in seated]
    chances: dict[P, list[int]] = {}
    for p in ends:
        counts = [0] * len(seated)
        running = later
        for r in range(len(seated) - 1, -1, -1):
            running += has_odd[r] and p in here[r]
            counts[r] = running
        chances[p] = counts
    return chances


def _owed(end: tuple[int, int], count: int, chances: int) -> tuple[int, int]:
    """Where a player held to ``end`` stands in the choice of a round: (0, slack) when
    still short of the fewest (the smaller the slack, the sooner), (2, 0) at the most,
    else (1, 0), like everyone else."""
    fewest, most = end
    if count < fewest:
        return (0, chances - (fewest - count))
    if count >= most:
        return (2, 0)
    return (1, 0)


def overshoot(
    history: Sequence[Plan],
    seated: Sequence[list[P]],
    splits: Sequence[list[int]],
    preferred: int,
    chosen: Sequence[set],
) -> int:
    """How far ``chosen`` (who sits at the odd tables each round) strays from the fair
    share: over the rounds, the spread in each group of players seated as often, beyond
    what the round allows (:data:`_MIDWAY`, 1 after the last). 0 for a fair plan.

    Without rules the choice round by round is always fair. With them it can walk into
    a round it cannot share fairly: Rook Shanghai's 19 players (one table of 4), a pair
    kept apart both still due in the last round, and someone went twice while another
    never did. A search started there may keep it (its slack is read off the start), so
    such a start is drawn again (``night._fitted``).
    """
    at = _tallies(history, seated, splits, preferred, chosen)
    everyone = set(at[-1][1]) if at else set()
    miss = 0
    for t, (c, d, _) in enumerate(at):
        spread = 1 if t == len(at) - 1 else _MIDWAY
        miss += sum(max(0, max(v) - min(v) - spread) for v in _classes(c, d, everyone).values())
    return miss


def _tallies(
    history: Sequence[Plan],
    seated: Sequence[list[P]],
    splits: Sequence[list[int]],
    preferred: int,
    chosen: Sequence[set],
) -> list[tuple[Counter, Counter, dict]]:
    """After each coming round, per player (the history included): odd seats, rounds
    seated, and their share of the odd seats (each round's shared out evenly)."""
    past = _Past.read(history, preferred)
    counts = Counter(past.odd)
    done = Counter(past.seated)
    share = dict(past.share)
    at = []
    for here, odd, split in zip(seated, chosen, splits, strict=True):
        flags = odd_flags(split, preferred)
        each = Fraction(sum(s for s, f in zip(split, flags, strict=True) if f), len(here) or 1)
        for p in here:
            counts[p] += p in odd
            done[p] += 1
            share[p] = share.get(p, Fraction(0)) + each
        at.append((Counter(counts), Counter(done), dict(share)))
    return at


def _classes(counts: Counter, done: Counter, players: Iterable[P]) -> dict[int, list[int]]:
    """The odd seats of ``players``, grouped by how many rounds they were seated."""
    classes: dict[int, list[int]] = {}
    for p in players:
        classes.setdefault(done[p], []).append(counts[p])
    return classes


def slack_for(
    history: Sequence[Plan],
    seated: Sequence[list[P]],
    splits: Sequence[list[int]],
    preferred: int,
    chosen: Sequence[set],
    left: int | None = None,
    staying: Iterable[P] = (),
) -> Slack:
    """The slack a search has when ``chosen[r]`` sit at the odd tables of round r.

    Each round's limits are the fewest odd seats among those seated as often
    (from history and the chosen rounds), and that plus the spread allowed
    then (:data:`_MIDWAY`, 1 after the last round).

    And each player stays within a seat of their own share (the odd seats of the rounds
    they were seated, shared out evenly), rounded down and up, unless the chosen rounds
    already put them outside it. Among players seated in the same rounds the first
    limits imply it; it binds a late arrival, who is alone among those seated as often
    until a leaver joins them: Rook Shanghai's 30, one arriving for three hands with a
    6-table, took it twice while a player who then left never did, and the two ended
    seated 5 rounds each, 2 apart.

    When these rounds end the night (``left`` is None or no more than them), the last
    round also keeps each player within one of everyone gone who was seated as often
    (:func:`_ends`; ``staying``, present but sitting these rounds out, have not gone).
    """
    at = _tallies(history, seated, splits, preferred, chosen)
    everyone = set(at[-1][1]) if at else set()
    present = {p for here in seated for p in here}
    rounds = len(seated)
    down = {p: [0] * rounds for p in present}
    up = {p: [0] * rounds for p in present}
    last = left is None or left <= rounds
    ends = _ends(_Past.read(history, preferred), seated, rounds, staying) if last else {}
    for t, (c, d, owed) in enumerate(at):
        spread = 1 if t == rounds - 1 else _MIDWAY
        limits = {
            k: (min(v), max(min(v) + spread, max(v))) for k, v in _classes(c, d, everyone).items()
        }
        for p in present:
            lo, hi = limits[d[p]]
            mine = owed.get(p, Fraction(0))
            lo = max(lo, min(math.floor(mine), c[p]))
            hi = min(hi, max(math.ceil(mine), c[p]))
            if t == rounds - 1 and p in ends:  # the night's end: within one of those gone
                lo = max(lo, min(ends[p][0], c[p]))
                hi = min(hi, max(ends[p][1], c[p]))
            down[p][t] = c[p] - lo
            up[p][t] = hi - c[p]
    return Slack(down, up, rounds)


# ---------------------------------------------------------------------------
# Seating a round that keeps the rules


def place(
    split: list[int],
    flags: list[bool],
    seated: list[P],
    odd: set,
    rules: Rules,
    proposal: Sequence[Sequence[P]],
    rng: random.Random,
    *,
    near: bool = False,
) -> list[list[P]]:
    """Groups for ``split`` with exactly ``odd`` at the odd tables and every constraint kept.

    Stays as close to ``proposal`` (the method's groups) as the rules allow:
    a player keeps their proposed group where it may take them, else goes to
    the nearest allowed one (``near``: by number, for standings) or to where
    they have least in common with the proposal's structure (a seeded pick).
    """
    wanted: dict[P, int] = {}
    by_size: dict[int, list[int]] = {}
    for t, size in enumerate(split):
        by_size.setdefault(size, []).append(t)
    # Proposal groups map onto tables of the same size where they can.
    groups = sorted(proposal, key=len, reverse=True)
    used: set[int] = set()
    for group in groups:
        want_odd = sum(p in odd for p in group) * 2 > len(group)
        options = [t for t in by_size.get(len(group), []) if t not in used]
        options += [t for t in range(len(split)) if t not in used and t not in options]
        options.sort(key=lambda t: (flags[t] != want_odd, len(group) != split[t]))
        if options:
            used.add(options[0])
            for p in group:
                wanted[p] = options[0]
    if near and len(proposal) == len(split):
        wanted = {p: t for t, group in enumerate(proposal) for p in group}
    for attempt in range(30):
        tables = _try_place(split, flags, seated, odd, rules, wanted, rng, near, attempt)
        if tables is not None:
            return tables
    # The quick tries keep to who is due an odd table; where that share can't hold
    # with the rules (a pair kept apart, both not due, and one usual table), the exact
    # search seats the rules first and gives the odd tables to those due where it can.
    tables = seat_units(
        list(split),
        _units(rules, seated),
        rules.pins,
        rules.apart,
        prefer=lambda unit, t: (flags[t] != (unit[0] in odd), wanted.get(unit[0], t) != t),
    )
    if tables is not None:
        return tables
    raise ConstraintError(
        "No seating keeps every constraint this round: "
        + " ".join(rules.source.problems(split, seated) or ["try fewer constraints."])
    )


def _try_place(
    split: list[int],
    flags: list[bool],
    seated: list[P],
    odd: set,
    rules: Rules,
    wanted: Mapping[P, int],
    rng: random.Random,
    near: bool,
    attempt: int,
) -> list[list[P]] | None:
    tables: list[list[P]] = [[] for _ in split]
    free = split[:]
    apart = rules.apart
    pins = rules.pins
    here = set(seated)
    units = [tuple(p for p in unit if p in here) for unit in rules.units]
    units = [u for u in units if len(u) > 1]
    in_unit = {p for u in units for p in u}
    singles = [p for p in seated if p not in in_unit]
    order = singles[:]
    if attempt:
        rng.shuffle(order)
    order.sort(key=lambda p: (-len(apart.get(p, ())), p not in pins))
    items = [*sorted(units, key=len, reverse=True), *[(p,) for p in order]]
    pinned_tables: dict[int, int] = {}  # a pin's table number -> the table that holds it

    def ok(t: int, unit: tuple[P, ...]) -> bool:
        if free[t] < len(unit) or flags[t] != (unit[0] in odd):
            return False
        return not any(x in apart.get(p, ()) for p in unit for x in tables[t])

    for unit in items:
        pin = next((pins[p] for p in unit if p in pins), None)
        want = Counter(wanted[p] for p in unit if p in wanted)
        start = want.most_common(1)[0][0] if want else 0
        candidates = list(range(len(split)))
        if near:
            candidates.sort(key=lambda t: abs(t - start))
        else:
            rng.shuffle(candidates)
            candidates.sort(key=lambda t: (t != start, -free[t]) if attempt else t != start)
        if pin is not None and pin in pinned_tables:
            candidates = [pinned_tables[pin]]
        elif pin is not None:
            taken = set(pinned_tables.values())
            candidates = [t for t in candidates if t not in taken]
        spot = next((t for t in candidates if ok(t, unit)), None)
        if spot is None:
            return None
        tables[spot].extend(unit)
        free[spot] -= len(unit)
        if pin is not None:
            pinned_tables[pin] = spot
    return tables


def guard_for(
    rules: Rules, flags: Sequence[bool], slack: Slack, index: Mapping[P, int], round: int
) -> _Guard:
    """What a one-round search (players as ``index`` numbers them) must keep."""
    n = len(index)
    locked = [False] * n
    for unit in rules.units:
        for p in unit:
            if p in index:
                locked[index[p]] = True
    apart: list[tuple[int, ...]] = [()] * n
    for p, others in rules.apart.items():
        if p in index:
            apart[index[p]] = tuple(index[q] for q in others if q in index)
    return _Guard(locked, apart, list(flags), slack.renamed(index), round)
