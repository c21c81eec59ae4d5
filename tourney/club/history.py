"""A person's history across a host's nights: finishes, rounds, and who they meet.

Read from a fixed handful of queries however many nights and opponents: the
person's players, every night's sheet at once (``sheet.build_sheets``, so a
night's place is the master sheet's place, ranked by ``scoring.rules``), the
seats at their tables, and the opponents' names. A night counts once the
person has a score entered as played in it; a round the host filled in by the
missed-round rule is not a round played.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from fractions import Fraction

from django.db.models import Subquery

from tourney.models import Event, Person, Player, Round, Season, Seat
from tourney.night.sheet import Row, Sheet, build_sheets


@dataclass
class Night:
    """One night the person played, as its master sheet has it."""

    event: Event
    player: Player
    place: int
    tied: bool
    field: int
    total: int
    finished: bool
    rounds_played: int
    went_out: int
    points_played: int
    number: int | None = None  # its number on the chart, once finished


@dataclass
class Opponent:
    """Someone the person sat at a table with, and how their nights compare."""

    person: Person
    tables: int = 0  # rounds at the same table
    nights: int = 0  # nights both played
    ahead: int = 0  # finished nights the person finished ahead
    behind: int = 0
    level: int = 0
    expected: int | None = None  # times in 10 the rating expects the person ahead (ratings)

    @property
    def compared(self) -> int:
        return self.ahead + self.behind + self.level


@dataclass
class History:
    person: Person
    season: Season | None
    nights: list[Night] = field(default_factory=list)  # oldest first
    opponents: list[Opponent] = field(default_factory=list)  # most met first

    @property
    def finished(self) -> list[Night]:
        return [n for n in self.nights if n.finished]

    @property
    def in_play(self) -> list[Night]:
        return [n for n in self.nights if not n.finished]

    @property
    def average_place(self) -> Fraction | None:
        done = self.finished
        return Fraction(sum(n.place for n in done), len(done)) if done else None

    @property
    def best(self) -> Night | None:
        """The best finish (the earliest night of it)."""
        return min(self.finished, key=lambda n: n.place, default=None)

    @property
    def rounds_played(self) -> int:
        return sum(n.rounds_played for n in self.nights)

    @property
    def went_out(self) -> int:
        return sum(n.went_out for n in self.nights)

    @property
    def went_out_rate(self) -> Fraction | None:
        played = self.rounds_played
        return Fraction(self.went_out, played) if played else None

    @property
    def went_out_percent(self) -> int | None:
        rate = self.went_out_rate
        return round(rate * 100) if rate is not None else None

    @property
    def average_score(self) -> Fraction | None:
        played = self.rounds_played
        return Fraction(sum(n.points_played for n in self.nights), played) if played else None

    @property
    def chart(self) -> dict | None:
        done = self.finished
        return place_chart(
            [(n.number, n.place, n.field, _night_label(n)) for n in done],
            slots=len(done),
        )


def _night_label(night: Night) -> str:
    return f"{night.event.name}, {night.event.date:%d %b %Y}: place {night.place} of {night.field}"


def _sat_at_a_table(row: Row) -> bool:
    """Whether the player has a score from a table tonight, final or still coming in: a
    night in play counts as played from the first score (its figures from closed rounds)."""
    return any(c is not None and c.played and c.points is not None for c in row.cells)


def _played(row: Row) -> tuple[int, int, int]:
    """(rounds played, went out, points in the rounds played) from a sheet row: the
    rounds the standings count (not one whose scores are still coming in)."""
    cells = [
        c for c in row.cells if c is not None and c.final and c.played and c.points is not None
    ]
    return len(cells), sum(c.went_out for c in cells), sum(c.points for c in cells)


def person_history(person: Person, *, season: Season | None = None) -> History:
    players = Player.objects.filter(person=person).select_related("event")
    if season is not None:
        players = players.filter(event__season=season)
    players = list(players)
    events = [p.event for p in players]
    sheets = build_sheets(events)
    history = History(person=person, season=season)
    mine: dict[int, Row] = {}  # event id -> the person's row, on nights played
    for player in players:
        sheet = sheets[player.event_id]
        row = next((r for r in sheet.rows if r.player.pk == player.pk), None)
        if row is None or not _sat_at_a_table(row):
            continue
        mine[player.event_id] = row
        rounds, went_out, points = _played(row)
        history.nights.append(
            Night(
                event=player.event,
                player=player,
                place=row.place,
                tied=row.tied,
                field=len(sheet.rows),
                total=row.total,
                finished=sheet.finished,
                rounds_played=rounds,
                went_out=went_out,
                points_played=points,
            )
        )
    history.nights.sort(key=lambda n: (n.event.date, n.event.created_at, n.event.pk))
    for number, night in enumerate(history.finished, start=1):
        night.number = number
    history.opponents = _opponents(person, mine, sheets)
    return history


def _opponents(person: Person, mine: dict[int, Row], sheets: dict[int, Sheet]) -> list[Opponent]:
    """Everyone met at a table on the nights played, with the nights compared."""
    player_ids = [row.player.pk for row in mine.values()]
    own_tables = (
        Seat.objects.filter(player_id__in=player_ids)
        .exclude(round__status=Round.Status.PLANNED)
        .values("table_id")
    )
    met: dict[int, set[int]] = defaultdict(set)  # person id -> tables shared
    for table_id, person_id in (
        Seat.objects.filter(table_id__in=Subquery(own_tables))
        .exclude(player_id__in=player_ids)
        .exclude(player__person=None)
        .values_list("table_id", "player__person_id")
    ):
        met[person_id].add(table_id)
    people = {p.pk: p for p in Person.objects.filter(pk__in=met, owner_id=person.owner_id)}
    opponents = {
        pk: Opponent(person=people[pk], tables=len(t)) for pk, t in met.items() if pk in people
    }
    for event_id, own in mine.items():
        sheet = sheets[event_id]
        for row in sheet.rows:
            them = opponents.get(row.player.person_id)
            if them is None or not _played(row)[0]:
                continue
            them.nights += 1
            if not sheet.finished:
                continue
            if own.place < row.place:
                them.ahead += 1
            elif own.place > row.place:
                them.behind += 1
            else:
                them.level += 1
    return sorted(opponents.values(), key=lambda o: (-o.tables, o.person.name.casefold()))


def place_chart(points: list[tuple[int, int, int, str]], *, slots: int) -> dict | None:
    """Coordinates for a small inline SVG of place at each step (1st at the top).

    ``points`` are (step, place, field, label): the place is scaled to its own
    field, so 3rd of 4 and 9th of 12 sit at the same height.
    """
    if not points:
        return None
    width, height, pad = 320, 140, 24
    slots = max(slots, 2)

    def x(n: int) -> float:
        return round(pad + (width - 2 * pad) * (n - 1) / (slots - 1), 1)

    def y(place: int, field: int) -> float:
        return round(pad + (height - 2 * pad) * (place - 1) / max(field - 1, 1), 1)

    dots = [
        {"x": x(n), "y": y(p, f), "n": n, "place": p, "field": f, "label": label}
        for n, p, f, label in points
    ]
    return {
        "width": width,
        "height": height,
        "pad": pad,
        "right": width - pad,
        "line": " ".join(f"{d['x']},{d['y']}" for d in dots),
        "dots": dots,
        "field": points[0][2],
        "bottom": height - pad,
        "label_y": height - 4,
    }
