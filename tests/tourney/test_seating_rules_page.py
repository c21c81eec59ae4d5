"""The host's seating rules: added and removed on the seating page, contradictions refused
naming the players, tonight's room checked before seating, passed to the planner by every
method and by `plan_seating`; a night plan made once and stored for every process."""

import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse

from tests.factories import night
from tourney import services
from tourney.models import Event, NightPlan, Player, SeatingConstraint
from tourney.seating.constraints import ConstraintError

pytestmark = pytest.mark.django_db


def players(event) -> dict[str, Player]:
    return {p.name: p for p in event.players.all()}


def add(host_client, event, **fields):
    return host_client.post(reverse("seating_constraint_add", args=[event.slug]), fields)


def test_host_adds_each_kind_of_rule_and_sees_it(host_client, host):
    event = night(13, owner=host)
    p = players(event)
    assert add(host_client, event, kind="pin", player=p["P03"].pk, table=1).status_code == 302
    add(host_client, event, kind="apart", player=p["P02"].pk, other=p["P01"].pk)
    add(host_client, event, kind="together", player=p["P04"].pk, other=p["P05"].pk)
    page = host_client.get(reverse("event_seating", args=[event.slug])).content.decode()
    assert "P03 always sits at table 1" in page
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
    assert "Choose the table P01 always sits at." in page
    page = add(host_client, event, kind="apart", player=p["P01"].pk).content.decode()
    assert "Choose the player to keep P01 apart from." in page
    page = add(host_client, event, kind="together", player=p["P01"].pk, other=p["P01"].pk)
    assert "Choose two different players." in page.content.decode()
    assert not event.seating_constraints.exists()


def test_removing_a_rule(host_client, host):
    event = night(13, owner=host)
    p = players(event)
    rule = SeatingConstraint.objects.create(event=event, kind="pin", player=p["P01"], table=2)
    answer = host_client.post(
        reverse("seating_constraint_remove", args=[event.slug, rule.pk]), follow=True
    )
    assert "Removed: P01 always sits at table 2." in answer.content.decode()
    assert not event.seating_constraints.exists()


def test_the_page_says_before_seating_when_tonights_room_cant_keep_a_rule(host_client, host):
    event = night(13, owner=host)  # 13 players: tables of 5, 4, 4
    p = players(event)
    SeatingConstraint.objects.create(event=event, kind="pin", player=p["P07"], table=4)
    page = host_client.get(reverse("event_seating", args=[event.slug])).content.decode()
    assert "P07 is kept at table 4, but this round has 3 tables." in page
    assert "P07 is kept at table 4" in host_client.get(event.get_absolute_url()).content.decode()
    # Seating is refused with the same reason, and nothing is seated.
    answer = host_client.post(reverse("round_seat_next", args=[event.slug]))
    assert answer.status_code == 409
    assert "P07 is kept at table 4, but this round has 3 tables." in answer.content.decode()
    assert not event.rounds.exists()


def test_a_rule_on_someone_not_here_waits(host_client, host):
    event = night(13, owner=host)
    p = players(event)
    SeatingConstraint.objects.create(event=event, kind="pin", player=p["P07"], table=4)
    services.set_player_status(p["P07"], Player.Status.ABSENT)
    page = host_client.get(reverse("event_seating", args=[event.slug])).content.decode()
    assert "is kept at table 4" not in page
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
    with pytest.raises(CommandError, match="3 is kept at table 4, but this round has 3 tables"):
        call_command("plan_seating", "--pin", "3=4", players=13, rounds=2, game="toonerville")
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
    assert "These seats break a seating rule: P03 always sits at table 1." in page
