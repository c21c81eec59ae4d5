"""A game night in the database: events, players, rounds, tables, seats, scores.

Scores are never edited in place. Every submission of a table's scores is an
``Entry`` (a version) holding one ``Score`` per player; exactly one entry per
table is current, older ones are kept as replaced, and a differing submission
from a second phone is kept as a dispute for the host to settle. The rules of
what a valid score is live in ``scoring.rules``; this module only stores what
those rules accepted.
"""

from __future__ import annotations

import datetime
import hashlib
import secrets
from collections import defaultdict
from functools import cached_property

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import IntegrityError, connection, models, transaction
from django.db.models import Q
from django.db.models.functions import Lower
from django.urls import reverse
from django.utils import timezone
from django.utils.text import slugify

from scoring import rules
from tourney.models.club import Person, Season


def new_table_token() -> str:
    """A private table link: 24 random bytes is 192 bits, far past guessing."""
    return secrets.token_urlsafe(24)


# A table code is typed from a printed card, so it has no look-alikes: no 0 or O,
# no 1 or I (and an upper-case L can't pass for a 1). 32 symbols, 8 of them: 40 bits.
CODE_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"
CODE_LENGTH = 8


def new_table_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normalise_table_code(typed: str) -> str:
    """What a player typed, as stored: upper case, without spaces or dashes."""
    return "".join(ch for ch in typed.upper() if ch not in " -\t").strip()


class EventQuerySet(models.QuerySet):
    def for_host(self, user) -> EventQuerySet:
        return self.filter(owner=user)


