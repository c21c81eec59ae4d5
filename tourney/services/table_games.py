"""Family games: one table playing a game of its own, hand after hand.

May import tourney.models, scoring.rules, .activity, .seat and .play.
"""

from __future__ import annotations

from django.db import transaction

from scoring import rules
from tourney.models import Event, Player

from .activity import Actor
from .play import begin_round
from .seat import seat_next_round


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
    by = Actor.account(owner)
    begin_round(seat_next_round(event, by=by), by=by)
    return event
