"""The round clock (issue 28, item 6): a round length on the event (30 minutes unless
the host says otherwise, or none), the projector's countdown from the round's begin,
and the round page naming tables without scores once time is up. Times are set on the
round, never waited for."""

from __future__ import annotations

import datetime
import io
import json
import re
from html import unescape

import pytest
import segno
from django.core.management import call_command
from django.urls import reverse
from django.utils import timezone

from tests.factories import night
from tests.tourney.test_derived import enter, start
from tests.tourney.test_views import event_form_data
from tourney import services
from tourney.models import Event

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}


def began_ago(rnd, minutes: float, seconds: float = 0) -> None:
    rnd.started_at = timezone.now() - datetime.timedelta(minutes=minutes, seconds=seconds)
    rnd.save(update_fields=["started_at"])


def html_of(response) -> str:
    return unescape(response.content.decode())


@pytest.fixture
def playing(host):
    """Twelve players at three tables of four, round 1 begun; table 1 has scores."""
    event = night(12, owner=host, rounds_planned=3)
    rnd = start(event)
    enter(rnd.tables.get(number=1), [0, 10, 20, 30])
    return event, rnd


def round_page(host_client, event, rnd, **headers):
    return host_client.get(reverse("round_detail", args=[event.slug, rnd.number]), **headers)


def test_a_new_night_has_the_house_round_length_and_the_host_can_change_or_clear_it(
    host_client,
):
    form = html_of(host_client.get(reverse("event_create")))
    assert re.search(r'name="round_minutes"[^>]*value="30"', form)
    host_client.post(reverse("event_create"), event_form_data(round_minutes="25"))
    event = Event.objects.get()
    assert event.round_minutes == 25
    edit = reverse("event_edit", args=[event.slug])
    host_client.post(edit, event_form_data(round_minutes=""))
    event.refresh_from_db()
    assert event.round_minutes is None  # blank: no clock


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        ("0", "A round lasts at least 1 minute: leave it blank for no clock."),
        ("300", "A round lasts at most 240 minutes: leave it blank for no clock."),
        ("half an hour", "Type the round length in whole minutes, like 30"),
    ],
    ids=["zero", "too-long", "words"],
)
def test_a_round_length_that_cant_be_is_refused_saying_why(host_client, typed, said):
    response = host_client.post(reverse("event_create"), event_form_data(round_minutes=typed))
    html = html_of(response)
    assert said in html
    assert f'value="{typed}"' in html  # what was typed is kept
    assert not Event.objects.exists()


def test_the_round_page_counts_down_then_names_the_tables_without_scores(host_client, playing):
    event, rnd = playing
    began_ago(rnd, 12, 30)
    html = html_of(round_page(host_client, event, rnd))
    assert re.search(r"Time left: <strong[^>]*>17:[23]\d</strong>", html)
    assert "no scores" not in html
    began_ago(rnd, 34, 10)
    html = html_of(round_page(host_client, event, rnd))
    assert "Time is up" in html
    assert "Table 2: no scores, 4 minutes over" in html
    assert "Table 3: no scores, 4 minutes over" in html
    assert "Table 1: no scores" not in html  # it has its scores
    began_ago(rnd, 30, 20)
    html = html_of(round_page(host_client, event, rnd))
    assert "Table 2: no scores, time is up" in html
    began_ago(rnd, 31, 5)
    assert "Table 2: no scores, 1 minute over" in html_of(round_page(host_client, event, rnd))


def test_a_table_that_enters_its_scores_late_is_no_longer_named(host_client, playing):
    event, rnd = playing
    began_ago(rnd, 40)
    enter(rnd.tables.get(number=2), [0, 10, 20, 30])
    html = html_of(round_page(host_client, event, rnd))
    assert "Table 2: no scores" not in html
    assert "Table 3: no scores, 10 minutes over" in html


def test_without_a_round_length_there_is_no_clock(host_client, playing):
    event, rnd = playing
    Event.objects.filter(pk=event.pk).update(round_minutes=None)
    began_ago(rnd, 90)
    html = html_of(round_page(host_client, event, rnd))
    assert "Time left" not in html and "Time is up" not in html and "no scores" not in html
    projector = html_of(host_client.get(reverse("projector", args=[event.slug])))
    assert "board-clock" not in projector


def test_the_monitor_poll_changes_once_a_minute_over_time_and_not_before(host_client, playing):
    event, rnd = playing
    began_ago(rnd, 10)
    page = html_of(round_page(host_client, event, rnd))
    poll = page.split('id="round-tables" hx-get="')[1].split('"')[0]
    assert host_client.get(poll, **{"headers": HTMX}).status_code == 204
    began_ago(rnd, 33)  # time ran out meanwhile, with no score entered
    over = host_client.get(poll, headers=HTMX)
    assert over.status_code == 200
    assert "Table 2: no scores, 3 minutes over" in html_of(over)
    poll = html_of(over).split('hx-get="')[1].split('"')[0]
    assert host_client.get(poll, headers=HTMX).status_code == 204  # the same minute
    began_ago(rnd, 34)
    assert "4 minutes over" in html_of(host_client.get(poll, headers=HTMX))


