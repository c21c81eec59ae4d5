"""Planning a seating outside any transaction, and planning a night once.

A whole night's plan takes seconds for a big room. Planning it inside the
host's transaction held the database (on SQLite, the one write lock: every
other night's score submit waited), so a seating now goes in three steps:
read everything the plan depends on (:class:`Inputs`, a value), plan with no
transaction open, then write in a short transaction that first reads the
inputs again and plans afresh if someone was checked in or out meanwhile
(``tourney.services.seat``).

A night plan is kept in the database (``NightPlan``), keyed by a digest of
its inputs, so the server's processes and the task worker plan a night once
per attendance, and the next round is read off the stored plan while the
rounds played follow it.

May import tourney.models, tourney.seating, the master sheet and .common.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace

from django.db import IntegrityError, transaction

from scoring.rules import name_list
from tourney import seating
from tourney.models import Event, NightPlan
from tourney.seating.constraints import ConstraintError, Constraints
from tourney.seating.core import _regular_sizes, _sit_out_count
from tourney.seating.room import Room, too_few_to_sit_out

DIGEST_VERSION = "rookery-night-plan/2"  # 2: the deal shared over the whole night


@dataclass(frozen=True)
class Inputs:
    """Everything the seating of round ``number`` is planned from, read in one go.

    Two reads are equal exactly when a plan made from the first still fits the
    second: the write step compares them before it stores a plan.
    """

    event_id: int
    slug: str
    number: int
    one_table: bool
    present: tuple[int, ...]
    history: tuple[seating.Plan, ...]
    method: str
    min_size: int
    max_size: int
    preferred: int
    short_table_size: int | None
    fallback: str | None
    night_rounds: int
    totals: tuple[tuple[int, int], ...] | None
    prior: tuple[tuple[tuple[int, int], int], ...]
    constraints: Constraints
    names: tuple[tuple[int, str], ...]

    @property
    def mix(self) -> bool:
        return self.method == Event.Seating.MIX

    def room(self) -> dict:
        return {
            "min_size": self.min_size,
            "max_size": self.max_size,
            "preferred": self.preferred,
            "short_table_size": self.short_table_size,
            "fallback": self.fallback,
        }

    def seed(self, number: int) -> str:
        # The mix method reads each round off a plan of the whole night, seeded
        # by the event alone: the engine adds the round the plan starts at and
        # who is present, so the same night always gets the same plan.
        return self.slug if self.mix else f"{self.slug}:{number}"

    def name(self, player: int) -> str:
        return dict(self.names).get(player, f"player {player}")


def read_inputs(
    event: Event,
    number: int,
    *,
    fallback: str | None = None,
    method: str | None = None,
    among: Sequence[int] | None = None,
) -> Inputs:
    """What round ``number`` would be planned from now (a few queries, no planning).

    ``among``: as if only those of the players present were (the players a plan was
    made for, to tell a room that only gained arrivals since from one that changed)."""
    from .seat import _chosen_fallback, season_prior, seating_history

    players = dict(event.players.present().values_list("pk", "name"))
    if among is not None:
        players = {p: players[p] for p in set(among) & players.keys()}
    present = tuple(sorted(players))
    method = method or event.seating_method
    mix = method == Event.Seating.MIX
    one_table = event.kind == Event.Kind.TABLE
    game = event.game
    prior = season_prior(event) if mix and event.season_seating and not one_table else {}
    if among is not None:
        prior = {pair: w for pair, w in prior.items() if pair <= players.keys()}
    return Inputs(
        event_id=event.pk,
        slug=event.slug,
        number=number,
        one_table=one_table,
        present=present,
        history=() if one_table else tuple(seating_history(event, before=number)),
        method=method,
        min_size=event.min_table_size,
        max_size=event.max_table_size,
        preferred=event.preferred_table_size,
        short_table_size=game.short_table_size,
        fallback=_chosen_fallback(event, fallback),
        night_rounds=event.rounds_planned,
        totals=_totals(event, method, present) if not one_table else None,
        prior=tuple(sorted((tuple(sorted(pair)), w) for pair, w in prior.items() if w > 0)),
        constraints=event.seating_constraints.as_constraints().present(present),
        names=tuple(sorted(players.items())),
    )


def _totals(
    event: Event, method: str, present: Sequence[int] = ()
) -> tuple[tuple[int, int], ...] | None:
    """What the standings and rating methods rank by: the night's totals, or each
    player's club rating (in hundredths, so the inputs stay whole numbers).

    Before any round is scored nobody has a total on the sheet: everyone present then
    counts as 0, all level, so seating by standings can seat round 1.
    """
    from .seat import event_ratings, event_totals

    if method == Event.Seating.STANDINGS:
        totals = event_totals(event)
        return tuple(sorted({**dict.fromkeys(present, 0), **totals}.items()))
    if method == Event.Seating.RATING:
        return tuple(sorted(event_ratings(event).items()))
    return None


def constraint_problems(inputs: Inputs) -> list[str]:
    """Why the host's constraints can't hold at tonight's tables, in players' names.

    Empty when nothing rules a seating out, or when the room doesn't split
    without a fallback (the seating page says that on its own).
    """
    if not inputs.constraints or inputs.one_table:
        return []
    seated = len(inputs.present)
    # The tables of those left once the fewest have sat out (7 Rook Shanghai players:
    # one table of 6): the rules must hold there too. Only when the room does not
    # split as it is: 6 of those 7 (one gone home) make a table of 6, nobody out.
    out = _sitting_out(inputs)
    kept = {p for group in inputs.constraints.groups(inputs.present) for p in group}
    if out and (refusal := too_few_to_sit_out(out, seated - len(kept))):
        # Each rule may look harmless alone: say what they do together.
        return [refusal]
    sizes = _split_for_rules(seated - out, inputs)
    if sizes is None:
        return []
    return inputs.constraints.problems(sizes, inputs.present, name=inputs.name)


def _sitting_out(inputs: Inputs) -> int:
    """How many of those present sit each round out: the fewest that leave a room that
    splits, where the night chose sitting out and the room doesn't split as it is."""
    n = len(inputs.present)
    if inputs.fallback != "sit_out" or (
        _regular_sizes(n, inputs.min_size, inputs.max_size, inputs.preferred) is not None
    ):
        return 0
    return _sit_out_count(n, inputs.min_size, inputs.max_size, inputs.preferred) or 0


