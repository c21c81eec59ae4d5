"""Issue 26's small things a player or host sees, measured in Chromium: the offline
banner, names in line with their numbers, the 5-player pad on a small phone."""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.factories import night
from tourney import services
from tourney.models import Entry, TableCard

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_the_offline_banner_sits_above_the_heading_and_drops_try_now_once_sent(
    live_server, browser, phone, host
):
    event = night(8, owner=host)
    rnd = services.seat_next_round(event)
    services.begin_round(rnd)
    table = rnd.tables.get(number=1)
    names = [s.player.name for s in table.seats.order_by("position").select_related("player")]
    card = TableCard.objects.get(event=event, number=1)
    context = browser.new_context(**phone)
    context.set_default_timeout(20_000)
    page = context.new_page()
    page.goto(live_server.url + reverse("table_page", args=[card.token]))
    heading = page.get_by_role("heading", name="Round 1: two sets")
    for name, points in zip(names, ("0", "25", "40", "35"), strict=False):
        page.get_by_label(name, exact=True).fill(points)
    page.get_by_label("Your name").select_option(label=names[0])

    def no_saves(route):
        if route.request.method == "POST":
            route.abort("internetdisconnected")
        else:
            route.continue_()

    page.route("**/t/**", no_saves)
    page.get_by_role("button", name="Save scores").click()
    banner = page.locator("#send-failed")
    expect(banner).to_contain_text("Not saved, will retry")
    retry = banner.get_by_role("button", name="Try now")
    expect(retry).to_be_visible()
    # The banner takes its own room at the top: the heading is below it, not under it.
    page.evaluate("window.scrollTo(0, 0)")
    assert (
        heading.bounding_box()["y"] >= banner.bounding_box()["y"] + banner.bounding_box()["height"]
    )
    box = heading.bounding_box()
    assert heading.evaluate(
        "(h, [x, y]) => h.contains(document.elementFromPoint(x, y))",
        [box["x"] + 4, box["y"] + box["height"] / 2],
    ), "something covers the heading"

    page.unroute("**/t/**", no_saves)
    retry.click()
    expect(banner).to_contain_text("Sent.")
    expect(banner).to_contain_text("Saved.")
    expect(retry).to_be_hidden()
    assert Entry.objects.filter(table=table).count() == 1
    context.close()
