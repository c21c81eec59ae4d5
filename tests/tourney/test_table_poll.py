"""A table page's poll: an unchanged one is an empty 204 from the event's stamp (with only
this table's scores counted), in two queries, during a round and after the night alike
(issue 30: it rebuilt the whole master sheet on every poll once the night was over, 16
queries and 19 ms; then four ORM queries and 2.6 ms; now two plain statements, 0.7 ms)."""

import re
from html import unescape

import pytest
from django.urls import reverse

from tests.factories import night, valid_points
from tourney import services
from tourney.models import TableCard

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}
QUIET_POLL_QUERIES = 2  # the card, then the stamp in one statement


@pytest.fixture
def playing(host):
    event = night(12, owner=host, rounds_planned=2)
    rnd = services.seat_next_round(event)
    services.begin_round(rnd)
    return event, rnd, TableCard.objects.get(event=event, number=1)


def next_poll(html: str) -> str:
    """The address the status region polls next, as htmx reads it."""
    match = re.search(r'<div id="status" hx-get="([^"]+)"', html)
    assert match, "the status region does not poll"
    return unescape(match.group(1))


def first_poll(client, card) -> str:
    """The page's poll address: it carries the stamp of what the page shows."""
    return next_poll(client.get(reverse("table_page", args=[card.token])).content.decode())


def play_round(rnd):
    for table in rnd.tables.all():
        services.submit_scores(table, valid_points(table), entered_by="P01")
    services.close_round(rnd)


def test_a_quiet_poll_is_an_empty_204_in_two_queries(client, playing, django_assert_num_queries):
    _event, _rnd, card = playing
    poll = first_poll(client, card)
    assert "since=" in poll
    with django_assert_num_queries(QUIET_POLL_QUERIES):
        quiet = client.get(poll, headers=HTMX)
    assert quiet.status_code == 204 and quiet.content == b""
    assert quiet["Cache-Control"].startswith("private")


def test_another_tables_save_is_quiet_and_this_tables_save_shows(client, playing):
    _event, rnd, card = playing
    poll = first_poll(client, card)
    other = rnd.tables.get(number=2)
    services.submit_scores(other, valid_points(other), entered_by="P01")
    assert client.get(poll, headers=HTMX).status_code == 204  # not this table's news

    table = rnd.tables.get(number=1)
    services.submit_scores(table, valid_points(table, base=40), entered_by="P01")
    changed = client.get(poll, headers=HTMX)
    assert changed.status_code == 200
    html = changed.content.decode()
    assert "Saved scores" in html and ">41" in html
    assert client.get(next_poll(html), headers=HTMX).status_code == 204


def test_after_the_night_polls_neither_rebuild_the_sheet_nor_change(
    client, playing, django_assert_max_num_queries, django_assert_num_queries
):
    event, rnd, card = playing
    play_round(rnd)
    second = services.seat_next_round(event)
    services.begin_round(second)
    poll = first_poll(client, card)  # a phone left open on the last round keeps polling
    play_round(second)
    event.refresh_from_db()
    assert event.is_over()

    with django_assert_max_num_queries(13):  # was 16: the master sheet is not built
        answer = client.get(poll, headers=HTMX)
    html = answer.content.decode()
    assert "Round 2 is closed: these are the final scores" in html
    assert "Final standings" not in html
    with django_assert_num_queries(QUIET_POLL_QUERIES):
        assert client.get(next_poll(html), headers=HTMX).status_code == 204
    page = client.get(reverse("table_page", args=[card.token])).content.decode()
    assert "Final standings" in page  # the whole page still shows them


@pytest.mark.parametrize("change", ["swap", "move"])
def test_reseating_the_next_round_reaches_the_tables_next_poll(client, playing, change):
    event, rnd, card = playing
    table = rnd.tables.get(number=1)
    here = table.seats.order_by("position").first().player
    play_round(rnd)
    nxt = services.seat_next_round(event)
    page = client.get(reverse("table_page", args=[card.token])).content.decode()
    assert f"<strong>{here.name}</strong> → table" in unescape(page)
    poll = next_poll(page)
    assert client.get(poll, headers=HTMX).status_code == 204

    seat = nxt.seats.select_related("table").get(player=here)
    if change == "swap":
        other = nxt.seats.exclude(table=seat.table).select_related("player", "table").first()
        services.swap_players(nxt, here, other.player)
        # Their seat there is the other's, unless that was the very seat they had this
        # round (the seat rule): then the table's seats are re-ordered.
        now = nxt.seats.select_related("table").get(player=here)
        assert now.table.number == other.table.number
        where = f"table {now.table.number}, seat {now.position + 1}"
    else:
        target = 1 if seat.table.number != 1 else 2
        services.move_player(nxt, here, target)
        where = f"table {target}"
    moved = client.get(poll, headers=HTMX)
    assert moved.status_code == 200
    assert f"<strong>{here.name}</strong> → {where}" in unescape(moved.content.decode())
