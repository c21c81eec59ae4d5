"""The club rating: a multiplayer skill rating per person, derived from the finished nights.

Each finished night's counted rounds are replayed in date order through OpenSkill's
Plackett-Luce model (the ``openskill`` package): every table's round is one match,
its players ranked by their score in the game's direction (the rummy games: lowest
wins), equal scores sharing a rank. Plackett-Luce is the Weng-Lin model made for
free-for-all games of more than two players and handles shared ranks; the Bradley-Terry
and Thurstone-Mosteller models score every pair separately, which overweights a
five-player table against a three-player one.

Ratings are never stored. :func:`club_ratings` reads the host's nights through
``build_sheets`` (the same numbers as the sheet, the standings and the person pages)
and replays them; the replay is cached keyed by the matches themselves, so any
correction to a closed night (a new current score, a round reopened) is a different
key and changes the ratings at once.

A player with no person (never on the roster) still takes their place in the match
under a key of their own; only people are shown.

Imports Django's models and ``tourney.night.sheet``; nothing imports the views.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field

from openskill.models import PlackettLuce

from tourney.models import Event, Person
from tourney.night.sheet import Sheet, build_sheets

PROVISIONAL_ROUNDS = 20
"""Rounds at a table before a rating is shown without a note: about two Toonerville
nights, by when a regular has met most of a club at a table. Before that one night's
deals decide the figure; in bench/ratings.py's simulated club the uncertainty (sigma)
has fallen by about a fifth at 20 rounds and keeps falling slowly after."""

MODEL = PlackettLuce(beta=25 / 3)
"""beta is how much one match's performance varies around a player's skill. openskill's
default (sigma / 2) suits games where a match shows skill clearly; one round of Rook is
mostly the deal, so beta is twice that: each round moves a rating less, and the chance
of finishing ahead of someone says so. In bench/ratings.py's simulated club this
recovers the hidden skill order better at every checkpoint (tau 0.79 against 0.76 after
20 nights)."""
START = MODEL.rating()
START_VALUE = START.mu - 3 * START.sigma  # everyone's figure before their first night

type Key = int | str  # a person's id, or "player:<id>" for someone off the roster
type Match = tuple[tuple[Key, ...], tuple[int, ...]]  # players, their ranks (lower is better)


@dataclass(frozen=True)
class Rating:
    """One person's rating at some moment: the model's skill estimate and its uncertainty."""

    mu: float
    sigma: float
    rounds: int  # table rounds it has learnt from

    @property
    def value(self) -> float:
        """The figure shown and ranked by: the conservative estimate mu - 3 sigma, which
        rises as the rating grows surer, so one lucky night can't top the club."""
        return self.mu - 3 * self.sigma

    @property
    def shown(self) -> str:
        return f"{self.value:.1f}"

    @property
    def provisional(self) -> bool:
        return self.rounds < PROVISIONAL_ROUNDS

    @property
    def rounds_to_go(self) -> int:
        return max(PROVISIONAL_ROUNDS - self.rounds, 0)


@dataclass
class ClubRatings:
    """Everyone's rating now, and each person's after every finished night they played."""

    now: dict[Key, Rating] = field(default_factory=dict)
    # person id -> [(event, rating after it)], oldest first
    history: dict[Key, list[tuple[Event, Rating]]] = field(default_factory=dict)

    def of(self, person: Person | int) -> Rating | None:
        return self.now.get(getattr(person, "pk", person))

    def ahead_chance(self, a: Person | int, b: Person | int) -> float | None:
        """The model's chance that ``a`` finishes ahead of ``b`` at a table."""
        ra, rb = self.of(a), self.of(b)
        if ra is None or rb is None:
            return None
        return MODEL.predict_win(
            [[MODEL.rating(mu=ra.mu, sigma=ra.sigma)], [MODEL.rating(mu=rb.mu, sigma=rb.sigma)]]
        )[0]

    def ahead_in_ten(self, a: Person | int, b: Person | int) -> int | None:
        """The chance in words' terms: times in 10, from 1 to 9 (a deal can beat anyone,
        so the page never says "10 times in 10" or "0 times")."""
        chance = self.ahead_chance(a, b)
        return None if chance is None else min(max(round(chance * 10), 1), 9)

    def expect(self, history) -> None:
        """Fill each opponent of a ``club.history.History`` with the times in 10 the
        rating expects the person to finish ahead of them."""
        for opponent in history.opponents:
            opponent.expected = self.ahead_in_ten(history.person, opponent.person)

    def ranked(self, people: dict[int, Person]) -> list[tuple[Person, Rating]]:
        """The given people who have a rating, best first (provisional ones last)."""
        rows = [(people[k], r) for k, r in self.now.items() if k in people]
        return sorted(rows, key=lambda pr: (pr[1].provisional, -pr[1].value, pr[0].name))

    def chart(self, person: Person | int) -> dict | None:
        return rating_chart(self.history.get(getattr(person, "pk", person), []))


