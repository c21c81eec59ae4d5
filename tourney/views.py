"""The host's pages. Thin function views: a form, a call into the domain, a render.

Each page works as plain HTML forms; with htmx the changing region is swapped
in place (the view renders ``"page.html#partial"`` when ``request.htmx``).
"""

from __future__ import annotations

import io
from collections import defaultdict

import segno
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import LoginView
from django.db.models import Count, Max, Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_tables2 import RequestConfig

from scoring import exports, rules
from tourney import seating, services
from tourney.forms import (
    BlankSheetForm,
    CloseRoundForm,
    DeleteEventForm,
    EventForm,
    HostScoresForm,
    PlayerNamesForm,
    PlayerStatusForm,
    RenamePlayerForm,
    SwapForm,
    TableGameForm,
)
from tourney.links import absolute_url, phones_cannot_open, site_url
from tourney.models import Entry, Event, Player, Round, Score, Seat, TableCard
from tourney.sheet import build_sheet, places_by_round
from tourney.tables import sheet_table


def _event(request: HttpRequest, slug: str) -> Event:
    return get_object_or_404(Event, slug=slug, owner=request.user)


def _round(event: Event, number: int) -> Round:
    return get_object_or_404(event.rounds.with_tables(), number=number)


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    """Hosts go to their events; everyone else to the sign-in page, which says what
    Rookery is (players reach their tables through the QR codes, not from here)."""
    if request.user.is_authenticated:
        return redirect("host_home")
    return redirect("login")


class SignInView(LoginView):
    """Django's sign-in. django-axes (settings.py, ``tourney.signin``) slows down
    password guessers here and on /admin/login/ alike."""

    redirect_authenticated_user = True


@login_required
@require_GET
def host_home(request: HttpRequest) -> HttpResponse:
    events = (
        Event.objects.for_host(request.user)
        .annotate(
            player_count=Count("players", distinct=True),
            rounds_closed=Count("rounds", filter=Q(rounds__status="closed"), distinct=True),
        )
        .order_by("-date", "-created_at")
    )
    return render(request, "tourney/event_list.html", {"events": events})


@login_required
@require_http_methods(["GET", "POST"])
def event_create(request: HttpRequest) -> HttpResponse:
    form = EventForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        form.instance.owner = request.user
        event = form.save()
        messages.success(request, f"“{event.name}” is ready. Add the players next.")
        return redirect("player_list", slug=event.slug)
    return render(request, "tourney/event_form.html", {"form": form, "event": None})


@login_required
@require_http_methods(["GET", "POST"])
def event_edit(request: HttpRequest, slug: str) -> HttpResponse:
    event = _event(request, slug)
    before = Event.objects.get(pk=event.pk)  # the form's validation changes ``event``
    form = EventForm(request.POST or None, instance=event)
    if request.method == "POST" and form.is_valid():
        refusals, notes = services.edit_consequences(before, form.instance)
        if before.rounds.exists() and "game_slug" in form.changed_data:
            form.add_error("game_slug", "Rounds have been seated: the game can't change now.")
        elif refusals:
            for refusal in refusals:
                form.add_error(None, refusal)
        else:
            form.save()
            messages.success(request, " ".join(["Event saved.", *notes]))
            return redirect(event)
    status = 422 if form.is_bound else 200
    return render(request, "tourney/event_form.html", {"form": form, "event": event}, status=status)


@login_required
@require_http_methods(["GET", "POST"])
def event_delete(request: HttpRequest, slug: str) -> HttpResponse:
    event = _event(request, slug)
    score_count = Entry.objects.for_event(event).count()
    form = DeleteEventForm(request.POST or None, has_scores=score_count > 0)
    if request.method == "POST" and form.is_valid():
        name = event.name
        services.delete_event(event)
        messages.success(request, f"“{name}” was deleted.")
        return redirect("host_home")
    return render(
        request,
        "tourney/event_confirm_delete.html",
        {"event": event, "form": form, "score_count": score_count},
    )


