"""The host's seating rules: added and removed on the seating page, contradictions refused
naming the players, tonight's room checked before seating, passed to the planner by every
method and by `plan_seating`; a night plan made once and stored for every process."""

import datetime
import json
import re
import threading
import time
from html import unescape
from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.db import connection
from django.test import Client
from django.urls import reverse

from tests.factories import night
from tourney import services
from tourney.models import Event, NightPlan, Player, SeatingConstraint
from tourney.seating.constraints import ConstraintError, Constraints
from tourney.services import rules

pytestmark = pytest.mark.django_db


def players(event) -> dict[str, Player]:
    return {p.name: p for p in event.players.all()}


def add(host_client, event, **fields):
    return host_client.post(reverse("seating_constraint_add", args=[event.slug]), fields)


def seven_at_one_table(host) -> Event:
    """7 Rook Shanghai players, one to sit out each round: one table of 6."""
    return night(
        7,
        owner=host,
        game_slug="shanghai",
        min_table_size=4,
        max_table_size=6,
        rounds_planned=7,
        sit_out_when_uneven=True,
    )


def test_host_adds_each_kind_of_rule_and_sees_it(host_client, host):
    event = night(13, owner=host)
    p = players(event)
    assert add(host_client, event, kind="pin", player=p["P03"].pk, table=1).status_code == 302
    add(host_client, event, kind="apart", player=p["P02"].pk, other=p["P01"].pk)
    add(host_client, event, kind="together", player=p["P04"].pk, other=p["P05"].pk)
    page = host_client.get(reverse("event_seating", args=[event.slug])).content.decode()
    assert "P03 sits at table 1 every round they play" in page
    assert "P01 and P02 are kept apart" in page
    assert "P04 and P05 are kept together" in page
    # Pairs are stored lower id first, whichever order they were typed in.
    apart = event.seating_constraints.get(kind="apart")
    assert (apart.player, apart.other) == (p["P01"], p["P02"])
    assert "Seating rules (3)" in host_client.get(event.get_absolute_url()).content.decode()


def test_a_contradiction_is_refused_naming_the_players_and_keeps_what_was_typed(host_client, host):
    event = night(13, owner=host)
    p = players(event)
    add(host_client, event, kind="together", player=p["P01"].pk, other=p["P02"].pk)
    answer = add(host_client, event, kind="apart", player=p["P01"].pk, other=p["P02"].pk)
    assert answer.status_code == 422
    page = answer.content.decode()
    assert "P01 and P02 are to be kept both apart and together." in page
    assert f'<option value="{p["P01"].pk}" selected>' in page
    assert event.seating_constraints.count() == 1


def test_a_pin_needs_a_table_and_a_pair_two_players(host_client, host):
    event = night(13, owner=host)
    p = players(event)
    page = add(host_client, event, kind="pin", player=p["P01"].pk).content.decode()
    assert "Choose the table P01 sits at." in page
    page = add(host_client, event, kind="apart", player=p["P01"].pk).content.decode()
    assert "Choose the player to keep P01 apart from." in page
    page = add(host_client, event, kind="together", player=p["P01"].pk, other=p["P01"].pk)
    assert "Choose two different players." in page.content.decode()
    assert not event.seating_constraints.exists()


def test_a_pin_past_the_last_table_says_so_once_naming_the_player(host_client, host):
    event = night(13, owner=host)
    p = players(event)
    answer = add(host_client, event, kind="pin", player=p["P03"].pk, table=100)
    assert answer.status_code == 422
    page = unescape(answer.content.decode())
    assert page.count("Choose a table from 1 to 99 for P03 to sit at.") == 1
    assert "Choose the table P03 sits at." not in page  # a table was given
    assert "less than or equal" not in page  # nor Django's stock message
    assert 'name="table" value="100"' in page  # what was typed stays
    assert not event.seating_constraints.exists()
    page = unescape(
        add(host_client, event, kind="pin", player=p["P03"].pk, table=0).content.decode()
    )
    assert "Choose a table from 1 to 99 for P03 to sit at." in page
    # Table 99, the last there is, is kept; a table given for a pair is not looked at.
    assert add(host_client, event, kind="pin", player=p["P03"].pk, table=99).status_code == 302
    pair = add(host_client, event, kind="apart", player=p["P01"].pk, other=p["P02"].pk, table=100)
    assert pair.status_code == 302
    assert event.seating_constraints.get(kind="apart").table is None


