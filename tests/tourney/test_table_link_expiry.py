"""A table link stops opening players' pages a set time after the night ends (the
event's setting, 7 days by default); the standings stay."""

import datetime

import pytest
import time_machine
from django.urls import reverse
from django.utils import timezone

from tests.factories import night, valid_points
from tests.tourney.test_views import event_form_data
from tourney import services
from tourney.models import Event, TableCard

pytestmark = pytest.mark.django_db


def finished_night(**fields):
    event = night(4, rounds_planned=1, **fields)
    rnd = services.seat_next_round(event)
    services.begin_round(rnd)
    table = rnd.tables.get()
    services.submit_scores(table, valid_points(table), entered_by="Ann")
    services.close_round(rnd)
    card = TableCard.objects.get(event=event, number=1)
    player = table.seats.get(position=0).player
    return event, card, player


def pages(client, card, player):
    return (
        client.get(reverse("table_player", args=[card.token, player.pk])),
        client.get(reverse("table_page", args=[card.token])),
    )


def test_player_pages_close_seven_days_after_the_night_ends(client):
    start = timezone.now()
    with time_machine.travel(start, tick=False):
        event, card, player = finished_night()
    assert event.is_over() and event.table_history_days == 7

    with time_machine.travel(start + datetime.timedelta(days=6, hours=23), tick=False):
        person_page, standings = pages(client, card, player)
        assert person_page.status_code == 200
        assert player.name in person_page.content.decode()

    with time_machine.travel(start + datetime.timedelta(days=7, minutes=1), tick=False):
        person_page, standings = pages(client, card, player)
        text = person_page.content.decode()
        assert person_page.status_code == 410
        assert "table links show only the final standings" in text
        assert player.name not in text
        # The standings are still there, from the same card.
        assert standings.status_code == 200
        assert player.name in standings.content.decode()


def test_the_event_sets_how_long_and_an_ended_night_counts_from_end_night(client):
    start = timezone.now()
    with time_machine.travel(start, tick=False):
        event = night(4, rounds_planned=3, table_history_days=30)
        rnd = services.seat_next_round(event)
        services.begin_round(rnd)
        table = rnd.tables.get()
        services.submit_scores(table, valid_points(table), entered_by="Ann")
        services.close_round(rnd)
        services.end_event(event)  # ended after round 1 of 3
        card = TableCard.objects.get(event=event, number=1)
        player = rnd.tables.get().seats.get(position=0).player
    url = reverse("table_player", args=[card.token, player.pk])
    with time_machine.travel(start + datetime.timedelta(days=29), tick=False):
        assert client.get(url).status_code == 200
    with time_machine.travel(start + datetime.timedelta(days=31), tick=False):
        assert client.get(url).status_code == 410


def test_a_night_still_going_keeps_its_player_pages(client):
    event = night(4, rounds_planned=2)
    rnd = services.seat_next_round(event)
    services.begin_round(rnd)
    card = TableCard.objects.get(event=event, number=1)
    player = rnd.tables.get().seats.get(position=0).player
    with time_machine.travel(timezone.now() + datetime.timedelta(days=60), tick=False):
        assert client.get(reverse("table_player", args=[card.token, player.pk])).status_code == 200


@pytest.mark.parametrize(("typed", "kept"), [("", 7), ("2", 2)], ids=["blank-default", "two"])
def test_the_host_sets_the_days_on_the_event_form(host_client, typed, kept):
    page = host_client.get(reverse("event_create")).content.decode()
    assert 'name="table_history_days"' in page
    response = host_client.post(reverse("event_create"), event_form_data(table_history_days=typed))
    assert response.status_code == 302
    assert Event.objects.get().table_history_days == kept


def test_more_than_a_year_is_refused_on_the_form(host_client):
    response = host_client.post(reverse("event_create"), event_form_data(table_history_days="400"))
    assert response.status_code == 200
    assert "less than or equal to 365" in response.content.decode()
    assert not Event.objects.exists()
