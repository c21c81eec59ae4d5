"""A double tap on a create form: two identical POSTs at the same instant, each from
its own thread and connection, as a phone's two taps reach the server. One object,
and the second request answered like the first (the same redirect), never a 500."""

from __future__ import annotations

import re
import threading

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse

from scoring import services as scoring_services
from scoring.models import Hand, Pad
from tests.factories import EventFactory, night
from tests.tourney.test_views import event_form_data
from tourney.models import Event, Person, Player, Round, Seat, TableCard

pytestmark = pytest.mark.django_db(transaction=True)


def hidden_fields(page: str, action: str | None = None) -> dict[str, str]:
    """The hidden inputs of the page's form (the one posting to ``action``, if given)."""
    if action is not None:
        start = page.index(f'action="{action}"')
        page = page[start : page.index("</form>", start)]
    return dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)"', page))


def double_tap(user, url: str, data: dict) -> list[tuple[int, str]]:
    """Send ``data`` to ``url`` twice at once; each answer's status and redirect."""
    barrier = threading.Barrier(2)
    answers: list[tuple[int, str]] = []

    def tap():
        try:
            phone = Client(raise_request_exception=False)
            phone.force_login(user)
            barrier.wait(timeout=10)
            response = phone.post(url, data)
            answers.append((response.status_code, response.get("Location", "")))
        finally:
            connection.close()

    threads = [threading.Thread(target=tap) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return answers


def form_page(user, url: str) -> str:
    browser = Client()
    browser.force_login(user)
    response = browser.get(url)
    assert response.status_code == 200
    return response.content.decode()


def test_create_event(host):
    url = reverse("event_create")
    data = {**hidden_fields(form_page(host, url)), **event_form_data(rounds_planned=4)}
    answers = double_tap(host, url, data)
    event = Event.objects.get(owner=host)
    players = reverse("player_list", args=[event.slug])
    assert answers == [(302, players), (302, players)]


def test_add_a_table_card(host):
    event = EventFactory(owner=host)
    page = form_page(host, reverse("table_cards", args=[event.slug]))
    before = TableCard.objects.filter(event=event).count()
    url = reverse("table_card_add", args=[event.slug])
    answers = double_tap(host, url, hidden_fields(page, url))
    cards = reverse("table_cards", args=[event.slug])
    assert answers == [(302, cards), (302, cards)]
    assert TableCard.objects.filter(event=event).count() == before + 1


def test_add_players(host):
    event = EventFactory(owner=host)
    url = reverse("player_list", args=[event.slug])
    data = {**hidden_fields(form_page(host, url)), "names": "Ann Whitaker\nBo Stone"}
    answers = double_tap(host, url, data)
    assert answers == [(302, url), (302, url)]
    assert sorted(Player.objects.filter(event=event).values_list("name", flat=True)) == [
        "Ann Whitaker",
        "Bo Stone",
    ]


def test_add_to_the_roster(host):
    url = reverse("roster")
    data = {**hidden_fields(form_page(host, url)), "name": "Carl Dee", "email": "carl@x.org"}
    answers = double_tap(host, url, data)
    assert answers == [(302, url), (302, url)]
    assert list(Person.objects.filter(owner=host).values_list("name", flat=True)) == ["Carl Dee"]


def test_start_a_table_game(host):
    url = reverse("table_game_create")
    data = {
        **hidden_fields(form_page(host, url)),
        "name": "Family game",
        "game_slug": "toonerville",
        "players": "Ann\nBo\nCy",
    }
    answers = double_tap(host, url, data)
    game = Event.objects.get(owner=host)
    table = reverse("table_page", args=[game.table_cards.get(number=1).token])
    assert answers == [(302, table), (302, table)]


def test_start_a_score_pad(host):
    url = reverse("scoring:pad_start", args=["rook-for-two"])
    data = {
        **hidden_fields(form_page(host, url)),
        "name": "Sunday",
        "player_0": "Eve",
        "player_1": "Finn",
        "first_dealer": "0",
        "rule_target": "150",
        "rule_raise_step": "5",
    }
    answers = double_tap(host, url, data)
    pad = Pad.objects.get(owner=host)
    assert answers == [(302, pad.get_absolute_url()), (302, pad.get_absolute_url())]


def test_a_sent_form_answers_its_repeat_with_the_same_page_and_message(host_client, host):
    """A tap again after the first answer came back (a slow phone, the back button)."""
    url = reverse("roster")
    data = {**hidden_fields(host_client.get(url).content.decode()), "name": "Dee Dee"}
    first = host_client.post(url, data, follow=True)
    again = host_client.post(url, data, follow=True)
    assert "Dee Dee is on your roster." in first.content.decode()
    assert "Dee Dee is on your roster." in again.content.decode()
    assert "already on your roster" not in again.content.decode()
    assert Person.objects.filter(owner=host).count() == 1


def test_a_refused_form_can_be_corrected_and_sent_with_its_token(host_client, host):
    url = reverse("roster")
    token = hidden_fields(host_client.get(url).content.decode())
    refused = host_client.post(url, {**token, "name": ""})
    assert refused.status_code in (200, 422)
    assert host_client.post(url, {**token, "name": "Eli Ford"}).status_code == 302
    assert Person.objects.filter(owner=host, name="Eli Ford").exists()


def test_seat_the_next_round(host):
    event = night(12, owner=host, rounds_planned=4)
    page = form_page(host, event.get_absolute_url())
    url = reverse("round_seat_next", args=[event.slug])
    answers = double_tap(host, url, hidden_fields(page, url))
    first = Round.objects.get(event=event)
    detail = reverse("round_detail", args=[event.slug, 1])
    assert answers == [(302, detail), (302, detail)]
    assert first.number == 1
    assert Seat.objects.filter(round=first).count() == 12


# Two tabs (or a page from before the token) sending the same thing at once: no token
# to share, so both are carried out where that makes sense, and neither is a 500.


def test_two_tabs_create_two_nights_of_the_same_name(host):
    answers = double_tap(host, reverse("event_create"), event_form_data(rounds_planned=4))
    slugs = sorted(Event.objects.filter(owner=host).values_list("slug", flat=True))
    assert slugs == ["harvest-rook-night-2026-11-27", "harvest-rook-night-2026-11-27-2"]
    assert sorted(answers) == sorted((302, reverse("player_list", args=[s])) for s in slugs)


def test_two_tabs_add_the_same_person_once(host):
    answers = double_tap(host, reverse("roster"), {"name": "Gus Møller"})
    assert sorted(status for status, _ in answers) == [200, 302]
    assert Person.objects.filter(owner=host).count() == 1


def test_two_tabs_add_a_card_each(host):
    event = EventFactory(owner=host)
    answers = double_tap(host, reverse("table_card_add", args=[event.slug]), {})
    assert [status for status, _ in answers] == [302, 302]
    assert sorted(TableCard.objects.filter(event=event).values_list("number", flat=True)) == [1, 2]


def test_save_a_hand_on_a_score_pad(host):
    """The pad's hand form without htmx (no script, or before it loaded): the second
    tap used to be told "Not saved: Hand 1 has already been saved"."""
    pad = scoring_services.start_pad(
        owner=host,
        name="Eve v Finn",
        game_slug="rook-for-two",
        house_rules={},
        players=["Eve", "Finn"],
        first_dealer=0,
    )
    url = reverse("scoring:hand_add", args=[pad.pk])
    page = form_page(host, pad.get_absolute_url())
    eve, finn = pad.seats
    data = {
        **hidden_fields(page, url),
        "bidder": finn.pk,
        "bid": "60",
        **{f"tricks_{eve.pk}": "6", f"count_{eve.pk}": "25"},
        **{f"tricks_{finn.pk}": "5", f"count_{finn.pk}": "35"},
    }
    assert "once" in data and data["number"] == "1"
    answers = double_tap(host, url, data)
    saved = pad.get_absolute_url() + "?saved=1"
    # The first tap's 303, then the same page again (302: a browser GETs it alike).
    assert sorted(answers) == [(302, saved), (303, saved)]
    assert Hand.objects.filter(pad=pad).count() == 1
