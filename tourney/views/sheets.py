"""The master sheet, standings, projector and exports, and printable score sheets."""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone
from django.views.decorators.http import require_GET
from django_tables2 import RequestConfig

from scoring import exports, rules
from tourney.models import Entry, Event, Score
from tourney.night.forms import (
    BlankSheetForm,
)
from tourney.night.links import live_url, qr_svg
from tourney.night.sheet import build_sheet
from tourney.night.tables import sheet_table
from tourney.views.common import XLSX, download, host_event, poll_unchanged, workbook_bytes
from tourney.views.door import door_card_context
from tourney.views.rounds import clock_context


def _partial(request: HttpRequest) -> bool:
    """An htmx poll or in-page sort gets the live part only; a Back button whose
    page htmx no longer holds asks for the whole page."""
    return bool(request.htmx) and not request.htmx.history_restore_request


@login_required
@require_GET
def master_sheet(request: HttpRequest, slug: str) -> HttpResponse:
    event = host_event(request, slug, need="view")
    unchanged, poll_url = poll_unchanged(request, event)
    if _partial(request) and unchanged:
        return HttpResponse(status=204)  # htmx keeps what is on the screen
    sheet = build_sheet(event)
    table = sheet_table(sheet)
    RequestConfig(request, paginate=False).configure(table)
    template = "tourney/master_sheet.html" + ("#sheet" if _partial(request) else "")
    return render(
        request,
        template,
        {
            "event": event,
            "sheet": sheet,
            "table": table,
            "poll_url": poll_url,
            "poll_seconds": settings.ROOKERY_POLL_SECONDS,
        },
    )


@login_required
@require_GET
def standings(request: HttpRequest, slug: str) -> HttpResponse:
    event = host_event(request, slug, need="view")
    sheet = build_sheet(event)
    return render(request, "tourney/standings.html", {"event": event, "sheet": sheet})


@login_required
@require_GET
def projector(request: HttpRequest, slug: str) -> HttpResponse:
    """For a TV at the front of the room: no controls, pages through a big field."""
    event = host_event(request, slug, need="view")
    unchanged, poll_url = poll_unchanged(request, event)
    if _partial(request) and unchanged:
        return HttpResponse(status=204)
    sheet = build_sheet(event)
    template = "tourney/projector.html" + ("#board" if _partial(request) else "")
    playing = event.round_in_play()
    context = {
        "event": event,
        "sheet": sheet,
        "poll_url": poll_url,
        "poll_seconds": settings.ROOKERY_POLL_SECONDS,
        # The clock counts down on the screen itself: no more polls than before.
        "clock": clock_context(playing, timezone.now()) if playing else {},
        "clock_round": playing,
    }
    if playing is None and event.door_is_open() and not event.is_table_game:
        context.update(door_card_context(request, event), show_door=True)
    if not _partial(request) and (url := live_url(request, event)):
        context["live_qr"] = qr_svg(url, scale=4, light="white")
    return render(request, template, context)


def export_rows(sheet) -> tuple[list, list[exports.MasterRow]]:
    """The sheet in the shape ``scoring.exports`` takes: rounds and one row per player.

    A round whose scores are still coming in goes out as "score to come": the
    file's totals and places (formulas) then count what the standings count.
    """
    event = sheet.event
    rounds = list(event.game.rounds_for(event.preferred_table_size)[: event.rounds_planned])
    rows = [
        exports.MasterRow(
            player=row.player.name,
            cells=tuple(
                None
                if c is None
                else exports.MasterCell(
                    points=c.points if c.final else None,
                    table=c.table,
                    played=c.played,
                    pending=c.pending or not c.final,
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
    event = host_event(request, slug, need="view")
    sheet = build_sheet(event)
    rounds, rows = export_rows(sheet)
    date = event.date.isoformat()
    name = exports.filename(event.name, date, "master-sheet", fmt)
    if fmt == "csv":
        return download(exports.master_csv(rows, rounds), name, "text/csv; charset=utf-8")
    workbook = exports.master_workbook(
        event.game,
        event_name=event.name,
        event_date=date,
        rounds=rounds,
        rows=rows,
        seating=export_seating(event),
    )
    return download(workbook_bytes(workbook), name, XLSX)


@login_required
@require_GET
def export_standings(request: HttpRequest, slug: str, fmt: str) -> HttpResponse:
    event = host_event(request, slug, need="view")
    sheet = build_sheet(event)
    date = event.date.isoformat()
    name = exports.filename(event.name, date, "standings", fmt)
    if fmt == "csv":
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
        return download(exports.standings_csv(standings), name, "text/csv; charset=utf-8")
    rounds, rows = export_rows(sheet)
    workbook = exports.standings_workbook(
        event.game,
        event_name=event.name,
        event_date=date,
        rounds=rounds,
        rows=rows,
        seating=export_seating(event),
        progress=sheet.progress,
    )
    return download(workbook_bytes(workbook), name, XLSX)


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
        return download(workbook_bytes(workbook), name, XLSX)
    return render(request, "tourney/blank_sheet.html", {"form": form})


@login_required
@require_GET
def export_score_sheets(request: HttpRequest, slug: str) -> HttpResponse:
    """The printable rummy sheet, filled from play: one table's game, or a whole room's
    master sheet plus a sheet per table and round."""
    event = host_event(request, slug, need="desk")
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
            game,
            title=event.name,
            date=date,
            place=event.place,
            master=history,
            tables=tables,
            rounds_planned=event.rounds_planned,
        )
    name = exports.filename(event.name, date, "score-sheets", "xlsx")
    return download(workbook_bytes(workbook), name, XLSX)
