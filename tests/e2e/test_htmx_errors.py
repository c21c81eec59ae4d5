"""Refused requests say why beside the control, in a real Chromium (issue 26).

htmx drops 4xx answers; static/js/site.js shows them. A representative set: swap and
move on the round page, check-in on the players list, the host's score form, the
names box, the phone's score and confirm forms, and the pad's "200 minus" after a
refused save. The server's half for every htmx endpoint is tests/test_htmx_refusals.py.
"""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from scoring import services as pads
from scoring.models import Hand
from tests.factories import PASSWORD, night
from tourney import services
from tourney.models import Entry, TableCard

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


DESKTOP = {"viewport": {"width": 1280, "height": 900}}


def signed_in(browser, live_server, host, **context_options):
    context = browser.new_context(**(context_options or DESKTOP))
    context.set_default_timeout(20_000)
    page = context.new_page()
    page.goto(live_server.url + reverse("login"))
    page.get_by_label("Username").fill(host.username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    page.get_by_role("heading", name="My events").wait_for()
    return context, page


def focused(page) -> str:
    """What has focus: its id, or its tag and text, for a readable assertion."""
    return page.evaluate(
        "(() => { const a = document.activeElement;"
        " return a.id || (a.tagName + ':' + a.textContent.trim().slice(0, 60)); })()"
    )


def test_swap_and_move_refusals_show_beside_the_form_and_keep_the_choice(
    live_server, browser, host
):
    event = night(12, owner=host)
    rnd = services.seat_next_round(event)
    names = sorted(s.player.name for s in rnd.seats.select_related("player"))
    last_table = rnd.tables.count() + 1
    context, page = signed_in(browser, live_server, host)
    page.goto(live_server.url + reverse("round_detail", args=[event.slug, 1]))
    page.wait_for_load_state()
    form = page.locator("form", has=page.get_by_role("button", name="Swap or move"))

    # Move to table 9.
    form.get_by_label("Player", exact=True).select_option(label=names[0])
    form.get_by_label("…or move to table").fill("9")
    form.get_by_role("button", name="Swap or move").click()
    alert = page.locator("#round-tables form [role=alert]")
    expect(alert).to_have_text(f"There is no table 9: use 1 to {last_table}.")
    expect(alert).to_be_focused()  # not the page body: the button pressed was swapped away
    form = page.locator("form", has=page.get_by_role("button", name="Swap or move"))
    expect(form.get_by_label("Player", exact=True)).to_have_value(str(_pk(rnd, names[0])))
    expect(form.get_by_label("…or move to table")).to_have_value("9")

    # Swap a player with themselves.
    form.get_by_label("…or move to table").fill("")
    form.get_by_label("Swap with").select_option(label=names[0])
    form.get_by_role("button", name="Swap or move").click()
    expect(page.locator("#round-tables form [role=alert]")).to_have_text(
        "Choose two different players to swap."
    )

    # Swap with nothing chosen.
    form = page.locator("form", has=page.get_by_role("button", name="Swap or move"))
    form.get_by_label("Swap with").select_option(index=0)
    form.get_by_role("button", name="Swap or move").click()
    expect(page.locator("#round-tables form [role=alert]")).to_have_text(
        "Choose a player to swap with, or a table to move to."
    )

    # A good move still works, and the message goes with the refusal. (To another table:
    # a move to the table the player is at is refused, nothing moved.)
    here = rnd.seats.select_related("table").get(player__name=names[0]).table.number
    there = 1 if here != 1 else 2
    form = page.locator("form", has=page.get_by_role("button", name="Swap or move"))
    form.get_by_label("…or move to table").fill(str(there))
    form.get_by_role("button", name="Swap or move").click()
    page.get_by_text(f"Moved {names[0]} to table {there}.").wait_for()
    expect(page.locator("#round-tables form [role=alert]")).to_have_count(0)

    # Start, below the tables swapped in: it carries the stamp of the seats now shown (out
    # of band with the tables), so it starts rather than calling this page stale.
    expect(page.locator("#start-stamp")).to_have_value(
        services.start_stamp(event.rounds.get(number=1))
    )
    page.get_by_role("button", name="Start play for round 1").click()
    page.get_by_text("Round 1 has started").wait_for()
    context.close()


def test_a_number_typed_in_other_digits_is_sent_refused_and_shown_again(live_server, browser, host):
    """The number fields were type="number": Chromium sent "٢" as nothing, so a round
    length typed so saved the night with no clock, and "1_0" as 10, so a pin went to table
    10. As text boxes with a number pad, what was typed reaches the server, is refused
    with the field's message, and is shown again."""
    event = night(13, owner=host)
    context, page = signed_in(browser, live_server, host)
    page.goto(live_server.url + reverse("event_edit", args=[event.slug]))
    minutes = page.get_by_label("Round length in minutes")
    expect(minutes).to_have_attribute("inputmode", "numeric")
    minutes.fill("\u0662")
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_text("Type the round length in whole minutes")).to_be_visible()
    expect(page.get_by_label("Round length in minutes")).to_have_value("\u0662")
    event.refresh_from_db()
    assert event.round_minutes == 30

    page.goto(live_server.url + reverse("event_seating", args=[event.slug]))
    form = page.locator("#add-rule")
    form.get_by_label("Player", exact=True).select_option(label="P03")
    form.get_by_label("…at table").fill("1_0")
    form.get_by_role("button", name="Add the rule").click()
    expect(page.get_by_text("Type the table as a number from 1 to 99.")).to_be_visible()
    expect(page.locator("#add-rule").get_by_label("…at table")).to_have_value("1_0")
    assert not event.seating_constraints.exists()
    context.close()


