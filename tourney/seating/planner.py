"""The seating engine's two entry points: seat the next round, or plan the night.

A round can be planned on its own (``standings`` and ``random`` always are:
standings need the scores so far, and random seating has nothing to plan) or
as part of the whole night (``mix`` with the night's length known): then every
remaining round is optimised together by :mod:`tourney.seating.night`, and the
next round is read off that plan. The plan is anchored at the last round where
attendance changed, so a night seated round by round follows the plan printed
at its start until someone arrives or leaves, and only then is re-planned from
the next round; played rounds are never touched.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from functools import lru_cache

from tourney.seating import night
from tourney.seating.balance import balanced_groups
from tourney.seating.constraints import ConstraintError, Constraints
from tourney.seating.core import (
    FALLBACKS,
    METHODS,
    P,
    Plan,
    _check_range,
    _History,
    _mix_groups,
    _random_groups,
    _standings_groups,
    arrange,
    share_deals,
)
from tourney.seating.fair import Rules, fair_rounds, guard_for, odd_flags, place
from tourney.seating.room import Room

_NONE = Constraints()
_ATTEMPTS = 20
"""Draws of who sits at the odd tables before the constraints are declared impossible."""

type Prior = tuple[tuple[tuple[P, P], int], ...]
"""Earlier nights' meetings as ``((a, b), weight)`` with a < b, sorted: hashable for the cache."""


def _checked(
    players: Sequence[P],
    room: Room,
    method: str,
    totals: Mapping[P, int] | None,
) -> list[P]:
    _check_range(room.min_size, room.max_size, room.preferred)
    if method not in METHODS:
        raise ValueError(f"unknown seating method {method!r}; expected one of {METHODS}")
    if room.fallback not in (None, *FALLBACKS):
        raise ValueError(f"unknown fallback {room.fallback!r}; expected None or one of {FALLBACKS}")
    if room.fallback == "short_table" and room.short_table_size is None:
        raise ValueError("fallback='short_table' needs short_table_size")
    present = sorted(set(players))
    if len(present) != len(players):
        raise ValueError("a player is listed twice")
    if method in ("standings", "rating"):
        if totals is None:
            raise ValueError(f"the {method} method needs totals")
        missing = [player for player in present if player not in totals]
        if missing:
            raise ValueError(f"no total for {missing!r}")
    return present


def plan_round(
    players: Sequence[P],
    *,
    history: Sequence[Plan],
    min_size: int,
    max_size: int,
    preferred: int,
    method: str = "mix",
    seed: int | str = 0,
    totals: Mapping[P, int] | None = None,
    short_table_size: int | None = None,
    fallback: str | None = None,
    effort: float = 1.0,
    night_rounds: int | None = None,
    prior: Mapping[frozenset, int] | None = None,
    constraints: Constraints | None = None,
) -> Plan:
    """Seat the present ``players`` for the next round.

    ``history`` is this event's earlier plans; anyone in it who has left is
    ignored and anyone new simply has no past. ``method`` is ``"mix"`` (fewest
    repeat meetings, a pair that met m times costing m squared, while rotating
    who plays at the odd-size tables), ``"standings"`` (lowest ``totals`` sit
    together, table 1 being the head table) or ``"random"`` (a seeded
    shuffle). Every method deals to whoever at the table has dealt least,
    avoids seating anyone to the left of the same player again, and never
    seats anyone at the table and seat they just had.

    With ``night_rounds`` (the night's length, played rounds included) the mix
    method plans every remaining round together and returns the next one of
    that plan; see the module docstring.

    When no split fits, ``fallback`` picks the fix: None raises
    :class:`SeatingError`, ``"short_table"`` adds the fewest tables of
    ``short_table_size`` that make a split fit, ``"sit_out"`` sits out the
    fewest players needed, those who have missed fewest rounds first (a round
    not seated counts, so ``history`` need not record ``sitting_out``).
    ``effort`` scales the optimisers' step budgets (never a clock, so plans
    stay reproducible).

    ``prior`` is what earlier nights (a season's) remember: ``{frozenset({a,
    b}): weight}``, counted by the mix method as ``weight`` meetings before
    tonight, so pairs who met often lately get fresh tables. It changes only
    who is grouped with whom: who sits out, seats, deals and where a night
    plan is anchored depend on tonight alone.

    ``constraints`` (see :mod:`tourney.seating.constraints`) are hard rules in
    every method: a pinned player sits at their table number, ``apart`` pairs
    never share a table, ``together`` groups always do (and never sit out).
    When they cannot all hold, :class:`ConstraintError` says why. Every
    method also shares out the odd-size tables fairly (see ``fair``).
    """
    room = Room(min_size, max_size, preferred, short_table_size, fallback)
    present = _checked(players, room, method, totals)
    wanted = (constraints or Constraints()).present(present)
    remembered = _prior_key(prior, present) if method == "mix" else ()
    if method == "mix" and night_rounds is not None and len(history) < night_rounds:
        return _from_night(
            present, list(history), room, night_rounds, seed, effort, remembered, wanted
        )
    return _single(
        present,
        history,
        room,
        method,
        seed,
        totals,
        effort,
        _as_mapping(remembered),
        wanted,
        night_rounds,
    )


