"""Rounds: seating, swaps and re-seats, begin and close, and scores and versions per table."""

from __future__ import annotations

import dataclasses
import datetime
from collections import defaultdict
from dataclasses import dataclass

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.http import HttpResponseClientRefresh

from scoring import rules
from scoring.once import answered_once
from tourney import services
from tourney.models import Entry, Event, Round, SeatingJob, display_name
from tourney.night.forms import (
    CloseRoundForm,
    HostScoresForm,
    SwapForm,
)
from tourney.views.common import (
    host_event,
    host_round,
    poll_unchanged,
    refused,
    someone_sits_out,
)
from tourney.views.seating import seating_answer


def _fallback(request: HttpRequest) -> str | None:
    """The fix the host chose when the players present don't split into tables."""
    choice = request.POST.get("fallback")
    return choice if choice in ("short_table", "sit_out") else None


def _seat(request: HttpRequest, slug: str, url_name: str, action: str) -> HttpResponse:
    """Seat through the task queue: the plan if it comes within a second, else "seating…"."""
    event = host_event(request, slug, need="run")
    job = services.start_seating(
        event, action=action, fallback=_fallback(request), user=request.user
    )
    return seating_answer(request, job, reverse(url_name, args=[slug]))


@login_required
@require_POST
@answered_once(atomic=False)
def round_seat_next(request: HttpRequest, slug: str) -> HttpResponse:
    return _seat(request, slug, "round_seat_next", SeatingJob.Action.NEXT)


@login_required
@require_POST
@answered_once(atomic=False)
def round_plan_night(request: HttpRequest, slug: str) -> HttpResponse:
    return _seat(request, slug, "round_plan_night", SeatingJob.Action.NIGHT)


def _round_context(event: Event, rnd: Round, **extra) -> dict:
    tables = list(rnd.tables.all())
    current = {
        e.table_id: e
        for e in rnd.entries.filter(state=Entry.State.CURRENT)
        .select_related("table")
        .prefetch_related("scores")
    }
    disputes = defaultdict(list)
    disputed = rnd.entries.filter(state=Entry.State.DISPUTED).select_related("table")
    for e in disputed.prefetch_related("scores"):
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
    unseated = [p for p in present if p.pk not in seated]
    planned = rnd.status == Round.Status.PLANNED
    broken = services.broken_seating_rules(rnd) if planned else []
    rules_broken = [rule.describe() for rule in broken]
    context = {
        "event": event,
        "round": rnd,
        "rows": rows,
        "repeats": services.repeats_of(rnd) if rnd.number > 1 else 0,
        "season_repeats": (
            services.season_repeats_of(rnd) if rnd.status == Round.Status.PLANNED else None
        ),
        "unseated": unseated,
        "sitting_out": bool(unseated) and someone_sits_out(event, len(present)),
        "seated_not_present": [
            s.player for t in tables for s in t.seats.all() if not s.player.is_present
        ],
        "size_problems": services.table_size_problems(rnd),
        "rules_broken": rules_broken,
        # What Start was pressed beside: the seats and the rules they break (see begin_round).
        "start_stamp": services.start_stamp(rnd, broken) if planned else "",
        "swap_form": (
            SwapForm(rnd=rnd, seen=services.seats_stamp(rnd))
            if rnd.status == Round.Status.PLANNED
            else None
        ),
        "close_form": CloseRoundForm(),
        "contract": rnd.contract(),
        "poll_seconds": settings.ROOKERY_POLL_SECONDS,
    }
    context.update(extra)
    return context


def _minutes_over_stamp(event: Event, number: int, now: datetime.datetime) -> str:
    """Minutes past the round's time, for the monitor's stamp: once time is up the page
    changes each minute ("4 minutes over") though no score comes in. One small query."""
    rnd = event.rounds.filter(number=number).only("status", "started_at").first()
    if rnd is None:
        return ""
    rnd.event = event
    over = rnd.minutes_over(now)
    return "" if over is None else f"o{over}"


def clock_context(rnd: Round, now: datetime.datetime) -> dict:
    """A round's clock as the pages show it: when it ends (and the server's now, so a
    page counts down from the server's clock rather than the device's), what is left."""
    ends = rnd.ends_at
    if ends is None:
        return {}
    left = max(0, int((ends - now).total_seconds()))
    return {
        "ends_at": ends,
        "ends_ms": int(ends.timestamp() * 1000),
        "now_ms": int(now.timestamp() * 1000),
        "left": f"{left // 60}:{left % 60:02d}",
        "over": rnd.minutes_over(now),
    }


def late_tables(rows: list[dict], over: int | None) -> list[str]:
    """Once time is up, each table still without scores, as the monitor says it."""
    if over is None:
        return []
    late = "time is up" if over == 0 else f"{over} minute{'s' if over != 1 else ''} over"
    return [f"Table {r['table'].number}: no scores, {late}" for r in rows if r["entry"] is None]


