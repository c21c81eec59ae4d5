"""Seating a round: the seating engine's plan written to the database, and the
host's adjustments before play starts (re-seat, swap, move).

May import tourney.models, tourney.seating, scoring.rules (its words), the master
sheet (seating by standings), .activity and .common.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import combinations, permutations

from django.db import transaction
from django.db.models import Max, Q
from django.utils import timezone

from scoring.rules import name_list
from tourney import seating
from tourney.models import Activity, Event, GameTable, Player, Round, Seat, TableCard
from tourney.seating.core import _regular_sizes, _sit_out_count

from . import planning
from .activity import Actor, record
from .common import RoundStateError, require, require_in_night, require_night_open


def seating_history(event: Event, *, before: int) -> list[seating.Plan]:
    """The plans of the rounds before ``before``, as the seating engine wants them."""
    plans = []
    rounds = event.rounds.filter(number__lt=before).order_by("number").with_tables()
    for rnd in rounds:
        plans.append(
            seating.Plan(
                tables=tuple(tuple(s.player_id for s in t.seats.all()) for t in rnd.tables.all())
            )
        )
    return plans


def event_totals(event: Event) -> dict[int, int]:
    """player id -> total, as the standings have it (seating by standings reads it).

    Read off the master sheet (``tourney.night.sheet``), the one place fill-ins, totals
    and places are worked out from the current scores, so seating never ranks
    players by a stale fill-in or by a round some tables haven't entered yet.
    """
    from tourney.night.sheet import build_sheet  # sheet imports the models, not services

    return {row.player.pk: row.total for row in build_sheet(event).rows}


def event_ratings(event: Event) -> dict[int, int]:
    """player id -> club rating skill (mu, in hundredths) for seating by rating.

    From the host's finished nights (``tourney.club.ratings``); someone with no rating
    yet (new, or off the roster) counts as the model's starting skill.
    """
    from tourney.club.ratings import START, club_ratings

    ratings = club_ratings(event.owner)
    out = {}
    for pk, person in event.players.values_list("pk", "person_id"):
        rating = ratings.now.get(person) if person is not None else None
        out[pk] = round((rating.mu if rating else START.mu) * 100)
    return out


def plan_for(
    event: Event, number: int, *, fallback: str | None = None, method: str | None = None
) -> seating.Plan:
    """What the seating engine proposes for round ``number`` from who is present now."""
    inputs = planning.read_inputs(event, number, fallback=fallback, method=method)
    return planning.plan_rounds(inputs)[0]


def season_prior(event: Event) -> dict[frozenset, int]:
    """Pairs of tonight's players who met on the season's recent nights, weighted.

    The nights are the last ``seating.RECENT_NIGHTS`` events of the event's
    season before it (an earlier date, or the same date and made earlier),
    their played rounds only; people are matched across nights by
    ``Player.person``. The weighting (meetings, the latest night counting
    most) is :func:`tourney.seating.remembered`, where the benchmark that
    chose it is described. Three queries however long the season.
    """
    if event.season_id is None:
        return {}
    earlier = (
        Event.objects.filter(season_id=event.season_id)
        .exclude(pk=event.pk)
        .filter(Q(date__lt=event.date) | Q(date=event.date, created_at__lt=event.created_at))
        .order_by("-date", "-created_at")
        .values_list("pk", flat=True)[: seating.RECENT_NIGHTS]
    )
    order = list(earlier)[::-1]  # oldest first: the latest night is remembered most
    if not order:
        return {}
    tables: dict[int, dict[int, list[int]]] = {pk: {} for pk in order}
    seats = (
        Seat.objects.filter(round__event_id__in=order, player__person__isnull=False)
        .exclude(round__status=Round.Status.PLANNED)
        .values_list("round__event_id", "table_id", "player__person_id")
    )
    for event_id, table_id, person_id in seats:
        tables[event_id].setdefault(table_id, []).append(person_id)
    nights = [[seating.Plan(tables=tuple(map(tuple, tables[pk].values())))] for pk in order]
    by_person = dict(event.players.filter(person__isnull=False).values_list("person_id", "pk"))
    prior: dict[frozenset, int] = {}
    for pair, weight in seating.remembered(nights).items():
        a, b = pair
        if a in by_person and b in by_person:
            prior[frozenset({by_person[a], by_person[b]})] = weight
    return prior


def _chosen_fallback(event: Event, fallback: str | None) -> str | None:
    if fallback == "short_table" and event.game.short_table_size is None:
        return None  # Toonerville has no short-table rules to fall back on.
    if fallback is None and event.allow_short_tables:
        return "short_table"
    if fallback is None and event.sit_out_when_uneven:
        return "sit_out"
    return fallback


def _remember_fallback(event: Event, fallback: str | None) -> None:
    """The host's answer to "the tables don't split" holds for the rest of the night, so
    a room of 7 at Shanghai is asked once, not every round (the event form changes it)."""
    if fallback == "sit_out":
        changes = {"sit_out_when_uneven": True, "allow_short_tables": False}
    elif fallback == "short_table" and event.game.short_table_size is not None:
        changes = {"allow_short_tables": True, "sit_out_when_uneven": False}
    else:
        return
    if any(getattr(event, name) != value for name, value in changes.items()):
        Event.objects.filter(pk=event.pk).update(**changes)
        for name, value in changes.items():
            setattr(event, name, value)


def _write_plan(rnd: Round, plan: seating.Plan) -> None:
    """A round's tables and seats as planned, in a few statements whatever its size: the
    write holds SQLite's one write lock, and a 500-player night of 11 rounds took 4,200
    statements (0.75 s) one table at a time."""
    rnd.seats.all().delete()
    rnd.tables.all().delete()
    tables = GameTable.objects.bulk_create(
        GameTable(round=rnd, number=number) for number in range(1, len(plan.tables) + 1)
    )
    if any(t.pk is None for t in tables):  # a database that returns no ids from a bulk insert
        tables = list(rnd.tables.order_by("number"))
    Seat.objects.bulk_create(
        Seat(round=rnd, table=table, player_id=pid, position=pos)
        for table, players in zip(tables, plan.tables, strict=True)
        for pos, pid in enumerate(players)
    )
    _ensure_table_cards(rnd.event, len(plan.tables))
    seats_changed(rnd)


def _ensure_table_cards(event: Event, tables: int) -> None:
    """A table card (its link and code) for each table number up to ``tables``."""
    have = set(
        TableCard.objects.filter(event=event, number__lte=tables).values_list("number", flat=True)
    )
    TableCard.objects.bulk_create(
        TableCard(event=event, number=n) for n in range(1, tables + 1) if n not in have
    )


def seats_changed(rnd: Round) -> None:
    """A round's seats changed: move the event's score stamp (through ``updated_at``), so
    the pages that poll with it, the tables' "Next: round N" among them, redraw."""
    Event.objects.filter(pk=rnd.event_id).update(updated_at=timezone.now())


