"""The players page's bulk actions: check everyone in (once, however many taps) and
tick all on the roster list."""

from __future__ import annotations

import re
import threading
from html import unescape

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse

from tests.factories import EventFactory, UserFactory, night
from tests.scoring.test_double_tap import double_tap, form_page, hidden_fields
from tests.tourney.test_derived import enter, start
from tourney import services
from tourney.models import Entry, Person, Player

S = Player.Status


def a_night_with_everyone(host):
    """Three expected, one checked in, one absent, one gone home."""
    event = EventFactory(owner=host, name="Friday Rook")
    for name, status in [
        ("Ann", S.REGISTERED),
        ("Bo", S.REGISTERED),
        ("Cy", S.REGISTERED),
        ("Dee", S.PRESENT),
        ("Ed", S.ABSENT),
        ("Flo", S.LEFT),
    ]:
        Player.objects.create(event=event, name=name, status=status)
    return event


def statuses(event) -> dict[str, str]:
    return dict(event.players.values_list("name", "status"))


@pytest.mark.django_db
def test_check_everyone_in_checks_in_the_expected_and_says_who_was_left(host_client, host):
    event = a_night_with_everyone(host)
    url = reverse("player_list", args=[event.slug])
    before = unescape(host_client.get(url).content.decode())
    assert "Check everyone in (3 expected)" in re.sub(r"<[^>]+>", "", before)
    assert "Absent and gone-home players stay as they are." in before

    page = host_client.post(reverse("player_check_in_all", args=[event.slug]), follow=True)
    text = unescape(page.content.decode())
    assert "Checked in 3 players." in text
    assert (
        "Not checked in, as you marked them: Ed (absent); Flo (gone home). "
        "Use their own Check in button when they are here." in text
    )
    assert statuses(event) == {
        "Ann": S.PRESENT,
        "Bo": S.PRESENT,
        "Cy": S.PRESENT,
        "Dee": S.PRESENT,
        "Ed": S.ABSENT,
        "Flo": S.LEFT,
    }
    assert "<strong>4</strong> checked in of 6." in text
    assert "Check everyone in" not in text  # nobody left to check in


@pytest.mark.django_db
def test_check_everyone_in_again_checks_in_nobody(host_client, host):
    event = night(4, owner=host)
    event.players.update(status=S.REGISTERED)
    url = reverse("player_check_in_all", args=[event.slug])
    assert "Checked in 4 players." in host_client.post(url, follow=True).content.decode()
    again = host_client.post(url, follow=True).content.decode()
    assert "Everyone expected is already checked in." in again
    assert "Not checked in" not in again
    assert set(statuses(event).values()) == {S.PRESENT}


@pytest.mark.django_db
def test_the_roster_partial_counts_the_expected_after_a_check_in(host_client, host):
    event = a_night_with_everyone(host)
    ann = event.players.get(name="Ann")
    partial = host_client.post(
        reverse("player_status", args=[event.slug, ann.pk]),
        {"status": S.PRESENT},
        headers={"HX-Request": "true"},
    ).content.decode()
    assert partial.lstrip().startswith('<div id="roster"')
    assert "(2 expected)" in partial
    assert reverse("player_check_in_all", args=[event.slug]) in partial


@pytest.mark.django_db
def test_check_everyone_in_needs_a_post_and_the_host(host_client, host):
    event = a_night_with_everyone(host)
    url = reverse("player_check_in_all", args=[event.slug])
    assert host_client.get(url).status_code == 405
    assert Client().post(url).status_code == 302  # to sign-in
    stranger = Client()
    stranger.force_login(UserFactory(username="stranger"))
    assert stranger.post(url).status_code == 404
    assert statuses(event)["Ann"] == S.REGISTERED


@pytest.mark.django_db(transaction=True)
def test_a_double_tap_on_check_everyone_in_answers_both_the_same(host):
    event = a_night_with_everyone(host)
    players = reverse("player_list", args=[event.slug])
    url = reverse("player_check_in_all", args=[event.slug])
    data = hidden_fields(form_page(host, players), url)
    assert data["once"]
    answers = double_tap(host, url, data)
    assert answers == [(302, players), (302, players)]
    assert [s for s in statuses(event).values() if s == S.PRESENT] == [S.PRESENT] * 4
    tab = Client()
    tab.force_login(host)
    # The second tap is answered with the first one's news, not "already checked in".
    after = tab.post(url, data, follow=True).content.decode()
    assert "Checked in 3 players." in after