def _key(row) -> Key:
    person = row.player.person_id
    return person if person is not None else f"player:{row.player.pk}"


def night_matches(sheet: Sheet) -> tuple[Match, ...]:
    """Each counted round's tables as matches, players ranked by score (ties shared)."""
    sign = 1 if sheet.event.game.lowest_wins else -1
    matches = []
    for index, info in enumerate(sheet.rounds):
        if not info.counted:
            continue
        tables: dict[int, list[tuple[Key, int]]] = {}
        for row in sheet.rows:
            cell = row.cells[index]
            if cell is None or not cell.final or not cell.played or cell.points is None:
                continue
            if cell.table is None:
                continue
            tables.setdefault(cell.table, []).append((_key(row), sign * cell.points))
        for number in sorted(tables):
            seated = sorted(tables[number], key=lambda kp: str(kp[0]))
            if len(seated) >= 2:
                matches.append((tuple(k for k, _ in seated), tuple(p for _, p in seated)))
    return tuple(matches)


@functools.lru_cache(maxsize=64)
def replay(nights: tuple[tuple[Match, ...], ...]) -> tuple[dict, list[dict]]:
    """(everyone's rating after the last night, [ratings of that night's players after
    each night]) from the nights' matches in order. Pure; cached keyed by the matches."""
    state: dict[Key, tuple[float, float, int]] = {}
    after: list[dict[Key, Rating]] = []
    for matches in nights:
        played: set[Key] = set()
        for players, ranks in matches:
            teams = [
                [MODEL.rating(mu=state.get(k, (START.mu,))[0], sigma=_sigma(state, k))]
                for k in players
            ]
            rated = MODEL.rate(teams, ranks=[float(r) for r in ranks])
            for k, [r] in zip(players, rated, strict=True):
                state[k] = (r.mu, r.sigma, state.get(k, (0, 0, 0))[2] + 1)
                played.add(k)
        after.append({k: Rating(*state[k]) for k in played})
    now = {k: Rating(*v) for k, v in state.items()}
    return now, after


def _sigma(state: dict, key: Key) -> float:
    return state[key][1] if key in state else START.sigma


def finished_sheets(owner) -> list[Sheet]:
    """The host's finished nights' sheets, oldest first (a handful of queries)."""
    events = list(Event.objects.filter(owner=owner).order_by("date", "created_at", "pk"))
    sheets = build_sheets(events)
    return [sheets[e.pk] for e in events if sheets[e.pk].finished]


def club_ratings(owner, *, sheets: list[Sheet] | None = None) -> ClubRatings:
    """Every person's rating from the host's finished nights, replayed in order."""
    sheets = finished_sheets(owner) if sheets is None else sheets
    now, after = replay(tuple(night_matches(s) for s in sheets))
    ratings = ClubRatings(now={k: r for k, r in now.items() if isinstance(k, int)})
    for sheet, night in zip(sheets, after, strict=True):
        for key, rating in night.items():
            if isinstance(key, int):
                ratings.history.setdefault(key, []).append((sheet.event, rating))
    return ratings


def rating_chart(points: list[tuple[Event, Rating]]) -> dict | None:
    """Coordinates for a small inline SVG of the rating after each night played."""
    if not points:
        return None
    width, height, pad, left = 320, 140, 20, 40
    values = [r.value for _, r in points]
    low, high = min([*values, 0.0]), max([*values, 0.0])
    span = (high - low) or 1.0
    slots = max(len(points), 2)

    def x(n: int) -> float:
        return round(left + (width - left - pad) * n / (slots - 1), 1)

    def y(value: float) -> float:
        return round(pad + (height - 2 * pad) * (high - value) / span, 1)

    dots = [
        {
            "x": x(n),
            "y": y(r.value),
            "label": f"{e.name}, {e.date:%d %b %Y}: rating {r.shown}",
        }
        for n, (e, r) in enumerate(points)
    ]
    return {
        "width": width,
        "height": height,
        "left": left,
        "right": width - pad,
        "top": pad,
        "bottom": height - pad,
        "zero": y(0.0),
        "high": f"{high:.0f}",
        "low": f"{low:.0f}",
        "line": " ".join(f"{d['x']},{d['y']}" for d in dots),
        "dots": dots,
    }