class Event(models.Model):
    """One game night: a game, its house rules, its players and rounds."""

    class Game(models.TextChoices):
        TOONERVILLE = "toonerville", "Toonerville Rook"
        SHANGHAI = "shanghai", "Rook Shanghai"

    class Seating(models.TextChoices):
        MIX = "mix", "Mix: fewest repeat meetings"
        STANDINGS = "standings", "Standings: lowest totals sit together"
        RANDOM = "random", "Random"
        RATING = "rating", "Rating: tables balanced by club rating"

    class DoorNewNames(models.TextChoices):
        CHECK_IN = "check_in", "Is checked in at once"
        WAIT = "wait", "Waits for the desk to approve it"

    class Kind(models.TextChoices):
        TOURNAMENT = "tournament", "Tournament (many tables, re-seated each round)"
        TABLE = "table", "One table (a family game)"

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="events"
    )
    name = models.CharField(max_length=120)
    slug = models.SlugField(max_length=140, unique=True, allow_unicode=True)
    date = models.DateField(default=timezone.localdate)
    place = models.CharField(max_length=120, blank=True)
    kind = models.CharField(max_length=12, choices=Kind, default=Kind.TOURNAMENT)
    game_slug = models.CharField("game", max_length=20, choices=Game, default=Game.TOONERVILLE)
    house_rules = models.JSONField(default=dict, blank=True)
    rounds_planned = models.PositiveSmallIntegerField("number of rounds")
    seating_method = models.CharField(max_length=12, choices=Seating, default=Seating.MIX)
    min_table_size = models.PositiveSmallIntegerField()
    max_table_size = models.PositiveSmallIntegerField()
    allow_short_tables = models.BooleanField(
        default=False,
        help_text="Shanghai: allow 3-player tables under the fewer-than-4 rules.",
    )
    sit_out_when_uneven = models.BooleanField(
        default=False,
        help_text=(
            "When the players present don't split into tables, one sits out each round "
            "(in turn) instead of the host being asked every round."
        ),
    )
    record_buys = models.BooleanField(default=False)
    season = models.ForeignKey(
        Season, on_delete=models.SET_NULL, null=True, blank=True, related_name="events"
    )
    season_seating = models.BooleanField(
        "seat away from recent season opponents",
        default=True,
        help_text="Mix seating counts pairs who met in the season's last nights as having met.",
    )
    ended_at = models.DateTimeField(
        null=True, blank=True, help_text="Set when the host ends the night before its last round."
    )
    reopened_at = models.DateTimeField(
        null=True, blank=True, help_text="Set when the host reopens a night they had ended."
    )
    seating_rules_changed_at = models.DateTimeField(
        null=True,
        blank=True,
        editable=False,
        help_text="When the host last added or removed a seating rule: a seating refused "
        "before then was refused under other rules.",
    )
    table_history_days = models.PositiveSmallIntegerField(
        "days table links open players' pages",
        default=7,
        validators=[MaxValueValidator(365)],
        help_text="After the night ends, its table links keep showing the standings, but "
        "each player's page and history only for this many days.",
    )
    round_minutes = models.PositiveSmallIntegerField(
        "round length (minutes)",
        null=True,
        blank=True,
        default=30,
        validators=[MinValueValidator(1), MaxValueValidator(240)],
        help_text="The projector counts each round down from when it begins, and the round "
        "page names the tables still without scores once time is up. Blank: no clock.",
    )
    door_open = models.BooleanField(
        "players may check themselves in at the door",
        default=True,
        help_text="The door card's QR code and code open a page where arriving players "
        "pick or type their name. It stops working when the night ends.",
    )
    door_new_names = models.CharField(
        "a name typed at the door that isn't on tonight's list",
        max_length=10,
        choices=DoorNewNames,
        default=DoorNewNames.WAIT,
    )
    door_token = models.CharField(max_length=64, unique=True, default=new_table_token)
    door_code = models.CharField(max_length=CODE_LENGTH, unique=True, default=new_table_code)
    live_standings = models.BooleanField(
        "live standings on phones",
        default=True,
        help_text="A Standings QR code on the projector and the table cards opens the night's "
        "standings on any phone, without sign-in. Turn it off and that address stops working.",
    )
    live_token = models.CharField(max_length=64, unique=True, default=new_table_token)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    objects = EventQuerySet.as_manager()

    class Meta:
        ordering = ["-date", "-created_at"]
        # What the role groups grant on a club's nights (tourney.accounts.roles): each
        # names one of host_event's needs. "own" is no permission: only the host has it.
        permissions = [
            ("view_night", "See a night's monitor, sheet and standings"),
            ("score_night", "Enter and correct a night's scores"),
            ("desk_night", "Check players in, settle disputes, print cards"),
            ("run_night", "Run a night: seating, rounds, house rules"),
        ]
        constraints = [
            models.CheckConstraint(
                condition=Q(min_table_size__gte=2)
                & Q(max_table_size__gte=models.F("min_table_size")),
                name="event_table_size_range",
            ),
            models.CheckConstraint(condition=Q(rounds_planned__gte=1), name="event_has_rounds"),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.date:%Y-%m-%d})"

    def save(self, *args, **kwargs):
        if self.slug:
            return super().save(*args, **kwargs)
        for attempt in range(3):
            self.slug = self.unique_slug()
            try:
                with transaction.atomic():
                    return super().save(*args, **kwargs)
            except IntegrityError:
                # Two nights of the same name and date saved at once took the same
                # address: the one saved second takes the next free one.
                if attempt == 2 or not Event.objects.filter(slug=self.slug).exists():
                    raise

    def get_absolute_url(self) -> str:
        return reverse("event_detail", args=[self.slug])

    def unique_slug(self) -> str:
        base = slugify(f"{self.name} {self.date}", allow_unicode=True)[:120] or "event"
        slug, n = base, 2
        while Event.objects.filter(slug=slug).exclude(pk=self.pk).exists():
            slug, n = f"{base}-{n}", n + 1
        return slug

    @cached_property
    def game(self) -> rules.Game:
        return rules.get_game(self.game_slug, **self.house_rules)

    @property
    def preferred_table_size(self) -> int:
        """The game's preferred table, within the night's own range: a Rook Shanghai night
        at tables of exactly 4 prefers 4, not the game's 5 (which the seating refuses)."""
        return min(max(self.game.preferred_table_size, self.min_table_size), self.max_table_size)

    def rounds_in_order(self):
        return self.rounds.order_by("number")

    def latest_round(self) -> Round | None:
        return self.rounds.order_by("-number").first()

    def round_in_play(self) -> Round | None:
        """The round the tables are playing now: the latest that has started."""
        return self.rounds.exclude(status=Round.Status.PLANNED).order_by("-number").first()

    def is_over(self) -> bool:
        """Over once the host ends it, or its last round is closed: the tables take no
        more scores and their cards show the final standings."""
        if self.ended_at is not None:
            return True
        return self.rounds.filter(number=self.rounds_planned, status=Round.Status.CLOSED).exists()

    def ended_time(self) -> datetime.datetime | None:
        """When the night ended: the host's End night, else its last round's closing;
        None while it goes on."""
        if self.ended_at is not None:
            return self.ended_at
        last = self.rounds.filter(number=self.rounds_planned, status=Round.Status.CLOSED).first()
        if last is None:
            return None
        return last.closed_at or timezone.make_aware(
            datetime.datetime.combine(self.date + datetime.timedelta(days=1), datetime.time())
        )

    def table_links_open_players(self) -> bool:
        """Whether a table link still opens players' pages (their night and history): a
        card found weeks after the night shows only the standings."""
        ended = self.ended_time()
        return ended is None or timezone.now() < ended + datetime.timedelta(
            days=self.table_history_days
        )

    @property
    def is_table_game(self) -> bool:
        """A game at one table on one phone (a family's game), not a night of tables."""
        return self.kind == self.Kind.TABLE

    @property
    def round_word(self) -> str:
        """What a player calls one deal: at one table the game's own word (Shanghai's
        "hand", Toonerville's "round"); a tournament moves everyone each "round"."""
        return self.game.round_word if self.is_table_game else "round"

    def has_scores(self) -> bool:
        return Entry.objects.filter(round__event=self).exists()

    def score_stamp(self, table: int | None = None) -> str:
        """Changes whenever anything the live pages show changes: a score saved,
        confirmed, disputed or settled, a round changing state, a round seated,
        re-seated or a swap made, a player added, renamed or checked in, or the
        event edited. See :func:`score_stamp`, which reads it in one query.
        """
        return score_stamp(self.pk, table)

    def missed_round_label(self) -> str:
        """The missed-round rule in words, e.g. "highest score of the round"."""
        game = self.game
        rule = next(r for r in game.house_rules if r.name == "missed_round")
        value = game.settings["missed_round"]
        label = dict(rule.choices).get(value, str(value))
        if value == "fixed":
            label = f"{label} ({game.settings['missed_round_points']})"
        return label

    def round_rules(self, number: int, players: int) -> rules.Round:
        return self.game.rounds_for(players)[number - 1]

    @property
    def door_code_display(self) -> str:
        """The door code as printed: two groups of four, like a table card's."""
        return f"{self.door_code[:4]}-{self.door_code[4:]}"

    def door_is_open(self) -> bool:
        """Whether the door page takes check-ins: the host left it on, the night goes on
        (a game at one table has no door: its players are typed on the family phone)."""
        return self.door_open and not self.is_table_game and not self.is_over()

    def new_door_address(self) -> None:
        """A new door link and code (a card photographed and shared): the old ones stop
        working at once."""
        self.door_token = new_table_token()
        self.door_code = new_table_code()
        self.save(update_fields=["door_token", "door_code", "updated_at"])


