"""Seating never in the way: planning holds no transaction, so another night's score
submit answers during a 500-player plan; a slow seating goes through the task queue
(django-tasks-db, a real worker process) and the host's page says "seating…", then
shows the plan."""

import datetime
import re
import subprocess
import threading
import time
from html import unescape
from pathlib import Path

import pytest
from django.db import connection
from django.test import override_settings
from django.urls import reverse
from django.utils import timezone

from scoring.models import FormSubmission
from tests.factories import EventFactory, night, valid_points
from tests.liveserver import PYTHON, ROOT, server_env
from tourney import services
from tourney.models import Player, SeatingJob
from tourney.services import jobs as jobs_module

pytestmark = pytest.mark.django_db(transaction=True)

DB_TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}


def big_night(host, players: int):
    event = EventFactory(owner=host, name="Big night", rounds_planned=11)
    Player.objects.bulk_create(
        Player(event=event, name=f"B{n:03d}", status=Player.Status.PRESENT) for n in range(players)
    )
    return event


def test_a_submit_to_another_night_answers_during_a_500_player_plan(host):
    small = night(13, owner=host, name="Small night")
    rnd = services.seat_next_round(small)
    services.begin_round(rnd)
    tables = list(rnd.tables.all())
    big = big_night(host, 500)
    # The plan runs in another process, as it does in the task worker: a thread here
    # would share this process's interpreter lock, which is not what is tested.
    script = (
        "import django, time; django.setup()\n"
        "from tourney import services; from tourney.models import Event\n"
        f"event = Event.objects.get(pk={big.pk})\n"
        "print('planning', flush=True)\n"
        "start = time.perf_counter()\n"
        "rnd = services.seat_next_round(event)\n"
        "print(rnd.seats.count(), round(time.perf_counter() - start, 2))\n"
    )
    planner = subprocess.Popen(
        [PYTHON, "-c", script], cwd=ROOT, env=worker_env(), stdout=subprocess.PIPE, text=True
    )
    # Wait for its word that seating has begun (not a fixed sleep: a fast machine would
    # finish the plan first), then give it a moment to read its inputs and start planning.
    assert planner.stdout.readline().strip() == "planning"
    time.sleep(0.3)
    latencies = []
    for table in tables:
        start = time.perf_counter()
        services.submit_scores(table, valid_points(table), entered_by="Ann")
        latencies.append(time.perf_counter() - start)
    still_planning = planner.poll() is None
    seated, seconds = planner.communicate(timeout=180)[0].split()
    print(
        f"\nsubmits during the plan: {[round(s, 3) for s in latencies]} s; "
        f"plan {seconds} s ({connection.vendor})"
    )
    assert still_planning, "the plan finished before the submits: nothing was tested"
    assert max(latencies) < 1.0
    assert seated == "500"
    assert all(t.entries.filter(state="current").exists() for t in tables)


def worker_env() -> dict[str, str]:
    db = connection.settings_dict
    if connection.vendor == "sqlite":
        return server_env(Path(db["NAME"]))
    env = server_env(None)
    env["DATABASE_URL"] = (
        f"postgres://{db['USER']}:{db['PASSWORD']}@{db['HOST']}:{db['PORT']}/{db['NAME']}"
    )
    return env


def _run_worker_once() -> None:
    """One pass of a real task-queue worker over the jobs queued."""
    subprocess.run(
        [PYTHON, "manage.py", "db_worker", "--batch", "--interval", "0"],
        cwd=ROOT,
        env=worker_env(),
        check=True,
        timeout=120,
        capture_output=True,
    )


