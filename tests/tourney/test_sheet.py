"""The master sheet, standings and exports agree with the rules engine."""

import csv
import io
import os
import random
import shutil
import subprocess

import openpyxl
import pytest
from django.urls import reverse

from scoring import rules
from tests.factories import night
from tourney import services
from tourney.models import Entry, Player
from tourney.night.sheet import build_sheet

pytestmark = pytest.mark.django_db


def play(event, rng, *, leave=(), arrive=(), skip_table=None):
    for name in leave:
        services.set_player_status(event.players.get(name=name), Player.Status.LEFT)
    for name in arrive:
        services.add_players(event, [name])
    rnd = services.seat_next_round(event)
    services.begin_round(rnd)
    for table in rnd.tables.order_by("number"):
        if table.number == skip_table:
            continue
        seats = list(table.seats.order_by("position"))
        out = rng.randrange(len(seats))
        points = {s.player_id: 0 if i == out else rng.randint(2, 80) for i, s in enumerate(seats)}
        services.submit_scores(table, points, entered_by="test")
    services.close_round(rnd, fill_empty_tables=True)
    return rnd


@pytest.fixture
def seeded_night(host):
    """Six rounds with a leaver, a late arrival, a filled table and a reopened round."""
    rng = random.Random(7)
    event = night(14, owner=host, rounds_planned=6)
    play(event, rng)
    play(event, rng, leave=["P03"])
    play(event, rng, arrive=["Late Lou"])
    rnd4 = play(event, rng, skip_table=2)
    play(event, rng)
    # Reopen round 4 and correct table 1 (a new version; the old one is kept).
    services.reopen_round(rnd4)
    table = rnd4.tables.get(number=1)
    seats = list(table.seats.order_by("position"))
    services.submit_scores(
        table,
        {s.player_id: 0 if i == 1 else 11 + i for i, s in enumerate(seats)},
        source=Entry.Source.HOST,
    )
    services.close_round(rnd4.__class__.objects.get(pk=rnd4.pk), fill_empty_tables=True)
    play(event, rng)
    return event


def engine_standings(event):
    """What the rules engine says, computed straight from the stored current scores."""
    history = {p.name: [None] * event.rounds_planned for p in event.players.all()}
    for entry in Entry.objects.filter(round__event=event, state="current").prefetch_related(
        "scores__player", "round"
    ):
        for s in entry.scores.all():
            history[s.player.name][entry.round.number - 1] = (
                s.points if s.played else rules.Missed(s.points)
            )
    history = {k: v for k, v in history.items() if any(x is not None for x in v)}
    return event.game.standings(history)


def test_sheet_equals_the_rules_engine(seeded_night):
    event = seeded_night
    sheet = build_sheet(event)
    expected = engine_standings(event)
    got = [(r.place, r.player.name, r.total, r.went_out, r.tied) for r in sheet.rows]
    assert got == [(s.place, s.player, s.total, s.went_out, s.tied) for s in expected]
    late = next(r for r in sheet.rows if r.player.name == "Late Lou")
    assert [c.missed for c in late.cells[:2]] == [True, True]
    leaver = next(r for r in sheet.rows if r.player.name == "P03")
    assert all(c.missed for c in leaver.cells[1:])
    assert sheet.finished
    assert sheet.winners == [r for r in sheet.rows if r.place == 1]


def test_a_night_ended_early_is_finished_and_names_its_winner(host):
    rng = random.Random(3)
    event = night(8, owner=host, rounds_planned=11)
    play(event, rng)
    play(event, rng)
    assert not build_sheet(event).finished
    event = services.end_event(event)
    sheet = build_sheet(event)
    assert sheet.finished
    assert sheet.winners == [row for row in sheet.rows if row.place == 1]
    assert sheet.winners


def test_sheet_page_and_partial(host_client, seeded_night):
    event = seeded_night
    url = reverse("master_sheet", args=[event.slug])
    full = host_client.get(url + "?sort=total").content.decode()
    assert "<title>Master sheet · " in full
    assert 'class="mark missed"' in full
    assert "win" in full  # the winner is called out
    partial = host_client.get(url + "?sort=total", headers={"HX-Request": "true"})
    html = partial.content.decode()
    assert html.lstrip().startswith('<div id="sheet"')
    assert "sort=total" in html.split(">", 1)[0]  # the refresh keeps the host's sort
    event.refresh_from_db()  # the stamp as the server reads it
    stamp = event.score_stamp()
    unchanged = host_client.get(url + f"?sort=total&since={stamp}", headers={"HX-Request": "true"})
    assert unchanged.status_code == 204


def test_sheet_sorts_by_a_round_column(host_client, seeded_night):
    event = seeded_night
    page = host_client.get(reverse("master_sheet", args=[event.slug]) + "?sort=r1")
    rows = build_sheet(event).rows
    by_r1 = sorted((r for r in rows if r.cells[0] is not None), key=lambda r: r.cells[0].points)
    html = page.content.decode()
    first, last = by_r1[0].player.name, by_r1[-1].player.name
    assert html.index(f">{first}<") < html.index(f">{last}<")