class PlayerQuerySet(models.QuerySet):
    def present(self) -> PlayerQuerySet:
        return self.filter(status=Player.Status.PRESENT)


class Player(models.Model):
    """Someone playing in one event. Names are free text, unique within the event."""

    class Status(models.TextChoices):
        REGISTERED = "registered", "Expected"
        PRESENT = "present", "Checked in"
        ABSENT = "absent", "Absent"
        LEFT = "left", "Left"

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="players")
    person = models.ForeignKey(
        Person, on_delete=models.PROTECT, null=True, blank=True, related_name="players"
    )
    name = models.CharField(max_length=60)
    status = models.CharField(max_length=12, choices=Status, default=Status.REGISTERED)
    joined_at = models.DateTimeField(auto_now_add=True)
    result_emailed_at = models.DateTimeField(
        null=True, blank=True, help_text="When this player's result of the night was emailed."
    )

    objects = PlayerQuerySet.as_manager()

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(Lower("name"), "event", name="player_name_unique_in_event"),
            models.UniqueConstraint("event", "person", name="player_person_once_in_event"),
            models.CheckConstraint(condition=~Q(name=""), name="player_name_not_empty"),
        ]

    def __str__(self) -> str:
        return self.name

    def save(self, *args, **kwargs):
        # Every player of a night is someone from the host's roster: a name not seen
        # before makes a new person (the pages ask first when a name is close to one).
        # A game at one table ("Mom", "Dad", "Kid" on the family phone) stays off it.
        if self.person_id is None and not self.event.is_table_game:
            self.person = Person.for_name(self.event.owner, self.name)
        super().save(*args, **kwargs)

    @property
    def is_present(self) -> bool:
        return self.status == self.Status.PRESENT