def _pk(rnd, name):
    return rnd.seats.get(player__name=name).player_id


def test_a_refused_check_in_says_why_beside_its_button(live_server, browser, host):
    event = night(4, owner=host)
    context, page = signed_in(browser, live_server, host)
    page.goto(live_server.url + reverse("player_list", args=[event.slug]))
    page.wait_for_load_state()
    button = page.get_by_role("button", name="Absent P02")
    # A page left open from an older Rookery: the status it sends is one this one refuses.
    button.locator("xpath=..").locator("input[name=status]").evaluate("i => i.value = 'asleep'")
    button.click()
    alert = page.locator("form", has=button).locator("[role=alert]")
    expect(alert).to_have_text("P02 is unchanged: that status is not one Rookery knows.")
    expect(alert).to_be_focused()
    expect(page.locator(".status-present", has_text="P02")).to_have_count(1)

    # A player removed meanwhile (another device): a 404, said the same way.
    page.get_by_role("button", name="Absent P03").wait_for()
    event.players.get(name="P03").delete()
    page.get_by_role("button", name="Absent P03").click()
    expect(
        page.locator("form", has=page.get_by_role("button", name="Absent P03")).locator(
            "[role=alert]"
        )
    ).to_have_text("That is no longer there. Reload the page.")

    # The names box (not htmx) keeps what was typed beside its message.
    page.get_by_label("Names, one per line").fill("Zed\nzed")
    page.get_by_role("button", name="Add players").click()
    page.get_by_role("alert").filter(has_text="is in the list twice").wait_for()
    assert page.get_by_label("Names, one per line").input_value() == "Zed\nzed"
    context.close()


