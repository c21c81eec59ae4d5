"""The host's pages: what a host sees, full pages and htmx partials."""

import re

import pytest
from django.urls import reverse

from scoring import rules
from tests.factories import EventFactory, UserFactory, night, valid_points
from tourney import services
from tourney.models import Event, Player

pytestmark = pytest.mark.django_db


def event_form_data(**overrides):
    data = {
        "name": "Harvest Rook Night",
        "date": "2026-11-27",
        "place": "Grange hall",
        "game_slug": "toonerville",
        "seating_method": "mix",
    }
    for rule in rules.get_game("toonerville").house_rules:
        key = f"toonerville__{rule.name}"
        if rule.kind == "card_values":
            for number, points in rule.default.items():
                data[f"{key}__{number}"] = points
        elif rule.kind == "bool":
            if rule.default:
                data[key] = "on"
        elif rule.default is not None:
            data[key] = rule.default
    data.update(overrides)
    return data


def test_host_pages_need_sign_in(client):
    response = client.get(reverse("host_home"))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


def test_another_hosts_event_is_not_found(host_client):
    other = EventFactory(owner=UserFactory(username="someone-else"))
    assert host_client.get(reverse("event_detail", args=[other.slug])).status_code == 404


def test_empty_state_invites_a_first_event(host_client):
    page = host_client.get(reverse("host_home")).content.decode()
    assert "No events yet." in page
    assert reverse("event_create") in page


def test_new_event_form_shows_and_explains_house_rule_defaults(host_client):
    page = host_client.get(reverse("event_create")).content.decode()
    assert "Toonerville Rook: house rules" in page
    assert "Rook Shanghai: house rules" in page
    assert "Cards dealt in round 11" in page
    assert "gamerules.com deals 14" in page
    assert 'name="toonerville__rook_value" value="20"' in page


def test_create_event_with_defaults(host_client, host):
    response = host_client.post(reverse("event_create"), event_form_data())
    event = Event.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("player_list", args=[event.slug])
    assert event.owner == host
    assert event.rounds_planned == 11
    assert (event.min_table_size, event.max_table_size) == (3, 5)
    assert event.game == rules.get_game("toonerville")


def test_create_event_with_changed_house_rules(host_client):
    data = event_form_data(toonerville__round_11_cards="12", toonerville__rook_value=50)
    data["toonerville__card_values__1"] = 15
    host_client.post(reverse("event_create"), data)
    game = Event.objects.get().game
    assert game.rounds[10].cards_dealt == 12
    assert game.hand_value(["rook", "1"]) == 65


def test_shanghai_event_defaults(host_client):
    data = event_form_data(game_slug="shanghai")
    for rule in rules.get_game("shanghai").house_rules:
        if rule.kind != "bool" and rule.default is not None:
            data[f"shanghai__{rule.name}"] = rule.default
    data["allow_short_tables"] = "on"
    response = host_client.post(reverse("event_create"), data)
    assert response.status_code == 302, response.context["form"].errors
    event = Event.objects.get()
    assert (event.rounds_planned, event.min_table_size, event.max_table_size) == (7, 4, 6)
    assert event.allow_short_tables


def test_table_sizes_outside_the_game_are_refused(host_client):
    response = host_client.post(
        reverse("event_create"), event_form_data(min_table_size=2, max_table_size=7)
    )
    assert response.status_code == 200
    assert "Toonerville Rook is played 3 to 5 a table" in response.content.decode()
    assert not Event.objects.exists()


def test_add_players_pasted_one_per_line_any_script(host_client, host):
    event = EventFactory(owner=host)
    names = "Ann\n  Zoë O'Brien \n\n李小龙\nBo 🐦\n"
    host_client.post(reverse("player_list", args=[event.slug]), {"names": names, "check_in": "on"})
    assert sorted(event.players.values_list("name", flat=True)) == sorted(
        ["Ann", "Zoë O'Brien", "李小龙", "Bo 🐦"]
    )
    assert event.players.present().count() == 4


def test_duplicate_and_existing_names_are_refused_naming_them(host_client, host):
    event = EventFactory(owner=host)
    Player.objects.create(event=event, name="Ann")
    response = host_client.post(
        reverse("player_list", args=[event.slug]), {"names": "ann\nBo\nbo", "check_in": "on"}
    )
    page = response.content.decode()
    assert "“ann” is already playing in this event" in page
    assert "“bo” is in the list twice" in page
    assert "ann\nBo\nbo" in page  # what was typed is kept
    assert event.players.count() == 1


def test_empty_names_are_refused(host_client, host):
    event = EventFactory(owner=host)
    response = host_client.post(reverse("player_list", args=[event.slug]), {"names": " \n \n"})
    assert "Type at least one name" in response.content.decode()


def test_roster_offers_people_from_earlier_events(host_client, host):
    old = EventFactory(owner=host, name="Last month")
    rita = Player.objects.create(event=old, name="Regular Rita").person
    event = EventFactory(owner=host)
    page = host_client.get(reverse("player_list", args=[event.slug])).content.decode()
    assert "Regular Rita" in page
    host_client.post(
        reverse("player_list", args=[event.slug]), {"roster": [str(rita.pk)], "check_in": "on"}
    )
    assert event.players.get(name="Regular Rita").person == rita


