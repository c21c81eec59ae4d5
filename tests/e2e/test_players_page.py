"""The players page in a real Chromium: one Tab from the names box to "Add players",
tick all on the roster list, "Tim" beside "Tom", and check everyone in."""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.e2e.test_accessibility import AXE, RUN_AXE
from tests.e2e.test_host_night import sign_in
from tests.factories import EventFactory, UserFactory
from tourney import services
from tourney.models import Player

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

ROSTER = [f"Member {chr(65 + i)}{chr(97 + i)}" for i in range(26)]  # "Member Aa" ... "Member Zz"


def players_page(live_server, browser, *, size=None):
    host = UserFactory(username="marge")
    last_week = EventFactory(owner=host, name="Last week")
    services.add_players(last_week, ROSTER)
    event = EventFactory(owner=host, name="Friday Rook")
    context = browser.new_context(**(size or {"viewport": {"width": 1280, "height": 900}}))
    context.add_init_script(AXE.read_text(encoding="utf-8"))
    page = context.new_page()
    page.set_default_timeout(20_000)
    sign_in(page, live_server.url, "marge")
    page.goto(live_server.url + reverse("player_list", args=[event.slug]))
    return event, context, page


def test_one_tab_from_the_names_box_to_add_players(live_server, browser):
    event, context, page = players_page(live_server, browser)
    names = page.get_by_label("Names, one per line")
    names.focus()
    names.fill("Tess\nUma")
    page.keyboard.press("Tab")
    expect(page.get_by_role("button", name="Add players", exact=True)).to_be_focused()
    page.keyboard.press("Enter")
    page.get_by_text("Added 2 players.").wait_for()
    assert sorted(event.players.values_list("name", flat=True)) == ["Tess", "Uma"]
    context.close()


def test_tick_all_ticks_every_roster_box_and_adds_the_ticked(live_server, browser, phone):
    event, context, page = players_page(live_server, browser, size=phone)
    tick_all = page.get_by_label("Tick all 26: everyone below")
    boxes = page.locator(".roster-choices input[type=checkbox]")
    expect(boxes).to_have_count(26)
    assert tick_all.bounding_box()["height"] >= 20
    assert page.locator(".roster-pick .tick-all").bounding_box()["height"] >= 44
    tick_all.check()
    assert boxes.evaluate_all("els => els.every(e => e.checked)")
    # Untick one: "tick all" no longer says all.
    page.get_by_label("Member Cc").uncheck()
    expect(tick_all).not_to_be_checked()
    assert tick_all.evaluate("e => e.indeterminate")
    page.get_by_role("button", name="Add ticked players").click()
    page.get_by_text("Added 25 players.").wait_for()
    added = set(event.players.values_list("name", flat=True))
    assert added == set(ROSTER) - {"Member Cc"}
    # Only Member Cc is left to pick; tick all again ticks just them.
    page.get_by_label("Tick all 1: everyone below").check()
    expect(page.get_by_label("Member Cc")).to_be_checked()
    # Sent back with a question to answer, the page still shows them ticked.
    page.get_by_label("Names, one per line").fill("Member Ab")
    page.get_by_role("button", name="Add players", exact=True).click()
    page.get_by_text("“Member Ab”: someone else, or Member Aa").wait_for()
    expect(page.get_by_label("Tick all 1: everyone below")).to_be_checked()
    expect(page.get_by_label("Member Cc")).to_be_checked()
    page.get_by_label("Someone else: add “Member Ab” too").check()
    page.get_by_role("button", name="Add players", exact=True).click()
    page.get_by_text("Added 2 players.").wait_for()
    assert event.players.filter(name__in=["Member Ab", "Member Cc"]).count() == 2
    assert page.evaluate("document.documentElement.scrollWidth <= screen.width")
    context.close()


def test_tim_beside_tom_is_added_with_a_note(live_server, browser):
    event, context, page = players_page(live_server, browser)
    services.add_players(event, ["Tom"])
    page.reload()
    page.get_by_label("Names, one per line").fill("Tim")
    page.get_by_role("button", name="Add players", exact=True).click()
    page.get_by_text("Added 1 player.").wait_for()
    expect(page.get_by_text("“Tim” added as typed: Tom is also playing tonight.")).to_be_visible()
    assert sorted(event.players.values_list("name", flat=True)) == ["Tim", "Tom"]
    context.close()


def test_check_everyone_in_leaves_the_absent_as_marked(live_server, browser, phone):
    event, context, page = players_page(live_server, browser, size=phone)
    services.add_players(event, ["Ann", "Bo", "Cy"], status=Player.Status.REGISTERED)
    services.add_players(event, ["Ed"], status=Player.Status.ABSENT)
    services.add_players(event, ["Gus Møller"])
    page.reload()
    # A close spelling of a player tonight is asked about; axe finds nothing on the
    # page with both buttons, the question and the roster list.
    page.get_by_label("Names, one per line").fill("Gus Moller")
    page.get_by_role("button", name="Add players", exact=True).click()
    page.get_by_text("“Gus Moller”: someone else, or Gus Møller").wait_for()
    assert page.evaluate(RUN_AXE) == []
    button = page.get_by_role("button", name="Check everyone in (3 expected)")
    assert button.bounding_box()["height"] >= 44
    button.click()
    page.get_by_text("Checked in 3 players.").wait_for()
    expect(page.get_by_text("Not checked in, as you marked them: Ed (absent).")).to_be_visible()
    expect(page.get_by_text("4 checked in of 5.")).to_be_visible()
    expect(page.get_by_role("button", name="Check everyone in")).to_have_count(0)
    assert page.evaluate(RUN_AXE) == []
    context.close()