def plan_night(
    players: Sequence[P],
    *,
    rounds: int,
    min_size: int,
    max_size: int,
    preferred: int,
    method: str = "mix",
    seed: int | str = 0,
    totals: Mapping[P, int] | None = None,
    short_table_size: int | None = None,
    fallback: str | None = None,
    history: Sequence[Plan] = (),
    effort: float = 1.0,
    prior: Mapping[frozenset, int] | None = None,
    constraints: Constraints | None = None,
) -> list[Plan]:
    """Plan ``rounds`` more rounds for the same players, for movement cards.

    The mix method optimises all of them together (see
    :mod:`tourney.seating.night`); :func:`plan_round` with ``night_rounds``
    returns the same rounds one at a time. Standings and random seating plan
    each round as :func:`plan_round` would after the previous ones (``prior``
    is for the mix method only, as there). ``constraints`` hold in every
    round, as in :func:`plan_round`.
    """
    room = Room(min_size, max_size, preferred, short_table_size, fallback)
    present = _checked(players, room, method, totals)
    wanted = (constraints or Constraints()).present(present)
    if method == "mix":
        remembered = _prior_key(prior, present)
        return list(
            _night(tuple(present), tuple(history), rounds, room, seed, effort, remembered, wanted)
        )
    plans: list[Plan] = []
    for _ in range(rounds):
        plans.append(
            _single(
                present,
                [*history, *plans],
                room,
                method,
                seed,
                totals,
                effort,
                None,
                wanted,
                len(history) + rounds,
            )
        )
    return plans