def next_round_number(event: Event) -> int:
    """The round the host seats next: the one after the last that has started."""
    require_night_open(event)
    in_play = event.round_in_play()
    if in_play is not None and in_play.status != Round.Status.CLOSED:
        raise RoundStateError(
            f"Round {in_play.number} is still being played: close it before seating the next."
        )
    number = (in_play.number + 1) if in_play else 1
    if number > event.rounds_planned:
        if event.rounds_planned == 1:
            raise RoundStateError("The one round of this event has been played.")
        raise RoundStateError(f"All {event.rounds_planned} rounds of this event have been played.")
    return number


# How often a seating is planned again when players are checked in or out while
# it is being planned, before the host is asked to seat again.
PLAN_ATTEMPTS = 3


def _planned_then_written[T](
    event: Event,
    number_of: Callable[[Event], int],
    write: Callable[[Event, int, list[seating.Plan]], T],
    *,
    fallback: str | None,
    method: str | None = None,
    rest: bool = False,
    guard: Callable[[Event], None] | None = None,
) -> T:
    """Plan with no transaction open, then write in a short one if nothing changed.

    The inputs are read, planned from (seconds, for a big night, with the
    database free for every other request), then read again under the event's
    lock: if attendance, the rounds played or the constraints moved meanwhile,
    the seating is planned again from the new inputs. ``guard`` is called under that
    lock before anything is written, and refuses (a ``RoundStateError``) a seating
    nobody wants any more: the task queue's job the seating page has given up on.
    """
    for attempt in range(PLAN_ATTEMPTS):
        number = number_of(event)
        inputs = planning.read_inputs(event, number, fallback=fallback, method=method)
        plans = planning.plan_rounds(inputs, rest=rest)
        with transaction.atomic():
            locked = Event.objects.select_for_update().get(pk=event.pk)  # one seating at a time
            if guard is not None:
                guard(locked)
            if number_of(locked) == number and (
                inputs == planning.read_inputs(locked, number, fallback=fallback, method=method)
                # The door kept checking people in (a big night's start): the last try is
                # written when arrivals are all that changed. They are listed as checked
                # in with no seat, for the host to re-seat (the plan still holds for the
                # rest: nobody left, no rule or score moved).
                or (
                    attempt == PLAN_ATTEMPTS - 1
                    and inputs
                    == planning.read_inputs(
                        locked, number, fallback=fallback, method=method, among=inputs.present
                    )
                )
            ):
                done = write(locked, number, plans)
                _remember_fallback(locked, fallback)
                planning.forget_played_plans(locked)
                return done
        event = locked
    raise RoundStateError(
        f"Players were checked in or out while round {number} was being seated, "
        f"{PLAN_ATTEMPTS} times over: seat it again once the room has settled."
    )


def _tables_in_words(plan: seating.Plan) -> str:
    count = len(plan.tables)
    players = sum(len(t) for t in plan.tables)
    return (
        f"{players} player{'' if players == 1 else 's'} at {count} table{'' if count == 1 else 's'}"
    )


