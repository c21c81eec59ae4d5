"""The night as the room's phones see it: the live page's rounds and one player's night.

Everything here is read off the master sheet (``night.sheet.build_sheet``), the one
place standings are worked out, so the live page, the host's standings and the
projector always agree. Only where a player sits next is read from the seats.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tourney.club.ratings import START_VALUE, ClubRatings, club_ratings
from tourney.models import Round, Seat
from tourney.night.sheet import Cell, Row, Sheet


@dataclass
class TableScores:
    number: int | None  # None: the missed-round fill-ins of a round
    scores: list[tuple[int, str, Cell]] = field(default_factory=list)  # player id, name


@dataclass
class RoundScores:
    number: int
    contract: str
    final: bool  # counted in the standings (closed, or reopened for a correction)
    tables: list[TableScores] = field(default_factory=list)


def round_scores(sheet: Sheet) -> list[RoundScores]:
    """Each round that has begun, latest first, its tables with each player's score
    (or "to come"), as the sheet holds them."""
    out = []
    for index, info in enumerate(sheet.rounds):
        tables: dict[int | None, TableScores] = {}
        for row in sheet.rows:
            cell = row.cells[index]
            if cell is None:
                continue
            number = cell.table if cell.played or cell.pending else None
            tables.setdefault(number, TableScores(number)).scores.append(
                (row.player.pk, row.player.name, cell)
            )
        if not tables:
            continue
        ordered = sorted(tables.values(), key=lambda t: (t.number is None, t.number or 0))
        out.append(RoundScores(info.number, info.contract, info.counted, ordered))
    return out[::-1]


@dataclass
class YourNight:
    """One player's night on their own phone: their row and where they sit next."""

    player_id: int
    name: str
    row: Row | None
    seat: Seat | None  # in the latest round not yet closed, once seated
    seat_round_playing: bool = False


def your_night(sheet: Sheet, player_id: int | None) -> YourNight | None:
    """The remembered player's night, when they play in this one."""
    if player_id is None:
        return None
    row = next((r for r in sheet.rows if r.player.pk == player_id), None)
    player = row.player if row else sheet.event.players.filter(pk=player_id).first()
    if player is None:
        return None
    seat = (
        None
        if sheet.finished
        else (
            Seat.objects.filter(round__event=sheet.event, player_id=player_id)
            .exclude(round__status=Round.Status.CLOSED)
            .select_related("table__round__event", "round")
            .order_by("-round__number")
            .first()
        )
    )
    return YourNight(
        player_id=player.pk,
        name=player.name,
        row=row,
        seat=seat,
        seat_round_playing=seat is not None and seat.round.status == Round.Status.PLAYING,
    )


def rating_change(player, ratings: ClubRatings | None = None) -> str | None:
    """The player's club rating before and after this night, in words ("4.2 → 5.0, up
    0.8"), for their after-night page and result email; None for someone off the roster
    or a night not finished. Read from the club's ratings (derived from every finished
    night, so a correction to this night changes it). ``ratings``: the club's ratings,
    when the caller has them already (one reading for a whole night's players)."""
    if player.person_id is None:
        return None
    if ratings is None:
        ratings = club_ratings(player.event.owner)
    points = ratings.history.get(player.person_id, [])
    at = next((i for i, (event, _) in enumerate(points) if event.pk == player.event_id), None)
    if at is None:
        return None
    before = points[at - 1][1].value if at else START_VALUE
    after = points[at][1].value
    change = round(after - before, 1)
    if change == 0:
        return f"{after:.1f}, unchanged"
    return f"{before:.1f} → {after:.1f}, {'up' if change > 0 else 'down'} {abs(change):.1f}"