def test_the_hosts_score_form_opens_on_its_error_summary(live_server, browser, host):
    event = night(12, owner=host)
    rnd = services.seat_next_round(event)
    services.begin_round(rnd)
    table = rnd.tables.get(number=1)
    seats = list(table.seats.order_by("position").select_related("player"))
    a, b, c, d = (s.player.name for s in seats)
    context, page = signed_in(browser, live_server, host)
    page.goto(live_server.url + reverse("round_detail", args=[event.slug, 1]))
    page.get_by_role("link", name="Enter scores for table 1").click()
    page.get_by_label(a).fill("abc")
    page.get_by_label(b).fill("0")
    page.get_by_label(c).fill("0")
    page.get_by_role("button", name="Save scores").click()
    summary = page.get_by_role("alert").filter(has_text="Nothing was saved")
    summary.wait_for()
    expect(summary).to_be_focused()
    links = summary.get_by_role("link")
    expect(links).to_have_count(3)
    assert links.nth(0).inner_text().startswith(f"{a}: “abc” is not a number of points.")
    assert links.nth(1).inner_text().startswith(f"{b} and {c} both went out (scored 0)")
    assert links.nth(2).inner_text().startswith(f"{d} has no score yet")
    assert page.get_by_label(a).input_value() == "abc"  # kept
    links.nth(2).click()
    expect(page.get_by_label(d)).to_be_focused()
    assert not Entry.objects.exists()
    context.close()


def test_the_phone_says_every_problem_in_one_save_and_a_refused_confirm(
    live_server, browser, phone, host
):
    event = night(12, owner=host)
    rnd = services.seat_next_round(event)
    services.begin_round(rnd)
    table = rnd.tables.get(number=1)
    seats = list(table.seats.order_by("position").select_related("player"))
    a, b, c, d = (s.player.name for s in seats)
    card = TableCard.objects.get(event=event, number=1)
    context = browser.new_context(**phone)
    context.set_default_timeout(20_000)
    page = context.new_page()
    page.goto(live_server.url + reverse("table_page", args=[card.token]))
    page.get_by_role("heading", name="Round 1: two sets").wait_for()
    page.get_by_label(a, exact=True).fill("abc")
    page.get_by_role("button", name=f"Went out ({b})").click()
    page.get_by_role("button", name=f"Went out ({c})").click()
    page.get_by_label("Your name").select_option(label=c)
    page.get_by_role("button", name="Save scores").click()
    page.locator(f"#id_p{seats[0].player_id}_error").get_by_text("“abc” is not a number").wait_for()
    both = f"{b} and {c} both went out (scored 0)"
    expect(page.locator(f"#id_p{seats[1].player_id}_error")).to_contain_text(both)
    expect(page.locator(f"#id_p{seats[3].player_id}_error")).to_contain_text(
        f"{d} has no score yet"
    )
    expect(page.locator("#score-errors")).to_be_focused()
    assert page.get_by_label(a, exact=True).input_value() == "abc"
    # The refusal reached Rookery: no "can't reach Rookery" banner.
    expect(page.locator("#send-failed")).to_be_hidden()

    # Fixed, saved; then a confirm without a name is refused beside the confirm form.
    page.get_by_label(a, exact=True).fill("15")
    page.get_by_label(b, exact=True).fill("20")
    page.get_by_label(d, exact=True).fill("25")
    page.get_by_role("button", name="Save scores").click()
    page.get_by_text("Saved. Ask another player at the table to confirm.").wait_for()
    other = browser.new_context(**phone)
    other.set_default_timeout(20_000)
    page2 = other.new_page()
    page2.goto(live_server.url + reverse("table_page", args=[card.token]))
    confirm = page2.locator("form.confirm-form")
    confirm.get_by_label("Who is confirming?").select_option(label=d)
    # The scores changed since this phone looked (its form holds an older version).
    confirm.locator("input[name=version]").evaluate("i => i.value = '7'")
    confirm.get_by_role("button", name="Confirm these scores").click()
    expect(page2.locator("#status [role=alert]")).to_have_text(
        "These scores have changed since you looked: check the new ones."
    )
    assert Entry.objects.get().confirmed_at is None
    other.close()
    context.close()


