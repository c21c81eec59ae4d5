"""Seating by the task queue: the host's click never waits on a long plan.

``start_seating`` records a ``SeatingJob``, hands it to Django's task framework
(``settings.TASKS``: django-tasks-db, a queue in this same database, worked by
the process ``tourney.server.serve`` starts beside the server) and waits up to
``ROOKERY_SEATING_WAIT`` seconds for it: a quick seating answers the click as
before, a slow one sends the host to the seating page, which says it is seating
and shows the plan when it is ready. ``run_seating_job`` is the task.

May import tourney.models, .seat, .planning, .activity and .common.
"""

from __future__ import annotations

import contextlib
import datetime
import threading
import time
from collections.abc import Callable

from django.conf import settings
from django.db import connection, transaction
from django.db.models import Q
from django.tasks import task
from django.utils import timezone

from tourney import seating
from tourney.models import Event, SeatingJob

from . import planning
from .activity import Actor
from .common import RoundStateError
from .seat import next_round_number, plan_rest_of_night, reseat_round, seat_next_round

# A job not finished after this long was lost (its worker stopped mid-plan).
LOST_AFTER = datetime.timedelta(minutes=10)
# A running job whose worker has said nothing for this long lost it (killed mid-plan):
# while it plans, the worker says it is alive every ALIVE_EVERY (a 4,000-player night
# plans for minutes, and is not lost).
RUN_LOST_AFTER = datetime.timedelta(seconds=30)
ALIVE_EVERY = 5.0
# A job still queued after this long has no worker taking it (runserver without
# `db_worker`, or the worker stopped): the seating page offers to seat it in the request.
STALLED_AFTER = datetime.timedelta(seconds=15)


def seating_in_progress(event: Event) -> SeatingJob | None:
    """The seating of this event the queue is working on, if any.

    A job running for longer than any plan takes lost its worker (killed mid-plan, the
    terminal closed): it is marked so here, nothing having been written (a seating
    writes in one transaction at its end), and the host can seat again at once. One
    read while nothing is lost (the seating page polls this every second, and an
    UPDATE would take SQLite's write lock each time)."""
    while True:
        now = timezone.now()
        job = (
            # A queued job no worker took for LOST_AFTER is let go; a running one only when
            # its worker falls silent (below): a big plan may have waited its turn long.
            event.seating_jobs.filter(
                Q(state=SeatingJob.State.QUEUED, created_at__gte=now - LOST_AFTER)
                | Q(state=SeatingJob.State.RUNNING)
            )
            .order_by("-pk")
            .first()
        )
        last_word = job and (job.alive_at or job.started_at)
        lost = (
            job is not None
            and job.state == SeatingJob.State.RUNNING
            and last_word is not None
            and last_word < now - RUN_LOST_AFTER
        )
        if not lost:
            return job
        # Only while it is still silent: a worker writing its seating at this moment has
        # just said it is alive (``_still_wanted``), and its write stands.
        cutoff = now - RUN_LOST_AFTER
        SeatingJob.objects.filter(pk=job.pk, state=SeatingJob.State.RUNNING).filter(
            Q(alive_at__lt=cutoff) | Q(alive_at__isnull=True, started_at__lt=cutoff)
        ).update(
            state=SeatingJob.State.REFUSED,
            message="The task queue's worker stopped while seating, and nothing was saved: "
            "seat again.",
            finished_at=now,
        )