def _split_for_rules(seated: int, inputs: Inputs) -> list[int] | None:
    """The tables ``seated`` players sit at, as the planner chooses them: the even split
    nearest the preferred size, or where the host's rules can't hold there, the next one
    they can (``Room.regular``); a short table under the fewer-players rules when the
    night chose it and nothing else splits. None when the room doesn't split."""
    room = Room(inputs.min_size, inputs.max_size, inputs.preferred)
    sizes = room.regular(seated, lambda s: inputs.constraints.fits(s, inputs.present))
    if sizes is not None:
        return sizes
    try:
        return seating.table_sizes(
            seated,
            min_size=inputs.min_size,
            max_size=inputs.max_size,
            preferred=inputs.preferred,
            short_table_size=inputs.short_table_size if inputs.fallback == "short_table" else None,
        )
    except seating.SeatingError:
        return None


def tonights_constraint_problems(event: Event) -> list[str]:
    """:func:`constraint_problems` for the players checked in now."""
    return tonights_rule_check(event)[0]


def _tonights_inputs(event: Event) -> Inputs:
    """What the rules are checked with before seating: the players checked in now."""
    from .seat import _chosen_fallback

    players = dict(event.players.present().values_list("pk", "name"))
    present = tuple(sorted(players))
    game = event.game
    return Inputs(
        event_id=event.pk,
        slug=event.slug,
        number=1,
        one_table=False,
        present=present,
        history=(),
        method=event.seating_method,
        min_size=event.min_table_size,
        max_size=event.max_table_size,
        preferred=event.preferred_table_size,
        short_table_size=game.short_table_size,
        fallback=_chosen_fallback(event, None),
        night_rounds=event.rounds_planned,
        totals=None,
        prior=(),
        constraints=event.seating_constraints.as_constraints().present(present),
        names=tuple(sorted(players.items())),
    )


def tonights_rule_check(event: Event) -> tuple[list[str], str]:
    """:func:`tonights_constraint_problems` and, where there are some, the room they were
    checked against in words (:func:`_tables_in_words`), from one reading of who
    is checked in: the night's page shows both."""
    problems, room_words, _ = tonights_rules(event)
    return problems, room_words


def tonights_rules(event: Event) -> tuple[list[str], str, str]:
    """:func:`tonights_rule_check`, and what the rules do to tonight's tables
    (:func:`_split_change`), from one reading of who is checked in: the seating page
    shows all three."""
    if event.kind == Event.Kind.TABLE or not event.seating_constraints.exists():
        return [], "", ""
    inputs = _tonights_inputs(event)
    problems = constraint_problems(inputs)
    if problems:
        return problems, _tables_in_words(inputs), ""
    return [], "", _split_change(inputs)


def _split_change(inputs: Inputs) -> str:
    """What the seating rules (kept, as ``inputs`` checked in) do to tonight's tables, in
    words, when they move the room off its usual split: "16 players sit at tables of 4, 3,
    3, 3 and 3, not 4, 4, 4 and 4: P17 is kept at table 5." (a pin to a table the usual
    split lacks, or a group kept together that no usual table seats). Empty when the usual
    split keeps every rule."""
    seated = len(inputs.present) - _sitting_out(inputs)
    room = Room(inputs.min_size, inputs.max_size, inputs.preferred)
    usual = room.regular(seated)
    chosen = _split_for_rules(seated, inputs)
    if not usual or not chosen or sorted(usual) == sorted(chosen):
        return ""
    names = dict(inputs.names)
    why = [
        f"{names[player]} is kept at table {table}"
        for player, table in inputs.constraints.pinned
        if table > len(usual)
    ]
    because = f": {'; '.join(why)}" if why else ": the usual tables can't keep the rules"
    return (
        f"{seated} players sit at tables of {name_list(sorted(chosen, reverse=True))}, "
        f"not {name_list(sorted(usual, reverse=True))}{because}."
    )


