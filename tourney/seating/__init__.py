"""Who sits where: plain Python, no Django.

``core`` holds the vocabulary (plans, table sizes, meetings) and the one-round
planners, ``room`` how a game splits the players present into tables,
``night`` plans every remaining round of a night together, ``designs`` builds
the known seatings it starts from, ``stored`` holds whole nights found offline
for the rooms between the designs (``stored_short`` the shorter nights the search
finds unevenly), ``planner`` chooses between them, and
``season`` turns a season's recent nights into meetings to remember. The app
and the commands use only the names below.

Imports run one way, upward: ``core`` and ``designs`` import nothing of
Rookery's, ``room``, ``season`` and ``stored`` only ``core`` (and ``stored_short``, which
imports nothing), ``night`` those below it, and
``planner`` all of them (tests/test_imports.py checks it).
"""

from tourney.seating.core import (
    FALLBACKS,
    METHODS,
    Plan,
    SeatingError,
    meetings,
    pass_deals_on,
    repeat_meetings,
    table_sizes,
)
from tourney.seating.fair import odd_flags
from tourney.seating.planner import plan_night, plan_round
from tourney.seating.season import RECENT_NIGHTS, remembered

__all__ = [
    "FALLBACKS",
    "METHODS",
    "RECENT_NIGHTS",
    "Plan",
    "SeatingError",
    "meetings",
    "odd_flags",
    "pass_deals_on",
    "plan_night",
    "plan_round",
    "remembered",
    "repeat_meetings",
    "table_sizes",
]
