"""Every htmx request in the templates answers a refusal as a 4xx holding its message.

htmx drops error answers; static/js/site.js shows them (the region again, or the message
at the top of the form that asked). These tests pin the server's half: the list of
htmx endpoints is compared with what the templates hold, so a new hx-post without a
refusal test here fails, and each endpoint's refusal is checked as htmx receives it.
The browser half is tests/e2e/test_htmx_errors.py.
"""

import re
from html import unescape
from pathlib import Path

import pytest
from django.conf import settings
from django.urls import reverse

from scoring import services as pads
from scoring.models import HandInput
from tests.factories import night, valid_points
from tourney import services
from tourney.models import Entry, TableCard

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}

# hx-* attribute values that are not a {% url %}: the endpoint they reach.
EXPRESSIONS = {
    "{{ action }}": ("scoring:hand_add", "scoring:hand_correct"),  # scoring/hand_form.html
    # the monitor, the sheet, the projector and the players page (arrivals at the door)
    # ask for themselves with the stamp they show, and so does the night's live page on
    # the players' phones
    "{{ poll_url }}": (
        "round_detail",
        "master_sheet",
        "projector",
        "player_list",
        "live_standings",
    ),
}

# Forms: each has a test below of a bad submission answered 4xx with the message.
FORMS = {
    "round_swap",
    "player_status",
    "table_page",
    "table_confirm",
    "desk_table",
    "scoring:hand_add",
    "scoring:hand_correct",
}
# Regions that poll (hx-get, no form): a poll for something gone is a 404, which site.js
# turns into "That is no longer there. Reload the page." beside the region.
POLLS = {
    "round_detail",
    "player_list",
    "season_projector",
    "projector",
    "table_status",
    "master_sheet",
    "scoring:pad_board",
    "scoring:pad_sheet",
    "event_seating",
    "live_standings",
}

HX = re.compile(r'hx-(?:get|post|put|patch|delete)="([^"]*)"')
URL = re.compile(r"^\{% url '([\w:]+)'")


def htmx_endpoints_in_templates() -> set[str]:
    found = set()
    for template in Path(settings.BASE_DIR, "templates").rglob("*.html"):
        for value in HX.findall(template.read_text()):
            named = URL.match(value)
            if named:
                found.add(named.group(1))
            else:
                assert value in EXPRESSIONS, f"{template}: hx-… value {value!r} is not known here"
                found.update(EXPRESSIONS[value])
    return found


def test_every_htmx_endpoint_in_the_templates_has_its_refusal_test():
    found = htmx_endpoints_in_templates()
    assert found - (FORMS | POLLS) == set(), "new htmx endpoints: add a refusal test here"
    assert (FORMS | POLLS) - found == set(), "endpoints no template uses any more"
    tests = " ".join(name for name in globals() if name.startswith("test_"))
    assert {name for name in FORMS if f"test_{name.split(':')[-1]}_" not in tests} == set()


def alert_in(html: str) -> str:
    """The text of the role=alert regions, as a screen reader announces them."""
    boxes = re.findall(r'<(\w+)[^>]*role="alert"[^>]*>(.*?)</\1>', html, re.S)
    return unescape(re.sub(r"<[^>]+>|\s+", " ", " ".join(body for _, body in boxes)))


# -- the round's tables: swap or move ---------------------------------------------------


@pytest.fixture
def planned(host):
    event = night(12, owner=host)
    rnd = services.seat_next_round(event)
    return event, rnd


@pytest.mark.parametrize(
    ("choice", "message"),
    [
        ("table_9", "There is no table 9: use 1 to 4."),
        ("self", "Choose two different players to swap."),
        ("nothing", "Choose a player to swap with, or a table to move to."),
    ],
    ids=["move-to-table-9", "swap-with-self", "nothing-chosen"],
)
def test_round_swap_refusal_is_the_region_with_the_form_and_its_message(
    host_client, planned, choice, message
):
    event, rnd = planned
    player = rnd.seats.order_by("player__name").first().player
    data = {"player": player.pk}
    if choice == "table_9":
        data["table"] = "9"
    elif choice == "self":
        data["other"] = player.pk
    url = reverse("round_swap", args=[event.slug, rnd.number])
    response = host_client.post(url, data, headers=HTMX)
    html = response.content.decode()
    assert response.status_code == 422
    assert html.lstrip().startswith('<div id="round-tables"')  # the region htmx targets
    assert message in alert_in(html)
    assert f'<option value="{player.pk}" selected>' in html  # what was chosen is kept
    if choice == "table_9":
        assert 'value="9"' in html


# -- the players list: check in, absent, gone home ----------------------------------------


def test_player_status_refusal_is_a_message(host_client, host):
    event = night(4, owner=host)
    player = event.players.order_by("name").first()
    url = reverse("player_status", args=[event.slug, player.pk])
    response = host_client.post(url, {"status": "asleep"}, headers=HTMX)
    assert response.status_code == 422
    assert "P01 is unchanged: that status is not one Rookery knows." in alert_in(
        response.content.decode()
    )
    page = host_client.post(url, {"status": "asleep"}, follow=True).content.decode()
    assert "P01 is unchanged" in page  # without htmx: said on the list it leads back to


# -- a table's phone page: scores and confirming ------------------------------------------


@pytest.fixture
def playing(host):
    event = night(12, owner=host)
    rnd = services.seat_next_round(event)
    services.begin_round(rnd)
    table = rnd.tables.get(number=1)
    return table, TableCard.objects.get(event=event, number=1)


