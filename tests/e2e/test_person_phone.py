"""A player taps a name on the table page and reads that person's nights (Pixel 7)."""

import datetime
import random

import pytest
from django.urls import reverse

from tests.factories import EventFactory
from tourney import services
from tourney.models import Person, Player, Seat, TableCard

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

NAMES = ["Ann Whitaker", "Bo Lind", "Cy Moss", "Di Park", "Ed Ruiz", "Fay Quinn", "Gus Hale"]


def club_night(host, number, rng, *, rounds, finish=True):
    event = EventFactory(
        owner=host,
        name=f"Club night {number}",
        date=datetime.date(2027, 3, 3) + datetime.timedelta(weeks=number - 1),
        rounds_planned=3,
    )
    services.add_players(event, NAMES)
    for _ in range(rounds):
        rnd = services.seat_next_round(event)
        services.begin_round(rnd)
        for table in rnd.tables.order_by("number"):
            seats = list(table.seats.order_by("position"))
            out = rng.randrange(len(seats))
            points = {
                s.player_id: 0 if i == out else rng.randint(2, 80) for i, s in enumerate(seats)
            }
            services.submit_scores(table, points, entered_by="test")
        if finish:
            services.close_round(rnd)
    return event


def test_a_player_reads_a_persons_history_from_the_table_page(live_server, browser, phone, host):
    rng = random.Random(7)
    club_night(host, 1, rng, rounds=3)
    club_night(host, 2, rng, rounds=3)
    tonight = club_night(host, 3, rng, rounds=1, finish=False)
    ann = Person.objects.get(owner=host, name="Ann Whitaker")
    ann.email = "ann@example.com"
    ann.save()
    seat = Seat.objects.get(player__event=tonight, player__person=ann)
    card = TableCard.objects.get(event=tonight, number=seat.table.number)

    context = browser.new_context(**phone)
    context.set_default_timeout(20_000)
    page = context.new_page()
    page.goto(live_server.url + reverse("table_page", args=[card.token]))
    link = page.locator(".nights").get_by_role("link", name="Ann Whitaker")
    assert link.bounding_box()["height"] >= 44
    link.click()
    page.get_by_role("heading", name="All of Ann Whitaker's nights").wait_for()
    figures = " ".join(page.locator(".history-figures").inner_text().split())
    assert "3 nights played" in figures and "1 in play" in figures
    rows = page.locator("table.history-nights tbody tr")
    assert rows.count() == 3
    assert "in play" in rows.nth(2).inner_text()
    # One row for each person Ann has shared a table with (the seating decides who; on
    # PostgreSQL the ids, and so the seeds, differ from SQLite's).
    met = {
        seat.player.person_id
        for mine in Seat.objects.filter(player__person=ann).exclude(round__status="planned")
        for seat in Seat.objects.filter(table=mine.table).exclude(player__person=ann)
    }
    assert 4 <= len(met) <= len(NAMES) - 1
    assert page.locator("table.head-to-head tbody tr").count() == len(met)
    assert (
        page.locator(".person-history .place-chart svg circle").count() == 2
    )  # the two finished nights
    # Nothing private, nowhere else to go but back to the table.
    assert "ann@example.com" not in page.content()
    assert page.locator("main a").count() == 1
    back = page.get_by_role("link", name="← Back to the table")
    assert back.bounding_box()["height"] >= 44
    assert page.evaluate("document.documentElement.scrollWidth <= screen.width")
    assert Player.objects.filter(person=ann).count() == 3
    context.close()
