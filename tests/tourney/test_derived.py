"""Numbers derived from the scores follow every correction (issue 23, items 1 and 4).

Fill-ins, totals and places are worked out from the current versions: a
correction reaches the missed-round fill-in, a reopened round never holds two
current scores for one player, and standings during a round count closed rounds
only. Two late arrivals checked in at once are both saved (issue 24).
"""

import csv
import html
import io
import re
import threading
from collections import Counter

import pytest
from django.db import connection
from django.urls import reverse

from tests.factories import night
from tourney import services
from tourney.club import backup, history, seasons
from tourney.models import Entry, Player, Round, Score, Season
from tourney.night.sheet import build_sheet

pytestmark = pytest.mark.django_db


def start(event) -> Round:
    rnd = services.seat_next_round(event)
    services.begin_round(rnd)
    return rnd


def seats_of(table) -> list[int]:
    return list(table.seats.order_by("position").values_list("player_id", flat=True))


def enter(table, points: list[int], *, host=False):
    """Scores by seat order (seat 1 first)."""
    return services.submit_scores(
        table,
        dict(zip(seats_of(table), points, strict=True)),
        entered_by="host" if host else "Ann",
        source=Entry.Source.HOST if host else Entry.Source.PHONE,
    )


def current_scores(event, player, number) -> list[int]:
    return list(
        Score.objects.current()
        .filter(player=player, entry__round__event=event, entry__round__number=number)
        .values_list("points", flat=True)
    )


def cell(sheet, player, number):
    row = next(r for r in sheet.rows if r.player.pk == player.pk)
    return row.cells[number - 1]


def text(response) -> str:
    assert response.status_code == 200
    return html.unescape(response.content.decode())


def csv_rows(response) -> list[list[str]]:
    return list(csv.reader(io.StringIO(response.content.decode())))


def test_a_correction_reaches_the_missed_round_fill_in(host, host_client):
    """Nina arrives late and gets round 2's highest score, 88; the host reopens
    round 2 and corrects Hank's 88 to 90: Nina's fill-in is 90 everywhere."""
    event = night(8, owner=host, rounds_planned=3)
    for _ in range(2):
        rnd = start(event)
        t1, t2 = rnd.tables.order_by("number")
        enter(t1, [0, 88 if rnd.number == 2 else 30, 10, 20])
        enter(t2, [0, 5, 15, 25])
        services.close_round(rnd)
    hank = Player.objects.get(pk=seats_of(t1)[1])
    nina = services.add_players(event, ["Nina"])[0]
    assert build_sheet(event).rows  # Nina is on the sheet with 88 for round 2
    assert cell(build_sheet(event), nina, 2).points == 88

    rnd2 = event.rounds.get(number=2)
    services.reopen_round(rnd2)
    enter(t1, [0, 90, 10, 20], host=True)
    services.close_round(rnd2)

    sheet = build_sheet(event)
    assert cell(sheet, hank, 2).points == 90
    assert cell(sheet, nina, 2).points == 90
    assert cell(sheet, nina, 2).missed
    nina_row = next(r for r in sheet.rows if r.player.pk == nina.pk)
    assert nina_row.total == 30 + 90  # round 1's highest was 30
    assert services.event_totals(event)[nina.pk] == 120
    # The stored fill-in is the current version too: one current score, 90.
    assert current_scores(event, nina, 2) == [90]
    master = csv_rows(host_client.get(reverse("export_sheet", args=[event.slug, "csv"])))
    nina_line = next(r for r in master if r and r[0] == "Nina")
    assert "90" in nina_line and "88" not in nina_line
    standings = csv_rows(host_client.get(reverse("export_standings", args=[event.slug, "csv"])))
    assert next(r for r in standings if r[1] == "Nina")[2] == "120"
    page = host_client.get(reverse("player_detail", args=[event.slug, nina.pk])).content.decode()
    shown = re.sub(r"<[^>]*>", " ", page)  # the words on the page, not a token's characters
    assert not re.search(r"\b88\b", shown)


def test_a_restored_version_reaches_the_fill_in(host):
    event = night(8, owner=host, rounds_planned=2)
    rnd = start(event)
    t1, t2 = rnd.tables.order_by("number")
    first = enter(t1, [0, 40, 10, 20]).entry
    enter(t2, [0, 5, 15, 25])
    services.close_round(rnd)
    late = services.add_players(event, ["Late"])[0]
    services.reopen_round(rnd)
    enter(t1, [0, 60, 10, 20], host=True)
    assert cell(build_sheet(event), late, 1).points == 60
    services.restore_entry(first, user=host)  # the host undoes the correction
    assert cell(build_sheet(event), late, 1).points == 40
    assert current_scores(event, late, 1) == [40]


