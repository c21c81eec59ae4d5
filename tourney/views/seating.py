"""The seating page: the host's constraints, whether tonight's room can honour them, and a
seating the task queue is still planning ("seating…", then the plan)."""

from __future__ import annotations

import functools

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST
from django_htmx.http import HttpResponseClientRedirect, HttpResponseClientRefresh

from scoring import rules
from tourney import services
from tourney.models import Event, Round, SeatingConstraint, SeatingJob
from tourney.night.seating_forms import SeatingConstraintForm
from tourney.seating.constraints import ConstraintError
from tourney.views.common import host_event, refused, room_splits


def _context(event: Event, **extra) -> dict:
    latest = event.rounds.order_by("-number").first()
    running = services.seating_in_progress(event)  # first: it lets go of a lost job
    job = services.latest_seating(event)
    problems, room_words, split_change = services.tonights_rules(event)
    context = {
        "event": event,
        "constraints": event.seating_constraints.select_related("player", "other"),
        "form": SeatingConstraintForm(event=event),
        "problems": problems,
        "room_words": room_words,
        "job": job,
        "seating": job is not None and job == running,
        "stalled": job is not None and services.is_stalled(job),
        "retry_url": _action_url(job) if job is not None else None,
        "fix_choices": functools.cache(
            lambda: services.fix_choices(event, job.fixes if job is not None else [])
        ),
        # A room that didn't split, since changed so it does (an eighth player came):
        # the old refusal and its choices no longer apply.
        "problem_gone": job is not None
        and job.state == SeatingJob.State.PROBLEM
        and bool(job.fixes)
        and room_splits(event, event.players.present().count()),
        # "Check the tables, then start play" only while the round seated is not started.
        "seated_unstarted": job is not None
        and bool(job.rounds_seated)
        and event.rounds.filter(number=job.rounds_seated[0], status=Round.Status.PLANNED).exists(),
        "can_seat_next": (latest is None or latest.status == Round.Status.CLOSED)
        and (latest.number if latest else 0) < event.rounds_planned
        and event.ended_at is None,
        "next_number": (latest.number + 1) if latest else 1,
        "breaking": services.planned_rounds_breaking_rules(event),
        "drift": functools.cache(lambda: services.planned_rounds_off_attendance(event)),
        "playing": _playing(event),
        # Called by the full page only, not by the job partial polled every second.
        "odd_share": functools.cache(lambda: services.odd_table_share(event)),
        "split_change": split_change,
    }
    context.update(extra)
    return context


def _playing(event: Event) -> int | None:
    """The round being played now, if any: the rest can't be re-planned until it closes."""
    rnd = event.round_in_play()
    return rnd.number if rnd is not None and rnd.status != Round.Status.CLOSED else None


@login_required
@require_GET
def event_seating(request: HttpRequest, slug: str) -> HttpResponse:
    event = host_event(request, slug, need="run")
    if event.is_table_game:
        return _no_seating(request, event)
    context = _context(event)
    if request.htmx:
        job = context["job"]
        if job is not None and not context["seating"] and job.state == SeatingJob.State.DONE:
            return HttpResponseClientRedirect(job_destination(job))
        if not context["seating"] and request.GET.get("polling"):
            # The page was polling a seating that ended refused, with a choice to make, or
            # lost its worker: the whole page again, so its seat buttons come back with
            # the message (they are outside this part).
            return HttpResponseClientRefresh()
        return render(request, "tourney/event_seating.html#job", context)
    return render(request, "tourney/event_seating.html", context)


@login_required
@require_POST
def seating_constraint_add(request: HttpRequest, slug: str) -> HttpResponse:
    event = host_event(request, slug, need="run")
    if event.is_table_game:
        return _no_seating(request, event)
    form = SeatingConstraintForm(request.POST, event=event)
    if form.is_valid():
        try:
            rule = services.add_seating_rule(event, **form.rule())
        except ConstraintError as exc:
            form.add_error(None, exc.message)
        else:
            messages.success(request, f"Saved: {rule.describe()}.")
            # The form posts to #add-rule (a refusal opens at its message); the answer
            # opens at the top, where "Saved" and any warning are, not at an empty form.
            return redirect(reverse("event_seating", args=[slug]) + "#main")
    return render(request, "tourney/event_seating.html", _context(event, form=form), status=422)


