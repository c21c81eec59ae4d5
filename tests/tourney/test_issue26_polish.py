"""Issue 26's words and marks as a host or player reads them: plurals, the winner mark,
movement cards, minus signs, the event page's next step."""

import re
from pathlib import Path

import pytest
from django.urls import reverse

from tests.factories import night, valid_points
from tourney import services
from tourney.models import Player

pytestmark = pytest.mark.django_db

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"


def play_round(event):
    rnd = services.seat_next_round(event)
    services.begin_round(rnd)
    for table in rnd.tables.all():
        services.submit_scores(table, valid_points(table))
    services.close_round(rnd)
    return rnd


def cells(page: str, name: str) -> list[str]:
    """The movement card of ``name``: each round's text after the round number."""
    card = page[page.index(f"<h2>{name}</h2>") :]
    card = card[: card.index("</table>")]
    rows = re.findall(r"<tr><td class=\"num\">(\d+)</td>(.*?)</tr>", card)
    return [re.sub(r"<[^>]+>", " ", rest).split() for _, rest in rows]


def test_movement_cards_say_gone_home_and_not_here_yet_rather_than_sits_out(host_client, host):
    event = night(12, owner=host, rounds_planned=3)
    first, second, third = services.plan_rest_of_night(event)
    services.begin_round(first)
    for table in first.tables.all():
        services.submit_scores(table, valid_points(table))
    services.close_round(first)
    services.set_player_status(event.players.get(name="P03"), Player.Status.LEFT)
    services.add_players(event, ["Late Lou"])
    services.set_player_status(event.players.get(name="Late Lou"), Player.Status.PRESENT)
    services.reseat_round(second)
    services.reseat_round(third)

    page = host_client.get(reverse("movement_cards", args=[event.slug])).content.decode()
    assert cells(page, "P03")[1:] == [["gone", "home"], ["gone", "home"]]
    assert cells(page, "Late Lou")[0] == ["not", "here", "yet"]
    assert "sits out" not in page


def test_seven_at_shanghai_movement_cards_still_say_sits_out(host_client, host):
    event = night(7, owner=host, game_slug="shanghai", min_table_size=4, max_table_size=6)
    services.plan_rest_of_night(event, fallback="sit_out")
    page = host_client.get(reverse("movement_cards", args=[event.slug])).content.decode()
    assert page.count("sits out") == event.rounds_planned  # one a round, in turn
    assert "gone home" not in page and "not here yet" not in page


def test_a_table_of_one_reads_1_player(host_client, host):
    event = night(12, owner=host)
    rnd = services.seat_next_round(event)
    table = rnd.tables.get(number=1)
    for seat in list(table.seats.order_by("position"))[1:]:
        services.move_player(rnd, seat.player, 2)
    page = host_client.get(reverse("round_detail", args=[event.slug, 1])).content.decode()
    assert "Table 1 has 1 player: tables here seat 3 to 5." in page
    assert "1 player · " in page
    assert not re.search(r"\b1 players\b", page)


# Emoji pictographs (🏆 🎉 ...), which a projector or a sheet without an emoji font draws
# as an empty box; text symbols such as ★ and ♜ are in the ordinary fonts (DejaVu).
EMOJI = re.compile("[\U0001f000-\U0001faff]")


def test_no_page_relies_on_an_emoji_font():
    found = {
        str(path.relative_to(TEMPLATES)): EMOJI.findall(path.read_text())
        for path in TEMPLATES.rglob("*.html")
    }
    assert {name: marks for name, marks in found.items() if marks} == {}


def test_the_winner_is_marked_with_a_drawn_trophy_labelled_winner(host_client, host):
    event = night(8, owner=host, rounds_planned=1)
    play_round(event)
    for name in ("standings", "master_sheet", "projector"):
        page = host_client.get(reverse(name, args=[event.slug])).content.decode()
        assert '<svg class="trophy" role="img" aria-label="Winner"' in page, name
        assert "🏆" not in page


def test_a_finished_night_is_not_told_new_rules_apply_from_a_round_that_never_comes(
    host_client, host
):
    from tests.tourney.test_score_path import edit_data

    event = night(8, owner=host, rounds_planned=4)
    for _ in range(4):
        play_round(event)
    data = edit_data(host_client, event, toonerville__round_11_cards="14", min_table_size="4")
    response = host_client.post(reverse("event_edit", args=[event.slug]), data, follow=True)
    page = response.content.decode()
    assert response.status_code == 200
    assert "apply from round 5" not in page
    assert "apply when round 5 is seated" not in page
    assert "The night&#x27;s rounds have all been played" in page


def test_a_night_with_rounds_to_come_still_says_when_new_rules_apply(host_client, host):
    from tests.tourney.test_score_path import edit_data

    event = night(8, owner=host, rounds_planned=4)
    for _ in range(3):
        play_round(event)
    data = edit_data(host_client, event, toonerville__round_11_cards="14")
    page = host_client.post(reverse("event_edit", args=[event.slug]), data, follow=True)
    assert "The new house rules apply from round 4; rounds 1 to 3 keep the scores they have." in (
        page.content.decode()
    )


def primary_buttons(page: str) -> list[str]:
    """The text of every main (primary) button or link on a page."""
    found = re.findall(r'class="(?:button )?primary[^"]*"[^>]*>(.*?)</(?:a|button)>', page)
    return [re.sub(r"<[^>]+>", "", text).strip() for text in found]


def test_the_event_pages_main_button_is_the_hosts_next_step(host_client, host):
    event = night(8, owner=host)
    event.players.update(status=Player.Status.REGISTERED)  # nobody has arrived yet
    page = host_client.get(event.get_absolute_url()).content.decode()
    assert primary_buttons(page)[0] == "Check players in (0 checked in of 8)"
    assert "Master sheet" not in primary_buttons(page)

    event.players.update(status=Player.Status.PRESENT)
    page = host_client.get(event.get_absolute_url()).content.decode()
    assert primary_buttons(page) == ["Seat round 1"]

    play_round(event)
    page = host_client.get(event.get_absolute_url()).content.decode()
    assert primary_buttons(page)[0] == "Master sheet"


def test_gone_home_is_offered_only_once_the_night_has_started(host_client, host):
    event = night(8, owner=host)
    players = reverse("player_list", args=[event.slug])
    page = host_client.get(players).content.decode()
    assert "Gone home" not in page
    assert ">Absent<" in page
    services.seat_next_round(event)  # seated, not started: still before the night
    assert "Gone home" not in host_client.get(players).content.decode()
    services.begin_round(event.rounds.get(number=1))
    page = host_client.get(players).content.decode()
    assert page.count("Gone home: seat no more<span") == 8
