"""Arrivals at the door: players who checked themselves in from the door card.

A name picked from the night's list is checked in at once; a name typed that isn't on
it is checked in at once or waits for the desk, as the event's ``door_new_names``
says. Each is kept as an ``Arrival``, so the players page can show who came through the
door and when, and the desk can approve or decline the waiting ones.

Imports Django and the night's models only.
"""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.db.models.functions import Lower
from django.utils import timezone

from tourney.models.club import Person
from tourney.models.night import Event, Player


class ArrivalQuerySet(models.QuerySet):
    def waiting(self) -> ArrivalQuerySet:
        return self.filter(state=Arrival.State.WAITING)


class Arrival(models.Model):
    class State(models.TextChoices):
        WAITING = "waiting", "Waiting for the desk"
        CHECKED_IN = "checked_in", "Checked in"
        DECLINED = "declined", "Declined by the desk"
        # A name already checked in, picked again from another phone: two people of one
        # name, or someone checking in a friend. The desk sees it until marked seen.
        PICKED_AGAIN = "picked_again", "Picked again from another phone"

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="arrivals")
    name = models.CharField(max_length=60)
    person = models.ForeignKey(
        Person,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        help_text="The roster's person the name was matched to, when it was.",
    )
    player = models.ForeignKey(
        Player,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="arrivals",
        help_text="The player checked in, once they are.",
    )
    state = models.CharField(max_length=12, choices=State, default=State.WAITING)
    phone = models.CharField(
        max_length=40,
        blank=True,
        help_text="The door's mark for the phone that checked in (a cookie), so that phone's "
        "double tap is told it is in and another phone is asked who it is.",
    )
    at = models.DateTimeField(default=timezone.now)
    decided_at = models.DateTimeField(null=True, blank=True)

    objects = ArrivalQuerySet.as_manager()

    class Meta:
        ordering = ["-at", "-pk"]
        constraints = [
            # A double tap, or two phones typing the same new name, waits once.
            models.UniqueConstraint(
                Lower("name"),
                "event",
                condition=Q(state="waiting"),
                name="one_waiting_arrival_per_name",
            ),
            # A name picked again by several phones at once warns the desk once.
            models.UniqueConstraint(
                "player",
                condition=Q(state="picked_again", decided_at=None),
                name="one_unseen_pick_again_per_player",
            ),
            models.CheckConstraint(condition=~Q(name=""), name="arrival_name_not_empty"),
        ]

    def __str__(self) -> str:
        return f"{self.name} at the door ({self.get_state_display().lower()})"