@pytest.mark.parametrize("typed", ["\u0662", "\uff12", "\U0001d7d0", "1_0", "+2", "2.0"])
def test_a_table_typed_in_other_digits_is_refused_not_read(host_client, host, typed):
    """Django's integer field reads Arabic-Indic, full-width and mathematical digits, "1_0"
    and "+2" as numbers: "1_0" pinned a player to table 10 without a word. Only what a
    number pad types is a table number, here and in the round's move form."""
    event = night(13, owner=host)
    p = players(event)
    answer = add(host_client, event, kind="pin", player=p["P03"].pk, table=typed)
    assert answer.status_code == 422
    page = unescape(answer.content.decode())
    assert "Type the table as a number from 1 to 99." in page
    assert f'name="table" value="{typed}"' in page
    assert not event.seating_constraints.exists()
    rnd = services.seat_next_round(event)
    before = services.seats_stamp(rnd)
    answer = host_client.post(
        reverse("round_swap", args=[event.slug, rnd.number]),
        {"player": p["P03"].pk, "table": typed},
    )
    assert answer.status_code in (200, 422)
    assert "Enter a whole number." in unescape(answer.content.decode())
    assert services.seats_stamp(rnd) == before


def test_a_rule_on_someone_gone_home_does_not_bar_a_new_one(host_client, host):
    # Five pinned to the door table, which seats 5 at 13 players. One goes home and a
    # newcomer arrives; the host pins the newcomer there in their place, and that was
    # refused naming the one gone home, whom the planner no longer seats.
    event = night(13, owner=host)
    p = players(event)
    for name in ["P01", "P02", "P03", "P04", "P05"]:
        assert add(host_client, event, kind="pin", player=p[name].pk, table=1).status_code == 302
    services.set_player_status(p["P05"], Player.Status.LEFT)
    (nia,) = services.add_players(event, ["Nia"])
    assert add(host_client, event, kind="pin", player=nia.pk, table=1).status_code == 302
    assert event.seating_constraints.filter(kind="pin", table=1).count() == 6
    assert services.tonights_constraint_problems(event) == []  # 13 here, 5 at table 1
    # A seventh is still refused, and so is a rule naming the one gone home that clashes
    # with their own.
    seventh = add(host_client, event, kind="pin", player=p["P06"].pk, table=1)
    said = unescape(seventh.content.decode())
    assert (
        "This rule contradicts the others: 6 players are kept at table 1, which seats 5: " in said
    )
    assert "P01, P02, P03, P04, P06 and Nia." in said
    refused = add(host_client, event, kind="apart", player=p["P05"].pk, other=p["P01"].pk)
    assert refused.status_code == 422
    assert "P01 and P05 are to be kept apart, but both are kept at table 1." in unescape(
        refused.content.decode()
    )
    # Back again, the six don't fit, and the seating page says so before seating, naming them.
    services.set_player_status(p["P05"], Player.Status.PRESENT)
    page = unescape(host_client.get(reverse("event_seating", args=[event.slug])).content.decode())
    assert "6 players are kept at table 1, which seats 4: P01, P02, P03, P04, P05 and Nia." in page
    # A rule about others is refused for what is wrong, not blamed for the clash.
    other = add(host_client, event, kind="apart", player=p["P10"].pk, other=p["P11"].pk)
    assert other.status_code == 422
    said = unescape(other.content.decode())
    assert "This rule contradicts" not in said
    assert "The rules already set can't all hold: 6 players are kept at table 1" in said
    assert "Remove or change one of those first." in said
    # Removing one of the six pins mends it, and the rule goes in.
    services.remove_seating_rule(event, pk=event.seating_constraints.get(player=nia).pk)
    assert (
        add(host_client, event, kind="apart", player=p["P10"].pk, other=p["P11"].pk).status_code
        == 302
    )


def test_a_group_too_big_for_any_table_is_refused_in_the_nights_words(host_client, host):
    # No round is seated yet: the check is against the night's largest table (5 here).
    event = night(13, owner=host)
    p = players(event)
    for a, b in [("P01", "P02"), ("P02", "P03"), ("P03", "P04"), ("P04", "P05")]:
        add(host_client, event, kind="together", player=p[a].pk, other=p[b].pk)
    answer = add(host_client, event, kind="together", player=p["P05"].pk, other=p["P06"].pk)
    assert answer.status_code == 422
    page = unescape(answer.content.decode())
    assert (
        "This rule contradicts the others: P01, P02, P03, P04, P05 and P06 must sit "
        "together, but no table of this night seats 6: its tables seat 3 to 5."
    ) in page
    assert "this round" not in page
    assert event.seating_constraints.count() == 4


@pytest.mark.parametrize("size", [4, 13])
def test_rules_that_a_bigger_room_could_keep_are_taken_whatever_the_list(host_client, host, size):
    # Whether tonight's room can keep a rule depends on who comes (the seating page
    # says that): four players all kept apart need four tables, which 4 players
    # registered so far, or 13, don't make; the rule form takes them all.
    event = night(size, owner=host)
    p = players(event)
    four = ["P01", "P02", "P03", "P04"]
    for i, a in enumerate(four):
        for b in four[i + 1 :]:
            assert (
                add(host_client, event, kind="apart", player=p[a].pk, other=p[b].pk).status_code
                == 302
            )
    assert event.seating_constraints.count() == 6