def test_player_status_full_page_and_htmx_partial(host_client, host):
    event = EventFactory(owner=host)
    player = Player.objects.create(event=event, name="Ann", status="registered")
    url = reverse("player_status", args=[event.slug, player.pk])
    response = host_client.post(url, {"status": "present"})
    assert response.status_code == 302
    player.refresh_from_db()
    assert player.status == "present"
    partial = host_client.post(url, {"status": "left"}, headers={"HX-Request": "true"})
    html = partial.content.decode()
    assert partial.status_code == 200
    assert html.lstrip().startswith('<div id="roster"')
    assert "<html" not in html
    assert "Left" in html


def test_round_page_full_and_partial(host_client, host):
    event = night(13, owner=host)
    services.seat_next_round(event)
    url = reverse("round_detail", args=[event.slug, 1])
    full = host_client.get(url).content.decode()
    assert "<title>Round 1 · " in full
    assert "Two sets" in full or "two sets" in full
    assert full.count('class="card table-card"') == 3
    partial = host_client.get(url, headers={"HX-Request": "true"}).content.decode()
    assert partial.lstrip().startswith('<div id="round-tables">')
    assert "<title>" not in partial


def test_swap_reports_repeat_meetings(host_client, host):
    event = night(12, owner=host)
    rnd = services.seat_next_round(event)
    services.begin_round(rnd)
    for table in rnd.tables.all():
        services.submit_scores(table, valid_points(table))
    services.close_round(rnd)
    rnd2 = services.seat_next_round(event)
    seats = list(rnd2.tables.get(number=1).seats.all())
    other = rnd2.tables.get(number=2).seats.first()
    response = host_client.post(
        reverse("round_swap", args=[event.slug, 2]),
        {"player": seats[0].player_id, "other": other.player_id},
        headers={"HX-Request": "true"},
    )
    html = response.content.decode()
    assert f"Swapped {seats[0].player.name} and {other.player.name}." in html
    assert "Repeat meetings" in html


def test_seat_next_round_with_impossible_split_offers_fixes(host_client, host):
    event = night(7, owner=host, game_slug="shanghai", min_table_size=4, max_table_size=6)
    response = host_client.post(reverse("round_seat_next", args=[event.slug]))
    assert response.status_code == 409
    page = response.content.decode()
    assert "One player sits out each round, in turn" in page
    assert "remembers your choice for the rest of the night" in page


def test_the_sit_out_button_says_how_many_sit_out(host_client, host):
    """7 players at tables of exactly 4: three sit out each round. The message said so and
    the button "One player sits out each round"; pressed, it sat three out."""
    event = night(7, owner=host, min_table_size=4, max_table_size=4)
    response = host_client.post(reverse("round_seat_next", args=[event.slug]))
    assert response.status_code == 409
    page = response.content.decode()
    assert "You can let 3 players sit out." in page
    assert ">3 players sit out each round, in turn</button>" in page
    assert "One player sits out" not in page
    seating = host_client.get(reverse("event_seating", args=[event.slug])).content.decode()
    assert ">3 players sit out each round, in turn</button>" in seating
    host_client.post(reverse("round_seat_next", args=[event.slug]), {"fallback": "sit_out"})
    assert event.rounds.get(number=1).seats.count() == 4


def test_seven_at_shanghai_are_asked_who_sits_out_once_a_night(host_client, host):
    """The host chose "one sits out" in round 1: round 2 is seated without asking again,
    someone else sits out, and the round page says why instead of "Re-seat"."""
    event = night(7, owner=host, game_slug="shanghai", min_table_size=4, max_table_size=6)
    seat_next = reverse("round_seat_next", args=[event.slug])
    response = host_client.post(seat_next, {"fallback": "sit_out"})
    assert response.status_code == 302
    first = event.rounds.get(number=1)
    out_first = set(event.players.values_list("name", flat=True)) - set(
        first.seats.values_list("player__name", flat=True)
    )
    page = host_client.get(reverse("round_detail", args=[event.slug, 1])).content.decode()
    (name,) = out_first
    assert (
        f"Sitting out this round: {name}. The players here don't split into tables of 4 to 6, "
        "so one sits out each round, in turn." in page
    )
    assert "Re-seat the round to include them" not in page

    services.begin_round(first)
    for table in first.tables.all():
        services.submit_scores(table, valid_points(table))
    services.close_round(first)
    response = host_client.post(seat_next)  # no choice posted: the night's choice holds
    assert response.status_code == 302, response.content.decode()[:500]
    second = event.rounds.get(number=2)
    assert second.seats.count() == 6
    assert name in second.seats.values_list("player__name", flat=True)  # in turn


