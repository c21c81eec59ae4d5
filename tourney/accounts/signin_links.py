"""One-time sign-in links: `make night` prints one as a QR code for the host's phone.

The link opens a page with one button; the POST behind it signs the host in and
uses the link up, so a phone's link preview can't spend it. Only a hash of the
secret is stored.
"""

from __future__ import annotations

import hashlib
import secrets

from django.contrib.auth import get_user_model, login
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_http_methods

from tourney.models import SignInLink

BACKEND = "django.contrib.auth.backends.ModelBackend"


def digest(secret: str) -> str:
    """What is stored of a one-time link's secret (sign-in links, host and team
    invites): the database alone can't open the link."""
    return hashlib.sha256(secret.encode()).hexdigest()


def new_secret() -> tuple[str, str]:
    """A fresh one-time link secret, and its digest to store."""
    secret = secrets.token_urlsafe(24)
    return secret, digest(secret)


def issue_link(username: str, *, base: str) -> str | None:
    """A fresh link for the active host `username`, or None when there is none."""
    user = get_user_model().objects.filter(username=username, is_active=True).first()
    if user is None:
        return None
    secret, hashed = new_secret()
    SignInLink.objects.create(user=user, digest=hashed)
    return base.rstrip("/") + reverse("sign_in_link", args=[secret])


@require_http_methods(["GET", "POST"])
def sign_in_link(request: HttpRequest, secret: str) -> HttpResponse:
    with transaction.atomic():
        link = (
            SignInLink.objects.select_for_update()
            .select_related("user")
            .filter(digest=digest(secret))
            .first()
        )
        usable = (
            link is not None and link.used_at is None and not link.expired and link.user.is_active
        )
        if usable and request.method == "POST":
            link.used_at = timezone.now()
            link.save(update_fields=["used_at"])
            login(request, link.user, backend=BACKEND)
            return redirect("host_home")
    if not usable:
        return render(request, "registration/sign_in_link.html", {"spent": True}, status=410)
    return render(
        request,
        "registration/sign_in_link.html",
        {"username": link.user.get_username(), "action": request.path},
    )
