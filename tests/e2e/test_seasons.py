"""A host builds a season from the browser and reads its standings."""

import pytest
from django.core.management import call_command
from django.urls import reverse

from tests.e2e.demo import sign_in
from tests.factories import PASSWORD, UserFactory
from tests.tourney.club.test_seasons import play_night
from tourney.models import Season

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_host_creates_a_season_links_four_nights_and_sees_the_standings(live_server, browser, host):
    nights = [
        play_night(host, ["Ann", "Bo", "Cy", "Di"], day=1),
        play_night(host, ["Bo", "Ann", "Cy"], day=8),
        play_night(host, ["Cy", "Di", "Ann", "Bo"], day=15, game="shanghai"),
        play_night(host, ["Di", "Ann", "Bo", "Cy"], day=22, tied=("Bo",)),
    ]
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.set_default_timeout(20_000)
    page.goto(live_server.url + reverse("login"))
    page.get_by_label("Username").fill(host.username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    page.get_by_role("navigation", name="Main").get_by_role("link", name="Seasons").click()
    page.get_by_text("No seasons yet.").wait_for()
    page.get_by_label("Name").fill("Autumn 2026")
    page.get_by_label("Standing method").select_option("best_of")
    page.get_by_label("Best N").fill("3")
    page.get_by_role("button", name="Create season").click()
    page.get_by_text("“Autumn 2026” is ready.").wait_for()
    assert page.get_by_text("No finished nights yet.").is_visible()
    for event in nights:
        page.get_by_label("Add a night").select_option(str(event.pk))
        page.get_by_role("button", name="Add to the season").click()
        page.get_by_text(f"“{event.name}” is now a night of Autumn 2026").wait_for()
    rows = page.locator("table.season-standings tbody tr")
    assert rows.count() == 4
    # Best 3 of 4: Ann 1+2+2, Bo 1+2+2, Di 1+2+4(missed, filled), Cy 1+3+3.
    # Ann and Bo level on 5, 4 nights, best 1: they share first.
    firsts = [rows.nth(i).locator("td").first.inner_text() for i in range(4)]
    names = [rows.nth(i).locator("td").nth(1).inner_text() for i in range(4)]
    totals = [rows.nth(i).locator("td").last.inner_text() for i in range(4)]
    assert list(zip(firsts, names, totals, strict=True)) == [
        ("=1", "Ann", "5"),
        ("=1", "Bo", "5"),
        ("3", "Cy", "7"),
        ("4", "Di", "7"),
    ]
    assert page.get_by_text("Only each player's 3 best places count").first.is_visible()
    assert page.evaluate("document.documentElement.scrollWidth <= screen.width")
    context.close()


NO_SIDEWAYS_SCROLL = "document.documentElement.scrollWidth <= screen.width"


def test_the_demo_season_fits_a_phone_and_the_projector_shows_its_method(
    live_server, browser, phone
):
    """At Pixel 7 the page was 504 px wide: the nights' "Take out" buttons' hidden words
    sat outside their table's scrolling box. At 1920 x 1080 the method line under the
    board was cut off by a full page of rows."""
    UserFactory(username="host")
    call_command("load_demo", verbosity=0)
    season = Season.objects.get(slug="autumn-2026")
    context = browser.new_context(**phone)
    page = context.new_page()
    page.set_default_timeout(20_000)
    sign_in(page, live_server.url)
    page.goto(live_server.url + season.get_absolute_url())
    assert page.evaluate("window.innerWidth") == 412
    assert page.evaluate(NO_SIDEWAYS_SCROLL)
    # The wide standings scroll in their own box, which a keyboard can reach.
    standings = page.get_by_role("region", name="Season standings")
    assert standings.get_attribute("tabindex") == "0"
    assert standings.evaluate("el => el.scrollWidth > el.clientWidth")
    # Each night's state and its "Take out" button are in view without scrolling.
    buttons = page.locator("table.season-nights button")
    assert buttons.count() == 5
    for i in range(buttons.count()):
        box = buttons.nth(i).bounding_box()
        assert box["x"] + box["width"] <= 412 and box["height"] >= 44
    context.close()

    context = browser.new_context(viewport={"width": 1920, "height": 1080})
    page = context.new_page()
    page.set_default_timeout(20_000)
    sign_in(page, live_server.url)
    page.goto(live_server.url + reverse("season_projector", args=[season.slug]))
    note = page.locator("#board .board-note")
    assert note.inner_text().startswith("Total of places")
    box = note.bounding_box()
    assert box["y"] >= 0 and box["y"] + box["height"] <= 1080
    assert page.locator(".board-row:not([hidden])").count() >= 8
    context.close()