def seat_next_round(
    event: Event,
    *,
    fallback: str | None = None,
    by: Actor | None = None,
    guard: Callable[[Event], None] | None = None,
) -> Round:
    """Seat everyone checked in for the next round (planned: the host may still adjust).

    Raises ``seating.SeatingError`` when the players present cannot be split
    into legal tables, with the fixes the host can choose, and
    ``ConstraintError`` (one of them) when the host's constraints can't hold.
    """

    def write(event: Event, number: int, plans: list[seating.Plan]) -> Round:
        # Planned ahead (movement cards): seated again from who is here now.
        rnd, _ = Round.objects.get_or_create(event=event, number=number)
        _write_plan(rnd, plans[0])
        word = event.round_word
        text = f"Seated {word} {number}: {_tables_in_words(plans[0])}."
        text += _moved_on(*_kept_shared_and_moving(event, number))  # rounds planned after it
        record(event, Activity.Action.SEAT, text, by=by, round_number=number)
        return rnd

    return _planned_then_written(event, next_round_number, write, fallback=fallback, guard=guard)


def plan_rest_of_night(
    event: Event,
    *,
    fallback: str | None = None,
    by: Actor | None = None,
    guard: Callable[[Event], None] | None = None,
) -> list[Round]:
    """Seat every remaining round now, for printed movement cards.

    Rounds not yet started are planned afresh from the players checked in (with
    the mix method, all of them together as one plan of the rest of the night);
    each can still be re-seated before it starts if attendance changes.
    """

    def write(event: Event, first: int, plans: list[seating.Plan]) -> list[Round]:
        event.rounds.filter(number__gte=first, status=Round.Status.PLANNED).delete()
        created = []
        for number, plan in enumerate(plans, start=first):
            rnd = Round.objects.create(event=event, number=number)
            _write_plan(rnd, plan)
            created.append(rnd)
        last = first + len(plans) - 1
        which = f"rounds {first} to {last}" if last > first else f"round {first}"
        text = f"Planned the rest of the night: {which}, {_tables_in_words(plans[0])}."
        record(event, Activity.Action.PLAN, text, by=by, round_number=first)
        return created

    return _planned_then_written(
        event, next_round_number, write, fallback=fallback, rest=True, guard=guard
    )


def reseat_round(
    rnd: Round,
    *,
    fallback: str | None = None,
    method: str | None = None,
    by: Actor | None = None,
    guard: Callable[[Event], None] | None = None,
) -> Round:
    """Throw away a planned round's seats and ask the seating engine again."""

    def number_of(event: Event) -> int:
        current = Round.objects.get(pk=rnd.pk)
        require(current, Round.Status.PLANNED, "re-seat")
        require_in_night(current, event, "seat")
        return current.number

    def write(event: Event, number: int, plans: list[seating.Plan]) -> Round:
        current = Round.objects.select_related("event").get(pk=rnd.pk)
        _write_plan(current, plans[0])
        how = f" by {Event.Seating(method).label.split(':')[0].lower()}" if method else ""
        text = f"Re-seated round {number}{how}: {_tables_in_words(plans[0])}."
        # What else moved for the seat rule, for the host's answer as for the log.
        current.moved_on = _moved_on(*_kept_shared_and_moving(event, number)).strip()
        text += f" {current.moved_on}" if current.moved_on else ""
        record(event, Activity.Action.RESEAT, text, by=by, round_number=number)
        return current

    return _planned_then_written(
        Event.objects.get(pk=rnd.event_id),
        number_of,
        write,
        fallback=fallback,
        method=method,
        guard=guard,
    )


def current_plan(rnd: Round) -> seating.Plan:
    tables = rnd.tables.order_by("number").prefetch_related("seats")
    return seating.Plan(
        tables=tuple(
            tuple(s.player_id for s in sorted(t.seats.all(), key=lambda s: s.position))
            for t in tables
        )
    )


def repeats_of(rnd: Round, plan: seating.Plan | None = None) -> int:
    """Repeat meetings a round's seating adds to the night so far."""
    history = seating_history(rnd.event, before=rnd.number)
    return seating.repeat_meetings(plan or current_plan(rnd), history)


def season_repeats_of(rnd: Round) -> int | None:
    """Pairs at a round's tables who also met on the season's recent nights.

    None when the event does not remember its season (no season, or the
    host turned ``season_seating`` off), so the page says nothing.
    """
    event = rnd.event
    if event.season_id is None or not event.season_seating:
        return None
    remembered = season_prior(event)
    return sum(
        1
        for table in current_plan(rnd).tables
        for pair in combinations(table, 2)
        if frozenset(pair) in remembered
    )


def seats_stamp(rnd: Round) -> str:
    """A short fingerprint of a round's seats (who sits where), for the swap form: a
    swap sent from a page showing other seats (a double tap, a second tab, a re-seat
    meanwhile) is refused rather than applied to seats its sender never saw, where a
    second "swap Ann and Bo" would swap them back. One query."""
    seats = sorted(rnd.seats.values_list("player_id", "table__number", "position"))
    return hashlib.blake2s(repr(seats).encode(), digest_size=8).hexdigest()


