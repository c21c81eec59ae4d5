"""Plan every remaining round of a night together.

Seating one round at a time cannot see ahead: between 30 and 45 players it
paints itself into corners a few rounds later. Here the schedule of all the
remaining rounds is one search. Each round's tables have fixed sizes (from the
room's split), a move swaps two players at different tables in one round, and
the cost is the sum over pairs of m squared, m being how often the pair meets
over the whole night (played rounds included), with extra cost for a pair that
never meets and for one that meets far more than the average, plus a cost for
playing at an odd-size table often. How much the odd tables weigh grows with
how often pairs meet anyway: in a big room a repeat always costs more than any
rotation can save; in a small one, where everyone meets again, rotation is
what is left to share out.

The search starts from a known design where one fits (see
:mod:`tourney.seating.designs`), cut down or grown to the room and refilled
round by round, or else from a seeded shuffle, whichever costs less; then
simulated annealing runs for a step budget that depends only on the size of
the night (the time budget: under 1 s of CPU up to 60 players, far less
where a design fits), a short tabu search polishes, and both stop early once
the cost reaches a lower bound. No clock is read, so the same inputs always
give the same plan.

Between the designs (30 to 45 players for 11 Toonerville rounds, 26 to 40 for
7 Shanghai hands) that search stays far above the bound however long it runs,
so a night from its start, with the same players all night and no constraints,
is served from :mod:`tourney.seating.stored` where a night was found offline.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from tourney.seating.constraints import ConstraintError
from tourney.seating.core import (
    P,
    Plan,
    _add_prior,
    _History,
    _met_matrix,
    arrange,
    even_deals,
    meetings,
    share_deals,
)
from tourney.seating.designs import Design, Round, designs_for
from tourney.seating.fair import (
    Rules,
    Slack,
    _Past,
    fair_rounds,
    odd_flags,
    overshoot,
    place,
    slack_for,
    usual_size,
)
from tourney.seating.room import Room
from tourney.seating.stored import night_for

_REPEAT = 64
"""Cost per unit of a pair's cost (see _pair). A new repeat adds at least 2 units (one
pair from 1 to 2 meetings, another from 1 to 0)."""
_UNMET = (3, 6)
"""Extra cost of a pair that never meets, in units of _REPEAT (see _pair), by how many
times each pair meets on average: under once, or once or more (then every pair left
unmet is one more repeat elsewhere). Tuned with bench/seating.py."""
_OVER = 40
"""Extra cost per meeting of a pair beyond one more than the night's average allows."""
_SIZE = (4, 16, 64)
"""Cost per unit of a player's odd-table cost (see _seat), by how many times each pair
meets on average: under once, the odd tables rotate only where that costs no meeting;
twice or more (small rooms, where every pair meets again anyway) as much as a pair's."""
_SIZE_OVER = 8
"""Extra units per round at an odd size beyond one more than the fair share."""
_SIZE_SLACK = 3
"""The search may stop with the odd seats this many units per player above their floor."""
_STEPS = (30_000, 30, 300_000)
"""Annealing steps: a fixed part, a part per seat to fill over the night, and a cap.
Sized so a whole night plans within 1 s of CPU on the 2-core machine for every N up to 60
(issue 27; was (100_000, 100, 1_000_000): up to 2.2 s). Nights the search does better
with longer are stored (tourney/seating/stored.py: whole nights from their start)."""
_DENSE_STEPS = 1.5
"""Step factor where pairs meet twice or more on average (small rooms, long nights):
there the spread of the repeats needs the longer search, and a step is cheap."""
_LOOSE_SHARE = (0.35, 0.6)
"""Share of the steps for the last, uncapped pass, by whether pairs meet at least once on
average (there the fewest repeats can need a pair to meet often). Only nights where pairs
meet under twice on average have it (see _Weights.fewest)."""
_LOOSE_UNMET = 2
"""The uncapped pass's extra cost of a pair never met (see _pair): lower than the main
search's, a flatter cost the annealing crosses more easily (tuned with bench/seating_grid.py)."""
_RACERS = 3
"""Starts (the seeded shuffle and the designs, the cheapest first) given a short search."""
_RACE_SHARE = 0.1
"""Steps of each start's short search, as a share of the night's (where pairs meet under
twice on average: in denser nights every start ends up alike)."""
_GROUP_STEPS = 2_000
"""Annealing steps per player when seating a design's columns on their own."""
_TEMPERATURE = (1.5 * _REPEAT, 0.15 * _REPEAT)
_CYCLES = 3
"""The annealing cools down this many times, reheating from where it got to."""
_FOCUS = 8
"""Draws of a round and a player tried for one who meets someone again at their table."""
_TABU_SHARE = 0.02
"""Tabu steps after the annealing, as a share of its steps (each tries a whole round)."""
_TABU_TENURE = (4, 14)
_TABU_DRAWS = 64
"""The same draws for the tabu search, which has fewer steps to spend on each."""


def plan(
    present: list[P],
    history: list[Plan],
    rounds: int,
    room: Room,
    rng: random.Random,
    effort: float,
    prior: Mapping[frozenset, int] | None = None,
    rules: Rules | None = None,
) -> list[Plan]:
    """``rounds`` plans for ``present`` after ``history``, optimised together.

    ``prior`` (meetings on earlier nights) only changes who is grouped with
    whom; who sits out, the seats and the deal come from tonight alone.
    ``rules`` (the host's constraints) hold in every round, and so does the
    fair share of the odd tables (see ``fair``).
    """
    rules = rules or Rules()
    keep = rules.never_out
    seated, sizes, out = _rooms(present, history, rounds, room, rng, keep, rules.fits_for(present))
    for split in dict.fromkeys(map(tuple, sizes)):  # each table split once, in order
        # Everyone present, not only those seated: at one table with someone sitting out,
        # a pair kept apart means one of them sits out every round, and the check says so.
        rules.check(split, present)
    groups = _stored(present, history, seated, sizes, room, rng, prior, rules)
    if groups is None:
        groups = _search(present, history, seated, sizes, room.preferred, rng, effort, prior, rules)
    groups, dealers = even_deals(
        groups, history, rules.named, unfair=_odd_unfairness(history, room.preferred)
    )
    plans: list[Plan] = []
    for number in range(rounds):
        past = _History.read([*history, *plans])
        tables = arrange(
            groups[number],
            past,
            rng,
            pins=rules.pins,
            min_size=room.min_size,
            dealers=dealers[number],
        )
        if {table[0] for table in tables if table} != dealers[number]:
            # A chosen dealer kept their table and would have kept seat 1 too (the seat
            # rule): another dealt. The rest of the night's deals are shared out again.
            played = [*history, *plans, Plan(tables=tables)]
            dealers[number + 1 :] = share_deals(groups[number + 1 :], played)
        plans.append(Plan(tables=tables, sitting_out=tuple(out[number])))
    return plans


