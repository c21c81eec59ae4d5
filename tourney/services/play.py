"""Playing a round: begin it, submit a table's scores, confirm them, settle a
dispute (restore a version), close it (fill-ins) and reopen it.

May import tourney.models, scoring.rules, .activity, .common, .fills and .seat (a
one-table game deals its next hand by itself). Each change is recorded in the
night's activity (``.activity.record``) in its own transaction, naming ``by``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from scoring import rules
from tourney.models import (
    Activity,
    Entry,
    Event,
    GameTable,
    Player,
    Round,
    Score,
    Seat,
    TableCard,
    display_name,
)
from tourney.night.sheet import build_sheet

from .activity import Actor, record, scores_in_words
from .common import (
    RoundStateError,
    idempotency_key_for,
    next_version,
    require,
    require_in_night,
)
from .fills import fill_round, refresh_fills
from .seat import (
    broken_seating_rules,
    seat_next_round,
    start_stamp_covers,
    table_size_problems,
)


@transaction.atomic
def begin_round(
    rnd: Round, *, by: Actor | None = None, break_rules: bool = False, seen: str | None = None
) -> Round:
    """Start play: the seats are fixed from now on and the tables can enter scores.

    Seats that break a seating rule (a hand swap or move) start only with
    ``break_rules``: the host's "start anyway", recorded in the activity log. ``seen``
    is the :func:`start_stamp` of the page Start was pressed on: seats re-seated or
    swapped in another tab since, or a rule they break added since, are not what the host
    agreed to start, and are refused (:func:`start_stamp_covers`)."""
    event = Event.objects.select_for_update().get(pk=rnd.event_id)  # not while it ends
    rnd = Round.objects.select_for_update().select_related("event").get(pk=rnd.pk)
    require(rnd, Round.Status.PLANNED, "start")
    require_in_night(rnd, event, "start")
    previous = rnd.event.rounds.filter(number=rnd.number - 1).first()
    if previous is not None and previous.status != Round.Status.CLOSED:
        raise RoundStateError(
            f"Round {previous.number} is not closed yet: close it before round {rnd.number} starts."
        )
    away = sorted(
        s.player.name
        for s in rnd.seats.select_related("player")
        if s.player.status != Player.Status.PRESENT
    )
    if away:
        verb = "are" if len(away) > 1 else "is"
        raise RoundStateError(
            f"{rules.name_list(away)} {verb} seated in {rnd_word(rnd)} but no longer "
            "checked in: re-seat the round (or plan the rounds not started again), "
            "or check them in again, before it starts."
        )
    problems = table_size_problems(rnd)
    if problems:
        raise RoundStateError(" ".join(problems))
    rules_broken = broken_seating_rules(rnd)  # read once: the check and the words agree
    broken = [rule.describe() for rule in rules_broken]
    if seen and not start_stamp_covers(rnd, seen, rules_broken):
        raise RoundStateError(
            f"The seats of {rnd_word(rnd)}, or the seating rules they break, changed after "
            "this page was loaded (another tab, a co-host, a re-seat): nothing was started. "
            "Check the tables below and start again."
        )
    if broken and not break_rules:
        raise RoundStateError(
            f"These seats break a seating rule: {'; '.join(broken)}. Swap them back or "
            f're-seat the round, or tick "Start anyway" to play {rnd_word(rnd)} as seated.'
        )
    rnd.status = Round.Status.PLAYING
    rnd.started_at = timezone.now()
    rnd.save(update_fields=["status", "started_at"])
    said = f"Started {rnd_word(rnd)}."
    if broken:
        said += f" Started anyway, breaking a seating rule: {'; '.join(broken)}."
    record(event, Activity.Action.BEGIN, said, by=by, round_number=rnd.number)
    return rnd


def rnd_word(rnd: Round) -> str:
    """ "round 3" ("hand 3" at a family game of Shanghai)."""
    return f"{rnd.event.round_word} {rnd.number}"


@dataclass(frozen=True)
class SubmitResult:
    """What happened to a submission, for the page to tell the player."""

    entry: Entry
    outcome: (
        str  # "saved", "repeat" (same submission again), "same" (matches what's there), "disputed"
    )


class StaleForm(RoundStateError):
    """A form loaded for a round (or hand) that no longer takes scores: nothing was saved."""


class ScoresChanged(RoundStateError):
    """The host's or desk's form was opened before another version of the table's scores
    came in (a phone, or a second desk): saving it would replace scores its typist never
    saw, so nothing was saved. The message says what is there now."""


def check_table_scores(
    table: GameTable,
    points: Mapping[int, int | str | None],
    *,
    high_confirmed: bool = False,
    buys: Mapping[int, int | None] | None = None,
) -> list[Seat]:
    """Ask the rules engine about a table's scores (and recorded buys), keyed by player id.

    A score as typed that is no number comes as its text, which the engine refuses
    ("a whole number") while judging the others. Returns the table's seats in seat
    order, with their players, as read here."""
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
        buys={names[pid]: count for pid, count in (buys or {}).items() if pid in names},
    )
    return seats


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
    submitter saw (0 or None: nothing yet); ``_save_version`` says which set of
    scores wins. A retried submission (same key, same scores) is recorded once
    and answered "repeat" whatever the round's state now.
    ``entered_by_player`` is the seated player who entered them on a phone
    (their name is kept in ``entered_by`` too, for display and backups).
    """
    # Lock the table row so two phones at the same instant queue here; only
    # then look for the retry, so a racing duplicate sees the first one's row.
    # ``confirm_entry`` locks the same row: a confirmation and a correction
    # queue, so the current version and its ``confirmed_at`` read below are final.
    table = GameTable.objects.select_for_update().select_related("round__event").get(pk=table.pk)
    digest = sent_digest(table, points, buys) if idempotency_key else ""
    # The retry (same key, same scores) and the table's current version, in one query.
    mine = Q(table=table, state=Entry.State.CURRENT)
    if idempotency_key:
        mine |= Q(idempotency_key=idempotency_key, sent_digest=digest)
    found = list(Entry.objects.filter(mine).order_by("pk"))
    if idempotency_key:
        earlier = next(
            (e for e in found if e.idempotency_key == idempotency_key and e.sent_digest == digest),
            None,
        )
        if earlier is not None:
            return SubmitResult(earlier, "repeat")
    rnd = table.round
    clean = {pid: int(p) for pid, p in points.items() if p is not None}
    current = next(
        (e for e in found if e.table_id == table.pk and e.state == Entry.State.CURRENT), None
    )
    is_host = source in (Entry.Source.HOST, Entry.Source.RESTORE)
    if rnd.status != Round.Status.PLAYING or (not is_host and rnd.event.is_over()):
        if current is not None and current.same_scores_as(clean):
            return SubmitResult(current, "same")
        raise StaleForm(stale_message(rnd))
    seats = check_table_scores(table, points, high_confirmed=high_confirmed, buys=buys)
    return _save_version(
        table,
        clean,
        current,
        seats=seats,
        is_host=is_host,
        source=source,
        entered_by=(entered_by_player.name if entered_by_player else entered_by),
        entered_by_player=entered_by_player,
        user=user,
        based_on=based_on,
        idempotency_key=idempotency_key,
        digest=digest,
        device=device,
        buys=buys,
    )


