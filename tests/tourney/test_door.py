"""Self check-in at the door (issue 28, item 5): the door page a player opens from the
door card, what it does to the night, the desk's approvals on the players page, the
limit on tries, the door closing, and double taps and two phones at once."""

from __future__ import annotations

import re
import threading
from html import unescape

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse

from tests.factories import EventFactory
from tests.tourney.test_derived import enter, start
from tourney import services
from tourney.models import Arrival, Entry, Event, JoinAttempt, Person, Player
from tourney.views.door import PHONE_COOKIE

S = Player.Status
HTMX = {"HX-Request": "true"}


def friday(host, *, new_names=Event.DoorNewNames.WAIT, **fields) -> Event:
    """Tonight: Ann and Bo expected, Cy in, Dee absent, Flo gone home; last week's
    Ann Whitaker on the roster."""
    last_week = EventFactory(owner=host, name="Last week")
    services.add_players(last_week, ["Ann Whitaker", "Gus Møller"])
    event = EventFactory(owner=host, name="Friday Rook", door_new_names=new_names, **fields)
    for name, status in [
        ("Ann", S.REGISTERED),
        ("Bo", S.REGISTERED),
        ("Cy", S.PRESENT),
        ("Dee", S.ABSENT),
        ("Flo", S.LEFT),
    ]:
        Player.objects.create(event=event, name=name, status=status)
    return event


def door_url(event: Event) -> str:
    return reverse("door", args=[event.door_token])


def page(response) -> str:
    return unescape(response.content.decode())


def status_of(event: Event, name: str) -> str:
    return event.players.get(name=name).status


@pytest.fixture
def phone():
    return Client(REMOTE_ADDR="192.168.1.50")


# -- picking a name ---------------------------------------------------------------------


@pytest.mark.django_db
def test_the_door_lists_the_expected_and_absent_and_checks_a_picked_name_in(host, phone):
    event = friday(host)
    html = page(phone.get(door_url(event)))
    assert "Check in: Friday Rook" in html
    names = [n for n in ("Ann", "Bo", "Cy", "Dee", "Flo") if f">{n}</button>" in html]
    assert names == ["Ann", "Bo", "Dee"]  # not Cy (in already), not Flo (gone home)
    bo = event.players.get(name="Bo")
    answer = phone.post(door_url(event), {"player": bo.pk}, follow=True)
    assert "You're checked in, Bo." in page(answer)
    assert ">Bo</button>" not in page(answer)
    assert status_of(event, "Bo") == S.PRESENT
    arrival = Arrival.objects.get(event=event)
    assert (arrival.player, arrival.state) == (bo, Arrival.State.CHECKED_IN)


@pytest.mark.django_db
def test_a_double_tap_on_a_name_says_the_same_and_records_one_arrival(host, phone):
    event = friday(host)
    ann = event.players.get(name="Ann")
    first = phone.post(door_url(event), {"player": ann.pk}, follow=True)
    second = phone.post(door_url(event), {"player": ann.pk}, follow=True)
    assert "You're checked in, Ann." in page(first)
    assert "You're checked in, Ann." in page(second)
    assert Arrival.objects.filter(event=event).count() == 1


@pytest.mark.django_db
def test_someone_the_desk_sent_home_is_told_to_ask_the_desk(host, phone):
    event = friday(host)
    flo = event.players.get(name="Flo")
    answer = phone.post(door_url(event), {"player": flo.pk}, follow=True)
    assert "Flo: the desk marked you gone home tonight. Ask the desk" in page(answer)
    assert status_of(event, "Flo") == S.LEFT


@pytest.mark.django_db
def test_a_late_arrival_at_the_door_gets_the_missed_round_score(host, phone):
    event = friday(host, rounds_planned=3)
    for name in ("Eve", "Hal"):
        Player.objects.create(event=event, name=name, status=S.PRESENT)
    rnd = start(event)  # Cy, Eve, Hal at one table
    enter(rnd.tables.get(), [0, 30, 10])
    services.close_round(rnd)
    dee = event.players.get(name="Dee")  # marked absent: no fill-in while away

    def filled() -> set[str]:
        fill = Entry.objects.filter(round=rnd, table=None, state=Entry.State.CURRENT).first()
        return set(fill.scores.values_list("player__name", flat=True)) if fill else set()

    assert "Dee" not in filled()
    answer = phone.post(door_url(event), {"player": dee.pk}, follow=True)
    assert "You're checked in, Dee." in page(answer)
    assert "Dee" in filled()
    fill = Entry.objects.get(round=rnd, table=None, state=Entry.State.CURRENT)
    assert fill.scores.get(player=dee).points == 30