def _tables_in_words(inputs: Inputs) -> str:
    """How the players checked in split into tables, for the seating rules' warning: "13
    players at tables of 5, 4 and 4" (the split the rules are checked against, as the
    planner chooses it). Empty when they don't split (that is said on its own)."""
    n = len(inputs.present)
    out = _sitting_out(inputs)
    sizes = _split_for_rules(n - out, inputs)
    if not sizes:
        return ""
    sizes = sorted(sizes, reverse=True)
    seats = f"a table of {sizes[0]}" if len(sizes) == 1 else f"tables of {name_list(sizes)}"
    sitting = f", {out} sitting out" if out else ""
    return f"{n} players at {seats}{sitting}"


def plan_rounds(inputs: Inputs, *, rest: bool = False) -> list[seating.Plan]:
    """The plan of round ``inputs.number`` (``rest``: and every round after it).

    Raises ``ConstraintError`` naming the players when the host's constraints
    can't hold, and ``SeatingError`` when the room doesn't split.
    """
    if inputs.one_table:
        # One family table: the same players in the same seats every hand, in the
        # order they were given, so the rows on the phone never move. The deal
        # passes to the left (GameTable.dealer_position); the seats stay put.
        return [seating.Plan(tables=(inputs.present,))]
    problems = constraint_problems(inputs)
    if problems:
        raise ConstraintError(" ".join(problems))
    if inputs.mix:
        night = stored_night(inputs)
        return night if rest else night[:1]
    last = inputs.night_rounds if rest else inputs.number
    plans: list[seating.Plan] = []
    for number in range(inputs.number, last + 1):
        plans.append(
            seating.plan_round(
                list(inputs.present),
                history=[*inputs.history, *plans],
                method=inputs.method,
                seed=inputs.seed(number),
                totals=dict(inputs.totals) if inputs.totals is not None else None,
                constraints=inputs.constraints,
                night_rounds=inputs.night_rounds,
                **inputs.room(),
            )
        )
    return plans


def digest(inputs: Inputs, first: int) -> str:
    """The key of a night plan made at round ``first`` from these inputs."""
    made_from = replace(
        inputs, number=first, history=inputs.history[: first - 1], names=(), totals=None
    )
    return hashlib.sha256(f"{DIGEST_VERSION}|{made_from!r}".encode()).hexdigest()


def stored_night(inputs: Inputs) -> list[seating.Plan]:
    """Rounds ``inputs.number`` to the night's last, off the stored night plan.

    A plan made at an earlier round from the same players (and everything else
    it depends on) is used while the rounds played since followed it; else the
    rest of the night is planned now and stored for every process to reuse.
    """
    keys = [digest(inputs, first) for first in range(1, inputs.number + 1)]
    for stored in NightPlan.objects.filter(event_id=inputs.event_id, inputs__in=keys):
        played = inputs.number - stored.first_round
        followed = [tuple(map(tuple, r["tables"])) for r in stored.rounds[:played]]
        if followed == [p.tables for p in inputs.history[stored.first_round - 1 :]]:
            return [_plan(r) for r in stored.rounds[played:]]
    start = time.perf_counter()
    plans = seating.plan_night(
        list(inputs.present),
        rounds=inputs.night_rounds - inputs.number + 1,
        history=list(inputs.history),
        seed=inputs.seed(inputs.number),
        prior={frozenset(pair): w for pair, w in inputs.prior} or None,
        constraints=inputs.constraints,
        **inputs.room(),
    )
    try:
        with transaction.atomic():
            NightPlan.objects.get_or_create(
                event_id=inputs.event_id,
                inputs=digest(inputs, inputs.number),
                defaults={
                    "first_round": inputs.number,
                    "rounds": [_stored(p) for p in plans],
                    "seconds": round(time.perf_counter() - start, 3),
                },
            )
    except IntegrityError:
        pass  # the event was deleted meanwhile: nothing to keep the plan for
    return plans


def _stored(plan: seating.Plan) -> dict:
    return {"tables": [list(t) for t in plan.tables], "sitting_out": list(plan.sitting_out)}


def _plan(stored: dict) -> seating.Plan:
    return seating.Plan(
        tables=tuple(tuple(t) for t in stored["tables"]),
        sitting_out=tuple(stored.get("sitting_out", ())),
    )


def forget_played_plans(event: Event) -> None:
    """Drop stored plans no round can be read off any more (kept: the latest few)."""
    keep = list(event.night_plans.values_list("pk", flat=True)[:8])
    event.night_plans.exclude(pk__in=keep).delete()
