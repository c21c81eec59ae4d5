"""A pulled plug mid-round loses nothing that was acknowledged (real server, SIGKILL, WAL)."""

import json
import urllib.error
import uuid

import pytest
from playwright.sync_api import expect

from tests.liveserver import Phone, Server, build_night, migrate, run_django, server_env, tables_now

CHECK = """
import json
from tourney.models import Entry
keys = json.loads({keys!r})
found = {{}}
for e in Entry.objects.filter(idempotency_key__in=keys).prefetch_related("scores"):
    found[e.idempotency_key] = {{str(s.player_id): s.points for s in e.scores.all()}}
print(json.dumps({{"found": found, "entries": Entry.objects.count()}}))
"""


def scores_for(table):
    return {f"p{pid}": 0 if i == 0 else 11 + i for i, pid in enumerate(table["players"])}


@pytest.fixture
def server(tmp_path):
    env = server_env(tmp_path / "fault.sqlite3")
    migrate(env)
    night = build_night(env, players=24)
    srv = Server(env).start()
    yield srv, env, night
    srv.stop()


def test_acknowledged_scores_survive_a_sigkill(server):
    srv, env, night = server
    tables = tables_now(env, night["event"])["tables"]
    acknowledged: dict[str, dict] = {}
    half = len(tables) // 2
    for table in tables[:half]:
        phone = Phone(srv.url, table["token"])
        phone.get()
        key = uuid.uuid4().hex
        status, location = phone.post(
            {"entrant": table["players"][0], "round": 1, "based_on": 0, "key": key}
            | scores_for(table)
        )
        assert status == 303, status
        assert location.endswith("?done=saved")
        acknowledged[key] = scores_for(table)

    srv.kill()  # mid-round, no goodbye
    phone = Phone(srv.url, tables[half]["token"])
    with pytest.raises(urllib.error.URLError):
        phone.get(timeout=3)  # the phone is told plainly it did not get through

    srv.start()
    for table in tables[half:]:
        phone = Phone(srv.url, table["token"])
        phone.get()
        key = uuid.uuid4().hex
        form = {"entrant": table["players"][1], "round": 1, "based_on": 0, "key": key}
        form |= scores_for(table)
        status, _ = phone.post(form)
        assert status == 303
        acknowledged[key] = scores_for(table)

    result = json.loads(run_django(env, CHECK.format(keys=json.dumps(list(acknowledged)))))
    assert set(result["found"]) == set(acknowledged)
    for key, fields in acknowledged.items():
        expected = {name[1:]: points for name, points in fields.items()}
        assert result["found"][key] == expected
    assert result["entries"] == len(acknowledged)  # nothing doubled


STORED = """
import json
from tourney.models import Entry
entries = Entry.objects.filter(round__event_id={event}, table__number={table})
print(json.dumps([
    {{"key": e.idempotency_key, "state": e.state,
      "points": sorted(s.points for s in e.scores.all())}}
    for e in entries.prefetch_related("scores")
]))
"""


def stored(env, night, table) -> list[dict]:
    return json.loads(run_django(env, STORED.format(event=night["event"], table=table["number"])))


def type_scores(page, seat=0) -> list[str]:
    inputs = page.locator("input.score-input")
    values = ["0", "17", "23", "31", "12"][: inputs.count()]
    for i, value in enumerate(values):
        inputs.nth(i).fill(value)
    page.get_by_label("Your name").select_option(index=seat + 1)  # the seated players
    return values


def in_view(page, locator) -> bool:
    box = locator.bounding_box()
    height = page.viewport_size["height"]
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height


@pytest.mark.e2e
def test_a_phone_saving_while_the_server_is_down_resends_by_itself(server, browser, phone):
    srv, env, night = server
    table = tables_now(env, night["event"])["tables"][0]
    context = browser.new_context(**phone)
    page = context.new_page()
    page.set_default_timeout(10_000)
    page.goto(f"{srv.url}/t/{table['token']}/")
    values = type_scores(page)
    srv.kill()
    page.get_by_role("button", name="Save scores").click()
    banner = page.locator("#send-failed")
    banner.wait_for(state="visible", timeout=20_000)
    assert "Not saved, will retry" in banner.inner_text()
    assert in_view(page, banner)
    inputs = page.locator("input.score-input")
    assert [inputs.nth(i).input_value() for i in range(len(values))] == values
    srv.start()  # nobody taps anything: the phone sends again by itself
    expect(banner).to_contain_text("Sent.", timeout=20_000)
    assert "Saved." in banner.inner_text()
    assert page.evaluate("Object.keys(localStorage).length") == 0
    assert [e["points"] for e in stored(env, night, table)] == [sorted(map(int, values))]
    context.close()


@pytest.mark.e2e
def test_scores_kept_across_a_reload_are_stored_once_when_the_network_returns(
    server, browser, phone
):
    srv, env, night = server
    table = tables_now(env, night["event"])["tables"][1]
    context = browser.new_context(**phone)
    page = context.new_page()
    page.set_default_timeout(10_000)
    url = f"{srv.url}/t/{table['token']}/"
    page.goto(url)
    values = type_scores(page, seat=1)
    entrant = page.get_by_label("Your name").input_value()
    key = page.locator("input[name=key]").input_value()
    page.mouse.wheel(0, 2000)  # the player has scrolled down to the Save button

    context.set_offline(True)  # the hall's Wi-Fi drops
    page.get_by_role("button", name="Save scores").click()
    banner = page.locator("#send-failed")
    banner.wait_for(state="visible")
    assert "Not saved, will retry" in banner.inner_text()
    assert in_view(page, banner)

    # The Wi-Fi comes back for a moment, long enough to reload the page but not
    # to save: the scores typed before are still there, waiting to be sent.
    def no_saves(route):
        if route.request.method == "POST":
            route.abort("internetdisconnected")
        else:
            route.continue_()

    page.route("**/t/**", no_saves)
    context.set_offline(False)
    page.reload()
    banner.wait_for(state="visible")
    assert "Not saved, will retry" in banner.inner_text()
    inputs = page.locator("input.score-input")
    assert [inputs.nth(i).input_value() for i in range(len(values))] == values
    assert page.get_by_label("Your name").input_value() == entrant
    assert stored(env, night, table) == []

    page.unroute("**/t/**", no_saves)  # the network is back for good
    expect(banner).to_contain_text("Sent.", timeout=20_000)
    assert "Saved." in banner.inner_text()
    assert in_view(page, banner)
    page.reload()  # nothing is left waiting to be sent twice
    page.wait_for_timeout(1500)
    assert page.locator("#send-failed").is_hidden()
    entries = stored(env, night, table)
    assert [e["points"] for e in entries] == [sorted(map(int, values))]
    assert entries[0]["key"] == key  # sent again with the same retry key
    context.close()
