"""Sign-in throttling, through django-axes: who a failed attempt counts against.

django-axes counts failures per user name and client address together, on every
``authenticate()`` call, so the host sign-in page and ``/admin/login/`` share
one limit. This module only tells it how Rookery names a user and a client,
and what a locked-out host sees.
"""

from __future__ import annotations

import ipaddress
import math
import unicodedata

from axes.helpers import get_cool_off
from axes.models import AccessAttempt
from django.conf import settings
from django.db.models import Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone


def username_key(request: HttpRequest | None, credentials: dict | None = None) -> str:
    """The user name as counted: NFKC and case-folded, so a full-width or a
    mathematical-bold "hostc", and "HOSTC", are one count, not fresh guesses each."""
    field = settings.AXES_USERNAME_FORM_FIELD
    raw = (credentials or {}).get(field)
    if raw is None and request is not None:
        raw = request.POST.get(field, "")
    text = "".join(ch for ch in str(raw or "") if unicodedata.category(ch) != "Cc")
    return unicodedata.normalize("NFKC", text).casefold().strip()[:150]


def client_ip(request: HttpRequest) -> str | None:
    """The client's address: REMOTE_ADDR, unless ``ROOKERY_CLIENT_IP_HEADER`` names the
    header a trusted proxy sets (off by default: anyone can send such a header).

    The proxy appends the address it saw, so the last entry is the one to trust.
    """
    header = settings.ROOKERY_CLIENT_IP_HEADER
    if header:
        meta = "HTTP_" + header.upper().replace("-", "_")
        last = request.META.get(meta, "").split(",")[-1].strip()
        try:
            return str(ipaddress.ip_address(last))
        except ValueError:
            pass  # no header (a request that skipped the proxy): fall back
    return request.META.get("REMOTE_ADDR") or None


def minutes_to_wait(request: HttpRequest, credentials: dict | None) -> int:
    """Minutes until the lock lifts: the cool-off runs from the latest failure."""
    cool_off = get_cool_off(request)
    latest = (
        AccessAttempt.objects.filter(
            Q(username=username_key(request, credentials)) & Q(ip_address=client_ip(request))
        )
        .order_by("-attempt_time")
        .values_list("attempt_time", flat=True)
        .first()
    )
    if cool_off is None:
        return 0
    left = cool_off if latest is None else latest + cool_off - timezone.now()
    return max(1, math.ceil(left.total_seconds() / 60))


def locked_out(
    request: HttpRequest, response: HttpResponse | None = None, credentials: dict | None = None
) -> HttpResponse:
    """The sign-in page again, saying how long to wait (for /admin/login/ too)."""
    minutes = minutes_to_wait(request, credentials)
    message = (
        f"Too many sign-in attempts. Wait {minutes} minute{'s' if minutes != 1 else ''} "
        "and try again; if you've forgotten the password, the site admin can reset it."
    )
    return render(
        request,
        "registration/login.html",
        {"locked": message, "form": None},
        status=settings.AXES_HTTP_RESPONSE_CODE,
    )
