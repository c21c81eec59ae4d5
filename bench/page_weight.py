"""How much a phone downloads to open a table page: HTML, CSS and JS, compressed.

Church-hall Wi-Fi is slow; the aim is under 50 KB gzip for the whole page.
"""

import gzip
import re

from _setup import django_with_scratch_db

django_with_scratch_db()

from django.contrib.auth import get_user_model  # noqa: E402
from django.test import Client  # noqa: E402
from django.urls import reverse  # noqa: E402

from tourney import services  # noqa: E402
from tourney.models import Event, Player, TableCard  # noqa: E402

AIM_KB = 50


def main() -> None:
    owner = get_user_model().objects.create(username="bench")
    event = Event.objects.create(
        owner=owner, name="Weight night", rounds_planned=11, min_table_size=3, max_table_size=5
    )
    event.house_rules = event.game.settings
    event.save()
    for n in range(16):
        Player.objects.create(event=event, name=f"Player number {n:02d}", status="present")
    rnd = services.seat_next_round(event)
    services.begin_round(rnd)
    card = TableCard.objects.get(event=event, number=1)
    client = Client()
    page = client.get(reverse("table_page", args=[card.token]))
    html = page.content
    assets = re.findall(rb'(?:src|href)="(/static/[^"]+\.(?:js|css))"', html)
    rows = [("table page HTML", len(html), len(gzip.compress(html, 9)))]
    for url in assets:
        response = client.get(url.decode())
        body = b"".join(response.streaming_content) if response.streaming else response.content
        rows.append((url.decode(), len(body), len(gzip.compress(body, 9))))
    print(f"{'resource':<48} {'bytes':>9} {'gzip':>9}")
    for name, raw, packed in rows:
        print(f"{name:<48} {raw:>9,} {packed:>9,}")
    total_raw = sum(r[1] for r in rows)
    total = sum(r[2] for r in rows)
    print(f"{'total':<48} {total_raw:>9,} {total:>9,}")
    verdict = "within" if total <= AIM_KB * 1024 else "OVER"
    print(f"Table page weight: {total / 1024:.1f} KB compressed ({verdict} the {AIM_KB} KB aim)")


if __name__ == "__main__":
    main()
