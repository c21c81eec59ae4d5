"""The rules of every game Rookery keeps score for, as plain Python (RULES.md, encoded).

Nothing else in the project decides whether a score is valid: the score-entry
pages, the tournament, the exports and the score pads all ask this package.
It has no Django imports, so every rule is tested without a database.

Vocabulary (as in RULES.md):

event
    One game night or tournament: a game, its house rules, its players.
    `get_game(slug, **house_rules)` gives the game as an event plays it.
round
    One deal of the contract-rummy games (Toonerville has 11, Shanghai 7,
    which Shanghai calls hands). In the trick-taking games one deal is a hand.
table
    A group of players playing one round together (3 to 5 in Toonerville).
seat
    One player's place at one table in one round; seat order fixes who deals.
went out
    The player who emptied their hand and ended the round; they score 0.
penalty points
    In the rummy games, the value of the cards left in a hand; lowest total wins.

Where RULES.md marks a **House default**, the game takes a keyword with that
default (see `Game.house_rules`). A score a person can fix raises
`InvalidScore` listing every problem at once; anything else is a bug and
raises ValueError or TypeError.
"""

from typing import Any

from .base import (
    Game,
    HouseRule,
    InvalidScore,
    Missed,
    Problem,
    Standing,
    count_of,
    name_list,
    read_whole,
)
from .rummy import Round, RummyGame, Shanghai, Toonerville
from .tricks import PartnershipRook, PartnershipRook5, RookForTwo, TrickGame, next_dealer

__all__ = [
    "GAMES",
    "RUMMY_GAMES",
    "TRICK_GAMES",
    "Game",
    "HouseRule",
    "InvalidScore",
    "Missed",
    "PartnershipRook",
    "PartnershipRook5",
    "Problem",
    "RookForTwo",
    "Round",
    "RummyGame",
    "Shanghai",
    "Standing",
    "Toonerville",
    "TrickGame",
    "count_of",
    "get_game",
    "name_list",
    "next_dealer",
    "read_whole",
]

_GAME_CLASSES: dict[str, type[Game]] = {
    game.slug: game
    for game in (Toonerville, Shanghai, RookForTwo, PartnershipRook, PartnershipRook5)
}

GAMES: dict[str, str] = {slug: game.name for slug, game in _GAME_CLASSES.items()}
"""Slug -> display name, in the order RULES.md presents the games."""

RUMMY_GAMES: frozenset[str] = frozenset(
    slug for slug, game in _GAME_CLASSES.items() if issubclass(game, RummyGame)
)
TRICK_GAMES: frozenset[str] = frozenset(
    slug for slug, game in _GAME_CLASSES.items() if issubclass(game, TrickGame)
)


def get_game(slug: str, **house_rules: Any) -> Game:
    """The game `slug` with an event's house rules; omitted ones take their default.

    ValueError names what is allowed when the slug, a house rule's name or its
    value is not.
    """
    game = _GAME_CLASSES.get(slug)
    if game is None:
        raise ValueError(f"There is no game {slug!r}: the games are {name_list(GAMES)}")
    return game(**house_rules)
