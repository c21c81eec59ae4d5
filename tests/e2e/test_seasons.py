"""A host builds a season from the browser and reads its standings."""

import pytest
from django.urls import reverse

from tests.factories import PASSWORD
from tests.tourney.test_seasons import play_night

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
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    context.close()
