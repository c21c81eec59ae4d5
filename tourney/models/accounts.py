"""Accounts: the one-time links that sign a host in on their phone, the invites that
bring a new host in, the club name a host's account carries, and helpers' roles for a
club or a night with the invites that hand them out (and the mark of an account made
by one, which has no club of its own).

Imports Django only.
"""

from __future__ import annotations

import datetime

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.utils import timezone


class SignInLink(models.Model):
    """A one-time link that signs a host in on their phone (printed by `make night`).

    Only a hash of the secret is kept, so the database alone can't sign anyone in.
    """

    LIFETIME = datetime.timedelta(hours=12)

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    digest = models.CharField(max_length=64, unique=True)
    created_at = models.DateTimeField(default=timezone.now)
    used_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"sign-in link for {self.user} made {self.created_at:%Y-%m-%d %H:%M}"

    @property
    def expired(self) -> bool:
        return timezone.now() >= self.created_at + self.LIFETIME


class HostAccount(models.Model):
    """What a host's account adds to Django's user: the club's name.

    The name is shown in the header and typed to confirm deleting the account. A
    host made before clubs had names (by ``ensure_host`` or ``createsuperuser``)
    has no row; their club is called by their user name until they name it.
    """

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="host_account"
    )
    club_name = models.CharField("club name", max_length=80)

    def __str__(self) -> str:
        return self.club_name


class HelperAccount(models.Model):
    """Marks an account made by accepting a team invite (tourney.accounts.team_invites):
    it helps at other clubs' nights and has no club of its own, so its home lists the
    nights and clubs it helps with and offers no "New event" or "Team". A host who
    accepts an invite keeps their own club (they get no row). The helper's "Start a club
    of my own" on their home (tourney.accounts.team_invites.start_own_club), or a site
    admin deleting the row in the admin, makes the account a host's.
    """

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="helper_account"
    )
    created_at = models.DateTimeField(default=timezone.now)

    def __str__(self) -> str:
        return f"{self.user} helps (no club of their own)"


def has_club(user) -> bool:
    """Whether ``user`` has a club of their own: every account but an invited helper's."""
    if "_rookery_has_club" not in user.__dict__:
        user.__dict__["_rookery_has_club"] = not HelperAccount.objects.filter(user=user).exists()
    return user.__dict__["_rookery_has_club"]


def club_name(user) -> str:
    """The club's name for `user`: the one they gave, else their user name."""
    account = HostAccount.objects.filter(user=user).first()
    return account.club_name if account else user.get_username()


def display_name(user) -> str:
    """How Rookery names an account to people, on every page and in the activity log:
    the name they gave ("Dora Desk", typed when accepting an invite), else their
    user name (a host made by ``ensure_host``). ``{{ user|display_name }}`` in templates.
    """
    return user.get_full_name() or user.get_username()


class HostInvite(models.Model):
    """A one-time link a site admin sends to a new host, who sets a name and password.

    Like a sign-in link, only a hash of the secret is kept, and opening the link
    (a phone's link preview) spends nothing: the form's POST does.
    """

    LIFETIME = datetime.timedelta(days=7)

    digest = models.CharField(max_length=64, unique=True)
    club_name = models.CharField(
        "club name",
        max_length=80,
        blank=True,
        help_text="A suggestion; the new host may change it.",
    )
    made_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    created_at = models.DateTimeField(default=timezone.now)
    used_at = models.DateTimeField(null=True, blank=True)
    host = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        help_text="The account made with it.",
    )

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"host invite made {self.created_at:%Y-%m-%d %H:%M}"

    @property
    def expired(self) -> bool:
        return timezone.now() >= self.created_at + self.LIFETIME

    @property
    def usable(self) -> bool:
        return self.used_at is None and not self.expired


class Role(models.Model):
    """What one account may do for a club (a host), for all its nights or for one.

    The level names a Django group ("Co-host", "Desk", "Scorer", "Viewer") whose
    permissions say what it grants (tourney.accounts.roles). A role is never deleted:
    revoking stamps who and when, so the night's record keeps who could do what.
    """

    class Level(models.TextChoices):
        RUN = "run", "Co-host"
        DESK = "desk", "Desk"
        SCORE = "score", "Scorer"
        VIEW = "view", "Viewer"

    club = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="club_roles"
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="roles"
    )
    event = models.ForeignKey(
        "tourney.Event",
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="roles",
        help_text="Empty: every night of the club.",
    )
    level = models.CharField(max_length=8, choices=Level)
    granted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    granted_at = models.DateTimeField(default=timezone.now)
    revoked_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-granted_at"]
        constraints = [
            models.CheckConstraint(condition=~Q(club=F("user")), name="role_not_for_own_club"),
            # One live role per account and scope: a second invite replaces the first.
            models.UniqueConstraint(
                "club",
                "user",
                condition=Q(revoked_at__isnull=True, event__isnull=True),
                name="one_live_club_role",
            ),
            models.UniqueConstraint(
                "club",
                "user",
                "event",
                condition=Q(revoked_at__isnull=True, event__isnull=False),
                name="one_live_night_role",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.user} as {self.get_level_display()} for {self.scope}"

    @property
    def scope(self) -> str:
        return str(self.event) if self.event_id else f"{self.club}'s club"


class Invite(models.Model):
    """A one-time link (shown as a QR code) that gives whoever accepts it a role.

    Like a sign-in link: only a hash of the secret is kept, the link opens a page
    with one button, and only that button's POST uses it up.
    """

    LIFETIME = datetime.timedelta(hours=48)

    club = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="invites"
    )
    event = models.ForeignKey(
        "tourney.Event", on_delete=models.CASCADE, null=True, blank=True, related_name="invites"
    )
    level = models.CharField(max_length=8, choices=Role.Level)
    digest = models.CharField(max_length=64, unique=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    created_at = models.DateTimeField(default=timezone.now)
    used_at = models.DateTimeField(null=True, blank=True)
    used_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"invite as {self.get_level_display()} made {self.created_at:%Y-%m-%d %H:%M}"

    @property
    def expired(self) -> bool:
        return timezone.now() >= self.created_at + self.LIFETIME

    @property
    def usable(self) -> bool:
        return self.used_at is None and self.revoked_at is None and not self.expired
