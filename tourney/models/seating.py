"""What the host asked of the seating, and the night plans the engine made.

``SeatingConstraint`` rows are the host's hard rules for one event (a player
always at one table, two kept apart, two kept together); ``as_constraints()``
turns them into the engine's ``Constraints``. ``NightPlan`` keeps a whole-night
plan keyed by a digest of everything it was planned from, so every server
process and the background worker reuse one plan until attendance (or anything
else it depends on) changes. ``SeatingJob`` is one seating the host started,
run by the task queue; the host's page follows it.

May import Django, ``tourney.seating`` and the night's models.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.conf import settings
from django.db import models
from django.db.models import F, Q

from tourney.models.night import Event, Player
from tourney.seating.constraints import Constraints


def engine_constraints(rows: Iterable[SeatingConstraint]) -> Constraints:
    """Constraint rows (saved or not) as the seating engine's constraints, in player ids."""
    rows = list(rows)
    Kind = SeatingConstraint.Kind
    return Constraints.of(
        pinned={c.player_id: c.table for c in rows if c.kind == Kind.PIN},
        apart=[(c.player_id, c.other_id) for c in rows if c.kind == Kind.APART],
        together=[(c.player_id, c.other_id) for c in rows if c.kind == Kind.TOGETHER],
    )


class SeatingConstraintQuerySet(models.QuerySet):
    def as_constraints(self) -> Constraints:
        return engine_constraints(self)


class SeatingConstraint(models.Model):
    """One of the host's seating rules; pairs are stored lower player id first."""

    MAX_TABLE = 99
    """The highest table a player can be pinned to, past any room Rookery seats: the
    rule form and a backup's import both hold a pin to it."""

    class Kind(models.TextChoices):
        PIN = "pin", "Always at table"
        APART = "apart", "Keep apart"
        TOGETHER = "together", "Keep together"

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="seating_constraints")
    kind = models.CharField(max_length=10, choices=Kind)
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    other = models.ForeignKey(
        Player, on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    table = models.PositiveSmallIntegerField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    objects = SeatingConstraintQuerySet.as_manager()

    class Meta:
        ordering = ["kind", "pk"]
        constraints = [
            models.CheckConstraint(
                condition=(Q(kind="pin", table__gte=1, other__isnull=True))
                | (
                    Q(kind__in=["apart", "together"], table__isnull=True, other__isnull=False)
                    & Q(player__lt=F("other"))
                ),
                name="seating_constraint_shape",
            ),
            models.UniqueConstraint(
                "event", "player", condition=Q(kind="pin"), name="seating_pin_once_per_player"
            ),
            models.UniqueConstraint(
                "event",
                "kind",
                "player",
                "other",
                condition=~Q(kind="pin"),
                name="seating_pair_once",
            ),
        ]

    def __str__(self) -> str:
        return self.describe()

    def describe(self) -> str:
        if self.kind == self.Kind.PIN:
            return f"{self.player.name} sits at table {self.table} every round they play"
        verb = "apart" if self.kind == self.Kind.APART else "together"
        return f"{self.player.name} and {self.other.name} are kept {verb}"


class NightPlan(models.Model):
    """A whole-night plan for rounds ``first_round`` onward, made from ``inputs``.

    ``inputs`` is a digest of who was present, the rounds played before
    ``first_round``, the room, the method, the seed, the season's memory and the
    constraints: the same digest means the same plan, so it is planned once.
    ``rounds`` holds each round as ``{"tables": [[player id, ...], ...],
    "sitting_out": [...]}``.
    """

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="night_plans")
    inputs = models.CharField(max_length=64)
    first_round = models.PositiveSmallIntegerField()
    rounds = models.JSONField()
    seconds = models.FloatField(help_text="How long planning took.")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-first_round", "-pk"]
        constraints = [
            models.UniqueConstraint("event", "inputs", name="night_plan_once_per_inputs"),
        ]

    def __str__(self) -> str:
        return f"{self.event} from round {self.first_round}"


class SeatingJob(models.Model):
    """A seating the host started, planned by the task queue, that the host's page follows."""

    class Action(models.TextChoices):
        NEXT = "next", "Seat the next round"
        NIGHT = "night", "Plan the rest of the night"
        RESEAT = "reseat", "Re-seat a round"

    class State(models.TextChoices):
        QUEUED = "queued", "Waiting for the planner"
        RUNNING = "running", "Seating"
        DONE = "done", "Seated"
        PROBLEM = "problem", "Needs a choice"
        REFUSED = "refused", "Refused"

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="seating_jobs")
    action = models.CharField(max_length=10, choices=Action)
    round_number = models.PositiveSmallIntegerField(null=True, blank=True)
    fallback = models.CharField(max_length=12, blank=True)
    method = models.CharField(max_length=12, blank=True)
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        help_text="The account that asked for it: the night's activity names them.",
    )
    state = models.CharField(max_length=10, choices=State, default=State.QUEUED)
    message = models.TextField(blank=True)
    fixes = models.JSONField(default=list, blank=True)
    rounds_seated = models.JSONField(default=list, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(
        null=True, blank=True, help_text="When a worker took it (running from then)."
    )
    alive_at = models.DateTimeField(
        null=True,
        blank=True,
        help_text="The worker's last word that it is still planning (every few seconds).",
    )
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-pk"]

    def __str__(self) -> str:
        return f"{self.get_action_display()} ({self.get_state_display()})"

    @property
    def in_progress(self) -> bool:
        return self.state in (self.State.QUEUED, self.State.RUNNING)

    @property
    def asked_under_other_rules(self) -> bool:
        """Asked for before the host last added or removed a seating rule, so what it
        found (a refusal, a problem) was about rules that no longer stand."""
        changed = self.event.seating_rules_changed_at
        return changed is not None and self.created_at < changed
