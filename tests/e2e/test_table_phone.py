"""Players at a table enter, confirm and dispute scores from their phones (Pixel 7)."""

import pytest
from django.urls import reverse

from tests.factories import night
from tourney import services
from tourney.models import Entry, TableCard

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def phone_context(browser, phone):
    context = browser.new_context(**phone)
    context.set_default_timeout(20_000)
    return context, context.new_page()


def test_enter_confirm_and_dispute_from_three_phones(live_server, browser, phone, host):
    event = night(12, owner=host)
    rnd = services.seat_next_round(event)
    services.begin_round(rnd)
    table = rnd.tables.get(number=1)
    seats = list(table.seats.order_by("position").select_related("player"))
    names = [s.player.name for s in seats]
    card = TableCard.objects.get(event=event, number=1)
    link = live_server.url + reverse("table_page", args=[card.token])

    # Phone 1: two players at 0 is refused, with the message beside both names.
    ctx1, page = phone_context(browser, phone)
    page.goto(link)
    page.get_by_role("heading", name="Round 1: two sets").wait_for()
    page.get_by_role("button", name=f"Went out ({names[0]})").click()
    page.get_by_role("button", name=f"Went out ({names[1]})").click()
    page.get_by_label(names[2]).fill("25")
    page.get_by_label(names[3]).fill("40")
    page.get_by_label("Your name").select_option(label=names[2])
    page.get_by_role("button", name="Save scores").click()
    message = f"{names[0]} and {names[1]} both went out (scored 0)"
    page.locator(f"#id_p{seats[0].player_id}_error").get_by_text(message).wait_for()
    assert page.locator(f"#id_p{seats[1].player_id}_error").get_by_text(message).is_visible()
    assert page.get_by_label(names[3]).input_value() == "40"  # kept
    assert not Entry.objects.exists()
    assert page.evaluate("document.documentElement.scrollWidth <= screen.width")

    # Fix it with "count my hand": 5 + 9 + Rook = 34.
    row = page.locator(".score-row").filter(has=page.get_by_label(names[1], exact=True))
    row.get_by_text("Count my hand").click()
    for key in ("5", "9", "Rook"):
        row.get_by_role("button", name=key, exact=True).click()
    row.get_by_role("button", name="Use 34").click()
    assert page.get_by_label(names[1]).input_value() == "34"
    page.get_by_role("button", name="Save scores").click()
    page.get_by_text("Saved. Ask another player at the table to confirm.").wait_for()
    saved = page.locator(".saved-scores").inner_text()
    assert "34" in saved and "25" in saved and "40" in saved
    assert f"Entered by {names[2]}" in page.locator(".saved").inner_text()

    # Phone 2 confirms.
    ctx2, page2 = phone_context(browser, phone)
    page2.goto(link)
    page2.locator("#confirm-player").select_option(label=names[3])
    page2.get_by_role("button", name="Confirm these scores").click()
    page2.get_by_text(f"confirmed by {names[3]}").wait_for()
    # Phone 1 sees the confirmation without a reload (polling).
    page.get_by_text(f"confirmed by {names[3]}").wait_for(timeout=20_000)

    # Phone 3 sends different scores: kept as a dispute, the saved ones stay.
    ctx3, page3 = phone_context(browser, phone)
    page3.goto(link)
    page3.get_by_text("Scores wrong? Enter them as you see them").click()
    page3.get_by_label(names[0]).fill("0")
    page3.get_by_label(names[1]).fill("44")
    page3.get_by_label(names[2]).fill("25")
    page3.get_by_label(names[3]).fill("40")
    page3.locator(".score-form").get_by_label("Your name").select_option(label=names[0])
    page3.get_by_role("button", name="Save scores").click()
    page3.get_by_text("kept as a dispute for the host").wait_for()
    assert table.entries.get(state="current").confirmed_by == names[3]

    # The host sees the dispute and both versions side by side.
    ctx4 = browser.new_context(viewport={"width": 1280, "height": 900})
    host_page = ctx4.new_page()
    host_page.goto(live_server.url + reverse("login"))
    host_page.get_by_label("Username").fill(host.username)
    host_page.get_by_label("Password").fill("a-test-password-1")
    host_page.get_by_role("button", name="Sign in").click()
    host_page.goto(live_server.url + reverse("round_detail", args=[event.slug, 1]))
    host_page.get_by_role("link", name="Settle dispute for table 1").click()
    versions = host_page.locator("table.versions")
    assert "34" in versions.inner_text() and "44" in versions.inner_text()
    for ctx in (ctx1, ctx2, ctx3, ctx4):
        ctx.close()