def _odd_unfairness(
    history: Sequence[Plan], preferred: int
) -> Callable[[Sequence[Sequence[Sequence[P]]]], int]:
    """How far a night's groups (after ``history``) share the odd tables from fairly: after
    each of their rounds, how far each set of players seated as often spreads past 1."""
    past = _Past.read(history, preferred)

    def unfair(groups: Sequence[Sequence[Sequence[P]]]) -> int:
        now_seated, now_odd = Counter(past.seated), Counter(past.odd)
        total = 0
        for tables in groups:
            for table, flag in zip(
                tables, odd_flags([len(t) for t in tables], preferred), strict=True
            ):
                for p in table:
                    now_seated[p] += 1
                    now_odd[p] += flag
            spans: dict[int, tuple[int, int]] = {}
            for p, count in now_seated.items():
                low, high = spans.get(count, (now_odd[p], now_odd[p]))
                spans[count] = (min(low, now_odd[p]), max(high, now_odd[p]))
            total += sum(max(0, high - low - 1) for low, high in spans.values())
        return total

    return unfair


def _stored(
    present: list[P],
    history: list[Plan],
    seated: list[list[P]],
    sizes: list[list[int]],
    room: Room,
    rng: random.Random,
    prior: Mapping[frozenset, int] | None,
    rules: Rules,
) -> list[list[list[P]]] | None:
    """A night found offline (see :mod:`tourney.seating.stored`), relabelled by a seeded shuffle.

    Only for a night from its start with everyone seated every round, no host
    constraints and no earlier nights to remember: the stored nights know none
    of those, so a night with any of them (a late arrival re-plans with a
    history) goes to the search.
    """
    if history or rules or prior or any(len(here) != len(present) for here in seated):
        return None
    n = len(present)
    night = night_for(n, len(seated), room.min_size, room.max_size, room.preferred)
    if night is None or any(
        sorted(map(len, tables)) != sorted(split)
        for tables, split in zip(night, sizes, strict=True)
    ):
        return None
    players = present[:]
    rng.shuffle(players)
    return [[[players[p] for p in table] for table in tables] for tables in night]


def _rooms(
    present: list[P],
    history: list[Plan],
    rounds: int,
    room: Room,
    rng: random.Random,
    keep: frozenset = frozenset(),
    fits: Callable[[list[int]], bool] | None = None,
) -> tuple[list[list[P]], list[list[int]], list[list[P]]]:
    """Who is seated in each round, at which table sizes, and who sits out."""
    if room.sits_out_nobody(len(present)):
        sizes, _ = room.split(present, _History.read([]), rng, fits=fits)
        return [present[:] for _ in range(rounds)], [sizes] * rounds, [[] for _ in range(rounds)]
    # Who sits out depends only on who sat out before, so it is settled first;
    # a stand-in round with everyone at a table of one records who was seated.
    seated, sizes, out = [], [], []
    sofar = list(history)
    for _ in range(rounds):
        split, sitting_out = room.split(present, _History.read(sofar), rng, keep, fits)
        here = [p for p in present if p not in set(sitting_out)]
        seated.append(here)
        sizes.append(split)
        out.append(sitting_out)
        sofar.append(Plan(tables=tuple((p,) for p in here)))
    return seated, sizes, out


def _usual_size(sizes: list[list[int]], preferred: int) -> int:
    seats: Counter[int] = Counter()
    for split in sizes:
        for size in split:
            seats[size] += size
    return preferred if preferred in seats else max(seats, key=lambda s: (seats[s], s))


@dataclass(frozen=True)
class _Weights:
    """The costs that depend on how crowded the night is (see _UNMET and _SIZE)."""

    unmet: int
    size: int
    loose: bool = False
    """No cost for a pair meeting more than the cap (the last pass on crowded nights)."""
    fewest: bool = False
    """Keep the schedule with the fewest repeats seen (see _Best): where pairs meet under
    twice on average; beyond that everyone meets everyone and spreading is what is left."""


def _water_fill(count: int, units: int) -> Counter[int]:
    """``units`` meetings spread over ``count`` pairs as evenly as can be: {level: pairs}."""
    if count == 0:
        return Counter()
    low, high = divmod(units, count)
    return Counter({low: count - high, low + 1: high})


def _water_fill_from(levels: Counter[int], units: int) -> Counter[int]:
    """``units`` more meetings on pairs already at ``levels`` ({level: pairs}), lowest first.

    A pair's cost rises faster with every meeting, so raising the lowest
    pairs first is the cheapest way to place them.
    """
    if not levels:
        return Counter()
    top = 0
    need = 0  # meetings to bring every pair below ``top`` up to it
    below = 0  # pairs at or below ``top``
    while True:
        below += levels.get(top, 0)
        if below and need + below > units:
            break
        need += below
        top += 1
    filled: Counter[int] = Counter({m: c for m, c in levels.items() if m > top})
    left = units - need
    filled[top] += below - left
    filled[top + 1] += left
    return +filled


def _pair(m: int, cap: int, unmet: int) -> int:
    """What a pair that meets ``m`` times over the night costs, in units of _REPEAT.

    m squared spreads repeats thin; a pair that never meets costs ``unmet`` on top,
    because every pair left unmet is one more repeat somewhere else (the
    meetings a night seats are fixed, and E = meetings - pairs that met); and
    each meeting beyond ``cap`` costs _OVER, so no pair meets much more often
    than the night's average demands.
    """
    return m * m + (unmet if m == 0 else 0) + _OVER * max(0, m - cap)


def _seat(c: int, cap: int) -> int:
    """What ``c`` rounds at one odd table size cost a player, in units of the size weights.

    c squared rotates the odd tables; beyond ``cap`` (one more than the fair
    share) each round costs _SIZE_OVER on top, so nobody is stuck there.
    """
    return c * c + _SIZE_OVER * max(0, c - cap)