def start_stamp(rnd: Round, broken: list | None = None) -> str:
    """A fingerprint of what the round's Start button was shown beside: the seats, and the
    seating rules they break (one short key per rule, from what the rule says rather than
    the names it shows, so renaming a player changes nothing). ``broken``: the rules the
    page lists (:func:`broken_seating_rules`), read once for both, so a rule added between
    two readings can't be in the stamp and not on the page. See :func:`start_stamp_covers`."""
    if broken is None:
        broken = broken_seating_rules(rnd)
    keys = sorted(_rule_key(rule) for rule in broken)
    return seats_stamp(rnd) + "".join(f"_{key}" for key in keys)


def start_stamp_covers(rnd: Round, seen: str, broken: list | None = None) -> bool:
    """Whether a Start sent from a page stamped ``seen`` covers the round as it stands:
    the same seats, breaking no rule the page did not show. Seats re-seated or swapped in
    another tab since, or a rule broken that was added since, are not what the host agreed
    to start ("Start anyway" covers only the broken rules it was shown); a rule removed
    since, or a player renamed, still is. ``broken``: the rules the seats break now, when
    read already."""
    seats, *shown = seen.split("_")
    now_seats, *now = start_stamp(rnd, broken).split("_")
    return seats == now_seats and set(now) <= set(shown)


def _rule_key(rule) -> str:
    said = (rule.kind, rule.player_id, rule.other_id, rule.table)
    return hashlib.blake2s(repr(said).encode(), digest_size=4).hexdigest()


def _take_turn_at(rnd: Round, seen: str | None) -> Round:
    """Lock the night (as seating and starting a round do, so a swap and a re-seat take
    turns instead of deadlocking on PostgreSQL), then refuse a change sent from a page
    whose seats are no longer the round's."""
    Event.objects.select_for_update().only("pk").get(pk=rnd.event_id)
    current = Round.objects.select_related("event").filter(pk=rnd.pk).first()
    if current is None:  # the rounds not started were planned again meanwhile
        raise RoundStateError(
            f"Round {rnd.number} was seated again after this page was loaded: nothing was "
            "changed. Check the tables and try again."
        )
    rnd = current
    if seen and seen != seats_stamp(rnd):
        raise RoundStateError(
            f"The seats of round {rnd.number} changed after this page was loaded (a swap "
            "sent twice, another tab, or a re-seat): nothing was changed. Check the tables "
            "below and try again."
        )
    return rnd


@transaction.atomic
def swap_players(
    rnd: Round, a: Player, b: Player, *, by: Actor | None = None, seen: str | None = None
) -> str:
    """Swap two seated players' places before play starts. Returns what else moved for the
    seat rule (see :func:`keep_seats_moving`), in words, or "". ``seen``: the
    :func:`seats_stamp` of the page the swap was sent from."""
    rnd = _take_turn_at(rnd, seen)
    require(rnd, Round.Status.PLANNED, "swap players in")
    require_in_night(rnd, rnd.event, "seat")
    if rnd.seats.filter(player__in=[a, b]).count() != 2:
        raise RoundStateError(
            f"{a.name} and {b.name} aren't both seated in round {rnd.number} any more "
            "(re-seated meanwhile?): check the tables and try again."
        )
    seat_a = rnd.seats.select_for_update().select_related("table").get(player=a)
    seat_b = rnd.seats.select_for_update().select_related("table").get(player=b)
    if seat_a.table_id == seat_b.table_id:
        _refuse_seat_kept(rnd, [(a, seat_a.table.number, seat_b.position)])
        _refuse_seat_kept(rnd, [(b, seat_b.table.number, seat_a.position)])
    # Seat rows are unique on (table, position): park one while moving the other.
    place_a, place_b = (seat_a.table_id, seat_a.position), (seat_b.table_id, seat_b.position)
    seat_a.delete()
    seat_b.table_id, seat_b.position = place_a
    seat_b.save()
    Seat.objects.create(round=rnd, table_id=place_b[0], position=place_b[1], player=a)
    numbers = dict(GameTable.objects.filter(round=rnd).values_list("pk", "number"))
    text = (
        f"Round {rnd.number}: swapped {a.name} (now table {numbers[place_b[0]]}) and "
        f"{b.name} (now table {numbers[place_a[0]]})."
    )
    moved_on = _moved_on(*_kept_shared_and_moving(rnd.event, rnd.number))
    record(rnd.event, Activity.Action.SWAP, text + moved_on, by=by, round_number=rnd.number)
    seats_changed(rnd)
    return moved_on.strip()


