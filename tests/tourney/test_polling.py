"""The host's live pages poll with the stamp they show: nothing changed, an empty 204;
anything shown changed, the new part (issue 26)."""

import re

import pytest
from django.urls import reverse

from tests.factories import night, valid_points
from tourney import services
from tourney.models import Player

HTMX = {"HX-Request": "true"}

LIVE_PAGES = {
    "round monitor": lambda event: reverse("round_detail", args=[event.slug, 1]),
    "master sheet": lambda event: reverse("master_sheet", args=[event.slug]),
    "projector": lambda event: reverse("projector", args=[event.slug]),
}

# What each page shows once table 1's scores (30 + seat) are in.
SHOWS_THE_SCORE = {
    "round monitor": '<span class="score">31',
    "master sheet": "31",
    "projector": "<strong>1 of 3</strong> tables entered",
}


@pytest.fixture
def playing(host):
    event = night(12, owner=host)
    rnd = services.seat_next_round(event)
    services.begin_round(rnd)
    return event, rnd


def poll_address(html: str) -> str:
    """The address the page's polling element asks next (the first hx-get with a stamp)."""
    match = re.search(r'hx-get="([^"]*since=[^"]*)"', html)
    assert match, "the page does not poll with a stamp"
    return match.group(1).replace("&amp;", "&")


@pytest.mark.parametrize("name", LIVE_PAGES)
def test_a_quiet_poll_is_an_empty_204_and_a_change_redraws(host_client, playing, name):
    event, rnd = playing
    page = host_client.get(LIVE_PAGES[name](event)).content.decode()
    poll = poll_address(page)

    quiet = host_client.get(poll, headers=HTMX)
    assert quiet.status_code == 204
    assert quiet.content == b""
    assert host_client.get(poll, headers=HTMX).status_code == 204  # and again

    table = rnd.tables.get(number=1)
    services.submit_scores(table, valid_points(table, base=30), entered_by="P01")
    changed = host_client.get(poll, headers=HTMX)
    assert changed.status_code == 200
    html = changed.content.decode()
    assert "<title>" not in html  # the live part only
    assert SHOWS_THE_SCORE[name] in html
    # It polls on with the new stamp, which is quiet again.
    assert poll_address(html) != poll
    assert host_client.get(poll_address(html), headers=HTMX).status_code == 204


def rename(player):
    Player.objects.filter(pk=player.pk).update(name="Renamed Rhoda")


def send_home(player):
    services.set_player_status(player, Player.Status.LEFT)


@pytest.mark.parametrize(("change", "shown"), [(rename, "Renamed Rhoda"), (send_home, None)])
def test_a_players_name_or_status_changes_the_stamp(host_client, playing, change, shown):
    event, rnd = playing
    poll = poll_address(host_client.get(LIVE_PAGES["round monitor"](event)).content.decode())
    change(rnd.seats.first().player)
    answer = host_client.get(poll, headers=HTMX)
    assert answer.status_code == 200
    if shown:
        assert shown in answer.content.decode()


def test_a_page_opened_without_a_stamp_is_drawn_whole(host_client, playing):
    event, _rnd = playing
    url = LIVE_PAGES["round monitor"](event)
    assert host_client.get(url, headers=HTMX).status_code == 200  # an old page's poll
    assert host_client.get(url + "?since=stale", headers=HTMX).status_code == 200
    # Opened in the browser, a stamp in the address is ignored: the whole page.
    stamp = poll_address(host_client.get(url).content.decode()).split("since=")[1]
    full = host_client.get(url + f"?since={stamp}")
    assert full.status_code == 200
    assert "<title>" in full.content.decode()


def test_sheet_sort_links_carry_no_stamp_and_back_gets_the_whole_page(host_client, playing):
    event, _rnd = playing
    url = LIVE_PAGES["master sheet"](event)
    poll = poll_address(host_client.get(url + "?sort=total").content.decode())
    assert "sort=total" in poll
    services.set_player_status(event.players.first(), Player.Status.ABSENT)
    html = host_client.get(poll, headers=HTMX).content.decode()
    links = re.findall(r'<th[^>]*>\s*<a href="([^"]*)"', html)
    assert links and not [link for link in links if "since" in link]
    # The sort links swap the sheet in place, the thead saying where.
    assert 'hx-target="#sheet"' in html
    # A Back press htmx can't serve from its cache asks for the whole page.
    restore = host_client.get(
        url + "?sort=total", headers={**HTMX, "HX-History-Restore-Request": "true"}
    )
    assert "<title>Master sheet" in restore.content.decode()
