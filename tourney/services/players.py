"""Players and arrivals: adding players, checking them in or out; a late arrival
gets the missed-round score for the rounds already closed.

May import tourney.models and .fills.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.db import transaction

from tourney.models import Event, Person, Player

from .fills import fill_round, rounds_with_fills


@transaction.atomic
def set_player_status(player: Player, status: str) -> Player:
    """Check a player in, mark them absent or let them leave between rounds.

    A late arrival gets the missed-round score for the rounds already closed
    (two checked in at once queue on each round's row in ``fill_round``).
    """
    player.status = status
    player.save(update_fields=["status"])
    if status == Player.Status.PRESENT:
        for rnd in rounds_with_fills(player.event):
            fill_round(rnd)
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
        for rnd in rounds_with_fills(event):
            fill_round(rnd)
    return players