@login_required
@require_GET
def event_detail(request: HttpRequest, slug: str) -> HttpResponse:
    event = _event(request, slug)
    rounds = list(event.rounds.order_by("number").prefetch_related("tables", "entries"))
    counts = {
        row["status"]: row["n"] for row in event.players.values("status").annotate(n=Count("pk"))
    }
    latest = rounds[-1] if rounds else None
    return render(
        request,
        "tourney/event_detail.html",
        {
            "event": event,
            "rounds": rounds,
            "latest": latest,
            "present": counts.get(Player.Status.PRESENT, 0),
            "player_total": sum(counts.values()),
            "can_seat_next": (latest is None or latest.status == Round.Status.CLOSED)
            and (latest.number if latest else 0) < event.rounds_planned
            and event.ended_at is None,
            "next_number": (latest.number + 1) if latest else 1,
            "is_over": event.is_over(),
        },
    )


# Players -----------------------------------------------------------------


@login_required
@require_http_methods(["GET", "POST"])
def player_list(request: HttpRequest, slug: str) -> HttpResponse:
    event = _event(request, slug)
    form = PlayerNamesForm(request.POST or None, event=event)
    if request.method == "POST" and form.is_valid():
        status = (
            Player.Status.PRESENT if form.cleaned_data["check_in"] else Player.Status.REGISTERED
        )
        added = services.add_players(event, form.cleaned_data["clean_names"], status=status)
        messages.success(request, f"Added {len(added)} player{'s' if len(added) != 1 else ''}.")
        return redirect("player_list", slug=event.slug)
    return render(request, "tourney/player_list.html", _players_context(event, form))


def _players_context(event: Event, form=None) -> dict:
    players = list(event.players.order_by("name"))
    by_status = defaultdict(int)
    for p in players:
        by_status[p.status] += 1
    return {
        "event": event,
        "players": players,
        "form": form,
        "present_count": by_status[Player.Status.PRESENT],
        "statuses": Player.Status,
    }


