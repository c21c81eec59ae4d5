"""Players and arrivals: adding players, checking them in or out; a late arrival
gets the missed-round score for the rounds already closed.

May import tourney.models, .activity and .fills.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from django.db import transaction

from tourney.models import Activity, Event, Person, Player

from .activity import Actor, record
from .fills import fill_round, rounds_with_fills


@transaction.atomic
def set_player_status(player: Player, status: str, *, by: Actor | None = None) -> Player:
    """Check a player in, mark them absent or let them leave between rounds.

    A late arrival gets the missed-round score for the rounds already closed
    (two checked in at once queue on each round's row in ``fill_round``).
    """
    player = Player.objects.select_for_update().select_related("event").get(pk=player.pk)
    if player.status == status:
        return player  # a second tap: nothing changes, nothing is recorded
    before = player.get_status_display()
    player.status = status
    player.save(update_fields=["status"])
    action = (
        Activity.Action.CHECK_IN if status == Player.Status.PRESENT else Activity.Action.CHECK_OUT
    )
    text = f"{player.name}: {before.lower()} → {player.get_status_display().lower()}."
    record(player.event, action, text, by=by)
    if status == Player.Status.PRESENT:
        for rnd in rounds_with_fills(player.event):
            fill_round(rnd)
    return player


@dataclass(frozen=True)
class CheckIn:
    """What "check everyone in" did: how many it checked in, and who it left as the
    host marked them (absent, gone home)."""

    checked_in: int
    absent: list[str]
    gone_home: list[str]


@transaction.atomic
def check_everyone_in(event: Event, *, by: Actor | None = None) -> CheckIn:
    """Check in every player still expected. Players the host marked absent or gone
    home stay so: that was a decision about them, not a gap to fill.

    One UPDATE of the expected rows: a second tap at the same instant waits on those
    rows and then finds nobody expected (PostgreSQL re-reads the condition after the
    wait; SQLite's write transactions take turns), so each is checked in once. The
    late arrivals' missed-round scores follow, as for one check-in."""
    expected = event.players.filter(status=Player.Status.REGISTERED)
    names = sorted(expected.values_list("name", flat=True))
    count = expected.update(status=Player.Status.PRESENT)
    if count:
        listed = ", ".join(names) if len(names) == count else f"{count} players"
        record(event, Activity.Action.CHECK_IN, f"Checked everyone expected in: {listed}.", by=by)
        for rnd in rounds_with_fills(event):
            fill_round(rnd)
    left_alone = event.players.filter(status__in=[Player.Status.ABSENT, Player.Status.LEFT])
    names = {Player.Status.ABSENT: [], Player.Status.LEFT: []}
    for name, status in left_alone.order_by("name").values_list("name", "status"):
        names[status].append(name)
    return CheckIn(count, names[Player.Status.ABSENT], names[Player.Status.LEFT])


@transaction.atomic
def add_players(
    event: Event,
    entries: Iterable[str | Person],
    *,
    status: str = Player.Status.PRESENT,
    by: Actor | None = None,
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
    if players:
        how = "checked in" if status == Player.Status.PRESENT else "expected"
        if by is not None and by.at_door and by.player is None:
            by = replace(by, player=players[0])  # a new name at the door adds itself
            how = "checked in at the door"
        names = ", ".join(p.name for p in players)
        record(event, Activity.Action.PLAYERS_ADDED, f"Added {names} ({how}).", by=by)
    if status == Player.Status.PRESENT:
        for rnd in rounds_with_fills(event):
            fill_round(rnd)
    return players
