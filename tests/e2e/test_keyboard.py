"""A table scored with the keyboard alone: Tab from the first field, Enter to save,
focus on the reasons after a refusal, and another player's confirmation. And the
host's live pages: focus stays put across the monitor's polls, check-ins and a sort."""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.e2e.demo import build_night, sign_in
from tests.factories import valid_points
from tourney import services
from tourney.models import Entry, Player, TableCard

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


# The host's live pages (issue 26): polling, check-ins and sorting keep focus -----------

POLL = 1  # seconds between the live pages' polls in these tests (5 in a real room)


def host_page(browser, live_server, **options):
    context = browser.new_context(**(options or {"viewport": {"width": 1366, "height": 768}}))
    page = context.new_page()
    page.set_default_timeout(20_000)
    sign_in(page, live_server.url)
    return context, page


def tab_to_text(page, text: str, *, limit: int = 60) -> None:
    """Press Tab until the focused element's text (visually hidden words too) is ``text``."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement.textContent.trim()") == text:
            page.evaluate("() => { window.focusedBefore = document.activeElement; }")
            return
    raise AssertionError(f"Tab never reached {text!r}; focus is on {page.evaluate(FOCUSED)}")


def same_element_focused(page) -> bool:
    return page.evaluate("() => document.activeElement === window.focusedBefore")


def polls_of(page, path: str) -> list[int]:
    """The statuses of the page's polls of ``path`` (requests carrying its stamp)."""
    statuses: list[int] = []
    page.on(
        "response",
        lambda r: statuses.append(r.status) if path in r.url and "since=" in r.url else None,
    )
    return statuses


def wait_for_polls(page, statuses: list[int], count: int) -> None:
    for _ in range(100):
        if len(statuses) >= count:
            return
        page.wait_for_timeout(100)
    raise AssertionError(f"{len(statuses)} polls, not {count}")


def test_monitor_keeps_focus_across_polls(live_server, browser, settings):
    settings.ROOKERY_POLL_SECONDS = POLL
    _host, event, _family = build_night()
    rnd = event.rounds.get(number=4)
    path = reverse("round_detail", args=[event.slug, 4])
    context, page = host_page(browser, live_server)
    statuses = polls_of(page, path)
    page.goto(live_server.url + path)
    tab_to_text(page, "Enter scores for table 3")
    scrolled = page.evaluate("window.scrollY")

    # Three quiet polls: each answered 204, nothing redrawn, focus where it was.
    wait_for_polls(page, statuses, 3)
    assert statuses[:3] == [204, 204, 204]
    assert same_element_focused(page)

    # Table 3's scores arrive: the next poll redraws the tables, focus and scroll stay.
    table = rnd.tables.get(number=3)
    services.submit_scores(table, valid_points(table, base=20), entered_by="Kofi Mensah")
    link = page.get_by_role("link", name="Correct scores for table 3")
    link.wait_for()
    assert 200 in statuses
    assert same_element_focused(page)
    expect(link).to_be_focused()
    assert page.evaluate("window.scrollY") == scrolled
    page.keyboard.press("Enter")  # and the link still works from the keyboard
    page.wait_for_url(f"**{reverse('table_scores_host', args=[event.slug, 4, 3])}")
    context.close()


def test_check_in_and_absent_keep_focus_on_the_button(live_server, browser):
    _host, event, _family = build_night()
    player = event.players.filter(status=Player.Status.PRESENT).order_by("name").first()
    context, page = host_page(browser, live_server)
    page.goto(live_server.url + reverse("player_list", args=[event.slug]))
    count = page.locator("#roster strong").first
    present = int(count.inner_text())

    tab_to_text(page, f"Absent {player.name}")
    page.keyboard.press("Enter")
    expect(count).to_have_text(str(present - 1))
    absent = page.locator(f"#status-{player.pk}-absent")
    expect(absent).to_be_focused()
    expect(absent).to_have_attribute("aria-pressed", "true")
    assert same_element_focused(page)

    page.keyboard.press("Shift+Tab")  # back to "Check in", the button before it
    expect(page.locator(f"#status-{player.pk}-present")).to_be_focused()
    page.keyboard.press("Enter")
    expect(count).to_have_text(str(present))
    expect(page.locator(f"#status-{player.pk}-present")).to_be_focused()
    expect(page.locator(f"#status-{player.pk}-present")).to_have_attribute("aria-pressed", "true")
    player.refresh_from_db()
    assert player.status == Player.Status.PRESENT
    context.close()


def test_sorting_the_master_sheet_keeps_focus_on_the_header(live_server, browser, settings):
    settings.ROOKERY_POLL_SECONDS = POLL
    _host, event, _family = build_night()
    context, page = host_page(browser, live_server)
    page.goto(live_server.url + reverse("master_sheet", args=[event.slug]))
    tab_to_text(page, "Total")
    # The host has scrolled down the sheet a little (at once: a wheel's smooth scroll
    # can still be moving when it is first read).
    page.evaluate("window.scrollTo({top: 200, behavior: 'instant'})")
    page.wait_for_function("window.scrollY > 0")
    scrolled = page.evaluate("window.scrollY")
    page.keyboard.press("Enter")
    page.wait_for_url("**?sort=total")
    header = page.locator("th.asc a")
    expect(header).to_have_text("Total")
    expect(header).to_be_focused()
    assert same_element_focused(page)
    totals = [int(t) for t in page.locator("td.total").all_inner_texts()]
    assert totals == sorted(totals)
    assert page.evaluate("window.scrollY") == scrolled  # the page did not jump

    page.keyboard.press("Enter")  # again: highest first, still on the same link
    page.wait_for_url("**?sort=-total")
    expect(page.locator("th.desc a")).to_be_focused()
    totals = [int(t) for t in page.locator("td.total").all_inner_texts()]
    assert totals == sorted(totals, reverse=True)
    page.wait_for_timeout(3 * POLL * 1000)  # polls keep the sort and the focus
    assert [int(t) for t in page.locator("td.total").all_inner_texts()] == totals
    assert same_element_focused(page)
    context.close()