class RoundQuerySet(models.QuerySet):
    def with_tables(self) -> RoundQuerySet:
        return self.prefetch_related(
            models.Prefetch(
                "tables",
                queryset=GameTable.objects.order_by("number").prefetch_related(
                    models.Prefetch(
                        "seats", queryset=Seat.objects.select_related("player").order_by("position")
                    )
                ),
            )
        )


class Round(models.Model):
    """One deal of the game, played by every table at once.

    A round is planned (seated, the host may still swap players), then playing,
    then closed (missing players filled in by the missed-round rule). "Scored"
    is not stored: it is a playing round whose every table has scores.
    """

    class Status(models.TextChoices):
        PLANNED = "planned", "Planned"
        PLAYING = "playing", "Playing"
        CLOSED = "closed", "Closed"

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField()
    status = models.CharField(max_length=10, choices=Status, default=Status.PLANNED)
    started_at = models.DateTimeField(null=True, blank=True)
    closed_at = models.DateTimeField(null=True, blank=True)

    objects = RoundQuerySet.as_manager()

    class Meta:
        ordering = ["event_id", "number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="round_number_unique"),
            models.CheckConstraint(condition=Q(number__gte=1), name="round_number_positive"),
        ]

    def __str__(self) -> str:
        return f"Round {self.number}"

    @property
    def phase(self) -> str:
        """planned, playing, scored or closed: the lifecycle as a host sees it."""
        if self.status == self.Status.PLAYING and self.all_tables_scored():
            return "scored"
        return self.status

    def get_phase_display(self) -> str:
        return {"planned": "Planned", "playing": "Playing", "scored": "Scored", "closed": "Closed"}[
            self.phase
        ]

    def all_tables_scored(self) -> bool:
        tables = {t.pk for t in self.tables.all()}
        scored = {e.table_id for e in self.entries.all() if e.state == Entry.State.CURRENT}
        return bool(tables) and tables <= scored

    def tables_without_scores(self) -> list[GameTable]:
        scored = {e.table_id for e in self.entries.all() if e.state == Entry.State.CURRENT}
        return [t for t in self.tables.all() if t.pk not in scored]

    @property
    def ends_at(self) -> datetime.datetime | None:
        """When a round being played runs out of time: its begin plus the night's round
        length. None before it begins, once it is closed, when the night has no clock,
        and at a game at one table (a family plays each hand at its own pace)."""
        minutes = self.event.round_minutes
        if self.status != self.Status.PLAYING or self.started_at is None or not minutes:
            return None
        if self.event.is_table_game:
            return None
        return self.started_at + datetime.timedelta(minutes=minutes)

    def minutes_over(self, now: datetime.datetime | None = None) -> int | None:
        """Whole minutes past the round's time (0 in its first minute over), or None
        while time is left or there is no clock."""
        ends = self.ends_at
        now = now or timezone.now()
        if ends is None or now < ends:
            return None
        return int((now - ends).total_seconds() // 60)

    def contract(self) -> rules.Round:
        return self.event.game.rounds_for(self.event.preferred_table_size)[self.number - 1]


class GameTable(models.Model):
    """A card table in one round. Named so it never collides with tables.Table."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["round_id", "number"]
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="table_number_unique_in_round")
        ]

    def __str__(self) -> str:
        return f"Table {self.number}"

    def seated_players(self) -> list[Player]:
        return [seat.player for seat in self.seats.all()]

    def rules_round(self) -> rules.Round:
        """This table's deal: Shanghai deals depend on how many sit at the table."""
        return self.round.event.round_rules(self.round.number, len(self.seats.all()))

    @cached_property
    def dealer_position(self) -> int:
        """The seat that deals. A tournament seats the dealer first; at a game at one
        table everyone keeps their seat and the deal passes to the left each hand."""
        rnd = self.round
        if not rnd.event.is_table_game:
            return 0
        return (rnd.number - 1) % max(1, len(self.seats.all()))


class Seat(models.Model):
    """One player's place at one table in one round, in seat order.

    At a tournament position 0 deals; at a game at one table the seats never
    change and the deal moves round them (``GameTable.dealer_position``).
    """

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="seats")
    table = models.ForeignKey(GameTable, on_delete=models.CASCADE, related_name="seats")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="seats")
    position = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["table__number", "position"]
        constraints = [
            models.UniqueConstraint(
                fields=["round", "player"], name="one_seat_per_player_per_round"
            ),
            models.UniqueConstraint(fields=["table", "position"], name="one_player_per_seat"),
        ]

    def __str__(self) -> str:
        return f"{self.player} at table {self.table.number}, seat {self.position + 1}"

    @property
    def seat_number(self) -> int:
        return self.position + 1

    @property
    def is_dealer(self) -> bool:
        return self.position == self.table.dealer_position