def test_table_page_refusal_is_the_sheet_with_its_message(client, playing):
    table, card = playing
    seats = list(table.seats.order_by("position"))
    data = {"round": 1, "based_on": 0, "key": "k" * 32, "entrant": seats[0].player_id}
    data.update({f"p{s.player_id}": "abc" if i == 1 else "0" for i, s in enumerate(seats)})
    response = client.post(reverse("table_page", args=[card.token]), data, headers=HTMX)
    html = response.content.decode()
    assert response.status_code == 422
    assert html.lstrip().startswith('<div id="sheet"')
    assert "Not saved." in alert_in(html)
    assert 'value="abc"' in html
    assert not Entry.objects.exists()


def test_table_confirm_refusal_is_the_status_with_its_message(client, playing):
    table, card = playing
    services.submit_scores(table, valid_points(table), entered_by="P01")
    entry = Entry.objects.get()
    url = reverse("table_confirm", args=[card.token])
    response = client.post(url, {"version": entry.version, "round": 1}, headers=HTMX)
    html = response.content.decode()
    assert response.status_code == 409
    assert html.lstrip().startswith('<div id="status"')
    assert "Choose your name, so the table knows who confirmed." in alert_in(html)


# -- the desk screen: one table's block ------------------------------------------------------


def test_desk_table_refusal_is_the_table_block_with_every_problem_and_what_was_typed(
    host_client, playing
):
    table, _card = playing
    seats = list(table.seats.order_by("position"))
    typed = ["abc", "0", "0", ""]  # no number, two went out, one blank: said all at once
    data = {f"t1-p{s.player_id}": v for s, v in zip(seats, typed, strict=True)}
    url = reverse("desk_table", args=[table.round.event.slug, 1, 1])
    response = host_client.post(url, data, headers=HTMX)
    html = response.content.decode()
    assert response.status_code == 422
    assert html.lstrip().startswith('<form id="desk-table-1"')  # the block htmx targets
    said = alert_in(html)
    a, b, c, d = (s.player.name for s in seats)
    assert "Nothing was saved for table 1: fix these 3 problems" in " ".join(said.split())
    assert f"{a}: “abc” is not a number of points." in said
    assert f"{b} and {c} both went out (scored 0)" in said
    assert f"{d} has no score yet" in said
    assert 'value="abc"' in html
    assert not Entry.objects.exists()


# -- the score pads: a hand and its correction ---------------------------------------------


@pytest.fixture
def four(host):
    return pads.start_pad(
        owner=host,
        name="Friday four",
        game_slug="partnership-rook",
        house_rules={},
        players=["Ann", "Bo", "Cy", "Di"],
        first_dealer=1,
    )


def hand(pad, **fields) -> dict:
    ann = next(p for p in pad.seats if p.name == "Ann")
    return {"number": 1, "bidder": ann.pk, "bid": "120", **fields}


ADDS_TO_280 = "the two sides' points must add up to exactly 200"


def test_hand_add_refusal_is_the_entry_region_with_its_message(host_client, four):
    url = reverse("scoring:hand_add", args=[four.pk])
    response = host_client.post(url, hand(four, taken="110", other_taken="170"), headers=HTMX)
    html = unescape(response.content.decode())
    assert response.status_code == 422
    assert html.lstrip().startswith('<section id="entry"')
    assert "Not saved." in alert_in(response.content.decode())
    assert "280 in all" in html and ADDS_TO_280 in html


def test_hand_correct_refusal_is_the_entry_region_with_its_message(host_client, four):
    ann = next(p for p in four.seats if p.name == "Ann")
    pads.record_hand(four, HandInput(bidder=ann, bid=120, taken=130), number=1)
    url = reverse("scoring:hand_correct", args=[four.pk, 1])
    data = hand(four, taken="110", other_taken="170", based_on=1)
    response = host_client.post(url, data, headers=HTMX)
    html = unescape(response.content.decode())
    assert response.status_code == 422
    assert html.lstrip().startswith('<section id="entry"')
    assert "Not saved." in alert_in(response.content.decode())
    assert "280 in all" in html


# -- polled regions: something gone is a 404 ------------------------------------------------


def test_polls_for_something_gone_are_404(host_client, four, playing):
    table, _card = playing
    slug = table.round.event.slug
    gone = [
        reverse("round_detail", args=[slug, 99]),
        reverse("master_sheet", args=["no-such-night"]),
        reverse("projector", args=["no-such-night"]),
        reverse("season_projector", args=["no-such-season"]),
        reverse("scoring:pad_board", args=[four.pk + 1000]),
        reverse("scoring:pad_sheet", args=[four.pk + 1000]),
        reverse("table_status", args=["x" * 20]),
        reverse("event_seating", args=["no-such-night"]),
        reverse("player_list", args=["no-such-night"]),
        reverse("live_standings", args=["x" * 32]),
    ]
    assert len(gone) == len(POLLS)
    for url in gone:
        assert host_client.get(url, headers=HTMX).status_code == 404, url


def test_a_live_page_poll_once_the_host_turned_it_off_is_410(client, playing):
    event = playing[0].round.event
    event.live_standings = False
    event.save()
    response = client.get(reverse("live_standings", args=[event.live_token]), headers=HTMX)
    assert response.status_code == 410
    assert "turned off the live standings" in response.content.decode()


def test_round_swap_with_no_player_chosen_says_so_once(host_client, planned):
    event, rnd = planned
    url = reverse("round_swap", args=[event.slug, rnd.number])
    response = host_client.post(url, {}, headers=HTMX)
    html = response.content.decode()
    assert response.status_code == 422
    assert "nothing was saved" in alert_in(html)
    assert "Choose the player to swap or move." in html  # beside the Player field
    assert "This field is required" not in html
    assert "Choose a player to swap with" not in html  # one thing at a time: the player first
