"""Who did what: the author a workflow is told about, and the row it writes.

Every workflow that changes a night takes ``by`` (an ``Actor``) and calls
``record`` inside its own transaction, only when something changed: a double tap
that changes nothing writes nothing, and a change rolled back takes its row with it.
The roles work records roles given and taken with ``record_role``.

May import tourney.models only.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from django.db import transaction

from tourney.models import Activity, Entry, Event, Player, Seat, display_name


@dataclass(frozen=True)
class Actor:
    """Who is making a change: a signed-in account, or a table's phone (the table it
    belongs to, and the player who chose their name on it, if one did)."""

    user: object | None = None
    phone_table: int | None = None
    player: Player | None = None
    device: str = ""
    # Someone at the door card's page: the player they checked in as is the author.
    at_door: bool = False

    @classmethod
    def account(cls, user) -> Actor:
        return cls(user=user if user is not None and user.is_authenticated else None)

    @classmethod
    def phone(cls, *, table: int, player: Player | None = None, device: str = "") -> Actor:
        return cls(phone_table=table, player=player, device=device)

    @classmethod
    def door(cls, player: Player | None = None) -> Actor:
        return cls(player=player, at_door=True)

    @property
    def on_phone(self) -> bool:
        return self.phone_table is not None

    @property
    def name(self) -> str:
        if self.player is not None:
            return self.player.name
        if self.user is not None:
            return display_name(self.user)
        return ""


NOBODY = Actor()


def record(
    event: Event,
    action: str,
    detail: str,
    *,
    by: Actor | None,
    round_number: int | None = None,
    table_number: int | None = None,
    entry: Entry | None = None,
) -> Activity:
    """Write one row of the night's activity. Called inside the change's transaction."""
    by = by or NOBODY
    if by.on_phone and table_number is None:
        table_number = by.phone_table
    return Activity.objects.create(
        event=event,
        club_id=event.owner_id,
        action=action,
        user=None if by.on_phone else by.user,
        by_phone=by.on_phone,
        by_player=by.player,
        by_name=by.name[:150],
        device=by.device[:32],
        round_number=round_number,
        table_number=table_number,
        entry=entry,
        detail=detail[:500],
    )


@transaction.atomic
def record_role(
    *, club, by: Actor | None, who: str, role: str, given: bool, event: Event | None = None
) -> Activity:
    """A role given or taken back, for a club (``club``: its host's account) or one night.

    For the roles work: call it inside the transaction that grants or revokes, naming
    the account (``who``) and the role as the Team page says it.
    """
    by = by or NOBODY
    where = f" for {event.name}" if event is not None else ""
    detail = (
        f"Gave {who} the {role} role{where}." if given else f"Took {who}'s {role} role back{where}."
    )
    return Activity.objects.create(
        event=event,
        club=club,
        action=Activity.Action.ROLE_GIVEN if given else Activity.Action.ROLE_TAKEN,
        user=by.user,
        by_name=by.name[:150],
        detail=detail[:500],
    )


def scores_in_words(
    entry: Entry,
    *,
    seats: list[Seat] | None = None,
    points: Mapping[int, int] | None = None,
) -> str:
    """ "Ann 20, Bob 0, Cy 35" in seat order, for a row about a version of a table's scores.

    ``seats`` (the table's seats in seat order, with their players) and ``points`` (the
    scores just stored, by player id): for a version saved in this transaction, named
    from what the save already holds rather than read back."""
    if seats is not None and points is not None:
        return ", ".join(
            f"{s.player.name} {points[s.player_id]}" for s in seats if s.player_id in points
        )
    seats = {}
    if entry.table_id is not None:
        seats = {
            s.player_id: s.position
            for s in entry.table.seats.all()  # prefetched by the monitor; one query here
        }
    scores = sorted(entry.scores.select_related("player"), key=lambda s: seats.get(s.player_id, 99))
    return ", ".join(f"{s.player.name} {s.points}" for s in scores)
