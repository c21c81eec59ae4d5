"""Seating changes that meet: a swap tapped twice, a swap beside a re-seat, two seating
clicks at once, a worker killed mid-plan, a door that keeps checking people in while a
big room is planned. Threads against the real database (SQLite here, PostgreSQL in CI's
second run, where a missing lock shows as a deadlock or a 500)."""

import datetime
import threading
from functools import partial
from html import unescape

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from tests.factories import night
from tourney import services
from tourney.models import Player, SeatingJob

pytestmark = pytest.mark.django_db(transaction=True)


def places(rnd) -> dict[int, tuple[int, int]]:
    return {s.player_id: (s.table.number, s.position) for s in rnd.seats.select_related("table")}


def together(calls, timeout=60):
    """Run each call in its own thread, released at once; returns (results, errors)."""
    barrier = threading.Barrier(len(calls))
    results, errors = [None] * len(calls), []

    def run(i, call):
        try:
            barrier.wait(timeout=10)
            results[i] = call()
        except Exception as exc:  # the test reports it
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i, c)) for i, c in enumerate(calls)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=timeout)
    return results, errors


def two_at_different_tables(rnd):
    tables = list(rnd.tables.order_by("number"))
    return tables[0].seats.first().player, tables[1].seats.first().player


def host_client_for(host) -> Client:
    client = Client()
    client.force_login(host)
    return client


def test_a_swap_tapped_twice_swaps_once_and_the_second_tap_is_told_why(host):
    event = night(13, owner=host, rounds_planned=3)
    rnd = services.seat_next_round(event)
    a, b = two_at_different_tables(rnd)
    before = places(rnd)
    url = reverse("round_swap", args=[event.slug, 1])
    form = {"player": a.pk, "other": b.pk, "seats": services.seats_stamp(rnd)}
    clients = [host_client_for(host), host_client_for(host)]
    answers, errors = together([lambda c=c: c.post(url, form) for c in clients])
    assert errors == []
    codes = sorted(r.status_code for r in answers)
    assert codes == [302, 422], codes
    refused = unescape(next(r for r in answers if r.status_code == 422).content.decode())
    assert "The seats of round 1 changed after this page was loaded" in refused
    after = places(rnd)
    assert after[a.pk] == before[b.pk] and after[b.pk] == before[a.pk]  # swapped, once
    # The refused page's form carries the seats as they are now: sent again, it swaps back.
    stamp = services.seats_stamp(rnd)
    assert f'value="{stamp}"' in refused
    assert clients[0].post(url, {**form, "seats": stamp}).status_code == 302
    assert places(rnd) == before


def test_a_swap_with_a_stamp_no_page_gives_says_so_where_it_can_be_seen(host):
    """A crafted stamp past its length was an error on the hidden field: "fix the problems
    marked below", with nothing marked."""
    event = night(13, owner=host, rounds_planned=3)
    rnd = services.seat_next_round(event)
    a, b = two_at_different_tables(rnd)
    before = places(rnd)
    url = reverse("round_swap", args=[event.slug, 1])
    answer = host_client_for(host).post(url, {"player": a.pk, "other": b.pk, "seats": "f" * 65})
    assert answer.status_code == 422
    assert "This page's seats can't be read: reload the round and try again." in unescape(
        answer.content.decode()
    )
    assert places(rnd) == before


def test_swaps_and_moves_beside_a_re_seat_take_turns(host):
    """On PostgreSQL the re-seat locked the night, then the seats; a swap locked seats
    only: deadlock detected, a 500 for one of them."""
    event = night(24, owner=host, rounds_planned=3)
    rnd = services.seat_next_round(event)
    for _ in range(4):
        a, b = two_at_different_tables(rnd)
        Player.objects.create(event=event, name=f"Late {_}", status=Player.Status.PRESENT)
        _, errors = together(
            [
                lambda: services.reseat_round(rnd),
                lambda a=a, b=b: services.swap_players(rnd, a, b),
                lambda a=a: services.move_player(rnd, a, 1),
            ]
        )
        assert all(isinstance(e, services.RoundStateError) for e in errors), errors
    seated = list(rnd.seats.values_list("player_id", flat=True))
    assert len(seated) == len(set(seated))


