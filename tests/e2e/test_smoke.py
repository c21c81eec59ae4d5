"""The first thing a newcomer does: open the home page and sign in as a host."""

import pytest

from tests.factories import PASSWORD, UserFactory

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_host_signs_in_on_a_phone(live_server, phone_page):
    UserFactory(username="marge")
    page = phone_page
    page.goto(live_server.url)
    assert page.title() == "Host sign-in · Rookery"
    assert page.get_by_text("Scan the QR code on your table").is_visible()
    page.get_by_label("Username").fill("marge")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    page.get_by_role("heading", name="My events").wait_for()
    assert "Signed in as marge" in page.inner_text("main")
    # Phone pages never scroll sideways.
    assert page.evaluate("document.documentElement.scrollWidth <= screen.width")