def _save_version(
    table: GameTable,
    clean: Mapping[int, int],
    current: Entry | None,
    *,
    is_host: bool,
    based_on: int | None,
    idempotency_key: str | None,
    device: str,
    user,
    seats: list[Seat] | None = None,
    **fields,
) -> SubmitResult:
    """Which set of scores wins, stored as a new version, and what follows from it.

    A phone never replaces scores that are already there: a differing set is
    kept as a dispute for the host, except that the phone which entered the
    current version may correct it while nobody has confirmed it and nothing
    changed in between. The host (``source="host"``) replaces the current
    version, keeping the old one, and settles the table's disputes.
    """
    rnd = table.round
    by = (
        Actor.account(user)
        if is_host
        else Actor.phone(table=table.number, player=fields["entered_by_player"], device=device)
    )
    if current is not None and current.same_scores_as(clean):
        if is_host:
            note = f"Settled by {_who(user)}: kept version {current.version}"
            if _settle_disputes(table, note=note):
                _record_settled(table, current, by=by)
        return SubmitResult(current, "same")
    if (
        fields.get("source") == Entry.Source.HOST
        and based_on is not None
        and based_on != (current.version if current else 0)
    ):
        raise ScoresChanged(_changed_since(table, current))
    if current is None or is_host or _phone_corrects(current, device, based_on, idempotency_key):
        new_state = Entry.State.CURRENT
    else:
        for dispute in table.entries.filter(state=Entry.State.DISPUTED):
            if dispute.same_scores_as(clean):
                return SubmitResult(dispute, "disputed")
        new_state = Entry.State.DISPUTED
    entry = _record_version(
        table,
        clean,
        state=new_state,
        replacing=current,
        user=user,
        idempotency_key=idempotency_key,
        device=device,
        **fields,
    )
    settled = 0
    if is_host:
        note = f"Settled by {_who(user)}: kept version {entry.version}"
        settled = _settle_disputes(table, note=note)
    _record_scores(
        table, entry, replacing=current, settled=settled, by=by, seats=seats, points=clean
    )
    if new_state == Entry.State.CURRENT:
        refresh_fills(rnd)
    if new_state == Entry.State.CURRENT and rnd.event.kind == Event.Kind.TABLE:
        _next_hand(rnd, by=by)
    return SubmitResult(entry, "saved" if new_state == Entry.State.CURRENT else "disputed")


