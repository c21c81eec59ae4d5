"""Bringing a helper in a real Chromium: the host makes a desk invite on the Team page,
a helper's phone (Pixel 7) opens it, gives a name, sets a password and works the
desk; the host revokes the role and the phone's next tap is refused."""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.e2e.test_host_night import sign_in
from tests.factories import UserFactory, night
from tourney import services
from tourney.models import Role

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def no_sideways_scroll(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= screen.width")


def test_a_helper_accepts_a_desk_invite_on_a_phone_and_loses_it_when_revoked(
    live_server, browser, phone
):
    event = night(8, owner=UserFactory(username="marge"), name="Friday Rook")
    services.seat_next_round(event)

    # The host, on their own phone too: the event page leads to the Team page.
    host = browser.new_context(**phone).new_page()
    host.set_default_timeout(20_000)
    sign_in(host, live_server.url, "marge")
    host.goto(live_server.url + event.get_absolute_url())
    host.get_by_role("link", name="Team: bring helpers").click()
    host.get_by_role("heading", name="Team", exact=True).wait_for()
    desk = host.locator("label", has=host.get_by_label("Desk"))
    assert desk.bounding_box()["height"] >= 44
    host.get_by_label("Desk").check()
    assert host.get_by_label("For").input_value() == event.slug  # this night, preselected
    host.get_by_role("button", name="Make an invite QR code").click()
    qr = host.locator(".invite-qr svg")
    qr.wait_for()
    assert qr.bounding_box()["width"] >= 150  # big enough to scan from the screen
    link = host.locator(".invite-url a").inner_text()
    assert no_sideways_scroll(host)

    # The helper's phone scans it.
    helper = browser.new_context(**phone).new_page()
    helper.set_default_timeout(20_000)
    helper.goto(link)
    helper.get_by_role("heading", name="Help run Friday Rook").wait_for()
    join = helper.get_by_role("button", name="Join as Desk")
    assert join.bounding_box()["height"] >= 44
    assert helper.get_by_label("Your name").bounding_box()["height"] >= 44
    assert no_sideways_scroll(helper)
    helper.get_by_label("Your name").fill("Ann Whitaker")
    join.click()

    helper.get_by_role("heading", name="Set a password to come back").wait_for()
    assert "sign in as ann-whitaker" in helper.locator("main").inner_text()
    assert no_sideways_scroll(helper)
    helper.get_by_label("New password", exact=True).fill("rook-night-4ever")
    helper.get_by_label("New password confirmation").fill("rook-night-4ever")
    save = helper.get_by_role("button", name="Set password")
    assert save.bounding_box()["height"] >= 44
    save.click()

    # On the night's page with the desk's buttons and without the co-host's.
    helper.get_by_role("heading", name="Friday Rook").wait_for()
    players = helper.get_by_role("link", name="Players (8 checked in of 8)")
    assert players.bounding_box()["height"] >= 44
    assert helper.get_by_role("link", name="Seating rules").count() == 0
    assert helper.get_by_role("link", name="Delete…").count() == 0
    assert no_sideways_scroll(helper)
    players.click()
    helper.wait_for_url("**/players/")
    assert "Players" in helper.locator("h1").inner_text()

    # The host sees Ann on the team and revokes her.
    host.goto(live_server.url + reverse("team"))
    assert "Ann Whitaker" in host.locator(".team-list").inner_text()
    assert no_sideways_scroll(host)
    revoke = host.get_by_role("button", name="Revoke Ann Whitaker")
    assert revoke.bounding_box()["height"] >= 44
    revoke.click()
    host.get_by_text("Ann Whitaker is no longer desk for Friday Rook").wait_for()
    assert Role.objects.get().revoked_at is not None

    # Ann's very next tap is refused, saying what happened.
    helper.reload()
    helper.get_by_role("heading", name="Not for your role").wait_for()
    expect(helper.get_by_role("alert")).to_contain_text("was taken back by marge")
