"""A family's one-table game, and printable score sheets blank and filled."""

import importlib
import io
import re

import openpyxl
import pytest
from django.urls import reverse
from django.utils import timezone

from scoring import rules
from tests import factories
from tourney import services
from tourney.models import Event, Person, Player, Season, TableCard

pytestmark = pytest.mark.django_db


def start(host_client, players="Ann\nBo\nCy", game="shanghai", **extra):
    data = {"name": "Sunday Shanghai", "game_slug": game, "players": players, **extra}
    response = host_client.post(reverse("table_game_create"), data)
    return response, Event.objects.filter(kind="table").first()


def hand(client, event, points, name="Ann", **extra):
    card = TableCard.objects.get(event=event, number=1)
    rnd = event.round_in_play()
    seats = list(rnd.tables.get().seats.order_by("position").select_related("player"))
    data = {"name": name, "round": rnd.number, "based_on": 0, "key": f"k{rnd.number}{points}"}
    data.update(extra)
    for seat in seats:
        data[f"p{seat.player_id}"] = points[seat.player.name]
    return client.post(reverse("table_page", args=[card.token]), data)


def test_start_a_three_player_shanghai_game(host_client):
    response, event = start(host_client)
    card = event.table_cards.get()
    assert response["Location"] == reverse("table_page", args=[card.token])
    assert event.allow_short_tables
    page = host_client.get(response["Location"]).content.decode()
    assert "Hand 1: two sets" in page
    assert "<strong>7</strong> cards dealt" in page  # fewer-than-4 rules


def test_the_game_page_asks_about_the_game_not_the_night(host_client, client):
    response, _event = start(host_client)
    page = client.get(response["Location"]).content.decode()
    assert "How&#x27;s the game going?" in page or "How's the game going?" in page
    assert "the night going" not in page


def test_wrong_number_of_players_is_refused(host_client):
    response, event = start(host_client, players="Ann")
    assert event is None
    assert "Rook Shanghai is played by 2 to 8 at one table; you named 1." in (
        response.content.decode()
    )


def test_two_players_play_shanghai_under_the_short_table_rules(host_client):
    response, event = start(host_client, players="Ann\nBo")
    assert response.status_code == 302
    page = host_client.get(response["Location"]).content.decode()
    assert "<strong>7</strong> cards dealt" in page
    refused = hand(host_client, event, {"Ann": 0, "Bo": 151})
    assert "more than a hand can hold in hand 1 (150" in refused.content.decode()
    assert hand(host_client, event, {"Ann": 0, "Bo": 150}).status_code == 303


SEVEN = "Ann\nBo\nCy\nDi\nEd\nFlo\nGus"


def test_seven_players_need_the_three_deck_option_and_the_form_says_so(host_client):
    form = host_client.get(reverse("table_game_create")).content.decode()
    assert "needed for 7 or 8" in form
    response, event = start(host_client, players=SEVEN)
    assert event is None
    assert "7 players need 3 decks with 6 wilds: tick this box" in response.content.decode()
    response, event = start(host_client, players=SEVEN, three_decks="on")
    assert response.status_code == 302
    assert event.game.settings["three_decks"] is True
    scores = dict(zip(SEVEN.split("\n"), [0, 230, 5, 5, 5, 5, 5], strict=True))
    assert hand(host_client, event, scores, key="seven").status_code == 303


def test_eight_players_with_three_decks_refuse_over_230(host_client):
    names = SEVEN + "\nHal"
    _, event = start(host_client, players=names, three_decks="on")
    scores = dict(zip(names.split("\n"), [0, 231, 5, 5, 5, 5, 5, 5], strict=True))
    refused = hand(host_client, event, scores, key="eight")
    assert refused.status_code == 422
    assert "more than a hand can hold in hand 1 (230" in refused.content.decode()


def test_over_the_three_player_maximum_is_refused_then_the_game_moves_on(host_client):
    _, event = start(host_client)
    refused = hand(host_client, event, {"Ann": 0, "Bo": 160, "Cy": 20})
    assert refused.status_code == 422
    assert "more than a hand can hold in hand 1 (150" in refused.content.decode()
    ok = hand(host_client, event, {"Ann": 0, "Bo": 150, "Cy": 20})
    assert ok.status_code == 303
    page = host_client.get(ok["Location"]).content.decode()
    assert "Hand 2: one set, one run" in page
    assert "<strong>8</strong> cards dealt" in page
    assert "Running totals" in page
    # The deal passes to the left: Bo deals hand 2.
    assert "<strong>Bo</strong> deals" in page