def test_the_pads_200_minus_works_again_after_a_refused_save(live_server, browser, phone, host):
    pad = pads.start_pad(
        owner=host,
        name="Kitchen",
        game_slug="partnership-rook",
        house_rules={},
        players=["Ann", "Bo", "Cy", "Di"],
        first_dealer=1,
    )
    context, page = signed_in(browser, live_server, host, **phone)
    page.goto(live_server.url + reverse("scoring:pad_detail", args=[pad.pk]))
    page.wait_for_load_state()
    taken = page.get_by_label("Points the bidding side took")
    other = page.get_by_label("Points the other side took")
    taken.fill("30")
    expect(other).to_have_value("170")
    # Refused: no bidder chosen.
    page.get_by_label("Bid", exact=True).fill("120")
    page.locator("#entry form").get_by_role("button", name="Save hand").click()
    page.locator("#entry [role=alert]").get_by_text("Not saved.").wait_for()
    assert Hand.objects.count() == 0
    taken = page.get_by_label("Points the bidding side took")
    other = page.get_by_label("Points the other side took")
    expect(other).to_have_value("170")
    taken.fill("110")
    expect(other).to_have_value("90")  # follows again: it was 170, not 90 before the fix
    page.locator("#entry form").get_by_label("Ann", exact=True).check()
    page.locator("#entry form").get_by_role("button", name="Save hand").click()
    page.get_by_text("Saved. Hand 1:").wait_for()
    assert Hand.objects.count() == 1

    # Without htmx too (a whole page after a refused save): the pair stays in step.
    page.goto(live_server.url + reverse("scoring:pad_detail", args=[pad.pk]))
    page.wait_for_load_state()
    page.get_by_label("Points the bidding side took").fill("60")
    page.evaluate("document.querySelector('#entry form').removeAttribute('hx-post')")
    page.evaluate("htmx.process(document.querySelector('#entry'))")
    page.locator("#entry form").evaluate("f => f.submit()")  # a plain POST: the whole page
    page.get_by_role("alert").filter(has_text="Not saved.").wait_for()
    page.wait_for_load_state()
    expect(page.get_by_label("Points the other side took")).to_have_value("140")
    page.get_by_label("Points the bidding side took").fill("150")
    expect(page.get_by_label("Points the other side took")).to_have_value("50")
    context.close()


def test_a_seating_done_while_the_page_polls_goes_to_its_plan_once(
    live_server, browser, host, monkeypatch
):
    """A 2,500-player night's movement cards take seconds to build. The seating page
    polls every second; each poll answered with the redirect again and started the load
    over, so the host never got there. One redirect now stops the polls."""
    import sys
    import threading
    import time

    from django.utils import timezone

    from tourney.models import SeatingJob

    event = night(13, owner=host, rounds_planned=3)
    services.plan_rest_of_night(event)
    job = SeatingJob.objects.create(
        event=event,
        action=SeatingJob.Action.NIGHT,
        state=SeatingJob.State.RUNNING,
        started_at=timezone.now(),
    )
    built = []
    drift = services.planned_rounds_off_attendance

    def slow_cards(ev):  # the movement cards' page calls it once a load
        if sys._getframe(1).f_code.co_name == "movement_cards":
            built.append(time.monotonic())
            time.sleep(3)
        return drift(ev)

    monkeypatch.setattr(services, "planned_rounds_off_attendance", slow_cards)
    context, page = signed_in(browser, live_server, host)
    page.goto(live_server.url + reverse("event_seating", args=[event.slug]))
    page.get_by_text("Seating the rest of the night…").wait_for()
    threading.Timer(
        0.5,
        lambda: SeatingJob.objects.filter(pk=job.pk).update(
            state=SeatingJob.State.DONE, rounds_seated=[1, 2, 3], finished_at=timezone.now()
        ),
    ).start()
    page.wait_for_url("**/movement/**", timeout=15_000)
    page.get_by_role("button", name="Print").wait_for()
    assert len(built) == 1, built
    context.close()
