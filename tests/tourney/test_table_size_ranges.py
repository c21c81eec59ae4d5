"""A night's own table-size range need not hold the game's preferred size: Rook Shanghai
at tables of exactly 4 (the game prefers 5), Toonerville at exactly 5 or 3. Seating,
planning ahead and the table cards page crashed there ("table sizes need 1 <= min_size
<= preferred <= max_size, got 4, 5, 4"); the night now prefers the size nearest the
game's within its range."""

from collections import Counter

import pytest
from django.urls import reverse

from tests.factories import night
from tourney import services
from tourney.models import Event

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("game", "size", "players"),
    [
        ("shanghai", 4, 9),
        ("shanghai", 4, 13),
        ("shanghai", 6, 12),
        ("toonerville", 5, 10),
        ("toonerville", 3, 9),
        ("toonerville", 5, 11),
    ],
)
def test_a_night_of_one_table_size_seats_and_plans_ahead(game, size, players):
    event = night(
        players,
        game_slug=game,
        min_table_size=size,
        max_table_size=size,
        rounds_planned=4,
        sit_out_when_uneven=True,
    )
    assert event.preferred_table_size == size
    first = services.seat_next_round(event, fallback="sit_out")
    assert [t.seats.count() for t in first.tables.all()] == [size] * (players // size)
    services.plan_rest_of_night(event, fallback="sit_out")
    assert event.rounds.count() == 4
    for rnd in event.rounds.all():
        assert Counter(t.seats.count() for t in rnd.tables.all()) == {size: players // size}


def test_the_table_cards_page_of_a_night_at_one_table_size(host_client, host):
    event = night(9, owner=host, game_slug="shanghai", min_table_size=4, max_table_size=4)
    page = host_client.get(reverse("table_cards", args=[event.slug]))
    assert page.status_code == 200


def test_the_table_cards_page_of_a_family_game(host_client):
    created = host_client.post(
        reverse("table_game_create"),
        {"name": "Sunday Shanghai", "game_slug": "shanghai", "players": "Ann\nBo\nCy"},
    )
    assert created.status_code == 302
    event = Event.objects.get(kind="table")
    page = host_client.get(reverse("table_cards", args=[event.slug]))
    assert page.status_code == 200, page.status_code