def test_a_whole_game_ends_with_the_winner(host_client):
    _, event = start(host_client)
    for number in range(1, 8):
        response = hand(host_client, event, {"Ann": 0, "Bo": 10 * number, "Cy": 5})
        assert response.status_code == 303
    page = host_client.get(response["Location"]).content.decode()
    assert "</svg> Ann wins with 0!" in page
    assert "Final totals" in page
    expected = rules.get_game("shanghai").standings(
        {"Ann": [0] * 7, "Bo": [10 * n for n in range(1, 8)], "Cy": [5] * 7}
    )
    assert [s.total for s in expected] == [0, 35, 280]


def test_buys_are_recorded_within_the_cap(host_client):
    _, event = start(host_client, record_buys="on")
    response = hand(host_client, event, {"Ann": 0, "Bo": 30, "Cy": 20}, **{"b1": 4})
    seat_ids = [p.pk for p in event.players.order_by("pk")]
    data_bad = {f"b{seat_ids[1]}": 4}
    response = hand(host_client, event, {"Ann": 0, "Bo": 30, "Cy": 20}, **data_bad)
    assert "Bo: at most 3 buys a hand." in response.content.decode()
    response = hand(host_client, event, {"Ann": 0, "Bo": 30, "Cy": 20}, **{f"b{seat_ids[1]}": 2})
    assert response.status_code == 303
    book = host_client.get(reverse("export_score_sheets", args=[event.slug]))
    ws = openpyxl.load_workbook(io.BytesIO(book.content)).worksheets[0]
    assert "Buys" in [c.value for row in ws.iter_rows() for c in row]


def test_filled_sheet_download_has_the_names_and_scores(host_client):
    _, event = start(host_client)
    hand(host_client, event, {"Ann": 0, "Bo": 41, "Cy": 20})
    response = host_client.get(reverse("export_score_sheets", args=[event.slug]))
    assert response["Content-Disposition"].startswith('attachment; filename="sunday-shanghai-')
    values = [
        c
        for row in openpyxl.load_workbook(io.BytesIO(response.content))
        .worksheets[0]
        .iter_rows(values_only=True)
        for c in row
    ]
    assert {"Ann", "Bo", "Cy"} <= set(values)
    assert 41 in values


def test_blank_sheet_page_needs_no_sign_in(client):
    page = client.get(reverse("blank_sheet"))
    assert page.status_code == 200
    assert "Print a blank score sheet" in page.content.decode()
    response = client.get(reverse("blank_sheet"), {"game": "shanghai", "players": 3})
    assert response["Content-Type"].startswith("application/vnd.openxmlformats")
    values = [
        c
        for row in openpyxl.load_workbook(io.BytesIO(response.content))
        .worksheets[0]
        .iter_rows(values_only=True)
        for c in row
        if c is not None
    ]
    assert any("two sets" in str(v) for v in values)


def test_blank_toonerville_sheet_refuses_six_columns(client):
    response = client.get(reverse("blank_sheet"), {"game": "toonerville", "players": 6})
    assert response.status_code == 200
    assert "Toonerville Rook is played 3 to 5 a table" in response.content.decode()


def test_blank_shanghai_sheet_for_eight_needs_three_decks(client):
    response = client.get(reverse("blank_sheet"), {"game": "shanghai", "players": 8})
    assert "needs the three-deck option" in response.content.decode()
    response = client.get(
        reverse("blank_sheet"), {"game": "shanghai", "players": 8, "three_decks": "on"}
    )
    assert response["Content-Type"].startswith("application/vnd.openxmlformats")


@pytest.mark.parametrize(("given", "dealt"), [({}, 12), ({"round_11_cards": 14}, 14)])
def test_blank_toonerville_sheet_deals_12_in_round_11_unless_told_14(client, given, dealt):
    response = client.get(reverse("blank_sheet"), {"game": "toonerville", "players": 4, **given})
    rows = (
        openpyxl.load_workbook(io.BytesIO(response.content))
        .worksheets[0]
        .iter_rows(values_only=True)
    )
    round_11 = next(row for row in rows if row[0] == 11)
    assert round_11[1:3] == ("two runs, two sets (no discard to go out)", dealt)