class TableCard(models.Model):
    """The private link printed on one physical table for a whole night.

    It always opens whatever round that table number is playing now.
    """

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="table_cards")
    number = models.PositiveSmallIntegerField()
    token = models.CharField(max_length=64, unique=True, default=new_table_token)
    code = models.CharField(max_length=CODE_LENGTH, unique=True, default=new_table_code)

    class Meta:
        ordering = ["event_id", "number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="one_card_per_table_number")
        ]

    def __str__(self) -> str:
        return f"Table {self.number} card"

    @property
    def code_display(self) -> str:
        """The code as printed: two groups of four, easier to read out and type."""
        return f"{self.code[:4]}-{self.code[4:]}"

    def reissue(self) -> None:
        """A new private link and code for a lost card; the old ones stop working at once."""
        self.token = new_table_token()
        self.code = new_table_code()
        self.save(update_fields=["token", "code"])


class EntryQuerySet(models.QuerySet):
    def current(self) -> EntryQuerySet:
        return self.filter(state=Entry.State.CURRENT)

    def for_event(self, event: Event) -> EntryQuerySet:
        return self.filter(round__event=event)


class Entry(models.Model):
    """One version of a table's scores for a round (or a round's fill-ins).

    Never edited after it is saved, except for its state and its confirmation.
    """

    class State(models.TextChoices):
        CURRENT = "current", "Current"
        REPLACED = "replaced", "Replaced by a later version"
        DISPUTED = "disputed", "Disputed: waiting for the host"
        DISMISSED = "dismissed", "Dispute settled for another version"

    class Source(models.TextChoices):
        PHONE = "phone", "Entered at the table"
        HOST = "host", "Entered by the host"
        FILL = "fill", "Missed-round rule"
        RESTORE = "restore", "Restored by the host"

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="entries")
    table = models.ForeignKey(
        GameTable, on_delete=models.CASCADE, related_name="entries", null=True, blank=True
    )
    version = models.PositiveIntegerField()
    state = models.CharField(max_length=10, choices=State, default=State.CURRENT)
    source = models.CharField(max_length=8, choices=Source, default=Source.PHONE)
    entered_by = models.CharField(max_length=60, blank=True)
    entered_by_player = models.ForeignKey(
        "Player",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        help_text="The seated player who entered it on a phone, chosen from the table's list.",
    )
    entered_by_user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(default=timezone.now)
    confirmed_by = models.CharField(max_length=60, blank=True)
    confirmed_at = models.DateTimeField(null=True, blank=True)
    confirmed_device = models.CharField(
        max_length=32, blank=True, help_text="The phone that confirmed it (a random id it keeps)."
    )
    idempotency_key = models.CharField(  # noqa: DJ001 (NULL: entered without a key, by the host)
        "retry key",
        max_length=64,
        null=True,
        blank=True,
        help_text="The key a phone's form was given: a retry sends it again.",
    )
    sent_digest = models.CharField(
        max_length=40,
        blank=True,
        help_text="A digest of the scores sent with the retry key: a key names one set of scores.",
    )
    device = models.CharField(
        max_length=32, blank=True, help_text="The phone that entered it (a random id it keeps)."
    )
    note = models.CharField(max_length=200, blank=True)

    objects = EntryQuerySet.as_manager()

    class Meta:
        ordering = ["round_id", "table_id", "-version"]
        verbose_name_plural = "entries"
        constraints = [
            models.UniqueConstraint(
                fields=["table"],
                condition=Q(state="current", table__isnull=False),
                name="one_current_entry_per_table",
            ),
            models.UniqueConstraint(
                fields=["round"],
                condition=Q(state="current", table__isnull=True),
                name="one_current_fill_per_round",
            ),
            models.UniqueConstraint(
                fields=["round", "table", "version"], name="entry_version_unique"
            ),
            models.UniqueConstraint(
                fields=["idempotency_key", "sent_digest"],
                condition=Q(idempotency_key__isnull=False),
                name="one_entry_per_retry_key_and_scores",
            ),
        ]

    def __str__(self) -> str:
        where = f"table {self.table.number}" if self.table_id else "fill-ins"
        return f"Round {self.round.number}, {where}, version {self.version}"

    @property
    def author(self) -> str:
        """Who entered this version, in words: "Ann on table 3's phone", "alice (signed in)"."""
        if self.source == self.Source.FILL:
            return "the missed-round rule"
        if self.source == self.Source.PHONE:
            phone = f"table {self.table.number}'s phone" if self.table_id else "a phone"
            return f"{self.entered_by} on {phone}" if self.entered_by else phone.capitalize()
        return f"{self.entered_by or 'the host'} (signed in)"

    def points_by_player(self) -> dict[int, int]:
        return {s.player_id: s.points for s in self.scores.all()}

    def same_scores_as(self, points: dict[int, int]) -> bool:
        return self.points_by_player() == points


