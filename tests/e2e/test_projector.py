"""The projector board updates itself within seconds of a score being saved."""

import pytest
from django.urls import reverse

from tests.factories import PASSWORD, night, valid_points
from tourney import services

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_projector_updates_after_a_score_is_saved(live_server, browser, host, settings):
    settings.ROOKERY_POLL_SECONDS = 1
    event = night(12, owner=host)
    rnd = services.seat_next_round(event)
    services.begin_round(rnd)
    context = browser.new_context(viewport={"width": 1920, "height": 1080})
    page = context.new_page()
    page.set_default_timeout(20_000)
    page.goto(live_server.url + reverse("login"))
    page.get_by_label("Username").fill(host.username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    page.goto(live_server.url + reverse("projector", args=[event.slug]))
    page.get_by_text("0 of 3").wait_for()
    totals = page.locator(".b-total").all_inner_texts()
    assert totals == ["0"] * 12  # everyone seated, nothing entered yet
    # No controls and no scrollbars on the TV.
    assert page.locator("button, input, select").count() == 0
    assert page.evaluate(
        "document.documentElement.scrollHeight <= window.innerHeight"
        " && document.documentElement.scrollWidth <= screen.width"
    )

    table = rnd.tables.get(number=1)
    services.submit_scores(table, valid_points(table, base=30), entered_by="Ann")
    page.get_by_text("1 of 3").wait_for(timeout=15_000)
    # Round 1's scores are still coming in: the board ranks nobody on a part of a round.
    assert "Round 1's scores are coming in" in page.locator(".board-status").inner_text()
    assert page.locator(".b-total").all_inner_texts() == ["0"] * 12
    services.close_round(rnd, fill_empty_tables=True)
    page.get_by_text("Standings after 1 of 11 rounds").wait_for(timeout=15_000)
    # The player who went out now leads (the others have scores or fill-ins).
    leader = table.seats.get(position=0).player.name
    first = page.locator(".board-row").first
    assert leader in first.inner_text()
    assert "=" not in first.locator(".b-place").inner_text()
    context.close()