def _record_scores(
    table: GameTable,
    entry: Entry,
    *,
    replacing: Entry | None,
    settled: int,
    by: Actor,
    seats: list[Seat] | None = None,
    points: Mapping[int, int] | None = None,
) -> None:
    """The night's activity row for a new version of a table's scores. ``seats`` and
    ``points``: the table's seats with their players and the scores just stored, when the
    caller holds them (the version's scores are then named from them, not read back)."""
    rnd = table.round
    where = f"{rnd_word(rnd).capitalize()}, table {table.number}"
    scores = scores_in_words(entry, seats=seats, points=points)
    if entry.state == Entry.State.DISPUTED:
        action = Activity.Action.DISPUTE
        text = f"{where}: differing scores kept as a dispute (version {entry.version}): {scores}."
    elif replacing is None:
        action = Activity.Action.SCORES
        text = f"{where}: scores entered (version {entry.version}): {scores}."
    else:
        action = Activity.Action.CORRECTION
        text = (
            f"{where}: scores corrected (version {replacing.version} replaced by "
            f"{entry.version}): {scores}."
        )
    if settled:
        text += f" {_disputes_settled(settled)}"
    record(
        rnd.event,
        action,
        text,
        by=by,
        round_number=rnd.number,
        table_number=table.number,
        entry=entry,
    )


def _disputes_settled(count: int) -> str:
    return "The dispute is settled." if count == 1 else f"{count} disputes are settled."


def _record_settled(table: GameTable, kept: Entry, *, by: Actor, restored_from: int = 0) -> None:
    rnd = table.round
    where = f"{rnd_word(rnd).capitalize()}, table {table.number}"
    if restored_from:
        text = (
            f"{where}: version {restored_from}'s scores restored as version {kept.version}: "
            f"{scores_in_words(kept)}."
        )
    else:
        text = f"{where}: dispute settled keeping version {kept.version}: {scores_in_words(kept)}."
    record(
        rnd.event,
        Activity.Action.SETTLE,
        text,
        by=by,
        round_number=rnd.number,
        table_number=table.number,
        entry=kept,
    )


def _changed_since(table: GameTable, current: Entry | None) -> str:
    where = "" if table.round.event.is_table_game else f"Table {table.number}'s "
    if current is None:
        return (
            f"{where or 'The '}scores were taken back since this page was opened. Nothing was "
            "saved: reload the page and type them again."
        )
    return (
        f"{where or 'The '}scores changed since this page was opened: version "
        f"{current.version}, by {current.author}, says {scores_in_words(current)}. Nothing "
        "was saved. Check them against your slip; to replace them with yours, save again."
    )


def _phone_corrects(
    current: Entry, device: str, based_on: int | None, idempotency_key: str | None
) -> bool:
    """The same phone fixing its own typo: it entered the current version, nobody has
    confirmed it, and it saw that version (or its reply was lost, then it fixed a
    score and sent the same form again)."""
    return bool(
        device
        and current.device == device
        and current.confirmed_at is None
        and (
            based_on == current.version
            or (idempotency_key and current.idempotency_key == idempotency_key)
        )
    )


