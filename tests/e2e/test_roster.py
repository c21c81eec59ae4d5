"""A host imports a roster on a phone, checks the preview, then adds a close-spelled name
to a night and answers "the same person"."""

import pytest
from playwright.sync_api import expect

from tests.factories import PASSWORD, EventFactory
from tourney.models import Person, Player

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def no_sideways_scroll(page):
    assert page.evaluate("document.documentElement.scrollWidth <= screen.width")


def test_import_preview_confirm_then_same_person_question(live_server, browser, phone, host):
    Person.objects.create(owner=host, name="Ann Whitaker")
    event = EventFactory(owner=host, name="Friday Rook")
    context = browser.new_context(**phone)
    page = context.new_page()
    page.set_default_timeout(20_000)
    page.goto(f"{live_server.url}/accounts/login/")
    page.get_by_label("Username").fill(host.username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    page.get_by_role("heading", name="My events").wait_for()

    page.get_by_role("link", name="Players", exact=True).click()
    page.get_by_role("link", name="Import a list").click()
    page.get_by_role("heading", name="Import players").wait_for()
    no_sideways_scroll(page)
    page.get_by_label("…or upload a .csv or .xlsx file").set_input_files(
        {
            "name": "club.csv",
            "mimeType": "text/csv",
            "buffer": b"Name,E-mail\nann whitaker,ann@x.org\nJon Smith,\nJohn Smith,\n",
        }
    )
    page.get_by_role("button", name="Preview").click()
    page.get_by_role("heading", name="Check the import").wait_for()
    expect(page.get_by_text("email will be filled in: ann@x.org")).to_be_visible()
    expect(page.locator(".preview-row.new")).to_have_count(2)
    no_sideways_scroll(page)
    page.get_by_role("button", name="Add 2 people, update 1").click()
    page.get_by_text("Imported: 2 added, 1 matched, 1 with contact filled in.").wait_for()
    assert Person.objects.get(owner=host, name="Ann Whitaker").email == "ann@x.org"
    assert page.get_by_label("Email (optional)").bounding_box()["height"] >= 44

    page.goto(f"{live_server.url}/people/import/")
    page.get_by_label("Paste names (one per line: name, email, phone)").fill("Ann Whitakr")
    page.get_by_role("button", name="Preview").click()
    page.get_by_text("“Ann Whitakr” is a close spelling of “Ann Whitaker”.").wait_for()
    for option in page.locator(".same-person label").all():
        assert option.bounding_box()["height"] >= 44
    no_sideways_scroll(page)

    page.goto(f"{live_server.url}/events/{event.slug}/players/")
    page.get_by_label("Names, one per line").fill("Anne Whitaker\nNew Ned")
    page.get_by_role("button", name="Add players").click()
    page.get_by_text("“Anne Whitaker”: the same Ann Whitaker as before?").wait_for()
    no_sideways_scroll(page)
    choice = page.get_by_label("Yes, the same Ann Whitaker")
    box = choice.locator("xpath=..").bounding_box()
    assert box["height"] >= 44
    choice.check()
    page.get_by_role("button", name="Add players").click()
    page.get_by_text("Added 2 players.").wait_for()
    ann = Person.objects.get(owner=host, name="Ann Whitaker")
    assert Player.objects.get(event=event, person=ann).name == "Ann Whitaker"
    assert event.players.count() == 2
    context.close()