def test_paper_scores_in_a_reopened_filled_round_replace_the_fill_ins(host):
    """Round 1 closed with table 2 filled (30, the round's highest); the host
    reopens it and enters table 2's paper scores 0/5/15/25."""
    event = night(8, owner=host, rounds_planned=3)
    rnd = start(event)
    t1, t2 = rnd.tables.order_by("number")
    enter(t1, [0, 30, 10, 20])
    services.close_round(rnd, fill_empty_tables=True)
    table2 = seats_of(t2)
    assert [services.event_totals(event)[pid] for pid in table2] == [30, 30, 30, 30]

    services.reopen_round(rnd)
    enter(t2, [0, 5, 15, 25], host=True)
    # Still reopened: every player has one current round-1 score, the table's.
    for pid in [*seats_of(t1), *table2]:
        assert len(current_scores(event, pid, 1)) == 1
    assert [services.event_totals(event)[pid] for pid in table2] == [0, 5, 15, 25]
    sheet = build_sheet(event)
    assert [cell(sheet, Player(pk=pid), 1).points for pid in table2] == [0, 5, 15, 25]
    assert all(cell(sheet, Player(pk=pid), 1).played for pid in table2)

    services.close_round(rnd)
    assert [services.event_totals(event)[pid] for pid in table2] == [0, 5, 15, 25]
    assert not rnd.entries.filter(table=None, state=Entry.State.CURRENT).exists()


def play_closed_rounds(event, count):
    """``count`` rounds, every table entering; returns {player id: total} from the inputs."""
    totals: Counter = Counter()
    for n in range(count):
        rnd = start(event)
        for i, table in enumerate(rnd.tables.order_by("number")):
            points = [0, 10 + 5 * n, 20 + 5 * i, 30][: table.seats.count()]
            enter(table, points)
            totals.update(dict(zip(seats_of(table), points, strict=True)))
        services.close_round(rnd)
    return totals


def test_standings_mid_round_count_closed_rounds_only(host, host_client):
    event = night(12, owner=host, rounds_planned=4)
    totals = play_closed_rounds(event, 3)
    rnd4 = start(event)
    tables = list(rnd4.tables.order_by("number"))
    for table in tables[:2]:
        enter(table, [0, 55, 45, 35][: table.seats.count()])

    page = text(host_client.get(reverse("standings", args=[event.slug])))
    assert "Standings after 3 of 4 rounds" in page
    assert "round 4's scores are coming in (2 of 3 tables entered)" in page
    sheet = build_sheet(event)
    assert {r.player.pk: r.total for r in sheet.rows} == dict(totals)
    assert {r.rounds_played for r in sheet.rows} == {3}  # nobody ranked on 4 rounds
    assert services.event_totals(event) == dict(totals)
    # Places: lowest total first, as the closed rounds have them.
    best = min(totals.values())
    assert {r.player.pk for r in sheet.rows if r.place == 1} <= {
        pid for pid, t in totals.items() if t == best
    }

    projector = text(host_client.get(reverse("projector", args=[event.slug])))
    assert "After 3 of 4 rounds" in projector
    assert "Round 4's scores are coming in" in projector
    for row in sheet.rows:
        assert f'<span class="b-total">{totals[row.player.pk]}</span>' in projector

    standings = csv_rows(host_client.get(reverse("export_standings", args=[event.slug, "csv"])))
    names = dict(event.players.values_list("name", "pk"))
    assert {names[r[1]]: int(r[2]) for r in standings[1:]} == dict(totals)
    sheet_csv = csv_rows(host_client.get(reverse("export_sheet", args=[event.slug, "csv"])))
    total_at = sheet_csv[0].index("Total")
    assert {names[r[0]]: int(r[total_at]) for r in sheet_csv[1:]} == dict(totals)
    assert all("pending: R4" in r[-1] for r in sheet_csv[1:])  # round 4 goes out as to come
    master = host_client.get(reverse("master_sheet", args=[event.slug])).content.decode()
    assert "not final" in master
    assert 'class="mark live"' in master  # round 4's entered scores, shown as not final

    services.close_round(rnd4, fill_empty_tables=True)
    after = build_sheet(event)
    assert {r.rounds_played for r in after.rows} >= {4}
    assert (
        "Final results" in host_client.get(reverse("standings", args=[event.slug])).content.decode()
    )