# -- typing a name ----------------------------------------------------------------------


@pytest.mark.django_db
def test_a_typed_name_on_tonights_list_checks_that_player_in(host, phone):
    event = friday(host)
    answer = phone.post(door_url(event), {"names": "  bo "}, follow=True)
    assert "You're checked in, Bo." in page(answer)
    assert status_of(event, "Bo") == S.PRESENT
    assert event.players.count() == 5


@pytest.mark.django_db
def test_a_close_spelling_of_a_roster_person_is_asked_about_then_waits_for_the_desk(
    host, phone, host_client
):
    event = friday(host)
    asked = page(phone.post(door_url(event), {"names": "Ann Whittaker"}))
    assert "“Ann Whittaker”: are you the Ann Whitaker who played before?" in asked
    assert "Yes, I'm Ann Whitaker" in asked and "No, I'm new: “Ann Whittaker”" in asked
    assert 'value="Ann Whittaker"' in asked  # what was typed is kept
    assert not Arrival.objects.exists()
    whitaker = Person.objects.get(owner=host, name="Ann Whitaker")
    field = next(f for f in asked.split('name="') if f.startswith("same-")).split('"')[0]
    answer = phone.post(door_url(event), {"names": "Ann Whittaker", field: whitaker.pk})
    assert "the desk will check you in" in page(phone.get(door_url(event)))
    assert answer.status_code == 302
    waiting = Arrival.objects.get(event=event)
    assert (waiting.name, waiting.person, waiting.state) == ("Ann Whitaker", whitaker, "waiting")
    assert not event.players.filter(person=whitaker).exists()  # not until the desk says

    players = page(host_client.get(reverse("player_list", args=[event.slug])))
    assert "At the door" in players and "Ann Whitaker" in players
    assert "Waiting: played before" in players
    decide = reverse("arrival_decide", args=[event.slug, waiting.pk])
    done = page(host_client.post(decide, {"decision": "approve"}, follow=True))
    assert "Ann Whitaker is checked in." in done
    player = event.players.get(person=whitaker)
    assert (player.name, player.status) == ("Ann Whitaker", S.PRESENT)
    # A second tap on Approve adds no one more.
    again = page(host_client.post(decide, {"decision": "approve"}, follow=True))
    assert "Ann Whitaker is checked in." in again
    assert event.players.filter(person=whitaker).count() == 1


@pytest.mark.django_db
def test_the_desk_declines_a_waiting_name_and_nobody_is_added(host, phone, host_client):
    event = friday(host)
    phone.post(door_url(event), {"names": "Mickey Mouse"})
    waiting = Arrival.objects.get(event=event, state="waiting")
    decide = reverse("arrival_decide", args=[event.slug, waiting.pk])
    done = page(host_client.post(decide, {"decision": "decline"}, follow=True))
    assert "Mickey Mouse was not added." in done
    assert not event.players.filter(name="Mickey Mouse").exists()
    assert not Person.objects.filter(name="Mickey Mouse").exists()
    assert "Approve" not in done.split("At the door")[-1].split("Add players")[0]
    refused = page(host_client.post(decide, {"decision": "maybe"}, follow=True))
    assert "Choose Approve or Decline" in refused


@pytest.mark.django_db
def test_with_check_in_at_once_a_new_name_is_added_and_checked_in(host, phone):
    event = friday(host, new_names=Event.DoorNewNames.CHECK_IN)
    answer = phone.post(door_url(event), {"names": "Zed Newman"}, follow=True)
    assert "You're checked in, Zed Newman." in page(answer)
    zed = event.players.get(name="Zed Newman")
    assert zed.status == S.PRESENT and zed.person.name == "Zed Newman"
    assert Arrival.objects.get(event=event).player == zed


@pytest.mark.django_db
def test_a_close_spelling_of_someone_tonight_asks_whether_it_is_them(host, phone):
    event = friday(host)
    Player.objects.create(event=event, name="Gus Møller", status=S.REGISTERED)
    asked = page(phone.post(door_url(event), {"names": "Gus Moller"}))
    assert "“Gus Moller”: is that you, already on tonight's list?" in asked
    assert "Yes, I'm Gus Møller" in asked
    field = next(f for f in asked.split('name="') if f.startswith("here-")).split('"')[0]
    answer = phone.post(door_url(event), {"names": "Gus Moller", field: "me-0"}, follow=True)
    assert "You're checked in, Gus Møller." in page(answer)
    assert status_of(event, "Gus Møller") == S.PRESENT
    assert not Arrival.objects.filter(state="waiting").exists()