@pytest.mark.django_db(transaction=True)
def test_check_everyone_in_from_two_tabs_at_once_fills_each_late_arrival_once(host):
    event = night(8, owner=host, rounds_planned=3)
    rnd = start(event)
    for table in rnd.tables.order_by("number"):
        enter(table, [0, 30, 10, 20])
    services.close_round(rnd)
    late = [
        Player.objects.create(event=event, name=name, status=S.REGISTERED)
        for name in ("Late A", "Late B", "Late C")
    ]
    url = reverse("player_check_in_all", args=[event.slug])
    barrier = threading.Barrier(2)
    answers, errors = [], []

    def tab():
        try:
            phone = Client(raise_request_exception=False)
            phone.force_login(host)
            barrier.wait(timeout=10)
            answer = phone.post(url, follow=True)  # no token: two tabs, two taps
            answers.append(unescape(answer.content.decode()))
        except Exception as exc:  # reported below
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=tab) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    assert errors == [] and len(answers) == 2
    # Each late arrival is counted by one tab only: three in all.
    counts = [re.search(r"Checked in (\d+) player|(already checked in)", a) for a in answers]
    assert sum(int(m.group(1) or 0) for m in counts) == 3
    assert set(statuses(event).values()) == {S.PRESENT}
    fill = Entry.objects.get(round=rnd, table=None, state=Entry.State.CURRENT)
    scores = list(fill.scores.values_list("player_id", "points"))
    assert sorted(scores) == sorted((p.pk, 30) for p in late)


# -- tick all --------------------------------------------------------------


def roster_of(host, names):
    old = EventFactory(owner=host, name="Last week")
    return [Player.objects.create(event=old, name=n).person for n in names]


@pytest.mark.django_db
def test_tick_all_adds_everyone_listed_from_the_roster(host_client, host):
    roster_of(host, ["Ann Whitaker", "Bo Stone", "Cy Dee"])
    event = EventFactory(owner=host)
    services.add_players(event, ["Cy Dee"])
    url = reverse("player_list", args=[event.slug])
    page = unescape(host_client.get(url).content.decode())
    assert 'name="tick_all"' in page and "Tick all 2: everyone below" in page
    # Without JavaScript the boxes below stay unticked: the tick-all box alone says it.
    done = host_client.post(url, {"tick_all": "on", "names": "Dora Ek"}, follow=True)
    assert "Added 3 players." in done.content.decode()
    assert sorted(event.players.values_list("name", flat=True)) == [
        "Ann Whitaker",
        "Bo Stone",
        "Cy Dee",
        "Dora Ek",
    ]
    assert event.players.get(name="Bo Stone").person == Person.objects.get(name="Bo Stone")
    assert "Tick all" not in host_client.get(url).content.decode()  # nobody left to pick


@pytest.mark.django_db
def test_without_tick_all_only_the_ticked_are_added(host_client, host):
    ann, _bo = roster_of(host, ["Ann Whitaker", "Bo Stone"])
    event = EventFactory(owner=host)
    url = reverse("player_list", args=[event.slug])
    host_client.post(url, {"roster": [str(ann.pk)]})
    assert list(event.players.values_list("name", flat=True)) == ["Ann Whitaker"]


@pytest.mark.django_db
def test_the_names_box_is_followed_by_add_players(host_client, host):
    roster_of(host, ["Ann Whitaker", "Bo Stone"])
    event = EventFactory(owner=host)
    page = host_client.get(reverse("player_list", args=[event.slug])).content.decode()
    form = page[page.index("<textarea") :]
    controls = re.findall(r"<(textarea|input|button|select)\b[^>]*>", form)
    assert controls[:2] == ["textarea", "button"]
    assert form.index(">Add players</button>") < form.index('name="roster"')