@override_settings(TASKS=DB_TASKS, ROOKERY_SEATING_WAIT=0.3)
def test_a_slow_seating_shows_seating_then_the_plan_from_a_real_worker(host_client, host):
    event = night(13, owner=host)
    answer = host_client.post(reverse("round_seat_next", args=[event.slug]))
    # No worker has run yet: the click is answered with the seating page.
    assert answer.status_code == 302
    assert answer.url == reverse("event_seating", args=[event.slug])
    page = host_client.get(answer.url).content.decode()
    assert "Seating round 1…" in page
    assert 'hx-trigger="every 1s"' in page
    assert "Seating…" in host_client.get(event.get_absolute_url()).content.decode()
    assert not event.rounds.exists()
    # A second click while it plans queues nothing more.
    host_client.post(reverse("round_seat_next", args=[event.slug]))
    assert SeatingJob.objects.count() == 1

    _run_worker_once()

    job = SeatingJob.objects.get()
    assert job.state == SeatingJob.State.DONE, job.message
    page = host_client.get(reverse("event_seating", args=[event.slug])).content.decode()
    assert "Round 1 is seated." in page and "Seating round 1…" not in page
    polled = host_client.get(reverse("event_seating", args=[event.slug]), HTTP_HX_REQUEST="true")
    assert polled["HX-Redirect"] == reverse("round_detail", args=[event.slug, 1])
    assert event.rounds.get(number=1).seats.count() == 13


def _queued_seating(host_client, event) -> SeatingJob:
    """Click "Seat round 1" with no worker running: the job waits in the queue."""
    answer = host_client.post(reverse("round_seat_next", args=[event.slug]))
    assert answer.url == reverse("event_seating", args=[event.slug])
    return SeatingJob.objects.get(event=event)


def _age(job: SeatingJob, seconds: float) -> None:
    SeatingJob.objects.filter(pk=job.pk).update(
        created_at=timezone.now() - datetime.timedelta(seconds=seconds)
    )


@override_settings(TASKS=DB_TASKS, ROOKERY_SEATING_WAIT=0.1)
def test_a_seating_no_worker_takes_can_be_seated_here_and_the_worker_never_seats_it_again(
    host_client, host
):
    event = night(13, owner=host)
    job = _queued_seating(host_client, event)
    seating_url = reverse("event_seating", args=[event.slug])
    # A moment after the click the queue may simply be busy: no offer yet.
    page = host_client.get(seating_url).content.decode()
    assert "Seating round 1…" in page and "Seat here instead" not in page
    early = host_client.post(reverse("seating_here", args=[event.slug]), follow=True)
    assert "The seating is under way" in early.content.decode()
    assert not event.rounds.exists()

    _age(job, 20)
    page = host_client.get(seating_url).content.decode()
    assert "Seat here instead" in page and "worker may not be running" in page
    # The page's own poll carries the offer too (it replaces this part every second).
    polled = host_client.get(seating_url, HTTP_HX_REQUEST="true").content.decode()
    assert "Seat here instead" in polled

    answer = host_client.post(reverse("seating_here", args=[event.slug]))
    assert answer.status_code == 302
    assert answer.url == reverse("round_detail", args=[event.slug, 1])
    assert event.rounds.get(number=1).seats.count() == 13
    job.refresh_from_db()
    assert job.state == SeatingJob.State.DONE and job.requested_by == host

    # The worker, started late, finds the job taken and seats nothing more.
    _run_worker_once()
    assert list(event.rounds.values_list("number", flat=True)) == [1]
    assert event.rounds.get(number=1).seats.count() == 13
    page = host_client.get(seating_url).content.decode()
    assert "Round 1 is seated." in page and "Seat here instead" not in page
    again = host_client.post(reverse("seating_here", args=[event.slug]), follow=True)
    assert "Nothing is waiting to be seated." in again.content.decode()