@transaction.atomic
def move_player(
    rnd: Round,
    player: Player,
    table_number: int,
    *,
    by: Actor | None = None,
    seen: str | None = None,
) -> str:
    """Move one player to the last seat of another table (or a new table). Returns what
    else moved for the seat rule, in words, or "". ``seen`` as for :func:`swap_players`."""
    rnd = _take_turn_at(rnd, seen)
    require(rnd, Round.Status.PLANNED, "move players in")
    require_in_night(rnd, rnd.event, "seat")
    seat = rnd.seats.select_related("table").filter(player=player).first()
    if seat is None:
        raise RoundStateError(
            f"{player.name} isn't seated in round {rnd.number} any more (re-seated "
            "meanwhile?): check the tables and try again."
        )
    old_table = seat.table
    if old_table.number == table_number:
        raise RoundStateError(
            f"{player.name} already sits at table {table_number}: nothing was moved."
        )
    target, _ = GameTable.objects.get_or_create(round=rnd, number=table_number)
    TableCard.objects.get_or_create(event=rnd.event, number=table_number)
    last = target.seats.aggregate(m=Max("position"))["m"]
    seat.table = target
    seat.position = 0 if last is None else last + 1
    seat.save()
    # Close the gap left behind, keeping seat order (position 0 deals).
    for pos, s in enumerate(old_table.seats.order_by("position")):
        if s.position != pos:
            s.position = pos
            s.save(update_fields=["position"])
    text = f"Round {rnd.number}: moved {player.name} from table {old_table.number} to table "
    text += f"{table_number}."
    if not old_table.seats.exists():
        old_table.delete()
        _renumber_tables(rnd)
        text += f" Table {old_table.number} was left empty; the tables after it were renumbered."
    moved_on = _moved_on(*_kept_shared_and_moving(rnd.event, rnd.number))
    # A table of one can't be re-ordered: alone where they sat alone last round, the
    # move is refused (and undone with this transaction).
    here = rnd.seats.select_related("table").get(player=player)
    _refuse_seat_kept(rnd, [(player, here.table.number, here.position)])
    record(rnd.event, Activity.Action.MOVE, text + moved_on, by=by, round_number=rnd.number)
    seats_changed(rnd)
    return moved_on.strip()


def _refuse_seat_kept(rnd: Round, places: list[tuple[Player, int, int]]) -> None:
    """Refuse a change that puts a player in the seat they had the round before, where
    re-ordering the table would only undo it (a swap of two at one table)."""
    if rnd.event.is_table_game:
        return
    before = {
        s.player_id: (s.table.number, s.position)
        for s in Seat.objects.filter(
            round__event=rnd.event, round__number=rnd.number - 1
        ).select_related("table")
    }
    for player, number, position in places:
        if before.get(player.pk) == (number, position):
            raise RoundStateError(
                f"{player.name} can't take seat {position + 1} at table {number}: they had "
                f"it in round {rnd.number - 1}, and nobody keeps their seat two rounds running."
            )


def keep_seats_moving(event: Event, first: int) -> list[str]:
    """Re-order seats within the planned rounds' tables from round ``first`` on, where a
    player would sit at the same table in the same seat as the round before (the hard
    rule of seating: a re-seat, a swap or a move before play can bring that about, in
    the round changed or in one planned after it). Each table changed keeps as many
    players in their seats as it can, the dealer first. Says what changed.

    A game at one table keeps its seats all night (the deal moves round them): nothing
    to do there."""
    if event.is_table_game:
        return []
    rounds = list(
        event.rounds.filter(number__gte=first - 1)
        .order_by("number")
        .prefetch_related("tables__seats")
    )
    changed: list[str] = []
    before: dict[int, tuple[int, int]] = {}
    for rnd in rounds:
        if rnd.number >= first and rnd.status == Round.Status.PLANNED:
            for table in rnd.tables.all():
                seats = sorted(table.seats.all(), key=lambda s: s.position)
                if not any(before.get(s.player_id) == (table.number, s.position) for s in seats):
                    continue
                order = _seats_moved_on([s.player_id for s in seats], table.number, before)
                if order is None:
                    continue  # a table of one kept: no other seat to give
                _reorder(table, seats, order)
                changed.append(f"round {rnd.number}, table {table.number}")
        before = {
            s.player_id: (table.number, s.position)
            for table in rnd.tables.all()
            for s in table.seats.all()  # as re-ordered: _reorder keeps the objects current
        }
    return changed  # the callers mark the seats changed, as they wrote them too


def keep_deals_shared(event: Event, first: int) -> list[tuple[int, int]]:
    """Pass the deal (seat 1) on within the tables of the planned rounds, from round
    ``first`` on where it can (:func:`tourney.seating.core.pass_deals_on`), so nobody has
    dealt twice more than anyone seated as often, the night's rounds counted. A swap, a
    move or a re-seat before play changes who holds seat 1; the night's plan had shared
    the deal out, and five swaps left one player three deals against another's one.
    The new dealer takes seat 1, the old one their seat. Returns the (round, table
    number) of each table re-ordered."""
    if event.is_table_game:
        return []
    tables: dict[tuple[int, int], tuple[int, ...]] = {}
    planned: dict[tuple[int, int], tuple[GameTable, list[Seat]]] = {}
    for rnd in event.rounds.order_by("number").prefetch_related("tables__seats"):
        for table in rnd.tables.all():
            seats = sorted(table.seats.all(), key=lambda s: s.position)
            if seats:
                tables[rnd.number, table.number] = tuple(s.player_id for s in seats)
                if rnd.status == Round.Status.PLANNED:
                    planned[rnd.number, table.number] = (table, seats)
    dealers = seating.pass_deals_on(tables, set(planned), first)
    for slot, player in sorted(dealers.items()):
        table, seats = planned[slot]
        order = [s.player_id for s in seats]
        at = order.index(player)
        order[0], order[at] = order[at], order[0]
        _reorder(table, seats, tuple(order))
    return sorted(dealers)