@pytest.mark.django_db
def test_an_empty_or_too_long_name_is_refused_saying_why(host, phone):
    event = friday(host)
    empty = page(phone.post(door_url(event), {"names": "   "}))
    assert "Type your name, or tap it in the list above." in empty
    long = page(phone.post(door_url(event), {"names": "A" * 61}))
    assert "a name can be at most 60 characters" in long
    assert not Arrival.objects.exists()


# -- the players page shows arrivals as they come ------------------------------------------


@pytest.mark.django_db
def test_the_players_page_poll_brings_arrivals_and_is_empty_while_nothing_changes(
    host, phone, host_client
):
    event = friday(host)
    url = reverse("player_list", args=[event.slug])
    full = page(host_client.get(url))
    poll = full.split('<div id="roster" hx-get="')[1].split('"')[0]
    assert host_client.get(poll, headers=HTMX).status_code == 204
    phone.post(door_url(event), {"names": "Mickey Mouse"})  # waits for the desk
    partial = host_client.get(poll, headers=HTMX)
    assert partial.status_code == 200
    html = page(partial)
    assert html.lstrip().startswith('<div id="roster"')
    assert "Mickey Mouse" in html and "Approve" in html
    poll = html.split('hx-get="')[1].split('"')[0]
    assert host_client.get(poll, headers=HTMX).status_code == 204
    phone.post(door_url(event), {"player": event.players.get(name="Ann").pk})
    html = page(host_client.get(poll, headers=HTMX))
    assert "Checked in at the door: Ann" in html
    assert "<strong>2</strong> checked in of 5" in html


# -- the door closes ----------------------------------------------------------------------


@pytest.mark.django_db
def test_the_host_turns_the_door_off_and_on(host, phone, host_client):
    event = friday(host)
    card = page(host_client.get(reverse("door_card", args=[event.slug])))
    assert event.door_code_display in card and "<svg" in card
    host_client.post(reverse("door_switch", args=[event.slug]), {"open": "0"})
    closed = phone.get(door_url(event))
    assert closed.status_code == 410
    assert "the host has turned it off. Ask the desk." in page(closed)
    assert "Ann" not in page(closed)
    ann = event.players.get(name="Ann")
    assert phone.post(door_url(event), {"player": ann.pk}).status_code == 410
    assert status_of(event, "Ann") == S.REGISTERED
    host_client.post(reverse("door_switch", args=[event.slug]), {"open": "1"})
    assert phone.get(door_url(event)).status_code == 200


@pytest.mark.django_db
def test_the_door_closes_when_the_night_ends(host, phone):
    event = friday(host)
    services.end_event(event)
    closed = phone.get(door_url(event))
    assert closed.status_code == 410
    assert "the night is over" in page(closed)


@pytest.mark.django_db
def test_a_new_address_stops_the_old_link_and_code(host, phone, host_client):
    event = friday(host)
    old_url, old_code = door_url(event), event.door_code_display
    host_client.post(reverse("door_new_address", args=[event.slug]))
    event.refresh_from_db()
    assert phone.get(old_url).status_code == 404
    assert "doesn't work" in page(phone.get(old_url))
    assert phone.get(door_url(event)).status_code == 200
    stale = page(phone.post(reverse("join"), {"code": old_code}))
    assert "No table has the code" in stale


@pytest.mark.django_db
def test_each_night_has_its_own_door(host):
    one, two = friday(host), EventFactory(owner=host, name="Saturday Rook")
    assert one.door_token != two.door_token and one.door_code != two.door_code
    assert len(one.door_token) >= 32


@pytest.mark.django_db
def test_the_door_code_typed_at_join_opens_the_door(host, phone):
    event = friday(host)
    typed = event.door_code_display.lower()
    answer = phone.post(reverse("join"), {"code": typed})
    assert answer.status_code == 302 and answer["Location"] == door_url(event)


# -- the /join limit --------------------------------------------------------------------


@pytest.mark.django_db
def test_wrong_door_links_count_as_wrong_codes_and_the_phone_is_told_to_wait(host, phone):
    event = friday(host)
    for n in range(JoinAttempt.LIMIT):
        assert phone.get(reverse("door", args=[f"wrong-link-{n:08d}"])).status_code == 404
    refused = phone.get(door_url(event))  # even the right link: this phone waits
    assert refused.status_code == 429
    assert "Too many tries from this phone. Wait 10 minutes" in page(refused)
    assert Client(REMOTE_ADDR="192.168.1.51").get(door_url(event)).status_code == 200