@pytest.mark.parametrize("size", [13, 20])
def test_rules_that_clash_only_together_are_refused_naming_them(host_client, host, size):
    event = night(size, owner=host)
    p = players(event)
    add(host_client, event, kind="pin", player=p["P01"].pk, table=1)
    add(host_client, event, kind="pin", player=p["P02"].pk, table=1)
    add(host_client, event, kind="together", player=p["P01"].pk, other=p["P03"].pk)
    answer = add(host_client, event, kind="apart", player=p["P02"].pk, other=p["P03"].pk)
    assert answer.status_code == 422
    page = unescape(answer.content.decode())
    assert "No seating keeps all of these rules at once: " in page
    for rule in ("P01 at table 1", "P02 at table 1", "P02 and P03 apart"):
        assert rule in page
    assert event.seating_constraints.count() == 3


def test_removing_a_rule(host_client, host):
    event = night(13, owner=host)
    p = players(event)
    rule = SeatingConstraint.objects.create(event=event, kind="pin", player=p["P01"], table=2)
    answer = host_client.post(
        reverse("seating_constraint_remove", args=[event.slug, rule.pk]), follow=True
    )
    assert "Removed: P01 sits at table 2 every round they play." in answer.content.decode()
    assert not event.seating_constraints.exists()


def test_removing_a_rule_already_removed_in_another_tab_says_so(host_client, host):
    event = night(13, owner=host)
    p = players(event)
    rule = SeatingConstraint.objects.create(event=event, kind="pin", player=p["P01"], table=2)
    url = reverse("seating_constraint_remove", args=[event.slug, rule.pk])
    host_client.post(url, follow=True)
    answer = host_client.post(url, follow=True)  # the stale tab's button
    assert answer.redirect_chain == [(reverse("event_seating", args=[event.slug]), 302)]
    page = unescape(answer.content.decode())
    assert "That rule was already removed." in page
    assert "Removed:" not in page and "nothing here" not in page


LAST_SEATING = "The last seating didn't go ahead:"


def test_the_last_seatings_refusal_goes_once_the_rules_change(host_client, host):
    event = night(13, owner=host)  # 13 players: 3 tables, 4 at most (4, 3, 3, 3)
    p = players(event)
    seating = reverse("event_seating", args=[event.slug])
    pin = SeatingConstraint.objects.create(event=event, kind="pin", player=p["P07"], table=5)
    assert host_client.post(reverse("round_seat_next", args=[event.slug])).status_code == 409
    assert LAST_SEATING in host_client.get(seating).content.decode()
    # A rule refused changes nothing, so the note stays, on its page and after.
    SeatingConstraint.objects.create(event=event, kind="apart", player=p["P01"], other=p["P02"])
    refused = add(host_client, event, kind="together", player=p["P01"].pk, other=p["P02"].pk)
    assert refused.status_code == 422 and LAST_SEATING in refused.content.decode()
    assert LAST_SEATING in host_client.get(seating).content.decode()
    # So does removing a rule already gone.
    gone = reverse("seating_constraint_remove", args=[event.slug, pin.pk + 1000])
    assert host_client.post(gone).status_code == 302
    assert LAST_SEATING in host_client.get(seating).content.decode()
    # Removing the rule it was refused for takes the note away, htmx partial too.
    host_client.post(reverse("seating_constraint_remove", args=[event.slug, pin.pk]))
    assert LAST_SEATING not in host_client.get(seating).content.decode()
    assert (
        LAST_SEATING
        not in host_client.get(seating, headers={"HX-Request": "true"}).content.decode()
    )
    # A seating refused after the change is reported again; adding a rule takes it away.
    SeatingConstraint.objects.create(event=event, kind="pin", player=p["P08"], table=5)
    host_client.post(reverse("round_seat_next", args=[event.slug]))
    assert LAST_SEATING in host_client.get(seating).content.decode()
    add(host_client, event, kind="apart", player=p["P03"].pk, other=p["P04"].pk)
    assert LAST_SEATING not in host_client.get(seating).content.decode()
    assert not event.rounds.exists()


def two_tabs_at_once(host, url: str, forms: list[dict], monkeypatch) -> list[tuple[int, str]]:
    """POST each form from its own signed-in tab at the same instant: (status, page) each.

    The contradiction check is slowed to a third of a second, so the two requests
    overlap there: where the check and the save don't take turns, both pass it."""
    check = Constraints.problems

    def slow_check(*args, **kwargs):
        time.sleep(0.3)
        return check(*args, **kwargs)

    monkeypatch.setattr(Constraints, "problems", slow_check)
    barrier = threading.Barrier(len(forms))
    answers: dict[int, tuple[int, str]] = {}
    errors = []

    def tab(n: int) -> None:
        try:
            browser = Client(raise_request_exception=False)
            browser.force_login(host)
            barrier.wait(timeout=10)
            answer = browser.post(url, forms[n])
            answers[n] = (answer.status_code, unescape(answer.content.decode()))
        except Exception as exc:  # reported below
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=tab, args=(n,)) for n in range(len(forms))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    assert errors == []
    return [answers[n] for n in range(len(forms))]