def test_season_and_history_agree_with_the_sheet_after_a_correction(host):
    season = Season.objects.create(owner=host, name="Autumn")
    event = night(8, owner=host, rounds_planned=2, season=season)
    play_closed_rounds(event, 2)
    late = services.add_players(event, ["Late"])[0]
    rnd = event.rounds.get(number=2)
    services.reopen_round(rnd)
    t1 = rnd.tables.get(number=1)
    enter(t1, [0, 95, 20, 30], host=True)
    services.close_round(rnd)
    sheet = build_sheet(event)
    row = next(r for r in sheet.rows if r.player.pk == late.pk)
    assert row.cells[1].points == 95
    table = seasons.season_table(season)
    night_ = table.nights[0]
    assert night_.totals[late.person_id] == row.total
    assert night_.places[late.person_id] == row.place
    corrected = next(r for r in sheet.rows if r.player.pk == seats_of(t1)[1])
    (mine,) = history.person_history(corrected.player.person).nights
    assert (mine.total, mine.place, mine.finished) == (corrected.total, corrected.place, True)
    assert table.nights[0].totals[corrected.player.person_id] == corrected.total


@pytest.mark.django_db(transaction=True)
def test_two_late_arrivals_checked_in_at_once_are_both_saved(host):
    event = night(8, owner=host, rounds_planned=3)
    for _ in range(2):
        rnd = start(event)
        for table in rnd.tables.order_by("number"):
            enter(table, [0, 30, 10, 20])
        services.close_round(rnd)
    # Marked absent; then they walk in together and are checked in at the same instant.
    late = [
        Player.objects.create(event=event, name=name, status=Player.Status.ABSENT)
        for name in ("Late A", "Late B", "Late C")
    ]
    barrier = threading.Barrier(len(late))
    errors = []

    def check_in(player):
        try:
            barrier.wait(timeout=10)
            services.set_player_status(player, Player.Status.PRESENT)
        except Exception as exc:  # the test reports it below
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=check_in, args=(p,)) for p in late]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=30)
    assert errors == []
    assert all(
        p.status == Player.Status.PRESENT for p in Player.objects.filter(name__startswith="Late")
    )
    for number in (1, 2):
        fills = Entry.objects.filter(
            round__event=event, round__number=number, table=None, state=Entry.State.CURRENT
        )
        assert fills.count() == 1
        fill = fills.get()
        assert {s.player_id for s in fill.scores.all()} >= {p.pk for p in late}
        assert {s.points for s in fill.scores.all()} == {30}


def test_a_backup_with_a_stale_fill_in_reads_the_rule_from_its_scores(host):
    """A file written before fill-ins followed corrections (or edited by hand)
    says 88 for the late arrival; the round's highest score is 90."""
    event = night(8, owner=host, rounds_planned=2)
    rnd = start(event)
    t1, t2 = rnd.tables.order_by("number")
    enter(t1, [0, 90, 10, 20])
    enter(t2, [0, 5, 15, 25])
    services.close_round(rnd)
    services.add_players(event, ["Nina"])
    data = backup.export_event(event)
    nina_id = next(p["id"] for p in data["players"] if p["name"] == "Nina")
    for score in data["scores"]:
        if score["player"] == nina_id:
            score["points"] = 88
    services.delete_event(event)
    restored = backup.import_event(data, owner=host)
    nina = restored.players.get(name="Nina")
    sheet = build_sheet(restored)
    assert cell(sheet, nina, 1).points == 90
    assert services.event_totals(restored)[nina.pk] == 90


@pytest.mark.django_db(transaction=True)
def test_late_arrivals_added_from_three_tabs_at_once_are_all_saved_and_filled(host):
    event = night(8, owner=host, rounds_planned=3)
    rnd = start(event)
    for table in rnd.tables.order_by("number"):
        enter(table, [0, 30, 10, 20])
    services.close_round(rnd)
    names = ["Late A", "Late B", "Late C"]
    barrier = threading.Barrier(len(names))
    errors = []

    def add(name):
        try:
            barrier.wait(timeout=10)
            services.add_players(event, [name])
        except Exception as exc:  # the test reports it below
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=add, args=(n,)) for n in names]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=30)
    assert errors == []
    fill = Entry.objects.get(round=rnd, table=None, state=Entry.State.CURRENT)
    late = set(Player.objects.filter(name__in=names).values_list("pk", flat=True))
    assert len(late) == 3
    assert {s.player_id for s in fill.scores.all()} == late
    assert {s.points for s in fill.scores.all()} == {30}