@override_settings(TASKS=DB_TASKS, ROOKERY_SEATING_WAIT=0.1)
def test_two_hosts_pressing_seat_here_at_once_seat_the_round_once(host_client, host):
    event = night(13, owner=host)
    job = _queued_seating(host_client, event)
    _age(job, 20)
    barrier = threading.Barrier(2)
    outcomes = []

    def press():
        barrier.wait()
        try:
            outcomes.append(services.seat_here(SeatingJob.objects.get(pk=job.pk)).state)
        finally:
            connection.close()

    threads = [threading.Thread(target=press) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    # The one that claimed it seated it; the other saw it taken (still running, or done).
    assert SeatingJob.State.DONE in outcomes and len(outcomes) == 2
    assert set(outcomes) <= {SeatingJob.State.DONE, SeatingJob.State.RUNNING}
    assert list(event.rounds.values_list("number", flat=True)) == [1]
    assert event.rounds.get(number=1).seats.count() == 13


@override_settings(TASKS=DB_TASKS, ROOKERY_SEATING_WAIT=0.1)
def test_seating_here_when_the_room_does_not_split_offers_the_hosts_choices(host_client, host):
    event = night(7, owner=host, min_table_size=4, max_table_size=6)
    job = _queued_seating(host_client, event)
    _age(job, 20)
    answer = host_client.post(reverse("seating_here", args=[event.slug]))
    assert answer.status_code == 409
    page = answer.content.decode()
    # The choice goes back to the click it came from, as when the queue answers.
    assert f'action="{reverse("round_seat_next", args=[event.slug])}"' in page
    assert "7 players" in page
    assert not event.rounds.exists()


def _form_token(host_client, event) -> dict[str, str]:
    """The hidden fields of the event page's "Seat round 1" form, as the browser sends them."""
    page = host_client.get(event.get_absolute_url()).content.decode()
    url = reverse("round_seat_next", args=[event.slug])
    form = page[page.index(f'action="{url}"') :]
    form = form[: form.index("</form>")]
    fields = dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)"', form))
    assert "once" in fields, "the form no longer carries its one-time token"
    return fields


