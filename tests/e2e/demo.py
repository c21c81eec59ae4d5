"""A night to look at in the browser tests: the demo night with a round in play."""

from django.core.management import call_command
from django.urls import reverse

from tests.factories import PASSWORD, UserFactory
from tourney import services
from tourney.models import Event


def build_night():
    """The demo night (3 rounds closed, round 4 playing with one table's scores saved
    and another's disputed), its two score pads, and a family's one-table game."""
    host = UserFactory(username="host")
    call_command("load_demo", verbosity=0)
    event = Event.objects.get(slug="friday-rook-night-2026-11-20")
    rnd = event.rounds.get(number=4)
    services.begin_round(rnd)
    tables = list(rnd.tables.order_by("number"))
    first = tables[0]
    seats = list(first.seats.order_by("position"))
    points = {s.player_id: 0 if i == 0 else 20 + i for i, s in enumerate(seats)}
    services.submit_scores(first, points, entered_by=seats[1].player.name)
    second = tables[1]
    seats2 = list(second.seats.order_by("position"))
    points2 = {s.player_id: 0 if i == 1 else 15 + i for i, s in enumerate(seats2)}
    entry = services.submit_scores(second, points2, entered_by=seats2[0].player.name)
    services.submit_scores(
        second,
        {pid: (p + 5 if p else 0) for pid, p in points2.items()},
        entered_by=seats2[2].player.name,
        based_on=entry.entry.version,
    )
    family = services.start_table_game(
        owner=host,
        name="Sunday Shanghai",
        game_slug="shanghai",
        players=["Grandma", "Ruth", "Sam"],
        house_rules={},
    )
    return host, event, family


def sign_in(page, base):
    page.goto(base + reverse("login"))
    page.get_by_label("Username").fill("host")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    page.get_by_role("heading", name="My events").wait_for()
