"""Workflows of a game night that touch several models at once.

Each runs inside one transaction: a failure saves nothing half-way. The rules
of the game come from ``scoring.rules`` and the seating from
``tourney.seating``; this module only moves their answers into the database.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from itertools import combinations

from django.db import transaction
from django.db.models import Max, Q
from django.utils import timezone

from scoring import rules
from tourney import seating
from tourney.models import Entry, Event, GameTable, Person, Player, Round, Score, Seat, TableCard


class RoundStateError(Exception):
    """A host asked for something the round's state does not allow; the message says why."""


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

    Read off the master sheet (``tourney.sheet``), the one place fill-ins, totals
    and places are worked out from the current scores, so seating never ranks
    players by a stale fill-in or by a round some tables haven't entered yet.
    """
    from tourney.sheet import build_sheet  # sheet imports the models, not services

    return {row.player.pk: row.total for row in build_sheet(event).rows}


def plan_for(
    event: Event, number: int, *, fallback: str | None = None, method: str | None = None
) -> seating.Plan:
    """What the seating engine proposes for round ``number`` from who is present now."""
    present = sorted(event.players.present().values_list("pk", flat=True))
    if event.kind == Event.Kind.TABLE:
        # One family table: the same players in the same seats every hand, in the
        # order they were given, so the rows on the phone never move. The deal
        # passes to the left (GameTable.dealer_position); the seats stay put.
        return seating.Plan(tables=(tuple(present),))
    history = seating_history(event, before=number)
    game = event.game
    method = method or event.seating_method
    mix = method == Event.Seating.MIX
    return seating.plan_round(
        present,
        history=history,
        min_size=event.min_table_size,
        max_size=event.max_table_size,
        preferred=game.preferred_table_size,
        method=method,
        # The mix method reads each round off a plan of the whole night, seeded
        # by the event alone: the engine adds the round the plan starts at and
        # who is present, so the same night always gets the same plan.
        seed=event.slug if mix else f"{event.slug}:{number}",
        night_rounds=event.rounds_planned if mix else None,
        totals=event_totals(event) if method == Event.Seating.STANDINGS else None,
        # Shanghai can always seat a table of 3 under its fewer-than-4 rules: the
        # host chooses it when asked, or once for the night with allow_short_tables.
        short_table_size=game.short_table_size,
        fallback=_chosen_fallback(event, fallback),
        prior=season_prior(event) if mix and event.season_seating else None,
    )


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
    return fallback


def _write_plan(rnd: Round, plan: seating.Plan) -> None:
    rnd.seats.all().delete()
    rnd.tables.all().delete()
    for number, players in enumerate(plan.tables, start=1):
        table = GameTable.objects.create(round=rnd, number=number)
        Seat.objects.bulk_create(
            Seat(round=rnd, table=table, player_id=pid, position=pos)
            for pos, pid in enumerate(players)
        )
        TableCard.objects.get_or_create(event=rnd.event, number=number)


def _require_night_open(event: Event) -> None:
    if event.ended_at is not None:
        raise RoundStateError(
            "The night has ended: nothing more can be seated or started. "
            "Reopen the night on the event page first."
        )


def _require_in_night(rnd: Round, event: Event, verb: str) -> None:
    """Seats are changed and play is started only in an open night, within its rounds."""
    _require_night_open(event)
    if rnd.number > event.rounds_planned:
        raise RoundStateError(
            f"Round {rnd.number} is beyond this night's {event.rounds_planned} rounds: "
            f"you can't {verb} it. Edit the event to play more rounds."
        )


def next_round_number(event: Event) -> int:
    """The round the host seats next: the one after the last that has started."""
    _require_night_open(event)
    in_play = event.round_in_play()
    if in_play is not None and in_play.status != Round.Status.CLOSED:
        raise RoundStateError(
            f"Round {in_play.number} is still being played: close it before seating the next."
        )
    number = (in_play.number + 1) if in_play else 1
    if number > event.rounds_planned:
        raise RoundStateError(f"All {event.rounds_planned} rounds of this event have been played.")
    return number


@transaction.atomic
def seat_next_round(event: Event, *, fallback: str | None = None) -> Round:
    """Seat everyone checked in for the next round (planned: the host may still adjust).

    Raises ``seating.SeatingError`` when the players present cannot be split
    into legal tables, with the fixes the host can choose.
    """
    event = Event.objects.select_for_update().get(pk=event.pk)  # one seating at a time
    number = next_round_number(event)
    existing = event.rounds.filter(number=number).first()
    if existing is not None:
        # Planned ahead (movement cards): seat it again from who is here now.
        return reseat_round(existing, fallback=fallback)
    plan = plan_for(event, number, fallback=fallback)
    rnd = Round.objects.create(event=event, number=number)
    _write_plan(rnd, plan)
    return rnd


@transaction.atomic
def plan_rest_of_night(event: Event, *, fallback: str | None = None) -> list[Round]:
    """Seat every remaining round now, for printed movement cards.

    Rounds not yet started are planned afresh from the players checked in (with
    the mix method, all of them together as one plan of the rest of the night);
    each can still be re-seated before it starts if attendance changes.
    """
    event = Event.objects.select_for_update().get(pk=event.pk)  # one seating at a time
    first = next_round_number(event)
    event.rounds.filter(number__gte=first, status=Round.Status.PLANNED).delete()
    created = []
    for number in range(first, event.rounds_planned + 1):
        plan = plan_for(event, number, fallback=fallback)
        rnd = Round.objects.create(event=event, number=number)
        _write_plan(rnd, plan)
        created.append(rnd)
    return created


@transaction.atomic
def reseat_round(rnd: Round, *, fallback: str | None = None, method: str | None = None) -> Round:
    """Throw away a planned round's seats and ask the seating engine again."""
    event = Event.objects.select_for_update().get(pk=rnd.event_id)
    rnd = Round.objects.select_related("event").get(pk=rnd.pk)
    _require(rnd, Round.Status.PLANNED, "re-seat")
    _require_in_night(rnd, event, "seat")
    plan = plan_for(rnd.event, rnd.number, fallback=fallback, method=method)
    _write_plan(rnd, plan)
    return rnd


