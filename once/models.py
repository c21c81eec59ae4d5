"""One row per create form sent with a one-time token, holding the answer it got."""

from __future__ import annotations

import datetime

from django.conf import settings
from django.db import models
from django.utils import timezone


class FormSubmission(models.Model):
    """A create form that was sent: the token its page carried, where its answer
    redirected, and the messages it showed, so a repeat gets the same answer."""

    KEEP = datetime.timedelta(days=2)

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    token = models.CharField(max_length=64)
    url = models.CharField(max_length=2000, blank=True)
    messages = models.JSONField(default=list, blank=True)
    created_at = models.DateTimeField(default=timezone.now, db_index=True)

    class Meta:
        constraints = [
            models.UniqueConstraint("owner", "token", name="form_token_used_once"),
        ]

    def __str__(self) -> str:
        return f"form sent by {self.owner} at {self.created_at:%Y-%m-%d %H:%M}"
