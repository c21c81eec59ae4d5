"""Rookery's records, one module per domain: the night (events, players, rounds, tables,
seats, score versions, table cards), who did what on it (activity), the club (people,
seasons) and accounts (sign-in links, host invites, club names). Everything is
re-exported here, so ``from tourney.models import Event`` and the migrations'
``tourney.models.new_table_code`` keep working.

May import Django and ``scoring`` (the rules a score was checked by), never services or views.
"""

from tourney.models.accounts import (
    HelperAccount,
    HostAccount,
    HostInvite,
    Invite,
    Role,
    SignInLink,
    club_name,
    display_name,
    has_club,
)
from tourney.models.activity import Activity, ActivityQuerySet
from tourney.models.club import ClubSite, Person, Season, name_key, new_site_key
from tourney.models.door import Arrival, ArrivalQuerySet
from tourney.models.night import (
    CODE_ALPHABET,
    CODE_LENGTH,
    Entry,
    EntryQuerySet,
    Event,
    EventQuerySet,
    GameTable,
    JoinAttempt,
    JoinAttemptQuerySet,
    Player,
    PlayerQuerySet,
    Round,
    RoundQuerySet,
    Score,
    ScoreQuerySet,
    Seat,
    TableCard,
    new_table_code,
    new_table_token,
    normalise_table_code,
    score_stamp,
)
from tourney.models.seating import NightPlan, SeatingConstraint, SeatingJob

__all__ = [
    "CODE_ALPHABET",
    "CODE_LENGTH",
    "Activity",
    "ActivityQuerySet",
    "Arrival",
    "ArrivalQuerySet",
    "ClubSite",
    "Entry",
    "EntryQuerySet",
    "Event",
    "EventQuerySet",
    "GameTable",
    "HelperAccount",
    "HostAccount",
    "HostInvite",
    "Invite",
    "JoinAttempt",
    "JoinAttemptQuerySet",
    "NightPlan",
    "Person",
    "Player",
    "PlayerQuerySet",
    "Role",
    "Round",
    "RoundQuerySet",
    "Score",
    "ScoreQuerySet",
    "Season",
    "Seat",
    "SeatingConstraint",
    "SeatingJob",
    "SignInLink",
    "TableCard",
    "club_name",
    "display_name",
    "has_club",
    "name_key",
    "new_site_key",
    "new_table_code",
    "new_table_token",
    "normalise_table_code",
    "score_stamp",
]
