"""Accounts: the one-time links that sign a host in on their phone, the invites that
bring a new host in, and the club name a host's account carries.

Imports Django only.
"""

from __future__ import annotations

import datetime

from django.conf import settings
from django.db import models
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


def club_name(user) -> str:
    """The club's name for `user`: the one they gave, else their user name."""
    account = HostAccount.objects.filter(user=user).first()
    return account.club_name if account else user.get_username()


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