def start_seating(
    event: Event,
    *,
    action: str,
    round_number: int | None = None,
    fallback: str | None = None,
    method: str | None = None,
    wait: float | None = None,
    user=None,
) -> SeatingJob:
    """Queue a seating and wait a moment for it; the job says how it went, or that it goes on.

    One seating at a time: while one is under way (two clicks at once, a second host) the
    job returned is that one, with ``asked_meanwhile`` set when it is not what was asked
    for, so the page can say this click didn't start anything."""
    if round_number is None and action == SeatingJob.Action.NEXT:
        with contextlib.suppress(RoundStateError):  # the task says why, in the job
            round_number = next_round_number(event)  # for the page to name; checked again
    with transaction.atomic():
        # Checked and queued under the night's lock: two clicks at once make one job.
        Event.objects.select_for_update().only("pk").get(pk=event.pk)
        busy = seating_in_progress(event)
        if busy is None:
            job = SeatingJob.objects.create(
                event=event,
                action=action,
                round_number=round_number,
                fallback=fallback or "",
                method=method or "",
                requested_by=user if user is not None and user.is_authenticated else None,
            )
    if busy is not None:
        busy.asked_meanwhile = (busy.action, busy.round_number) != (action, round_number)
        return busy
    run_seating_job.enqueue(job.pk)
    wait = settings.ROOKERY_SEATING_WAIT if wait is None else wait
    if transaction.get_connection().in_atomic_block:
        # The worker sees the job only once this request commits: waiting here would hold
        # the transaction (and SQLite's write lock) for nothing. Callers run outside one.
        wait = 0
    deadline = time.monotonic() + wait
    job.refresh_from_db()
    while job.in_progress and time.monotonic() < deadline:
        time.sleep(0.05)
        job.refresh_from_db()
    return job


@task()
def run_seating_job(job_id: int) -> str:
    """Plan and write one seating (the planning holds no transaction); record the outcome.

    A job the seating page has let go of is never run: one queued longer than
    ``LOST_AFTER`` (no worker took it, and the host has been free to seat again since), or
    one a newer seating of the night has replaced. Nor is one written that was let go of
    while it planned (its worker paused past ``RUN_LOST_AFTER``, a laptop's lid closed):
    ``_still_wanted`` checks under the night's lock, just before the write."""
    now = timezone.now()
    queued = SeatingJob.objects.filter(pk=job_id, state=SeatingJob.State.QUEUED)
    job = queued.select_related("event", "requested_by").first()
    if job is None:
        return "gone"
    if _replaced(job):
        queued.update(state=SeatingJob.State.REFUSED, message=REPLACED, finished_at=now)
        return "dropped"
    if job.created_at < now - LOST_AFTER:
        queued.update(state=SeatingJob.State.REFUSED, message=TOO_LATE, finished_at=now)
        return "dropped"
    if not queued.update(state=SeatingJob.State.RUNNING, started_at=now):
        return "gone"  # claimed meanwhile (``seat_here``)
    running = SeatingJob.objects.filter(pk=job_id, state=SeatingJob.State.RUNNING)
    outcome: dict = {"state": SeatingJob.State.DONE}
    done = threading.Event()
    alive = threading.Thread(target=_say_alive, args=(job_id, done), daemon=True)
    if not transaction.get_connection().in_atomic_block:  # else nobody else sees the job
        alive.start()
    try:
        outcome["rounds_seated"], outcome["message"] = _seat(job)
    except seating.SeatingError as exc:
        fixes, message = _fixes_the_rules_allow(job, exc)
        outcome.update(state=SeatingJob.State.PROBLEM, message=message, fixes=fixes)
    except RoundStateError as exc:
        outcome.update(state=SeatingJob.State.REFUSED, message=str(exc))
    except BaseException:
        running.update(
            state=SeatingJob.State.REFUSED,
            message="Seating hit an error and nothing was saved. Try again.",
            finished_at=timezone.now(),
        )
        raise
    finally:
        done.set()
        if alive.is_alive():
            alive.join()
    # Still running unless let go of meanwhile, when what the page said stands; but seats
    # written are written (the guard let them through), whatever the page said since.
    if outcome["state"] == SeatingJob.State.DONE:
        SeatingJob.objects.filter(pk=job_id).update(finished_at=timezone.now(), **outcome)
    else:
        running.update(finished_at=timezone.now(), **outcome)
    return outcome["state"]


REPLACED = (
    "This seating waited in the queue while the night was seated another way since, and "
    "was dropped: nothing was changed."
)
TOO_LATE = (
    "This seating waited in the queue too long (no worker was taking it), and was dropped: "
    "nothing was changed. Seat again if it is still wanted."
)


def _replaced(job: SeatingJob) -> bool:
    """A newer seating of the same night was asked for: this one was let go of."""
    return SeatingJob.objects.filter(event_id=job.event_id, pk__gt=job.pk).exists()