@pytest.mark.django_db(transaction=True)
def test_two_tabs_pinning_one_player_at_once_keep_one_pin_and_say_why(host, monkeypatch):
    event = night(13, owner=host)
    p = players(event)
    forms = [{"kind": "pin", "player": p["P01"].pk, "table": t} for t in (1, 2)]
    url = reverse("seating_constraint_add", args=[event.slug])
    answers = two_tabs_at_once(host, url, forms, monkeypatch)
    assert sorted(status for status, _ in answers) == [302, 422]  # never a 500
    kept = SeatingConstraint.objects.get(event=event, kind="pin", player=p["P01"])
    _, refused = next(answer for answer in answers if answer[0] == 422)
    other = 2 if kept.table == 1 else 1
    said = f"P01 already sits at table {kept.table} every round they play: remove that rule first."
    assert said in refused
    assert f'name="table" value="{other}"' in refused  # what that tab typed stays
    assert f'<option value="{p["P01"].pk}" selected>' in refused


@pytest.mark.django_db(transaction=True)
def test_two_tabs_keeping_a_pair_apart_and_together_at_once_keep_one(host, monkeypatch):
    event = night(13, owner=host)
    p = players(event)
    pair = {"player": p["P01"].pk, "other": p["P02"].pk}
    url = reverse("seating_constraint_add", args=[event.slug])
    answers = two_tabs_at_once(
        host, url, [{"kind": k, **pair} for k in ("apart", "together")], monkeypatch
    )
    assert sorted(status for status, _ in answers) == [302, 422]
    (kept,) = event.seating_constraints.all()
    _, refused = next(answer for answer in answers if answer[0] == 422)
    assert "P01 and P02 are to be kept both apart and together." in refused
    lost = "together" if kept.kind == "apart" else "apart"
    assert f'<option value="{lost}" selected>' in refused
    # No contradiction was stored, so the next rule is judged on its own.
    monkeypatch.undo()
    client = Client()
    client.force_login(host)
    assert add(client, event, kind="pin", player=p["P05"].pk, table=1).status_code == 302


def test_tonights_rules_and_room_are_read_once_for_the_warning(host, django_assert_num_queries):
    """The seating page and the night's page read who is checked in once for the rules'
    problems and the room in words, not once for each."""
    event = night(13, owner=host)
    p = players(event)
    SeatingConstraint.objects.create(event=event, kind="pin", player=p["P07"], table=5)
    with django_assert_num_queries(3):  # are there rules; who is here; the rules
        problems, words = services.tonights_rule_check(event)
    assert problems == ["P07 is kept at table 5, but this round has 3 tables."]
    assert words == "13 players at tables of 5, 4 and 4"


def test_the_page_says_before_seating_when_tonights_room_cant_keep_a_rule(host_client, host):
    event = night(13, owner=host)  # 13 players: tables of 5, 4, 4
    p = players(event)
    SeatingConstraint.objects.create(event=event, kind="pin", player=p["P07"], table=5)
    page = host_client.get(reverse("event_seating", args=[event.slug])).content.decode()
    assert "P07 is kept at table 5, but this round has 3 tables." in page
    assert "P07 is kept at table 5" in host_client.get(event.get_absolute_url()).content.decode()
    # Seating is refused with the same reason, and nothing is seated.
    answer = host_client.post(reverse("round_seat_next", args=[event.slug]))
    assert answer.status_code == 409
    assert "P07 is kept at table 5, but this round has 3 tables." in answer.content.decode()
    assert not event.rounds.exists()


def test_a_rule_on_someone_not_here_waits(host_client, host):
    event = night(13, owner=host)
    p = players(event)
    SeatingConstraint.objects.create(event=event, kind="pin", player=p["P07"], table=5)
    services.set_player_status(p["P07"], Player.Status.ABSENT)
    page = host_client.get(reverse("event_seating", args=[event.slug])).content.decode()
    assert "is kept at table 5" not in page
    assert host_client.post(reverse("round_seat_next", args=[event.slug])).status_code == 302


@pytest.mark.parametrize("method", ["mix", "standings", "random"])
def test_every_method_passes_the_rules_to_the_planner(host, method):
    event = night(13, owner=host, seating_method=method)
    p = players(event)
    SeatingConstraint.objects.create(event=event, kind="apart", player=p["P01"], other=p["P02"])
    SeatingConstraint.objects.create(event=event, kind="together", player=p["P01"], other=p["P02"])
    with pytest.raises(ConstraintError) as raised:
        services.seat_next_round(event)
    assert "P01 and P02 are to be kept both apart and together." in str(raised.value)
    inputs = services.read_inputs(event, 1)
    assert inputs.constraints.apart == ((p["P01"].pk, p["P02"].pk),)


