"""Self check-in at the door: a player picks their name from the night's list or types
it; a typed name new to the night is checked in at once or waits for the desk, as the
event says. Each arrival is kept (``Arrival``) for the players page.

Double taps and two phones at once: a pick is one conditional UPDATE (the second finds
the player already in), a new player's name is unique in the event, and a waiting name
is unique among the waiting; a clash is answered as the arrival already made.

May import tourney.models, .activity and .players (and .fills through it).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import IntegrityError, transaction
from django.utils import timezone

from tourney.models import Activity, Arrival, Event, Person, Player, name_key

from .activity import Actor, record
from .fills import fill_round, rounds_with_fills
from .players import add_players, set_player_status

S = Player.Status


class DoorError(Exception):
    """A check-in the door can't make: the message says what to do instead."""


@dataclass(frozen=True)
class DoorAnswer:
    """What the phone is told: checked in, or waiting for the desk, under which name."""

    name: str
    waiting: bool = False
    already: bool = False
    """Checked in before, not from this phone: the phone is asked who it is."""
    since: str = ""
    """When they were checked in ("19:02"), where known."""

    @property
    def message(self) -> str:
        if self.already:
            when = f" at {self.since}" if self.since else ""
            return (
                f"{self.name} was already checked in{when}. If that's you, you're all set. "
                f"If you're someone else called {self.name}, type your name with an initial "
                "below, or ask the desk."
            )
        if self.waiting:
            return f"Thanks, {self.name}: the desk will check you in in a moment."
        return f"You're checked in, {self.name}. Enjoy the game!"


@transaction.atomic
def check_in_at_door(event: Event, player: Player, *, phone: str = "") -> DoorAnswer:
    """Check in a player of the night who picked their own name. Someone the desk marked
    gone home stays so: the desk decided that, and lets them back in.

    ``phone``: the door's mark for this phone. The phone that checked the player in is
    told so again (a double tap; the status UPDATE waits for the first tap's
    transaction, whose arrival then names the phone). A name already in, picked from
    another phone, is answered with a question and left on the players page for the
    desk: two people of one name would otherwise both read "checked in", and one of them
    would never be seated.
    """
    if player.event_id != event.pk:
        raise ValueError("a player of another night")
    changed = Player.objects.filter(pk=player.pk, status__in=[S.REGISTERED, S.ABSENT]).update(
        status=S.PRESENT
    )
    if changed:
        _arrived(event, player, phone)
        record(
            event,
            Activity.Action.CHECK_IN,
            f"{player.name} checked in at the door.",
            by=Actor.door(player),
        )
        for rnd in rounds_with_fills(event):
            fill_round(rnd)
        return DoorAnswer(player.name)
    player.refresh_from_db(fields=["status"])
    if player.status == S.LEFT:
        raise DoorError(
            f"{player.name}: the desk marked you gone home tonight. Ask the desk to check "
            "you in again."
        )
    if phone and player.arrivals.filter(state=Arrival.State.CHECKED_IN, phone=phone).exists():
        return DoorAnswer(player.name)  # a double tap
    return _picked_again(event, player, phone)


def _picked_again(event: Event, player: Player, phone: str) -> DoorAnswer:
    try:
        with transaction.atomic():  # one warning for the desk, however many phones
            Arrival.objects.create(
                event=event,
                name=player.name,
                person_id=player.person_id,
                player=player,
                state=Arrival.State.PICKED_AGAIN,
                phone=phone,
            )
    except IntegrityError:
        pass  # the desk is already warned of this name
    first = player.arrivals.filter(state=Arrival.State.CHECKED_IN).order_by("at").first()
    since = timezone.localtime(first.at).strftime("%H:%M") if first else ""
    return DoorAnswer(player.name, already=True, since=since)


def mark_picked_again_seen(event: Event, pk: int) -> bool:
    """The desk has seen a name picked twice (and sorted it out); False if already seen."""
    return bool(
        Arrival.objects.filter(
            event=event, pk=pk, state=Arrival.State.PICKED_AGAIN, decided_at=None
        ).update(decided_at=timezone.now())
    )


def arrive_at_door(event: Event, entry: str | Person, *, phone: str = "") -> DoorAnswer:
    """Someone not on tonight's list: a roster person or a new name, checked in at once
    or left waiting for the desk, as the event says."""
    if event.door_new_names == Event.DoorNewNames.CHECK_IN:
        return _add_at_door(event, entry, phone)
    person = entry if isinstance(entry, Person) else None
    name = entry.name if person else entry
    try:
        with transaction.atomic():
            Arrival.objects.create(event=event, name=name, person=person)
    except IntegrityError:
        # Already waiting under this name: a double tap, or a friend's phone too.
        if not Arrival.objects.waiting().filter(event=event, name__iexact=name).exists():
            raise
    return DoorAnswer(name, waiting=True)


def _add_at_door(event: Event, entry: str | Person, phone: str) -> DoorAnswer:
    try:
        with transaction.atomic():
            [player] = add_players(event, [entry], status=S.PRESENT, by=Actor.door())
            _arrived(event, player, phone)
    except IntegrityError:
        # Another phone added this name (or this person) a moment before: it is
        # theirs, so check that player in rather than add a second.
        player = _tonights(event, entry)
        if player is None:
            raise
        return check_in_at_door(event, player, phone=phone)
    return DoorAnswer(player.name)


def _tonights(event: Event, entry: str | Person) -> Player | None:
    """Tonight's player for a name or person: the same name key, or the same person."""
    if isinstance(entry, Person):
        found = event.players.filter(person=entry).first()
        if found is not None:
            return found
    key = name_key(entry.name if isinstance(entry, Person) else entry)
    return next((p for p in event.players.all() if name_key(p.name) == key), None)


def _arrived(event: Event, player: Player, phone: str = "") -> Arrival:
    return Arrival.objects.create(
        event=event,
        name=player.name,
        person_id=player.person_id,
        player=player,
        phone=phone,
        state=Arrival.State.CHECKED_IN,
        decided_at=timezone.now(),
    )


@transaction.atomic
def approve_arrival(event: Event, pk: int, *, by: Actor | None = None) -> Arrival:
    """The desk lets a waiting arrival in: added to the night and checked in (or, if
    the desk added them by hand meanwhile, that player checked in). Approving twice
    does nothing more."""
    arrival = Arrival.objects.select_for_update().get(event=event, pk=pk)
    if arrival.state != Arrival.State.WAITING:
        return arrival
    entry = arrival.person or arrival.name
    player = _tonights(event, entry)
    if player is None:
        [player] = add_players(event, [entry], status=S.PRESENT, by=by)
    elif player.status != S.PRESENT:
        set_player_status(player, S.PRESENT, by=by)
    arrival.state = Arrival.State.CHECKED_IN
    arrival.player = player
    arrival.decided_at = timezone.now()
    arrival.save(update_fields=["state", "player", "decided_at"])
    return arrival


@transaction.atomic
def decline_arrival(event: Event, pk: int, *, by: Actor | None = None) -> Arrival:
    """The desk turns a waiting arrival away (a prank, or someone already playing
    under another name). Nothing is added; declining twice does nothing more."""
    arrival = Arrival.objects.select_for_update().get(event=event, pk=pk)
    if arrival.state == Arrival.State.WAITING:
        arrival.state = Arrival.State.DECLINED
        arrival.decided_at = timezone.now()
        arrival.save(update_fields=["state", "decided_at"])
    return arrival
