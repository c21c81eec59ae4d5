"""The door card in a real Chromium: two phones check in at the door while the host
seats round 1 in a third window, and the host's players page shows them arrive; and
the projector counts the round down."""

import re

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.e2e.test_host_night import sign_in
from tests.factories import PlayerFactory, UserFactory, night
from tourney import services
from tourney.models import Event, Player

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

FITS = "document.documentElement.scrollWidth <= screen.width"


def phone_at_door(browser, phone, url):
    context = browser.new_context(**phone)
    page = context.new_page()
    page.set_default_timeout(20_000)
    page.goto(url)
    return context, page


def test_two_phones_check_in_at_the_door_while_the_host_seats_round_one(
    live_server, browser, phone, settings
):
    settings.ROOKERY_POLL_SECONDS = 1
    host = UserFactory(username="marge")
    event = night(8, owner=host, name="Church hall", rounds_planned=3)
    for name in ("Ann Whitaker", "Bo Lund"):
        PlayerFactory(event=event, name=name, status=Player.Status.REGISTERED)
    Event.objects.filter(pk=event.pk).update(door_new_names=Event.DoorNewNames.WAIT)
    door = live_server.url + reverse("door", args=[event.door_token])

    desk = browser.new_context(viewport={"width": 1280, "height": 900})
    players = desk.new_page()
    players.set_default_timeout(20_000)
    sign_in(players, live_server.url, "marge")
    players.goto(live_server.url + reverse("player_list", args=[event.slug]))
    players.get_by_text("8 checked in of 10").wait_for()
    seating = desk.new_page()
    seating.set_default_timeout(20_000)
    seating.goto(live_server.url + event.get_absolute_url())

    ann_ctx, ann = phone_at_door(browser, phone, door)
    new_ctx, newcomer = phone_at_door(browser, phone, door)
    for page in (ann, newcomer):
        page.get_by_role("heading", name="Check in: Church hall").wait_for()
        assert page.evaluate(FITS)  # no sideways scroll on a Pixel 7
    # Every name on the list, and the box for one that isn't, is a big target.
    for target in [*ann.locator(".door-list button").all(), ann.get_by_label("Your name")]:
        assert target.bounding_box()["height"] >= 44

    # The host seats round 1 as the two arrive.
    seating.get_by_role("button", name="Seat round 1").click()
    ann.get_by_role("button", name="Ann Whitaker").click()
    newcomer.get_by_label("Your name").fill("Cleo Park")
    newcomer.get_by_role("button", name="Check me in").click()
    seating.get_by_role("heading", name="Round 1 of 3").wait_for()
    ann.get_by_text("You're checked in, Ann Whitaker.").wait_for()
    newcomer.get_by_text("Thanks, Cleo Park: the desk will check you in").wait_for()
    for page in (ann, newcomer):
        assert page.evaluate(FITS)

    # The players page, left open, shows both without a reload.
    players.get_by_text("9 checked in of 10").wait_for(timeout=15_000)
    arrivals = players.locator(".door-arrivals")
    expect(arrivals).to_contain_text("Checked in at the door: Ann Whitaker")
    expect(arrivals).to_contain_text("Cleo Park")
    players.get_by_role("button", name="Approve Cleo Park").click()
    players.get_by_text("Cleo Park is checked in.").wait_for()
    assert event.players.get(name="Cleo Park").status == Player.Status.PRESENT
    # Cleo came after round 1 was seated: the round page says to re-seat to include her.
    # (Ann is seated, or named beside Cleo: whichever came first, seating or her tap.)
    seating.reload()
    expect(seating.locator(".notice")).to_contain_text("Cleo Park")
    seated = seating.locator(".table-card", has_text="Ann Whitaker").count() == 1
    assert seated or "Ann Whitaker" in seating.locator(".notice").inner_text()
    for context in (ann_ctx, new_ctx, desk):
        context.close()


def test_the_projector_counts_the_round_down(live_server, browser, host):
    event = night(8, owner=host, rounds_planned=3, round_minutes=20)
    rnd = services.begin_round(services.seat_next_round(event))
    context = browser.new_context(viewport={"width": 1920, "height": 1080})
    page = context.new_page()
    page.set_default_timeout(20_000)
    sign_in(page, live_server.url, host.username)
    page.goto(live_server.url + reverse("projector", args=[event.slug]))
    clock = page.locator(".board-clock .clock-left")
    expect(clock).to_have_text(re.compile(r"^(20:00|19:5\d)$"))
    first = clock.inner_text()
    expect(clock).not_to_have_text(first, timeout=5_000)  # it ticks on the screen itself
    # Big enough to read from the back of the room: a tenth of the screen's height.
    assert clock.bounding_box()["height"] >= 1080 / 10
    assert rnd.number == 1
    assert page.evaluate("document.documentElement.scrollHeight <= window.innerHeight && " + FITS)
    context.close()
