"""Master sheet render time and xlsx export time for 13, 60 and 200 players x 11 rounds.

Aims on this 2-core machine: the 200-player sheet under 300 ms, its export under 2 s.
"""

import random
import statistics
import time

from _setup import django_with_scratch_db

django_with_scratch_db()

from django.contrib.auth import get_user_model  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402
from django.urls import reverse  # noqa: E402

from scoring.rules import InvalidScore  # noqa: E402
from tourney import services  # noqa: E402
from tourney.models import Event, Player  # noqa: E402

SIZES = (13, 60, 200)
REPEATS = 5


def play_night(owner, players: int) -> Event:
    rng = random.Random(players)
    event = Event.objects.create(
        owner=owner, name=f"Bench {players}", rounds_planned=11, min_table_size=3, max_table_size=5
    )
    event.house_rules = event.game.settings
    event.save()
    for n in range(players):  # one by one: each player becomes someone on the roster
        Player.objects.create(event=event, name=f"Player {n:03d}", status="present")
    for _ in range(11):
        rnd = services.seat_next_round(event)
        services.begin_round(rnd)
        for table in rnd.tables.all():
            seats = list(table.seats.order_by("position"))
            for _ in range(100):  # drawn again until the rules take it (round 11's floor)
                out = rng.randrange(len(seats))
                points = {
                    s.player_id: 0 if i == out else rng.randint(2, 90) for i, s in enumerate(seats)
                }
                try:
                    services.check_table_scores(table, points)
                except InvalidScore:
                    continue
                break
            services.submit_scores(table, points, entered_by="bench")
        services.close_round(rnd)
    return event


def timed(client: Client, url: str) -> tuple[float, int, int]:
    times = []
    for _ in range(REPEATS):
        with CaptureQueriesContext(connection) as queries:
            start = time.perf_counter()
            response = client.get(url)
            body = response.content
            times.append((time.perf_counter() - start) * 1000)
        assert response.status_code == 200, response.status_code
    return statistics.median(times), len(queries), len(body)


def main() -> None:
    owner = get_user_model().objects.create_user("bench-host", password="bench-password-1")
    client = Client()
    client.force_login(owner)
    heads = ("sheet ms", "queries", "html KB", "xlsx ms", "xlsx KB")
    print(f"{'players':>7} " + " ".join(f"{h:>8}" for h in heads))
    for players in SIZES:
        event = play_night(owner, players)
        sheet_ms, queries, size = timed(client, reverse("master_sheet", args=[event.slug]))
        xlsx_ms, _, xlsx_size = timed(client, reverse("export_sheet", args=[event.slug, "xlsx"]))
        print(
            f"{players:>7} {sheet_ms:>9.0f} {queries:>8} {size / 1024:>8.0f} "
            f"{xlsx_ms:>8.0f} {xlsx_size / 1024:>8.0f}"
        )
    print(
        f"(median of {REPEATS} requests through Django's test client; aims: 300 ms and 2 s at 200)"
    )


if __name__ == "__main__":
    main()
