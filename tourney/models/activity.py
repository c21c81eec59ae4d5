"""Who did what on a night: one row per change, written by the service that made it.

A row is written inside the change's own transaction (``tourney.services.activity``),
so the log never holds a change that was rolled back and no change is made without
its row. The author is a signed-in account, a table's phone (with the player who
chose their name on it), or nobody (a management command, a demo). What was done is
kept in words as well as by reference, so a row still reads after a re-seat deleted
its table or a backup renumbered everything.

Imports Django and the night's models only.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone

from tourney.models.night import Entry, Event, Player


class ActivityQuerySet(models.QuerySet):
    def for_event(self, event: Event) -> ActivityQuerySet:
        return self.filter(event=event)

    def by_author(self, key: str) -> ActivityQuerySet:
        """Rows by one author, keyed as ``Activity.author_key`` gives it ("u4", "p17")."""
        kind, pk = key[:1], key[1:]
        if not (pk.isascii() and pk.isdigit() and len(pk) <= 18):
            return self.none()
        if kind == "u":
            return self.filter(user_id=int(pk), by_phone=False)
        if kind == "p":
            return self.filter(by_player_id=int(pk))
        return self.none()


class Activity(models.Model):
    """One change to a night (or a club's roles), who made it and when."""

    class Action(models.TextChoices):
        PLAYERS_ADDED = "players_added", "Players added"
        CHECK_IN = "check_in", "Checked in"
        CHECK_OUT = "check_out", "Checked out"
        SEAT = "seat", "Seated a round"
        PLAN = "plan", "Planned the night"
        RESEAT = "reseat", "Re-seated a round"
        SWAP = "swap", "Swapped players"
        MOVE = "move", "Moved a player"
        BEGIN = "begin", "Started a round"
        SCORES = "scores", "Entered scores"
        CORRECTION = "correction", "Corrected scores"
        DISPUTE = "dispute", "Sent differing scores"
        CONFIRM = "confirm", "Confirmed scores"
        SETTLE = "settle", "Settled a dispute"
        CLOSE = "close", "Closed a round"
        REOPEN = "reopen", "Reopened a round"
        END = "end", "Ended the night"
        REOPEN_NIGHT = "reopen_night", "Reopened the night"
        ROLE_GIVEN = "role_given", "Gave a role"
        ROLE_TAKEN = "role_taken", "Took a role back"

    event = models.ForeignKey(
        Event, on_delete=models.CASCADE, null=True, blank=True, related_name="activity"
    )
    club = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="club_activity",
        help_text="The host whose club this happened in (the event's owner).",
    )
    at = models.DateTimeField(default=timezone.now)
    action = models.CharField(max_length=16, choices=Action)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        help_text="The signed-in account that did it.",
    )
    by_phone = models.BooleanField(default=False, help_text="Done on a table's phone.")
    by_player = models.ForeignKey(
        Player,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        help_text="The player who chose their name on the table's phone.",
    )
    by_name = models.CharField(
        max_length=150, blank=True, help_text="The author's name when it was done."
    )
    device = models.CharField(max_length=32, blank=True)
    round_number = models.PositiveSmallIntegerField(null=True, blank=True)
    table_number = models.PositiveSmallIntegerField(null=True, blank=True)
    entry = models.ForeignKey(
        Entry, on_delete=models.SET_NULL, null=True, blank=True, related_name="activity"
    )
    detail = models.CharField(max_length=500)

    objects = ActivityQuerySet.as_manager()

    class Meta:
        ordering = ["-at", "-pk"]
        verbose_name_plural = "activity"
        indexes = [models.Index(fields=["event", "-at"], name="activity_event_newest")]
        constraints = [
            models.CheckConstraint(
                condition=Q(by_phone=False) | Q(user__isnull=True), name="activity_one_author"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.at:%H:%M:%S} {self.author}: {self.detail}"

    @property
    def author(self) -> str:
        """Who did it, in words: "alice", "Ann on table 3's phone", "Rookery"."""
        if self.by_phone:
            phone = f"table {self.table_number}'s phone" if self.table_number else "a phone"
            return f"{self.by_name} on {phone}" if self.by_name else phone.capitalize()
        return self.by_name or "Rookery"

    @property
    def author_key(self) -> str:
        """The person filter's value for this row's author ("" when it has none to filter)."""
        if self.by_player_id is not None:
            return f"p{self.by_player_id}"
        if self.user_id is not None:
            return f"u{self.user_id}"
        return ""