def test_the_night_plan_is_made_once_and_read_by_every_round(host):
    event = night(13, owner=host, rounds_planned=4)
    rnd = services.seat_next_round(event)
    assert NightPlan.objects.filter(event=event).count() == 1
    stored = NightPlan.objects.get(event=event)
    assert [list(t) for t in services.current_plan(rnd).tables] == stored.rounds[0]["tables"]
    services.begin_round(rnd)
    services.close_round(rnd, fill_empty_tables=True)
    second = services.seat_next_round(event)
    assert NightPlan.objects.filter(event=event).count() == 1  # read off, not planned again
    assert [list(t) for t in services.current_plan(second).tables] == stored.rounds[1]["tables"]
    # Someone arrives: the rest of the night is planned again, from now.
    services.begin_round(second)
    services.close_round(second, fill_empty_tables=True)
    Player.objects.create(event=event, name="Late", status=Player.Status.PRESENT)
    third = services.seat_next_round(event)
    latest = NightPlan.objects.filter(event=event).first()
    assert latest.first_round == 3 and NightPlan.objects.filter(event=event).count() == 2
    assert [list(t) for t in services.current_plan(third).tables] == latest.rounds[0]["tables"]


def test_plan_seating_takes_the_rules():
    out = StringIO()
    call_command(
        "plan_seating", players=13, rounds=2, game="toonerville", stdout=out, apart=["1,2"]
    )
    assert len(json.loads(out.getvalue())["rounds"]) == 2
    with pytest.raises(CommandError, match="3 is kept at table 5, but this round has 3 tables"):
        call_command("plan_seating", "--pin", "3=5", players=13, rounds=2, game="toonerville")
    with pytest.raises(CommandError, match="1 and 2 are to be kept both apart and together"):
        call_command(
            "plan_seating",
            "--apart",
            "1,2",
            "--together",
            "1,2",
            players=13,
            rounds=2,
            game="toonerville",
            method="night",
        )
    with pytest.raises(CommandError, match="--pin 3: expected PLAYER=TABLE"):
        call_command("plan_seating", "--pin", "3", players=13, rounds=2, game="toonerville")
    with pytest.raises(CommandError, match="players are numbered 0 to 12"):
        call_command("plan_seating", "--apart", "1,13", players=13, rounds=2, game="toonerville")


def test_seating_rules_page_needs_the_host(client, host):
    event = night(5, owner=host)
    answer = client.get(reverse("event_seating", args=[event.slug]))
    assert answer.status_code == 302 and "login" in answer.url
    assert Event.objects.count() == 1


def test_a_hand_swap_that_breaks_a_rule_is_flagged_on_the_round(host_client, host):
    # The host may swap by hand, but the round page then says which rule the seats break.
    event = night(8, owner=host)
    p = players(event)
    SeatingConstraint.objects.create(event=event, kind="apart", player=p["P01"], other=p["P02"])
    SeatingConstraint.objects.create(event=event, kind="pin", player=p["P03"], table=1)
    rnd = services.seat_next_round(event)
    at = {s.player.name: s.table.number for s in rnd.seats.select_related("player", "table")}
    assert at["P01"] != at["P02"] and at["P03"] == 1
    url = reverse("round_detail", args=[event.slug, rnd.number])
    assert "break a seating rule" not in host_client.get(url).content.decode()
    # Someone at P02's table who is not bound by a rule of their own (P03's pin): the
    # swap then breaks exactly one rule, whichever table the seating put P02 at.
    mate = next(
        s.player
        for s in rnd.seats.order_by("position")
        if s.table.number == at["P02"] and s.player not in (p["P02"], p["P03"])
    )
    host_client.post(
        reverse("round_swap", args=[event.slug, rnd.number]),
        {"player": p["P01"].pk, "other": mate.pk},
    )
    page = host_client.get(url).content.decode()
    assert "These seats break a seating rule: P01 and P02 are kept apart." in page
    host_client.post(
        reverse("round_swap", args=[event.slug, rnd.number]),
        {"player": p["P01"].pk, "other": mate.pk},
    )
    assert "break a seating rule" not in host_client.get(url).content.decode()
    host_client.post(
        reverse("round_swap", args=[event.slug, rnd.number]), {"player": p["P03"].pk, "table": 2}
    )
    page = host_client.get(url).content.decode()
    assert "These seats break a seating rule: P03 sits at table 1 every round they play." in page


def test_a_pin_written_past_the_turn_still_gets_the_clear_refusal(host_client, host, monkeypatch):
    # A pin stored between the check and the save by something that doesn't take the
    # event's turn (the admin, a script): the database refuses the second pin, and the
    # host reads why, as for any repeat, with what they typed kept.
    event = night(13, owner=host)
    p = players(event)
    check = rules._refuse_repeats_and_contradictions

    def check_then_someone_pins(event, rule):
        check(event, rule)
        monkeypatch.setattr(rules, "_refuse_repeats_and_contradictions", check)
        SeatingConstraint.objects.create(event=event, kind="pin", player=p["P01"], table=1)

    monkeypatch.setattr(rules, "_refuse_repeats_and_contradictions", check_then_someone_pins)
    answer = add(host_client, event, kind="pin", player=p["P01"].pk, table=2)
    assert answer.status_code == 422
    page = unescape(answer.content.decode())
    assert "P01 already sits at table 1 every round they play: remove that rule first." in page
    assert 'name="table" value="2"' in page