def test_multi_table_event_sheets_have_a_sheet_per_table_and_round(host_client, host):
    from tests.factories import night, valid_points
    from tourney import services

    event = night(
        8, owner=host, game_slug="shanghai", min_table_size=4, max_table_size=6, rounds_planned=7
    )
    rnd = services.seat_next_round(event)
    services.begin_round(rnd)
    for table in rnd.tables.all():
        services.submit_scores(table, valid_points(table))
    response = host_client.get(reverse("export_score_sheets", args=[event.slug]))
    names = openpyxl.load_workbook(io.BytesIO(response.content)).sheetnames
    assert names[:2] == ["Master sheet", "Seating"]
    assert {"R1 T1", "R1 T2"} <= set(names)


# -- the family game: one fixed order, its own words, one phone, off the roster ------------------


def _rows(page: str) -> list[str]:
    """The names of the score rows, top to bottom, as the phone shows them."""
    form = page[
        page.index('<ol class="score-rows">') : page.index("</ol>", page.index("score-rows"))
    ]
    return re.findall(r'<div class="player-name"><label for="[^"]+">([^<]+)</label>', form)


def _totals_heads(page: str) -> list[str]:
    table = page[page.index('<table class="running">') :]
    head = table[: table.index("</thead>")]
    return re.findall(r'<th scope="col" class="num">([^<]+)</th>', head)


def _dealer(page: str) -> str:
    return re.search(r"<strong>([^<]+)</strong> deals</li>", page).group(1)


def test_the_rows_stay_in_seat_order_every_hand_while_the_deal_passes_left(host_client):
    response, event = start(host_client, players="Mom\nDad\nKid")
    url = response["Location"]
    seen = []
    for number in range(1, 5):
        page = host_client.get(url).content.decode()
        assert f"Hand {number}:" in page
        seen.append((_rows(page), _dealer(page)))
        # The "deals" badge is on the dealer's own row, wherever that row is.
        row = re.search(
            rf"<label [^>]*>{_dealer(page)}</label>( <span class=\"badge\">deals</span>)?", page
        )
        assert row.group(1)
        assert page.count('<span class="badge">deals</span>') == 1
        if number > 1:
            assert _totals_heads(page) == ["Mom", "Dad", "Kid"]
        hand(host_client, event, {"Mom": 0, "Dad": 10, "Kid": 20})
    assert seen == [
        (["Mom", "Dad", "Kid"], "Mom"),
        (["Mom", "Dad", "Kid"], "Dad"),
        (["Mom", "Dad", "Kid"], "Kid"),
        (["Mom", "Dad", "Kid"], "Mom"),
    ]
    seats = [
        [s.player.name for s in rnd.tables.get().seats.order_by("position")]
        for rnd in event.rounds.order_by("number")
    ]
    assert all(order == ["Mom", "Dad", "Kid"] for order in seats)


def test_scores_typed_by_position_go_to_the_people_on_those_rows(host_client):
    """A phone user types down the rows: the first box, the second, the third."""
    response, event = start(host_client, players="Mom\nDad\nKid")
    url = response["Location"]
    card = event.table_cards.get()
    for number, typed in enumerate(([0, 10, 20], [5, 0, 30], [7, 9, 0]), start=1):
        page = host_client.get(url).content.decode()
        boxes = re.findall(
            r'<input type="text" inputmode="numeric" pattern="\[0-9\]\*" name="(p\d+)"', page
        )
        data = {"round": number, "based_on": 0, "key": f"typed-{number}"}
        data.update(dict(zip(boxes, map(str, typed), strict=True)))
        assert host_client.post(reverse("table_page", args=[card.token]), data).status_code == 303
    page = host_client.get(url).content.decode()
    total_row = re.search(r'<tr class="total-row">(.*?)</tr>', page, re.S).group(1)
    assert re.findall(r'<td class="num">(\d+)</td>', total_row) == ["12", "19", "50"]
    assert _totals_heads(page) == ["Mom", "Dad", "Kid"]