@pytest.mark.django_db
def test_typed_names_take_a_try_each_and_picks_do_not(host, phone):
    event = friday(host)
    for n in range(JoinAttempt.LIMIT):
        phone.post(door_url(event), {"names": f"Nobody {n}x"})
    assert Arrival.objects.waiting().count() == JoinAttempt.LIMIT
    refused = phone.post(door_url(event), {"names": "One More"})
    assert refused.status_code == 429
    assert not Arrival.objects.filter(name="One More").exists()


# -- two phones at once ---------------------------------------------------------------------


def at_once(event: Event, sends: list[dict], *, mark: str = "") -> list[tuple[int, str]]:
    """Each form sent from its own phone (thread, connection) in the same instant; with
    ``mark``, all from one phone (the door's cookie), as a double tap sends them."""
    barrier = threading.Barrier(len(sends))
    answers, errors = [], []

    def send(data: dict, n: int) -> None:
        try:
            client = Client(REMOTE_ADDR=f"192.168.1.{60 + n}", raise_request_exception=False)
            if mark:
                client.cookies[PHONE_COOKIE] = mark
            barrier.wait(timeout=10)
            response = client.post(door_url(event), data, follow=True)
            answers.append((response.status_code, page(response)))
        except Exception as exc:  # reported below
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=send, args=(d, n)) for n, d in enumerate(sends)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    assert errors == [] and len(answers) == len(sends)
    return answers


@pytest.mark.django_db(transaction=True)
def test_four_phones_picking_the_same_name_at_once_check_in_one_and_ask_three(host):
    event = friday(host, rounds_planned=3)
    ann = event.players.get(name="Ann")
    answers = at_once(event, [{"player": ann.pk}] * 4)
    assert [status for status, _ in answers] == [200] * 4
    said = sorted("in" if "You're checked in, Ann." in html else "asked" for _, html in answers)
    assert said == ["asked", "asked", "asked", "in"]
    assert all(
        "Ann was already checked in at" in html
        for _, html in answers
        if "checked in, Ann" not in html
    )
    assert Arrival.objects.filter(player=ann, state=Arrival.State.CHECKED_IN).count() == 1
    assert Arrival.objects.filter(player=ann, state=Arrival.State.PICKED_AGAIN).count() == 1
    assert status_of(event, "Ann") == S.PRESENT


@pytest.mark.django_db(transaction=True)
def test_a_double_tap_sent_at_once_from_one_phone_is_told_checked_in_each_time(host):
    event = friday(host)
    ann = event.players.get(name="Ann")
    answers = at_once(event, [{"player": ann.pk}] * 3, mark="one-phone-mark-0123456")
    assert all("You're checked in, Ann." in html for _, html in answers)
    assert list(Arrival.objects.filter(player=ann).values_list("state", flat=True)) == [
        Arrival.State.CHECKED_IN
    ]


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("new_names", ["check_in", "wait"])
def test_two_phones_typing_the_same_new_name_at_once_make_one(host, new_names):
    event = friday(host, new_names=new_names)
    answers = at_once(event, [{"names": "Zed Newman"}] * 3)
    assert [status for status, _ in answers] == [200] * 3
    if new_names == "check_in":  # one phone added Zed; two others are asked who they are
        said = sorted(
            "in" if "You're checked in, Zed Newman." in html else "asked"
            for _, html in answers
            if "You're checked in, Zed Newman." in html
            or "Zed Newman was already checked in" in html
        )
        assert said == ["asked", "asked", "in"]
    else:
        assert all("Thanks, Zed Newman" in html for _, html in answers)
    assert event.players.filter(name="Zed Newman").count() == (new_names == "check_in")
    assert Person.objects.filter(owner=host, name="Zed Newman").count() == (new_names == "check_in")
    assert Arrival.objects.filter(name="Zed Newman").exclude(state="picked_again").count() == 1


