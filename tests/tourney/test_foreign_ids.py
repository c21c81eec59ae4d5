"""Ids in addresses: another host's id, an id that doesn't exist and one that can't be
an id all get the same 404, so a host learns nothing about anyone else's roster,
nights, seasons or games, and no address is a 500."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from scoring import services as pads
from tests.factories import UserFactory, night
from tourney import services
from tourney.models import Event, Person, Player, Season

MISSING = 987654321


def same_answer(response) -> tuple[int, str]:
    """Status and page, without the per-request CSRF token."""
    page = response.content.decode()
    page = re.sub(r'(csrfmiddlewaretoken" value=|X-CSRFToken": )"[^"]*"', r"\1", page)
    return response.status_code, page


@pytest.fixture
def stranger_night():
    """Another host's night with a seated round, a roster person, a season and a pad."""
    stranger = UserFactory(username="stranger")
    event = night(9, owner=stranger, rounds_planned=4, name="Their night")
    services.seat_next_round(event)
    Season.objects.create(owner=stranger, name="Their season")
    Person.objects.create(owner=stranger, name="Secret Sam")
    pad = pads.start_pad(
        owner=stranger,
        name="Their pad",
        game_slug="rook-for-two",
        house_rules={},
        players=["Eve", "Finn"],
        first_dealer=0,
    )
    return event, pad


@pytest.fixture
def my_night(host):
    event = night(9, owner=host, rounds_planned=4, name="My night")
    services.seat_next_round(event)
    Person.objects.create(owner=host, name="Keeper")
    return event


def test_another_hosts_people_answer_like_missing_ones(host_client, my_night, stranger_night):
    theirs = Person.objects.get(name="Secret Sam").pk
    for name in ("person_detail", "person_edit", "person_merge"):
        foreign = host_client.get(reverse(name, args=[theirs]))
        missing = host_client.get(reverse(name, args=[MISSING]))
        assert foreign.status_code == 404, name
        assert same_answer(foreign) == same_answer(missing), name


@pytest.mark.parametrize(
    "other", ["abc", "1.5", "\x00", "-1", "١٢", "9" * 30, str(MISSING), "theirs"]
)
def test_merge_with_an_id_that_is_not_on_the_roster_is_404(
    host_client, host, my_night, stranger_night, other
):
    keep = Person.objects.get(owner=host, name="Keeper")
    theirs = Person.objects.get(name="Secret Sam")
    if other == "theirs":
        other = str(theirs.pk)
    url = reverse("person_merge", args=[keep.pk])
    for send in (host_client.get, host_client.post):
        response = send(url, {"other": other, "confirm": "yes"})
        assert response.status_code == 404
        page = response.content.decode()
        assert "That person is no longer on your roster" in page
        assert theirs.name not in page
    assert Person.objects.filter(pk=theirs.pk, owner=theirs.owner).exists()
    baseline = host_client.get(url, {"other": str(MISSING)})
    assert same_answer(host_client.get(url, {"other": other})) == same_answer(baseline)


def test_another_hosts_players_answer_like_missing_ones(host_client, my_night, stranger_night):
    event = my_night
    theirs = Player.objects.exclude(event=event).first().pk
    for name, method in (
        ("player_detail", "get"),
        ("player_rename", "get"),
        ("player_status", "post"),
    ):
        send = getattr(host_client, method)
        foreign = send(reverse(name, args=[event.slug, theirs]))
        missing = send(reverse(name, args=[event.slug, MISSING]))
        assert foreign.status_code == 404, name
        assert same_answer(foreign) == same_answer(missing), name


def test_another_hosts_nights_rounds_and_tables_answer_like_missing_ones(
    host_client, my_night, stranger_night
):
    theirs = stranger_night[0]
    gone = Event(slug="no-such-night")
    for args, names in (
        ((), ("event_detail", "player_list", "master_sheet", "table_cards", "event_edit")),
        ((1,), ("round_detail", "seating_chart", "round_tables_print")),
        ((1, 1), ("table_scores_host", "table_history")),
    ):
        for name in names:
            foreign = host_client.get(reverse(name, args=[theirs.slug, *args]))
            missing = host_client.get(reverse(name, args=[gone.slug, *args]))
            assert foreign.status_code == 404, name
            assert same_answer(foreign) == same_answer(missing), name
    mine = my_night
    for name, args in (
        ("round_detail", [mine.slug, 3]),
        ("round_detail", [mine.slug, 10**20]),
        ("table_scores_host", [mine.slug, 1, 99]),
        ("player_detail", [mine.slug, 10**20]),
    ):
        assert host_client.get(reverse(name, args=args)).status_code == 404, name
    for name, args in (
        ("table_card_reissue", [mine.slug, 99]),
        ("round_begin", [mine.slug, 10**20]),
        ("event_end", [theirs.slug]),
        ("event_reopen", [theirs.slug]),
    ):
        assert host_client.post(reverse(name, args=args)).status_code == 404, name


def test_another_hosts_seasons_and_pads_answer_like_missing_ones(
    host_client, my_night, stranger_night
):
    pad = stranger_night[1]
    theirs = Season.objects.get(name="Their season")
    for name in ("season_detail", "season_edit", "season_projector"):
        foreign = host_client.get(reverse(name, args=[theirs.slug]))
        missing = host_client.get(reverse(name, args=["no-such-season"]))
        assert foreign.status_code == 404, name
        assert same_answer(foreign) == same_answer(missing), name
    for name in ("scoring:pad_detail", "scoring:pad_sheet", "scoring:pad_board"):
        foreign = host_client.get(reverse(name, args=[pad.pk]))
        missing = host_client.get(reverse(name, args=[MISSING]))
        assert foreign.status_code == 404, name
        assert same_answer(foreign) == same_answer(missing), name
    for pk in (10**20, 2**63):
        assert host_client.get(f"/pads/{pk}/").status_code == 404
        assert host_client.get(f"/people/{pk}/").status_code == 404
        assert host_client.get(f"/people/{pk}/merge/").status_code == 404


def test_a_person_page_for_a_season_that_is_not_yours_is_404(
    host_client, host, my_night, stranger_night
):
    keeper = Person.objects.get(owner=host, name="Keeper")
    url = reverse("person_detail", args=[keeper.pk])
    foreign = host_client.get(url, {"season": Season.objects.get(name="Their season").slug})
    missing = host_client.get(url, {"season": "no-such-season"})
    assert foreign.status_code == 404
    assert same_answer(foreign) == same_answer(missing)