def test_a_rule_added_after_planning_ahead_names_the_rounds_it_breaks_until_replanned(
    host_client, host
):
    event = night(13, owner=host)
    p = players(event)
    services.plan_rest_of_night(event)
    # Two players the plan seats together in some rounds: P01 and whoever shares round 1.
    first = event.rounds.get(number=1)
    table = first.seats.get(player=p["P01"]).table
    mate = table.seats.exclude(player=p["P01"]).first().player
    together = sorted(
        r.number
        for r in event.rounds.all()
        if r.seats.get(player=p["P01"]).table_id == r.seats.get(player=mate).table_id
    )
    assert (
        add(host_client, event, kind="apart", player=p["P01"].pk, other=mate.pk).status_code == 302
    )
    rule = event.seating_constraints.get().describe()
    seating_url = reverse("event_seating", args=[event.slug])
    page = unescape(host_client.get(seating_url).content.decode())
    verb = "breaks" if len(together) == 1 else "break"
    assert f"{together[-1]} {verb} the seating rules as they stand" in page
    for number in together:
        assert f"Round {number}: {rule}." in page
    cards = unescape(host_client.get(reverse("movement_cards", args=[event.slug])).content.decode())
    assert "Re-plan on the seating page" in cards and f"round {together[0]}: {rule}" in cards
    # Re-planning the rounds not started keeps the rule, and the warnings go.
    answer = host_client.post(reverse("round_plan_night", args=[event.slug]), follow=True)
    assert answer.status_code == 200
    for rnd in event.rounds.all():
        assert rnd.seats.get(player=p["P01"]).table_id != rnd.seats.get(player=mate).table_id
    assert "the seating rules as they stand" not in host_client.get(seating_url).content.decode()
    assert (
        "Re-plan on the seating page"
        not in host_client.get(reverse("movement_cards", args=[event.slug])).content.decode()
    )


def test_a_pair_kept_apart_at_one_table_with_someone_sitting_out_is_named_before_seating(
    host_client, host
):
    """7 Rook Shanghai players, sitting out when uneven: one table of 6. A pair kept apart
    can't both sit there: the page says so, by name, before seating, and a seating is
    refused with the same words (it showed database ids)."""
    event = seven_at_one_table(host)
    p = players(event)
    assert (
        add(host_client, event, kind="apart", player=p["P01"].pk, other=p["P02"].pk).status_code
        == 302
    )
    said = (
        "P01 and P02 are to be kept apart, but this room has one table: one of them would "
        "sit out every round."
    )
    page = unescape(host_client.get(reverse("event_seating", args=[event.slug])).content.decode())
    assert said in page
    with pytest.raises(ConstraintError, match="P01 and P02 are to be kept apart"):
        services.seat_next_round(event)
    assert not event.rounds.exists()


def test_the_rounds_a_new_rule_breaks_are_read_in_two_queries(host, django_assert_num_queries):
    """The seating page polls every second while a seating runs: reading which planned
    rounds break a rule costs the same for 11 rounds as for 1."""
    event = night(13, owner=host)
    services.plan_rest_of_night(event)
    p = players(event)
    SeatingConstraint.objects.create(event=event, kind="pin", player=p["P01"], table=99)
    with django_assert_num_queries(2):
        breaking = services.planned_rounds_breaking_rules(event)
    assert [number for number, _ in breaking] == list(range(1, 12))
    assert breaking[0][1] == ["P01 sits at table 99 every round they play"]


def text_of(response) -> str:
    """The page's words, tags taken out."""
    return re.sub(r"<[^>]+>", "", unescape(response.content.decode()))


def _odd_counts(event) -> dict[str, int]:
    """Per player, rounds at a table of the odd size, read straight off the seats."""
    counts = {p.name: 0 for p in event.players.all()}
    for rnd in event.rounds.all():
        tables = [list(t.seats.all()) for t in rnd.tables.all()]
        sizes = [len(t) for t in tables]
        usual = max(set(sizes), key=sizes.count)
        for table in tables:
            for seat in table:
                counts[seat.player.name] += len(table) != usual
    return counts


def test_the_seating_page_shows_the_odd_tables_fair_share(host_client, host):
    """13 players (a 5 and two 4s) over the whole night: the page gives the count the
    seats show, and calls it fair."""
    event = night(13, owner=host)
    services.plan_rest_of_night(event)
    counts = _odd_counts(event)
    low, high = min(counts.values()), max(counts.values())
    assert high - low <= 1
    page = unescape(host_client.get(reverse("event_seating", args=[event.slug])).content.decode())
    rounds = event.rounds.count()
    assert (
        f"Over the {rounds} rounds seated so far, everyone here for all of them sat at a "
        f"table of the odd size {low} or {high} times: a fair share." in page
    )
    assert "more than one apart" not in page


