"""A refused save says every problem at once, on the phone and on the host's form; the
host's form opens with an error summary linking to the fields (issue 26)."""

import re
from html import unescape

import pytest
from django.urls import reverse

from tests.factories import night
from tourney import services
from tourney.models import Entry, TableCard

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(host):
    """Round 1 playing at a 12-player night: table 1 (four seats)."""
    event = night(12, owner=host)
    rnd = services.seat_next_round(event)
    services.begin_round(rnd)
    return rnd.tables.get(number=1)


def typed(table, *values) -> tuple[dict, list]:
    """Seat by seat in order: "abc", "0", "0", "" and so on."""
    seats = list(table.seats.order_by("position").select_related("player"))
    return {f"p{s.player_id}": v for s, v in zip(seats, values, strict=True)}, seats


def text(response) -> str:
    return unescape(re.sub(r"<[^>]+>", " ", response.content.decode()))


def test_the_phone_says_a_bad_number_two_zeros_and_a_blank_in_one_save(client, table):
    scores, seats = typed(table, "abc", "0", "0", "")
    card = TableCard.objects.get(event=table.round.event, number=1)
    data = {"round": 1, "based_on": 0, "key": "k" * 32, "entrant": seats[1].player_id, **scores}
    response = client.post(reverse("table_page", args=[card.token]), data)
    page = text(response)
    a, b, c, d = (s.player.name for s in seats)
    assert response.status_code == 422
    assert f"{a}: “abc” is not a number of points." in page
    assert f"{b} and {c} both went out (scored 0)" in page
    assert f"{d} has no score yet" in page
    assert f"{a}'s score must be a whole number" not in page  # said once, by the form
    assert 'value="abc"' in response.content.decode()
    assert not Entry.objects.exists()


def test_the_phone_judges_the_scores_when_the_name_is_missing_too(client, table):
    scores, seats = typed(table, "abc", "7", "0", "0")
    card = TableCard.objects.get(event=table.round.event, number=1)
    data = {"round": 1, "based_on": 0, "key": "k" * 32, "entrant": "", **scores}
    page = text(client.post(reverse("table_page", args=[card.token]), data))
    assert "Choose your name, so the table knows who entered these." in page
    assert "“abc” is not a number" in page
    assert f"{seats[2].player.name} and {seats[3].player.name} both went out" in page


def host_url(table) -> str:
    return reverse("table_scores_host", args=[table.round.event.slug, 1, table.number])


def summary(response) -> tuple[str, list[tuple[str, str]]]:
    html = response.content.decode()
    box = re.search(r'<div class="errorlist-box error-summary"([^>]*)>(.*?)</div>', html, re.S)
    assert box, "no error summary"
    links = [(h, unescape(t)) for h, t in re.findall(r'<a href="#([^"]+)">(.*?)</a>', box[2])]
    return box[1], links


def test_the_hosts_form_refused_opens_with_a_summary_linking_to_every_field(host_client, table):
    scores, seats = typed(table, "abc", "0", "0", "")
    response = host_client.post(host_url(table), scores)
    assert response.status_code == 422
    attrs, links = summary(response)
    assert 'role="alert"' in attrs and "data-error-summary" in attrs and 'tabindex="-1"' in attrs
    a, b, c, d = (s.player for s in seats)
    assert [target for target, _ in links] == [f"id_p{a.pk}", f"id_p{b.pk}", f"id_p{d.pk}"]
    assert links[0][1].startswith(f"{a.name}: “abc” is not a number")
    assert links[1][1].startswith(f"{b.name} and {c.name} both went out")  # listed once
    assert links[2][1].startswith(f"{d.name} has no score yet")
    assert "please fix these 3 problems" in text(response)
    page = response.content.decode()
    assert f'id="id_p{a.pk}" value="abc"' in page  # what was typed is kept
    assert f'aria-describedby="id_p{b.pk}_error"' in page  # and said beside each field
    assert not Entry.objects.exists()


def test_the_hosts_form_with_only_a_bad_number_still_has_its_summary(host_client, table):
    scores, seats = typed(table, "12", "0", "x9", "15")
    response = host_client.post(host_url(table), scores)
    assert response.status_code == 422
    _, links = summary(response)
    assert (
        links
        == [
            (f"id_p{seats[2].player_id}", links[0][1]),
        ]
        and "“x9” is not a number" in links[0][1]
    )


def test_the_hosts_form_without_a_refusal_has_no_summary(host_client, table):
    response = host_client.get(host_url(table))
    assert "error-summary" not in response.content.decode()


def test_the_hosts_form_posted_empty_is_refused_for_every_blank(host_client, table):
    seats = list(table.seats.order_by("position").select_related("player"))
    response = host_client.post(host_url(table), {})
    assert response.status_code == 422
    _, links = summary(response)
    assert [target for target, _ in links] == [f"id_p{s.player_id}" for s in seats]
    assert all("has no score yet" in message for _, message in links)