def _record_version(
    table: GameTable,
    clean: Mapping[int, int],
    *,
    state: str,
    replacing: Entry | None,
    source: str,
    entered_by: str,
    entered_by_player: Player | None,
    user,
    idempotency_key: str | None,
    digest: str,
    device: str,
    buys: Mapping[int, int | None] | None,
) -> Entry:
    """Store a new version of the table's scores; a current one replaces the version in use."""
    rnd = table.round
    if state == Entry.State.CURRENT and replacing is not None:
        replacing.state = Entry.State.REPLACED
        replacing.save(update_fields=["state"])
    entry = Entry.objects.create(
        round=rnd,
        table=table,
        version=next_version(rnd, table),
        state=state,
        source=source,
        entered_by=entered_by[:60],
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
    return entry


def _who(user) -> str:
    return display_name(user) if user is not None and user.is_authenticated else "the host"


def _settle_disputes(table: GameTable, *, note: str) -> int:
    """The host has decided: the table's open disputes are dismissed (kept, not deleted)."""
    return table.entries.filter(state=Entry.State.DISPUTED).update(
        state=Entry.State.DISMISSED, note=note[:200]
    )


def _next_hand(rnd: Round, *, by: Actor) -> None:
    """A one-table game moves straight on: the hand closes and the next is dealt.

    A hand the host reopened that has a dispute waits for the host instead.
    """
    if rnd.entries.filter(state=Entry.State.DISPUTED).exists():
        return
    close_round(rnd, by=by)
    event = rnd.event
    if event.round_in_play().number == rnd.number and rnd.number < event.rounds_planned:
        begin_round(seat_next_round(event, by=by), by=by)


class ConfirmError(Exception):
    """A confirmation that can't be taken; the message says why."""


def is_entrant(entry: Entry, player: Player) -> bool:
    """Whether ``player`` entered ``entry``: by reference when the phone chose the
    entrant from the table's list, else (older entries, backups) by name."""
    if entry.entered_by_player_id is not None:
        return entry.entered_by_player_id == player.pk
    if entry.entered_by_user_id is not None:
        return False  # typed by a signed-in account (the desk), named as people see it
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
        rnd = entry.round
        record(
            rnd.event,
            Activity.Action.CONFIRM,
            f"{rnd_word(rnd).capitalize()}, table {entry.table.number}: version "
            f"{entry.version} confirmed (entered by {entry.author}).",
            by=Actor.phone(table=entry.table.number, player=player, device=device),
            round_number=rnd.number,
            table_number=entry.table.number,
            entry=entry,
        )
    return entry


@transaction.atomic
def confirm_at_desk(entry: Entry, *, user, version: int) -> Entry:
    """The desk checked a phone's scores against the table's paper slip and confirms
    them: signed by the account, as a second player signs on a phone. Already
    confirmed: nothing changes and nothing is recorded."""
    GameTable.objects.select_for_update().get(pk=entry.table_id)
    entry = (
        Entry.objects.select_for_update(of=("self",))
        .select_related("round__event", "table")
        .get(pk=entry.pk)
    )
    if entry.state != Entry.State.CURRENT or entry.version != version:
        raise ConfirmError("These scores have changed since you looked: check the new ones.")
    if entry.round.status != Round.Status.PLAYING:
        raise ConfirmError("This round is closed: the scores can't be confirmed any more.")
    if entry.confirmed_at is None:
        entry.confirmed_by = display_name(user)[:60]
        entry.confirmed_at = timezone.now()
        entry.save(update_fields=["confirmed_by", "confirmed_at"])
        rnd = entry.round
        record(
            rnd.event,
            Activity.Action.CONFIRM,
            f"{rnd_word(rnd).capitalize()}, table {entry.table.number}: version "
            f"{entry.version} confirmed at the desk (entered by {entry.author}).",
            by=Actor.account(user),
            round_number=rnd.number,
            table_number=entry.table.number,
            entry=entry,
        )
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
    by = Actor.account(user)
    if current is not None and current.pk == entry.pk:
        if _settle_disputes(table, note=note):
            _record_settled(table, entry, by=by)
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
        version=next_version(entry.round, table),
        source=Entry.Source.RESTORE,
        entered_by=display_name(user)[:60],
        entered_by_user=user,
        note=f"Restored version {entry.version} ({entry.entered_by or 'unknown'})",
    )
    Score.objects.bulk_create(
        Score(entry=restored, player_id=s.player_id, points=s.points, played=s.played, buys=s.buys)
        for s in entry.scores.all()
    )
    _record_settled(table, restored, by=by, restored_from=entry.version)
    refresh_fills(entry.round)
    return restored


def _tables_phrase(numbers: list[int]) -> tuple[str, str]:
    """("Tables 2, 5", "have") or ("Table 2", "has")."""
    plural = len(numbers) > 1
    listed = ", ".join(str(n) for n in numbers)
    return f"Table{'s' if plural else ''} {listed}", "have" if plural else "has"


