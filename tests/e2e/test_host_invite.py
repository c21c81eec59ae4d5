"""A new host opens a site admin's invitation on their phone, makes their account and
lands on an empty club (Pixel 7)."""

import pytest

from tests.factories import UserFactory
from tourney.accounts.invites import issue_invite
from tourney.models import HostInvite

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def no_sideways_scroll(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= screen.width")


def test_a_new_host_accepts_an_invitation_on_a_phone(live_server, phone_page):
    admin = UserFactory(username="siteadmin", is_superuser=True)
    link = issue_invite(made_by=admin, club_name="Tuesday Rook", base=live_server.url)
    page = phone_page
    page.goto(link)
    page.get_by_role("heading", name="Join Rookery as a host").wait_for()
    assert page.get_by_label("Club name").input_value() == "Tuesday Rook"
    assert no_sideways_scroll(page)
    page.get_by_label("Username").fill("nina")
    page.get_by_label("Club name").fill("Nina's Rook Club")
    page.get_by_label("Password", exact=True).fill("short")
    page.get_by_label("Password confirmation").fill("short")
    button = page.get_by_role("button", name="Make my host account")
    box = button.bounding_box()
    assert box["height"] >= 44
    button.click()
    page.get_by_text("This password is too short.").wait_for()
    assert page.get_by_label("Username").input_value() == "nina"
    assert no_sideways_scroll(page)
    page.get_by_label("Password", exact=True).fill("a-fresh-rook-password-9")
    page.get_by_label("Password confirmation").fill("a-fresh-rook-password-9")
    page.get_by_role("button", name="Make my host account").click()
    page.get_by_role("heading", name="My events").wait_for()
    assert "No events yet." in page.inner_text("main")
    assert page.get_by_role("link", name="Account: Nina's Rook Club").is_visible()
    assert no_sideways_scroll(page)
    assert HostInvite.objects.get().host.username == "nina"
    # The link is spent: opening it again says so.
    page.goto(link)
    page.get_by_role("heading", name="This invitation can't be used").wait_for()