@login_required
@require_GET
def round_detail(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    event = host_event(request, slug, need="view")
    now = timezone.now()
    also = _minutes_over_stamp(event, number, now)
    unchanged, poll_url = poll_unchanged(request, event, also=also)
    if request.htmx and unchanged:
        return HttpResponse(status=204)  # nothing changed: htmx leaves the page as it is
    rnd = host_round(event, number)
    template = "tourney/round_detail.html"
    if request.htmx:
        template += "#tables"
    context = _round_context(event, rnd, poll_url=poll_url)
    clock = clock_context(rnd, now)
    context.update(clock=clock, late_tables=late_tables(context["rows"], clock.get("over")))
    return render(request, template, context)


@login_required
@require_POST
def round_swap(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    event = host_event(request, slug, need="run")
    rnd = host_round(event, number)
    form = SwapForm(request.POST, rnd=rnd)
    if form.is_valid():
        before = services.repeats_of(rnd)
        broke = bool(services.seating_rules_broken(rnd))
        player, other, table = (form.cleaned_data[k] for k in ("player", "other", "table"))
        try:
            by, seen = services.Actor.account(request.user), form.cleaned_data["seats"] or None
            if other is not None:
                also = services.swap_players(rnd, player, other, by=by, seen=seen)
                done = f"Swapped {player.name} and {other.name}."
            else:
                also = services.move_player(rnd, player, table, by=by, seen=seen)
                done = f"Moved {player.name} to table {table}."
            if also:
                done += f" {also} Reprint the movement cards if they are out."
        except services.RoundStateError as exc:
            # What was typed, against the seats there now (the round may be seated anew).
            rnd = host_round(event, number)
            data = request.POST.copy()
            data["seats"] = services.seats_stamp(rnd)
            form = SwapForm(data, rnd=rnd)
            form.is_valid()
            form.add_error(None, str(exc))
        else:
            rnd = host_round(event, number)
            after = services.repeats_of(rnd)
            messages.success(request, f"{done} {_repeat_change(before, after)}")
            if not request.htmx:
                return redirect("round_detail", slug=slug, number=number)
            if broke or services.seating_rules_broken(rnd):
                # A rule broken or mended: the start form below the tables changes too
                # ("Start anyway", for the seats shown), so the whole page comes again.
                return HttpResponseClientRefresh()
            form = SwapForm(rnd=rnd, seen=services.seats_stamp(rnd))
    template = "tourney/round_detail.html" + ("#tables" if request.htmx else "")
    status = 200 if form.is_valid() or not form.errors else 422
    context = _round_context(event, rnd, swap_form=form)
    response = render(request, template, context, status=status)
    if request.htmx:
        # The Start form is outside the tables swapped in: its stamp of the seats shown
        # comes along out of band, or Start after a swap would be refused as stale.
        response.content += render_to_string(
            "tourney/round_detail.html#start_stamp", {**context, "oob": True}, request
        ).encode()
    return response


def _repeat_change(before: int, after: int) -> str:
    if after == before:
        return f"Repeat meetings unchanged ({after})."
    word = "more" if after > before else "fewer"
    return f"Repeat meetings: {after} ({abs(after - before)} {word})."


@login_required
@require_POST
def round_reseat(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    event = host_event(request, slug, need="run")
    rnd = host_round(event, number)
    method = request.POST.get("method") or None
    if method not in (None, *Event.Seating.values):
        method = None
    job = services.start_seating(
        event,
        action=SeatingJob.Action.RESEAT,
        round_number=rnd.number,
        fallback=_fallback(request),
        method=method,
        user=request.user,
    )
    return seating_answer(
        request,
        job,
        reverse("round_reseat", args=[slug, number]),
        refuse_to=reverse("round_detail", args=[slug, number]),
    )


@login_required
@require_POST
def round_begin(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    event = host_event(request, slug, need="run")
    rnd = host_round(event, number)
    try:
        services.begin_round(
            rnd,
            by=services.Actor.account(request.user),
            break_rules=request.POST.get("break_rules") == "1",
            seen=request.POST.get("seats") or None,
        )
    except services.RoundStateError as exc:
        return refused(request, str(exc), reverse("round_detail", args=[slug, number]))
    messages.success(request, f"Round {number} has started. Tables can enter scores.")
    return redirect("round_detail", slug=slug, number=number)


@login_required
@require_POST
def round_close(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    event = host_event(request, slug, need="run")
    rnd = host_round(event, number)
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
    event = host_event(request, slug, need="run")
    rnd = host_round(event, number)
    try:
        services.reopen_round(rnd, by=services.Actor.account(request.user))
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


def _host_saved_message(table: int, result: services.SubmitResult) -> str:
    word = {"same": "unchanged", "saved": "saved"}.get(result.outcome, result.outcome)
    if result.outcome == "same":
        word = "unchanged; any dispute at this table is settled"
    return f"Table {table}: scores {word} (version {result.entry.version})."


def problems_by_player(
    problems: list[rules.Problem], seats: list
) -> tuple[dict[int, list[str]], list[str]]:
    """Each problem beside the players it names; the rest above the form."""
    by_player: dict[int, list[str]] = defaultdict(list)
    general = []
    names = {s.player.name: s.player_id for s in seats}
    for problem in problems:
        targets = [names[n] for n in problem.players if n in names]
        if not targets:
            general.append(problem.message)
        for pid in targets:
            by_player[pid].append(problem.message)
    return by_player, general


@dataclass(frozen=True)
class HostSave:
    """What a signed-in account's save of one table's scores came to: the result, or the
    rules' problems (every one, nothing saved), or the round's refusal in words."""

    result: services.SubmitResult | None = None
    problems: list[rules.Problem] = dataclasses.field(default_factory=list)
    needs_confirmation: bool = False
    refusal: str = ""


def save_host_scores(
    request: HttpRequest, gtable, form: HostScoresForm, current: Entry | None
) -> HostSave:
    """Judge and save a table's scores typed by a signed-in account (the host's table
    page and the desk screen): a score that is no number and the rules' problems are
    found in the same save, and nothing is stored unless all of them are right."""
    if not form.is_valid():
        return HostSave(problems=services.typed_score_problems(gtable, form.typed_points()))
    # The version the page showed: a phone's or another desk's save since then is not
    # silently replaced (services.ScoresChanged). A form without it replaces as before.
    seen = rules.read_whole(request.POST.get(form.add_prefix("based_on"), ""))
    try:
        result = services.submit_scores(
            gtable,
            form.points(),
            entered_by=display_name(request.user),
            user=request.user,
            based_on=seen,
            high_confirmed=form.cleaned_data["high_confirmed"],
            source=Entry.Source.HOST,
        )
    except rules.InvalidScore as exc:
        return HostSave(problems=exc.problems, needs_confirmation=exc.needs_confirmation)
    except services.RoundStateError as exc:
        return HostSave(refusal=str(exc))
    return HostSave(result=result)


@login_required
@require_http_methods(["GET", "POST"])
def table_scores_host(request: HttpRequest, slug: str, number: int, table: int) -> HttpResponse:
    """The host enters or corrects one table's scores."""
    event = host_event(request, slug, need="score")
    rnd = host_round(event, number)
    gtable = get_object_or_404(rnd.tables.all(), number=table)
    seats = list(gtable.seats.select_related("player").order_by("position"))
    current = gtable.entries.filter(state=Entry.State.CURRENT).first()
    initial = {
        f"p{pid}": pts for pid, pts in (current.points_by_player() if current else {}).items()
    }
    # A closed round's scores are final until the host reopens the round: the
    # page shows them and offers Reopen, not a Save that would be refused.
    closed = rnd.status == Round.Status.CLOSED
    posted = request.method == "POST" and not closed  # an empty POST too: all blank
    form = HostScoresForm(request.POST if posted else None, seats=seats, initial=initial)
    problems: list[rules.Problem] = []
    needs_confirmation = False
    if posted:
        saved = save_host_scores(request, gtable, form, current)
        problems, needs_confirmation = saved.problems, saved.needs_confirmation
        if saved.refusal:
            messages.error(request, saved.refusal)
        elif saved.result is not None:
            messages.success(request, _host_saved_message(table, saved.result))
            return redirect("round_detail", slug=slug, number=number)
    by_player, general = problems_by_player(problems, seats)
    fields = [(form[f"p{s.player_id}"], s, by_player.get(s.player_id, [])) for s in seats]
    refused = bool(problems or needs_confirmation or (form.is_bound and form.errors))
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
            "summary": error_summary(fields, general),
            "refused": refused,
            "needs_confirmation": needs_confirmation,
            "current": current,
            "shown_version": current.version if current else 0,
            "closed": closed,
            "deal": gtable.rules_round(),
            "versions": gtable.entries.order_by("-version")
            .select_related("table")
            .prefetch_related("scores__player"),
        },
        status=422 if refused else 200,
    )


def error_summary(fields, general: list[str]) -> list[tuple[str, str | None]]:
    """Each problem once, as (message, the id of the first score field it names): the
    summary at the top links to the field; one naming two players is listed once."""
    summary: dict[str, str | None] = dict.fromkeys(general)
    for field, _seat, beside in fields:
        for message in [*field.errors, *beside]:
            summary.setdefault(message, field.id_for_label)
    return list(summary.items())


@login_required
@require_GET
def table_history(request: HttpRequest, slug: str, number: int, table: int) -> HttpResponse:
    """Every version of a table's scores side by side, to settle a dispute or undo."""
    event = host_event(request, slug, need="score")
    rnd = host_round(event, number)
    gtable = get_object_or_404(rnd.tables.all(), number=table)
    seats = list(gtable.seats.select_related("player").order_by("position"))
    versions = list(
        gtable.entries.order_by("-version").select_related("table").prefetch_related("scores")
    )
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
    event = host_event(request, slug, need="desk")
    rnd = host_round(event, number)
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
