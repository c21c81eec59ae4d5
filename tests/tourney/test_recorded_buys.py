"""Recorded buys reach the rules: each hand is checked with its player's own buys (RULES.md)."""

import pytest
from django.urls import reverse

from tourney.models import Entry, Event, TableCard

pytestmark = pytest.mark.django_db


def start(host_client, players):
    data = {"name": "Buys night", "game_slug": "shanghai", "players": players, "record_buys": "on"}
    host_client.post(reverse("table_game_create"), data)
    return Event.objects.filter(kind="table").get()


def hand(client, event, points, buys, key):
    card = TableCard.objects.get(event=event, number=1)
    rnd = event.round_in_play()
    seats = list(rnd.tables.get().seats.order_by("position").select_related("player"))
    data = {"name": "Ann", "round": rnd.number, "based_on": 0, "key": key}
    for seat in seats:
        data[f"p{seat.player_id}"] = points[seat.player.name]
        data[f"b{seat.player_id}"] = buys[seat.player.name]
    return client.post(reverse("table_page", args=[card.token]), data)


def test_shanghai_with_no_buys_recorded_refuses_210(host_client):
    event = start(host_client, "Ann\nBo\nCy\nDi")
    scores = {"Ann": 0, "Bo": 210, "Cy": 20, "Di": 30}
    refused = hand(host_client, event, scores, dict.fromkeys(scores, 0), "k1")
    page = refused.content.decode()
    assert "Bo scored 210, more than a hand can hold in hand 1 with no buys (150: " in page
    assert not Entry.objects.filter(round__event=event).exists()
    accepted = hand(host_client, event, scores, {"Ann": 0, "Bo": 3, "Cy": 0, "Di": 0}, "k2")
    assert accepted.status_code == 303
    assert Entry.objects.filter(round__event=event).count() == 1


def test_a_form_with_another_problem_still_checks_the_recorded_buys(host_client):
    event = start(host_client, "Ann\nBo\nCy\nDi")
    scores = {"Ann": 0, "Bo": 210, "Cy": 20, "Di": 30}
    buys = {"Ann": 0, "Bo": 0, "Cy": "x", "Di": 0}  # Cy's buys are not a number
    page = hand(host_client, event, scores, buys, "k1").content.decode()
    assert "buys are a whole number" in page
    assert "Bo scored 210, more than a hand can hold in hand 1 with no buys (150: " in page
    assert not Entry.objects.filter(round__event=event).exists()
