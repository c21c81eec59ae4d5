"""Editing the night: what an edit would do to rounds already played, ending and
reopening the night, dropping rounds planned beyond it, deleting it.

May import tourney.models, scoring.rules, .activity and .common.
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from scoring import rules
from tourney.models import Activity, Entry, Event, Round, Score

from .activity import Actor, record
from .common import RoundStateError


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
            f"Round {last} has been played: the night can't have fewer than "
            f"{rules.count_of(last, 'round')} "
            f"({changed.rounds_planned} would drop rounds already played)."
        )
    if changed.game_slug != event.game_slug:
        refusals.append("Rounds have been played: the game can't change now.")
        return refusals, notes
    old, new = event.game, changed.game
    # A night with no round left to play (all played, or ended early) has no "from
    # round N" for a change to apply from: saying so would name a round that never comes.
    more = last < changed.rounds_planned and event.ended_at is None
    if old.settings == new.settings:
        return refusals, _next_round_notes(event, changed, last, notes, more=more)
    refusals += _played_rounds_under(new, old, started)
    if not refusals:
        notes += _new_rules_notes(old, new, last, more=more)
    return refusals, _next_round_notes(event, changed, last, notes, more=more)


def _recorded_scores(started: list[Round]) -> dict[tuple[int, int], dict[str, tuple]]:
    """(round, table) -> player name -> (points, buys) of the current versions."""
    current = Score.objects.filter(
        entry__round__in=started, entry__state=Entry.State.CURRENT, entry__table__isnull=False
    ).select_related("entry__table", "entry__round", "player")
    by_table: dict[tuple[int, int], dict[str, tuple]] = {}
    for score in current:
        key = (score.entry.round.number, score.entry.table.number)
        by_table.setdefault(key, {})[score.player.name] = (score.points, score.buys)
    return by_table


def _played_rounds_under(new: rules.Game, old: rules.Game, started: list[Round]) -> list[str]:
    """Why the rounds already played can't stand under the new house rules: a deal that
    would change, or recorded scores (with their buys) the new rules refuse."""
    refusals: list[str] = []
    recorded = _recorded_scores(started)
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
            scores = recorded.get((rnd.number, table.number))
            if not scores:
                continue
            try:
                new.check_round(
                    rnd.number,
                    {name: points for name, (points, _) in scores.items()},
                    high_confirmed=True,
                    buys={name: buys for name, (_, buys) in scores.items()},
                )
            except rules.InvalidScore as exc:
                why = " ".join(p.message for p in exc.problems)
                refusals.append(
                    f"Round {rnd.number}, table {table.number}: its recorded scores would "
                    f"not be valid under the new house rules ({why})"
                )
    return refusals


def _new_rules_notes(old: rules.Game, new: rules.Game, last: int, *, more: bool) -> list[str]:
    if not more:
        notes = ["The night's rounds have all been played: they keep the scores they have."]
    elif last > 1:
        notes = [
            f"The new house rules apply from round {last + 1}; "
            f"rounds 1 to {last} keep the scores they have."
        ]
    else:
        notes = [f"The new house rules apply from round {last + 1}; round 1 keeps its scores."]
    rule = ("missed_round", "missed_round_points")
    if any(old.settings.get(k) != new.settings.get(k) for k in rule):
        # Fill-ins are worked out from the rule and the scores whenever they are read.
        notes.append(
            "The new missed-round rule gives every fill-in of the night, "
            "the rounds already played too."
        )
    return notes


def _next_round_notes(
    event: Event, changed: Event, last: int, notes: list[str], *, more: bool
) -> list[str]:
    seating_fields = (
        "min_table_size",
        "max_table_size",
        "seating_method",
        "allow_short_tables",
        "sit_out_when_uneven",
    )
    if more and any(getattr(event, f) != getattr(changed, f) for f in seating_fields):
        notes.append(f"The new seating settings apply when round {last + 1} is seated.")
    return notes


@transaction.atomic
def end_event(event: Event, *, by: Actor | None = None) -> Event:
    """The host ends the night early: the table cards take no more scores."""
    event = Event.objects.select_for_update().get(pk=event.pk)
    playing = event.rounds.filter(status=Round.Status.PLAYING).order_by("number").first()
    if playing is not None:
        raise RoundStateError(
            f"Round {playing.number} is still being played: close it before ending the night."
        )
    if event.ended_at is None:
        event.ended_at = timezone.now()
        event.save(update_fields=["ended_at", "updated_at"])  # the live pages' stamp moves
        record(event, Activity.Action.END, "Ended the night.", by=by)
    return event


@transaction.atomic
def reopen_event(event: Event, *, by: Actor | None = None) -> Event:
    """The host takes back "End night": rounds can be seated and started again. When
    it happened is kept on the event, and its page says so."""
    event = Event.objects.select_for_update().get(pk=event.pk)
    if event.ended_at is None:
        raise RoundStateError("The night has not been ended: there is nothing to reopen.")
    event.ended_at = None
    event.reopened_at = timezone.now()
    event.save(update_fields=["ended_at", "reopened_at", "updated_at"])
    record(event, Activity.Action.REOPEN_NIGHT, "Reopened the night.", by=by)
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
def delete_event(event: Event) -> None:
    """Delete an event and everything in it.

    Players are protected from deletion while seats or scores point at them,
    so the rounds (with their tables, seats and score versions) go first.
    """
    event.rounds.all().delete()
    event.delete()
