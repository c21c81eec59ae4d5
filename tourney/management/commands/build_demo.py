"""Rebuild fixtures/demo_night.json: a club's season and tonight's night in progress.

The demo host's club: a season "Autumn 2026" (total of places) of four finished
Friday nights (three Toonerville, one Rook Shanghai; attendance varies, one
player arrives late and one leaves early), and tonight's Toonerville night in
the same season, its players the same people: 13 players, three rounds played
and round 4 seated. Everything is played through the real services (seating
engine, rules engine, versioned scores), dumped, and rolled back, so the fixture
is always data the app itself would have made; the random draws are seeded, so
a rebuild plays the same nights. Run it after a model change:
``python manage.py build_demo``.
"""

import datetime
import io
import random
from dataclasses import dataclass
from pathlib import Path

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import BaseCommand
from django.db import transaction
from django.utils import timezone

from scoring import rules
from scoring.demo import build_pads
from tourney import services
from tourney.models import Entry, Event, Person, Player, Season

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


# Regulars who aren't here tonight, and contact the host keeps for some (private).
OTHERS = ["Nell Okafor"]
CONTACT = {
    "Ann Whitaker": ("ann.whitaker@example.org", ""),
    "Bo Lindqvist": ("", "555-0142"),
    "Fern Jacobs": ("fern@example.org", "555-0177"),
    "Nell Okafor": ("nell.okafor@example.org", ""),
}


@dataclass(frozen=True)
class PastNight:
    """One finished night of the season: who came, who came late, who left early."""

    date: datetime.date
    game: str
    away: tuple[str, ...] = ()
    late: tuple[str, int] | None = None  # (name, after round n)
    leaves: tuple[str, int] | None = None  # (name, after round n)


SEASON = "Autumn 2026"
PAST_NIGHTS = [
    PastNight(
        datetime.date(2026, 10, 23),
        Event.Game.TOONERVILLE,
        away=("Kofi Mensah", "Nell Okafor"),
        leaves=("Marisol Reyes", 6),
    ),
    PastNight(
        datetime.date(2026, 10, 30),
        Event.Game.TOONERVILLE,
        away=("Ike Nakamura", "Lou Ann Tate", "June Abernathy"),
        late=("Nell Okafor", 2),
    ),
    PastNight(
        datetime.date(2026, 11, 6),
        Event.Game.SHANGHAI,
        away=("Carmen Ortiz", "Gus Møller", "Hattie Pruitt", "Eli Brandt"),
    ),
    PastNight(datetime.date(2026, 11, 13), Event.Game.TOONERVILLE, away=("Dee O'Connell",)),
]


class Rollback(Exception):
    pass


def demo_points(rng: random.Random, players: list[int]) -> dict[int, int]:
    """One player went out; the others hold what a real hand leaves."""
    out = rng.choice(players)
    return {
        p: 0 if p == out else rng.choice([rng.randint(5, 45), rng.randint(20, 95)]) for p in players
    }


def valid_points(rng: random.Random, table) -> dict[int, int]:
    """demo_points that the rules accept for this table's round (early rounds deal
    few cards, so a big draw is drawn again smaller)."""
    players = list(table.seats.order_by("position").values_list("player_id", flat=True))
    for attempt in range(40):
        points = demo_points(rng, players)
        if attempt > 10:
            points = {p: v // (attempt - 9) for p, v in points.items()}
        try:
            services.check_table_scores(table, points)
        except rules.InvalidScore:
            continue
        return points
    raise AssertionError(f"No valid demo scores for {table}")


def play_round(event: Event, rng: random.Random, points=None) -> None:
    rnd = services.seat_next_round(event)
    services.begin_round(rnd)
    for table in rnd.tables.all():
        seats = list(table.seats.order_by("position"))
        services.submit_scores(
            table,
            points(seats) if points else valid_points(rng, table),
            entered_by=seats[1].player.name,
            source=Entry.Source.PHONE,
        )
    services.close_round(rnd)


def as_played_on(event: Event) -> None:
    """Give a past night the times of its evening: doors at 7, a round every 20 minutes."""
    start = timezone.make_aware(datetime.datetime.combine(event.date, datetime.time(19)))
    Event.objects.filter(pk=event.pk).update(created_at=start, updated_at=start)
    event.players.update(joined_at=start)
    for rnd in event.rounds.all():
        began = start + datetime.timedelta(minutes=20 * rnd.number)
        rnd.started_at, rnd.closed_at = began, began + datetime.timedelta(minutes=18)
        rnd.save(update_fields=["started_at", "closed_at"])
        rnd.entries.update(created_at=began + datetime.timedelta(minutes=12))
    if event.ended_at:
        Event.objects.filter(pk=event.pk).update(ended_at=start + datetime.timedelta(hours=4))


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
        User = get_user_model()
        owner, _ = User.objects.get_or_create(username=DEMO_OWNER)
        for event in Event.objects.filter(owner=owner):
            services.delete_event(event)
        Season.objects.filter(owner=owner).delete()
        Person.objects.filter(owner=owner).delete()
        for name in PLAYERS + OTHERS:
            email, phone = CONTACT.get(name, ("", ""))
            Person.objects.create(owner=owner, name=name, email=email, phone=phone)
        season = Season.objects.create(owner=owner, name=SEASON, method=Season.Method.TOTAL_PLACES)
        rng = random.Random(1023)
        for past in PAST_NIGHTS:
            self.past_night(owner, season, past, rng)
        self.tonight(owner, season)
        build_pads(owner)

    def past_night(self, owner, season: Season, past: PastNight, rng: random.Random) -> None:
        game = rules.get_game(past.game)
        shanghai = past.game == Event.Game.SHANGHAI
        event = Event.objects.create(
            owner=owner,
            name="Friday Shanghai Night" if shanghai else "Friday Rook Night",
            date=past.date,
            place="St. Mark's fellowship hall",
            game_slug=past.game,
            house_rules=game.settings,
            rounds_planned=len(game.rounds_for(game.preferred_table_size)),
            min_table_size=4 if shanghai else 3,
            max_table_size=6 if shanghai else 5,
            season=season,
        )
        late = {past.late[0]} if past.late else set()
        here = [n for n in PLAYERS + OTHERS if n not in past.away and n not in late]
        services.add_players(event, here, status=Player.Status.PRESENT)
        for number in range(1, event.rounds_planned + 1):
            play_round(event, rng)
            if past.late and past.late[1] == number:
                services.add_players(event, [past.late[0]], status=Player.Status.PRESENT)
            if past.leaves and past.leaves[1] == number:
                leaver = event.players.get(name=past.leaves[0])
                services.set_player_status(leaver, Player.Status.LEFT)
        as_played_on(event)

    def tonight(self, owner, season: Season) -> None:
        """The night in progress, exactly as before the club came: the same draws."""
        rng = random.Random(2026)
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
            season=season,
        )
        event.house_rules = event.game.settings
        event.save()
        services.add_players(event, PLAYERS, status=Player.Status.PRESENT)
        for _ in range(3):
            play_round(event, rng, lambda seats: demo_points(rng, [s.player_id for s in seats]))
        services.seat_next_round(event)
