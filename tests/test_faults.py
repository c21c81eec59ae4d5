"""A pulled plug mid-round loses nothing that was acknowledged (gunicorn, SIGKILL, SQLite WAL)."""

import json
import urllib.error
import uuid

import pytest

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
    srv = Server(env, workers=2).start()
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
            {"name": "Ann", "round": 1, "based_on": 0, "key": key, **scores_for(table)}
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
        form = {"name": "Bo", "round": 1, "based_on": 0, "key": key, **scores_for(table)}
        status, _ = phone.post(form)
        assert status == 303
        acknowledged[key] = scores_for(table)

    result = json.loads(run_django(env, CHECK.format(keys=json.dumps(list(acknowledged)))))
    assert set(result["found"]) == set(acknowledged)
    for key, fields in acknowledged.items():
        expected = {name[1:]: points for name, points in fields.items()}
        assert result["found"][key] == expected
    assert result["entries"] == len(acknowledged)  # nothing doubled


@pytest.mark.e2e
def test_a_phone_submitting_while_the_server_is_down_is_told_and_keeps_its_scores(
    server, browser, phone
):
    srv, env, night = server
    table = tables_now(env, night["event"])["tables"][0]
    context = browser.new_context(**phone)
    page = context.new_page()
    page.set_default_timeout(10_000)
    page.goto(f"{srv.url}/t/{table['token']}/")
    inputs = page.locator("input.score-input")
    values = ["0", "17", "23", "31", "12"][: inputs.count()]
    for i, value in enumerate(values):
        inputs.nth(i).fill(value)
    page.get_by_label("Your name").fill("Ann")
    srv.kill()
    page.get_by_role("button", name="Save scores").click()
    banner = page.locator("#send-failed")
    banner.wait_for(state="visible", timeout=20_000)
    assert "Not saved" in banner.inner_text()
    assert [inputs.nth(i).input_value() for i in range(len(values))] == values
    srv.start()
    page.get_by_role("button", name="Save scores").click()
    page.get_by_text("Saved.").wait_for(timeout=15_000)
    assert banner.is_hidden()
    context.close()
