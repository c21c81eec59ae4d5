"""The night's live page: standings and every round's scores on any phone, no sign-in.

Its address holds the night's own secret (``Event.live_token``), printed as the
Standings QR code on the projector, the table cards and the door card; the host can
turn it off, and then the address answers "turned off". A phone that entered or
confirmed scores as a player (the table page's name cookie) sees that player's row
marked, their scores and where they sit next. The page polls with the version it
shows and gets an empty 204 while nothing changed. No contact details: it shows
names and scores only.
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from tourney.models import Event
from tourney.night.live import round_scores, your_night
from tourney.night.sheet import build_sheet
from tourney.views.common import poll_unchanged
from tourney.views.table import NAME_COOKIE, TOKEN, private


def remembered_player_id(request: HttpRequest) -> int | None:
    """The player id this phone entered or confirmed scores as (the table page's cookie)."""
    value = request.COOKIES.get(NAME_COOKIE, "")
    if value.isascii() and value.isdigit() and len(value) < 12:
        return int(value)
    return None


@private
@require_GET
def live_standings(request: HttpRequest, token: str) -> HttpResponse:
    event = Event.objects.filter(live_token=token).first() if TOKEN.fullmatch(token) else None
    if event is None or not event.live_standings:
        status = 404 if event is None else 410
        return render(request, "tourney/live_off.html", {"event": event}, status=status)
    partial = bool(request.htmx) and not request.htmx.history_restore_request
    unchanged, poll_url = poll_unchanged(request, event)
    if partial and unchanged:
        return HttpResponse(status=204)  # the phone keeps what it shows
    sheet = build_sheet(event)
    context = {
        "event": event,
        "sheet": sheet,
        "rounds": round_scores(sheet),
        "you": your_night(sheet, remembered_player_id(request)),
        "poll_url": poll_url,
        "poll_seconds": settings.ROOKERY_LIVE_POLL_SECONDS,
    }
    template = "tourney/live_standings.html" + ("#live" if partial else "")
    return render(request, template, context)
