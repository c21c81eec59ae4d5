"""A night's players: the list and check-in, status and names, and each player's own page."""

from __future__ import annotations

from collections import defaultdict
from urllib.parse import urlencode

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from scoring.once import answered_once
from tourney import services
from tourney.club import history
from tourney.club.people import RosterError, rename_person
from tourney.models import Arrival, Event, Player, Round, Seat
from tourney.night.forms import (
    PlayerNamesForm,
    PlayerStatusForm,
    RenamePlayerForm,
)
from tourney.night.sheet import build_sheet, places_by_round
from tourney.views.common import host_event, poll_unchanged, refused

RECENT_ARRIVALS = 8  # the door's latest check-ins the players page lists


@login_required
@require_http_methods(["GET", "POST"])
@answered_once
def player_list(request: HttpRequest, slug: str) -> HttpResponse:
    event = host_event(request, slug, need="desk")
    unchanged, poll_url = poll_unchanged(request, event, also=_door_stamp(event))
    if request.method == "GET" and request.htmx:
        if unchanged:
            return HttpResponse(status=204)  # no arrival, nothing changed
        context = _players_context(event, poll_url=poll_url)
        return render(request, "tourney/player_list.html#roster", context)
    form = PlayerNamesForm(request.POST or None, event=event)
    if request.method == "POST" and form.is_valid():
        status = (
            Player.Status.PRESENT if form.cleaned_data["check_in"] else Player.Status.REGISTERED
        )
        added = services.add_players(
            event,
            form.cleaned_data["entries"],
            status=status,
            by=services.Actor.account(request.user),
        )
        if added:
            messages.success(request, f"Added {_players(len(added))}.")
        else:
            messages.info(request, "No one added.")
        for note in form.notes:
            messages.info(request, note)
        return redirect("player_list", slug=event.slug)
    context = _players_context(event, form, poll_url=poll_url)
    return render(request, "tourney/player_list.html", context)


def _players(count: int) -> str:
    return f"{count} player{'s' if count != 1 else ''}"


@login_required
@require_POST
@answered_once
def player_check_in_all(request: HttpRequest, slug: str) -> HttpResponse:
    """Check in everyone expected; say how many, and who was left as marked."""
    event = host_event(request, slug, need="desk")
    done = services.check_everyone_in(event, by=services.Actor.account(request.user))
    if done.checked_in:
        messages.success(request, f"Checked in {_players(done.checked_in)}.")
    else:
        messages.info(request, "Everyone expected is already checked in.")
    left = [f"{', '.join(done.absent)} (absent)"] if done.absent else []
    left += [f"{', '.join(done.gone_home)} (gone home)"] if done.gone_home else []
    if left:
        messages.info(
            request,
            f"Not checked in, as you marked them: {'; '.join(left)}. "
            "Use their own Check in button when they are here.",
        )
    return redirect("player_list", slug=event.slug)


def _door_stamp(event: Event) -> str:
    """What the players page shows of the door beyond the players: who is waiting."""
    waiting = Arrival.objects.filter(
        Q(state=Arrival.State.WAITING) | Q(state=Arrival.State.PICKED_AGAIN, decided_at=None),
        event=event,
    ).values_list("pk", flat=True)
    return "w" + "-".join(map(str, sorted(waiting)))


def _players_context(event: Event, form=None, *, poll_url: str | None = None) -> dict:
    if poll_url is None:  # a partial answering a button: poll on from what it shows
        stamp = f"{event.score_stamp()}.{_door_stamp(event)}"
        poll_url = f"{reverse('player_list', args=[event.slug])}?{urlencode({'since': stamp})}"
    arrivals = event.arrivals.select_related("player")
    players = list(event.players.order_by("name"))
    by_status = defaultdict(int)
    for p in players:
        by_status[p.status] += 1
    return {
        "event": event,
        "players": players,
        "form": form,
        "present_count": by_status[Player.Status.PRESENT],
        "expected_count": by_status[Player.Status.REGISTERED],
        "held_count": by_status[Player.Status.ABSENT] + by_status[Player.Status.LEFT],
        "statuses": Player.Status,
        # "Gone home" means leaving during the night: before a round has started,
        # someone not coming is "Absent".
        "night_started": event.rounds.exclude(status=Round.Status.PLANNED).exists(),
        "waiting": list(arrivals.waiting().order_by("at", "pk")),
        "came_in": list(arrivals.filter(state=Arrival.State.CHECKED_IN)[:RECENT_ARRIVALS]),
        "picked_again": list(
            arrivals.filter(state=Arrival.State.PICKED_AGAIN, decided_at=None).order_by("at")
        ),
        "poll_url": poll_url,
        "poll_seconds": settings.ROOKERY_POLL_SECONDS,
    }