def _still_wanted(job: SeatingJob) -> Callable[[Event], None]:
    """The check a job's seating makes under the night's lock before writing: the job is
    still running (not let go of while its worker was paused) and no newer seating
    replaced it. Says it is alive as it checks, so the page does not let it go now."""

    def guard(event: Event) -> None:
        fresh = SeatingJob.objects.filter(pk=job.pk, state=SeatingJob.State.RUNNING).update(
            alive_at=timezone.now()
        )
        if not fresh:
            raise RoundStateError(
                "This seating was let go of while it was being planned (the task queue's "
                "worker stopped answering): nothing was changed. Seat again if it is still "
                "wanted."
            )
        if _replaced(job):
            raise RoundStateError(
                "A newer seating of the night was asked for while this one was being planned: "
                "nothing was changed."
            )

    return guard


def _seat(job: SeatingJob) -> tuple[list[int], str]:
    """The rounds seated, and what else moved with them (a re-seat can re-order the next
    planned round's seats for the seat rule), in words."""
    event, fallback = job.event, job.fallback or None
    by = Actor.account(job.requested_by)
    guard = _still_wanted(job)
    if job.action == SeatingJob.Action.NEXT:
        return [seat_next_round(event, fallback=fallback, by=by, guard=guard).number], ""
    if job.action == SeatingJob.Action.NIGHT:
        planned = plan_rest_of_night(event, fallback=fallback, by=by, guard=guard)
        return [r.number for r in planned], ""
    rnd = event.rounds.filter(number=job.round_number).first()
    if rnd is None:
        raise RoundStateError(
            f"Round {job.round_number} isn't seated: there is nothing to re-seat."
        )
    done = reseat_round(rnd, fallback=fallback, method=job.method or None, by=by, guard=guard)
    return [done.number], done.moved_on


def _say_alive(job_id: int, done: threading.Event) -> None:
    """While a job plans (pure Python, seconds to minutes), mark it alive every few
    seconds, so the page tells a slow plan from a worker that was killed mid-plan."""
    try:
        while not done.wait(ALIVE_EVERY):
            SeatingJob.objects.filter(pk=job_id, state=SeatingJob.State.RUNNING).update(
                alive_at=timezone.now()
            )
    finally:
        connection.close()  # this thread's own connection


_FIX_WORDS = {
    "short_table": "A table under the fewer-players rules",
    "sit_out": "A player sitting out",
}


def _fixes_the_rules_allow(job: SeatingJob, exc: seating.SeatingError) -> tuple[list[str], str]:
    """The fixes to offer for a room that doesn't split, less those the host's seating
    rules would refuse once chosen (7 Rook Shanghai players at one table of 6, two kept
    apart: one of them would sit out every round), and the message, saying why those
    are left out."""
    if not exc.fixes:
        return [], exc.message
    event = job.event
    try:
        number = job.round_number or next_round_number(event)
    except RoundStateError:
        return list(exc.fixes), exc.message
    fixes, message = [], exc.message
    for fix in exc.fixes:
        problems = planning.constraint_problems(planning.read_inputs(event, number, fallback=fix))
        if problems:
            message += f" {_FIX_WORDS.get(fix, fix)} can't keep the seating rules: {problems[0]}"
        else:
            fixes.append(fix)
    return fixes, message


def is_stalled(job: SeatingJob) -> bool:
    """Queued for longer than a worker takes to pick a job up: nobody is working the queue."""
    return job.state == SeatingJob.State.QUEUED and job.created_at < timezone.now() - STALLED_AFTER


def seat_here(job: SeatingJob) -> SeatingJob:
    """Run a queued seating in this process, for a queue no worker is taking.

    ``run_seating_job`` claims the job first (queued to running in one UPDATE), so a
    worker that wakes meanwhile and this click never both seat it: the loser finds it
    taken and leaves it. The queue's own copy of the task later finds it gone.
    """
    run_seating_job.call(job.pk)
    job.refresh_from_db()
    return job


def latest_seating(event: Event) -> SeatingJob | None:
    """The host's last seating through the queue, for the seating page to report."""
    return event.seating_jobs.order_by("-pk").first()
