"""A table scored with the keyboard alone: Tab from the first field, Enter to save,
focus on the reasons after a refusal, and another player's confirmation."""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.e2e.demo import build_night
from tourney.models import Entry, TableCard

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

FOCUSED = "() => document.activeElement.id || document.activeElement.textContent.trim()"


def tab_to(page, element_id: str, *, limit: int = 40, back: bool = False) -> int:
    """Press Tab (or Shift+Tab) until the element with this id has focus; the presses it took."""
    for presses in range(1, limit + 1):
        page.keyboard.press("Shift+Tab" if back else "Tab")
        if page.evaluate("() => document.activeElement.id") == element_id:
            return presses
    raise AssertionError(f"Tab never reached #{element_id}; focus is on {page.evaluate(FOCUSED)}")


def test_score_and_confirm_a_table_with_the_keyboard_alone(live_server, browser, phone):
    _host, event, _family = build_night()
    rnd = event.rounds.get(number=4)
    table = rnd.tables.get(number=3)
    card = TableCard.objects.get(event=event, number=3)
    link = live_server.url + reverse("table_page", args=[card.token])

    context = browser.new_context(**phone)
    page = context.new_page()
    page.set_default_timeout(20_000)
    page.goto(link)
    page.locator("form.score-form").wait_for()
    # The players in the order the form lists them.
    fields = page.locator("input.score-input").evaluate_all("els => els.map(e => e.id)")
    names = [page.locator(f"label[for={f}]").inner_text() for f in fields]
    player_ids = [int(f.removeprefix("id_p")) for f in fields]

    # From the top of the page to the first score, then each score in turn:
    # past each row's "Went out" and "Count my hand", two presses each.
    assert tab_to(page, fields[0]) <= 3
    typed = ["0", "0"] + [str(20 + i) for i in range(len(fields) - 2)]
    page.keyboard.type(typed[0])
    for field, value in zip(fields[1:], typed[1:], strict=True):
        assert tab_to(page, field, limit=3) == 3
        page.keyboard.type(value)
    tab_to(page, "id_entrant", limit=3)
    page.keyboard.type(names[2])

    # Enter in a score box (a phone's Go key) saves; two players at 0 is refused,
    # and focus lands on the summary of what to fix.
    assert tab_to(page, fields[-1], back=True, limit=3) == 3
    page.keyboard.press("Enter")
    summary = page.locator("#score-errors")
    expect(summary).to_be_focused()
    expect(summary).to_contain_text("Not saved.")
    both = f"{names[0]} and {names[1]} both went out"
    expect(page.locator(f"#{fields[0]}_error")).to_contain_text(both)
    assert not Entry.objects.filter(table=table).exists()
    for field, value in zip(fields, typed, strict=True):  # Enter pressed no "Went out"
        assert page.locator(f"#{field}").input_value() == value

    # Onward from the summary: the first score, then the second, corrected; Enter saves.
    assert tab_to(page, fields[0], limit=1) == 1
    tab_to(page, fields[1], limit=3)
    page.keyboard.press("Control+A")
    page.keyboard.type("34")
    page.keyboard.press("Enter")
    page.get_by_text("Saved. Ask another player at the table to confirm.").wait_for()
    entry = Entry.objects.get(table=table, state="current")
    assert entry.points_by_player() == {
        pid: int(v) for pid, v in zip(player_ids, ["0", "34", *typed[2:]], strict=True)
    }

    # Another player confirms from their own phone, keyboard only.
    other = browser.new_context(**phone)
    page2 = other.new_page()
    page2.set_default_timeout(20_000)
    page2.goto(link)
    tab_to(page2, "confirm-player")
    page2.keyboard.type(names[3])  # a closed list picks the name typed
    assert page2.locator("#confirm-player option:checked").inner_text() == names[3]
    page2.keyboard.press("Tab")  # on to "Confirm these scores"
    page2.keyboard.press("Enter")
    page2.get_by_text(f"confirmed by {names[3]}").wait_for()
    entry.refresh_from_db()
    assert entry.confirmed_by == names[3]
    context.close()
    other.close()
