"""Signing in: the one-time links that sign a host in on their phone.

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