def test_a_shanghai_game_at_one_table_says_hand_and_no_table_number(host_client):
    response, event = start(host_client, players="Mom\nDad\nKid")
    page = host_client.get(response["Location"]).content.decode()
    assert "<h1>Hand 1: two sets</h1>" in page
    assert "Round 1" not in page and "round 1" not in page
    assert "Table 1" not in page
    assert "<title>Hand 1 · Sunday Shanghai" in page
    hand(host_client, event, {"Mom": 0, "Dad": 10, "Kid": 20})
    page = host_client.get(response["Location"]).content.decode()
    assert "<h1>Hand 2: one set, one run</h1>" in page and "Round" not in page
    host_page = host_client.get(event.get_absolute_url()).content.decode()
    assert "Rook Shanghai at one table · 7 hands · 3 players" in host_page
    assert "<h2>Hands</h2>" in host_page and "Go to hand 2 (playing)" in host_page
    assert "Round" not in host_page and "Movement cards" not in host_page


def test_a_toonerville_game_at_one_table_keeps_its_rounds(host_client):
    response, _ = start(host_client, players="Mom\nDad\nKid", game="toonerville")
    page = host_client.get(response["Location"]).content.decode()
    assert "<h1>Round 1: two sets</h1>" in page
    assert "Table 1" not in page


def test_a_one_phone_game_asks_no_name(host_client):
    response, event = start(host_client, players="Mom\nDad\nKid")
    page = host_client.get(response["Location"]).content.decode()
    assert "Your name" not in page and 'name="name"' not in page
    saved = hand(host_client, event, {"Mom": 0, "Dad": 10, "Kid": 20}, name="")
    assert saved.status_code == 303
    assert event.rounds.get(number=1).status == "closed"


def test_a_game_at_one_table_keeps_its_players_off_the_roster(host_client, host):
    start(host_client, players="Mom\nDad\nKid")
    assert Person.objects.filter(owner=host).count() == 0
    assert all(p.person_id is None for p in Player.objects.all())
    roster = host_client.get(reverse("roster")).content.decode()
    assert "Mom" not in roster and "Kid" not in roster
    # A club night still puts its players on the roster.
    event = Event.objects.create(
        owner=host, name="Friday", rounds_planned=3, min_table_size=3, max_table_size=5
    )
    Player.objects.create(event=event, name="Ann")
    assert list(Person.objects.filter(owner=host).values_list("name", flat=True)) == ["Ann"]


def test_a_player_of_a_game_at_one_table_can_be_renamed(host_client):
    _, event = start(host_client, players="Mom\nDad\nKid")
    kid = event.players.get(name="Kid")
    url = reverse("player_rename", args=[event.slug, kid.pk])
    assert host_client.post(url, {"name": "Sam"}).status_code == 302
    kid.refresh_from_db()
    assert kid.name == "Sam" and kid.person_id is None


def test_the_migration_takes_earlier_family_players_off_the_roster(host):
    from datetime import timedelta

    from django.apps import apps

    migration = importlib.import_module(
        "tourney.migrations.0010_family_game_players_off_the_roster"
    )
    family = Event.objects.create(
        owner=host,
        name="Sunday",
        kind="table",
        rounds_planned=7,
        min_table_size=3,
        max_table_size=3,
    )
    night = Event.objects.create(
        owner=host, name="Friday", rounds_planned=3, min_table_size=3, max_table_size=5
    )
    # As the family game made them before: a person per player, created with it.
    mom = Person.objects.create(owner=host, name="Mom")
    Player.objects.create(event=family, name="Mom", person=mom)
    # Dad was on the roster long before, by hand; Ann plays the club's nights too.
    dad = Person.objects.create(
        owner=host, name="Dad", created_at=timezone.now() - timedelta(days=30)
    )
    Player.objects.create(event=family, name="Dad", person=dad)
    ann = Person.objects.create(owner=host, name="Ann")
    Player.objects.create(event=family, name="Ann", person=ann)
    Player.objects.create(event=night, name="Ann", person=ann)
    migration.take_family_players_off_the_roster(apps, None)
    assert set(Person.objects.values_list("name", flat=True)) == {"Dad", "Ann"}
    assert not family.players.filter(person__isnull=False).exists()
    assert night.players.get().person == ann


def test_games_at_one_table_are_listed_apart_from_the_nights(host_client, host):
    start(host_client, players="Mom\nDad\nKid")
    Event.objects.create(
        owner=host, name="Friday Rook Night", rounds_planned=3, min_table_size=3, max_table_size=5
    )
    page = host_client.get(reverse("host_home")).content.decode()
    nights = page[page.index('id="nights-h"') : page.index('id="table-games-h"')]
    table_games = page[page.index('id="table-games-h"') :]
    assert "Friday Rook Night" in nights and "Sunday Shanghai" not in nights
    assert "Games at one table" in page
    assert "Sunday Shanghai" in table_games and "0 of 7 hands played" in table_games