_EVERY_ORDER_UP_TO = 8
"""Tables up to this size try every seat order (8! in well under a tenth of a second)."""


def _seats_moved_on(
    players: list[int], number: int, before: dict[int, tuple[int, int]]
) -> tuple[int, ...] | None:
    """The seat order nearest ``players`` (most kept in place, the dealer above all) in
    which nobody has the seat they had at table ``number`` the round before."""
    kept_out = {p: before[p][1] for p in players if before.get(p, (None,))[0] == number}

    def cost(order: tuple[int, ...]) -> tuple[int, int]:
        return (order[0] != players[0], sum(a != b for a, b in zip(order, players, strict=True)))

    def allowed(order: tuple[int, ...]) -> bool:
        return all(kept_out.get(p) != i for i, p in enumerate(order))

    if len(players) > _EVERY_ORDER_UP_TO:
        # 9! orders and more take seconds: swap each player out of a seat they may not
        # have with another whom the swap suits too, else turn the table round.
        order = list(players)
        for i in range(len(order)):
            if kept_out.get(order[i]) == i:
                for j in range(len(order)):
                    if j != i and kept_out.get(order[i]) != j and kept_out.get(order[j]) != i:
                        order[i], order[j] = order[j], order[i]
                        break
        if allowed(tuple(order)):
            return tuple(order)
        turns = (tuple(players[k:] + players[:k]) for k in range(1, len(players)))
        return next((o for o in turns if allowed(o)), None)
    best = None
    for order in permutations(players):
        if allowed(order) and (best is None or cost(order) < cost(best)):
            best = order
    return best


def _reorder(table: GameTable, seats: list[Seat], order: tuple[int, ...]) -> None:
    # Seat rows are unique on (table, position): move them all clear, then into place.
    clear = len(seats) + 100
    for s in seats:
        Seat.objects.filter(pk=s.pk).update(position=s.position + clear)
    at = {s.player_id: s for s in seats}
    for position, player in enumerate(order):
        Seat.objects.filter(pk=at[player].pk).update(position=position)
        at[player].position = position


def _kept_shared_and_moving(event: Event, first: int) -> tuple[list[str], list[str]]:
    """After a change before play: the seat rule kept, the deal shared out again (never
    to seat 1 where the seat rule forbids it), then the seat rule for the other seats the
    deal's changes moved. What each changed."""
    moved = keep_seats_moving(event, first)
    dealt = keep_deals_shared(event, first)
    if dealt:
        since = min(first, *(number for number, _ in dealt))
        moved += [table for table in keep_seats_moving(event, since) if table not in moved]
    return moved, [f"round {number}, table {table}" for number, table in dealt]


def _moved_on(changed: list[str], dealt: Sequence[str] = ()) -> str:
    said = ""
    if changed:
        said += (
            " Seat order changed so nobody keeps their seat two rounds running: "
            + "; ".join(changed)
            + "."
        )
    if dealt:
        said += " The deal passed to another player so it stays shared: " + "; ".join(dealt)
        said += "."
    return said


def _renumber_tables(rnd: Round) -> None:
    for number, table in enumerate(rnd.tables.order_by("number"), start=1):
        if table.number != number:
            table.number = number
            table.save(update_fields=["number"])


def seating_rules_broken(rnd: Round) -> list[str]:
    """The host's seating rules this round's seats break (after a hand swap or move)."""
    return [rule.describe() for rule in broken_seating_rules(rnd)]


def broken_seating_rules(rnd: Round) -> list:
    """The rules themselves (``SeatingConstraint``) :func:`seating_rules_broken` words."""
    rules = rnd.event.seating_constraints.select_related("player", "other")
    return _broken_rules(rules, _tables_of(rnd))


def _tables_of(rnd: Round) -> dict[int, int]:
    """Player id -> the table number they sit at in ``rnd``."""
    return dict(rnd.seats.values_list("player_id", "table__number"))


def _broken(rules, at: dict[int, int]) -> list[str]:
    """What the ``rules`` broken by seats ``at`` (player id -> table number) say."""
    return [rule.describe() for rule in _broken_rules(rules, at)]


def _broken_rules(rules, at: dict[int, int]) -> list:
    """The ``rules`` broken by seats ``at`` (player id -> table number)."""
    broken = []
    for rule in rules:
        if rule.player_id not in at or (rule.other_id and rule.other_id not in at):
            continue  # a rule about someone not seated waits, as when planning
        if rule.kind == rule.Kind.PIN:
            ok = at[rule.player_id] == rule.table
        else:
            same = at[rule.player_id] == at[rule.other_id]
            ok = same if rule.kind == rule.Kind.TOGETHER else not same
        if not ok:
            broken.append(rule)
    return broken