def test_rules_that_tilt_the_odd_table_are_named_on_the_seating_page(host_client, host):
    """Nine players (a 5 and a 4) with five of them kept together: only the 5 holds
    them, so they sit there every round and the other four never do. The page names
    both ends, their counts, and the rules on them."""
    event = night(9, owner=host)
    p = players(event)
    for a, b in [("P01", "P02"), ("P02", "P03"), ("P03", "P04"), ("P04", "P05")]:
        assert (
            add(host_client, event, kind="together", player=p[a].pk, other=p[b].pk).status_code
            == 302
        )
    services.plan_rest_of_night(event)
    counts = _odd_counts(event)
    rounds = event.rounds.count()
    assert {name: counts[name] for name in ("P01", "P05", "P06", "P09")} == {
        "P01": rounds,
        "P05": rounds,
        "P06": 0,
        "P09": 0,
    }
    page = text_of(host_client.get(reverse("event_seating", args=[event.slug])))
    assert (
        f"Over {rounds} rounds seated, P01, P02, P03, P04 and P05 sat at a table of "
        f"the odd size {rounds} times and P06, P07, P08 and P09 0 times: more than one apart, "
        "where the fair share allows one." in page
    )
    assert (
        "The rules on them: P01 and P02 are kept together; P02 and P03 are kept together;" in page
    )
    assert "a fair share." not in page


def test_a_night_with_no_odd_table_says_nothing_of_it(host_client, host):
    event = night(12, owner=host)
    services.plan_rest_of_night(event)
    page = host_client.get(reverse("event_seating", args=[event.slug])).content.decode()
    assert "The odd-size table" not in page


def test_a_round_reseated_on_its_own_tilts_the_share_and_the_page_offers_the_way_back(
    host_client, host
):
    """Re-seating one planned round plans it from the rounds before it, not with those
    planned after it, so the share over the night can go off by two with no rule at all.
    The page says so (not blaming rules that aren't there) and re-planning the rounds
    not started puts it right."""
    # The helper found it on one night; which nights it happens on turns on the seed (the
    # event's slug), so the test looks for one, in a fixed order, rather than hope.
    for attempt in range(40):
        event = night(
            13, owner=host, name=f"Tilted night {attempt}", date=datetime.date(2026, 11, 1)
        )
        services.plan_rest_of_night(event)
        services.reseat_round(event.rounds.get(number=3))
        counts = _odd_counts(event)
        if max(counts.values()) - min(counts.values()) > 1:
            break
    else:
        pytest.fail("no re-seat of round 3 tilted the share in 40 nights")
    url = reverse("event_seating", args=[event.slug])
    page = text_of(host_client.get(url))
    assert "more than one apart, where the fair share allows one." in page
    assert "The rules on them" not in page
    assert "or a round re-seated on its own (it doesn't re-plan the rounds after it)" in page
    assert "Re-plan the rounds not started" in page
    host_client.post(reverse("round_plan_night", args=[event.slug]))
    counts = _odd_counts(event)
    assert max(counts.values()) - min(counts.values()) <= 1
    page = text_of(host_client.get(url))
    assert "a fair share." in page
    assert "more than one apart" not in page


def test_six_pinned_to_the_only_table_seat_when_the_seventh_has_gone_home(host_client, host):
    """Sitting out when uneven, 7 Rook Shanghai players, one gone home: the 6 left make a
    table of 6 and nobody need sit out. The check before seating took one out all the same
    and refused "6 players are kept at table 1, which seats 5"."""
    event = seven_at_one_table(host)
    p = players(event)
    p["P07"].status = Player.Status.LEFT
    p["P07"].save(update_fields=["status"])
    for name in ["P01", "P02", "P03", "P04", "P05", "P06"]:
        assert add(host_client, event, kind="pin", player=p[name].pk, table=1).status_code == 302
    page = text_of(host_client.get(reverse("event_seating", args=[event.slug])))
    assert "which seats 5" not in page
    assert "can't keep every rule" not in page
    assert "a pinned player takes their turn like everyone else" in page
    services.seat_next_round(event)
    first = event.rounds.get(number=1)
    tables = [sorted(s.player.name for s in t.seats.all()) for t in first.tables.all()]
    assert tables == [["P01", "P02", "P03", "P04", "P05", "P06"]]


def test_six_pinned_to_the_only_table_take_turns_sitting_out_with_the_seventh(host):
    """All 7 here: a pin says where a player sits, not that they always play, so the
    sitting out goes round all seven rather than always to the one not pinned."""
    event = seven_at_one_table(host)
    p = players(event)
    for name in ["P01", "P02", "P03", "P04", "P05", "P06"]:
        SeatingConstraint.objects.create(event=event, kind="pin", player=p[name], table=1)
    services.plan_rest_of_night(event)
    seated = {
        r.number: {s.player.name for t in r.tables.all() for s in t.seats.all()}
        for r in event.rounds.all()
    }
    everyone = {f"P0{i}" for i in range(1, 8)}
    sat_out = sorted(name for here in seated.values() for name in everyone - here)
    assert len(seated) == 7
    assert sat_out == sorted(everyone)


