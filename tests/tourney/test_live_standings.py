"""The night's live page on any phone (issue 29, item 1): standings from the same sheet
as the host's, every round's scores, the phone's own player marked with their next
seat, a cheap poll (204 while nothing changed), and the host's switch to turn it off."""

import re
import threading

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import night, valid_points
from tourney import services
from tourney.models import Event, TableCard
from tourney.night.sheet import build_sheet
from tourney.views import live as live_views
from tourney.views.table import NAME_COOKIE

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}


def live(event: Event) -> str:
    return reverse("live_standings", args=[event.live_token])


@pytest.fixture
def room():
    """Eight players, round 1 closed with scores at both tables, round 2 playing with
    table 1's scores in and table 2's still to come, round 3 not yet seated."""
    event = night(8, rounds_planned=3, min_table_size=4, max_table_size=4)
    rnd = services.seat_next_round(event)
    services.begin_round(rnd)
    for table in rnd.tables.all():
        services.submit_scores(table, valid_points(table), entered_by="x")
    services.close_round(rnd)
    second = services.seat_next_round(event)
    services.begin_round(second)
    first_table = second.tables.get(number=1)
    services.submit_scores(first_table, valid_points(first_table, base=20), entered_by="x")
    return event


def standings_rows(html: str) -> list[tuple[str, str, str]]:
    """(place, name, total) of each row of a standings table, in order."""
    body = html.split('<table class="standings')[1].split("</table>")[0]
    cells = re.findall(
        r"<tr[^>]*>\s*<td class=\"num\">(=?\d+)</td>\s*<t[hd][^>]*>(?:<a [^>]*>)?"
        r"(P\d\d)(?:</a>)?.*?</t[hd]>\s*<td class=\"num\">(\d+)</td>",
        body,
    )
    return cells


def test_the_live_page_shows_the_standings_the_host_sees_and_each_rounds_scores(client, room):
    response = client.get(live(room))
    html = response.content.decode()
    assert response.status_code == 200
    assert response["Cache-Control"] == "private, no-store"
    assert 'name="robots" content="noindex"' in html
    client.force_login(room.owner)
    host_page = client.get(reverse("standings", args=[room.slug])).content.decode()
    assert len(standings_rows(html)) == 8
    assert standings_rows(html) == standings_rows(host_page)
    assert "Standings after 1 of 3 rounds" in html
    assert "Round 2's scores are still coming in: <strong>1 of 2</strong> tables" in html
    # Each round's scores, by table: round 2's table 1 in, table 2 to come.
    round2 = html.split('id="round-2-h"')[1].split("</section>")[0]
    assert "scores coming in" in round2
    table2 = round2.split("Table 2")[1].split("</li>")[0]
    assert table2.count("…") == 4
    table1 = round2.split("Table 1")[1].split("</li>")[0]
    for seat in room.rounds.get(number=2).tables.get(number=1).seats.all():
        assert seat.player.name in table1
    assert "<strong>21</strong>" in table1 and "<strong>0</strong>★" in table1
    round1 = html.split('id="round-1-h"')[1].split("</section>")[0]
    assert "scores coming in" not in round1 and round1.count("<strong>0</strong>★") == 2


def test_a_phone_that_entered_as_a_player_sees_its_row_scores_and_next_seat(client, room):
    second = room.rounds.get(number=2)
    seat = second.tables.get(number=2).seats.get(position=1)
    you = seat.player
    client.cookies[NAME_COOKIE] = str(you.pk)
    html = client.get(live(room)).content.decode()
    assert html.count('aria-current="true"') == 1
    marked = html.split('aria-current="true"')[1].split("</tr>")[0]
    assert you.name in marked
    card = html.split('id="your-night"')[1].split("</section>")[0]
    assert f"Now: round 2 at <strong>table 2, seat {seat.seat_number}</strong>" in card
    r1 = build_sheet(room).rows
    mine = next(r for r in r1 if r.player == you)
    assert f"Round 1: <strong>{mine.cells[0].points}</strong>" in card
    assert "Round 2: to come" in card

    # Round 2 closes and round 3 is seated: the card says where they sit next.
    table2 = second.tables.get(number=2)
    services.submit_scores(table2, valid_points(table2), entered_by="x")
    services.close_round(second)
    third = services.seat_next_round(room)
    nxt = third.seats.get(player=you)
    html = client.get(live(room)).content.decode()
    card = html.split('id="your-night"')[1].split("</section>")[0]
    expected = f"Next: round 3 at <strong>table {nxt.table.number}, seat {nxt.seat_number}</strong>"
    assert expected in card


