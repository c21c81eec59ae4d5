"""What the host's live pages download over a quiet 10 minutes: 120 polls at 5 s.

The demo night with round 4 playing (17 players, 4 tables, two tables' scores in).
Each page is polled 120 times as a browser's htmx would, once without the stamp
(every poll answered with the whole live part, as the round monitor did before
issue 26) and once with the stamp the page shows (an empty 204 while nothing
changed). Bytes are the status line, headers and body of each answer, uncompressed
(nothing compresses these answers); time is the server's, per poll.
"""

import time

from _setup import django_with_scratch_db

django_with_scratch_db()

from django.conf import settings  # noqa: E402
from django.contrib.auth import get_user_model  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.test import Client  # noqa: E402
from django.urls import reverse  # noqa: E402

from tourney import services  # noqa: E402
from tourney.models import Event  # noqa: E402

POLLS = 120  # 10 minutes at the pages' 5 s
HTMX = {"HX-Request": "true"}


def wire_bytes(response) -> int:
    status = f"HTTP/1.1 {response.status_code} {response.reason_phrase}\r\n".encode()
    return len(status) + len(response.serialize_headers()) + 4 + len(response.content)


def quiet_ten_minutes(client: Client, url: str) -> tuple[int, float, set[int]]:
    """(bytes, ms per poll, statuses) for POLLS polls of url."""
    total, statuses = 0, set()
    start = time.perf_counter()
    for _ in range(POLLS):
        response = client.get(url, headers=HTMX)
        total += wire_bytes(response)
        statuses.add(response.status_code)
    return total, (time.perf_counter() - start) * 1000 / POLLS, statuses


def main() -> None:
    owner = get_user_model().objects.create(username="host")
    call_command("load_demo", verbosity=0)
    event = Event.objects.get(slug="friday-rook-night-2026-11-20")
    rnd = event.rounds.get(number=4)
    services.begin_round(rnd)
    for n, table in enumerate(rnd.tables.order_by("number")[:2]):
        seats = list(table.seats.order_by("position"))
        points = {s.player_id: 0 if i == n else 20 + i for i, s in enumerate(seats)}
        services.submit_scores(table, points, entered_by=seats[1].player.name)
    client = Client()
    client.force_login(owner)
    pages = {
        "round monitor": reverse("round_detail", args=[event.slug, 4]),
        "master sheet": reverse("master_sheet", args=[event.slug]),
        "projector": reverse("projector", args=[event.slug]),
    }
    seconds = settings.ROOKERY_POLL_SECONDS
    print(f"{POLLS} polls ({POLLS * seconds // 60} minutes at {seconds} s), nothing changing:")
    print(f"{'page':<15} {'asks':<22} {'status':>7} {'bytes':>9} {'per poll':>9} {'ms/poll':>8}")
    for name, url in pages.items():
        since = f"since={event.score_stamp()}"
        for asks, address in (("without the stamp", url), ("with the stamp", f"{url}?{since}")):
            total, ms, statuses = quiet_ten_minutes(client, address)
            status = ",".join(str(s) for s in sorted(statuses))
            print(f"{name:<15} {asks:<22} {status:>7} {total:>9,} {total // POLLS:>9,} {ms:>8.1f}")


if __name__ == "__main__":
    main()