def _require(rnd: Round, status: str, verb: str) -> None:
    if rnd.status != status:
        raise RoundStateError(
            f"Round {rnd.number} is {rnd.get_phase_display().lower()}: you can only {verb} "
            f"a {Round.Status(status).label.lower()} round."
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


@transaction.atomic
def swap_players(rnd: Round, a: Player, b: Player) -> None:
    """Swap two seated players' places before play starts."""
    _require(rnd, Round.Status.PLANNED, "swap players in")
    _require_in_night(rnd, rnd.event, "seat")
    seat_a = rnd.seats.select_for_update().get(player=a)
    seat_b = rnd.seats.select_for_update().get(player=b)
    # Seat rows are unique on (table, position): park one while moving the other.
    place_a, place_b = (seat_a.table_id, seat_a.position), (seat_b.table_id, seat_b.position)
    seat_a.delete()
    seat_b.table_id, seat_b.position = place_a
    seat_b.save()
    Seat.objects.create(round=rnd, table_id=place_b[0], position=place_b[1], player=a)


@transaction.atomic
def move_player(rnd: Round, player: Player, table_number: int) -> None:
    """Move one player to the last seat of another table (or a new table)."""
    _require(rnd, Round.Status.PLANNED, "move players in")
    _require_in_night(rnd, rnd.event, "seat")
    seat = rnd.seats.select_related("table").get(player=player)
    old_table = seat.table
    if old_table.number == table_number:
        return
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
    if not old_table.seats.exists():
        old_table.delete()
        _renumber_tables(rnd)


def _renumber_tables(rnd: Round) -> None:
    for number, table in enumerate(rnd.tables.order_by("number"), start=1):
        if table.number != number:
            table.number = number
            table.save(update_fields=["number"])


def table_size_problems(rnd: Round) -> list[str]:
    event = rnd.event
    low = min(event.game.short_table_size or event.min_table_size, event.min_table_size)
    problems = []
    for table in rnd.tables.order_by("number").prefetch_related("seats"):
        size = len(table.seats.all())
        if not low <= size <= event.max_table_size:
            problems.append(
                f"Table {table.number} has {size} players: tables here seat "
                f"{low} to {event.max_table_size}."
            )
    return problems


@transaction.atomic
def begin_round(rnd: Round) -> Round:
    """Start play: the seats are fixed from now on and the tables can enter scores."""
    event = Event.objects.select_for_update().get(pk=rnd.event_id)  # not while it ends
    rnd = Round.objects.select_for_update().select_related("event").get(pk=rnd.pk)
    _require(rnd, Round.Status.PLANNED, "start")
    _require_in_night(rnd, event, "start")
    previous = rnd.event.rounds.filter(number=rnd.number - 1).first()
    if previous is not None and previous.status != Round.Status.CLOSED:
        raise RoundStateError(
            f"Round {previous.number} is not closed yet: close it before round {rnd.number} starts."
        )
    problems = table_size_problems(rnd)
    if problems:
        raise RoundStateError(" ".join(problems))
    rnd.status = Round.Status.PLAYING
    rnd.started_at = timezone.now()
    rnd.save(update_fields=["status", "started_at"])
    return rnd


@dataclass(frozen=True)
class SubmitResult:
    """What happened to a submission, for the page to tell the player."""

    entry: Entry
    outcome: (
        str  # "saved", "repeat" (same submission again), "same" (matches what's there), "disputed"
    )


class StaleForm(RoundStateError):
    """A form loaded for a round (or hand) that no longer takes scores: nothing was saved."""


def _next_version(rnd: Round, table: GameTable | None) -> int:
    top = Entry.objects.filter(round=rnd, table=table).aggregate(m=Max("version"))["m"]
    return (top or 0) + 1


def check_table_scores(
    table: GameTable, points: Mapping[int, int | None], *, high_confirmed: bool = False
) -> None:
    """Ask the rules engine about a table's scores, keyed by player id."""
    seats = list(table.seats.select_related("player").order_by("position"))
    names = {s.player_id: s.player.name for s in seats}
    if set(points) != set(names):
        raise rules.InvalidScore(
            [rules.Problem("The players on this form are not the players seated at this table.")]
        )
    game = table.round.event.game
    game.check_round(
        table.round.number,
        {names[pid]: points[pid] for pid in names},
        high_confirmed=high_confirmed,
    )


def sent_digest(
    table: GameTable,
    points: Mapping[int, int | None],
    buys: Mapping[int, int | None] | None = None,
) -> str:
    """The scores a retry key was sent with, stored beside the key.

    A phone resends the key it was given with the form; if the scores changed
    (fixed after "Not saved") that is another submission, never the first one
    answered again.
    """
    scores = sorted((pid, points[pid], (buys or {}).get(pid)) for pid in points)
    return idempotency_key_for(table.pk, scores)


def stale_message(rnd: Round) -> str:
    """Why a form for ``rnd`` saved nothing, and what the table is playing now."""
    event = rnd.event
    word = event.round_word
    if event.is_over():
        return (
            "The game is over; these scores were not saved. The final totals are below."
            if event.kind == Event.Kind.TABLE
            else "The night is over; these scores were not saved. The final standings are below."
        )
    now = event.round_in_play()
    if rnd.status == Round.Status.CLOSED and now is not None and now.number != rnd.number:
        playing = f"now playing {word} {now.number}"
        if now.status == Round.Status.CLOSED:
            playing = f"done with {word} {now.number} too"
        return (
            f"{word.capitalize()} {rnd.number} is over; these scores were not saved. "
            f"This table is {playing}."
        )
    return (
        f"{word.capitalize()} {rnd.number} is {rnd.get_phase_display().lower()}; these scores "
        "were not saved. Ask the host."
    )


@transaction.atomic
def submit_scores(
    table: GameTable,
    points: Mapping[int, int | None],
    *,
    entered_by: str = "",
    entered_by_player: Player | None = None,
    user=None,
    based_on: int | None = None,
    idempotency_key: str | None = None,
    high_confirmed: bool = False,
    source: str = Entry.Source.PHONE,
    device: str = "",
    buys: Mapping[int, int | None] | None = None,
) -> SubmitResult:
    """Record one submission of a table's scores, for the round ``table`` belongs to.

    The caller passes the table of the round its form was loaded for, never
    "the round playing now": a form for a round that no longer takes scores
    raises ``StaleForm`` and saves nothing. ``based_on`` is the version the
    submitter saw (0 or None: nothing yet). A phone never replaces scores that
    are already there: a differing set is kept as a dispute for the host, except
    that the phone which entered the current version may correct it while
    nobody has confirmed it and nothing changed in between. The host
    (``source="host"``) replaces the current version, keeping the old one, and
    settles the table's disputes. A retried submission (same key, same scores)
    is recorded once and answered "repeat" whatever the round's state now.
    ``entered_by_player`` is the seated player who entered them on a phone
    (their name is kept in ``entered_by`` too, for display and backups).
    """
    # Lock the table row so two phones at the same instant queue here; only
    # then look for the retry, so a racing duplicate sees the first one's row.
    # ``confirm_entry`` locks the same row: a confirmation and a correction
    # queue, so the current version and its ``confirmed_at`` read below are final.
    table = GameTable.objects.select_for_update().select_related("round__event").get(pk=table.pk)
    digest = sent_digest(table, points, buys) if idempotency_key else ""
    if idempotency_key:
        earlier = Entry.objects.filter(idempotency_key=idempotency_key, sent_digest=digest).first()
        if earlier is not None:
            return SubmitResult(earlier, "repeat")
    rnd = table.round
    clean = {pid: int(p) for pid, p in points.items() if p is not None}
    current = Entry.objects.filter(table=table, state=Entry.State.CURRENT).first()
    is_host = source in (Entry.Source.HOST, Entry.Source.RESTORE)
    if rnd.status != Round.Status.PLAYING or (not is_host and rnd.event.is_over()):
        if current is not None and current.same_scores_as(clean):
            return SubmitResult(current, "same")
        raise StaleForm(stale_message(rnd))
    check_table_scores(table, points, high_confirmed=high_confirmed)
    if current is not None and current.same_scores_as(clean):
        if is_host:
            _settle_disputes(table, note=f"Settled by {_who(user)}: kept version {current.version}")
        return SubmitResult(current, "same")
    if current is None or is_host:
        new_state = Entry.State.CURRENT
    elif (
        device
        and current.device == device
        and current.confirmed_at is None
        and (
            based_on == current.version
            # Its reply was lost, then it fixed a score and sent the same form again.
            or (idempotency_key and current.idempotency_key == idempotency_key)
        )
    ):
        new_state = Entry.State.CURRENT  # The same phone fixing its own typo.
    else:
        for dispute in table.entries.filter(state=Entry.State.DISPUTED):
            if dispute.same_scores_as(clean):
                return SubmitResult(dispute, "disputed")
        new_state = Entry.State.DISPUTED
    if new_state == Entry.State.CURRENT and current is not None:
        current.state = Entry.State.REPLACED
        current.save(update_fields=["state"])
    entry = Entry.objects.create(
        round=rnd,
        table=table,
        version=_next_version(rnd, table),
        state=new_state,
        source=source,
        entered_by=(entered_by_player.name if entered_by_player else entered_by)[:60],
        entered_by_player=entered_by_player,
        entered_by_user=user if user is not None and user.is_authenticated else None,
        idempotency_key=idempotency_key or None,
        sent_digest=digest,
        device=device[:32],
    )
    Score.objects.bulk_create(
        Score(entry=entry, player_id=pid, points=p, buys=(buys or {}).get(pid))
        for pid, p in clean.items()
    )
    if is_host:
        _settle_disputes(table, note=f"Settled by {_who(user)}: kept version {entry.version}")
    if new_state == Entry.State.CURRENT:
        refresh_fills(rnd)
    if new_state == Entry.State.CURRENT and rnd.event.kind == Event.Kind.TABLE:
        _next_hand(rnd)
    return SubmitResult(entry, "saved" if new_state == Entry.State.CURRENT else "disputed")


def _who(user) -> str:
    return user.get_username() if user is not None and user.is_authenticated else "the host"


def _settle_disputes(table: GameTable, *, note: str) -> int:
    """The host has decided: the table's open disputes are dismissed (kept, not deleted)."""
    return table.entries.filter(state=Entry.State.DISPUTED).update(
        state=Entry.State.DISMISSED, note=note[:200]
    )


def _next_hand(rnd: Round) -> None:
    """A one-table game moves straight on: the hand closes and the next is dealt.

    A hand the host reopened that has a dispute waits for the host instead.
    """
    if rnd.entries.filter(state=Entry.State.DISPUTED).exists():
        return
    close_round(rnd)
    event = rnd.event
    if event.round_in_play().number == rnd.number and rnd.number < event.rounds_planned:
        begin_round(seat_next_round(event))


class ConfirmError(Exception):
    """A confirmation that can't be taken; the message says why."""


def is_entrant(entry: Entry, player: Player) -> bool:
    """Whether ``player`` entered ``entry``: by reference when the phone chose the
    entrant from the table's list, else (older entries, backups) by name."""
    if entry.entered_by_player_id is not None:
        return entry.entered_by_player_id == player.pk
    return bool(entry.entered_by) and entry.entered_by.casefold() == player.name.casefold()


@transaction.atomic
def confirm_entry(entry: Entry, *, player: Player | None, version: int, device: str = "") -> Entry:
    """A second player at the table signs the saved scores, like on a paper sheet.

    The confirming player is one seated at that table, not the one who entered
    the scores, on a phone other than the one that entered them: both the player
    and the phone (its device id) must differ from the entry's.

    The table's row is locked first, as ``submit_scores`` locks it: a correction
    sent at the same instant waits for this confirmation (and is then kept as a
    dispute), or this waits for the correction (and is told the scores changed).
    """
    if entry.table_id is None:
        raise ConfirmError("These scores aren't a table's: there is nothing to confirm.")
    GameTable.objects.select_for_update().get(pk=entry.table_id)
    entry = (
        Entry.objects.select_for_update(of=("self",))
        .select_related("round", "table", "entered_by_player")
        .get(pk=entry.pk)
    )
    if entry.state != Entry.State.CURRENT or entry.version != version:
        raise ConfirmError("These scores have changed since you looked: check the new ones.")
    if entry.round.status != Round.Status.PLAYING:
        raise ConfirmError("This round is closed: the scores can't be confirmed any more.")
    if player is None:
        raise ConfirmError("Choose your name, so the table knows who confirmed.")
    if not entry.table.seats.filter(player=player).exists():
        raise ConfirmError(f"{player.name} isn't at this table: a player at the table confirms.")
    if is_entrant(entry, player):
        raise ConfirmError(
            f"{entry.entered_by} entered these scores: another player at the table confirms them."
        )
    if not device:
        raise ConfirmError(
            "This phone hasn't been recognised yet (it keeps no cookies?): reload the page, "
            "then confirm. Another player confirms, on their own phone."
        )
    if entry.device == device:
        raise ConfirmError(
            "This phone entered these scores: another player confirms them on their own phone."
        )
    if entry.confirmed_at is None:
        entry.confirmed_by = player.name[:60]
        entry.confirmed_device = device[:32]
        entry.confirmed_at = timezone.now()
        entry.save(update_fields=["confirmed_by", "confirmed_device", "confirmed_at"])
    return entry


@transaction.atomic
def restore_entry(entry: Entry, *, user) -> Entry:
    """Make a version the table's scores, as a new version (or keep the one in use).

    Used by the host to settle a dispute (the other disputes are dismissed),
    including in favour of the version already in use, or to undo a
    correction. Nothing is deleted: the replaced version stays.
    """
    entry = Entry.objects.select_related("table", "round").get(pk=entry.pk)
    table = GameTable.objects.select_for_update().get(pk=entry.table_id)
    current = table.entries.filter(state=Entry.State.CURRENT).first()
    note = f"Settled by {_who(user)}: kept version {entry.version}"
    if current is not None and current.pk == entry.pk:
        _settle_disputes(table, note=note)
        return entry
    if current is not None:
        current.state = Entry.State.REPLACED
        current.save(update_fields=["state"])
    table.entries.filter(state=Entry.State.DISPUTED).exclude(pk=entry.pk).update(
        state=Entry.State.DISMISSED, note=note
    )
    if entry.state == Entry.State.DISPUTED:
        entry.state = Entry.State.REPLACED  # Its scores live on in the new version.
        entry.save(update_fields=["state"])
    restored = Entry.objects.create(
        round=entry.round,
        table=table,
        version=_next_version(entry.round, table),
        source=Entry.Source.RESTORE,
        entered_by=user.get_username(),
        entered_by_user=user,
        note=f"Restored version {entry.version} ({entry.entered_by or 'unknown'})",
    )
    Score.objects.bulk_create(
        Score(entry=restored, player_id=s.player_id, points=s.points, played=s.played, buys=s.buys)
        for s in entry.scores.all()
    )
    refresh_fills(entry.round)
    return restored


def idempotency_key_for(*parts: object) -> str:
    return hashlib.sha256("|".join(map(str, parts)).encode()).hexdigest()[:40]


def _fill_points(event: Event, rnd: Round) -> int:
    played = list(
        Score.objects.filter(entry__round=rnd, entry__state=Entry.State.CURRENT, played=True)
        .exclude(entry__table=None)
        .values_list("points", flat=True)
    )
    return event.game.missed_round_score(played)


def refresh_fills(rnd: Round, *, user=None) -> None:
    """Bring a round's stored fill-ins in step with its current scores.

    Called on every write that changes a round's scores once it has been
    closed: a correction, a settled dispute, a restore, paper scores entered in
    a reopened round (those players' fill-ins stop being current), a late
    arrival. A round never closed has no fill-ins yet: its tables are still
    entering. The stored fill-in is the record of what the rule gave (each
    change a new version, the old kept); the pages and files never read its
    number: ``tourney.sheet`` works it out from the current scores each time.
    """
    has_fill = Entry.objects.filter(round=rnd, table=None, state=Entry.State.CURRENT).exists()
    if rnd.status == Round.Status.CLOSED or rnd.closed_at is not None or has_fill:
        _fill_round(rnd, user=user)


def _fill_round(rnd: Round, *, user=None) -> None:
    """Give every player of the event who has no score in ``rnd`` the missed-round score.

    Players marked absent who never played are left off the sheet. The fill-ins
    are one new version, replacing the round's earlier fill-ins when who missed
    the round or the rule's score changed (a reopened round corrected or closed
    again, a late arrival joining after the round).

    The round's row is locked first, so two late arrivals checked in at once
    queue here: the second sees the first one's fill-ins and adds itself to them.
    """
    rnd = Round.objects.select_for_update().select_related("event").get(pk=rnd.pk)
    event = rnd.event
    scores = Score.objects.filter(entry__round=rnd, entry__state=Entry.State.CURRENT)
    at_tables = set(scores.exclude(entry__table=None).values_list("player_id", flat=True))
    played_ever = set(
        Score.objects.current()
        .for_event(event)
        .filter(played=True)
        .values_list("player_id", flat=True)
    )
    missing = [
        p
        for p in event.players.all()
        if p.pk not in at_tables and (p.status != Player.Status.ABSENT or p.pk in played_ever)
    ]
    fill = _fill_points(event, rnd)
    previous = Entry.objects.filter(round=rnd, table=None, state=Entry.State.CURRENT).first()
    if previous is not None:
        if {(s.player_id, s.points) for s in previous.scores.all()} == {
            (p.pk, fill) for p in missing
        }:
            return
        previous.state = Entry.State.REPLACED
        previous.save(update_fields=["state"])
    if not missing:
        return
    entry = Entry.objects.create(
        round=rnd,
        table=None,
        version=_next_version(rnd, None),
        source=Entry.Source.FILL,
        entered_by_user=user if user is not None and user.is_authenticated else None,
        note=f"Missed-round rule: {event.missed_round_label()}",
    )
    Score.objects.bulk_create(
        Score(entry=entry, player=p, points=fill, played=False) for p in missing
    )


def _tables_phrase(numbers: list[int]) -> tuple[str, str]:
    """("Tables 2, 5", "have") or ("Table 2", "has")."""
    plural = len(numbers) > 1
    listed = ", ".join(str(n) for n in numbers)
    return f"Table{'s' if plural else ''} {listed}", "have" if plural else "has"


@transaction.atomic
def close_round(
    rnd: Round, *, fill_empty_tables: bool = False, keep_first_entry: bool = False, user=None
) -> Round:
    """Close a round: every player of the event without a score gets the missed-round score.

    Refused while a table has no scores, unless the host chooses to fill them
    too (then that table's players are marked as not played), and while a
    table has a dispute open, unless the host chooses to keep each table's
    first entry (the version in use), which is recorded on the disputes as
    the host's decision.
    """
    rnd = Round.objects.select_for_update().select_related("event").get(pk=rnd.pk)
    _require(rnd, Round.Status.PLAYING, "close")
    empty = rnd.tables_without_scores()
    if empty and not fill_empty_tables:
        tables, verb = _tables_phrase([t.number for t in empty])
        raise RoundStateError(
            f"{tables} {verb} no scores "
            "yet. Enter them, or choose to fill them with the missed-round rule."
        )
    disputed = sorted(
        set(rnd.entries.filter(state=Entry.State.DISPUTED).values_list("table__number", flat=True))
    )
    if disputed and not keep_first_entry:
        tables, verb = _tables_phrase(disputed)
        raise RoundStateError(
            f"{tables} {verb} disputed scores. Settle {'them' if len(disputed) > 1 else 'it'}, "
            "or choose to close keeping the first entry."
        )
    if disputed:
        rnd.entries.filter(state=Entry.State.DISPUTED).update(
            state=Entry.State.DISMISSED,
            note=f"Settled by {_who(user)}: closed round {rnd.number} keeping the first entry",
        )
    _fill_round(rnd, user=user)
    rnd.status = Round.Status.CLOSED
    rnd.closed_at = timezone.now()
    rnd.save(update_fields=["status", "closed_at"])
    return rnd


@transaction.atomic
def reopen_round(rnd: Round) -> Round:
    """Reopen a closed round so a score can be corrected (as a new version)."""
    rnd = Round.objects.select_for_update().select_related("event").get(pk=rnd.pk)
    _require(rnd, Round.Status.CLOSED, "reopen")
    # closed_at is kept (when it was last closed): the sheet tells a round reopened
    # for a correction, whose scores count, from one still coming in.
    rnd.status = Round.Status.PLAYING
    rnd.save(update_fields=["status"])
    return rnd


def edit_consequences(event: Event, changed: Event) -> tuple[list[str], list[str]]:
    """What editing ``event`` into ``changed`` would do to the night already played.

    Returns (refusals, notes): a refusal is a change that contradicts recorded
    scores or a round already played; a note says what takes effect only from
    the next round, or which rounds planned ahead fewer rounds removes (saving
    the edit calls ``drop_rounds_beyond``). Both are written for the host.
    """
    refusals, notes = _played_consequences(event, changed)
    dropped = sorted(
        event.rounds.filter(
            number__gt=changed.rounds_planned, status=Round.Status.PLANNED
        ).values_list("number", flat=True)
    )
    if dropped and not refusals:
        listed = ", ".join(str(n) for n in dropped)
        which = f"rounds {listed} are" if len(dropped) > 1 else f"round {listed} is"
        left = changed.rounds_planned
        notes.append(
            f"Planned {which} removed: the night now has {left} round{'' if left == 1 else 's'}."
        )
    return refusals, notes


def _played_consequences(event: Event, changed: Event) -> tuple[list[str], list[str]]:
    started = list(
        event.rounds.exclude(status=Round.Status.PLANNED).order_by("number").with_tables()
    )
    if not started:
        return [], []
    refusals: list[str] = []
    notes: list[str] = []
    last = started[-1].number
    if changed.rounds_planned < last:
        refusals.append(
            f"Round {last} has been played: the night can't have fewer than {last} rounds "
            f"({changed.rounds_planned} would drop rounds already played)."
        )
    if changed.game_slug != event.game_slug:
        refusals.append("Rounds have been played: the game can't change now.")
        return refusals, notes
    old, new = event.game, changed.game
    if old.settings == new.settings:
        return refusals, _next_round_notes(event, changed, last, notes)
    current = Score.objects.filter(
        entry__round__in=started, entry__state=Entry.State.CURRENT, entry__table__isnull=False
    ).select_related("entry__table", "entry__round", "player")
    by_table: dict[tuple[int, int], dict[str, int]] = {}
    for score in current:
        key = (score.entry.round.number, score.entry.table.number)
        by_table.setdefault(key, {})[score.player.name] = score.points
    for rnd in started:
        for table in rnd.tables.all():
            size = len(table.seats.all())
            before = old.rounds_for(size)[rnd.number - 1]
            after = new.rounds_for(size)[rnd.number - 1]
            if before != after:
                refusals.append(
                    f"Round {rnd.number} has been played as “{before.contract}” with "
                    f"{before.cards_dealt} cards dealt: the new house rules would change it."
                )
                break
            points = by_table.get((rnd.number, table.number))
            if not points:
                continue
            try:
                new.check_round(rnd.number, points, high_confirmed=True)
            except rules.InvalidScore as exc:
                why = " ".join(p.message for p in exc.problems)
                refusals.append(
                    f"Round {rnd.number}, table {table.number}: its recorded scores would "
                    f"not be valid under the new house rules ({why})"
                )
    if not refusals:
        notes.append(
            f"The new house rules apply from round {last + 1}; "
            f"rounds 1 to {last} keep the scores they have."
            if last > 1
            else f"The new house rules apply from round {last + 1}; round 1 keeps its scores."
        )
        rule = ("missed_round", "missed_round_points")
        if any(old.settings.get(k) != new.settings.get(k) for k in rule):
            # Fill-ins are worked out from the rule and the scores whenever they are read.
            notes.append(
                "The new missed-round rule gives every fill-in of the night, "
                "the rounds already played too."
            )
    return refusals, _next_round_notes(event, changed, last, notes)


def _next_round_notes(event: Event, changed: Event, last: int, notes: list[str]) -> list[str]:
    seating_fields = ("min_table_size", "max_table_size", "seating_method", "allow_short_tables")
    if any(getattr(event, f) != getattr(changed, f) for f in seating_fields):
        notes.append(f"The new seating settings apply when round {last + 1} is seated.")
    return notes


@transaction.atomic
def end_event(event: Event) -> Event:
    """The host ends the night early: the table cards take no more scores."""
    event = Event.objects.select_for_update().get(pk=event.pk)
    playing = event.rounds.filter(status=Round.Status.PLAYING).order_by("number").first()
    if playing is not None:
        raise RoundStateError(
            f"Round {playing.number} is still being played: close it before ending the night."
        )
    if event.ended_at is None:
        event.ended_at = timezone.now()
        event.save(update_fields=["ended_at"])
    return event


@transaction.atomic
def reopen_event(event: Event) -> Event:
    """The host takes back "End night": rounds can be seated and started again. When
    it happened is kept on the event, and its page says so."""
    event = Event.objects.select_for_update().get(pk=event.pk)
    if event.ended_at is None:
        raise RoundStateError("The night has not been ended: there is nothing to reopen.")
    event.ended_at = None
    event.reopened_at = timezone.now()
    event.save(update_fields=["ended_at", "reopened_at"])
    return event


@transaction.atomic
def drop_rounds_beyond(event: Event) -> list[int]:
    """Planned rounds past the night's number of rounds (it was lowered after planning
    ahead) are removed, so they can't be started; returns their numbers."""
    beyond = event.rounds.filter(number__gt=event.rounds_planned, status=Round.Status.PLANNED)
    numbers = sorted(beyond.values_list("number", flat=True))
    beyond.delete()
    return numbers


@transaction.atomic
def set_player_status(player: Player, status: str) -> Player:
    """Check a player in, mark them absent or let them leave between rounds.

    A late arrival gets the missed-round score for the rounds already closed
    (two checked in at once queue on each round's row in ``_fill_round``).
    """
    player.status = status
    player.save(update_fields=["status"])
    if status == Player.Status.PRESENT:
        for rnd in _rounds_with_fills(player.event):
            _fill_round(rnd)
    return player


@transaction.atomic
def add_players(
    event: Event, entries: Iterable[str | Person], *, status: str = Player.Status.PRESENT
) -> list[Player]:
    """Add players: people from the roster (playing under their roster name), or names
    (linked to the roster's person of that name, made if new). The form has already
    refused empty and duplicate names and asked about close spellings."""
    players = [
        Player.objects.create(event=event, person=e, name=e.name, status=status)
        if isinstance(e, Person)
        else Player.objects.create(event=event, name=e, status=status)
        for e in entries
    ]
    if status == Player.Status.PRESENT:
        for rnd in _rounds_with_fills(event):
            _fill_round(rnd)
    return players


def _rounds_with_fills(event: Event):
    """The rounds a late arrival is filled in for: closed, or reopened for a correction
    (closed once: ``reopen_round`` keeps ``closed_at``), in order."""
    return event.rounds.filter(Q(status=Round.Status.CLOSED) | Q(closed_at__isnull=False)).order_by(
        "number"
    )


@transaction.atomic
def delete_event(event: Event) -> None:
    """Delete an event and everything in it.

    Players are protected from deletion while seats or scores point at them,
    so the rounds (with their tables, seats and score versions) go first.
    """
    event.rounds.all().delete()
    event.delete()


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


@transaction.atomic
def start_table_game(
    *,
    owner,
    name: str,
    game_slug: str,
    players: list[str],
    house_rules: dict,
    record_buys: bool = False,
    place: str = "",
) -> Event:
    """Start a one-table game (a family's Shanghai or Toonerville) and deal hand 1.

    The players sit in the order given; the first deals, then the deal passes
    to the left each hand. Shanghai's fewer-than-4 rules apply by themselves at
    a table of two or three.
    """
    game = rules.get_game(game_slug, **house_rules)
    event = Event.objects.create(
        owner=owner,
        name=name,
        place=place,
        kind=Event.Kind.TABLE,
        game_slug=game_slug,
        house_rules=game.settings,
        rounds_planned=len(game.rounds),
        min_table_size=len(players),
        max_table_size=len(players),
        allow_short_tables=game.short_table_size is not None
        and len(players) <= game.short_table_size,
        record_buys=record_buys,
    )
    for player_name in players:
        Player.objects.create(event=event, name=player_name, status=Player.Status.PRESENT)
    begin_round(seat_next_round(event))
    return event
