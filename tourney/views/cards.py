"""Paper for the room: table cards with QR codes and codes, movement cards, seating charts."""

from __future__ import annotations

from collections import defaultdict

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import IntegrityError, transaction
from django.db.models import Max
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST

from scoring.once import answered_once
from tourney import services
from tourney.models import Event, Player, Round, Seat, TableCard
from tourney.night.links import absolute_url, live_url, phones_cannot_open, qr_svg, site_url
from tourney.views.common import host_event, host_round, someone_sits_out


def _sitting_out(event: Event, rnd: Round, seated: set[int]) -> list[Player]:
    """Who sits this round out, for the paper and the projector: the players checked in
    but not seated, where the room doesn't split. Empty for a closed round (who is checked
    in now says nothing of who sat out then) and before anyone is seated."""
    if not seated or rnd.status == Round.Status.CLOSED:
        return []
    present = list(event.players.present())
    if not someone_sits_out(event, len(present)):
        return []
    return sorted((p for p in present if p.pk not in seated), key=lambda p: p.name.casefold())


@login_required
@require_GET
def seating_chart(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """Name → table and seat, alphabetical: for the projector, or printed (?print=1)."""
    event = host_event(request, slug, need="desk")
    rnd = get_object_or_404(event.rounds, number=number)
    seats = list(
        Seat.objects.filter(round=rnd)
        .select_related("player", "table__round__event")
        .order_by("player__name")
    )
    rows = [(s.player.name, s) for s in seats]
    rows += [(p.name, None) for p in _sitting_out(event, rnd, {s.player_id for s in seats})]
    rows.sort(key=lambda row: row[0].casefold())
    printing = request.GET.get("print") == "1"
    return render(
        request,
        "tourney/seating_chart.html",
        {"event": event, "round": rnd, "seats": seats, "rows": rows, "printing": printing},
    )


@login_required
@require_GET
def movement_cards(request: HttpRequest, slug: str) -> HttpResponse:
    """One card per player: table and seat for every round planned so far."""
    event = host_event(request, slug, need="desk")
    rounds = list(event.rounds.order_by("number"))
    seats = Seat.objects.filter(round__event=event).select_related("table__round__event", "round")
    where: dict[int, dict[int, Seat]] = defaultdict(dict)
    for seat in seats:
        where[seat.player_id][seat.round.number] = seat
    began = rounds[0].started_at if rounds else None
    cards = [
        {
            "player": p,
            "rounds": [
                (r, where[p.pk].get(r.number) or _why_no_seat(p, r, where[p.pk], began))
                for r in rounds
            ],
        }
        for p in event.players.exclude(status=Player.Status.ABSENT).order_by("name")
    ]
    return render(
        request,
        "tourney/movement_cards.html",
        {
            "event": event,
            "rounds": rounds,
            "cards": cards,
            "join_url": absolute_url(request, reverse("join")),
            "breaking": services.planned_rounds_breaking_rules(event),
            "drift": services.planned_rounds_off_attendance(event),
        },
    )


def _why_no_seat(player: Player, rnd: Round, seated: dict[int, Seat], began) -> str:
    """What a movement card says for a round without a seat: a player who went home
    or has not come yet is not "sitting out" (that is the rotation of an uneven room).

    ``began`` is when round 1 started: a player added after it arrived late."""
    before = any(number < rnd.number for number in seated)
    after = any(number > rnd.number for number in seated)
    if player.status == Player.Status.LEFT and not after:
        return "gone home"
    arrived_late = began is not None and player.joined_at > began
    if not before and (arrived_late or player.status == Player.Status.REGISTERED):
        return "not here yet"
    return "sits out"


@login_required
@require_GET
def table_list(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """A plain printable list of each table's players, in seat order."""
    event = host_event(request, slug, need="desk")
    rnd = host_round(event, number)
    seated = set(Seat.objects.filter(round=rnd).values_list("player_id", flat=True))
    return render(
        request,
        "tourney/round_tables_print.html",
        {"event": event, "round": rnd, "sitting_out": _sitting_out(event, rnd, seated)},
    )


@login_required
@require_GET
def table_cards(request: HttpRequest, slug: str) -> HttpResponse:
    """One card per table number: big number and a QR code of its private link.

    Printed once a night: a card always opens whatever round its table plays now.
    """
    event = host_event(request, slug, need="desk")
    wanted = services.table_numbers_needed(event)
    for number in range(1, wanted + 1):
        TableCard.objects.get_or_create(event=event, number=number)
    cards = []
    for card in event.table_cards.order_by("number"):
        url = absolute_url(request, reverse("table_page", args=[card.token]))
        cards.append({"card": card, "url": url, "svg": qr_svg(url)})
    live = live_url(request, event)
    return render(
        request,
        "tourney/table_cards.html",
        {
            "event": event,
            "cards": cards,
            "join_url": absolute_url(request, reverse("join")),
            "loopback": phones_cannot_open(request),
            "site": site_url(request),
            "live_qr": qr_svg(live, scale=3) if live else "",
        },
    )


@login_required
@require_POST
@answered_once
def table_card_add(request: HttpRequest, slug: str) -> HttpResponse:
    event = host_event(request, slug, need="desk")
    for attempt in range(3):
        top = event.table_cards.aggregate(m=Max("number"))["m"] or 0
        try:
            with transaction.atomic():
                TableCard.objects.create(event=event, number=top + 1)
            break
        except IntegrityError:
            if attempt == 2:  # another tab took that number: the next one is free
                raise
    messages.success(request, f"Added a card for table {top + 1}.")
    return redirect("table_cards", slug=slug)


@login_required
@require_POST
def table_card_reissue(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """A lost card: a new link for that table; the old card stops working."""
    event = host_event(request, slug, need="desk")
    card = get_object_or_404(event.table_cards, number=number)
    card.reissue()
    messages.success(
        request,
        f"Table {number} has a new link: print its card again. The old card no longer works.",
    )
    return redirect("table_cards", slug=slug)
