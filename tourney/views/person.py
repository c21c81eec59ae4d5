"""A person's page for the host: every night they played, their finishes and rounds,
and how they fare against everyone they have met at a table."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from tourney.club.history import person_history
from tourney.club.ratings import PROVISIONAL_ROUNDS, club_ratings
from tourney.models import Season
from tourney.views.roster import host_person, roster_person


@login_required
@require_GET
@roster_person
def person_detail(request: HttpRequest, pk: int) -> HttpResponse:
    person = host_person(request, pk)
    seasons = list(Season.objects.filter(owner=person.owner_id))
    season = None
    if slug := request.GET.get("season"):
        season = next((s for s in seasons if s.slug == slug), None)
        if season is None:
            raise Http404("No season of yours has that name.")
    history = person_history(person, season=season)
    ratings = club_ratings(person.owner)
    ratings.expect(history)
    context = {
        "person": person,
        "history": history,
        "seasons": seasons,
        "season": season,
        "rating": ratings.of(person),
        "rating_chart": ratings.chart(person),
        "name": person.name,
        "versus": versus(history, lambda p: p.name),
        "provisional_rounds": PROVISIONAL_ROUNDS,
    }
    return render(request, "tourney/person_detail.html", context)


def versus(history, name_of, *, most: int = 5) -> list[tuple[str, int]]:
    """What the rating expects against the people met most (at most ``most`` of them)."""
    return [(name_of(o.person), o.expected) for o in history.opponents if o.expected is not None][
        :most
    ]