@login_required
@require_POST
def player_status(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    event = host_event(request, slug, need="desk")
    player = get_object_or_404(event.players, pk=pk)
    form = PlayerStatusForm(request.POST)
    if not form.is_valid():
        message = f"{player.name} is unchanged: that status is not one Rookery knows."
        return refused(request, message, reverse("player_list", args=[event.slug]))
    services.set_player_status(
        player, form.cleaned_data["status"], by=services.Actor.account(request.user)
    )
    if request.htmx:
        return render(request, "tourney/player_list.html#roster", _players_context(event))
    messages.success(request, f"{player.name}: {player.get_status_display().lower()}.")
    return redirect("player_list", slug=event.slug)


@login_required
@require_http_methods(["GET", "POST"])
def player_rename(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """A player's name is their roster person's name: renaming here renames them in
    every night they played."""
    event = host_event(request, slug, need="desk")
    player = get_object_or_404(event.players.select_related("person"), pk=pk)
    was_called = player.name  # the form writes the typed name onto the instance
    form = RenamePlayerForm(request.POST or None, instance=player)
    if request.method == "POST" and form.is_valid() and player.person is None:
        form.save()  # a game at one table: its players are on no roster
        messages.success(request, f"Renamed to {player.name}.")
        return redirect("player_list", slug=event.slug)
    if request.method == "POST" and form.is_valid():
        try:
            person = rename_person(player.person, form.cleaned_data["name"])
        except RosterError as exc:
            form.add_error("name", str(exc))
        else:
            nights = person.players.count()
            where = "in every night they played" if nights > 1 else "on your roster too"
            messages.success(request, f"Renamed to {person.name}, {where}.")
            return redirect("player_list", slug=event.slug)
    nights = player.person.players.count() if player.person else 1
    return render(
        request,
        "tourney/player_rename.html",
        {
            "event": event,
            "player": player,
            "was_called": was_called,
            "form": form,
            "nights": nights,
        },
    )


@login_required
@require_GET
def player_detail(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    event = host_event(request, slug, need="view")
    player = get_object_or_404(event.players, pk=pk)
    sheet = build_sheet(event)
    return render(request, "tourney/player_detail.html", player_context(sheet, player))


def player_context(sheet, player: Player) -> dict:
    """A player's night round by round: table, opponents, running total, place."""
    event = sheet.event
    row = next((r for r in sheet.rows if r.player.pk == player.pk), None)
    places = places_by_round(sheet).get(player.pk, [])
    seats = Seat.objects.filter(round__event=event, player=player).select_related("table", "round")
    table_ids = [s.table_id for s in seats]
    mates: dict[int, list[str]] = defaultdict(list)
    for seat in (
        Seat.objects.filter(table_id__in=table_ids)
        .exclude(player=player)
        .select_related("player")
        .order_by("position")
    ):
        mates[seat.table_id].append(seat.player.name)
    seat_by_round = {s.round.number: s for s in seats}
    lines, running = [], 0
    for info, cell in zip(sheet.rounds, row.cells if row else [], strict=False):
        if cell is not None and cell.points is not None:
            running += cell.points
        seat = seat_by_round.get(info.number)
        index = info.number - 1
        lines.append(
            {
                "info": info,
                "cell": cell,
                "seat": seat,
                "opponents": mates.get(seat.table_id, []) if seat else [],
                "running": running if cell is not None and cell.points is not None else None,
                "place": places[index] if index < len(places) else None,
            }
        )
    return {
        "event": event,
        "player": player,
        "row": row,
        "lines": lines,
        "chart": place_chart(places, field=len(sheet.rows), rounds=event.rounds_planned),
    }


def place_chart(places: list[int | None], *, field: int, rounds: int) -> dict | None:
    """Place after each round of one night (1st at the top): the night's field throughout."""
    if field < 1:
        return None
    points = [
        (n, p, field, f"Round {n}: place {p}") for n, p in enumerate(places, 1) if p is not None
    ]
    return history.place_chart(points, slots=max(rounds, len(places)))
