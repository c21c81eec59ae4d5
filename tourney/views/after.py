"""After the night, from the host's side: send each player their result by email."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.views.decorators.http import require_POST

from tourney import services
from tourney.night.links import live_url, site_url
from tourney.views.common import host_event, refused


def after_night_context(request: HttpRequest, event) -> dict:
    """The event page's "After the night" part: the live page's address, how long
    players' table links open their night, and the results email (when set up)."""
    return {
        "live_url": live_url(request, event),
        "email_configured": services.email_configured(),
        "mailing": services.result_mailing(event) if event.is_over() else None,
    }


def _players(count: int) -> str:
    return f"{count} player{'s' if count != 1 else ''}"


@login_required
@require_POST
def event_results_email(request: HttpRequest, slug: str) -> HttpResponse:
    """Queue the night's result for every rostered player with an address not sent
    theirs yet; a second click sends no one theirs twice."""
    event = host_event(request, slug, need="run")
    try:
        mailing = services.queue_night_results(event=event, site=site_url(request))
    except services.RoundStateError as exc:
        return refused(request, str(exc), event)
    if mailing.to_send:
        already = f" ({_players(mailing.sent)} already had it)" if mailing.sent else ""
        messages.success(
            request, f"Sending the night's result to {_players(mailing.to_send)}{already}."
        )
    elif mailing.with_address:
        messages.info(request, "Every player with an email address already has their result.")
    else:
        messages.info(
            request, "No player of this night has an email address on the roster: nothing sent."
        )
    return redirect(event)