def test_seasons_do_not_offer_games_at_one_table(host_client, host):
    _, family = start(host_client, players="Mom\nDad\nKid")
    Event.objects.create(
        owner=host, name="Friday Rook Night", rounds_planned=3, min_table_size=3, max_table_size=5
    )
    season = Season.objects.create(owner=host, name="Autumn")
    page = host_client.get(season.get_absolute_url()).content.decode()
    assert "Friday Rook Night" in page and "Sunday Shanghai" not in page
    form = host_client.get(reverse("event_edit", args=[family.slug])).content.decode()
    assert "Autumn" not in form and 'name="season"' not in form


def test_the_host_page_of_a_shanghai_hand_says_hand_and_no_table_number(host_client):
    """The family game's round page (linked from its host page as "Hand 1") in its own words."""
    _response, event = start(host_client, players="Mom\nDad\nKid")
    url = reverse("round_detail", args=[event.slug, 1])
    page = host_client.get(url).content.decode()
    assert "<title>Hand 1 · Sunday Shanghai" in page
    assert re.search(r"<h1>Hand 1 of 7 <span", page)
    assert "Close hand 1</button>" in page
    assert "Table 1" not in page and "table 1" not in page
    assert not re.search(r"\bRound 1\b|\bround 1\b", page)
    assert "Seating chart" not in page and "Print table lists" not in page
    seats = re.findall(r'class="seat-name">(\w+)', page)
    assert seats == ["Mom", "Dad", "Kid"]  # seat order, Mom deals
    partial = host_client.get(url, headers={"HX-Request": "true"}).content.decode()
    assert "<h2" in partial and "Scores" in partial
    assert "Table 1" not in partial and "<html" not in partial
    hand(host_client, event, {"Mom": 0, "Dad": 10, "Kid": 20})
    page = host_client.get(url).content.decode()
    assert "Correct scores</a>" in page and "for table 1" not in page


def test_a_tournament_round_page_keeps_its_rounds_and_table_numbers(host_client, host):
    event = factories.night(players=4, owner=host, name="Club night")
    services.begin_round(services.seat_next_round(event))
    page = host_client.get(reverse("round_detail", args=[event.slug, 1])).content.decode()
    assert "<title>Round 1 · Club night" in page and "Round 1 of" in page
    assert "Table 1" in page and "Seating chart" in page and "Close round 1</button>" in page


def test_a_four_round_nights_score_sheets_show_only_its_four_rounds(host_client, host):
    from tests.factories import night, valid_points
    from tourney import services

    event = night(8, owner=host, rounds_planned=4)
    rnd = services.seat_next_round(event)
    services.begin_round(rnd)
    for table in rnd.tables.all():
        services.submit_scores(table, valid_points(table))
    response = host_client.get(reverse("export_score_sheets", args=[event.slug]))
    ws = openpyxl.load_workbook(io.BytesIO(response.content))["Master sheet"]
    heads = [c.value for c in ws[1] if c.value]
    rounds = [h.split(":")[0] for h in heads if h[:1] == "R" and ":" in h]
    assert rounds == ["R1", "R2", "R3", "R4"]
    assert heads[5:8] == ["Total", "Went out", "Place"]


def test_a_game_at_one_table_has_no_seating_page_and_takes_no_seating_rule(host_client):
    """Typing the seating page's address for a family's game offered the rule form, and
    "Ann and Bo are kept apart" was saved at a table of three that never changes."""
    start(host_client)
    event = Event.objects.get()
    ann, bo = event.players.get(name="Ann"), event.players.get(name="Bo")
    page = host_client.get(reverse("event_seating", args=[event.slug]), follow=True)
    said = page.content.decode()
    assert "keeps its seats all game" in said
    assert page.redirect_chain[-1][0] == event.get_absolute_url()
    answer = host_client.post(
        reverse("seating_constraint_add", args=[event.slug]),
        {"kind": "apart", "player": ann.pk, "other": bo.pk},
        follow=True,
    )
    assert "there is no seating to plan" in answer.content.decode()
    assert not event.seating_constraints.exists()
