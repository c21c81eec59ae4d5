"""A season's standings: each night's places, ranked by the season's standing method.

The ranking itself (`rank_season`) is a pure function of the nights' places, so
it is tested without a database; `season_standings` reads the nights from the
master sheets (`tourney.night.sheet.build_sheets`) and hands their places over.

How a missed night counts, so that a player who misses nights is not punished
beyond the rule:

- total of places: a missed night counts as one worse than that night's last
  place (the night's field + 1);
- average place: missed nights don't count at all (nights played is shown beside), so
  a player's average counts from their first night: one night won can top the season;
- best N nights: only each player's N best nights count; someone with fewer
  than N nights has the missing ones filled as that night's field + 1;
- points for places: a missed night scores 0.

Players level on the method's figure are ranked by more nights played, then
the better single finish; still level, they share the place.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from tourney.models import Event, Person, Season
from tourney.night.sheet import Sheet, build_sheets

Method = Season.Method

EXPLANATIONS = {
    Method.TOTAL_PLACES: (
        "Each night's place is added up and the lowest total wins; a missed night "
        "counts as one place worse than that night's last."
    ),
    Method.AVERAGE_PLACE: (
        "The average of the places on the nights played; lowest wins, and missed "
        "nights don't count (nights played is shown beside). A player's average counts "
        "from their first night: one night played and won is an average of 1, which can "
        "top the season."
    ),
    Method.BEST_OF: (
        "Only each player's {n} best places count, added up, lowest wins; with fewer "
        "than {n} nights played, each missing one counts as one worse than that "
        "night's last."
    ),
    Method.POINTS: (
        "Each night's place earns points ({points}; later places 0; players tied "
        "for a place each get its points), missed nights 0; highest total wins."
    ),
}

TIE_BREAK = (
    "Players level are ranked by more nights played, then the better single finish; "
    "still level, they share the place."
)


@dataclass(frozen=True)
class NightCell:
    """One player's night in the season table."""

    place: int | None  # None: missed the night
    value: Fraction | int | None  # what the night counts for under the method
    filled: bool = False  # a missed night given a value by the rule
    dropped: bool = False  # best N: not among the nights that count
    tied: bool = False  # shared the place that night


@dataclass
class SeasonStanding:
    person: Hashable
    place: int = 0
    tied: bool = False
    score: Fraction | int = 0
    nights_played: int = 0
    best_finish: int | None = None
    cells: list[NightCell] = field(default_factory=list)

    @property
    def score_text(self) -> str:
        """The figure as a host reads it: whole numbers plain, an average to 2 places."""
        if isinstance(self.score, Fraction) and self.score.denominator != 1:
            return f"{float(self.score):.2f}"
        return str(int(self.score))


def points_for(place: int, points: Sequence[int]) -> int:
    """Points for a place: points[0] for 1st; tied players each get their place's; later 0."""
    return points[place - 1] if 1 <= place <= len(points) else 0


def counted_nights(best_of: int | None, nights: int) -> int:
    """How many nights count under best N: N, or every night while there are fewer."""
    return min(best_of or nights, nights)


def _cells(
    person: Hashable,
    nights: Sequence[Mapping[Hashable, int]],
    method: str,
    best_of: int | None,
    points: Sequence[int],
) -> list[NightCell]:
    cells = []
    for night in nights:
        place = night.get(person)
        tied = place is not None and sum(p == place for p in night.values()) > 1
        if method == Method.AVERAGE_PLACE:
            cells.append(NightCell(place, place, tied=tied))
        elif method == Method.POINTS:
            value = 0 if place is None else points_for(place, points)
            cells.append(NightCell(place, value, filled=place is None, tied=tied))
        elif place is None:  # total of places and best N: one worse than last
            cells.append(NightCell(None, len(night) + 1, filled=True))
        else:
            cells.append(NightCell(place, place, tied=tied))
    if method == Method.BEST_OF:
        keep = counted_nights(best_of, len(cells))
        # The N lowest values count; among equal values the earlier night is kept.
        order = sorted(range(len(cells)), key=lambda i: (cells[i].value, i))
        dropped = set(order[keep:])
        cells = [
            NightCell(c.place, c.value, c.filled, dropped=i in dropped, tied=c.tied)
            for i, c in enumerate(cells)
        ]
    return cells


