"""The night's activity: who did what, newest first, filterable by table, person and round."""

from __future__ import annotations

from django import forms
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from tourney.models import Activity, Event
from tourney.views.common import host_event

PER_PAGE = 50


class ActivityFilter(forms.Form):
    """The page's filters, from the query string: anything unknown shows everything."""

    who = forms.ChoiceField(label="Person", required=False)
    table = forms.TypedChoiceField(label="Table", required=False, coerce=int, empty_value=None)
    round = forms.TypedChoiceField(label="Round", required=False, coerce=int, empty_value=None)

    def __init__(self, *args, event: Event, rows, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["who"].choices = [("", "Everyone"), *_authors(rows)]
        tables = sorted({n for n in rows.values_list("table_number", flat=True) if n})
        self.fields["table"].choices = [("", "Every table"), *((n, f"Table {n}") for n in tables)]
        word = event.round_word
        numbers = sorted({n for n in rows.values_list("round_number", flat=True) if n})
        self.fields["round"].choices = [
            ("", f"Every {word}"),
            *((n, f"{word.capitalize()} {n}") for n in numbers),
        ]


def _authors(rows) -> list[tuple[str, str]]:
    """Everyone who did something tonight: accounts first, then players on phones."""
    accounts: dict[str, str] = {}
    players: dict[str, str] = {}
    seen = rows.values_list("user_id", "by_phone", "by_player_id", "by_name").distinct()
    for user_id, by_phone, player_id, name in seen:
        if player_id is not None:
            players[f"p{player_id}"] = name
        elif user_id is not None and not by_phone:
            accounts[f"u{user_id}"] = f"{name} (signed in)"
    return sorted(accounts.items(), key=lambda kv: kv[1].casefold()) + sorted(
        players.items(), key=lambda kv: kv[1].casefold()
    )


@login_required
@require_GET
def event_activity(request: HttpRequest, slug: str) -> HttpResponse:
    event = host_event(request, slug, need="view")
    rows = Activity.objects.for_event(event)
    form = ActivityFilter(request.GET, event=event, rows=rows)
    shown = rows
    if form.is_valid():
        data = form.cleaned_data
        if data["who"]:
            shown = shown.by_author(data["who"])
        if data["table"] is not None:
            shown = shown.filter(table_number=data["table"])
        if data["round"] is not None:
            shown = shown.filter(round_number=data["round"])
    page = Paginator(shown.select_related("entry"), PER_PAGE).get_page(request.GET.get("page"))
    query = request.GET.copy()
    query.pop("page", None)
    return render(
        request,
        "tourney/event_activity.html",
        {
            "event": event,
            "form": form,
            "page": page,
            "query": query.urlencode(),
            "filtered": form.is_valid()
            and any(v not in (None, "") for v in form.cleaned_data.values()),
        },
    )
