"""Rebuild fixtures/demo_night.json: a realistic Toonerville night in progress.

The demo is played through the real services (seating engine, rules engine,
versioned scores), dumped, and rolled back, so the fixture is always data the
app itself would have made. Run it after a model change:
``python manage.py build_demo``.
"""

import datetime
import io
import random
from pathlib import Path

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import BaseCommand
from django.db import transaction

from scoring.demo import build_pads
from tourney import services
from tourney.models import Entry, Event, Player

DEMO_OWNER = "host"
PLAYERS = [
    "Ann Whitaker",
    "Bo Lindqvist",
    "Carmen Ortiz",
    "Dee O'Connell",
    "Eli Brandt",
    "Fern Jacobs",
    "Gus Møller",
    "Hattie Pruitt",
    "Ike Nakamura",
    "June Abernathy",
    "Kofi Mensah",
    "Lou Ann Tate",
    "Marisol Reyes",
]


class Rollback(Exception):
    pass


def demo_points(rng: random.Random, players: list[int]) -> dict[int, int]:
    """One player went out; the others hold what a real hand leaves."""
    out = rng.choice(players)
    return {
        p: 0 if p == out else rng.choice([rng.randint(5, 45), rng.randint(20, 95)]) for p in players
    }


class Command(BaseCommand):
    help = "Play the demo night through the services and write fixtures/demo_night.json."

    def add_arguments(self, parser):
        parser.add_argument(
            "--output", default=str(Path(settings.BASE_DIR) / "fixtures" / "demo_night.json")
        )

    def handle(self, *args, output: str, **options):
        out = io.StringIO()
        try:
            with transaction.atomic():
                self.build()
                call_command(
                    "dumpdata",
                    "tourney",
                    "scoring",
                    natural_foreign=True,
                    indent=1,
                    stdout=out,
                    exclude=["auth"],
                )
                raise Rollback
        except Rollback:
            pass
        Path(output).write_text(out.getvalue(), encoding="utf-8")
        self.stdout.write(self.style.SUCCESS(f"Wrote {output}"))

    def build(self) -> None:
        rng = random.Random(2026)
        User = get_user_model()
        owner, _ = User.objects.get_or_create(username=DEMO_OWNER)
        Event.objects.filter(owner=owner).delete()
        event = Event.objects.create(
            owner=owner,
            name="Friday Rook Night",
            date=datetime.date(2026, 11, 20),
            place="St. Mark's fellowship hall",
            game_slug=Event.Game.TOONERVILLE,
            house_rules={},
            rounds_planned=11,
            min_table_size=3,
            max_table_size=5,
        )
        event.house_rules = event.game.settings
        event.save()
        services.add_players(event, PLAYERS, status=Player.Status.PRESENT)
        for _ in range(3):
            rnd = services.seat_next_round(event)
            services.begin_round(rnd)
            for table in rnd.tables.all():
                seats = list(table.seats.order_by("position"))
                services.submit_scores(
                    table,
                    demo_points(rng, [s.player_id for s in seats]),
                    entered_by=seats[1].player.name,
                    source=Entry.Source.PHONE,
                )
            services.close_round(rnd)
        services.seat_next_round(event)
        build_pads(owner)
