"""Self check-in at the door: the door card the host prints (and the projector shows
before round 1), the players' door page it opens, and the desk's approvals.

The door page answers to the night's unguessable door link, not a sign-in; it works
while the host leaves it on and the night goes on. Wrong links and typed names are
counted per phone with the /join limit (``JoinAttempt``), so neither the link nor the
roster can be fished for.
"""

from __future__ import annotations

import re
import secrets

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from tourney import services
from tourney.accounts.signin import client_ip
from tourney.models import Arrival, Event, JoinAttempt, Player
from tourney.night.forms import DoorNameForm
from tourney.night.links import absolute_url, live_url, phones_cannot_open, qr_svg, site_url
from tourney.views.common import as_pk, host_event
from tourney.views.table import TOKEN

TOO_MANY = (
    "Too many tries from this phone. Wait {minutes} minutes and try again, "
    "or ask the desk to check you in."
)


def door_card_context(request: HttpRequest, event: Event) -> dict:
    """The door's QR code and short address, for the printed card and the projector."""
    url = absolute_url(request, reverse("door", args=[event.door_token]))
    live = live_url(request, event)
    return {
        "door_url": url,
        "door_svg": qr_svg(url),
        "join_url": absolute_url(request, reverse("join")),
        "door_live_qr": qr_svg(live, scale=3, light="white") if live else "",
    }