class ScoreQuerySet(models.QuerySet):
    def current(self) -> ScoreQuerySet:
        return self.filter(entry__state=Entry.State.CURRENT)

    def for_event(self, event: Event) -> ScoreQuerySet:
        return self.filter(entry__round__event=event)

    def history(self) -> dict[int, dict[int, Score]]:
        """player id -> round number -> score, from one query."""
        out: dict[int, dict[int, Score]] = defaultdict(dict)
        for score in self.select_related("entry__round"):
            out[score.player_id][score.entry.round.number] = score
        return out


class Score(models.Model):
    """One player's points in one entry."""

    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="scores")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="scores")
    points = models.IntegerField()
    played = models.BooleanField(
        default=True, help_text="False when the missed-round rule filled this score in."
    )
    buys = models.PositiveSmallIntegerField(null=True, blank=True)

    objects = ScoreQuerySet.as_manager()

    class Meta:
        ordering = ["entry_id", "player_id"]
        constraints = [
            models.UniqueConstraint(
                fields=["entry", "player"], name="one_score_per_player_per_entry"
            ),
            models.CheckConstraint(condition=Q(points__gte=0), name="score_not_negative"),
        ]

    def __str__(self) -> str:
        return f"{self.player}: {self.points}"

    @property
    def went_out(self) -> bool:
        return self.played and self.points == 0


class JoinAttemptQuerySet(models.QuerySet):
    def too_many(self, ip: str | None) -> bool:
        since = timezone.now() - JoinAttempt.WINDOW
        return self.filter(ip=ip, at__gte=since).count() >= JoinAttempt.LIMIT

    def take_a_try(self, ip: str | None) -> JoinAttempt | None:
        """Record a try for ``ip`` and return it, or None when its tries are used up.

        Recorded first, counted after (each its own committed statement, never
        inside a transaction): whichever of a burst of parallel tries counts last
        sees every try allowed before it, so no more than LIMIT are allowed, on
        SQLite and PostgreSQL alike, with no lock. A refused try is removed again.
        """
        attempt = self.create(ip=ip)
        since = timezone.now() - JoinAttempt.WINDOW
        if self.filter(ip=ip, at__gte=since).count() > JoinAttempt.LIMIT:
            attempt.delete()
            return None
        return attempt