def _no_seating(request: HttpRequest, event: Event) -> HttpResponse:
    """A game at one table: everyone keeps their seat and the deal passes round, so there
    is nothing to seat and no rule to keep (a pair "apart" could never hold)."""
    messages.info(
        request,
        "A game at one table keeps its seats all game and the deal passes to the left: "
        "there is no seating to plan and no seating rules.",
    )
    return redirect(event)


@login_required
@require_POST
def seating_constraint_remove(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    event = host_event(request, slug, need="run")
    rule = services.remove_seating_rule(event, pk=pk)
    if rule is None and SeatingConstraint.objects.filter(pk=pk).exists():
        raise Http404("Another night's seating rule.")
    if rule is None:  # removed meanwhile, in another tab or by a co-host
        messages.info(request, "That rule was already removed.")
    else:
        messages.success(request, f"Removed: {rule.describe()}.")
    return redirect("event_seating", slug=slug)


# Where the seating-problem page sends the host's choice, for each kind of job.
def _action_url(job: SeatingJob) -> str:
    slug = job.event.slug
    if job.action == SeatingJob.Action.RESEAT:
        return reverse("round_reseat", args=[slug, job.round_number])
    if job.action == SeatingJob.Action.NIGHT:
        return reverse("round_plan_night", args=[slug])
    return reverse("round_seat_next", args=[slug])


@login_required
@require_POST
def seating_here(request: HttpRequest, slug: str) -> HttpResponse:
    """Seat a job no worker has taken, in this request (the queue's worker isn't running)."""
    event = host_event(request, slug, need="run")
    job = services.seating_in_progress(event)
    if job is None:
        messages.info(request, "Nothing is waiting to be seated.")
        return redirect("event_seating", slug=slug)
    if not services.is_stalled(job):
        messages.info(
            request, "The seating is under way; this page shows the plan when it is ready."
        )
        return redirect("event_seating", slug=slug)
    job = services.seat_here(job)
    return seating_answer(request, job, _action_url(job))


def job_destination(job: SeatingJob) -> str:
    """Where a finished seating is shown: the round, or the movement cards for a night."""
    slug = job.event.slug
    if job.action == SeatingJob.Action.NIGHT:
        return reverse("movement_cards", args=[slug])
    return reverse("round_detail", args=[slug, job.rounds_seated[0]])


def seating_answer(
    request: HttpRequest, job: SeatingJob, action_url: str, *, refuse_to=None
) -> HttpResponse:
    """The answer to a seating click: the plan, the choice a room needs, a refusal, or
    (while the queue is still planning) the seating page that says so."""
    event = job.event
    if getattr(job, "asked_meanwhile", False):
        messages.warning(
            request,
            "Another seating was already under way (another tab, or a second host), so this "
            "click started nothing: once it is done, check the tables and ask again if "
            "you still need to.",
        )
    if job.in_progress:
        return redirect("event_seating", slug=event.slug)
    if job.state == SeatingJob.State.PROBLEM:
        return render(
            request,
            "tourney/seating_problem.html",
            {
                "event": event,
                "error": job,
                "action": action_url,
                "fix_choices": services.fix_choices(event, job.fixes),
            },
            status=409,
        )
    if job.state == SeatingJob.State.REFUSED:
        return refused(request, job.message, refuse_to or event)
    seated = job.rounds_seated
    if job.action == SeatingJob.Action.NIGHT:
        messages.success(
            request,
            f"Planned {rules.count_of(len(seated), 'round')} ahead. Print the movement cards.",
        )
    elif job.action == SeatingJob.Action.RESEAT:
        also = f" {job.message} Reprint the movement cards if they are out." if job.message else ""
        messages.success(request, f"Round {seated[0]} re-seated.{also}")
    else:
        messages.success(
            request, f"Round {seated[0]} is seated. Check the tables, then start play."
        )
    return redirect(job_destination(job))