def _single(
    present: list[P],
    history: Sequence[Plan],
    room: Room,
    method: str,
    seed: int | str,
    totals: Mapping[P, int] | None,
    effort: float,
    prior: Mapping[frozenset, int] | None = None,
    constraints: Constraints | None = None,
    night_rounds: int | None = None,
) -> Plan:
    """One round on its own, from the history so far.

    The method proposes groups; ``fair.place`` fits them to the hard rules
    (who is due an odd table, the host's constraints), and the mix method then
    searches on from there, keeping the rules.
    """
    past = _History.read(history)
    rng = random.Random(f"rookery-seating|{seed}|{len(history)}|{method}")
    rules = Rules.of(constraints, present)
    keep = rules.never_out
    sizes, sitting_out = room.split(present, past, rng, keep, rules.fits_for(present))
    out_set = set(sitting_out)
    seated = [player for player in present if player not in out_set]
    rules.check(sizes, present)  # everyone present: see night.plan
    if method == "standings":
        assert totals is not None
        proposal = _standings_groups(seated, sizes, totals, rng)
    elif method == "rating":  # ``totals`` holds each player's rating (tourney.seating.balance)
        assert totals is not None
        proposal = balanced_groups(seated, sizes, totals, past.met, rng)
    else:
        proposal = _random_groups(seated, sizes, rng)
    flags = odd_flags(sizes, room.preferred)
    left = night_rounds - len(history) if night_rounds else None
    for attempt in range(_ATTEMPTS if rules else 1):
        hint = proposal if attempt < _ATTEMPTS // 2 else []
        odd, slack = fair_rounds(
            history, [seated], [sizes], room.preferred, [hint], rules, rng, left, present
        )
        try:
            groups = place(
                sizes, flags, seated, odd[0], rules, proposal, rng, near=method == "standings"
            )
            break
        except ConstraintError:
            if attempt == _ATTEMPTS - 1:
                raise
    if method == "mix":
        groups = _mix_groups(
            seated,
            sizes,
            room.preferred,
            past,
            rng,
            effort,
            prior,
            start=groups,
            guard=lambda index: guard_for(rules, flags, slack, index, 0),
        )
    # Standings trades places only between players on the same total: its tables stay
    # the standings, head table first (all of them, on a night planned ahead of any score).
    scores = totals if method in ("rating", "standings") else None
    groups, dealers = _deals_to_share(
        groups,
        history,
        past,
        rules,
        scores,
        ties_only=method == "standings",
    )
    tables = arrange(
        groups,
        past,
        rng,
        numbered=method == "standings",
        pins=rules.pins,
        min_size=room.min_size,
        dealers=dealers,
    )
    return Plan(tables=tables, sitting_out=tuple(sitting_out))


def _deals_to_share(
    groups: list[list[P]],
    history: Sequence[Plan],
    past: _History,
    rules: Rules,
    scores: Mapping[P, int] | None,
    *,
    ties_only: bool = False,
) -> tuple[list[list[P]], set[P]]:
    """The method's groups, and the round's dealers (:func:`share_deals`), with a player
    swapped between two tables wherever a table holds
    only players who have dealt more than someone who would not deal this round: its
    dealer would then deal twice more than that player (31 players over 2 rounds by
    random seating: one dealt twice, 16 never). A round planned on its own can't share the
    deal over the night as the mix method's plan does, so each round evens it.

    The swap is between tables of one size, or between two players who have sat at tables
    of the same sizes as often (either way the odd tables' share stays), of players no
    seating rule names, bringing in one who has dealt least; of those, the pair nearest
    in ``scores`` (ratings: the tables' balance kept as near as can be), then adding the
    fewest repeat meetings. With ``ties_only`` (seating by standings, whose tables are the
    standings) only two players on the same total trade places: 22 players planned
    ahead by standings, before any score, dealt 4 times and 2 times each."""
    groups = [list(g) for g in groups]
    bound = rules.named
    deals = past.deals

    def same_sizes(x: P, q: P) -> bool:
        """Whether ``x`` and ``q`` have sat at tables of the same sizes as often: trading
        places between tables of two sizes then leaves the odd tables' share as it was."""
        return past.sizes.get(x, {}) == past.sizes.get(q, {})

    def cost(x: P, t: int, q: P, u: int) -> tuple[bool, int, int]:
        # Tables of one size first: a trade across two sizes (between two players who
        # sat at the same sizes as often) uses up a player another table may need.
        across = len(groups[t]) != len(groups[u])
        near = abs(scores.get(x, 0) - scores.get(q, 0)) if scores is not None else 0
        met = past.met
        before = sum(met.get(frozenset((x, y)), 0) for y in groups[t] if y != x)
        before += sum(met.get(frozenset((q, y)), 0) for y in groups[u] if y != q)
        after = sum(met.get(frozenset((x, y)), 0) for y in groups[u] if y != q)
        after += sum(met.get(frozenset((q, y)), 0) for y in groups[t] if y != x)
        return across, near, after - before

    dealers = share_deals([groups], history)[0]
    for _ in range(len(groups)):
        waiting = [p for g in groups for p in g if p not in dealers]
        if not waiting:
            break
        low = min(deals[p] for p in waiting)
        bad = [t for t, g in enumerate(groups) if min(deals[p] for p in g) > low]
        swaps = [
            (cost(x, t, q, u), x, t, q, u)
            for t in bad
            for u, other in enumerate(groups)
            if u != t
            for q in other
            if q not in bound and q not in dealers and deals[q] == low
            for x in groups[t]
            if x not in bound and (len(other) == len(groups[t]) or same_sizes(x, q))
            if not ties_only or (scores is not None and scores.get(x) == scores.get(q))
        ]
        if not swaps:
            break
        _, x, t, q, u = min(swaps, key=lambda swap: swap[0])
        groups[t][groups[t].index(x)] = q
        groups[u][groups[u].index(q)] = x
        dealers = share_deals([groups], history)[0]
    return groups, dealers