def planned_rounds_breaking_rules(event: Event) -> list[tuple[int, list[str]]]:
    """(round number, the rules it breaks) for each round seated but not started whose
    seats break a rule as the rules stand now: one added after the rounds were planned
    ahead, or a hand swap. The seating page (polled while a seating runs) and the
    movement cards say so; two queries, however many rounds are planned."""
    rules = list(event.seating_constraints.select_related("player", "other"))
    if not rules:
        return []
    at: dict[int, dict[int, int]] = {}
    for number, player, table in Seat.objects.filter(
        round__event=event, round__status=Round.Status.PLANNED
    ).values_list("round__number", "player_id", "table__number"):
        at.setdefault(number, {})[player] = table
    found = []
    for number in sorted(at):
        broken = _broken(rules, at[number])
        if broken:
            found.append((number, broken))
    return found


@dataclass(frozen=True)
class AttendanceDrift:
    """Rounds seated ahead (not started) that no longer match who is checked in: a player
    seated in them went home or was marked absent, or one checked in since has no seat
    (beyond the turns of sitting out an uneven room takes). Re-planning the rounds not
    started seats them from who is here now."""

    rounds: list[int]
    gone: list[str]
    """Seated in those rounds, no longer checked in."""
    unseated: list[str]
    """Checked in, with no seat in some of those rounds (more than sit out in turn)."""

    @property
    def rounds_were(self) -> str:
        """ "Round 3 was", "Rounds 2, 3 and 4 were"."""
        if len(self.rounds) == 1:
            return f"Round {self.rounds[0]} was"
        return f"Rounds {name_list(self.rounds)} were"


def planned_rounds_off_attendance(event: Event) -> AttendanceDrift | None:
    """Whether rounds planned ahead still seat the players present (None when they do).

    The movement cards and the seating page say so and offer the re-plan; a round with
    someone seated who is not checked in can't start (:func:`play.begin_round`). Three
    queries, however many rounds are planned."""
    seated: dict[int, set[int]] = {}
    for number, player in Seat.objects.filter(
        round__event=event, round__status=Round.Status.PLANNED
    ).values_list("round__number", "player_id"):
        seated.setdefault(number, set()).add(player)
    if not seated:
        return None
    names = dict(event.players.values_list("pk", "name"))
    present = set(event.players.present().values_list("pk", flat=True))
    sitting_out = _sitting_out(event, len(present))
    rounds, gone, unseated = [], set(), set()
    for number in sorted(seated):
        away = seated[number] - present
        missing = present - seated[number]
        if away or len(missing) != sitting_out:
            rounds.append(number)
            gone |= away
            unseated |= missing if len(missing) > sitting_out else set()
    if not rounds:
        return None
    return AttendanceDrift(
        rounds=rounds,
        gone=sorted(names[p] for p in gone),
        unseated=sorted(names[p] for p in unseated),
    )


def _sitting_out(event: Event, present: int) -> int:
    """How many of ``present`` players sit each round out: none where they split into the
    night's tables (or a short table is allowed), else the fewest that leaves a room
    that splits (all of them when none does)."""
    sizes = (event.min_table_size, event.max_table_size, event.preferred_table_size)
    if event.allow_short_tables or present == 0 or _regular_sizes(present, *sizes) is not None:
        return 0
    out = _sit_out_count(present, *sizes)
    return present if out is None else out


def fix_choices(event: Event, fixes: list[str]) -> list[tuple[str, str]]:
    """The buttons a room that doesn't split offers, each fix in words true of tonight's
    room: "3 players sit out each round", where the button said "One player" whatever the
    count (7 Rook Shanghai players at tables of exactly 4)."""
    out = _sit_out_count(
        event.players.present().count(),
        event.min_table_size,
        event.max_table_size,
        event.preferred_table_size,
    )
    short = event.game.short_table_size
    words = {
        "short_table": f"Seat a {short}-player table (fewer-than-{event.min_table_size} rules)",
        "sit_out": (
            f"{out} players sit out each round, in turn"
            if out is not None and out > 1
            else "One player sits out each round, in turn"
        ),
    }
    return [(fix, words.get(fix, fix)) for fix in fixes]


def table_size_problems(rnd: Round) -> list[str]:
    event = rnd.event
    low = min(event.game.short_table_size or event.min_table_size, event.min_table_size)
    problems = []
    for table in rnd.tables.order_by("number").prefetch_related("seats"):
        size = len(table.seats.all())
        if not low <= size <= event.max_table_size:
            problems.append(
                f"Table {table.number} has {size} player{'' if size == 1 else 's'}: "
                f"tables here seat {low} to {event.max_table_size}."
            )
    return problems