class JoinAttempt(models.Model):
    """A wrong table code typed at /join, kept for a while so codes can't be guessed.

    Hand-made rather than django-ratelimit: that library needs memcached or
    Redis to count safely, and a laptop in a church hall has neither.
    """

    LIMIT = 10
    WINDOW = datetime.timedelta(minutes=10)

    ip = models.GenericIPAddressField(null=True, blank=True)
    at = models.DateTimeField(default=timezone.now, db_index=True)

    objects = JoinAttemptQuerySet.as_manager()

    class Meta:
        ordering = ["-at"]

    def __str__(self) -> str:
        return f"wrong table code from {self.ip} at {self.at:%H:%M}"


# One statement for the whole stamp: every poll of every phone runs it, so it is a
# single round trip written out here rather than four ORM queries (whose building costs
# more CPU than running them). Columns: kind, four numbers, two texts; the branches are
# put back in order below, as UNION ALL keeps none.
_STAMP_SQL = """
SELECT 0, MAX(e.id), COUNT(e.confirmed_at),
       SUM(CASE WHEN e.state = %(current)s THEN 1 ELSE 0 END),
       SUM(CASE WHEN e.state = %(disputed)s THEN 1 ELSE 0 END), NULL, NULL
  FROM tourney_entry e
  JOIN tourney_round r ON r.id = e.round_id{table_join}
 WHERE r.event_id = %(event)s{table_where}
UNION ALL
SELECT 1, r.number, NULL, NULL, NULL, r.status, NULL
  FROM tourney_round r WHERE r.event_id = %(event)s
UNION ALL
SELECT 2, p.id, NULL, NULL, NULL, p.name, p.status
  FROM tourney_player p WHERE p.event_id = %(event)s
UNION ALL
SELECT 3, NULL, NULL, NULL, NULL, CAST(v.updated_at AS TEXT), NULL
  FROM tourney_event v WHERE v.id = %(event)s
"""
_STAMP_ONE_TABLE = _STAMP_SQL.replace(
    "{table_join}", "\n  JOIN tourney_gametable t ON t.id = e.table_id AND t.number = %(table)s"
).replace("{table_where}", "")
_STAMP_ALL = _STAMP_SQL.replace("{table_join}", "").replace("{table_where}", "")


def score_stamp(event_id: int, table: int | None = None) -> str:
    """The version of a night as its live pages show it (``Event.score_stamp``), read
    in one query: the night's entries (only table ``table``'s, for a table page's poll),
    the rounds' states, who plays under what name and status, and the event's own
    ``updated_at``, which every seating write touches (services.seat.seats_changed).
    Nothing stored is trusted: the stamp is worked out from the rows each time.
    """
    params = {
        "event": event_id,
        "table": table,
        "current": Entry.State.CURRENT,
        "disputed": Entry.State.DISPUTED,
    }
    with connection.cursor() as cursor:
        cursor.execute(_STAMP_ALL if table is None else _STAMP_ONE_TABLE, params)
        rows = cursor.fetchall()
    last = confirmed = current = disputed = 0
    states: list[tuple[int, str]] = []
    players: list[tuple[int, str, str]] = []
    updated = ""
    for kind, n1, n2, n3, n4, t1, t2 in rows:
        if kind == 0:
            last, confirmed, current, disputed = (int(v or 0) for v in (n1, n2, n3, n4))
        elif kind == 1:
            states.append((n1, t1))
        elif kind == 2:
            players.append((n1, t1, t2))
        else:
            updated = t1 or ""
    letters = "".join(status[0] for _, status in sorted(states))
    seen = f"{sorted(players)}{updated}"
    digest = hashlib.blake2b(seen.encode(), digest_size=6).hexdigest()
    return f"{last}.{confirmed}.{current}.{disputed}.{letters}.{digest}"