def test_a_phone_remembering_someone_of_another_night_is_just_a_viewer(client, room):
    other = night(4)
    client.cookies[NAME_COOKIE] = str(other.players.first().pk)
    html = client.get(live(room)).content.decode()
    assert 'aria-current="true"' not in html and 'id="your-night"' not in html


def test_the_poll_is_204_while_nothing_changed_and_the_page_after_a_confirm(
    client, room, django_assert_num_queries
):
    first = client.get(live(room))
    room.refresh_from_db()  # the stamp as the server reads it now
    stamp = room.score_stamp()
    poll = f"{live(room)}?since={stamp}"
    # Hundreds of phones ask this: the night by its address, then the stamp, no more.
    with django_assert_num_queries(2):
        assert client.get(poll, headers=HTMX).status_code == 204
    assert client.get(poll, headers=HTMX).content == b""

    entry = room.rounds.get(number=2).tables.get(number=1).entries.get(state="current")
    confirmer = entry.table.seats.get(position=2).player
    services.confirm_entry(entry, player=confirmer, version=entry.version, device="b" * 32)
    room.refresh_from_db()
    assert room.score_stamp() != stamp
    fresh = client.get(poll, headers=HTMX)
    assert fresh.status_code == 200
    assert b'id="live"' in fresh.content and b"<html" not in fresh.content
    assert first.status_code == 200


def test_confirming_on_the_table_page_remembers_the_confirmer(client, room):
    card = TableCard.objects.get(event=room, number=1)
    entry = room.rounds.get(number=2).tables.get(number=1).entries.get(state="current")
    confirmer = entry.table.seats.get(position=2).player
    client.get(reverse("table_page", args=[card.token]))
    response = client.post(
        reverse("table_confirm", args=[card.token]),
        {"player": confirmer.pk, "version": entry.version, "round": 2},
    )
    assert response.status_code == 200
    assert response.cookies[NAME_COOKIE].value == str(confirmer.pk)
    html = client.get(live(room)).content.decode()
    assert confirmer.name in html.split('aria-current="true"')[1].split("</tr>")[0]


def test_a_correction_and_a_reseat_move_the_stamp(room):
    stamp = room.score_stamp()
    first = room.rounds.get(number=1)
    services.reopen_round(first)
    room.refresh_from_db()
    reopened = room.score_stamp()
    assert reopened != stamp
    table = first.tables.get(number=1)
    services.submit_scores(
        table, valid_points(table, out_index=1), entered_by="host", source="host"
    )
    corrected = room.score_stamp()
    assert corrected != reopened
    services.close_round(first)
    second = room.rounds.get(number=2)
    table2 = second.tables.get(number=2)
    services.submit_scores(table2, valid_points(table2), entered_by="x")
    services.close_round(second)
    third = services.seat_next_round(room)
    room.refresh_from_db()
    seated = room.score_stamp()
    a, b = (s.player for s in third.seats.order_by("table__number", "position")[:5:4])
    services.swap_players(third, a, b)
    room.refresh_from_db()
    assert room.score_stamp() != seated


def test_turned_off_the_address_is_refused_with_a_friendly_page(client, room):
    url = live(room)
    room.live_standings = False
    room.save()
    response = client.get(url)
    assert response.status_code == 410
    html = response.content.decode()
    assert "turned off the live standings" in html
    assert "P01" not in html
    assert client.get(url, headers=HTMX).status_code == 410
    missing = client.get(reverse("live_standings", args=["x" * 32]))
    assert missing.status_code == 404 and "doesn't open any night" in missing.content.decode()


def test_the_qr_codes_on_the_projector_and_the_cards_open_it(client, room):
    client.force_login(room.owner)
    url = live(room)
    projector = client.get(reverse("projector", args=[room.slug])).content.decode()
    assert 'class="board-qr"' in projector and "Standings on your phone" in projector
    cards = client.get(reverse("table_cards", args=[room.slug])).content.decode()
    assert cards.count('class="tc-live"') == 2
    room.live_standings = False
    room.save()
    projector = client.get(reverse("projector", args=[room.slug])).content.decode()
    cards = client.get(reverse("table_cards", args=[room.slug])).content.decode()
    assert "board-qr" not in projector and "tc-live" not in cards
    assert client.get(url).status_code == 410


