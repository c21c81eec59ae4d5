"""The Activity page on a phone (issue 28, item 3): readable without sideways scrolling,
big enough targets to filter by person and table."""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.factories import PASSWORD, UserFactory, night
from tourney import services

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_activity_reads_on_a_phone_and_filters_by_person(live_server, browser, phone):
    host = UserFactory(username="host")
    event = night(12, owner=host)
    by = services.Actor.account(host)
    rnd = services.seat_next_round(event, by=by)
    services.begin_round(rnd, by=by)
    table = rnd.tables.get(number=2)
    seats = list(table.seats.order_by("position"))
    ann = seats[0].player
    points = {s.player_id: 0 if i == 0 else 10 + i for i, s in enumerate(seats)}
    services.submit_scores(table, points, entered_by_player=ann, device="a" * 32)
    context = browser.new_context(**phone)
    page = context.new_page()
    page.set_default_timeout(20_000)
    page.goto(live_server.url + reverse("login"))
    page.get_by_label("Username").fill("host")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_label("Password").press("Enter")
    page.get_by_role("heading", name="My events").wait_for()
    page.goto(live_server.url + reverse("event_activity", args=[event.slug]))
    rows = page.locator(".activity-row")
    expect(rows).to_have_count(3)
    expect(rows.first).to_contain_text(f"{ann.name} on table 2's phone")
    wide = page.evaluate("() => document.documentElement.scrollWidth > screen.width")
    assert not wide, "the page scrolls sideways on a phone"
    person = page.get_by_label("Person")
    assert person.bounding_box()["height"] >= 44
    person.select_option(label=ann.name)
    page.get_by_role("button", name="Show").press("Enter")
    expect(rows).to_have_count(1)
    expect(rows.first).to_contain_text("Round 1, table 2: scores entered")
    context.close()