def _too_many(request: HttpRequest) -> HttpResponse:
    minutes = int(JoinAttempt.WINDOW.total_seconds() // 60)
    message = TOO_MANY.format(minutes=minutes)
    return render(request, "tourney/door.html", {"refused": message}, status=429)


def _door_event(request: HttpRequest, token: str) -> Event | HttpResponse:
    """The night of a door link, or the answer for a wrong one (counted like a wrong
    table code: a phone trying links is told to wait)."""
    ip = client_ip(request)
    if JoinAttempt.objects.too_many(ip):
        return _too_many(request)
    event = Event.objects.filter(door_token=token).first() if TOKEN.fullmatch(token) else None
    if event is not None:
        return event
    if JoinAttempt.objects.take_a_try(ip) is None:
        return _too_many(request)
    message = (
        "This check-in link doesn't work: it may be from an old card. Scan the door card "
        "again, or ask the desk."
    )
    return render(request, "tourney/door.html", {"refused": message}, status=404)


# The door's mark for a phone (no sign-in there): the phone that checked a name in is told
# "checked in" again on a double tap; another phone picking that name is asked who it is.
PHONE_COOKIE = "rookery_door_phone"
PHONE_MARK = re.compile(r"[A-Za-z0-9_-]{16,40}")


def _phone_mark(request: HttpRequest) -> str:
    mark = request.COOKIES.get(PHONE_COOKIE, "")
    return mark if PHONE_MARK.fullmatch(mark) else secrets.token_urlsafe(12)


@require_http_methods(["GET", "POST"])
def door(request: HttpRequest, token: str) -> HttpResponse:
    """A player's own check-in: tap their name on tonight's list, or type it."""
    request.door_phone = _phone_mark(request)
    response = _door(request, token)
    response.set_cookie(
        PHONE_COOKIE,
        request.door_phone,
        max_age=2 * 24 * 3600,
        httponly=True,
        samesite="Lax",
        secure=request.is_secure(),
    )
    return response


def _door(request: HttpRequest, token: str) -> HttpResponse:
    event = _door_event(request, token)
    if isinstance(event, HttpResponse):
        return event
    if not event.door_is_open():
        if event.is_table_game:
            why = "a game at one table has no door"
        else:
            why = "the night is over" if event.is_over() else "the host has turned it off"
        message = f"Check-in at the door is closed for {event.name}: {why}. Ask the desk."
        return render(request, "tourney/door.html", {"refused": message}, status=410)
    form = DoorNameForm(event=event)
    if request.method == "POST" and request.POST.get("player"):
        return _picked(request, event, token)
    if request.method == "POST":
        if JoinAttempt.objects.take_a_try(client_ip(request)) is None:
            return _too_many(request)
        form = DoorNameForm(request.POST, event=event)
        if form.is_valid():
            return _typed(request, event, token, form)
    return render(request, "tourney/door.html", _door_context(event, form))


def _door_context(event: Event, form: DoorNameForm) -> dict:
    expected = event.players.filter(status__in=[Player.Status.REGISTERED, Player.Status.ABSENT])
    return {
        "event": event,
        "expected": list(expected.order_by("name")),
        "form": form,
        "night_started": event.round_in_play() is not None,
    }


def _answered(request: HttpRequest, token: str, answer: services.DoorAnswer) -> HttpResponse:
    (messages.warning if answer.already else messages.success)(request, answer.message)
    return redirect("door", token=token)


def _picked(request: HttpRequest, event: Event, token: str) -> HttpResponse:
    pk = as_pk(request.POST.get("player"))
    player = event.players.filter(pk=pk).first() if pk else None
    if player is None:
        messages.error(request, "That name is no longer on tonight's list: type it below.")
        return redirect("door", token=token)
    try:
        answer = services.check_in_at_door(event, player, phone=request.door_phone)
    except services.DoorError as exc:
        messages.error(request, str(exc))
        return redirect("door", token=token)
    return _answered(request, token, answer)


def _typed(request: HttpRequest, event: Event, token: str, form: DoorNameForm) -> HttpResponse:
    player = form.cleaned_data["player"]
    try:
        if player is not None:
            answer = services.check_in_at_door(event, player, phone=request.door_phone)
        else:
            answer = services.arrive_at_door(
                event, form.cleaned_data["entries"][0], phone=request.door_phone
            )
    except services.DoorError as exc:
        messages.error(request, str(exc))
        return redirect("door", token=token)
    return _answered(request, token, answer)


@login_required
@require_GET
def door_card(request: HttpRequest, slug: str) -> HttpResponse:
    """The printable door card, with the switch that turns the door on and off."""
    event = host_event(request, slug, need="desk")
    context = {
        "event": event,
        "loopback": phones_cannot_open(request),
        "site": site_url(request),
        **door_card_context(request, event),
    }
    return render(request, "tourney/door_card.html", context)


@login_required
@require_POST
def door_switch(request: HttpRequest, slug: str) -> HttpResponse:
    """Turn check-in at the door on or off (off: the card's link and code stop working)."""
    event = host_event(request, slug, need="desk")
    event.door_open = request.POST.get("open") == "1"
    event.save(update_fields=["door_open", "updated_at"])
    if event.door_open:
        messages.success(request, "Check-in at the door is on: the door card works again.")
    else:
        messages.success(request, "Check-in at the door is off: the door card no longer works.")
    return redirect("door_card", slug=slug)


@login_required
@require_POST
def door_new_address(request: HttpRequest, slug: str) -> HttpResponse:
    """A door card shared outside the room: a new link and code; the old ones stop."""
    event = host_event(request, slug, need="desk")
    event.new_door_address()
    messages.success(
        request,
        "The door has a new link and code: print the card again. The old one no longer works.",
    )
    return redirect("door_card", slug=slug)


@login_required
@require_POST
def arrival_decide(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """The desk approves or declines someone waiting at the door."""
    event = host_event(request, slug, need="desk")
    back = reverse("player_list", args=[event.slug])
    get_object_or_404(Arrival, event=event, pk=pk)  # arrivals are kept, decided or not
    decision = request.POST.get("decision")
    if decision == "seen":
        arrival = get_object_or_404(Arrival, event=event, pk=pk)
        services.mark_picked_again_seen(event, pk)  # twice: the same
        messages.info(request, f"Noted: {arrival.name} picked again at the door.")
        return redirect(back)
    if decision not in ("approve", "decline"):
        messages.error(request, "Choose Approve or Decline for someone waiting at the door.")
        return redirect(back)
    decide = services.approve_arrival if decision == "approve" else services.decline_arrival
    arrival = decide(event, pk, by=services.Actor.account(request.user))  # twice: same answer
    if arrival.state == Arrival.State.CHECKED_IN:
        messages.success(request, f"{arrival.player.name} is checked in.")
    else:
        messages.info(request, f"{arrival.name} was not added.")
    return redirect(back)