def test_the_projector_counts_down_from_the_rounds_begin(host_client, playing):
    event, rnd = playing
    began_ago(rnd, 5)
    rnd.refresh_from_db()
    html = html_of(host_client.get(reverse("projector", args=[event.slug])))
    ends = int((rnd.started_at + datetime.timedelta(minutes=30)).timestamp() * 1000)
    assert f'data-ends="{ends}"' in html
    assert re.search(r'class="clock-left"[^>]*>2[45]:\d\d</span>', html)
    assert "Round 1 ·" in html
    began_ago(rnd, 31)
    html = html_of(host_client.get(reverse("projector", args=[event.slug])))
    assert re.search(r'class="clock-left"[^>]*>Time is up</span>', html)
    for number in (2, 3):
        enter(rnd.tables.get(number=number), [0, 10, 20, 30])
    services.close_round(rnd)
    html = html_of(host_client.get(reverse("projector", args=[event.slug])))
    assert "board-clock" not in html  # a closed round has no clock


def test_the_projector_shows_the_door_card_until_round_one_begins(host_client, host):
    event = night(8, owner=host, rounds_planned=2)
    url = reverse("projector", args=[event.slug])
    html = html_of(host_client.get(url))
    assert "Check in here" in html and event.door_code_display in html
    door = "http://testserver" + reverse("door", args=[event.door_token])
    assert segno.make(door, error="m").svg_inline(scale=6, border=2) in html  # the QR code
    start(event)
    assert "Check in here" not in html_of(host_client.get(url))


def test_the_projector_shows_no_door_card_when_the_door_is_off(host_client, host):
    event = night(8, owner=host, rounds_planned=2, door_open=False)
    assert "Check in here" not in html_of(host_client.get(reverse("projector", args=[event.slug])))


def test_backups_carry_the_round_length_and_the_door_settings(tmp_path, host):
    event = night(8, owner=host, round_minutes=45, door_open=False, door_new_names="check_in")
    out = io.StringIO()
    call_command("export_event", event.slug, stdout=out)
    doc = json.loads(out.getvalue())
    assert doc["event"]["round_minutes"] == 45
    assert "door_token" not in doc["event"]  # a restored night gets a door of its own
    path = tmp_path / "night.json"
    path.write_text(out.getvalue(), encoding="utf-8")
    old_token = event.door_token
    services.delete_event(event)
    call_command("import_event", str(path), stdout=io.StringIO())
    restored = Event.objects.get()
    assert (restored.round_minutes, restored.door_open, restored.door_new_names) == (
        45,
        False,
        "check_in",
    )
    assert restored.door_token != old_token
    # No clock is kept as none; a file from before the clock gets the house default.
    for value, kept in ((None, None), ("absent", 30)):
        fields = dict(doc["event"], slug="")
        if value == "absent":
            del fields["round_minutes"], fields["door_open"], fields["door_new_names"]
        else:
            fields["round_minutes"] = value
        again = tmp_path / f"again-{value}.json"
        again.write_text(json.dumps({**doc, "event": fields}), encoding="utf-8")
        call_command("import_event", str(again), stdout=io.StringIO())
        assert Event.objects.order_by("-pk").first().round_minutes == kept


def test_a_backup_with_a_round_length_that_cant_be_is_refused(tmp_path, host):
    event = night(4, owner=host)
    out = io.StringIO()
    call_command("export_event", event.slug, stdout=out)
    doc = json.loads(out.getvalue())
    doc["event"]["round_minutes"] = 9000
    doc["event"]["door_new_names"] = "sometimes"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(Exception, match=r"round_minutes") as caught:
        call_command("import_event", str(path), stdout=io.StringIO())
    assert "door_new_names" in str(caught.value)


def test_a_game_at_one_table_has_no_clock_and_no_door(host_client, host, client):
    event = services.start_table_game(
        owner=host,
        name="Family",
        game_slug="shanghai",
        players=["Mom", "Dad", "Kid"],
        house_rules={},
    )
    rnd = event.rounds.get(number=1)
    assert rnd.status == "playing" and event.round_minutes == 30
    began_ago(rnd, 60)
    html = html_of(round_page(host_client, event, rnd))
    assert "Hand 1" in html
    assert "Time is up" not in html and "no scores" not in html
    door = client.get(reverse("door", args=[event.door_token]))
    assert door.status_code == 410
