"""Who sits where: plain Python, no Django.

``core`` holds the vocabulary (plans, table sizes, meetings) and the one-round
planners, ``night`` plans every remaining round of a night together,
``designs`` builds the known seatings it starts from, ``planner`` chooses
between them, and ``season`` turns a season's recent nights into meetings to
remember. The app and the commands use only the names below.
"""

from tourney.seating.core import (
    FALLBACKS,
    METHODS,
    Plan,
    SeatingError,
    meetings,
    repeat_meetings,
    table_sizes,
)
from tourney.seating.planner import plan_night, plan_round
from tourney.seating.season import RECENT_NIGHTS, remembered

__all__ = [
    "FALLBACKS",
    "METHODS",
    "RECENT_NIGHTS",
    "Plan",
    "SeatingError",
    "meetings",
    "plan_night",
    "plan_round",
    "remembered",
    "repeat_meetings",
    "table_sizes",
]