def test_a_swap_on_a_round_planned_again_meanwhile_is_refused_not_a_500(host):
    event = night(13, owner=host, rounds_planned=3)
    services.plan_rest_of_night(event)
    page_round = event.rounds.get(number=2)
    a, b = two_at_different_tables(page_round)
    services.plan_rest_of_night(event)  # another tab re-planned: round 2 is a new row
    url = reverse("round_swap", args=[event.slug, 2])
    answer = host_client_for(host).post(
        url, {"player": a.pk, "other": b.pk, "seats": services.seats_stamp(page_round)}
    )
    assert answer.status_code in (302, 422)  # swapped on the new seats, or told why


def test_two_seating_clicks_at_once_make_one_job(host, settings):
    settings.ROOKERY_SEATING_WAIT = 0
    event = night(13, owner=host, rounds_planned=3)
    jobs, errors = together(
        [
            lambda: services.start_seating(event, action=SeatingJob.Action.NEXT),
            lambda: services.start_seating(event, action=SeatingJob.Action.NEXT),
        ]
    )
    assert errors == []
    assert event.seating_jobs.count() == 1
    assert jobs[0].pk == jobs[1].pk


def test_a_click_while_another_seating_runs_is_told_it_started_nothing(host, settings):
    settings.ROOKERY_SEATING_WAIT = 0
    event = night(13, owner=host, rounds_planned=3)
    SeatingJob.objects.create(
        event=event,
        action=SeatingJob.Action.NIGHT,
        state=SeatingJob.State.RUNNING,
        started_at=timezone.now(),
    )
    client = host_client_for(host)
    answer = client.post(reverse("round_seat_next", args=[event.slug]), follow=True)
    text = unescape(answer.content.decode())
    assert "Another seating was already under way" in text
    assert "Seating the rest of the night…" in text


def test_a_job_whose_worker_was_killed_mid_plan_is_let_go_after_a_minute(host, settings):
    settings.ROOKERY_SEATING_WAIT = 0
    event = night(13, owner=host, rounds_planned=3)
    dead = SeatingJob.objects.create(
        event=event,
        action=SeatingJob.Action.NEXT,
        round_number=1,
        state=SeatingJob.State.RUNNING,
    )
    SeatingJob.objects.filter(pk=dead.pk).update(
        started_at=timezone.now() - datetime.timedelta(seconds=61)
    )
    page = unescape(
        host_client_for(host).get(reverse("event_seating", args=[event.slug])).content.decode()
    )
    assert "The task queue's worker stopped while seating, and nothing was saved" in page
    assert "Seat round 1" in page
    dead.refresh_from_db()
    assert dead.state == SeatingJob.State.REFUSED
    # Seconds into a plan, a running job is still the one under way.
    SeatingJob.objects.filter(pk=dead.pk).update(
        state=SeatingJob.State.RUNNING, started_at=timezone.now()
    )
    assert services.seating_in_progress(event).pk == dead.pk


def test_a_door_that_keeps_checking_people_in_does_not_stop_round_one(host, monkeypatch):
    """Every plan finds a new arrival by its end: the last try is written (arrivals are
    all that changed), and they are listed as checked in with no seat."""
    from tourney.services import planning

    event = night(20, owner=host, rounds_planned=3)
    plan_rounds = planning.plan_rounds
    arrivals = iter(range(100))

    def plan_then_one_arrives(inputs, **kw):
        plans = plan_rounds(inputs, **kw)
        Player.objects.create(
            event=event, name=f"Door {next(arrivals)}", status=Player.Status.PRESENT
        )
        return plans

    monkeypatch.setattr(planning, "plan_rounds", plan_then_one_arrives)
    rnd = services.seat_next_round(event)
    assert rnd.seats.count() == 22  # the room as the last plan found it
    drift = services.planned_rounds_off_attendance(event)
    assert drift.rounds == [1] and drift.unseated == ["Door 2"]
    # Someone leaving is not an arrival: that plan is not written.
    gone = iter(event.players.filter(name__startswith="P").order_by("name"))

    def plan_then_one_leaves(inputs, **kw):
        plans = plan_rounds(inputs, **kw)
        services.set_player_status(next(gone), Player.Status.LEFT)
        return plans

    monkeypatch.setattr(planning, "plan_rounds", plan_then_one_leaves)
    with pytest.raises(services.RoundStateError, match="checked in or out while round 1"):
        services.reseat_round(rnd)


