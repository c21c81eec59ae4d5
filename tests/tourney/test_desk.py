"""The desk screen (issue 28, item 4): every table of the round in one page, each saved
on its own through the host's rules; a phone's scores confirmed with one key."""

import re
from html import unescape

import pytest
from django.urls import reverse

from tests.factories import night
from tourney import services
from tourney.models import Activity, Entry

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}


@pytest.fixture
def rnd(host):
    event = night(12, owner=host)
    rnd = services.seat_next_round(event)
    services.begin_round(rnd)
    return rnd


def typed(table, values: str) -> dict:
    seats = table.seats.order_by("position")
    return {
        f"t{table.number}-p{s.player_id}": v for s, v in zip(seats, values.split(), strict=True)
    }


def test_the_page_lists_every_table_in_seat_order_and_focuses_the_first(host_client, rnd):
    page = host_client.get(reverse("round_desk", args=[rnd.event.slug, 1])).content.decode()
    for table in rnd.tables.all():
        names = [s.player.name for s in table.seats.order_by("position")]
        block = page.split(f'id="desk-table-{table.number}"')[1].split("</form>")[0]
        found = re.findall(r"<label[^>]*>\d+\. (P\d\d)</label>", block)
        assert found == names
    first = rnd.tables.get(number=1).seats.get(position=0)
    assert re.search(rf'id="id_t1-p{first.player_id}"[^>]*autofocus', page)
    monitor = host_client.get(reverse("round_detail", args=[rnd.event.slug, 1])).content.decode()
    assert reverse("round_desk", args=[rnd.event.slug, 1]) in monitor  # linked from the round


def test_enter_saves_one_table_and_answers_htmx_with_its_block(host_client, rnd):
    table = rnd.tables.get(number=2)
    url = reverse("desk_table", args=[rnd.event.slug, 1, 2])
    response = host_client.post(url, typed(table, "0 5 10 15"), headers=HTMX)
    html = response.content.decode()
    assert response.status_code == 200
    assert html.lstrip().startswith('<form id="desk-table-2"') and 'data-saved="1"' in html
    assert "desk-table-1" not in html  # that table's block only
    entry = Entry.objects.get(table=table)
    assert entry.source == Entry.Source.HOST and entry.entered_by_user.username == "hostess"
    assert sorted(entry.points_by_player().values()) == [0, 5, 10, 15]
    # without htmx: back to the page, saying so
    other = rnd.tables.get(number=3)
    page = host_client.post(
        reverse("desk_table", args=[rnd.event.slug, 1, 3]), typed(other, "5 0 10 15"), follow=True
    )
    assert "Table 3: saved as version 1." in unescape(page.content.decode())


def test_a_phones_scores_show_and_enter_confirms_them_for_the_desk(host_client, rnd, host):
    table = rnd.tables.get(number=1)
    seats = list(table.seats.order_by("position"))
    points = {s.player_id: 0 if i == 0 else 10 + i for i, s in enumerate(seats)}
    services.submit_scores(table, points, entered_by_player=seats[0].player, device="a" * 32)
    page = unescape(
        host_client.get(reverse("round_desk", args=[rnd.event.slug, 1])).content.decode()
    )
    block = page.split('id="desk-table-1"')[1].split("</form>")[0]
    assert "Phone: to confirm" in block and "Confirm table 1" in block
    assert 'value="11"' in block  # the phone's scores are in the fields
    shown = {f"t1-p{s.player_id}": str(points[s.player_id]) for s in seats}
    url = reverse("desk_table", args=[rnd.event.slug, 1, 1])
    response = host_client.post(url, shown, headers=HTMX)
    assert response.status_code == 200
    entry = Entry.objects.get(table=table)
    assert entry.version == 1 and entry.confirmed_by == "hostess" and entry.confirmed_at
    assert Activity.objects.filter(action="confirm", user=host).count() == 1
    host_client.post(url, shown, headers=HTMX)  # a second Enter: nothing more
    assert Activity.objects.filter(action="confirm").count() == 1
    assert Entry.objects.filter(table=table).count() == 1


def test_a_closed_round_saves_nothing_and_says_so(host_client, rnd):
    services.close_round(rnd, fill_empty_tables=True)
    table = rnd.tables.get(number=1)
    url = reverse("desk_table", args=[rnd.event.slug, 1, 1])
    response = host_client.post(url, typed(table, "0 5 10 15"), headers=HTMX)
    assert response.status_code == 409
    assert "Round 1 is closed: nothing was saved." in unescape(response.content.decode())
    assert not Entry.objects.filter(table=table).exists()


def test_a_desk_page_opened_before_a_phones_save_does_not_replace_it_unseen(host_client, rnd):
    """The desk page showed table 1 waiting; a phone then saved. Pressing Enter on the old
    page saves nothing and says what the phone entered; pressing it again, now knowing,
    replaces them as a correction."""
    page = host_client.get(reverse("round_desk", args=[rnd.event.slug, 1])).content.decode()
    assert 'name="t1-based_on" value="0"' in page
    table = rnd.tables.get(number=1)
    seats = list(table.seats.order_by("position"))
    phone = {s.player_id: 0 if i == 0 else 10 + i for i, s in enumerate(seats)}
    services.submit_scores(table, phone, entered_by_player=seats[0].player, device="a" * 32)
    url = reverse("desk_table", args=[rnd.event.slug, 1, 1])
    slip = {**typed(table, "0 50 60 70"), "t1-based_on": "0"}
    refused = host_client.post(url, slip, headers=HTMX)
    html = unescape(refused.content.decode())
    assert refused.status_code == 409
    assert (
        "Table 1's scores changed since this page was opened: version 1, by "
        f"{seats[0].player.name} on table 1's phone" in html
    )
    assert "Nothing was saved" in html and 'value="50"' in html  # the slip is kept
    assert 'name="t1-based_on" value="1"' in html
    entry = Entry.objects.get(table=table)
    assert entry.points_by_player() == phone
    again = host_client.post(url, {**slip, "t1-based_on": "1"}, headers=HTMX)
    assert again.status_code == 200
    current = Entry.objects.get(table=table, state=Entry.State.CURRENT)
    assert current.version == 2 and sorted(current.points_by_player().values()) == [0, 50, 60, 70]


def test_the_hosts_score_page_opened_before_another_save_does_not_replace_it_unseen(
    host_client, rnd
):
    table = rnd.tables.get(number=2)
    url = reverse("table_scores_host", args=[rnd.event.slug, 1, 2])
    assert 'name="based_on" value="0"' in host_client.get(url).content.decode()
    seats = list(table.seats.order_by("position"))
    desk = {s.player_id: 0 if i == 0 else 20 + i for i, s in enumerate(seats)}
    services.submit_scores(table, desk, entered_by="dora", source=Entry.Source.HOST)
    mine = {f"p{s.player_id}": v for s, v in zip(seats, ["0", "5", "10", "15"], strict=True)}
    page = unescape(host_client.post(url, {**mine, "based_on": "0"}).content.decode())
    assert "Table 2's scores changed since this page was opened: version 1, by dora" in page
    assert Entry.objects.get(table=table).points_by_player() == desk
    assert 'name="based_on" value="1"' in page and 'value="15"' in page