@transaction.atomic
def close_round(
    rnd: Round,
    *,
    fill_empty_tables: bool = False,
    keep_first_entry: bool = False,
    user=None,
    by: Actor | None = None,
) -> Round:
    """Close a round: every player of the event without a score gets the missed-round score.

    Refused while a table has no scores, unless the host chooses to fill them
    too (then that table's players are marked as not played), and while a
    table has a dispute open, unless the host chooses to keep each table's
    first entry (the version in use), which is recorded on the disputes as
    the host's decision.
    """
    rnd = Round.objects.select_for_update().select_related("event").get(pk=rnd.pk)
    require(rnd, Round.Status.PLAYING, "close")
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
    fill_round(rnd, user=user)
    rnd.status = Round.Status.CLOSED
    rnd.closed_at = timezone.now()
    rnd.save(update_fields=["status", "closed_at"])
    text = f"Closed {rnd_word(rnd)}."
    if empty:
        tables, _ = _tables_phrase([t.number for t in empty])
        text += f" {tables} filled with the missed-round rule."
    if disputed:
        tables, _ = _tables_phrase(disputed)
        text += f" {tables}: disputes settled keeping the first entry."
    record(
        rnd.event,
        Activity.Action.CLOSE,
        text,
        by=by or Actor.account(user),
        round_number=rnd.number,
    )
    return rnd


@transaction.atomic
def reopen_round(rnd: Round, *, by: Actor | None = None) -> Round:
    """Reopen a closed round so a score can be corrected (as a new version)."""
    rnd = Round.objects.select_for_update().select_related("event").get(pk=rnd.pk)
    require(rnd, Round.Status.CLOSED, "reopen")
    # closed_at is kept (when it was last closed): the sheet tells a round reopened
    # for a correction, whose scores count, from one still coming in.
    rnd.status = Round.Status.PLAYING
    rnd.save(update_fields=["status"])
    record(
        rnd.event,
        Activity.Action.REOPEN,
        f"Reopened {rnd_word(rnd)} for corrections.",
        by=by,
        round_number=rnd.number,
    )
    return rnd


OLDER_PAGE = "This form is from an older page; nothing was saved. This is the page now."


def table_state(
    *, card: TableCard, round: Round | None = None, standings: bool = True, to_save: bool = False
) -> dict:
    """Everything the table page shows: for the round the table plays now, or for
    ``round`` (the round a submitted form was loaded for). ``standings=False`` leaves
    out the night's final standings, which only the whole page shows (a poll
    building the master sheet for nothing cost a finished night's phones 19 ms a poll).
    ``to_save=True``: only what checking and saving a posted form needs (the table, its
    seats, whether its round plays), not the scores, disputes and next seats a page
    shows, nor whether the night is over (saving checks that under the table's lock); a
    refused form is shown again from the whole state."""
    event = card.event
    # Saving checks whether the night is over under the table's lock (submit_scores).
    over = False if to_save else event.is_over()
    rnd = round if round is not None else event.round_in_play()
    if rnd is not None:
        rnd.event = event  # the table's deal and dealer read the event through its round
    state: dict = {
        "card": card,
        "event": event,
        "round": rnd,
        "table": None,
        "seats": [],
        "over": over,
    }
    if over and standings and not to_save and event.kind != event.Kind.TABLE:
        state["final"] = build_sheet(event)
    if rnd is None:
        return state
    table = (
        GameTable.objects.filter(round=rnd, number=card.number)
        .prefetch_related("seats__player")
        .first()
    )
    state["table"] = table
    if table is None:
        return state
    table.round = rnd
    seats = sorted(table.seats.all(), key=lambda s: s.position)
    playing = rnd.status == Round.Status.PLAYING and not over
    if to_save:
        state.update(seats=seats, deal=table.rules_round(), current=None, playing=playing)
        return state
    entries = list(table.entries.exclude(state=Entry.State.DISMISSED).prefetch_related("scores"))
    current = next((e for e in entries if e.state == Entry.State.CURRENT), None)
    names = {s.player_id: s.player.name for s in seats}
    state.update(
        seats=seats,
        deal=table.rules_round(),
        current=current,
        current_scores=[
            (names[sc.player_id], sc.points, sc.buys) for sc in _ordered(current, seats)
        ]
        if current
        else [],
        confirmers=[s.player for s in seats if not is_entrant(current, s.player)]
        if current
        else [],
        disputes=[e for e in entries if e.state == Entry.State.DISPUTED],
        next_seats=_next_seats(rnd, seats) if event.kind != event.Kind.TABLE else [],
        playing=playing,
    )
    if event.kind == event.Kind.TABLE:
        state["sheet"] = build_sheet(event)
        state["family_rows"] = sorted(state["sheet"].rows, key=lambda row: row.player.pk)
    return state