def test_a_slow_plan_says_it_is_alive_and_is_not_let_go(host, monkeypatch):
    """A 4,000-player night plans for minutes: its worker says it is alive every few
    seconds, so the page doesn't call it lost at a fixed minute and offer a second plan
    beside it."""
    from tourney.services import jobs

    monkeypatch.setattr(jobs, "ALIVE_EVERY", 0.05)
    event = night(13, owner=host, rounds_planned=3)
    job = SeatingJob.objects.create(event=event, action=SeatingJob.Action.NEXT, round_number=1)
    seat = jobs._seat
    seen = []

    def slow_seat(job):
        import time

        time.sleep(0.5)
        seen.append(SeatingJob.objects.get(pk=job.pk).alive_at)
        return seat(job)

    monkeypatch.setattr(jobs, "_seat", slow_seat)
    assert jobs.run_seating_job.call(job.pk) == SeatingJob.State.DONE
    assert seen[0] is not None  # said while it planned
    # Started long ago, alive a moment ago: still the seating under way.
    SeatingJob.objects.filter(pk=job.pk).update(
        state=SeatingJob.State.RUNNING,
        started_at=timezone.now() - datetime.timedelta(minutes=5),
        alive_at=timezone.now(),
    )
    assert services.seating_in_progress(event).pk == job.pk
    SeatingJob.objects.filter(pk=job.pk).update(
        alive_at=timezone.now() - datetime.timedelta(seconds=31)
    )
    assert services.seating_in_progress(event) is None


def test_the_page_polling_a_seating_that_ended_without_a_plan_reloads_whole(host):
    event = night(13, owner=host, rounds_planned=3)
    SeatingJob.objects.create(
        event=event,
        action=SeatingJob.Action.NEXT,
        state=SeatingJob.State.REFUSED,
        message="The task queue's worker stopped while seating, and nothing was saved: seat again.",
    )
    client = host_client_for(host)
    url = reverse("event_seating", args=[event.slug])
    polled = client.get(url + "?polling=1", headers={"HX-Request": "true"})
    assert polled.headers.get("HX-Refresh") == "true"  # the seat buttons come back with it
    assert "HX-Refresh" not in client.get(url, headers={"HX-Request": "true"}).headers


def start_form(rnd, **extra) -> dict:
    return {"seats": services.start_stamp(rnd), **extra}


def test_start_tapped_twice_starts_once_and_the_second_tap_is_told_why(host):
    """Two taps of Start from one page (or two co-hosts' pages) at once: one starts the
    round and is logged once; the other is told the round is already being played."""
    event = night(13, owner=host, rounds_planned=3)
    rnd = services.seat_next_round(event)
    url = reverse("round_begin", args=[event.slug, 1])
    form = start_form(rnd)
    clients = [host_client_for(host), host_client_for(host)]
    answers, errors = together([lambda c=c: c.post(url, form, follow=True) for c in clients])
    assert errors == []
    assert [r.status_code for r in answers] == [200, 200]
    said = sorted(unescape(r.content.decode()) for r in answers)
    started = [s for s in said if "Round 1 has started. Tables can enter scores." in s]
    told = [s for s in said if "you can only start a planned round" in s]
    assert len(started) == 1 and len(told) == 1, said
    assert event.rounds.get(number=1).status == "playing"
    assert event.activity.filter(action="begin", round_number=1).count() == 1


def test_a_swap_and_start_from_one_page_at_once_never_start_seats_nobody_saw(host):
    """A co-host swaps two players while the host presses Start on the page loaded before
    the swap. Whichever lands first, the other is refused: the round never starts on
    seats the Start page did not show, and a swap never changes a round being played."""
    for attempt in range(6):
        event = night(13, owner=host, rounds_planned=3, name=f"Race {attempt}")
        rnd = services.seat_next_round(event)
        a, b = two_at_different_tables(rnd)
        before = places(rnd)
        start = reverse("round_begin", args=[event.slug, 1])
        swap = reverse("round_swap", args=[event.slug, 1])
        start_seen = start_form(rnd)
        swap_seen = {"player": a.pk, "other": b.pk, "seats": services.seats_stamp(rnd)}
        host_page, co_host = host_client_for(host), host_client_for(host)
        answers, errors = together(
            [
                partial(host_page.post, start, start_seen, follow=True),
                partial(co_host.post, swap, swap_seen),
            ]
        )
        assert errors == []
        assert all(r.status_code in (200, 302, 422) for r in answers), answers
        rnd.refresh_from_db()
        after = places(rnd)
        if rnd.status == "playing":  # Start first: the seats it showed, the swap refused
            assert after == before
            assert answers[1].status_code == 422
        else:  # the swap first: Start refused as stale, the swap kept
            assert after[a.pk] == before[b.pk] and after[b.pk] == before[a.pk]
            page = unescape(answers[0].content.decode())
            assert "changed after this page was loaded" in page
            assert "nothing was started" in page
