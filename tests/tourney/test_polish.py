"""The rough edges a host and players noticed (issue 15), as each page now reads."""

import csv
import html
import io
import re

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from scoring import services as scoring_services
from scoring.models import Pad
from tests.factories import EventFactory, UserFactory
from tourney import services
from tourney.models import Entry, Event, TableCard

pytestmark = pytest.mark.django_db


@pytest.fixture
def demo(client):
    """The demo night: 3 of 11 rounds closed, round 4 seated; the host signed in."""
    host = UserFactory(username="host")
    call_command("load_demo", verbosity=0)
    client.force_login(host)
    return Event.objects.get(slug="friday-rook-night-2026-11-20")


def text(response) -> str:
    plain = re.sub(r"<[^>]+>", " ", response.content.decode())
    return re.sub(r"\s+", " ", html.unescape(plain))


def test_standings_heading_counts_the_closed_rounds(client, demo):
    page = text(client.get(reverse("standings", args=[demo.slug])))
    assert "Standings after 3 of 11 rounds" in page
    assert "rounds planned" not in page


def test_standings_before_any_round_is_closed(host_client, host):
    event = EventFactory(owner=host, name="Empty night")
    page = text(host_client.get(reverse("standings", args=[event.slug])))
    assert "Standings: no round closed yet" in page


def test_a_closed_rounds_scores_page_offers_reopen_not_save(client, demo):
    url = reverse("table_scores_host", args=[demo.slug, 3, 1])
    response = client.get(url)
    html = response.content.decode()
    assert "Save scores" not in html
    assert "Round 3 is closed" in text(response)
    assert "Reopen round 3 to correct table 1" in html
    assert html.count(" readonly") == demo.rounds.get(number=3).tables.get(number=1).seats.count()

    # A stale form posted anyway changes nothing and says nothing about "the host".
    before = Entry.objects.count()
    response = client.post(url, {"p1": "5"})
    assert Entry.objects.count() == before
    assert "Ask the host" not in text(response)

    # Reopening from this page comes back to it, with Save offered.
    reopen = client.post(reverse("round_reopen", args=[demo.slug, 3]), {"table": "1"})
    assert reopen.headers["Location"] == url
    assert "Save scores" in client.get(url).content.decode()


def test_versions_page_badge_is_whole(client, demo):
    rnd = demo.rounds.get(number=4)
    services.begin_round(rnd)
    table = rnd.tables.get(number=1)
    seats = list(table.seats.order_by("position"))
    points = {s.player_id: 0 if i == 0 else 10 + i for i, s in enumerate(seats)}
    services.submit_scores(table, points, entered_by="Ann")
    services.submit_scores(table, {**points, seats[1].player_id: 30}, entered_by="Bo", based_on=0)
    page = text(client.get(reverse("table_history", args=[demo.slug, 4, 1])))
    assert "Player v2 Disputed v1 In use" in page
    assert "…" not in page


def test_partnership_start_page_gives_each_side_its_own_example(host_client):
    page = text(host_client.get(reverse("scoring:pad_start", args=["partnership-rook"])))
    assert "Blank: seats 1 and 3's names, e.g. “Ann & Cy”." in page
    assert "Blank: seats 2 and 4's names, e.g. “Bo & Di”." in page


def two_pad(owner):
    return scoring_services.start_pad(
        owner=owner,
        name="Sørensen & Díaz",
        game_slug="rook-for-two",
        house_rules={},
        players=["Sørensen", "Díaz"],
        first_dealer=0,
    )


def test_rook_for_two_help_and_refusal_name_the_same_highest_bid(client, demo):
    pad = two_pad(demo.owner)
    page = text(client.get(reverse("scoring:pad_detail", args=[pad.pk])))
    assert "Opens at 30 and rises by 5, up to 125." in page
    first, second = pad.seats
    data = {
        "number": "1",
        "bidder": str(first.pk),
        "bid": "126",
        f"tricks_{first.pk}": "7",
        f"count_{first.pk}": "60",
        f"tricks_{second.pk}": "6",
        f"count_{second.pk}": "40",
    }
    refused = text(client.post(reverse("scoring:hand_add", args=[pad.pk]), data))
    assert "A bid of 126 is not allowed: bids start at 30 and rise by 5, up to 125" in refused


def test_players_page_says_what_gone_home_does(client, demo):
    html = client.get(reverse("player_list", args=[demo.slug])).content.decode()
    assert ">Left<" not in html
    assert "Gone home: seat no more" in html
    assert "they are seated no more" in html


@pytest.mark.parametrize(
    "name",
    ["export_sheet", "export_standings", "pad_export"],
    ids=["master-sheet", "standings", "score-pad"],
)
def test_csv_downloads_open_in_excel_as_utf8(client, demo, name):
    if name == "pad_export":
        url = reverse("scoring:pad_export", args=[two_pad(demo.owner).pk, "csv"])
        expect = "Sørensen took"
    else:
        url = reverse(name, args=[demo.slug, "csv"])
        expect = "Gus Møller"
    body = client.get(url).content
    assert body.startswith(b"\xef\xbb\xbf")
    rows = list(csv.reader(io.StringIO(body.decode("utf-8-sig"))))
    assert not rows[0][0].startswith("\ufeff")
    assert any(expect in cell for row in rows for cell in row)


def test_table_cards_number_is_a_heading(client, demo):
    html = client.get(reverse("table_cards", args=[demo.slug])).content.decode()
    assert re.search(r'<h2 class="tc-number">Table 1</h2>', html)
    assert '<p class="tc-number">' not in html


def test_pad_fix_links_say_fix_first(client, demo):
    pad = Pad.objects.get(game_slug="partnership-rook")
    html = client.get(reverse("scoring:pad_detail", args=[pad.pk])).content.decode()
    assert 'class="fix-link">Fix<span class="visually-hidden"> hand 1</span></a>' in html
    assert "aria-label=" not in re.search(r'<a [^>]*class="fix-link"[^>]*>', html).group(0)


def test_score_form_puts_save_first_for_the_enter_key(demo):
    rnd = demo.rounds.get(number=4)
    services.begin_round(rnd)
    card = TableCard.objects.get(event=demo, number=1)
    html = Client().get(reverse("table_page", args=[card.token])).content.decode()
    form = html[html.index('class="score-form"') :]
    first_submit = re.search(r'<button type="submit"[^>]*>([^<]*)<', form)
    assert first_submit.group(1) == "Save scores"
