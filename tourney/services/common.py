"""What the workflows share: the host's error and the checks on a round's state.

May import tourney.models; nothing else of Rookery's.
"""

from __future__ import annotations

import hashlib

from django.db.models import Max

from tourney.models import Entry, Event, GameTable, Round


class RoundStateError(Exception):
    """A host asked for something the round's state does not allow; the message says why."""


def require(rnd: Round, status: str, verb: str) -> None:
    if rnd.status != status:
        raise RoundStateError(
            f"Round {rnd.number} is {rnd.get_phase_display().lower()}: you can only {verb} "
            f"a {Round.Status(status).label.lower()} round."
        )


def require_night_open(event: Event) -> None:
    if event.ended_at is not None:
        raise RoundStateError(
            "The night has ended: nothing more can be seated or started. "
            "Reopen the night on the event page first."
        )


def require_in_night(rnd: Round, event: Event, verb: str) -> None:
    """Seats are changed and play is started only in an open night, within its rounds."""
    require_night_open(event)
    if rnd.number > event.rounds_planned:
        raise RoundStateError(
            f"Round {rnd.number} is beyond this night's {event.rounds_planned} "
            f"round{'' if event.rounds_planned == 1 else 's'}: "
            f"you can't {verb} it. Edit the event to play more rounds."
        )


def next_version(rnd: Round, table: GameTable | None) -> int:
    top = Entry.objects.filter(round=rnd, table=table).aggregate(m=Max("version"))["m"]
    return (top or 0) + 1


def idempotency_key_for(*parts: object) -> str:
    return hashlib.sha256("|".join(map(str, parts)).encode()).hexdigest()[:40]
