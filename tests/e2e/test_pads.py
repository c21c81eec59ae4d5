"""Four people play partnership Rook to 1000 with one phone keeping score (Pixel 7)."""

import pytest
from django.urls import reverse
from openpyxl import load_workbook
from playwright.sync_api import expect

from scoring.models import Hand, Pad
from tests.factories import PASSWORD

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def enter_hand(page, *, bidder, bid, taken=None, other=None, all_tricks=None):
    form = page.locator("#entry form")
    form.get_by_label(bidder, exact=True).check()
    form.get_by_label("Bid", exact=True).fill(str(bid))
    if taken is not None:
        form.get_by_label("Points the bidding side took").fill(str(taken))
    if other is not None:
        form.get_by_label("Points the other side took").fill(str(other))
    if all_tricks:
        form.get_by_label(all_tricks, exact=True).check()
    form.get_by_role("button", name="Save hand").click()


def test_partnership_game_to_1000_on_a_phone(live_server, phone_page, host):
    page = phone_page
    page.goto(live_server.url + reverse("login"))
    page.get_by_label("Username").fill(host.username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()

    # Start the game: partners sit across, Bo deals first, the target stays 1000.
    page.goto(live_server.url + reverse("scoring:pad_list"))
    page.get_by_role("link", name="Partnership Rook", exact=True).click()
    page.get_by_label("Name of this game").fill("Kitchen table")
    for seat, name in zip((1, 3, 2, 4), ("Ann", "Cy", "Bo", "Di"), strict=True):
        page.get_by_label(f"Seat {seat}", exact=True).fill(name)
    page.get_by_label("deals first (seat 2)").check()
    assert page.get_by_label("Points to win").input_value() == "1000"
    page.get_by_role("button", name="Start the game").click()
    page.get_by_role("heading", name="Hand 1 · Bo deals").wait_for()
    page.wait_for_load_state()  # the deferred pair.js runs before "load", after the heading

    # Hand 1: the other side's points fill in as 200 minus.
    page.get_by_label("Points the bidding side took").fill("130")
    expect(page.get_by_label("Points the other side took")).to_have_value("70")
    enter_hand(page, bidder="Ann", bid=120, taken=130)
    page.get_by_text("Saved. Hand 1: Ann & Cy bid 120 and made it.").wait_for()
    page.get_by_role("heading", name="Hand 2 · Cy deals").wait_for()
    page.locator("#board .leader").get_by_text("Ann & Cy").wait_for()  # refreshed by htmx

    # Hand 2: sides' points that don't add to 200 are refused; everything typed stays.
    enter_hand(page, bidder="Bo", bid=100, taken=120, other=90)
    message = (
        "Bo & Di took 120 and Ann & Cy took 90, 210 in all: "
        "the two sides' points must add up to exactly 200"
    )
    page.locator("#err-taken").get_by_text(message).wait_for()
    assert page.locator("#err-other").get_by_text(message).is_visible()
    assert page.get_by_label("Points the other side took").input_value() == "90"
    assert page.get_by_label("Bo", exact=True).is_checked()
    assert Hand.objects.count() == 1
    assert page.evaluate("document.documentElement.scrollWidth <= screen.width")

    # Fixed, it is a set hand: Bo & Di took 90 of a 100 bid.
    page.get_by_label("Points the bidding side took").fill("90")
    page.get_by_label("Points the other side took").fill("110")
    page.locator("#entry form").get_by_role("button", name="Save hand").click()
    page.get_by_text("Hand 2: Bo & Di bid 100 and were set.").wait_for()
    page.locator("#hand-2").get_by_text("set", exact=True).wait_for()

    # Three hands taking every trick carry Ann & Cy past 1000.
    for number, bidder in ((3, "Cy"), (4, "Ann"), (5, "Cy")):
        enter_hand(page, bidder=bidder, bid=150, taken=200, all_tricks="The bidding side")
        page.get_by_text(f"Saved. Hand {number}:").wait_for()
    page.get_by_text("Ann & Cy win with 1140!").wait_for()
    assert page.get_by_role("img", name="Winner").is_visible()
    page.get_by_role("heading", name="Game over").wait_for()
    assert page.locator("#sheet tfoot").inner_text().split() == ["Total", "1140", "\u221230"]
    assert page.evaluate("document.documentElement.scrollWidth <= screen.width")
    pad = Pad.objects.get()
    assert pad.status == Pad.Status.FINISHED

    # The sheet goes home as a workbook.
    with page.expect_download() as download:
        page.get_by_role("link", name="Download .xlsx").click()
    assert download.value.suggested_filename.startswith("kitchen-table-")
    with open(download.value.path(), "rb") as saved:  # no .xlsx suffix: openpyxl needs a file
        ws = load_workbook(saved).active
    assert [ws.cell(row, 8).value for row in range(5, 10)] == [130, 110, 300, 300, 300]
    assert ws["I9"].value == "=I8+H9"