def test_everyone_kept_together_with_someone_to_sit_out_says_why_before_seating(host_client, host):
    """7 Rook Shanghai players, one to sit out each round, all in two groups kept together:
    each rule looks harmless alone, so the page says what they do together (it listed the
    four rules as "No seating keeps all of these rules at once")."""
    event = seven_at_one_table(host)
    p = players(event)
    for a, b in [("P01", "P02"), ("P02", "P03"), ("P04", "P05"), ("P05", "P06"), ("P06", "P07")]:
        SeatingConstraint.objects.create(event=event, kind="together", player=p[a], other=p[b])
    said = (
        "1 player must sit this round out, but everyone here is kept at one table with "
        "someone else."
    )
    page = text_of(host_client.get(reverse("event_seating", args=[event.slug])))
    assert said in page
    with pytest.raises(ConstraintError, match="everyone here is kept at one table"):
        services.seat_next_round(event)
    assert not event.rounds.exists()


def test_who_sits_out_finds_their_name_on_the_chart_and_the_round_while_it_is_played(
    host_client, host
):
    """7 Rook Shanghai players at one table of 6: the one sitting out is on the projector's
    find-your-seat chart ("sits this round out") and named on the round page once play
    starts, not only while the round is planned."""
    event = seven_at_one_table(host)
    rnd = services.seat_next_round(event)
    seated = {s.player.name for t in rnd.tables.all() for s in t.seats.all()}
    (out,) = {f"P0{i}" for i in range(1, 8)} - seated
    chart = text_of(host_client.get(reverse("seating_chart", args=[event.slug, 1])))
    assert re.search(rf"{out}\s+sits this round out", chart)
    assert chart.count("→ table 1") == 6
    lists = text_of(host_client.get(reverse("round_tables_print", args=[event.slug, 1])))
    assert re.search(rf"Sitting out this round\s+{out}", lists)
    services.begin_round(rnd)
    page = text_of(host_client.get(reverse("round_detail", args=[event.slug, 1])))
    assert f"Sitting out this round: {out}." in page
    chart = text_of(host_client.get(reverse("seating_chart", args=[event.slug, 1])))
    assert re.search(rf"{out}\s+sits this round out", chart)


def test_a_night_where_everyone_is_seated_names_nobody_sitting_out(host_client, host):
    event = night(8, owner=host, game_slug="shanghai", min_table_size=4, max_table_size=6)
    services.seat_next_round(event)
    chart = text_of(host_client.get(reverse("seating_chart", args=[event.slug, 1])))
    assert "sits this round out" not in chart
    assert chart.count("→ table") == 8
    lists = text_of(host_client.get(reverse("round_tables_print", args=[event.slug, 1])))
    assert "Sitting out" not in lists


def test_with_the_night_planned_ahead_the_event_page_goes_to_the_first_round_not_closed(
    host_client, host
):
    """Rounds 1-11 planned ahead, none played: "Go to round 1", not round 11."""
    event = night(13, owner=host)
    services.plan_rest_of_night(event)
    page = text_of(host_client.get(reverse("event_detail", args=[event.slug])))
    assert "Go to round 1 (planned)" in page
    assert "Go to round 11" not in page


def test_a_hand_swap_that_breaks_a_rule_is_not_blamed_on_the_rules_changing(host_client, host):
    """The host swaps a pinned player away from their table: no rule changed, and the
    page said "Round 1 was seated before the rules changed"."""
    event = night(13, owner=host)
    p = players(event)
    assert add(host_client, event, kind="pin", player=p["P03"].pk, table=1).status_code == 302
    services.seat_next_round(event)
    first = event.rounds.get(number=1)
    away = first.seats.exclude(table__number=1).first().player
    services.swap_players(first, p["P03"], away)
    page = text_of(host_client.get(reverse("event_seating", args=[event.slug])))
    assert "Round 1 breaks the seating rules as they stand" in page
    assert "or changed by hand since" in page
    assert "P03 sits at table 1 every round they play" in page


def test_the_seating_page_says_when_a_rule_changes_tonights_tables(host_client, host):
    """A pin to table 5 with 16 players checked in seats them at 4, 3, 3, 3 and 3 rather
    than four 4s (``Room.regular``): the host found out only from the movement cards."""
    event = night(16, owner=host)
    p = players(event)
    url = reverse("event_seating", args=[event.slug])
    services.add_seating_rule(event, kind="pin", player=p["P03"], table=4)
    page = unescape(host_client.get(url).content.decode())
    assert "The rules change tonight's tables" not in page  # four 4s keep a pin at 4
    services.add_seating_rule(event, kind="pin", player=p["P07"], table=5)
    page = unescape(host_client.get(url).content.decode())
    assert (
        "The rules change tonight's tables: 16 players sit at tables of 4, 3, 3, 3 and 3, "
        "not 4, 4, 4 and 4: P07 is kept at table 5." in page
    )
    rnd = services.seat_next_round(event)
    assert sorted(len(t.seats.all()) for t in rnd.tables.all()) == [3, 3, 3, 3, 4]
