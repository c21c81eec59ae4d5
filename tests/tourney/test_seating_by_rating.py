"""Seating by rating: tables balanced by club rating, still mixing and keeping the seat rule."""

import datetime
import random
import statistics
from itertools import pairwise

import pytest

from tests.factories import EventFactory
from tourney import services
from tourney.club.ratings import club_ratings
from tourney.models import Event, Person
from tourney.seating import meetings, plan_night, plan_round, table_sizes
from tourney.seating.balance import balanced_groups, table_spread

TOONERVILLE = {"min_size": 3, "max_size": 5, "preferred": 4}


def skills(n, seed=1):
    rng = random.Random(seed)
    return {p: round(rng.gauss(25, 6) * 100) for p in range(n)}


@pytest.mark.parametrize("n", [12, 13, 26, 45], ids=lambda n: f"{n} players")
def test_rating_tables_are_far_more_even_than_random_ones(n):
    ratings = skills(n)
    sizes = table_sizes(n, **TOONERVILLE)
    balanced = balanced_groups(list(ratings), sizes, ratings, {}, random.Random(1))
    assert sorted(p for g in balanced for p in g) == list(range(n))
    assert sorted(map(len, balanced)) == sorted(sizes)
    randoms = []
    for seed in range(20):
        order = list(ratings)
        random.Random(seed).shuffle(order)
        groups, start = [], 0
        for size in sizes:
            groups.append(order[start : start + size])
            start += size
        randoms.append(table_spread(groups, ratings))
    # Tables of 3 to 5 from a spread of ~600: balanced within a tenth of what chance gives.
    assert table_spread(balanced, ratings) < statistics.median(randoms) / 10


def test_the_strongest_players_never_share_a_table_when_there_are_tables_enough():
    ratings = skills(16, seed=3)
    groups = balanced_groups(list(ratings), [4, 4, 4, 4], ratings, {}, random.Random(2))
    top = sorted(ratings, key=ratings.get, reverse=True)[:4]
    assert sorted(sum(p in top for p in g) for g in groups) == [1, 1, 1, 1]


def test_a_night_by_rating_keeps_tables_balanced_and_avoids_repeat_meetings():
    ratings = skills(16, seed=4)
    plans = plan_night(list(ratings), rounds=5, **TOONERVILLE, method="rating", totals=ratings)
    for plan in plans:
        assert table_spread(plan.tables, ratings) < 150  # ratings spread ~ 600
    # The seat rule holds: nobody keeps table and seat two rounds running.
    for before, after in pairwise(plans):
        spots = {p: (t, s) for t, table in enumerate(before.tables) for s, p in enumerate(table)}
        assert all(
            spots.get(p) != (t, s)
            for t, table in enumerate(after.tables)
            for s, p in enumerate(table)
        )
    # Balanced tables can still mix: no pair meets in all five rounds.
    assert max(meetings(plans).values()) < 5


def test_rating_seating_needs_every_rating():
    with pytest.raises(ValueError, match="rating method needs totals"):
        plan_round(range(8), history=[], **TOONERVILLE, method="rating")


@pytest.mark.django_db
def test_the_host_seats_a_night_by_club_rating(host):
    names = [f"Player {c}" for c in "ABCDEFGHIJKL"]
    rng = random.Random(9)
    # Two finished nights where A, B or C go out at every table they sit at.
    for number in (1, 2):
        event = EventFactory(
            owner=host, name=f"Night {number}", rounds_planned=3,
            date=datetime.date(2027, 1, 1) + datetime.timedelta(weeks=number),
        )  # fmt: skip
        services.add_players(event, names)
        for _ in range(3):
            rnd = services.seat_next_round(event)
            services.begin_round(rnd)
            for table in rnd.tables.all():
                seats = list(table.seats.select_related("player").order_by("position"))
                strong = [i for i, s in enumerate(seats) if s.player.name[-1] in "ABC"]
                out = strong[0] if strong else rng.randrange(len(seats))
                # A strong player never finishes behind a weak one, whoever they sit with.
                services.submit_scores(
                    table,
                    {
                        s.player_id: 0 if i == out else (10 if i in strong else 30) + i
                        for i, s in enumerate(seats)
                    },
                )
            services.close_round(rnd)
    tonight = EventFactory(owner=host, name="Tonight", rounds_planned=3)
    tonight.seating_method = Event.Seating.RATING
    tonight.save()
    services.add_players(tonight, names)
    rnd = services.seat_next_round(tonight)
    ratings = club_ratings(host)
    strong = {p.pk for p in Person.objects.filter(owner=host, name__regex=r"[ABC]$")}
    assert all(ratings.of(pk).mu > 25 for pk in strong)
    tables = [
        [s.player.person_id for s in t.seats.select_related("player")] for t in rnd.tables.all()
    ]
    assert sorted(len(set(t) & strong) for t in tables) == [1, 1, 1]
