"""A host creates an event, adds players and starts round 1, in a real Chromium."""

import pytest
from playwright.sync_api import expect

from tests.factories import PASSWORD, UserFactory

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def sign_in(page, base_url, username):
    page.goto(f"{base_url}/accounts/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    page.get_by_role("heading", name="My events").wait_for()


def test_create_event_add_players_and_start_round_one(live_server, browser):
    UserFactory(username="marge")
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.set_default_timeout(20_000)
    sign_in(page, live_server.url, "marge")
    page.get_by_text("No events yet.").wait_for()
    page.get_by_role("link", name="New event").click()
    page.get_by_label("Name", exact=True).fill("Church hall Rook night")
    # Only the chosen game's house rules are shown.
    expect(page.get_by_text("Toonerville Rook: house rules")).to_be_visible()
    expect(page.get_by_text("Rook Shanghai: house rules")).to_be_hidden()
    page.get_by_label("Game").select_option("shanghai")
    expect(page.get_by_text("Rook Shanghai: house rules")).to_be_visible()
    page.get_by_label("Game").select_option("toonerville")
    page.get_by_role("button", name="Create event").click()

    page.get_by_role("heading", name="Players", exact=True).wait_for()
    names = "\n".join(
        ["Ann", "Bo", "Cy", "Dee", "Ed", "Flo", "Gus", "Hal", "Ida", "Jo", "Kay", "Lu", "Mo"]
    )
    page.get_by_label("Names, one per line").fill(names + "\nann")
    page.get_by_role("button", name="Add players").click()
    page.get_by_text("“ann” is in the list twice").wait_for()
    assert page.get_by_label("Names, one per line").input_value().endswith("ann")
    page.get_by_label("Names, one per line").fill(names)
    page.get_by_role("button", name="Add players").click()
    page.get_by_text("Added 13 players.").wait_for()

    # Mark one absent with htmx, then check her in again.
    page.get_by_role("button", name="Absent Mo").click()
    page.locator(".status-absent", has_text="Mo").wait_for()
    page.get_by_role("button", name="Check in Mo").click()
    page.get_by_text("13 checked in of 13").wait_for()

    page.get_by_role("link", name="← Church hall Rook night").click()
    page.get_by_role("button", name="Seat round 1").click()
    page.get_by_role("heading", name="Round 1 of 11").wait_for()
    assert page.locator(".table-card").count() == 3
    page.get_by_role("button", name="Start play for round 1").click()
    page.get_by_text("Round 1 has started").wait_for()
    assert page.locator(".badge", has_text="Waiting").count() == 3
    context.close()