def _seat_caps(had: list[list[int]]) -> list[int]:
    """Per odd size: one more than its seats shared out evenly."""
    n = max(1, len(had))
    return [-(-sum(row[k] for row in had) // n) + 1 for k in range(len(had[0]) if had else 0)]


def _cap(met: list[list[int]]) -> int:
    """One more than the fewest meetings the most-met pair can have."""
    n = len(met)
    pairs = n * (n - 1) // 2
    total = sum(map(sum, met)) // 2
    return -(-total // pairs) + 1 if pairs else 1


def _repack(fragments: list[list[int]], sizes: list[int], rng: random.Random) -> list[list[int]]:
    """Seat what is left of a design's tables at tables of ``sizes``.

    Fragments that fit a table exactly keep it; the others are poured, the
    largest first, into the tables still open, so most stay together.
    """
    need = Counter(sizes)
    tables: list[list[int]] = []
    pour: list[int] = []
    fragments = fragments[:]
    rng.shuffle(fragments)  # so a different table takes the odd seats each round
    for fragment in sorted(fragments, key=len, reverse=True):
        if fragment and need[len(fragment)]:
            need[len(fragment)] -= 1
            tables.append(fragment)
        else:
            pour.extend(fragment)
    for size in sorted(need.elements(), reverse=True):
        tables.append(pour[:size])
        pour = pour[size:]
    return tables


def _design_start(
    design: Design,
    players: list[int],
    seated: list[list[int]],
    sizes: list[list[int]],
    met: list[list[int]],
    rng: random.Random,
    unmet: int,
) -> list[list[list[int]]]:
    """Each round one of the design's classes, fitted to who is seated.

    A design for more players loses its last points. One for fewer seats each
    player left over at the design table whose players they have met least,
    making it one bigger. The classes that fit the first round best come
    first; rounds beyond the design's classes are seated greedily (see
    :func:`_greedy`), or for a transversal design in its columns.
    """
    points = players[:]
    rng.shuffle(points)
    extra = points[design.points :]

    def fragments(classes: Round, here: set[int]) -> list[list[int]]:
        return [[points[p] for p in t if p < len(points) and points[p] in here] for t in classes]

    def fit(classes: Round) -> int:
        need = Counter(sizes[0])
        whole = 0
        for fragment in fragments(classes, set(seated[0])):
            if need[len(fragment)]:
                need[len(fragment)] -= 1
                whole += len(fragment)
        return whole

    order = sorted(design.classes, key=lambda c: -fit(c))
    met = [row[:] for row in met]
    start = []
    for classes, here, split in zip(order, seated, sizes, strict=False):
        present = set(here)
        tables = _seat_extra(fragments(classes, present), extra, present, split, met)
        tables = _repack(tables, split, rng)
        _meet(met, tables)
        start.append(tables)
    later = list(zip(seated[len(start) :], sizes[len(start) :], strict=True))
    if later and design.groups:
        start.extend(_fill_groups(design, points, later, met, rng, unmet))
    else:
        for here, split in later:
            tables = _greedy(here, split, met, rng)
            _meet(met, tables)
            start.append(tables)
    return start


def _seat_extra(
    tables: list[list[int]],
    extra: list[int],
    present: set[int],
    split: list[int],
    met: list[list[int]],
) -> list[list[int]]:
    """Seat each present player the design has no point for at the table one short of a
    size in ``split`` whose players they have met least, or else at a table of their own."""
    bigger = [t for t in tables if len(t) + 1 in split]
    for player in extra:
        if player not in present:
            continue
        if bigger:
            table = min(bigger, key=lambda t, row=met[player]: sum(row[x] for x in t))
            bigger.remove(table)
            table.append(player)
        else:
            tables.append([player])
    return tables


def _fill_groups(
    design: Design,
    points: list[int],
    later: list[tuple[list[int], list[int]]],
    met: list[list[int]],
    rng: random.Random,
    unmet: int,
) -> list[list[list[int]]]:
    """Rounds after a transversal design's last class: its columns, which never met.

    Each column is seated on its own at full tables plus one table of what is
    left, for all the later rounds together; each round then joins the
    columns' leftovers to make up the room's table sizes.
    """
    k = max(len(t) for t in design.classes[0])
    by_round: list[list[list[int]]] = [[] for _ in later]
    for group in design.groups:
        members = [points[p] for p in group if p < len(points)]
        rounds = []
        for here, _ in later:
            present = set(here)
            column = [p for p in members if p in present]
            full, rest = divmod(len(column), k)
            rounds.append((column, [k] * full + ([rest] if rest else [])))
        # A round where none of this column is seated (its one player sits out) has
        # nothing to search: only the others are optimised.
        active = [r for r, (_, split) in enumerate(rounds) if split]
        if not active:
            continue
        start = [_greedy(*rounds[r], met, rng) for r in active]
        steps = _GROUP_STEPS * len(members)
        tables = _optimise(start, met, [[] for _ in met], {}, steps, rng, _Weights(unmet, 0))
        for r, round_tables in zip(active, tables, strict=True):
            by_round[r].extend(round_tables)
    for (here, _), fragments in zip(later, by_round, strict=True):
        seated = {p for t in fragments for p in t}
        fragments.extend([p] for p in here if p not in seated)
    return [
        _repack(fragments, split, rng)
        for fragments, (_, split) in zip(by_round, later, strict=True)
    ]


def _meet(met: list[list[int]], tables: list[list[int]]) -> None:
    for table in tables:
        for a in table:
            row = met[a]
            for b in table:
                if a != b:
                    row[b] += 1


def _greedy(
    here: list[int], split: list[int], met: list[list[int]], rng: random.Random
) -> list[list[int]]:
    """One round, table by table: each next player the one who has met the table least."""
    left = here[:]
    rng.shuffle(left)
    tables = []
    for size in split:
        table = [left.pop()]
        while len(table) < size:
            best = min(range(len(left)), key=lambda i: sum(met[left[i]][x] ** 2 for x in table))
            table.append(left.pop(best))
        tables.append(table)
    return tables


def _shuffled(here: list[int], split: list[int], rng: random.Random) -> list[list[int]]:
    order = here[:]
    rng.shuffle(order)
    tables, at = [], 0
    for size in split:
        tables.append(order[at : at + size])
        at += size
    return tables


def _search(
    present: list[P],
    history: list[Plan],
    seated: list[list[P]],
    sizes: list[list[int]],
    preferred: int,
    rng: random.Random,
    effort: float,
    prior: Mapping[frozenset, int] | None = None,
    rules: Rules | None = None,
) -> list[list[list[P]]]:
    """Group each round's players into tables, all rounds at once.

    Earlier nights' meetings (``prior``) count as meetings played before
    tonight, so a pair that met then costs more to seat again; how crowded the
    night is (the weights) is judged from tonight's meetings alone, so a
    season's memory does not change how the odd tables are shared out.
    """
    rules = rules or Rules()
    n = len(present)
    index = {p: i for i, p in enumerate(present)}
    met = _met_matrix(meetings(history), index)
    # Odd sizes: every table size but the usual one, each tracked per player.
    usual = _usual_size(sizes, preferred)
    odd = sorted({s for split in sizes for s in split} - {usual})
    past = _History.read(history)
    had = [[past.sizes.get(p, Counter())[s] for s in odd] for p in present]
    odd_id = {s: k for k, s in enumerate(odd)}
    here = [[index[p] for p in players] for players in seated]

    # The more often every pair meets anyway, the more sharing out the odd tables is
    # what is left to do well.
    planned = sum(size * (size - 1) // 2 for split in sizes for size in split)
    density = (planned + sum(map(sum, met)) // 2) / max(1, n * (n - 1) // 2)
    _add_prior(met, index, prior)
    weights = _Weights(
        _UNMET[min(int(density), len(_UNMET) - 1)],
        _SIZE[min(int(density), len(_SIZE) - 1)],
        fewest=density < 2,
    )
    starts = [[_shuffled(h, split, rng) for h, split in zip(here, sizes, strict=True)]]
    grow = sizes[0].count(usual + 1)
    for design in designs_for(max(len(h) for h in here), usual, grow):
        starts.append(_design_start(design, list(range(n)), here, sizes, met, rng, weights.unmet))
    fitted = [_fitted(s, present, history, seated, sizes, preferred, rules, rng) for s in starts]
    fitted.sort(key=lambda f: _start_cost(f[0], met, had, odd_id, weights))
    fitted = fitted[:_RACERS]

    def guarded(schedule: list[list[list[int]]]) -> _NightGuard:
        """The guard for a search from ``schedule``, its slack read off its odd tables."""
        odd_now = [
            {present[p] for t in tables if len(t) != usual_size(split, preferred) for p in t}
            for tables, split in zip(schedule, sizes, strict=True)
        ]
        slack = slack_for(history, seated, sizes, preferred, odd_now).renamed(index)
        return _NightGuard.of(rules, sizes, preferred, slack, index, schedule)

    steps = effort * min(_STEPS[2], _STEPS[0] + _STEPS[1] * sum(map(len, here)))
    steps = int(steps * (_DENSE_STEPS if density >= 2 else 1))
    before = ([row[:] for row in met], [row[:] for row in had])

    def fresh() -> None:
        met[:] = [row[:] for row in before[0]]
        had[:] = [row[:] for row in before[1]]

    remembering = bool(prior)
    loose_steps = int(steps * _LOOSE_SHARE[density >= 1]) if weights.fewest and not prior else 0
    race_steps = int(steps * _RACE_SHARE) if len(fitted) > 1 and weights.fewest else 0
    members, slack = fitted[0]
    guard = _NightGuard.of(rules, sizes, preferred, slack, index, members)
    if race_steps:
        # A design start can be a trap the search cannot leave: each start gets a
        # short search, and the main one goes on from the best of them.
        raced = []
        for start, slack in fitted:
            fresh()
            guard = _NightGuard.of(rules, sizes, preferred, slack, index, start)
            tried = _optimise(
                start,
                met,
                had,
                odd_id,
                race_steps,
                rng,
                weights,
                remembering=remembering,
                guard=guard,
            )
            raced.append((_start_cost(tried, *before, odd_id, weights), len(raced), tried))
        members = min(raced)[2]
        guard = guarded(members)
    fresh()
    main = steps - loose_steps - race_steps * len(fitted) if race_steps else steps - loose_steps
    members = _optimise(
        members, met, had, odd_id, max(0, main), rng, weights, remembering=remembering, guard=guard
    )
    if loose_steps:
        # A last pass where a pair may meet more often than the cap: the fewest
        # repeats can need that (the fewer pairs meet again, the more often).
        fresh()
        loose = _Weights(_LOOSE_UNMET, 0, loose=True, fewest=True)
        members = _optimise(
            members, met, had, odd_id, loose_steps, rng, loose, guard=guarded(members)
        )
    return [[[present[p] for p in table] for table in tables] for tables in members]


def _optimise(
    start: list[list[list[int]]],
    met: list[list[int]],
    had: list[list[int]],
    odd_id: dict[int, int],
    steps: int,
    rng: random.Random,
    weights: _Weights,
    *,
    remembering: bool = False,
    guard: _NightGuard | None = None,
) -> list[list[list[int]]]:
    """Anneal the schedule ``start`` (players as indices into ``met``); return the best found.

    ``met`` and ``had`` hold what was played before ``start``; both are updated
    to include the returned schedule. ``remembering`` (earlier nights are in
    ``met``) bounds the pairs' cost from what was played before (see _floor).
    """
    n = len(met)
    rounds = len(start)
    members = [[table[:] for table in tables] for tables in start]
    here = [[p for table in tables for p in table] for tables in start]
    pos = [[-1] * n for _ in range(rounds)]
    slot = [[0] * n for _ in range(rounds)]
    table_odd = [[odd_id.get(len(t), -1) for t in tables] for tables in start]
    base = [row[:] for row in met]
    base_had = [row[:] for row in had]
    for r, tables in enumerate(members):
        _meet(met, tables)
        for t, table in enumerate(tables):
            for s, p in enumerate(table):
                pos[r][p] = t
                slot[r][p] = s
            if table_odd[r][t] >= 0:
                for p in table:
                    had[p][table_odd[r][t]] += 1
    floor = _floor(met, had, weights, base if remembering else None, guard.locked if guard else ())
    _anneal(
        met,
        had,
        members,
        pos,
        slot,
        table_odd,
        here,
        floor,
        steps,
        rng,
        weights,
        guard,
        remembering,
    )
    # The annealing returns its best schedule, not its last: count that one.
    met[:] = base
    had[:] = base_had
    for r, tables in enumerate(members):
        _meet(met, tables)
        for t, table in enumerate(tables):
            if table_odd[r][t] >= 0:
                for p in table:
                    had[p][table_odd[r][t]] += 1
    return members


def _start_cost(
    start: list[list[list[int]]],
    met: list[list[int]],
    had: list[list[int]],
    odd_id: dict,
    weights: _Weights,
) -> int:
    extra: Counter[tuple[int, int]] = Counter()
    sizes: Counter[tuple[int, int]] = Counter()
    for tables in start:
        for table in tables:
            for a in range(len(table)):
                for b in range(a + 1, len(table)):
                    extra[min(table[a], table[b]), max(table[a], table[b])] += 1
            if len(table) in odd_id:
                for p in table:
                    sizes[p, odd_id[len(table)]] += 1
    pairs = max(1, len(met) * (len(met) - 1) // 2)
    cap = -(-(sum(map(sum, met)) // 2 + sum(extra.values())) // pairs) + 1
    rep = sum(
        _pair(met[a][b] + c, cap, weights.unmet) - _pair(met[a][b], cap, weights.unmet)
        for (a, b), c in extra.items()
    )
    total = [row[:] for row in had]
    for (p, k), c in sizes.items():
        total[p][k] += c
    caps = _seat_caps(total)
    size = sum(_seat(total[p][k], caps[k]) - _seat(had[p][k], caps[k]) for (p, k) in sizes)
    return _REPEAT * rep + weights.size * size


def _cost(met: list[list[int]], had: list[list[int]], cap: int, weights: _Weights) -> int:
    n = len(met)
    rep = sum(_pair(met[a][b], cap, weights.unmet) for a in range(n) for b in range(a + 1, n))
    return _REPEAT * rep + _sized(had, weights)


def _sized(had: list[list[int]], weights: _Weights) -> int:
    caps = _seat_caps(had)
    return weights.size * sum(_seat(c, caps[k]) for row in had for k, c in enumerate(row))


def _floor(
    met: list[list[int]],
    had: list[list[int]],
    weights: _Weights,
    base: list[list[int]] | None = None,
    locked: Sequence[bool] = (),
) -> tuple[int, int]:
    """Costs no schedule can beat, for the pairs and for the odd seats.

    Two ``locked`` players (the host's constraints hold them at their tables) never
    move, so what their pair costs now is what it will cost: a pair kept together
    meets every round, and spreading its meetings over the room would set a floor
    no schedule reaches, which keeps a big room searching its whole budget.

    Meetings and odd seats spread as evenly as can be; the history may not
    allow that, so the floor is a bound, not a promise. With ``base`` (the
    meetings before the schedule, earlier nights' among them) the schedule's
    meetings are spread from there, lowest first: a season's memory makes the
    even spread unreachable, and a floor that cannot be reached would keep a
    big room searching for its whole budget.
    """
    n = len(met)
    cap = 10**9 if weights.loose else _cap(met)  # as _anneal prices the uncapped pass
    stuck = [a for a in range(n) if a < len(locked) and locked[a]]
    fixed = [(a, b) for i, a in enumerate(stuck) for b in stuck[i + 1 :]]
    rep = sum(_pair(met[a][b], cap, weights.unmet) for a, b in fixed)
    units = sum(met[a][b] for a in range(n) for b in range(a + 1, n))
    units -= sum(met[a][b] for a, b in fixed)
    if base is None:
        levels = _water_fill(n * (n - 1) // 2 - len(fixed), units)
    else:
        before = Counter(base[a][b] for a in range(n) for b in range(a + 1, n))
        before.subtract(Counter(base[a][b] for a, b in fixed))
        levels = _water_fill_from(+before, units - sum(m * c for m, c in before.items()))
    rep += sum(_pair(level, cap, weights.unmet) * count for level, count in levels.items())
    size = 0
    for k, cap_k in enumerate(_seat_caps(had)):
        column = [row[k] for row in had]
        levels = _water_fill(len(column), sum(column))
        size += sum(_seat(x, cap_k) * c for x, c in levels.items())
    return _REPEAT * rep, weights.size * size


@dataclass
class _Best:
    """Where a search stands: the schedule's cost (and its odd-table part) and the best seen.

    Beside the cheapest schedule it keeps the one with the fewest repeat
    meetings among those where no pair meets more than one over the cap
    (``tally``): the cost spreads repeats thin, which on short crowded nights
    can cost a repeat or two more than the fewest there are, and the repeats
    are what a host counts.
    """

    cost: int
    sized: int
    best: int
    state: list[list[list[int]]]
    tally: _Tally | None = None
    repeats_at_best: int = 0
    fewest: int = 0
    fewest_cost: int = 0
    fewest_state: list[list[list[int]]] | None = None

    def record(self, cost: int, members: list[list[list[int]]]) -> None:
        """``members``, at ``cost``, is the best schedule yet."""
        self.best = cost
        self.state = [[t[:] for t in tables] for tables in members]
        if self.tally is not None:
            self.repeats_at_best = self.tally.repeats

    def consider(self, cost: int, members: list[list[list[int]]]) -> None:
        """Keep ``members`` if it has the fewest repeats yet (ties: the cheaper)."""
        tally = self.tally
        if tally is None or tally.over:
            return
        if tally.repeats < self.fewest or (
            tally.repeats == self.fewest and cost < self.fewest_cost
        ):
            self.fewest, self.fewest_cost = tally.repeats, cost
            self.fewest_state = [[t[:] for t in tables] for tables in members]

    def result(self) -> list[list[list[int]]]:
        """The cheapest schedule, or one with fewer repeats where the search saw one."""
        if self.fewest_state is not None and self.fewest < self.repeats_at_best:
            return self.fewest_state
        return self.state


class _Tally:
    """Repeat meetings (beyond the first, history included) and meetings over ``cap``,
    kept current by the swaps. ``cap`` is one more than the search's own (see _cap)."""

    def __init__(self, met: list[list[int]], cap: int) -> None:
        n = len(met)
        self.cap = cap
        self.repeats = sum(max(0, met[a][b] - 1) for a in range(n) for b in range(a + 1, n))
        self.over = sum(max(0, met[a][b] - cap) for a in range(n) for b in range(a + 1, n))

    def swapped(
        self, mp: list[int], mq: list[int], a: list[int], p: int, b: list[int], q: int
    ) -> None:
        """p leaves table ``a`` for table ``b`` and q the other way (before the counts move)."""
        cap = self.cap
        repeats = over = 0
        for x in a:
            if x != p:
                m, n = mp[x], mq[x]  # p and x meet once less, q and x once more
                repeats += (n >= 1) - (m >= 2)
                over += (n >= cap) - (m > cap)
        for y in b:
            if y != q:
                m, n = mq[y], mp[y]
                repeats += (n >= 1) - (m >= 2)
                over += (n >= cap) - (m > cap)
        self.repeats += repeats
        self.over += over


def _anneal(
    met: list[list[int]],
    had: list[list[int]],
    members: list[list[list[int]]],
    pos: list[list[int]],
    slot: list[list[int]],
    table_odd: list[list[int]],
    here: list[list[int]],
    floor: tuple[int, int],
    steps: int,
    rng: random.Random,
    weights: _Weights,
    guard: _NightGuard | None = None,
    remembering: bool = False,
) -> None:
    """Simulated annealing over swaps of two players at different tables of one round.

    Works in place on the state. A swap is priced from the two tables'
    members alone: p leaving table A lowers each m(p, x) by one, q joining
    raises m(q, x), and so on. The search stops once the pairs cost their
    ``floor`` and the odd seats are close to theirs: nothing better can exist.
    Then a short tabu search polishes (see :func:`_tabu_polish`).
    """
    cap = _cap(met)
    tally_cap = cap + 1
    if weights.loose:
        cap = len(met) * len(members)
    cost = _cost(met, had, cap, weights)
    progress = _Best(cost, _sized(had, weights), cost, [[t[:] for t in ts] for ts in members])
    start_members = [[t[:] for t in tables] for tables in members]
    start_repeats = 0
    if weights.fewest and not remembering:
        tally = _Tally(met, tally_cap)
        start_repeats = tally.repeats
        progress.tally = tally
        progress.repeats_at_best = progress.fewest = tally.repeats
        progress.fewest_cost = cost
    price = _pricer(met, had, members, pos, table_odd, cap, weights)
    level = 1 if remembering else _focus_level(met)
    repeats = _Repeats(met, members, pos, here, level)
    swap = _swapper(met, had, members, pos, slot, table_odd, repeats, progress.tally)
    if guard is not None:
        guard.pos = pos
    moves = _Moves(met, members, pos, here, price, swap, guard, repeats)
    enough = floor[0] + floor[1] + weights.size * _SIZE_SLACK * len(had)
    _annealing(progress, moves, floor[0], enough, steps, rng)
    _tabu_polish(progress, moves, floor[0], steps, rng)
    if weights.loose:
        # The uncapped pass is for fewer repeats only: without them, keep the start.
        start_state = [[t[:] for t in tables] for tables in start_members]
        best = progress.fewest_state if progress.fewest < start_repeats else start_state
        best = best or start_state
    else:
        best = progress.result()
    for r in range(len(members)):
        members[r] = best[r]


def _step_costs(
    met: list[list[int]], had: list[list[int]], rounds: int, cap: int, weights: _Weights
) -> tuple[list[int], list[int], list[list[int]], list[list[int]]]:
    """What one more or one less of something costs, looked up instead of computed.

    up[m]: a pair meeting once more after m meetings; down[m]: once less;
    seat_up[k][c] and seat_down[k][c]: a player's c-th round at odd size k, one more or less.
    """
    caps = _seat_caps(had)
    most_seats = rounds + max((max(row) for row in had if row), default=0) + 2
    seat_up = [
        [weights.size * (_seat(c + 1, cap_k) - _seat(c, cap_k)) for c in range(most_seats)]
        for cap_k in caps
    ]
    seat_down = [
        [
            weights.size * (_seat(c - 1, cap_k) - _seat(c, cap_k)) if c else 0
            for c in range(most_seats)
        ]
        for cap_k in caps
    ]
    most = max(max(row) for row in met) + rounds + 2
    up = [
        _REPEAT * (_pair(m + 1, cap, weights.unmet) - _pair(m, cap, weights.unmet))
        for m in range(most)
    ]
    down = [
        _REPEAT * (_pair(m - 1, cap, weights.unmet) - _pair(m, cap, weights.unmet)) if m else 0
        for m in range(most)
    ]
    return up, down, seat_up, seat_down


type _Price = Callable[[int, int, int], tuple[int, int]]
type _Swap = Callable[[int, int, int], None]


def _pricer(
    met: list[list[int]],
    had: list[list[int]],
    members: list[list[list[int]]],
    pos: list[list[int]],
    table_odd: list[list[int]],
    cap: int,
    weights: _Weights,
) -> _Price:
    """``price(r, p, q)``: what swapping p and q in round r changes, from the lookups."""
    up, down, seat_up, seat_down = _step_costs(met, had, len(members), cap, weights)

    def price(r: int, p: int, q: int) -> tuple[int, int]:
        """What swapping p and q in round r changes: (cost, of which the odd tables)."""
        a, b = pos[r][p], pos[r][q]
        mp, mq = met[p], met[q]
        delta = 0
        for x in members[r][a]:
            if x != p:
                delta += up[mq[x]] + down[mp[x]]
        for y in members[r][b]:
            if y != q:
                delta += up[mp[y]] + down[mq[y]]
        sa, sb = table_odd[r][a], table_odd[r][b]
        dsize = 0
        if sa != sb:
            if sa >= 0:  # p leaves an odd table, q joins it
                dsize += seat_down[sa][had[p][sa]] + seat_up[sa][had[q][sa]]
            if sb >= 0:
                dsize += seat_down[sb][had[q][sb]] + seat_up[sb][had[p][sb]]
        return delta + dsize, dsize

    return price


def _swapper(
    met: list[list[int]],
    had: list[list[int]],
    members: list[list[list[int]]],
    pos: list[list[int]],
    slot: list[list[int]],
    table_odd: list[list[int]],
    repeats: _Repeats,
    tally: _Tally | None = None,
) -> _Swap:
    """``swap(r, p, q)``: swap p and q in round r, keeping the meetings, the odd seats and
    the places with a repeat (``repeats``) current."""
    level = repeats.level

    def swap(r: int, p: int, q: int) -> None:
        a, b = pos[r][p], pos[r][q]
        mp, mq = met[p], met[q]
        raised = []
        if tally is not None:
            tally.swapped(mp, mq, members[r][a], p, members[r][b], q)
        for x in members[r][a]:
            if x != p:
                mp[x] -= 1
                met[x][p] -= 1
                m = mq[x] + 1
                mq[x] = m
                met[x][q] = m
                if m > level:
                    raised.append((q, x, m))
        for y in members[r][b]:
            if y != q:
                mq[y] -= 1
                met[y][q] -= 1
                m = mp[y] + 1
                mp[y] = m
                met[y][p] = m
                if m > level:
                    raised.append((p, y, m))
        sa, sb = table_odd[r][a], table_odd[r][b]
        if sa != sb:
            if sa >= 0:
                had[p][sa] -= 1
                had[q][sa] += 1
            if sb >= 0:
                had[q][sb] -= 1
                had[p][sb] += 1
        sp, sq = slot[r][p], slot[r][q]
        members[r][a][sp] = q
        members[r][b][sq] = p
        pos[r][p], pos[r][q] = b, a
        slot[r][p], slot[r][q] = sq, sp
        if raised:
            repeats.raised(r, raised)

    return swap


class _Repeats:
    """The places (round, player) where a player meets someone at their table more than
    ``level`` times: where a move can take a repeat away, so where the search looks first.

    Kept loosely, so a swap stays cheap: a swap lists every place it may have made
    one (see :meth:`raised`), and a place drawn that no longer is one is dropped
    then (see :meth:`draw`). Drawing from the list gives what drawing places at
    random until one has a repeat would give, without the misses.
    """

    def __init__(
        self,
        met: list[list[int]],
        members: list[list[list[int]]],
        pos: list[list[int]],
        here: list[list[int]],
        level: int,
    ) -> None:
        self.met, self.members, self.pos, self.here, self.level = met, members, pos, here, level
        self.n = len(met)
        self.rounds = len(members)
        self.seats = max(1, sum(map(len, here)))
        self.listed = bytearray(self.rounds * self.n)
        self.keys: list[int] = []
        for r, tables in enumerate(members):
            for table in tables:
                for p in table:
                    if self.repeats(r, p):
                        self.add(r * self.n + p)

    def repeats(self, r: int, p: int) -> bool:
        mp, level = self.met[p], self.level
        # met[p][p] is 0 and level at least 1, so p never counts itself.
        return any(mp[x] > level for x in self.members[r][self.pos[r][p]])

    def add(self, key: int) -> None:
        if not self.listed[key]:
            self.listed[key] = 1
            self.keys.append(key)

    def raised(self, r: int, pairs: list[tuple[int, int, int]]) -> None:
        """Pairs (u, x, m) that now meet m > level times, the last time in round r.

        A pair that just went over ``level`` is a repeat in every round it meets.
        """
        n, listed, keys, over = self.n, self.listed, self.keys, self.level + 1
        for u, x, m in pairs:
            if m == over:
                places = [r2 * n for r2, at in enumerate(self.pos) if at[u] >= 0 and at[u] == at[x]]
            else:
                places = [r * n]
            for base in places:
                for key in (base + u, base + x):
                    if not listed[key]:
                        listed[key] = 1
                        keys.append(key)

    def drawer(self) -> Callable[[int, Callable[[], float]], tuple[int, int, bool]]:
        """``draw(draws, random_)``: a round and a player, as if drawn at random up to
        ``draws`` times until one has a repeat: such a place with the chance that that
        finds one, else any place; and whether the place has a repeat."""
        keys, listed, n, met, members, pos, level = (
            self.keys,
            self.listed,
            self.n,
            self.met,
            self.members,
            self.pos,
            self.level,
        )
        seats, here = self.seats, self.here
        busy = [r for r in range(self.rounds) if here[r]]  # a round may seat nobody here

        def draw(draws: int, random_: Callable[[], float]) -> tuple[int, int, bool]:
            while keys:
                share = len(keys) / seats
                if share < 1.0 and random_() < (1.0 - share) ** draws:
                    break
                i = int(random_() * len(keys))
                key = keys[i]
                r, p = divmod(key, n)
                mp = met[p]
                for x in members[r][pos[r][p]]:
                    if mp[x] > level:
                        return r, p, True
                keys[i] = keys[-1]
                keys.pop()
                listed[key] = 0
            r = busy[int(random_() * len(busy))]
            players = here[r]
            return r, players[int(random_() * len(players))], False

        return draw


class _Moves(NamedTuple):
    """The schedule being searched (see _optimise) and the two moves on it."""

    met: list[list[int]]
    members: list[list[list[int]]]
    pos: list[list[int]]
    here: list[list[int]]
    price: _Price
    swap: _Swap
    guard: _NightGuard | None
    repeats: _Repeats


def _focus_level(met: list[list[int]]) -> int:
    """Meetings a pair may have before the search looks at it first: once in a roomy
    night, the average where every pair meets again anyway."""
    n = len(met)
    pairs = n * (n - 1) // 2
    return max(1, sum(map(sum, met)) // 2 // pairs) if pairs else 1


def _annealing(
    progress: _Best, moves: _Moves, pairs_floor: int, enough: int, steps: int, rng: random.Random
) -> None:
    """The annealing proper: ``steps`` at most, cooling ``_CYCLES`` times, focused on repeats."""
    cost, sized = progress.cost, progress.sized
    _met, members, pos, here, price, swap, guard, repeats = moves
    draw = repeats.drawer()
    random_ = rng.random
    exp = math.exp
    start_temp, final = _TEMPERATURE
    cycle = max(1, steps // _CYCLES)
    cool = (final / start_temp) ** (1.0 / cycle)
    temp = start_temp
    stop = steps
    for step in range(steps):
        if cost - sized <= pairs_floor:
            # No pair can do better: rotate the odd tables for a little longer at most.
            if cost <= enough:
                break
            stop = min(stop, step + steps // 10)
        if step >= stop:
            break
        temp = start_temp if step % cycle == 0 else temp * cool
        r, p, _ = draw(_FOCUS, random_)
        if len(members[r]) < 2:
            continue
        players = here[r]
        q = players[int(random_() * len(players))]
        if pos[r][p] == pos[r][q]:
            continue
        why = guard.check(r, p, q) if guard is not None else 0
        if why == _HARD:
            continue
        delta, dsize = price(r, p, q)
        if not why and delta > 0 and random_() >= exp(-delta / temp):
            continue
        if guard is not None:
            if why == _SLACK:
                # Unfair on its own: undo it in another round (p and q trade back).
                r2 = guard.partner(r, p, q, random_)
                if r2 is None:
                    continue
                swap(r, p, q)
                more, more_size = price(r2, p, q)
                if guard.check(r2, p, q, fairness=False) or (
                    delta + more > 0 and random_() >= exp(-(delta + more) / temp)
                ):
                    swap(r, p, q)
                    continue
                guard.traded(r, r2, p, q)
                swap(r2, p, q)
                delta += more
                dsize += more_size
            else:
                guard.moved(r, p, q)
                swap(r, p, q)
        else:
            swap(r, p, q)
        cost += delta
        sized += dsize
        if cost < progress.best:
            progress.record(cost, members)
        if progress.tally is not None and progress.tally.repeats <= progress.fewest:
            progress.consider(cost, members)
    progress.cost, progress.sized = cost, sized


def _tabu_polish(
    progress: _Best, moves: _Moves, pairs_floor: int, steps: int, rng: random.Random
) -> None:
    """Tabu search from where the annealing ended.

    The best swap of one player who meets someone again, even uphill, and
    neither player moves again for a while.
    """
    cost, sized = progress.cost, progress.sized
    met, members, pos, here, price, swap, guard, repeats = moves
    draw = repeats.drawer()
    rounds = len(members)
    random_ = rng.random
    tabu = [[0] * len(met) for _ in range(rounds)]
    shortest, longest = _TABU_TENURE
    for step in range(1, int(steps * _TABU_SHARE) + 1):
        if cost - sized <= pairs_floor:
            break
        r, p, found = draw(_TABU_DRAWS, random_)
        if not found:
            continue
        move = None
        for q in here[r]:
            if pos[r][q] == pos[r][p]:
                continue
            delta, dsize = price(r, p, q)
            if move is not None and delta >= move[0]:
                continue
            if (tabu[r][p] > step or tabu[r][q] > step) and cost + delta >= progress.best:
                continue
            if guard is not None and guard.blocks(r, p, q):
                continue
            move = (delta, dsize, q)
        if move is None:
            continue
        delta, dsize, q = move
        if guard is not None:
            guard.moved(r, p, q)
        swap(r, p, q)
        cost += delta
        sized += dsize
        tabu[r][p] = step + shortest + int(random_() * (longest - shortest + 1))
        tabu[r][q] = step + shortest + int(random_() * (longest - shortest + 1))
        if cost < progress.best:
            progress.record(cost, members)
        if progress.tally is not None and progress.tally.repeats <= progress.fewest:
            progress.consider(cost, members)
    progress.cost, progress.sized = cost, sized


def _fitted(
    start: list[list[list[int]]],
    present: list[P],
    history: list[Plan],
    seated: list[list[P]],
    sizes: list[list[int]],
    preferred: int,
    rules: Rules,
    rng: random.Random,
) -> tuple[list[list[list[int]]], Slack]:
    """``start`` made to keep the hard rules: a fair rotation of the odd tables, the constraints.

    Each round's tables come back in the order of its split.
    """
    proposals = [[[present[p] for p in table] for table in tables] for tables in start]
    index = {p: i for i, p in enumerate(present)}
    best: tuple[int, list[list[list[int]]], Slack] | None = None
    for attempt in range(_ATTEMPTS if rules else 1):
        hints = proposals if attempt < _ATTEMPTS // 2 else [[] for _ in proposals]
        odd, slack = fair_rounds(history, seated, sizes, preferred, hints, rules, rng)
        fixed = []
        placed = []
        try:
            for r, (here, split) in enumerate(zip(seated, sizes, strict=True)):
                flags = odd_flags(split, preferred)
                groups = place(split, flags, here, odd[r], rules, proposals[r], rng)
                fixed.append([[index[p] for p in group] for group in groups])
                placed.append({p for g, f in zip(groups, flags, strict=True) if f for p in g})
        except ConstraintError:
            if attempt == _ATTEMPTS - 1 and best is None:
                raise
            continue
        # The rules can lead the round-by-round choice into an unfair share (see
        # fair.overshoot); a search keeps its start's share, so draw again.
        miss = overshoot(history, seated, sizes, preferred, placed) if rules else 0
        if best is None or miss < best[0]:
            if placed != odd:  # the exact search's fallback moved someone: read it again
                slack = slack_for(history, seated, sizes, preferred, placed)
            best = (miss, fixed, slack)
        if miss == 0:
            break
    assert best is not None
    return best[1], best[2].renamed(index)


_HARD = 1
_SLACK = 2
_ATTEMPTS = 20
"""Draws of who sits at the odd tables before the constraints are declared impossible."""


class _NightGuard:
    """The hard rules a swap in the night search must keep (see ``core._Guard``)."""

    def __init__(
        self,
        locked: list[bool],
        apart: list[tuple[int, ...]],
        odd: list[list[bool]],
        slack: Slack,
    ) -> None:
        self.locked = locked
        self.apart = apart
        self.odd = odd
        self.slack = slack
        self.pos: list[list[int]] = []

    @classmethod
    def of(
        cls,
        rules: Rules,
        sizes: list[list[int]],
        preferred: int,
        slack: Slack,
        index: Mapping[P, int],
        start: list[list[list[int]]],
    ) -> _NightGuard:
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
        odd = [odd_flags(split, preferred) for split in sizes]
        return cls(locked, apart, odd, slack)

    def blocks(self, r: int, p: int, q: int) -> bool:
        return self.check(r, p, q) != 0

    def check(self, r: int, p: int, q: int, *, fairness: bool = True) -> int:
        """0 if swapping p and q in round r keeps every rule, else what it breaks:
        _HARD (a constraint) or _SLACK (only the fair share of the odd tables)."""
        if self.locked[p] or self.locked[q]:
            return _HARD
        pos = self.pos[r]
        a, b = pos[p], pos[q]
        for x in self.apart[p]:
            if x != q and pos[x] == b:
                return _HARD
        for x in self.apart[q]:
            if x != p and pos[x] == a:
                return _HARD
        odd = self.odd[r]
        if fairness and odd[a] != odd[b]:
            leaves, joins = (p, q) if odd[a] else (q, p)
            if not self.slack.allows(r, leaves, joins):
                return _SLACK
        return 0

    def partner(self, r: int, p: int, q: int, random_: Callable[[], float]) -> int | None:
        """A round where p and q can trade odd and ordinary tables back, fairly in between."""
        pos = self.pos
        leaves, joins = (p, q) if self.odd[r][pos[r][p]] else (q, p)
        rounds = len(pos)
        first = int(random_() * rounds)
        for k in range(rounds):
            r2 = (first + k) % rounds
            if r2 == r:
                continue
            tl, tj = pos[r2][leaves], pos[r2][joins]
            if tl < 0 or tj < 0 or self.odd[r2][tl] or not self.odd[r2][tj]:
                continue
            if self.slack.allows_between(r, r2, leaves, joins):
                return r2
        return None

    def traded(self, r: int, r2: int, p: int, q: int) -> None:
        """p and q traded in round r and back in round r2 (call before the swap in r2).

        Who leaves the odd table in round r is read off round r2, not swapped yet
        (there they sit the other way round): the search swaps round r first to
        price round r2, and reading round r then named the two the wrong way round,
        so the slack drifted and a night came out with a spread of 3 midway.
        """
        leaves, joins = (q, p) if self.odd[r2][self.pos[r2][p]] else (p, q)
        self.slack.trade(r, r2, leaves, joins)

    def moved(self, r: int, p: int, q: int) -> None:
        pos = self.pos[r]
        a, b = pos[p], pos[q]
        odd = self.odd[r]
        if odd[a] != odd[b]:
            leaves, joins = (p, q) if odd[a] else (q, p)
            self.slack.moved(r, leaves, joins)