def _ordered(entry: Entry, seats: list[Seat]):
    by_player = {s.player_id: s for s in entry.scores.all()}
    return [by_player[s.player_id] for s in seats if s.player_id in by_player]


def _next_seats(rnd: Round, seats: list[Seat]) -> list[tuple[str, Seat | None]]:
    """Where each player at this table goes in the next round, once it is seated."""
    following = rnd.event.rounds.filter(number=rnd.number + 1).first()
    if following is None:
        return []
    where = {
        s.player_id: s
        for s in Seat.objects.filter(
            round=following, player__in=[x.player_id for x in seats]
        ).select_related("table__round__event")
    }
    return [(s.player.name, where.get(s.player_id)) for s in seats]


@dataclass(frozen=True)
class TableAnswer:
    """What a table's submission came to, for the phone's page to show.

    ``outcome`` is a ``SubmitResult`` outcome ("saved", "repeat", "same",
    "disputed", with ``entry``), or "invalid" (the rules' ``problems``; nothing
    saved), "stale" (the form's round takes no scores: ``message`` says why) or
    "refused" (the round's state refused it: ``message``).
    """

    outcome: str
    entry: Entry | None = None
    problems: tuple[rules.Problem, ...] = ()
    needs_confirmation: bool = False
    message: str = ""


def submit_table_scores(
    *,
    table: GameTable | None,
    round: Round | None,
    playing: bool,
    points: Mapping[int, int | None] | None,
    complete: bool,
    entered_by_player: Player | None = None,
    based_on: int | None = None,
    idempotency_key: str | None = None,
    high_confirmed: bool = False,
    device: str = "",
    buys: Mapping[int, int | None] | None = None,
) -> TableAnswer:
    """One submission from a table's phone, for the round its form was loaded for.

    ``complete`` says the form read every field; when it did not, ``points`` are
    the scores as typed (None when one is not a number) and nothing is saved: the
    rules engine only judges them, so the page shows every problem at once.
    """
    if table is None or round is None:
        return TableAnswer("stale", message=stale_message(round) if round else OLDER_PAGE)
    if not complete:
        if not playing:
            return TableAnswer("stale", message=stale_message(round))
        return _judge_typed(table, points, high_confirmed=high_confirmed, buys=buys)
    try:
        result = submit_scores(
            table,
            points,
            entered_by_player=entered_by_player,
            based_on=based_on,
            idempotency_key=idempotency_key,
            high_confirmed=high_confirmed,
            source=Entry.Source.PHONE,
            device=device,
            buys=buys,
        )
    except rules.InvalidScore as exc:
        return TableAnswer(
            "invalid", problems=tuple(exc.problems), needs_confirmation=exc.needs_confirmation
        )
    except StaleForm as exc:
        return TableAnswer("stale", message=str(exc))
    except RoundStateError as exc:
        return TableAnswer("refused", message=str(exc))
    return TableAnswer(result.outcome, entry=result.entry)


def _judge_typed(
    table: GameTable,
    points: Mapping[int, int | str | None] | None,
    *,
    high_confirmed: bool,
    buys: Mapping[int, int | None] | None,
) -> TableAnswer:
    """The rules engine's problems with scores typed on a form that has others too."""
    if points is None:
        return TableAnswer("invalid")
    problems = typed_score_problems(table, points, high_confirmed=high_confirmed, buys=buys)
    return TableAnswer("invalid", problems=tuple(problems))


def typed_score_problems(
    table: GameTable,
    points: Mapping[int, int | str | None],
    *,
    high_confirmed: bool = False,
    buys: Mapping[int, int | None] | None = None,
) -> list[rules.Problem]:
    """Every problem the rules find with scores on a form that was refused for another
    reason too (a score that is no number, a missing name), so one save says it all.

    A score typed that is no number comes as its text: the form says so beside its
    player, so the engine's own word on it is left out; blanks, zeros and the other
    scores are judged as they are.
    """
    try:
        check_table_scores(table, points, high_confirmed=high_confirmed, buys=buys)
    except rules.InvalidScore as exc:
        said = {
            s.player.name
            for s in table.seats.select_related("player")
            if isinstance(points.get(s.player_id), str)
        }
        return [p for p in exc.problems if not (len(p.players) == 1 and p.players[0] in said)]
    return []
