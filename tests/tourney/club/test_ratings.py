"""The club rating: derived from the finished nights' tables, changed by a correction."""

import datetime
import random

import pytest
from django.urls import reverse

from tests.factories import EventFactory
from tourney import services
from tourney.club.ratings import PROVISIONAL_ROUNDS, club_ratings, night_matches
from tourney.models import Entry, Person, Round, Season
from tourney.night.sheet import build_sheet

pytestmark = pytest.mark.django_db

NAMES = ["Ann Whitaker", "Bo Lind", "Cy Moss", "Di Park", "Ed Ruiz", "Fay Quinn"]


def club_night(host, number, rng, *, rounds=3, season=None, strong="Ann Whitaker", finish=True):
    """A night of two tables of three; ``strong`` goes out at every table they sit at."""
    event = EventFactory(
        owner=host,
        name=f"Club night {number}",
        date=datetime.date(2027, 3, 3) + datetime.timedelta(weeks=number - 1),
        rounds_planned=rounds,
        season=season,
    )
    services.add_players(event, NAMES)
    for _ in range(rounds if finish else rounds - 1):
        rnd = services.seat_next_round(event)
        services.begin_round(rnd)
        for table in rnd.tables.order_by("number"):
            seats = list(table.seats.select_related("player").order_by("position"))
            names = [s.player.name for s in seats]
            out = names.index(strong) if strong in names else rng.randrange(len(seats))
            points = {s.player_id: 0 if i == out else 10 + 5 * i for i, s in enumerate(seats)}
            services.submit_scores(table, points, entered_by="test")
        services.close_round(rnd)
    return event


def correct(event, number, table_number, points_by_name):
    rnd = event.rounds.get(number=number)
    services.reopen_round(rnd)
    table = rnd.tables.get(number=table_number)
    seats = list(table.seats.select_related("player"))
    services.submit_scores(
        table, {s.player_id: points_by_name[s.player.name] for s in seats}, source=Entry.Source.HOST
    )
    services.close_round(Round.objects.get(pk=rnd.pk))


def test_each_table_round_is_a_match_ranked_lowest_first_with_ties_shared(host):
    event = club_night(host, 1, random.Random(1), rounds=1)
    table = event.rounds.get(number=1).tables.get(number=1)
    seats = list(table.seats.select_related("player").order_by("position"))
    correct(
        event, 1, 1, {seats[0].player.name: 0, seats[1].player.name: 30, seats[2].player.name: 30}
    )
    matches = night_matches(build_sheet(event))
    assert len(matches) == 2  # two tables of three, one round
    by_person = {p.pk: p.name for p in Person.objects.filter(owner=host)}
    first = next(m for m in matches if by_person[m[0][0]] in {s.player.name for s in seats})
    ranks = {by_person[k]: r for k, r in zip(*first, strict=True)}
    assert ranks[seats[0].player.name] < ranks[seats[1].player.name] == ranks[seats[2].player.name]


def test_the_player_who_wins_every_table_rates_highest_and_newcomers_carry_a_note(host):
    rng = random.Random(2)
    for n in range(1, 4):
        club_night(host, n, rng, rounds=4)
    ratings = club_ratings(host)
    people = {p.pk: p for p in Person.objects.filter(owner=host)}
    ranked = ratings.ranked(people)
    assert ranked[0][0].name == "Ann Whitaker"
    ann = ratings.of(ranked[0][0])
    assert ann.rounds == 12 and ann.provisional  # 12 rounds < PROVISIONAL_ROUNDS
    assert PROVISIONAL_ROUNDS == 20
    bo = people[next(k for k, p in people.items() if p.name == "Bo Lind")]
    assert ratings.ahead_in_ten(ranked[0][0], bo) >= 7
    assert ratings.ahead_in_ten(bo, ranked[0][0]) <= 3
    assert [e.name for e, _ in ratings.history[ranked[0][0].pk]] == [
        "Club night 1",
        "Club night 2",
        "Club night 3",
    ]