def test_each_night_has_its_own_unguessable_address(room):
    other = night(4)
    assert room.live_token != other.live_token
    assert len(room.live_token) >= 32
    assert room.slug not in room.live_token


def test_no_contact_details_on_the_live_page(client, room):
    for n, player in enumerate(room.players.select_related("person")):
        player.person.email = f"player{n}@example.org"
        player.person.phone = f"555-01{n:02d}"
        player.person.save()
    client.cookies[NAME_COOKIE] = str(room.players.first().pk)
    html = client.get(live(room)).content.decode()
    assert "@example.org" not in html and "555-01" not in html and "mailto:" not in html


def test_the_host_turns_it_off_on_the_edit_form(host_client, host):
    from tests.tourney.test_views import event_form_data

    event = night(4, owner=host)
    page = host_client.get(reverse("event_edit", args=[event.slug])).content.decode()
    field = re.search(r'<input[^>]*name="live_standings"[^>]*>', page).group(0)
    assert "checked" in field
    data = event_form_data(name=event.name)
    data.pop("live_standings", None)
    response = host_client.post(reverse("event_edit", args=[event.slug]), data)
    assert response.status_code == 302
    event.refresh_from_db()
    assert event.live_standings is False
    response = host_client.post(
        reverse("event_edit", args=[event.slug]), {**data, "live_standings": "on"}
    )
    event.refresh_from_db()
    assert event.live_standings is True


def test_a_backup_keeps_the_switch_and_the_address(tmp_path, host):
    import io
    import json

    from django.core.management import call_command

    event = night(4, owner=host)
    event.live_standings = False
    event.save()
    out = io.StringIO()
    call_command("export_event", event.slug, stdout=out)
    doc = json.loads(out.getvalue())
    assert doc["event"]["live_standings"] is False
    path = tmp_path / "night.json"
    path.write_text(out.getvalue(), encoding="utf-8")
    token = event.live_token
    services.delete_event(event)
    call_command("import_event", str(path), stdout=io.StringIO())
    restored = Event.objects.get()
    assert restored.live_standings is False and restored.live_token == token
    # A copy restored beside its original gets an address of its own.
    doc["event"]["slug"] = "a-copy"
    path.write_text(json.dumps(doc), encoding="utf-8")
    call_command("import_event", str(path), stdout=io.StringIO())
    copy = Event.objects.exclude(pk=restored.pk).get()
    assert copy.live_token != token and len(copy.live_token) >= 32


def test_ending_and_reopening_the_night_move_the_stamp(room):
    second = room.rounds.get(number=2)
    table2 = second.tables.get(number=2)
    services.submit_scores(table2, valid_points(table2), entered_by="x")
    services.close_round(second)
    stamp = room.score_stamp()
    services.end_event(room)
    room.refresh_from_db()
    ended = room.score_stamp()
    assert ended != stamp
    services.reopen_event(room)
    room.refresh_from_db()
    assert room.score_stamp() not in (stamp, ended)


def test_every_phone_shares_one_build_of_the_board_per_version(
    client, room, django_assert_max_num_queries
):
    url = live(room)
    client.get(url)  # built once for this version
    other = night(4)
    client.cookies[NAME_COOKIE] = str(room.players.first().pk)
    # The next phone: the event, its stamp and its player's seat, not the whole sheet again.
    with django_assert_max_num_queries(8):
        html = client.get(url).content.decode()
    assert html.count('aria-current="true"') == 1
    assert other.pk != room.pk


