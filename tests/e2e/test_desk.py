"""The desk screen with the keyboard alone (issue 28, item 4): ten tables typed from
paper slips, Enter saving each and the cursor moving on; a refused table keeps what
was typed and the cursor in it."""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.factories import PASSWORD, UserFactory, night
from tourney import services
from tourney.models import Entry

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

ACTIVE = "() => document.activeElement.id"


def playing_night(players: int):
    host = UserFactory(username="desk")
    event = night(players, owner=host, min_table_size=4, max_table_size=4)
    rnd = services.seat_next_round(event)
    services.begin_round(rnd)
    return event, rnd


def open_desk(page, live_server, event):
    """Sign in and open the desk with the keyboard: no click anywhere."""
    page.goto(live_server.url + reverse("login"))
    page.get_by_label("Username").fill("desk")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_label("Password").press("Enter")
    page.get_by_role("heading", name="My events").wait_for()
    page.goto(live_server.url + reverse("round_desk", args=[event.slug, 1]))
    page.locator(".desk-table").first.wait_for()


def field_ids(table) -> list[str]:
    return [f"id_t{table.number}-p{s.player_id}" for s in table.seats.order_by("position")]


def test_ten_tables_typed_or_confirmed_without_the_mouse(live_server, browser):
    event, rnd = playing_night(44)  # 11 tables: ten typed from slips, one phone's confirmed
    tables = list(rnd.tables.order_by("number"))
    assert len(tables) == 11
    by_phone = tables[4]  # table 5 entered its own scores on its phone
    phone_seats = list(by_phone.seats.order_by("position"))
    phone_slip = [0, 31, 32, 33]
    services.submit_scores(
        by_phone,
        {s.player_id: v for s, v in zip(phone_seats, phone_slip, strict=True)},
        entered_by_player=phone_seats[1].player,
        device="e" * 32,
    )
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.set_default_timeout(20_000)
    open_desk(page, live_server, event)
    slips = {}
    for i, table in enumerate(tables):
        ids = field_ids(table)
        # The cursor is already in this table's first score (autofocus, then moved on).
        assert page.evaluate(ACTIVE) == ids[0]
        if table == by_phone:  # its scores are shown: one key confirms them
            expect(page.locator(f"#desk-table-{table.number}")).to_contain_text("Confirm table 5")
            assert [page.locator(f"#{f}").input_value() for f in ids] == ["0", "31", "32", "33"]
            page.keyboard.press("Enter")
            expect(page.locator(f"#desk-table-{table.number}")).to_contain_text("Confirmed")
            expect(page.locator(f"#{field_ids(tables[i + 1])[0]}")).to_be_focused()
            slips[table.pk] = phone_slip
            continue
        slips[table.pk] = [0, table.number, table.number + 10, table.number + 20]
        for n, value in enumerate(slips[table.pk]):
            if n:
                page.keyboard.press("Tab")
                assert page.evaluate(ACTIVE) == ids[n]
            page.keyboard.type(str(value))
        page.keyboard.press("Enter")
        block = page.locator(f"#desk-table-{table.number}")
        expect(block).to_have_attribute("data-saved", "1")
        expect(block).to_contain_text("saved as version 1")
        if i + 1 < len(tables):
            expect(page.locator(f"#{field_ids(tables[i + 1])[0]}")).to_be_focused()
        else:
            expect(page.locator("#desk-done")).to_be_focused()
    context.close()
    typed = [t for t in tables if t != by_phone]
    assert len(typed) == 10
    for table in tables:
        entry = Entry.objects.get(table=table, state=Entry.State.CURRENT)
        seats = table.seats.order_by("position")
        assert [entry.points_by_player()[s.player_id] for s in seats] == slips[table.pk]
        if table == by_phone:
            assert entry.source == Entry.Source.PHONE and entry.confirmed_by == "desk"
        else:
            assert entry.source == Entry.Source.HOST and entry.entered_by == "desk"


def test_a_refused_table_keeps_what_was_typed_and_the_cursor(live_server, browser):
    event, rnd = playing_night(8)
    first, second = rnd.tables.order_by("number")
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.set_default_timeout(20_000)
    open_desk(page, live_server, event)
    ids = field_ids(first)
    typed = ["abc", "0", "0", "7"]
    for n, value in enumerate(typed):
        if n:
            page.keyboard.press("Tab")
        page.keyboard.type(value)
    page.keyboard.press("Enter")
    block = page.locator("#desk-table-1")
    expect(block.get_by_role("alert")).to_contain_text("Nothing was saved for table 1")
    expect(block.get_by_role("alert")).to_contain_text("“abc” is not a number")
    expect(block.get_by_role("alert")).to_contain_text("both went out")
    expect(page.locator(f"#{ids[0]}")).to_be_focused()  # the cursor stays at this table
    assert [page.locator(f"#{i}").input_value() for i in ids] == typed
    assert not Entry.objects.exists()
    # Fixed in place with the keyboard, Enter saves and moves on to the next table.
    page.keyboard.press("Control+A")
    page.keyboard.type("5")
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    page.keyboard.press("Control+A")
    page.keyboard.type("12")
    page.keyboard.press("Enter")
    expect(block).to_have_attribute("data-saved", "1")
    expect(page.locator(f"#{field_ids(second)[0]}")).to_be_focused()
    entry = Entry.objects.get(table=first)
    seats = first.seats.order_by("position")
    assert [entry.points_by_player()[s.player_id] for s in seats] == [5, 0, 12, 7]
    context.close()
