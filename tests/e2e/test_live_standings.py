"""The night's live page on a phone (Pixel 7) updates itself after a table's scores are
saved and confirmed, and marks the phone's own player once they confirmed."""

import pytest
from django.urls import reverse

from tests.factories import night, valid_points
from tourney import services
from tourney.models import TableCard

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_the_live_page_updates_after_a_tables_scores_are_confirmed(
    live_server, browser, phone, settings
):
    settings.ROOKERY_LIVE_POLL_SECONDS = 1
    event = night(8, rounds_planned=2, min_table_size=4, max_table_size=4)
    rnd = services.seat_next_round(event)
    services.begin_round(rnd)
    table = rnd.tables.get(number=1)
    confirmer = table.seats.get(position=2)
    context = browser.new_context(**phone)
    live = context.new_page()
    live.set_default_timeout(20_000)
    live.goto(live_server.url + reverse("live_standings", args=[event.live_token]))
    live.get_by_text("0 of 2").wait_for()
    assert live.locator("#your-night").count() == 0  # this phone is nobody yet

    services.submit_scores(table, valid_points(table, base=30), entered_by="x", device="a" * 32)
    live.get_by_text("1 of 2").wait_for(timeout=15_000)
    line = live.locator(".live-table", has_text="Table 1")
    assert "0★" in line.inner_text() and "32" in line.inner_text()

    # A player confirms the scores at the table on this same phone.
    tables = context.new_page()
    tables.set_default_timeout(20_000)
    card = TableCard.objects.get(event=event, number=1)
    tables.goto(live_server.url + reverse("table_page", args=[card.token]))
    tables.get_by_label("Who is confirming?").select_option(label=confirmer.player.name)
    tables.get_by_role("button", name="Confirm these scores").click()
    tables.get_by_text("Confirmed. Thank you!").wait_for()

    # The live page refreshes by itself: their row is marked, with their seat.
    mine = live.locator("tr.you")
    mine.wait_for(timeout=15_000)
    assert confirmer.player.name in mine.inner_text()
    card_text = live.locator("#your-night").inner_text()
    assert f"table 1, seat {confirmer.seat_number}" in card_text

    # The round closes: the standings count it.
    other = rnd.tables.get(number=2)
    services.submit_scores(other, valid_points(other), entered_by="x")
    services.close_round(rnd)
    live.get_by_text("Standings after 1 of 2 rounds").wait_for(timeout=15_000)
    assert live.locator("tr.you .num").last.inner_text() == str(30 + 2)
    # A phone page: nothing scrolls sideways.
    assert live.evaluate("document.documentElement.scrollWidth <= screen.width")
    context.close()
