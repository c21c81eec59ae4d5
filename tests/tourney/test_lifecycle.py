"""The round lifecycle through the host's pages: no round beyond the night's count is
started, nothing is seated or started once the night has ended, the host can reopen
the night (and the event page says so), and every refusal is a message, never a 500."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.factories import night, valid_points
from tests.tourney.test_views import event_form_data
from tourney import services
from tourney.models import Event, Round


def play_round(rnd: Round) -> Round:
    rnd = services.begin_round(rnd)
    for table in rnd.tables.all():
        services.submit_scores(table, valid_points(table), source="host")
    return services.close_round(rnd)


def followed(response) -> str:
    return response.content.decode()


@pytest.fixture
def planned_four(host_client, host):
    """A night of 4 rounds planned ahead (movement cards printed), rounds 1 and 2 played."""
    event = night(12, owner=host, rounds_planned=4)
    host_client.post(reverse("round_plan_night", args=[event.slug]))
    for number in (1, 2):
        play_round(event.rounds.get(number=number))
    return event


def test_lowering_to_one_round_says_one_round(host_client, host):
    event = night(12, owner=host, rounds_planned=3)
    host_client.post(reverse("round_plan_night", args=[event.slug]))
    play_round(event.rounds.get(number=1))
    data = event_form_data(name=event.name, date=f"{event.date:%Y-%m-%d}", rounds_planned=1)
    data.update(min_table_size=3, max_table_size=5)
    saved = host_client.post(reverse("event_edit", args=[event.slug]), data, follow=True)
    assert "Planned rounds 2, 3 are removed: the night now has 1 round." in followed(saved)


def test_lowering_the_rounds_after_planning_removes_the_rounds_beyond(host_client, planned_four):
    event = planned_four
    data = event_form_data(name=event.name, date=f"{event.date:%Y-%m-%d}", rounds_planned=2)
    data.update(min_table_size=3, max_table_size=5)
    saved = host_client.post(reverse("event_edit", args=[event.slug]), data, follow=True)
    assert "Planned rounds 3, 4 are removed: the night now has 2 rounds." in followed(saved)
    assert sorted(event.rounds.values_list("number", flat=True)) == [1, 2]
    begin = host_client.post(reverse("round_begin", args=[event.slug, 3]))
    assert begin.status_code == 404
    assert not event.rounds.exclude(status=Round.Status.CLOSED).exists()
    event.refresh_from_db()
    assert event.is_over()


def test_a_round_beyond_the_nights_count_is_not_started(host_client, planned_four):
    """However it got there (a round planned before the count was lowered elsewhere)."""
    event = planned_four
    Event.objects.filter(pk=event.pk).update(rounds_planned=2)
    url = reverse("round_begin", args=[event.slug, 3])
    page = followed(host_client.post(url, follow=True))
    assert "Round 3 is beyond this night&#x27;s 2 rounds: you can&#x27;t start it." in page
    assert event.rounds.get(number=3).status == Round.Status.PLANNED
    reseat = host_client.post(reverse("round_reseat", args=[event.slug, 3]), follow=True)
    assert "Round 3 is beyond this night&#x27;s 2 rounds: you can&#x27;t seat it." in followed(
        reseat
    )
    detail = followed(host_client.get(reverse("round_detail", args=[event.slug, 3])))
    assert "This night has 2 rounds: round 3 can't be started." in detail
    assert "Start play for round 3" not in detail


def test_nothing_is_seated_or_started_after_the_night_ends(host_client, host):
    event = night(12, owner=host, rounds_planned=4)
    host_client.post(reverse("round_plan_night", args=[event.slug]))
    play_round(event.rounds.get(number=1))
    assert host_client.post(reverse("event_end", args=[event.slug])).status_code == 302
    ended = "The night has ended: nothing more can be seated or started."
    for name in ("round_begin", "round_reseat"):
        response = host_client.post(reverse(name, args=[event.slug, 2]), follow=True)
        assert response.status_code == 200
        assert ended in followed(response)
    for name in ("round_seat_next", "round_plan_night"):
        response = host_client.post(reverse(name, args=[event.slug]), follow=True)
        assert ended in followed(response)
    assert list(event.rounds.order_by("number").values_list("status", flat=True)) == [
        "closed",
        "planned",
        "planned",
        "planned",
    ]
    detail = followed(host_client.get(reverse("round_detail", args=[event.slug, 2])))
    assert "The night has ended: this round can't be started." in detail
    assert "Start play for round 2" not in detail


def test_the_host_reopens_the_night_and_the_page_says_so(host_client, host):
    event = night(12, owner=host, rounds_planned=4)
    play_round(services.seat_next_round(event))
    host_client.post(reverse("event_end", args=[event.slug]))
    page = followed(host_client.get(event.get_absolute_url()))
    assert "Reopen the night" in page
    reopened = host_client.post(reverse("event_reopen", args=[event.slug]), follow=True)
    page = followed(reopened)
    assert "The night is open again: you can seat and start rounds." in page
    assert "You ended this night, then reopened it on" in page
    event.refresh_from_db()
    assert event.ended_at is None and event.reopened_at is not None
    seated = host_client.post(reverse("round_seat_next", args=[event.slug]))
    assert seated.status_code == 302
    assert host_client.post(reverse("round_begin", args=[event.slug, 2])).status_code == 302
    assert event.rounds.get(number=2).status == Round.Status.PLAYING


def test_reopening_a_night_that_was_not_ended_is_a_message(host_client, host):
    event = night(12, owner=host)
    page = followed(host_client.post(reverse("event_reopen", args=[event.slug]), follow=True))
    assert "The night has not been ended: there is nothing to reopen." in page


def test_refusals_answer_htmx_with_422_and_the_message(host_client, host):
    event = night(12, owner=host, rounds_planned=4)
    rnd = services.seat_next_round(event)
    play_round(rnd)
    services.end_event(event)
    services.reopen_event(event)
    services.seat_next_round(event)
    services.end_event(event)
    hx = {"HTTP_HX_REQUEST": "true"}
    response = host_client.post(reverse("round_begin", args=[event.slug, 2]), **hx)
    assert response.status_code == 422
    assert "The night has ended: nothing more can be seated or started." in followed(response)
    response = host_client.post(reverse("round_seat_next", args=[event.slug]), **hx)
    assert response.status_code == 422
    response = host_client.post(reverse("event_reopen", args=[event.slug]), **hx)
    assert response.status_code == 302
    response = host_client.post(reverse("event_reopen", args=[event.slug]), **hx)
    assert response.status_code == 422