@pytest.fixture
def worker():
    """The task queue's real worker, in its own process, for the length of one test."""
    process = subprocess.Popen(
        [PYTHON, "manage.py", "db_worker", "--interval", "0.05"],
        cwd=ROOT,
        env=worker_env(),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    yield process
    process.terminate()
    process.wait(timeout=30)


@override_settings(TASKS=DB_TASKS, ROOKERY_SEATING_WAIT=30)
def test_the_seat_form_with_its_token_lets_the_worker_see_the_job_while_it_waits(
    host_client, host, worker
):
    """The real "Seat round 1" form carries a one-time token. Its view must not hold the
    token's transaction while it waits for the queue: the worker would not see the job
    until the wait ran out, every click would take the whole wait and hold SQLite's write
    lock, and a room that needs the host's choice would never show it."""
    event = night(7, owner=host, min_table_size=4, max_table_size=6)
    url = reverse("round_seat_next", args=[event.slug])
    start = time.perf_counter()
    answer = host_client.post(url, _form_token(host_client, event))
    seconds = time.perf_counter() - start
    # The worker took it while the click waited: the choice, not "seating…" after 30 s.
    assert answer.status_code == 409, answer.get("Location")
    assert seconds < 20
    page = answer.content.decode()
    assert "7 players cannot be split into tables of 4 to 6" in page
    assert 'name="fallback" value="sit_out"' in page

    answer = host_client.post(url, {**_form_token(host_client, event), "fallback": "sit_out"})
    assert answer.status_code == 302
    assert answer.url == reverse("round_detail", args=[event.slug, 1])
    assert event.rounds.get(number=1).seats.count() == 6


@override_settings(TASKS=DB_TASKS, ROOKERY_SEATING_WAIT=0.1)
def test_the_seating_page_offers_the_choices_a_refused_seating_needs(host_client, host):
    """A seating the queue finished after the click stopped waiting: the host lands on the
    seating page, which must offer the same buttons as the choice page, not only say so."""
    event = night(7, owner=host, min_table_size=4, max_table_size=6)
    job = _queued_seating(host_client, event)
    services.seat_here(job)  # the queue's worker, late
    page = host_client.get(reverse("event_seating", args=[event.slug])).content.decode()
    assert "The last seating didn't go ahead: 7 players cannot be split" in page
    action = f'action="{reverse("round_seat_next", args=[event.slug])}"'
    assert page.count(action) >= 2  # one form per choice
    assert 'name="fallback" value="sit_out"' in page
    assert 'name="fallback" value="short_table"' not in page  # no 3-player rules at 4 to 6
    # The page's poll, which replaces that part every second, carries them too.
    polled = host_client.get(reverse("event_seating", args=[event.slug]), HTTP_HX_REQUEST="true")
    assert 'name="fallback" value="sit_out"' in polled.content.decode()
    answer = host_client.post(
        reverse("round_seat_next", args=[event.slug]), {"fallback": "sit_out"}
    )
    assert answer.status_code == 302  # the queue has no worker here: "seating…" page
    services.seat_here(SeatingJob.objects.filter(event=event).latest("pk"))
    assert event.rounds.get(number=1).seats.count() == 6


@override_settings(TASKS=DB_TASKS, ROOKERY_SEATING_WAIT=1.5)
def test_a_seat_click_waiting_on_the_queue_holds_up_no_phone(host_client, host):
    """While the host's "Seat round 1" (the real form, with its token) waits for the queue,
    a phone's score for another night answers at once. The wait used to run inside the
    token's transaction, holding SQLite's write lock: the submit waited the whole wait."""
    small = night(12, owner=host, name="Playing now")
    rnd = services.seat_next_round(small)
    services.begin_round(rnd)
    table = rnd.tables.first()
    event = night(13, owner=host, name="Seating now")
    fields = _form_token(host_client, event)
    clicked = threading.Event()
    answers = []

    def click():
        try:
            clicked.set()
            answers.append(host_client.post(reverse("round_seat_next", args=[event.slug]), fields))
        finally:
            connection.close()

    thread = threading.Thread(target=click)
    thread.start()
    clicked.wait(timeout=10)
    time.sleep(0.4)  # the click is inside its wait now (no worker runs here)
    start = time.perf_counter()
    services.submit_scores(table, valid_points(table), entered_by="Ann")
    seconds = time.perf_counter() - start
    still_waiting = thread.is_alive()
    thread.join(timeout=30)
    assert still_waiting, "the click answered before the submit: nothing was tested"
    assert seconds < 0.5, f"the submit waited {seconds:.2f} s on the seat click"
    assert answers[0].status_code == 302  # no worker: the seating page says "seating…"
    assert table.entries.filter(state="current").exists()


def test_a_refusal_the_room_has_outgrown_leaves_the_seating_page(host_client, host):
    """7 Rook Shanghai players can't split; an eighth came. The page still said "7 players
    cannot be split" and offered to let one sit out, which then turned sitting out on for
    the rest of the night though 8 split into two tables of 4."""
    event = night(7, owner=host, min_table_size=4, max_table_size=6, game_slug="shanghai")
    answer = host_client.post(reverse("round_seat_next", args=[event.slug]))
    assert answer.status_code == 409
    seating_url = reverse("event_seating", args=[event.slug])
    assert "7 players cannot be split" in host_client.get(seating_url).content.decode()
    services.add_players(event, ["Eli"])
    page = host_client.get(seating_url).content.decode()
    assert "7 players cannot be split" not in page
    assert 'name="fallback"' not in page


def test_the_seating_page_stops_saying_start_play_once_play_has_started(host_client, host):
    event = night(13, owner=host)
    assert host_client.post(reverse("round_seat_next", args=[event.slug])).status_code == 302
    seating_url = reverse("event_seating", args=[event.slug])
    assert "Check the tables, then start play" in host_client.get(seating_url).content.decode()
    services.begin_round(event.rounds.get(number=1))
    page = host_client.get(seating_url).content.decode()
    assert "Check the tables, then start play" not in page


def test_a_claim_left_unanswered_by_a_stopped_request_does_not_bar_the_form(host_client, host):
    """The token is claimed in a commit of its own; if that request's process stopped
    before answering, a resend waited 15 s and was told to wait, for two days."""
    event = night(13, owner=host)
    fields = _form_token(host_client, event)
    stale = FormSubmission.objects.create(owner=host, token=fields["once"])
    FormSubmission.objects.filter(pk=stale.pk).update(
        created_at=timezone.now() - datetime.timedelta(minutes=5)
    )
    start = time.perf_counter()
    answer = host_client.post(reverse("round_seat_next", args=[event.slug]), fields)
    assert time.perf_counter() - start < 5
    assert answer.status_code == 302
    assert answer.url == reverse("round_detail", args=[event.slug, 1])


def _seats(rnd) -> list[tuple]:
    return sorted(rnd.seats.values_list("player__name", "table__number", "position"))


def _seated_again_here(host_client, event, old: SeatingJob) -> SeatingJob:
    """No worker for 11 minutes: the page let the old job go, so the host seats again,
    and with the queue still not taken, seats it here."""
    _age(old, 11 * 60)
    assert services.seating_in_progress(event) is None
    host_client.post(reverse("round_seat_next", args=[event.slug]))
    new = SeatingJob.objects.exclude(pk=old.pk).get(event=event)
    _age(new, 20)
    host_client.post(reverse("seating_here", args=[event.slug]))
    new.refresh_from_db()
    assert new.state == SeatingJob.State.DONE
    return new


@override_settings(TASKS=DB_TASKS, ROOKERY_SEATING_WAIT=0.1)
def test_a_seating_the_page_let_go_of_never_runs_when_a_worker_comes_back(host_client, host):
    """The queue kept the task of a seating the page had given up on (queued for longer
    than LOST_AFTER): a worker started later ran it, re-seating round 1 over the host's
    swap."""
    event = night(13, owner=host, rounds_planned=4)
    old = _queued_seating(host_client, event)
    _seated_again_here(host_client, event, old)
    rnd = event.rounds.get(number=1)
    t1, t2 = list(rnd.tables.order_by("number"))[:2]
    services.swap_players(rnd, t1.seats.first().player, t2.seats.first().player)
    swapped = _seats(rnd)
    _run_worker_once()
    assert _seats(event.rounds.get(number=1)) == swapped
    old.refresh_from_db()
    assert old.state == SeatingJob.State.REFUSED
    assert old.message == (
        "This seating waited in the queue while the night was seated another way since, and "
        "was dropped: nothing was changed."
    )
    assert event.activity.filter(action="seat").count() == 1


@override_settings(TASKS=DB_TASKS, ROOKERY_SEATING_WAIT=0.1)
def test_a_seating_the_page_let_go_of_never_seats_a_round_nobody_asked_for(host_client, host):
    """The same, with round 1 played and closed before the worker came back: the old
    "seat the next round" seated round 2 by itself."""
    event = night(13, owner=host, rounds_planned=4)
    old = _queued_seating(host_client, event)
    _seated_again_here(host_client, event, old)
    rnd = event.rounds.get(number=1)
    services.begin_round(rnd)
    for table in rnd.tables.all():
        services.submit_scores(table, valid_points(table), entered_by="Ann")
    services.close_round(rnd)
    _run_worker_once()
    assert list(event.rounds.values_list("number", flat=True)) == [1]
    old.refresh_from_db()
    assert old.state == SeatingJob.State.REFUSED


@override_settings(TASKS=DB_TASKS, ROOKERY_SEATING_WAIT=0.1)
def test_a_seating_left_in_the_queue_too_long_is_dropped_not_run(host_client, host):
    """Nobody seated again meanwhile, but the job is older than the page's patience: it
    is dropped with a message saying so, rather than seating the night an hour late."""
    event = night(13, owner=host, rounds_planned=4)
    old = _queued_seating(host_client, event)
    _age(old, 11 * 60)
    _run_worker_once()
    assert not event.rounds.exists()
    old.refresh_from_db()
    assert old.state == SeatingJob.State.REFUSED
    assert "waited in the queue too long" in old.message
    page = unescape(host_client.get(reverse("event_seating", args=[event.slug])).content.decode())
    assert "waited in the queue too long (no worker was taking it)" in page


def test_a_seating_let_go_of_while_it_planned_writes_nothing(host, monkeypatch):
    """Its worker paused mid-plan (a laptop's lid closed) for longer than RUN_LOST_AFTER:
    the page said "nothing was saved: seat again", the host seated round 1 and swapped
    two players; the worker woke, wrote its plan over them and marked the job done."""
    event = night(13, owner=host, rounds_planned=4)
    job = SeatingJob.objects.create(event=event, action=SeatingJob.Action.NIGHT)
    plan_rounds = jobs_module.planning.plan_rounds
    swapped, slept = [], []

    def paused_meanwhile(inputs, **kwargs):
        plans = plan_rounds(inputs, **kwargs)
        if not slept:  # while this "worker" slept: the page lets it go, the host seats
            slept.append(True)
            stale = timezone.now() - datetime.timedelta(seconds=40)
            SeatingJob.objects.filter(pk=job.pk).update(started_at=stale, alive_at=stale)
            assert services.seating_in_progress(event) is None
            rnd = services.seat_next_round(event)
            t1, t2 = list(rnd.tables.order_by("number"))[:2]
            services.swap_players(rnd, t1.seats.first().player, t2.seats.first().player)
            swapped.append(_seats(rnd))
        return plans

    monkeypatch.setattr(jobs_module.planning, "plan_rounds", paused_meanwhile)
    assert jobs_module.run_seating_job.call(job.pk) == SeatingJob.State.REFUSED
    assert list(event.rounds.values_list("number", flat=True)) == [1]
    assert _seats(event.rounds.get(number=1)) == swapped[0]
    job.refresh_from_db()
    assert job.state == SeatingJob.State.REFUSED
    assert job.message == (
        "The task queue's worker stopped while seating, and nothing was saved: seat again."
    )
    assert not event.activity.filter(action="plan").exists()


def test_a_seating_written_then_paused_before_it_says_so_ends_done(host, monkeypatch):
    """The worker wrote its seats, then paused (lid closed) before marking the job done;
    the page meanwhile let it go ("nothing was saved: seat again"). The seats were
    written: the job ends done, not with a message that says they weren't."""
    event = night(13, owner=host, rounds_planned=4)
    job = SeatingJob.objects.create(event=event, action=SeatingJob.Action.NIGHT)
    real_seat = jobs_module._seat

    def seat_then_pause(j):
        written = real_seat(j)
        stale = timezone.now() - datetime.timedelta(seconds=40)
        SeatingJob.objects.filter(pk=j.pk).update(alive_at=stale)
        assert services.seating_in_progress(event) is None  # the page, polling meanwhile
        return written

    monkeypatch.setattr(jobs_module, "_seat", seat_then_pause)
    assert jobs_module.run_seating_job.call(job.pk) == SeatingJob.State.DONE
    job.refresh_from_db()
    assert list(event.rounds.values_list("number", flat=True)) == [1, 2, 3, 4]
    assert job.state == SeatingJob.State.DONE and job.rounds_seated == [1, 2, 3, 4]


def test_a_seating_that_waited_long_for_a_busy_worker_is_not_let_go_while_it_plans(
    host, monkeypatch
):
    """A job queued for nearly LOST_AFTER (the worker busy with another night), then
    running: the page stopped counting it at ten minutes though its worker was alive,
    so the host could seat again over it."""
    event = night(13, owner=host, rounds_planned=4)
    job = SeatingJob.objects.create(event=event, action=SeatingJob.Action.NIGHT)
    _age(job, 9 * 60 + 50)
    plan_rounds = jobs_module.planning.plan_rounds
    seen = []

    def slow(inputs, **kwargs):
        plans = plan_rounds(inputs, **kwargs)
        _age(job, 10 * 60 + 5)
        seen.append(services.seating_in_progress(event))
        return plans

    monkeypatch.setattr(jobs_module.planning, "plan_rounds", slow)
    assert jobs_module.run_seating_job.call(job.pk) == SeatingJob.State.DONE
    assert seen == [job]
    assert list(event.rounds.values_list("number", flat=True)) == [1, 2, 3, 4]