def test_standings_page_calls_the_winner(host_client, seeded_night):
    event = seeded_night
    page = host_client.get(reverse("standings", args=[event.slug])).content.decode()
    winner = engine_standings(event)[0]
    assert "Final results" in page
    assert f"<strong>{winner.player}</strong>" in page


def test_csv_exports_hold_the_same_numbers(host_client, seeded_night):
    event = seeded_night
    response = host_client.get(reverse("export_standings", args=[event.slug, "csv"]))
    assert response["Content-Disposition"].endswith(f'-{event.date.isoformat()}-standings.csv"')
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    expected = engine_standings(event)
    assert [(int(r[0]), r[1], int(r[2])) for r in rows[1:]] == [
        (s.place, s.player, s.total) for s in expected
    ]


def test_xlsx_export_has_numbers_and_formulas(host_client, seeded_night):
    event = seeded_night
    response = host_client.get(reverse("export_sheet", args=[event.slug, "xlsx"]))
    assert response["Content-Type"].startswith("application/vnd.openxmlformats")
    book = openpyxl.load_workbook(io.BytesIO(response.content))
    sheet = book.worksheets[0]
    values = [c for row in sheet.iter_rows(values_only=True) for c in row]
    formulas = [v for v in values if isinstance(v, str) and v.startswith("=")]
    assert formulas, "totals, places and rounds went out are formulas"
    names = {r.player.name for r in build_sheet(event).rows}
    assert names <= set(values)
    assert len(book.worksheets) >= 2  # the seating sheet


def test_sheet_for_200_players_takes_a_fixed_number_of_queries(host, django_assert_max_num_queries):
    rng = random.Random(1)
    event = night(200, owner=host, rounds_planned=11)
    for _ in range(3):
        play(event, rng)
    with django_assert_max_num_queries(8):
        sheet = build_sheet(event)
    assert len(sheet.rows) == 200


def recalculate(content: bytes, tmp_path) -> openpyxl.Workbook:
    """The workbook after LibreOffice opened it and recomputed every formula (values only)."""
    soffice = shutil.which("soffice")
    if soffice is None:
        if os.environ.get("CI") == "true":
            pytest.fail("CI=true but LibreOffice (soffice) is not installed")
        pytest.skip("LibreOffice (soffice) is not installed")
    source = tmp_path / "night.xlsx"
    source.write_bytes(content)
    subprocess.run(
        [
            soffice,
            f"-env:UserInstallation={(tmp_path / 'profile').as_uri()}",
            "--headless",
            "--convert-to",
            "xlsx",
            "--outdir",
            str(tmp_path / "out"),
            str(source),
        ],
        check=True,
        capture_output=True,
        timeout=180,
    )
    return openpyxl.load_workbook(tmp_path / "out" / "night.xlsx", data_only=True)


def test_libreoffice_recomputes_the_exported_sheet_to_the_apps_numbers(
    host_client, seeded_night, tmp_path
):
    event = seeded_night
    response = host_client.get(reverse("export_sheet", args=[event.slug, "xlsx"]))
    ws = recalculate(response.content, tmp_path).worksheets[0]
    heads = [c.value for c in ws[1]]
    recomputed = {}
    for row in ws.iter_rows(min_row=2, values_only=True):
        if row[0] in (None, "Key"):
            break
        values = dict(zip(heads, row, strict=True))
        recomputed[row[0]] = (values["Total"], values["Place"], values["Went out"])
    app = {r.player.name: (r.total, r.place, r.went_out) for r in build_sheet(event).rows}
    assert recomputed == app


def test_libreoffice_recomputes_the_standings_workbook_to_the_apps_standings(
    host_client, seeded_night, tmp_path
):
    event = seeded_night
    response = host_client.get(reverse("export_standings", args=[event.slug, "xlsx"]))
    book = recalculate(response.content, tmp_path)
    ws = book["Standings"]
    heads = [c.value for c in ws[1]]
    recomputed = [
        dict(zip(heads, row, strict=False)) for row in ws.iter_rows(min_row=2, values_only=True)
    ]
    app = build_sheet(event).rows
    assert [
        (v["Place"], v["Player"], v["Total"], v["Went out"], v["Worst round"], v["Rounds played"])
        for v in recomputed
    ] == [
        (r.place, r.player.name, r.total, r.went_out, r.worst_round, r.rounds_played) for r in app
    ]
    # The seating sheet: one row per table per round, the seats in order.
    seating = list(book["Seating"].iter_rows(min_row=2, values_only=True))
    first = event.rounds.get(number=1).tables.get(number=1)
    names = [s.player.name for s in first.seats.order_by("position")]
    assert seating[0][:2] == (1, 1)
    assert list(seating[0][2 : 2 + len(names)]) == names
    assert len(seating) == sum(r.tables.count() for r in event.rounds.all())