def table_numbers_needed(event: Event) -> int:
    """How many table cards a night needs: the most tables any round used, or
    would use for the players checked in now."""
    used = GameTable.objects.filter(round__event=event).aggregate(m=Max("number"))["m"] or 0
    present = event.players.present().count()
    try:
        planned = len(
            seating.table_sizes(
                present,
                min_size=event.min_table_size,
                max_size=event.max_table_size,
                preferred=event.preferred_table_size,
                short_table_size=event.game.short_table_size if event.allow_short_tables else None,
            )
        )
    except seating.SeatingError:
        planned = max(1, present // event.max_table_size + 1)
    return max(used, planned, event.table_cards.count())


@dataclass(frozen=True)
class OddShare:
    """Who sits at the odd-size table (the 5, or the 3s) over a night's seated rounds.

    ``rounds``: the most rounds anyone was seated (played and planned); ``low`` and
    ``high``: the fewest and most times those seated that often sat there; ``unfair``: per group of
    players seated for as many rounds whose counts differ by more than one (RULES.md,
    "Seating fairness"), (rounds seated, the names at the most, their count, the names at
    the fewest, their count, the rules that bind any of them).
    """

    planned: bool
    """Some round is seated but not started: re-planning can share the rest out again."""
    first_planned: int | None
    rounds: int
    low: int
    high: int
    unfair: list[tuple[int, str, int, str, int, list[str]]]
    midway: tuple[int, int, str, int, str, int, list[str]] | None = None
    """Fair over the rounds seated, but not after some earlier round (a hand swap there
    and back later): (that round, then as ``unfair``'s first), the first such round."""

    @property
    def replan_helps(self) -> bool:
        """Whether re-planning can even it out: some player off the share whom no rule
        names (where the rules put them there, a re-plan puts them there again)."""
        if self.unfair:
            return any(not binding for *_, binding in self.unfair)
        return self.midway is not None and not self.midway[-1]


def _few(names: list[str], most: int = 4) -> str:
    """Up to ``most`` names, then how many more: "Ann, Bo, Cy and 5 others"."""
    if len(names) <= most + 1:  # never "and 1 others"
        return name_list(names)
    return ", ".join(names[:most]) + f" and {len(names) - most} others"


def odd_table_share(event: Event) -> OddShare | None:
    """The odd-size table's share so far, or None when no seated round had one.

    The engine keeps it fair (RULES.md) unless the host's rules force otherwise: a pin to
    the odd table, or a pair kept together or apart that must take it. The seating page
    shows the count, and names who is off the fair share and the rules that put them
    there, and the first round after which it was off the fair share though fair by the
    last (a hand swap there, and back later). Three queries.
    """
    rows = list(
        Seat.objects.filter(round__event=event).values_list(
            "round__number", "round__status", "table_id", "player_id"
        )
    )
    tables: dict[int, dict[int, list[int]]] = {}
    planned: set[int] = set()
    for number, status, table, player in rows:
        tables.setdefault(number, {}).setdefault(table, []).append(player)
        if status == Round.Status.PLANNED:
            planned.add(number)
    seated: Counter[int] = Counter()
    odd: Counter[int] = Counter()
    any_odd = False
    after: list[tuple[int, Counter[int], Counter[int]]] = []  # after each round but the last
    numbers = sorted(tables)
    for number in numbers:
        groups = list(tables[number].values())
        flags = seating.odd_flags([len(g) for g in groups], event.preferred_table_size)
        any_odd |= any(flags)
        for group, flag in zip(groups, flags, strict=True):
            for p in group:
                seated[p] += 1
                odd[p] += flag
        if number != numbers[-1]:
            after.append((number, seated.copy(), odd.copy()))
    if not any_odd:
        return None
    names = dict(event.players.values_list("pk", "name"))
    rules = list(event.seating_constraints.select_related("player", "other"))
    midway = None
    for number, seated_then, odd_then in after:
        # RULES.md asks it after every round, so a night cut short is fair too.
        if off := _off_share(seated_then, odd_then, names, rules):
            midway = (number, *off[0])
            break
    rounds = max(seated.values())
    everyone = [p for p, count in seated.items() if count == rounds]
    unfair = _off_share(seated, odd, names, rules)
    return OddShare(
        planned=bool(planned),
        first_planned=min(planned, default=None),
        rounds=rounds,
        low=min((odd[p] for p in everyone), default=0),
        high=max((odd[p] for p in everyone), default=0),
        unfair=unfair,
        midway=None if unfair else midway,
    )


def _off_share(
    seated: Counter[int], odd: Counter[int], names: dict[int, str], rules: list
) -> list[tuple[int, str, int, str, int, list[str]]]:
    """For :class:`OddShare`: per group of players seated as often, those more than one
    apart at the odd table, and the rules on them."""
    by_count: dict[int, list[int]] = {}
    for p, count in seated.items():
        by_count.setdefault(count, []).append(p)
    unfair = []
    for count, players in sorted(by_count.items(), reverse=True):
        most, least = max(odd[p] for p in players), min(odd[p] for p in players)
        if most - least <= 1:
            continue
        top = _few(sorted(names[p] for p in players if odd[p] == most))
        bottom = _few(sorted(names[p] for p in players if odd[p] == least))
        ends = {p for p in players if odd[p] in (most, least)}
        binding = [
            rule.describe()
            for rule in rules
            if rule.player_id in ends or (rule.other_id is not None and rule.other_id in ends)
        ]
        unfair.append((count, top, most, bottom, least, binding))
    return unfair