@login_required
@require_POST
def player_status(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    event = _event(request, slug)
    player = get_object_or_404(event.players, pk=pk)
    form = PlayerStatusForm(request.POST)
    if form.is_valid():
        services.set_player_status(player, form.cleaned_data["status"])
        if not request.htmx:
            messages.success(request, f"{player.name}: {player.get_status_display().lower()}.")
    else:
        messages.error(request, "That status is not one Rookery knows.")
    if request.htmx:
        return render(request, "tourney/player_list.html#roster", _players_context(event))
    return redirect("player_list", slug=event.slug)


@login_required
@require_http_methods(["GET", "POST"])
def player_rename(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    event = _event(request, slug)
    player = get_object_or_404(event.players, pk=pk)
    form = RenamePlayerForm(request.POST or None, instance=player)
    if request.method == "POST" and form.is_valid():
        form.save()
        messages.success(request, f"Renamed to {player.name}.")
        return redirect("player_list", slug=event.slug)
    return render(
        request, "tourney/player_rename.html", {"event": event, "player": player, "form": form}
    )


# Rounds --------------------------------------------------------------------


def _fallback(request: HttpRequest) -> str | None:
    """The fix the host chose when the players present don't split into tables."""
    choice = request.POST.get("fallback")
    return choice if choice in ("short_table", "sit_out") else None


def _seating_problem(request, event: Event, error: seating.SeatingError, action: str):
    """Say why the tables don't split and offer the fixes, each a button to try again."""
    return render(
        request,
        "tourney/seating_problem.html",
        {"event": event, "error": error, "action": action},
        status=409,
    )


@login_required
@require_POST
def round_seat_next(request: HttpRequest, slug: str) -> HttpResponse:
    event = _event(request, slug)
    try:
        rnd = services.seat_next_round(event, fallback=_fallback(request))
    except seating.SeatingError as exc:
        return _seating_problem(request, event, exc, reverse("round_seat_next", args=[slug]))
    except services.RoundStateError as exc:
        messages.error(request, str(exc))
        return redirect(event)
    messages.success(request, f"Round {rnd.number} is seated. Check the tables, then start play.")
    return redirect("round_detail", slug=slug, number=rnd.number)


@login_required
@require_POST
def round_plan_night(request: HttpRequest, slug: str) -> HttpResponse:
    event = _event(request, slug)
    try:
        created = services.plan_rest_of_night(event, fallback=_fallback(request))
    except seating.SeatingError as exc:
        return _seating_problem(request, event, exc, reverse("round_plan_night", args=[slug]))
    except services.RoundStateError as exc:
        messages.error(request, str(exc))
        return redirect(event)
    messages.success(request, f"Planned {len(created)} rounds ahead. Print the movement cards.")
    return redirect("movement_cards", slug=slug)


def _round_context(event: Event, rnd: Round, **extra) -> dict:
    tables = list(rnd.tables.all())
    current = {
        e.table_id: e
        for e in rnd.entries.filter(state=Entry.State.CURRENT).prefetch_related("scores")
    }
    disputes = defaultdict(list)
    for e in rnd.entries.filter(state=Entry.State.DISPUTED).prefetch_related("scores"):
        disputes[e.table_id].append(e)
    rows = []
    for table in tables:
        entry = current.get(table.pk)
        points = entry.points_by_player() if entry else {}
        rows.append(
            {
                "table": table,
                "seats": [(s, points.get(s.player_id)) for s in table.seats.all()],
                "entry": entry,
                "disputes": disputes.get(table.pk, []),
                "deal": table.rules_round(),
            }
        )
    seated = {s.player_id for t in tables for s in t.seats.all()}
    present = list(event.players.present())
    context = {
        "event": event,
        "round": rnd,
        "rows": rows,
        "repeats": services.repeats_of(rnd) if rnd.number > 1 else 0,
        "unseated": [p for p in present if p.pk not in seated],
        "seated_not_present": [
            s.player for t in tables for s in t.seats.all() if not s.player.is_present
        ],
        "size_problems": services.table_size_problems(rnd),
        "swap_form": SwapForm(rnd=rnd) if rnd.status == Round.Status.PLANNED else None,
        "close_form": CloseRoundForm(),
        "contract": rnd.contract(),
    }
    context.update(extra)
    return context


@login_required
@require_GET
def round_detail(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    event = _event(request, slug)
    rnd = _round(event, number)
    template = "tourney/round_detail.html"
    if request.htmx:
        template += "#tables"
    return render(request, template, _round_context(event, rnd))


@login_required
@require_POST
def round_swap(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    event = _event(request, slug)
    rnd = _round(event, number)
    form = SwapForm(request.POST, rnd=rnd)
    if form.is_valid():
        before = services.repeats_of(rnd)
        player, other, table = (form.cleaned_data[k] for k in ("player", "other", "table"))
        try:
            if other is not None:
                services.swap_players(rnd, player, other)
                done = f"Swapped {player.name} and {other.name}."
            else:
                services.move_player(rnd, player, table)
                done = f"Moved {player.name} to table {table}."
        except services.RoundStateError as exc:
            form.add_error(None, str(exc))
        else:
            rnd = _round(event, number)
            after = services.repeats_of(rnd)
            messages.success(request, f"{done} {_repeat_change(before, after)}")
            if not request.htmx:
                return redirect("round_detail", slug=slug, number=number)
            form = SwapForm(rnd=rnd)
    template = "tourney/round_detail.html" + ("#tables" if request.htmx else "")
    status = 200 if form.is_valid() or not form.errors else 422
    return render(request, template, _round_context(event, rnd, swap_form=form), status=status)


def _repeat_change(before: int, after: int) -> str:
    if after == before:
        return f"Repeat meetings unchanged ({after})."
    word = "more" if after > before else "fewer"
    return f"Repeat meetings: {after} ({abs(after - before)} {word})."


@login_required
@require_POST
def round_reseat(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    event = _event(request, slug)
    rnd = _round(event, number)
    method = request.POST.get("method") or None
    if method not in (None, *Event.Seating.values):
        method = None
    try:
        services.reseat_round(rnd, fallback=_fallback(request), method=method)
    except seating.SeatingError as exc:
        return _seating_problem(request, event, exc, reverse("round_reseat", args=[slug, number]))
    except services.RoundStateError as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, f"Round {number} re-seated.")
    return redirect("round_detail", slug=slug, number=number)


@login_required
@require_POST
def round_begin(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    event = _event(request, slug)
    rnd = _round(event, number)
    try:
        services.begin_round(rnd)
    except services.RoundStateError as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, f"Round {number} has started. Tables can enter scores.")
    return redirect("round_detail", slug=slug, number=number)


@login_required
@require_POST
def round_close(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    event = _event(request, slug)
    rnd = _round(event, number)
    form = CloseRoundForm(request.POST)
    form.is_valid()
    try:
        services.close_round(
            rnd,
            fill_empty_tables=form.cleaned_data.get("fill_empty_tables", False),
            keep_first_entry=form.cleaned_data.get("keep_first_entry", False),
            user=request.user,
        )
    except services.RoundStateError as exc:
        messages.error(request, str(exc))
        return redirect("round_detail", slug=slug, number=number)
    messages.success(request, f"Round {number} is closed.")
    return redirect(event)


@login_required
@require_POST
def round_reopen(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    event = _event(request, slug)
    rnd = _round(event, number)
    try:
        services.reopen_round(rnd)
    except services.RoundStateError as exc:
        messages.error(request, str(exc))
    else:
        messages.success(
            request, f"Round {number} is open again: corrections are saved as new versions."
        )
        table = request.POST.get("table", "")
        if table.isdigit() and rnd.tables.filter(number=int(table)).exists():
            return redirect("table_scores_host", slug=slug, number=number, table=int(table))
    return redirect("round_detail", slug=slug, number=number)


@login_required
@require_http_methods(["GET", "POST"])
def table_scores_host(request: HttpRequest, slug: str, number: int, table: int) -> HttpResponse:
    """The host enters or corrects one table's scores."""
    event = _event(request, slug)
    rnd = _round(event, number)
    gtable = get_object_or_404(rnd.tables.all(), number=table)
    seats = list(gtable.seats.select_related("player").order_by("position"))
    current = gtable.entries.filter(state=Entry.State.CURRENT).first()
    initial = {
        f"p{pid}": pts for pid, pts in (current.points_by_player() if current else {}).items()
    }
    # A closed round's scores are final until the host reopens the round: the
    # page shows them and offers Reopen, not a Save that would be refused.
    closed = rnd.status == Round.Status.CLOSED
    form = HostScoresForm(None if closed else request.POST or None, seats=seats, initial=initial)
    problems: list[rules.Problem] = []
    needs_confirmation = False
    if request.method == "POST" and not closed and form.is_valid():
        try:
            result = services.submit_scores(
                gtable,
                form.points(),
                entered_by=request.user.get_username(),
                user=request.user,
                based_on=current.version if current else 0,
                high_confirmed=form.cleaned_data["high_confirmed"],
                source=Entry.Source.HOST,
            )
        except rules.InvalidScore as exc:
            problems = exc.problems
            needs_confirmation = exc.needs_confirmation
        except services.RoundStateError as exc:
            messages.error(request, str(exc))
        else:
            word = {"same": "unchanged", "saved": "saved"}.get(result.outcome, result.outcome)
            if result.outcome == "same":
                word = "unchanged; any dispute at this table is settled"
            messages.success(
                request, f"Table {table}: scores {word} (version {result.entry.version})."
            )
            return redirect("round_detail", slug=slug, number=number)
    by_player = defaultdict(list)
    general = []
    names = {s.player.name: s.player_id for s in seats}
    for problem in problems:
        targets = [names[n] for n in problem.players if n in names]
        if not targets:
            general.append(problem.message)
        for pid in targets:
            by_player[pid].append(problem.message)
    fields = [(form[f"p{s.player_id}"], s, by_player.get(s.player_id, [])) for s in seats]
    return render(
        request,
        "tourney/table_scores_host.html",
        {
            "event": event,
            "round": rnd,
            "table": gtable,
            "form": form,
            "fields": fields,
            "problems": problems,
            "general_problems": general,
            "needs_confirmation": needs_confirmation,
            "current": current,
            "closed": closed,
            "deal": gtable.rules_round(),
            "versions": gtable.entries.order_by("-version").prefetch_related("scores__player"),
        },
        status=422 if problems else 200,
    )


# Seating chart and movement cards ----------------------------------------


@login_required
@require_GET
def seating_chart(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """Name → table and seat, alphabetical: for the projector, or printed (?print=1)."""
    event = _event(request, slug)
    rnd = get_object_or_404(event.rounds, number=number)
    seats = list(
        Seat.objects.filter(round=rnd).select_related("player", "table").order_by("player__name")
    )
    seats.sort(key=lambda s: s.player.name.casefold())
    printing = request.GET.get("print") == "1"
    return render(
        request,
        "tourney/seating_chart.html",
        {"event": event, "round": rnd, "seats": seats, "printing": printing},
    )


@login_required
@require_GET
def movement_cards(request: HttpRequest, slug: str) -> HttpResponse:
    """One card per player: table and seat for every round planned so far."""
    event = _event(request, slug)
    rounds = list(event.rounds.order_by("number"))
    seats = Seat.objects.filter(round__event=event).select_related("table", "round")
    where: dict[int, dict[int, Seat]] = defaultdict(dict)
    for seat in seats:
        where[seat.player_id][seat.round.number] = seat
    cards = [
        {"player": p, "rounds": [(r, where[p.pk].get(r.number)) for r in rounds]}
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
        },
    )


@login_required
@require_GET
def table_list(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """A plain printable list of each table's players, in seat order."""
    event = _event(request, slug)
    rnd = _round(event, number)
    return render(request, "tourney/round_tables_print.html", {"event": event, "round": rnd})


# Table cards, versions and disputes ----------------------------------------


@login_required
@require_GET
def table_cards(request: HttpRequest, slug: str) -> HttpResponse:
    """One card per table number: big number and a QR code of its private link.

    Printed once a night: a card always opens whatever round its table plays now.
    """
    event = _event(request, slug)
    wanted = services.table_numbers_needed(event)
    for number in range(1, wanted + 1):
        TableCard.objects.get_or_create(event=event, number=number)
    cards = []
    for card in event.table_cards.order_by("number"):
        url = absolute_url(request, reverse("table_page", args=[card.token]))
        qr = segno.make(url, error="m")
        cards.append({"card": card, "url": url, "svg": qr.svg_inline(scale=6, border=2)})
    return render(
        request,
        "tourney/table_cards.html",
        {
            "event": event,
            "cards": cards,
            "join_url": absolute_url(request, reverse("join")),
            "loopback": phones_cannot_open(request),
            "site": site_url(request),
        },
    )


@login_required
@require_POST
def table_card_add(request: HttpRequest, slug: str) -> HttpResponse:
    event = _event(request, slug)
    top = event.table_cards.aggregate(m=Max("number"))["m"] or 0
    TableCard.objects.create(event=event, number=top + 1)
    messages.success(request, f"Added a card for table {top + 1}.")
    return redirect("table_cards", slug=slug)


@login_required
@require_POST
def table_card_reissue(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """A lost card: a new link for that table; the old card stops working."""
    event = _event(request, slug)
    card = get_object_or_404(event.table_cards, number=number)
    card.reissue()
    messages.success(
        request,
        f"Table {number} has a new link: print its card again. The old card no longer works.",
    )
    return redirect("table_cards", slug=slug)


@login_required
@require_POST
def event_end(request: HttpRequest, slug: str) -> HttpResponse:
    event = _event(request, slug)
    try:
        services.end_event(event)
    except services.RoundStateError as exc:
        messages.error(request, str(exc))
    else:
        messages.success(
            request, "The night is over: table cards take no more scores and show the standings."
        )
    return redirect(event)


@login_required
@require_GET
def table_history(request: HttpRequest, slug: str, number: int, table: int) -> HttpResponse:
    """Every version of a table's scores side by side, to settle a dispute or undo."""
    event = _event(request, slug)
    rnd = _round(event, number)
    gtable = get_object_or_404(rnd.tables.all(), number=table)
    seats = list(gtable.seats.select_related("player").order_by("position"))
    versions = list(gtable.entries.order_by("-version").prefetch_related("scores"))
    current = next((v for v in versions if v.state == Entry.State.CURRENT), None)
    rows = []
    for seat in seats:  # seat order, as the table sits
        points = [v.points_by_player().get(seat.player_id) for v in versions]
        in_use = current.points_by_player().get(seat.player_id) if current else None
        differs = len(set(points)) > 1
        rows.append(
            {
                "seat": seat,
                "cells": [
                    {"points": p, "differs": differs and p != in_use, "version": v}
                    for p, v in zip(points, versions, strict=True)
                ],
                "differs": differs,
            }
        )
    return render(
        request,
        "tourney/table_history.html",
        {
            "event": event,
            "round": rnd,
            "table": gtable,
            "versions": versions,
            "rows": rows,
            "has_disputes": any(v.state == Entry.State.DISPUTED for v in versions),
        },
    )


@login_required
@require_POST
def table_restore(request: HttpRequest, slug: str, number: int, table: int) -> HttpResponse:
    event = _event(request, slug)
    rnd = _round(event, number)
    gtable = get_object_or_404(rnd.tables.all(), number=table)
    version = request.POST.get("version", "")
    entry = get_object_or_404(gtable.entries, version=rules.read_whole(version, digits=8) or 0)
    if rnd.status != Round.Status.PLAYING:
        messages.error(request, f"Round {number} is closed: reopen it to change its scores.")
    else:
        restored = services.restore_entry(entry, user=request.user)
        if restored.pk == entry.pk:
            messages.success(
                request, f"Table {table} keeps version {entry.version}; the dispute is settled."
            )
        else:
            messages.success(
                request,
                f"Table {table} now has version {entry.version}'s scores "
                f"(saved as version {restored.version}).",
            )
    return redirect("table_history", slug=slug, number=number, table=table)


# The master sheet, standings, projector and player pages -------------------


def _unchanged(request: HttpRequest, event: Event) -> tuple[bool, str]:
    """For polling: (nothing changed since the page's stamp, the stamp now)."""
    stamp = event.score_stamp()
    return request.GET.get("since") == stamp, stamp


@login_required
@require_GET
def master_sheet(request: HttpRequest, slug: str) -> HttpResponse:
    event = _event(request, slug)
    unchanged, stamp = _unchanged(request, event)
    if request.htmx and unchanged:
        return HttpResponse(status=204)  # htmx keeps what is on the screen
    sheet = build_sheet(event)
    table = sheet_table(sheet)
    RequestConfig(request, paginate=False).configure(table)
    poll = request.GET.copy()
    poll["since"] = stamp
    template = "tourney/master_sheet.html" + ("#sheet" if request.htmx else "")
    return render(
        request,
        template,
        {"event": event, "sheet": sheet, "table": table, "poll_url": f"?{poll.urlencode()}"},
    )


@login_required
@require_GET
def standings(request: HttpRequest, slug: str) -> HttpResponse:
    event = _event(request, slug)
    sheet = build_sheet(event)
    return render(request, "tourney/standings.html", {"event": event, "sheet": sheet})


@login_required
@require_GET
def projector(request: HttpRequest, slug: str) -> HttpResponse:
    """For a TV at the front of the room: no controls, pages through a big field."""
    event = _event(request, slug)
    unchanged, stamp = _unchanged(request, event)
    if request.htmx and unchanged:
        return HttpResponse(status=204)
    sheet = build_sheet(event)
    template = "tourney/projector.html" + ("#board" if request.htmx else "")
    return render(request, template, {"event": event, "sheet": sheet, "stamp": stamp})


@login_required
@require_GET
def player_detail(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    event = _event(request, slug)
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
    """Coordinates for a small inline SVG line of place by round (1st at the top)."""
    points = [(i + 1, p) for i, p in enumerate(places) if p is not None]
    if not points or field < 1:
        return None
    width, height, pad = 320, 140, 24
    rounds = max(rounds, len(places), 2)

    def x(n: int) -> float:
        return round(pad + (width - 2 * pad) * (n - 1) / (rounds - 1), 1)

    def y(place: int) -> float:
        span = max(field - 1, 1)
        return round(pad + (height - 2 * pad) * (place - 1) / span, 1)

    dots = [{"x": x(n), "y": y(p), "round": n, "place": p} for n, p in points]
    return {
        "width": width,
        "height": height,
        "pad": pad,
        "line": " ".join(f"{d['x']},{d['y']}" for d in dots),
        "dots": dots,
        "field": field,
        "bottom": height - pad,
    }


# Exports --------------------------------------------------------------------

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


def _download(body: bytes | str, name: str, content_type: str) -> HttpResponse:
    if isinstance(body, str) and content_type.startswith("text/csv"):
        # A byte-order mark, so Excel on Windows reads "Sørensen" as UTF-8.
        body = body.encode("utf-8-sig")
    response = HttpResponse(body, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


def _workbook_bytes(workbook) -> bytes:
    buffer = io.BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()


def export_rows(sheet) -> tuple[list, list[exports.MasterRow]]:
    """The sheet in the shape ``scoring.exports`` takes: rounds and one row per player."""
    event = sheet.event
    rounds = list(event.game.rounds_for(event.preferred_table_size)[: event.rounds_planned])
    rows = [
        exports.MasterRow(
            player=row.player.name,
            cells=tuple(
                None
                if c is None
                else exports.MasterCell(
                    points=c.points,
                    table=c.table,
                    played=c.played,
                    pending=c.pending,
                    disputed=c.disputed,
                )
                for c in row.cells
            ),
        )
        for row in sheet.rows
    ]
    return rounds, rows


def export_seating(event: Event) -> list[exports.SeatingRound]:
    out = []
    for rnd in event.rounds.order_by("number").with_tables():
        out.append(
            exports.SeatingRound(
                number=rnd.number,
                tables=tuple(tuple(s.player.name for s in t.seats.all()) for t in rnd.tables.all()),
            )
        )
    return out


@login_required
@require_GET
def export_sheet(request: HttpRequest, slug: str, fmt: str) -> HttpResponse:
    event = _event(request, slug)
    sheet = build_sheet(event)
    rounds, rows = export_rows(sheet)
    date = event.date.isoformat()
    name = exports.filename(event.name, date, "master-sheet", fmt)
    if fmt == "csv":
        return _download(exports.master_csv(rows, rounds), name, "text/csv; charset=utf-8")
    workbook = exports.master_workbook(
        event.game,
        event_name=event.name,
        event_date=date,
        rounds=rounds,
        rows=rows,
        seating=export_seating(event),
    )
    return _download(_workbook_bytes(workbook), name, XLSX)


@login_required
@require_GET
def export_standings(request: HttpRequest, slug: str, fmt: str) -> HttpResponse:
    event = _event(request, slug)
    sheet = build_sheet(event)
    standings = [
        rules.Standing(
            place=row.place,
            player=row.player.name,
            total=row.total,
            went_out=row.went_out,
            worst_round=row.worst_round,
            rounds_played=row.rounds_played,
            tied=row.tied,
        )
        for row in sheet.rows
    ]
    date = event.date.isoformat()
    name = exports.filename(event.name, date, "standings", fmt)
    if fmt == "csv":
        return _download(exports.standings_csv(standings), name, "text/csv; charset=utf-8")
    workbook = exports.standings_workbook(
        event.game, event_name=event.name, event_date=date, standings=standings
    )
    return _download(_workbook_bytes(workbook), name, XLSX)


# One-table games and printable score sheets ---------------------------------


@login_required
@require_http_methods(["GET", "POST"])
def table_game_create(request: HttpRequest) -> HttpResponse:
    form = TableGameForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        event = services.start_table_game(
            owner=request.user,
            name=form.cleaned_data["name"],
            game_slug=form.cleaned_data["game_slug"],
            players=form.cleaned_data["names"],
            house_rules=form.cleaned_data["house_rules"],
            record_buys=form.cleaned_data["record_buys"],
        )
        card = event.table_cards.get(number=1)
        return redirect("table_page", token=card.token)
    return render(request, "tourney/table_game_form.html", {"form": form})


@require_GET
def blank_sheet(request: HttpRequest) -> HttpResponse:
    """Print a blank score sheet before playing: no sign-in needed."""
    form = BlankSheetForm(request.GET or None)
    if request.GET and form.is_valid():
        data = form.cleaned_data
        game = rules.get_game(data["game"], **data["house_rules"])
        workbook = exports.rummy_sheet(
            game,
            players=data["players"],
            title=f"{game.name} score sheet",
            buys={} if data["buys"] else None,
        )
        name = exports.filename(game.name, "blank", f"{data['players']}-players", "xlsx")
        return _download(_workbook_bytes(workbook), name, XLSX)
    return render(request, "tourney/blank_sheet.html", {"form": form})


@login_required
@require_GET
def export_score_sheets(request: HttpRequest, slug: str) -> HttpResponse:
    """The printable rummy sheet, filled from play: one table's game, or a whole room's
    master sheet plus a sheet per table and round."""
    event = _event(request, slug)
    sheet = build_sheet(event)
    date = event.date.isoformat()
    game = event.game
    history = {
        row.player.name: [c.as_rules_entry() if c else None for c in row.cells]
        for row in sheet.rows
    }
    if event.kind == Event.Kind.TABLE:
        players = [p.name for p in event.players.order_by("pk")]
        buys = None
        if event.record_buys:
            buys = {name: [None] * event.rounds_planned for name in players}
            for score in (
                Score.objects.current().for_event(event).select_related("player", "entry__round")
            ):
                buys[score.player.name][score.entry.round.number - 1] = score.buys
        workbook = exports.rummy_sheet(
            game,
            players=players,
            title=event.name,
            date=date,
            place=event.place,
            scores={name: history.get(name, []) for name in players},
            buys=buys,
        )
    else:
        tables = []
        for entry in (
            Entry.objects.current()
            .for_event(event)
            .exclude(table=None)
            .select_related("round", "table")
            .prefetch_related("scores", "table__seats__player")
        ):
            seats = sorted(entry.table.seats.all(), key=lambda s: s.position)
            points = entry.points_by_player()
            tables.append(
                exports.TableSheet(
                    round_number=entry.round.number,
                    table_number=entry.table.number,
                    players=tuple(s.player.name for s in seats),
                    scores=tuple(points.get(s.player_id) for s in seats),
                )
            )
        workbook = exports.rummy_event_workbook(
            game, title=event.name, date=date, place=event.place, master=history, tables=tables
        )
    name = exports.filename(event.name, date, "score-sheets", "xlsx")
    return _download(_workbook_bytes(workbook), name, XLSX)
