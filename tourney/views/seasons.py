"""A host's seasons: the list, the standings, the projector board and the xlsx download."""

from __future__ import annotations

import functools

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import IntegrityError, transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from scoring import exports
from scoring.exports.season import NightRow, NightSheet, season_workbook
from tourney.club.ratings import PROVISIONAL_ROUNDS, club_ratings
from tourney.club.season_forms import DeleteSeasonForm, SeasonEventForm, SeasonForm
from tourney.club.seasons import TIE_BREAK, Method, SeasonTable, explain, season_table
from tourney.models import Season
from tourney.views.common import XLSX, current_club, download, host_club, workbook_bytes


def host_season(need: str):
    """Hand the view the club's season for the address's slug, if the signed-in account
    may do ``need`` in the club. Not the club's, or deleted in another tab since this
    one was loaded: a 404 that says so and leads back to the seasons (not the
    table-card 404)."""

    def decorator(view):
        @functools.wraps(view)
        def with_season(request: HttpRequest, slug: str, *args, **kwargs) -> HttpResponse:
            club = host_club(request, need)
            season = Season.objects.filter(slug=slug, owner=club).first()
            if season is None:
                return render(request, "tourney/seasons/season_gone.html", status=404)
            return view(request, season, *args, **kwargs)

        return with_season

    return decorator


def save_season(form: SeasonForm) -> Season | None:
    """Save the form's season; None, with the name refused on the form, when another
    request (a second tap on "Create", another tab) took the name after the form was
    checked and the database's unique name said no. Never a 500 for that race."""
    for attempt in range(3):
        try:
            with transaction.atomic():
                return form.save()
        except IntegrityError:
            if form.refuse_taken_name():
                return None
            if attempt == 2 or form.instance.pk is not None:
                raise
            # Two new seasons whose names make the same address: pick the next free one.
            form.instance.slug = ""
    return None


def _list_page(request: HttpRequest, form: SeasonForm, status: int = 200) -> HttpResponse:
    seasons = Season.objects.filter(owner=current_club(request)).prefetch_related("events")
    return render(
        request,
        "tourney/seasons/season_list.html",
        {"seasons": seasons, "form": form},
        status=status,
    )


@login_required
@require_GET
def season_list(request: HttpRequest) -> HttpResponse:
    return _list_page(request, SeasonForm(owner=host_club(request, "view")))


@login_required
@require_POST
def season_create(request: HttpRequest) -> HttpResponse:
    club = host_club(request, "run")
    form = SeasonForm(request.POST, owner=club)
    form.instance.owner = club
    season = save_season(form) if form.is_valid() else None
    if season is not None:
        messages.success(request, f"“{season.name}” is ready. Add its nights below.")
        return redirect(season)
    if (twin := form.repeat_of()) is not None:
        return redirect(twin)  # a double tap on "Create": the season the first tap made
    return _list_page(request, form, status=422)


def _detail_context(season: Season, table: SeasonTable, add_form: SeasonEventForm) -> dict:
    ratings = club_ratings(season.owner)
    for person in table.people.values():
        person.rating = ratings.of(person)
    return {
        "season": season,
        "table": table,
        "explanation": explain(season),
        "tie_break": TIE_BREAK,
        "lowest_wins": season.method != Method.POINTS,
        "add_form": add_form,
        "new_event_url": f"?season={season.slug}",
        "provisional_rounds": PROVISIONAL_ROUNDS,
    }


@login_required
@require_GET
@host_season("view")
def season_detail(request: HttpRequest, season: Season) -> HttpResponse:
    context = _detail_context(season, season_table(season), SeasonEventForm(season=season))
    return render(request, "tourney/seasons/season_detail.html", context)


@login_required
@require_POST
@host_season("run")
def season_event_add(request: HttpRequest, season: Season) -> HttpResponse:
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
@host_season("run")
def season_event_remove(request: HttpRequest, season: Season, event_slug: str) -> HttpResponse:
    event = get_object_or_404(season.events, slug=event_slug)
    event.season = None
    event.save(update_fields=["season", "updated_at"])
    messages.success(
        request, f"“{event.name}” was taken out of {season.name}; the night and its scores stay."
    )
    return redirect(season)


@login_required
@require_http_methods(["GET", "POST"])
@host_season("run")
def season_edit(request: HttpRequest, season: Season) -> HttpResponse:
    form = SeasonForm(request.POST or None, instance=season, owner=season.owner)
    if request.method == "POST" and form.is_valid() and save_season(form) is not None:
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
@host_season("own")
def season_delete(request: HttpRequest, season: Season) -> HttpResponse:
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
@host_season("view")
def season_projector(request: HttpRequest, season: Season) -> HttpResponse:
    context = {"season": season, "table": season_table(season), "explanation": explain(season)}
    template = "tourney/seasons/season_projector.html"
    if request.htmx:
        template += "#board"
    return render(request, template, context)


@login_required
@require_GET
@host_season("view")
def season_export(request: HttpRequest, season: Season) -> HttpResponse:
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