def test_after_a_change_phones_that_are_nobody_in_particular_share_one_rendered_answer(
    client, room, django_assert_num_queries
):
    """Hundreds of phones poll after each save: the first builds the new version, the
    rest get the same bytes for two queries; a phone remembering a player still gets its
    own row marked, and nothing of it is in what the others get."""
    client.get(live(room))
    stale = f"{live(room)}?since=an-older-version"
    first = client.get(stale, headers=HTMX)
    assert first.status_code == 200
    with django_assert_num_queries(2):
        again = client.get(stale, headers=HTMX)
    assert again.content == first.content
    assert b'aria-current="true"' not in first.content

    player = room.players.order_by("pk").first()
    phone = Client()
    phone.cookies[NAME_COOKIE] = str(player.pk)
    mine = phone.get(stale, headers=HTMX)
    html = mine.content.decode()
    assert html.count('aria-current="true"') == 1
    assert f'<tr data-player="{player.pk}" class="you"' in html
    # The next nobody-in-particular still gets the shared answer, unmarked.
    assert client.get(stale, headers=HTMX).content == first.content

    # A save moves the stamp: the shared answer is built again, with the new score.
    entry = room.rounds.get(number=2).tables.get(number=1).entries.get(state="current")
    services.confirm_entry(
        entry,
        player=entry.table.seats.get(position=2).player,
        version=entry.version,
        device="c" * 32,
    )
    assert client.get(stale, headers=HTMX).content != first.content


def test_while_tables_save_a_process_builds_at_most_once_in_the_fresh_window(
    client, room, settings, monkeypatch
):
    """ROOKERY_LIVE_FRESH_SECONDS: a save within the window is shown once it passes, a
    phone is never sent a version older than the one it shows, and a phone showing a
    version built elsewhere (another server process) after this one's is left alone."""
    settings.ROOKERY_LIVE_FRESH_SECONDS = 3
    now = [1_000.0]
    monkeypatch.setattr("tourney.views.live._clock", lambda: now[0])
    first = client.get(live(room)).content.decode()
    shown = re.search(r"since=([^\"&]+)", first).group(1)
    assert shown.endswith("_1000000")

    table = room.rounds.get(number=2).tables.get(number=2)
    services.submit_scores(table, valid_points(table), entered_by="y")  # 2 of 2 tables in
    now[0] = 1_001.0
    # This phone shows the latest build: nothing is built for it yet.
    assert client.get(f"{live(room)}?since={shown}", headers=HTMX).status_code == 204
    # A phone showing something older gets the latest build, not a new one.
    older = client.get(f"{live(room)}?since=an-older-version", headers=HTMX)
    assert older.status_code == 200 and f"since={shown}" in older.content.decode()
    # A phone showing a version read after the latest build here (built by another
    # process) keeps it.
    elsewhere = f"some-other-stamp_{1_000_500}"
    assert client.get(f"{live(room)}?since={elsewhere}", headers=HTMX).status_code == 204

    now[0] = 1_003.5  # the window has passed: the confirmation shows
    fresh = client.get(f"{live(room)}?since={shown}", headers=HTMX)
    assert fresh.status_code == 200
    assert "since=" in fresh.content.decode() and "_1003500" in fresh.content.decode()
    assert "<strong>1 of 2</strong>" in older.content.decode()
    assert "<strong>2 of 2</strong>" in fresh.content.decode()
    # Its next poll, with nothing changed since, is an empty 204.
    again = re.search(r"since=([^\"&]+)", fresh.content.decode()).group(1)
    assert client.get(f"{live(room)}?since={again}", headers=HTMX).status_code == 204


def test_past_the_window_only_the_builder_waits_the_others_get_the_latest(
    client, room, settings, monkeypatch
):
    settings.ROOKERY_LIVE_FRESH_SECONDS = 3
    now = [2_000.0]
    monkeypatch.setattr("tourney.views.live._clock", lambda: now[0])
    first = client.get(live(room)).content.decode()
    shown = re.search(r"since=([^\"&]+)", first).group(1)
    table = room.rounds.get(number=2).tables.get(number=2)
    services.submit_scores(table, valid_points(table), entered_by="y")
    now[0] = 2_010.0  # long past the window
    # Another thread of this process is building the new version right now.
    building = (room.pk, room.live_token, "the new version")
    monkeypatch.setitem(live_views._building, building, threading.Event())
    waiting = client.get(f"{live(room)}?since=an-older-version", headers=HTMX)
    assert waiting.status_code == 200
    assert f"since={shown}" in waiting.content.decode()  # the latest, at once
    assert client.get(f"{live(room)}?since={shown}", headers=HTMX).status_code == 204
    del live_views._building[building]
    built = client.get(f"{live(room)}?since={shown}", headers=HTMX).content.decode()
    assert "<strong>2 of 2</strong>" in built and "_2010000" in built
