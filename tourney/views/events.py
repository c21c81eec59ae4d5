"""The host's start: sign-in, My events, and creating, editing, ending and deleting a night."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import LoginView
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.db.models import Count, Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from scoring.once import answered_once
from tourney import services
from tourney.accounts import roles
from tourney.models import Entry, Event, Player, Round, Season, has_club
from tourney.night.forms import (
    DeleteEventForm,
    EventForm,
    TableGameForm,
)
from tourney.views.after import after_night_context
from tourney.views.common import CLUB, current_club, host_club, host_event, own_club, refused


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    """Hosts go to their events; everyone else to the sign-in page, which says what
    Rookery is (players reach their tables through the QR codes, not from here)."""
    if request.user.is_authenticated:
        return redirect("host_home")
    return redirect("login")


class SignInView(LoginView):
    """Django's sign-in. django-axes (settings.py, ``tourney.accounts.signin``) slows down
    password guessers here and on /admin/login/ alike."""

    redirect_authenticated_user = True

    def get_context_data(self, **kwargs):
        # "Forgot your password?" goes to Django's reset views only when email is set up.
        return {**super().get_context_data(**kwargs), "email_on": settings.ROOKERY_EMAIL}


@login_required
@require_GET
def host_home(request: HttpRequest) -> HttpResponse:
    """A host's nights and games, and the nights they help at elsewhere; a helper's
    account (no club of its own) shows only the nights and clubs it helps with."""
    events = (
        Event.objects.for_host(request.user)
        .annotate(
            player_count=Count("players", distinct=True),
            rounds_closed=Count("rounds", filter=Q(rounds__status="closed"), distinct=True),
        )
        .order_by("-date", "-created_at")
    )
    # Tournament nights and games at one table are listed apart: a family's Sunday
    # Shanghai is no night of the club's.
    nights = [e for e in events if not e.is_table_game]
    table_games = [e for e in events if e.is_table_game]
    chosen = request.session.get(CLUB)
    try:
        club = current_club(request)
    except PermissionDenied as exc:
        if chosen:  # their role at the club they chose was taken back: say so
            messages.warning(request, str(exc))
        club = roles.home_club(request.user)  # None: a helper for single nights only
    # The nights of other clubs this account helps at, with what they may do there.
    helping = []
    for event in roles.nights_helped(request.user):
        needs = roles.granted(request.user, event.owner_id, event.pk)
        helping.append({"event": event, "role": roles.level_name(needs)})
    clubs = roles.clubs_helped(request.user)
    own = has_club(request.user)
    return render(
        request,
        "tourney/event_list.html",
        {
            "events": nights,
            "table_games": table_games,
            "helping": helping,
            "clubs": clubs,
            "club": club,
            "own_club": own,
            # "Start a club of my own" says whose nights they keep helping at.
            "kept": "" if own else _in_words([h["event"].owner for h in helping], clubs),
        },
    )


def _in_words(*club_lists) -> str:
    """ "hostess's", "hostess's and bo's": the clubs named once each, in order."""
    names = list(dict.fromkeys(f"{c.get_username()}'s" for cs in club_lists for c in cs))
    return " and ".join([", ".join(names[:-1]), names[-1]] if len(names) > 1 else names)


@login_required
@require_http_methods(["GET", "POST"])
@answered_once
def event_create(request: HttpRequest) -> HttpResponse:
    # "New night in this season" links here with ?season=<slug>.
    club = host_club(request, "run")  # a co-host makes nights for the club they help
    season = Season.objects.filter(owner=club, slug=request.GET.get("season", "")).first()
    form = EventForm(request.POST or None, owner=club, initial={"season": season})
    if request.method == "POST" and form.is_valid():
        form.instance.owner = club
        event = form.save()
        messages.success(request, f"“{event.name}” is ready. Add the players next.")
        return redirect("player_list", slug=event.slug)
    return render(request, "tourney/event_form.html", {"form": form, "event": None})


@login_required
@require_http_methods(["GET", "POST"])
def event_edit(request: HttpRequest, slug: str) -> HttpResponse:
    event = host_event(request, slug, need="run")
    form = EventForm(request.POST or None, instance=event)
    if request.method == "POST" and form.is_valid():
        with transaction.atomic():
            # As saved, and locked: no round is seated or started while this edit lands.
            before = Event.objects.select_for_update().get(pk=event.pk)
            refusals, notes = services.edit_consequences(before, form.instance)
            if before.rounds.exists() and "game_slug" in form.changed_data:
                form.add_error("game_slug", "Rounds have been seated: the game can't change now.")
            elif refusals:
                for refusal in refusals:
                    form.add_error(None, refusal)
            else:
                form.save()
                services.drop_rounds_beyond(event)
        if not form.errors:
            messages.success(request, " ".join(["Event saved.", *notes]))
            return redirect(event)
    status = 422 if form.is_bound else 200
    return render(request, "tourney/event_form.html", {"form": form, "event": event}, status=status)


@login_required
@require_http_methods(["GET", "POST"])
def event_delete(request: HttpRequest, slug: str) -> HttpResponse:
    event = host_event(request, slug, need="own")
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
    event = host_event(request, slug, need="view")
    rounds = list(event.rounds.order_by("number").prefetch_related("tables", "entries"))
    counts = {
        row["status"]: row["n"] for row in event.players.values("status").annotate(n=Count("pk"))
    }
    latest = rounds[-1] if rounds else None
    seating_problems, room_words = services.tonights_rule_check(event)
    return render(
        request,
        "tourney/event_detail.html",
        {
            "event": event,
            "rounds": rounds,
            "latest": latest,
            # Rounds planned ahead: the one to go to is the first not yet closed.
            "current": next((r for r in rounds if r.status != Round.Status.CLOSED), None),
            "present": counts.get(Player.Status.PRESENT, 0),
            "player_total": sum(counts.values()),
            "can_seat_next": (latest is None or latest.status == Round.Status.CLOSED)
            and (latest.number if latest else 0) < event.rounds_planned
            and event.ended_at is None,
            "next_number": (latest.number + 1) if latest else 1,
            "is_over": event.is_over(),
            "rule_count": event.seating_constraints.count(),
            "seating_job": services.seating_in_progress(event),
            "seating_problems": seating_problems,
            "room_words": room_words,
            "drift": (
                services.planned_rounds_off_attendance(event)
                if not event.is_over() and not event.is_table_game
                else None
            ),
            **after_night_context(request, event),
        },
    )


@login_required
@require_POST
def event_end(request: HttpRequest, slug: str) -> HttpResponse:
    event = host_event(request, slug, need="run")
    try:
        services.end_event(event, by=services.Actor.account(request.user))
    except services.RoundStateError as exc:
        return refused(request, str(exc), event)
    messages.success(
        request, "The night is over: table cards take no more scores and show the standings."
    )
    return redirect(event)


@login_required
@require_POST
def event_reopen(request: HttpRequest, slug: str) -> HttpResponse:
    """Take back "End night": seat and start rounds again (the page notes when)."""
    event = host_event(request, slug, need="run")
    try:
        services.reopen_event(event, by=services.Actor.account(request.user))
    except services.RoundStateError as exc:
        return refused(request, str(exc), event)
    messages.success(request, "The night is open again: you can seat and start rounds.")
    return redirect(event)


@login_required
@require_http_methods(["GET", "POST"])
@answered_once
def table_game_create(request: HttpRequest) -> HttpResponse:
    owner = own_club(request)  # a game at one table is the account's own, not a club's
    form = TableGameForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        event = services.start_table_game(
            owner=owner,
            name=form.cleaned_data["name"],
            game_slug=form.cleaned_data["game_slug"],
            players=form.cleaned_data["names"],
            house_rules=form.cleaned_data["house_rules"],
            record_buys=form.cleaned_data["record_buys"],
        )
        card = event.table_cards.get(number=1)
        return redirect("table_page", token=card.token)
    return render(request, "tourney/table_game_form.html", {"form": form})