def _score(cells: list[NightCell], method: str) -> Fraction | int:
    values = [c.value for c in cells if c.value is not None and not c.dropped]
    if method == Method.AVERAGE_PLACE:
        return Fraction(sum(values), len(values)) if values else Fraction(0)
    return sum(values)


def rank_season(
    nights: Sequence[Mapping[Hashable, int]],
    *,
    method: str,
    best_of: int | None = None,
    points: Sequence[int] = (),
) -> list[SeasonStanding]:
    """Everyone who played at least one of ``nights`` (in date order, each {person: place},
    its field the number of people placed), best first."""
    people: list[Hashable] = []
    for night in nights:
        people.extend(p for p in night if p not in people)
    standings = []
    for person in people:
        cells = _cells(person, nights, method, best_of, points)
        played = [c.place for c in cells if c.place is not None]
        standings.append(
            SeasonStanding(
                person=person,
                score=_score(cells, method),
                nights_played=len(played),
                best_finish=min(played),
                cells=cells,
            )
        )
    sign = -1 if method == Method.POINTS else 1

    def key(s: SeasonStanding) -> tuple:
        return (sign * s.score, -s.nights_played, s.best_finish)

    standings.sort(key=key)
    for index, standing in enumerate(standings):
        before = standings[index - 1] if index else None
        if before is not None and key(before) == key(standing):
            standing.place = before.place
            standing.tied = before.tied = True
        else:
            standing.place = index + 1
    return standings


# -- The season in the database ------------------------------------------------------


@dataclass
class SeasonNight:
    event: Event
    finished: bool
    places: dict[int, int]  # person id -> place (finished nights only)
    totals: dict[int, int]  # person id -> the night's total
    names: dict[int, str]  # person id -> the name played under that night

    @property
    def field(self) -> int:
        return len(self.places)


@dataclass
class SeasonTable:
    season: Season
    nights: list[SeasonNight]  # every event of the season, in date order
    counted: list[SeasonNight]  # the finished ones, which the standings count
    standings: list[SeasonStanding]
    people: dict[int, Person]

    @property
    def in_play(self) -> list[SeasonNight]:
        return [n for n in self.nights if not n.finished]

    def rows(self):
        """(standing, person) pairs in place order, for the templates."""
        return [(s, self.people[s.person]) for s in self.standings]


def explain(season: Season) -> str:
    """The season's method in one sentence."""
    text = EXPLANATIONS[Method(season.method)]
    return text.format(n=season.best_of or "N", points=", ".join(map(str, season.points())))


def read_night(event: Event, sheet: Sheet) -> SeasonNight:
    places, totals, names = {}, {}, {}
    if sheet.finished:
        for row in sheet.rows:
            if row.player.person_id is None:
                continue
            places[row.player.person_id] = row.place
            totals[row.player.person_id] = row.total
            names[row.player.person_id] = row.player.name
    return SeasonNight(
        event=event, finished=sheet.finished, places=places, totals=totals, names=names
    )


def season_table(season: Season) -> SeasonTable:
    events = list(season.events.order_by("date", "created_at"))
    sheets = build_sheets(events)  # a handful of queries however many nights
    nights = [read_night(event, sheets[event.pk]) for event in events]
    counted = [n for n in nights if n.finished]
    standings = rank_season(
        [n.places for n in counted],
        method=season.method,
        best_of=season.best_of,
        points=season.points() if season.method == Method.POINTS else (),
    )
    people = Person.objects.in_bulk([s.person for s in standings])
    return SeasonTable(
        season=season, nights=nights, counted=counted, standings=standings, people=people
    )