def test_a_player_checked_in_after_seating_is_told_to_re_seat(host_client, host):
    event = night(12, owner=host)
    services.seat_next_round(event)
    services.add_players(event, ["Late Lou"])
    page = host_client.get(reverse("round_detail", args=[event.slug, 1])).content.decode()
    assert (
        "Checked in after this round was seated: Late Lou. Re-seat the round to include them."
        in page
    )
    assert "Sitting out this round" not in page


def test_round_lifecycle_through_the_pages(host_client, host):
    event = night(12, owner=host)
    host_client.post(reverse("round_seat_next", args=[event.slug]))
    host_client.post(reverse("round_begin", args=[event.slug, 1]))
    rnd = event.rounds.get(number=1)
    assert rnd.phase == "playing"
    response = host_client.post(reverse("round_close", args=[event.slug, 1]), follow=True)
    assert "no scores yet" in response.content.decode()
    for table in rnd.tables.all():
        data = {f"p{pid}": pts for pid, pts in valid_points(table).items()}
        host_client.post(reverse("table_scores_host", args=[event.slug, 1, table.number]), data)
    assert event.rounds.get(number=1).phase == "scored"
    host_client.post(reverse("round_close", args=[event.slug, 1]))
    assert event.rounds.get(number=1).phase == "closed"
    host_client.post(reverse("round_reopen", args=[event.slug, 1]))
    assert event.rounds.get(number=1).phase == "scored"


def test_host_score_form_shows_every_problem_beside_the_player(host_client, host):
    event = night(12, owner=host)
    rnd = services.seat_next_round(event)
    services.begin_round(rnd)
    table = rnd.tables.get(number=1)
    seats = list(table.seats.order_by("position").select_related("player"))
    data = {f"p{seats[0].player_id}": 0, f"p{seats[1].player_id}": 0, f"p{seats[2].player_id}": -4}
    response = host_client.post(
        reverse("table_scores_host", args=[event.slug, 1, table.number]), data
    )
    page = response.content.decode()
    assert response.status_code == 422
    assert "Nothing was saved" in page
    assert seats[0].player.name in page and "exactly one player goes out" in page
    assert 'value="-4"' in page  # what was typed is kept
    assert not table.entries.exists()


def test_delete_asks_first_and_twice_once_scores_exist(host_client, host):
    event = night(12, owner=host)
    rnd = services.seat_next_round(event)
    services.begin_round(rnd)
    table = rnd.tables.first()
    services.submit_scores(table, valid_points(table))
    url = reverse("event_delete", args=[event.slug])
    assert "score entr" in host_client.get(url).content.decode()
    response = host_client.post(url, {"confirm": "on"})
    assert "tick the second box" in response.content.decode()
    assert Event.objects.filter(pk=event.pk).exists()
    host_client.post(url, {"confirm": "on", "confirm_scores": "on"})
    assert not Event.objects.filter(pk=event.pk).exists()


def test_seating_chart_is_alphabetical_with_table_and_seat(host_client, host):
    event = night(13, owner=host)
    services.seat_next_round(event)
    page = host_client.get(reverse("seating_chart", args=[event.slug, 1])).content.decode()
    # Whole words: a table's random code ("XP07K") may hold a name's letters.
    positions = [re.search(rf"\bP{n:02d}\b", page).start() for n in range(1, 14)]
    assert positions == sorted(positions)
    assert "→ table" in page
    assert '<body class="projector' in page
    printable = host_client.get(reverse("seating_chart", args=[event.slug, 1]) + "?print=1")
    assert '<body class="projector' not in printable.content.decode()


def test_movement_cards_list_every_planned_round(host_client, host):
    event = night(13, owner=host, rounds_planned=4)
    host_client.post(reverse("round_plan_night", args=[event.slug]))
    page = host_client.get(reverse("movement_cards", args=[event.slug])).content.decode()
    assert page.count('class="movement-card"') == 13
    assert page.count('<tr><td class="num">4</td>') == 13


def test_existing_toonerville_events_keep_the_14_card_round_11(host):
    """The migration writes the old default into events that never named their deal."""
    from importlib import import_module

    from django.apps import apps

    migration = import_module("tourney.migrations.0005_keep_round_11_deal_of_existing_events")
    old = EventFactory(owner=host, game_slug="toonerville", house_rules={})
    chose_12 = EventFactory(owner=host, game_slug="toonerville", house_rules={"round_11_cards": 12})
    shanghai = EventFactory(owner=host, game_slug="shanghai", house_rules={})
    assert old.game.round(11).cards_dealt == 12  # what it would become without the migration
    migration.keep_old_deal(apps, None)
    for event in (old, chose_12, shanghai):
        event.refresh_from_db()
        event.__dict__.pop("game", None)
    assert old.game.round(11).cards_dealt == 14
    assert chose_12.game.round(11).cards_dealt == 12
    assert shanghai.house_rules == {}


def test_a_new_event_deals_12_in_round_11_by_default(host_client):
    form = host_client.get(reverse("event_create")).content.decode()
    assert re.search(r'<option value="12" selected>12 cards \(pagat\)</option>', form)
