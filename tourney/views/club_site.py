"""The club site: the host's settings page, and the public pages it publishes.

The public pages live under ``/club/<key>/``: the key is random (``new_site_key``),
so the site is unlisted, found only by those the host gives the link, and the host
can renew it to shut the old one. Every public page is a 404 while the site is not
published, and reaches only its own host's nights, seasons and people. Each page
reads the same functions as the host's pages (``build_sheet``, ``season_table``,
``person_history``, ``club_ratings``) and shows names through ``club.site.Names``.
"""

from __future__ import annotations

import functools

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from tourney.club.history import person_history
from tourney.club.ratings import PROVISIONAL_ROUNDS, club_ratings, finished_sheets
from tourney.club.seasons import TIE_BREAK, Method, explain, season_table
from tourney.club.site import Names, shown_rows
from tourney.club.site_forms import ClubSiteForm
from tourney.models import ClubSite, Event, Person, new_site_key
from tourney.night.sheet import build_sheet
from tourney.views.person import versus

# -- The host's settings ---------------------------------------------------------------


@login_required
@require_http_methods(["GET", "POST"])
def club_site_settings(request: HttpRequest) -> HttpResponse:
    site, _ = ClubSite.objects.get_or_create(owner=request.user)
    form = ClubSiteForm(request.POST or None, instance=site, owner=request.user)
    if request.method == "POST" and form.is_valid():
        form.save()
        if site.published:
            messages.success(request, "Club site saved. It is published at the address below.")
        else:
            messages.success(request, "Club site saved. It is not published: its pages are off.")
        return redirect("club_site_settings")
    return render(
        request,
        "tourney/club/settings.html",
        {
            "form": form,
            "site": site,
            "address": request.build_absolute_uri(site.get_absolute_url()),
        },
        status=422 if form.is_bound else 200,
    )


@login_required
@require_POST
def club_site_new_address(request: HttpRequest) -> HttpResponse:
    site, _ = ClubSite.objects.get_or_create(owner=request.user)
    site.key = new_site_key()
    site.save(update_fields=["key"])
    messages.success(request, "The club site has a new address; the old one no longer works.")
    return redirect("club_site_settings")


# -- The public pages --------------------------------------------------------------------


def public_site(view):
    """Hand ``view`` the published site of the address's key (else 404), and mark the
    response noindex unless the host lets search engines list the site."""

    @functools.wraps(view)
    def with_site(request: HttpRequest, key: str, *args, **kwargs) -> HttpResponse:
        site = ClubSite.objects.filter(key=key, published=True).select_related("owner").first()
        if site is None:
            raise Http404("No club site at this address.")
        names = Names.of(site)
        response = view(request, site, names, *args, **kwargs)
        if not site.indexable:
            response["X-Robots-Tag"] = "noindex"
        return response

    return with_site


def _render(request: HttpRequest, template: str, site: ClubSite, context: dict) -> HttpResponse:
    return render(request, f"tourney/club/{template}", {"site": site, **context})


@require_GET
@public_site
def club_home(request: HttpRequest, site: ClubSite, names: Names) -> HttpResponse:
    sheets = finished_sheets(site.owner)
    ratings = club_ratings(site.owner, sheets=sheets)
    nights = [
        {
            "event": s.event,
            "field": len(s.rows),
            "winners": [names.name(w.player.name, w.player.person_id) for w in s.winners],
        }
        for s in reversed(sheets)
    ]
    people = Person.objects.filter(owner=site.owner).exclude(pk__in=names.hidden)
    ranked = [(p, names.person(p), r) for p, r in ratings.ranked(people.in_bulk())]
    seasons = site.owner.seasons.order_by("-created_at")
    context = {"nights": nights, "ranked": ranked, "seasons": seasons}
    context["provisional_rounds"] = PROVISIONAL_ROUNDS
    return _render(request, "home.html", site, context)


@require_GET
@public_site
def club_night(request: HttpRequest, site: ClubSite, names: Names, slug: str) -> HttpResponse:
    event = get_object_or_404(Event, owner=site.owner, slug=slug)
    sheet = build_sheet(event)
    if not sheet.finished:
        raise Http404("This night is not finished yet.")
    rows = shown_rows(
        sheet.rows, names, person_of=lambda r: r.player.person_id, name_of=lambda r: r.player.name
    )
    return _render(request, "night.html", site, {"event": event, "sheet": sheet, "rows": rows})


@require_GET
@public_site
def club_season(request: HttpRequest, site: ClubSite, names: Names, slug: str) -> HttpResponse:
    season = get_object_or_404(site.owner.seasons, slug=slug)
    table = season_table(season)
    ratings = club_ratings(site.owner)
    rows = [
        (shown, ratings.of(shown.person_id) if shown.person_id else None)
        for shown in shown_rows(
            table.rows(), names, person_of=lambda sp: sp[1].pk, name_of=lambda sp: sp[1].name
        )
    ]
    context = {
        "season": season,
        "table": table,
        "rows": rows,
        "explanation": explain(season),
        "tie_break": TIE_BREAK,
        "lowest_wins": season.method != Method.POINTS,
    }
    return _render(request, "season.html", site, context)


@require_GET
@public_site
def club_person(request: HttpRequest, site: ClubSite, names: Names, pk: int) -> HttpResponse:
    person = get_object_or_404(Person, owner=site.owner, pk=pk)
    if not names.shows(person.pk):
        raise Http404("No one of that number on this club's site.")
    history = person_history(person)
    history.nights = history.finished  # the site shows finished nights only
    ratings = club_ratings(site.owner)
    history.opponents = [o for o in history.opponents if names.shows(o.person.pk)]
    ratings.expect(history)
    context = {
        "person": person,
        "name": names.person(person),
        "history": history,
        "opponents": [(o, names.person(o.person)) for o in history.opponents],
        "rating": ratings.of(person),
        "rating_chart": ratings.chart(person),
        "versus": versus(history, names.person),
        "provisional_rounds": PROVISIONAL_ROUNDS,
    }
    return _render(request, "person.html", site, context)