def _from_night(
    present: list[P],
    history: list[Plan],
    room: Room,
    night_rounds: int,
    seed: int | str,
    effort: float,
    prior: Prior = (),
    constraints: Constraints = _NONE,
) -> Plan:
    """The next round of the night plan made when attendance last changed.

    If the rounds played since then are not the plan's (the host swapped
    players by hand, or changed method), the rest of the night is re-planned
    from now.
    """
    start = _anchor(present, history, room)
    planned = _night(
        tuple(present),
        tuple(history[:start]),
        night_rounds - start,
        room,
        seed,
        effort,
        prior,
        constraints,
    )
    played = len(history) - start
    if [p.tables for p in planned[:played]] == [p.tables for p in history[start:]]:
        return planned[played]
    planned = _night(
        tuple(present),
        tuple(history),
        night_rounds - len(history),
        room,
        seed,
        effort,
        prior,
        constraints,
    )
    return planned[0]


def _anchor(present: list[P], history: list[Plan], room: Room) -> int:
    """The first round after the last one played by other people than ``present``.

    A round seating someone who is not here now, or (when nobody needs to sit
    out) leaving out someone who is, was played before the latest arrival or
    departure.
    """
    here = set(present)
    start = 0
    nobody_out = room.sits_out_nobody(len(present))
    for number, plan in enumerate(history):
        seated = set(plan.seated())
        if seated - here or (nobody_out and here - seated):
            start = number + 1
    return start


@lru_cache(maxsize=16)
def _night(
    present: tuple[P, ...],
    history: tuple[Plan, ...],
    rounds: int,
    room: Room,
    seed: int | str,
    effort: float,
    prior: Prior = (),
    constraints: Constraints = _NONE,
) -> tuple[Plan, ...]:
    """The whole-night plan: a pure function of its arguments, so it is cached.

    The app re-reads the plan each round; the cache saves planning the same
    night again in the same process. ``prior`` is part of the key, as a sorted
    tuple (see :func:`_prior_key`).
    """
    rng = random.Random(f"rookery-night|{seed}|{len(history)}|{present}")
    return tuple(
        night.plan(
            list(present),
            list(history),
            rounds,
            room,
            rng,
            effort,
            _as_mapping(prior),
            Rules.of(constraints, present),
        )
    )


def _prior_key(prior: Mapping[frozenset, int] | None, present: list[P]) -> Prior:
    """``prior`` for the present players only, in a fixed order: a cache key and a value.

    A weight of 0 or less means nothing; a pair with an absent player is dropped.
    """
    here = set(present)
    kept = []
    for pair, weight in (prior or {}).items():
        if len(pair) != 2:
            raise ValueError(f"a prior meeting needs two players, got {sorted(pair)!r}")
        a, b = sorted(pair)
        if a in here and b in here and weight > 0:
            kept.append(((a, b), int(weight)))
    return tuple(sorted(kept))


def _as_mapping(prior: Prior) -> dict[frozenset, int]:
    return {frozenset(pair): weight for pair, weight in prior}
