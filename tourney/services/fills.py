"""Fill-ins: the missed-round score for everyone of the event without one in a round.

Written when a round closes, and kept in step whenever its scores change after
that (a correction, a restore, a late arrival). May import tourney.models and
.common.
"""

from __future__ import annotations

from django.db.models import Q

from tourney.models import Entry, Event, Player, Round, Score

from .common import next_version


def refresh_fills(rnd: Round, *, user=None) -> None:
    """Bring a round's stored fill-ins in step with its current scores.

    Called on every write that changes a round's scores once it has been
    closed: a correction, a settled dispute, a restore, paper scores entered in
    a reopened round (those players' fill-ins stop being current), a late
    arrival. A round never closed has no fill-ins yet: its tables are still
    entering. The stored fill-in is the record of what the rule gave (each
    change a new version, the old kept); the pages and files never read its
    number: ``tourney.night.sheet`` works it out from the current scores each time.
    """
    has_fill = Entry.objects.filter(round=rnd, table=None, state=Entry.State.CURRENT).exists()
    if rnd.status == Round.Status.CLOSED or rnd.closed_at is not None or has_fill:
        fill_round(rnd, user=user)


def fill_round(rnd: Round, *, user=None) -> None:
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
    fill = fill_points(event, rnd)
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
        version=next_version(rnd, None),
        source=Entry.Source.FILL,
        entered_by_user=user if user is not None and user.is_authenticated else None,
        note=f"Missed-round rule: {event.missed_round_label()}",
    )
    Score.objects.bulk_create(
        Score(entry=entry, player=p, points=fill, played=False) for p in missing
    )


def fill_points(event: Event, rnd: Round) -> int:
    played = list(
        Score.objects.filter(entry__round=rnd, entry__state=Entry.State.CURRENT, played=True)
        .exclude(entry__table=None)
        .values_list("points", flat=True)
    )
    return event.game.missed_round_score(played)


def rounds_with_fills(event: Event):
    """The rounds a late arrival is filled in for: closed, or reopened for a correction
    (closed once: ``reopen_round`` keeps ``closed_at``), in order."""
    return event.rounds.filter(Q(status=Round.Status.CLOSED) | Q(closed_at__isnull=False)).order_by(
        "number"
    )