def test_a_night_in_play_does_not_count_until_it_is_finished(host):
    rng = random.Random(3)
    club_night(host, 1, rng)
    before = club_ratings(host).now
    club_night(host, 2, rng, finish=False, strong="Bo Lind")
    assert club_ratings(host).now == before


def test_correcting_a_closed_nights_score_changes_the_ratings(host):
    rng = random.Random(4)
    first = club_night(host, 1, rng)
    club_night(host, 2, rng)
    ann = Person.objects.get(owner=host, name="Ann Whitaker")
    before = club_ratings(host).of(ann)
    # Round 1 of the first night, Ann's table: she did not go out after all, she came last.
    table = first.rounds.get(number=1).tables.get(seats__player__person=ann)
    names = [s.player.name for s in table.seats.select_related("player").order_by("position")]
    others = [n for n in names if n != "Ann Whitaker"]
    correct(first, 1, table.number, {"Ann Whitaker": 90, others[0]: 0, others[1]: 12})
    after = club_ratings(host).of(ann)
    assert after.mu < before.mu
    assert after.rounds == before.rounds


def test_ratings_show_on_the_roster_the_season_and_the_person_page(host, host_client):
    rng = random.Random(5)
    spring = Season.objects.create(owner=host, name="Spring 2027")
    for n in range(1, 3):
        club_night(host, n, rng, season=spring)
    ann = Person.objects.get(owner=host, name="Ann Whitaker")
    bo = Person.objects.get(owner=host, name="Bo Lind")
    ratings = club_ratings(host)
    shown = ratings.of(ann).shown

    roster = host_client.get(reverse("roster")).content.decode()
    assert f"rating {shown}" in roster
    season = host_client.get(spring.get_absolute_url()).content.decode()
    assert f">{shown}<" in season
    page = host_client.get(reverse("person_detail", args=[ann.pk])).content.decode()
    assert f"Rating <strong>{shown}</strong>" in page
    ten = ratings.ahead_in_ten(ann, bo)
    assert f"expected to finish ahead of Bo Lind {ten} times in 10" in page
    assert "provisional" in page  # 6 rounds so far
    assert page.count("<circle") >= 2 + 2  # the place chart and the rating chart, 2 nights each


def test_times_in_ten_never_says_always_or_never(host):
    rng = random.Random(6)
    for n in range(1, 4):
        club_night(host, n, rng, rounds=4)
    ratings = club_ratings(host)
    ann = Person.objects.get(owner=host, name="Ann Whitaker")
    others = Person.objects.filter(owner=host).exclude(pk=ann.pk)
    assert max(ratings.ahead_chance(ann, o) for o in others) > 0.95  # won every table
    assert {ratings.ahead_in_ten(ann, o) for o in others} <= set(range(1, 10))
    assert {ratings.ahead_in_ten(o, ann) for o in others} <= set(range(1, 10))


def test_a_players_own_night_says_their_rating_change_and_a_correction_moves_it(host):
    from tourney.night.live import rating_change

    rng = random.Random(4)
    first = club_night(host, 1, rng)
    second = club_night(host, 2, rng)
    ann = Person.objects.get(owner=host, name="Ann Whitaker")
    history = club_ratings(host).history[ann.pk]
    one, two = (rating.value for _, rating in history)
    said = rating_change(second.players.get(person=ann))
    assert said.startswith(f"{one:.1f} → {two:.1f}")
    first_said = rating_change(first.players.get(person=ann))
    assert first_said.startswith(f"0.0 → {one:.1f}")
    table = first.rounds.get(number=1).tables.get(seats__player__person=ann)
    names = [s.player.name for s in table.seats.select_related("player").order_by("position")]
    others = [n for n in names if n != "Ann Whitaker"]
    correct(first, 1, table.number, {"Ann Whitaker": 90, others[0]: 0, others[1]: 12})
    corrected = club_ratings(host).history[ann.pk][0][1].value
    assert corrected < one  # she came last after all
    assert rating_change(first.players.get(person=ann)).startswith(f"0.0 → {corrected:.1f}")