@pytest.mark.django_db
def test_door_check_ins_are_in_the_activity_log_once_with_who_did_them(host, phone, host_client):
    """A name picked at the door is checked in by that player; a new name added at the
    door adds itself; a waiting name the desk approves is the desk's doing. A double
    tap writes nothing more."""
    event = friday(host, new_names=Event.DoorNewNames.CHECK_IN)
    bo = event.players.get(name="Bo")
    phone.post(door_url(event), {"player": bo.pk})
    phone.post(door_url(event), {"player": bo.pk})  # the double tap
    phone.post(door_url(event), {"names": "Zed Newman"})
    event.door_new_names = Event.DoorNewNames.WAIT
    event.save(update_fields=["door_new_names"])
    phone.post(door_url(event), {"names": "Mickey Mouse"})
    waiting = Arrival.objects.get(event=event, state="waiting")
    host_client.post(
        reverse("arrival_decide", args=[event.slug, waiting.pk]), {"decision": "approve"}
    )

    log = page(host_client.get(reverse("event_activity", args=[event.slug])))
    assert log.count("Bo checked in at the door.") == 1
    assert log.count("Added Zed Newman (checked in at the door).") == 1
    assert log.count("Added Mickey Mouse (checked in).") == 1
    rows = {a.detail: a.author for a in event.activity.all()}
    assert rows["Bo checked in at the door."] == "Bo"
    assert rows["Added Zed Newman (checked in at the door)."] == "Zed Newman"
    assert rows["Added Mickey Mouse (checked in)."] == host.get_username()


@pytest.mark.django_db
def test_the_door_card_carries_the_standings_code_while_live_standings_are_on(host, host_client):
    event = friday(host)
    card = page(host_client.get(reverse("door_card", args=[event.slug])))
    assert "Standings: scan for the whole room" in card
    event.live_standings = False
    event.save(update_fields=["live_standings"])
    card = page(host_client.get(reverse("door_card", args=[event.slug])))
    assert "Standings: scan" not in card and "Check in here" in card


@pytest.mark.django_db
def test_a_name_picked_again_from_another_phone_asks_who_and_warns_the_desk(
    host, phone, host_client
):
    event = friday(host)
    ann = event.players.get(name="Ann")
    stale = Client(REMOTE_ADDR="192.168.1.51")
    html = page(stale.get(door_url(event)))
    assert ">Ann</button>" in html  # the second phone's page is from before Ann came
    assert "You're checked in, Ann." in page(
        phone.post(door_url(event), {"player": ann.pk}, follow=True)
    )

    asked = page(stale.post(door_url(event), {"player": ann.pk}, follow=True))
    assert "You're checked in" not in asked
    assert "Ann was already checked in at " in asked
    assert "If you're someone else called Ann, type your name with an initial below" in asked
    # The phone that checked her in still hears so on a second tap.
    assert "You're checked in, Ann." in page(
        phone.post(door_url(event), {"player": ann.pk}, follow=True)
    )
    # Typing the name from the second phone asks again and warns once.
    assert "Ann was already checked in" in page(
        stale.post(door_url(event), {"names": "ann"}, follow=True)
    )
    assert Arrival.objects.filter(player=ann, state=Arrival.State.PICKED_AGAIN).count() == 1

    players = reverse("player_list", args=[event.slug])
    desk = page(host_client.get(players))
    assert "<strong>Ann</strong> was picked again from another phone at" in desk
    warning = Arrival.objects.get(player=ann, state=Arrival.State.PICKED_AGAIN)
    seen = host_client.post(
        reverse("arrival_decide", args=[event.slug, warning.pk]), {"decision": "seen"}, follow=True
    )
    assert "Noted: Ann picked again at the door." in page(seen)
    assert "was picked again from another phone" not in page(seen)
    assert status_of(event, "Ann") == S.PRESENT
    # Seen twice (two desk phones): the same, nothing more.
    host_client.post(reverse("arrival_decide", args=[event.slug, warning.pk]), {"decision": "seen"})
    warning.refresh_from_db()
    assert warning.decided_at is not None


@pytest.mark.django_db
def test_the_players_page_poll_brings_a_name_picked_again(host, phone, host_client):
    event = friday(host)
    cy = event.players.get(name="Cy")  # checked in by the desk before the door opened
    players = reverse("player_list", args=[event.slug])
    first = host_client.get(players)
    poll = re.search(r'hx-get="([^"]*since=[^"]*)"', first.content.decode()).group(1)
    assert host_client.get(unescape(poll), headers=HTMX).status_code == 204
    assert "Cy was already checked in." in page(
        phone.post(door_url(event), {"player": cy.pk}, follow=True)
    )
    again = host_client.get(unescape(poll), headers=HTMX)
    assert again.status_code == 200
    assert "<strong>Cy</strong> was picked again from another phone" in page(again)
