"""Host invites: a site admin's one-time link that brings a new host in.

Made on the Hosts page (superusers only) or with ``manage.py invite_host``. The
link opens a form; only its POST makes the account and spends the link, so a
phone's or a chat app's link preview can't use it up. Only a hash of the secret
is stored, as for sign-in links. The new host starts with an empty club.
"""

from __future__ import annotations

from django.contrib.auth import login
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_http_methods

from tourney.accounts.forms import JoinForm
from tourney.accounts.signin_links import digest, new_secret
from tourney.models import HostInvite

BACKEND = "django.contrib.auth.backends.ModelBackend"


def issue_invite(*, made_by, club_name: str = "", base: str = "") -> str:
    """A fresh invite link (absolute when `base` is given); shown once, never stored."""
    secret, hashed = new_secret()
    HostInvite.objects.create(digest=hashed, club_name=club_name, made_by=made_by)
    return base.rstrip("/") + reverse("host_invite", args=[secret])


@require_http_methods(["GET", "POST"])
def accept_invite(request: HttpRequest, secret: str) -> HttpResponse:
    with transaction.atomic():
        invite = HostInvite.objects.select_for_update().filter(digest=digest(secret)).first()
        if invite is None or not invite.usable:
            return render(request, "registration/host_invite.html", {"spent": True}, status=410)
        form = JoinForm(
            request.POST if request.method == "POST" else None,
            initial={"club_name": invite.club_name},
        )
        if request.method == "POST" and form.is_valid():
            host = form.save()
            invite.used_at = timezone.now()
            invite.host = host
            invite.save(update_fields=["used_at", "host"])
            login(request, host, backend=BACKEND)
            return redirect("host_home")
    context = {"form": form, "action": request.path}
    status = 422 if form.is_bound else 200
    return render(request, "registration/host_invite.html", context, status=status)
