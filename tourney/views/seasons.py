"""A host's seasons: the list, the standings, the projector board and the xlsx download."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from scoring import exports
from scoring.exports.season import NightRow, NightSheet, season_workbook
from tourney.forms import DeleteSeasonForm, SeasonEventForm, SeasonForm
from tourney.models import Season
from tourney.seasons import TIE_BREAK, Method, SeasonTable, explain, season_table
from tourney.views.common import XLSX, download, workbook_bytes


def host_season(request: HttpRequest, slug: str) -> Season:
    """The signed-in host's season; anyone else's is a 404."""
    return get_object_or_404(Season, slug=slug, owner=request.user)


def _list_page(request: HttpRequest, form: SeasonForm, status: int = 200) -> HttpResponse:
    seasons = Season.objects.filter(owner=request.user).prefetch_related("events")
    return render(
        request,
        "tourney/seasons/season_list.html",
        {"seasons": seasons, "form": form},
        status=status,
    )


@login_required
@require_GET
def season_list(request: HttpRequest) -> HttpResponse:
    return _list_page(request, SeasonForm(owner=request.user))


@login_required
@require_POST
def season_create(request: HttpRequest) -> HttpResponse:
    form = SeasonForm(request.POST, owner=request.user)
    if not form.is_valid():
        return _list_page(request, form, status=422)
    form.instance.owner = request.user
    season = form.save()
    messages.success(request, f"“{season.name}” is ready. Add its nights below.")
    return redirect(season)


def _detail_context(season: Season, table: SeasonTable, add_form: SeasonEventForm) -> dict:
    return {
        "season": season,
        "table": table,
        "explanation": explain(season),
        "tie_break": TIE_BREAK,
        "lowest_wins": season.method != Method.POINTS,
        "add_form": add_form,
        "new_event_url": f"?season={season.slug}",
    }


@login_required
@require_GET
def season_detail(request: HttpRequest, slug: str) -> HttpResponse:
    season = host_season(request, slug)
    context = _detail_context(season, season_table(season), SeasonEventForm(season=season))
    return render(request, "tourney/seasons/season_detail.html", context)


@login_required
@require_POST
def season_event_add(request: HttpRequest, slug: str) -> HttpResponse:
    season = host_season(request, slug)
    form = SeasonEventForm(request.POST, season=season)
    if not form.is_valid():
        context = _detail_context(season, season_table(season), form)
        return render(request, "tourney/seasons/season_detail.html", context, status=422)
    event = form.cleaned_data["event"]
    moved_from = event.season
    event.season = season
    event.save(update_fields=["season", "updated_at"])
    note = f" (moved from “{moved_from.name}”)" if moved_from else ""
    messages.success(request, f"“{event.name}” is now a night of {season.name}{note}.")
    return redirect(season)


@login_required
@require_POST
def season_event_remove(request: HttpRequest, slug: str, event_slug: str) -> HttpResponse:
    season = host_season(request, slug)
    event = get_object_or_404(season.events, slug=event_slug)
    event.season = None
    event.save(update_fields=["season", "updated_at"])
    messages.success(
        request, f"“{event.name}” was taken out of {season.name}; the night and its scores stay."
    )
    return redirect(season)


@login_required
@require_http_methods(["GET", "POST"])
def season_edit(request: HttpRequest, slug: str) -> HttpResponse:
    season = host_season(request, slug)
    form = SeasonForm(request.POST or None, instance=season, owner=request.user)
    if request.method == "POST" and form.is_valid():
        form.save()
        messages.success(request, "Season saved.")
        return redirect(season)
    status = 422 if form.is_bound else 200
    return render(
        request,
        "tourney/seasons/season_form.html",
        {"form": form, "season": Season.objects.get(pk=season.pk)},
        status=status,
    )


@login_required
@require_http_methods(["GET", "POST"])
def season_delete(request: HttpRequest, slug: str) -> HttpResponse:
    season = host_season(request, slug)
    form = DeleteSeasonForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        name = season.name
        with transaction.atomic():
            season.events.update(season=None)
            season.delete()
        messages.success(request, f"“{name}” was deleted; its nights are still in My events.")
        return redirect("season_list")
    return render(
        request,
        "tourney/seasons/season_confirm_delete.html",
        {"season": season, "form": form, "nights": season.events.count()},
        status=422 if form.is_bound else 200,
    )


@login_required
@require_GET
def season_projector(request: HttpRequest, slug: str) -> HttpResponse:
    season = host_season(request, slug)
    context = {"season": season, "table": season_table(season), "explanation": explain(season)}
    template = "tourney/seasons/season_projector.html"
    if request.htmx:
        template += "#board"
    return render(request, template, context)


@login_required
@require_GET
def season_export(request: HttpRequest, slug: str) -> HttpResponse:
    season = host_season(request, slug)
    workbook = season_export_workbook(season_table(season))
    name = exports.filename(season.name, "", "standings", "xlsx")
    return download(workbook_bytes(workbook), name, XLSX)


def season_export_workbook(table: SeasonTable):
    """The season as plain values for ``scoring.exports.season``: a sheet per counted night."""
    season = table.season
    nights = []
    for night in table.counted:
        rows = sorted(night.places.items(), key=lambda item: (item[1], night.names[item[0]]))
        nights.append(
            NightSheet(
                name=night.event.name,
                date=f"{night.event.date:%d %b %Y}",
                game=night.event.game.name,
                rows=tuple(
                    NightRow(str(pk), night.names[pk], night.totals[pk], place)
                    for pk, place in rows
                ),
            )
        )
    return season_workbook(
        season=season.name,
        method=season.method,
        explanation=f"{explain(season)} {TIE_BREAK}",
        nights=nights,
        people=[(str(s.person), table.people[s.person].name) for s in table.standings],
        best_of=season.best_of,
        points=season.points() if season.method == Method.POINTS else (),
    )
