"""The score sheets and exports, read back the way a host opens them.

Workbooks are saved and loaded again with openpyxl (what Excel would find in
the file); the formulas' results are checked by letting headless LibreOffice
recompute them, all in one conversion per test run. Without LibreOffice those
few tests skip, except in CI (CI=true), where they fail.
"""

import csv
import io
import os
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest
from openpyxl import Workbook, load_workbook
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.worksheet import Worksheet

from scoring import exports
from scoring.exports import MasterCell, MasterRow, SeatingRound, TableSheet
from scoring.rules import TRICK_GAMES, Missed, get_game

SOFFICE = shutil.which("soffice")

# A night with every tie-break in it (RULES.md: lowest total, then more rounds
# went out, then the lower worst played round, then a shared place).
NIGHT = {
    "Ann": [0, 10, 20, 5],  # 35, went out once, worst 20
    "Bo": [10, 0, 20, 5],  # the same as Ann: they share a place
    "Cy": [15, 15, 5, 0],  # 35, once, worst 15: ahead of Ann and Bo
    "Di": [0, 0, 30, 5],  # 35, went out twice: first of the 35s
    "Ed": [0, Missed(0), 30, 5],  # a missed 0 is not going out: once, worst 30
    "Flo": [5, 5, 5, Missed(10)],  # 25: the winner
}
NIGHT_PLACES = {"Flo": 1, "Di": 2, "Cy": 3, "Ann": 4, "Bo": 4, "Ed": 6}
HOSTILE = ("=1+1", "@SUM(A1)")


def roundtrip(wb: Workbook, tmp_path: Path, name: str = "sheet.xlsx") -> Workbook:
    path = tmp_path / name
    wb.save(path)
    return load_workbook(path)


def sheet_layout(ws: Worksheet) -> dict:
    """Find a rummy sheet's cells by their labels, as a person filling it in would."""
    head = next(r for r in range(1, ws.max_row + 1) if ws.cell(r, 1).value in ("Hand", "Round"))
    columns = range(1, ws.max_column + 1)
    hands = []
    for row in range(head + 2, ws.max_row + 1):
        if not isinstance(ws.cell(row, 1).value, int):
            break
        hands.append(row)
    labels = {ws.cell(r, 1).value: r for r in range(hands[-1] + 1, hands[-1] + 3)}
    return {
        "head": head,
        "scores": [c for c in columns if ws.cell(head + 1, c).value == "Score"],
        "buys": [c for c in columns if ws.cell(head + 1, c).value == "Buys"],
        "totals": [c for c in columns if ws.cell(head + 1, c).value == "Total"],
        "hands": hands,
        "total": labels["Total"],
        "place": labels["Place (lowest total = 1)"],
    }


def master_history(rows: list[MasterRow]) -> dict:
    return {
        row.player: [
            None if c is None else c.points if c.played else Missed(c.points) for c in row.cells
        ]
        for row in rows
    }


def night_rows(extra: bool = True) -> list[MasterRow]:
    rows = [
        MasterRow(
            name,
            tuple(
                MasterCell(e.points, played=False) if isinstance(e, Missed) else MasterCell(e)
                for e in entries
            ),
        )
        for name, entries in NIGHT.items()
    ]
    if extra:
        rows += [
            MasterRow(HOSTILE[0], (None, MasterCell(40, played=False), MasterCell(5), None)),
            MasterRow(HOSTILE[1], (MasterCell(20), MasterCell(20, pending=True), None, None)),
        ]
    return rows


TOONERVILLE = get_game("toonerville")
SHANGHAI = get_game("shanghai")
FOUR_ROUNDS = TOONERVILLE.rounds[:4]


# -- LibreOffice recomputes the formulas ---------------------------------------------

BLANK_SHANGHAI_3 = {
    "Ann": [0, 12, 30, 0, 45, 10, 7],
    "Bo": [8, 0, 0, 25, 0, 60, 0],
    "Cy": [20, 9, 14, 3, 11, 0, 33],
}
BLANK_TOONERVILLE_3_OF_5 = {"Ann": [0, 10, 5], "Bo": [10, 0, 5], "Cy": [20, 10, 0]}


def fill_blank(wb: Workbook, scores: dict[str, list[int]]) -> Workbook:
    """Write names and scores into a blank sheet's cells, as a family would after the game."""
    ws = wb.active
    layout = sheet_layout(ws)
    for column, (name, points) in zip(layout["scores"], scores.items(), strict=False):
        ws.cell(layout["head"], column, name)
        for row, value in zip(layout["hands"], points, strict=False):
            ws.cell(row, column, value)
    return wb


def edited_master() -> Workbook:
    """The night's master sheet with one score corrected by hand in the spreadsheet."""
    wb = exports.master_workbook(
        TOONERVILLE,
        event_name="Friday",
        event_date="2026-11-20",
        rounds=FOUR_ROUNDS,
        rows=night_rows(),
    )
    ws = wb["Master sheet"]
    row = next(r for r in range(2, ws.max_row + 1) if ws.cell(r, 1).value == "Cy")
    ws.cell(row, 2, 25)  # Cy's round 1: 15 -> 25
    return wb


def night_standings(rows: list[MasterRow] | None = None) -> Workbook:
    return exports.standings_workbook(
        TOONERVILLE,
        event_name="Friday",
        event_date="2026-11-20",
        rounds=FOUR_ROUNDS,
        rows=night_rows() if rows is None else rows,
        seating=[SeatingRound(1, (("Ann", "Bo", "Cy"), ("Di", "Ed", "Flo")))],
    )


def edited_standings() -> Workbook:
    """The standings with Cy's round 1 corrected by hand from 15 to 25."""
    wb = night_standings()
    ws = wb["Standings"]
    row = next(r for r in range(2, ws.max_row + 1) if ws.cell(r, 2).value == "Cy")
    ws.cell(row, 3, 25)
    return wb


LIBREOFFICE_CASES: dict[str, Callable[[], Workbook]] = {
    "standings": night_standings,
    "standings-edited": edited_standings,
    "master": lambda: exports.master_workbook(
        TOONERVILLE,
        event_name="Friday",
        event_date="2026-11-20",
        rounds=FOUR_ROUNDS,
        rows=night_rows(),
    ),
    "master-edited": edited_master,
    "shanghai-filled": lambda: exports.rummy_sheet(
        SHANGHAI, players=list(NIGHT), scores=NIGHT, buys={"Ann": [1, 0, 3]}
    ),
    "shanghai-blank-3": lambda: fill_blank(
        exports.rummy_sheet(SHANGHAI, players=3), BLANK_SHANGHAI_3
    ),
    "toonerville-blank-5": lambda: fill_blank(
        exports.rummy_sheet(TOONERVILLE, players=5), BLANK_TOONERVILLE_3_OF_5
    ),
    "event": lambda: exports.rummy_event_workbook(
        SHANGHAI,
        title="Shanghai night",
        date="2026-11-21",
        place="Hall",
        master=NIGHT,
        tables=[TableSheet(1, 1, ("Ann", "Bo", "Cy"), (0, 10, 15))],
    ),
}


@pytest.fixture(scope="module")
def recalculated(tmp_path_factory) -> dict[str, Workbook]:
    """Every LIBREOFFICE_CASES workbook after LibreOffice recomputed it (values only)."""
    if SOFFICE is None:
        if os.environ.get("CI") == "true":
            pytest.fail(
                "CI=true but LibreOffice (soffice) is not installed, so the formulas "
                "cannot be checked: apt-get install -y libreoffice-calc"
            )
        pytest.skip("LibreOffice (soffice) is not installed")
    base = tmp_path_factory.mktemp("libreoffice")
    files = []
    for name, build in LIBREOFFICE_CASES.items():
        files.append(base / f"{name}.xlsx")
        build().save(files[-1])
    out = base / "out"
    subprocess.run(
        [
            SOFFICE,
            f"-env:UserInstallation={(base / 'profile').as_uri()}",
            "--headless",
            "--convert-to",
            "xlsx",
            "--outdir",
            str(out),
            *map(str, files),
        ],
        check=True,
        capture_output=True,
        timeout=180,
    )
    return {name: load_workbook(out / f"{name}.xlsx", data_only=True) for name in LIBREOFFICE_CASES}


def master_values(wb: Workbook) -> dict[str, dict[str, object]]:
    ws = wb["Master sheet"]
    heads = [c.value for c in ws[1]]
    values = {}
    for row in ws.iter_rows(min_row=2, values_only=True):
        if row[0] in (None, "Key"):
            break
        values[row[0]] = dict(zip(heads, row, strict=True))
    return values


@pytest.mark.parametrize("case", ["master", "master-edited"])
def test_master_formulas_recompute_to_the_rules_engine(recalculated, case):
    rows = night_rows()
    history = master_history(rows)
    if case == "master-edited":
        history["Cy"][0] = 25
    standings = TOONERVILLE.standings(history)
    sheet = master_values(recalculated[case])

    assert {s.player: (s.total, s.went_out, s.place) for s in standings} == {
        name: (v["Total"], v["Went out"], v["Place"]) for name, v in sheet.items()
    }
    # Names that look like formulas are still names after a spreadsheet recomputed the file.
    assert set(HOSTILE) <= set(sheet)
    if case == "master":
        assert {name: sheet[name]["Place"] for name in NIGHT_PLACES} == NIGHT_PLACES
    else:  # Cy's 25 drops Cy behind everyone on 35
        assert sheet["Cy"]["Total"] == 45
        assert sheet["Ann"]["Place"] == 3


def rummy_values(wb: Workbook) -> dict[str, tuple]:
    """(total, place, running totals) under each name on a recomputed rummy sheet."""
    ws = wb.active
    layout = sheet_layout(ws)
    values = {}
    for score, running in zip(layout["scores"], layout["totals"], strict=True):
        name = ws.cell(layout["head"], score).value
        values[name] = (
            ws.cell(layout["total"], score).value,
            ws.cell(layout["place"], score).value,
            [ws.cell(row, running).value for row in layout["hands"]],
        )
    return values


def test_filled_shanghai_sheet_recomputes_to_the_rules_engine(recalculated):
    sheet = rummy_values(recalculated["shanghai-filled"])
    standings = SHANGHAI.standings(NIGHT)

    assert {s.player: (s.total, s.place) for s in standings} == {
        name: (total, place) for name, (total, place, _) in sheet.items()
    }
    assert {name: place for name, (_, place, _) in sheet.items()} == NIGHT_PLACES
    # Running totals add each hand to the one above; hands not played yet stay blank.
    assert sheet["Ed"][2] == [0, 0, 30, 35, None, None, None]


@pytest.mark.parametrize(
    ("case", "game", "scores"),
    [
        ("shanghai-blank-3", SHANGHAI, BLANK_SHANGHAI_3),
        ("toonerville-blank-5", TOONERVILLE, BLANK_TOONERVILLE_3_OF_5),
    ],
    ids=["shanghai-3-players", "toonerville-3-of-5-columns"],
)
def test_a_blank_sheet_filled_in_adds_up_like_the_rules_engine(recalculated, case, game, scores):
    sheet = rummy_values(recalculated[case])
    standings = game.standings(scores)

    assert {s.player: (s.total, s.place) for s in standings} == {
        name: (total, place) for name, (total, place, _) in sheet.items() if name is not None
    }
    for s in standings:
        assert sheet[s.player][2][len(scores[s.player]) - 1] == s.total
    # Columns nobody wrote in stay blank and take no place.
    assert [v[:2] for name, v in sheet.items() if name is None] == [(None, None)] * (
        len(sheet) - len(scores)
    )


def test_event_master_sheet_recomputes(recalculated):
    sheet = master_values(recalculated["event"])
    assert {name: v["Place"] for name, v in sheet.items()} == NIGHT_PLACES
    assert sheet["Ed"]["Went out"] == 1


# -- the printable rummy sheet ------------------------------------------------------


def test_blank_shanghai_sheet_for_three_players(tmp_path):
    ws = roundtrip(exports.rummy_sheet(SHANGHAI, players=3), tmp_path).active
    layout = sheet_layout(ws)

    assert ws["A1"].value == "Rook Shanghai score sheet"
    assert (ws["A2"].value, ws["B2"].value, ws["A3"].value, ws["B3"].value) == (
        "Date:",
        None,
        "Place:",
        None,
    )
    assert len(layout["scores"]) == len(layout["totals"]) == 3
    assert not layout["buys"]
    hands = [[ws.cell(r, c).value for c in (1, 2, 3)] for r in layout["hands"]]
    assert hands == [
        [1, "two sets", 7],
        [2, "one set, one run", 8],
        [3, "two runs", 9],
        [4, "three sets", 10],
        [5, "two sets, one run", 11],
        [6, "one set, two runs", 11],
        [7, "three runs", 11],
    ]
    assert [ws.cell(layout["head"], c).value for c in (1, 2, 3)] == ["Hand", "Contract", "Cards"]
    for column in layout["scores"]:
        assert ws.cell(layout["head"], column).value is None  # a name cell to write in
        assert all(ws.cell(r, column).value is None for r in layout["hands"])


def test_blank_shanghai_sheet_defaults_to_six_columns_of_eleven_cards(tmp_path):
    ws = roundtrip(exports.rummy_sheet(SHANGHAI), tmp_path).active
    layout = sheet_layout(ws)
    assert len(layout["scores"]) == 6
    assert {ws.cell(r, 3).value for r in layout["hands"]} == {11}


@pytest.mark.parametrize(
    ("slug", "players"),
    [("shanghai", n) for n in (2, 3, 4, 5, 6, 7, 8)] + [("toonerville", n) for n in (3, 4, 5)],
)
def test_blank_sheets_for_every_table_size(slug, players):
    game = get_game(slug, three_decks=True) if players > 6 else get_game(slug)
    ws = exports.rummy_sheet(game, players=players).active
    assert len(sheet_layout(ws)["scores"]) == players


@pytest.mark.parametrize(
    ("slug", "players"),
    [("shanghai", 1), ("shanghai", 7), ("shanghai", 9), ("toonerville", 2), ("toonerville", 6)],
)
def test_a_table_size_the_game_does_not_allow_is_refused(slug, players):
    # Seven at Shanghai is refused only without the three-deck option.
    with pytest.raises(ValueError, match="a table"):
        exports.rummy_sheet(get_game(slug), players=players)


@pytest.mark.parametrize(
    ("kwargs", "error"),
    [
        ({"players": 4, "scores": {}}, ValueError),
        ({"players": ["Ann", "Bo", "Cy"], "scores": {"Zed": [0]}}, ValueError),
        ({"players": ["Ann", "Bo", "Cy"], "scores": {"Ann": [0] * 8}}, ValueError),
        ({"players": ["Ann", "Bo", "Ann"]}, ValueError),
        ({"players": ["Ann", "Bo", "Cy"], "scores": {"Ann": ["ten"]}}, TypeError),
    ],
    ids=["scores-without-names", "unknown-player", "too-many-hands", "same-name-twice", "text"],
)
def test_rummy_sheet_refuses_data_it_cannot_lay_out(kwargs, error):
    with pytest.raises(error):
        exports.rummy_sheet(SHANGHAI, **kwargs)


@pytest.mark.parametrize("slug", sorted(TRICK_GAMES))
def test_trick_games_have_no_rummy_sheet(slug):
    with pytest.raises(TypeError, match="no rummy score sheet"):
        exports.rummy_sheet(get_game(slug))


@pytest.mark.parametrize(("round_11_cards", "dealt"), [(14, 14), (12, 12)])
def test_toonerville_sheet_has_eleven_rounds_and_the_house_deal(tmp_path, round_11_cards, dealt):
    game = get_game("toonerville", round_11_cards=round_11_cards)
    ws = roundtrip(exports.rummy_sheet(game, players=4), tmp_path).active
    layout = sheet_layout(ws)

    assert ws.cell(layout["head"], 1).value == "Round"
    rows = [[ws.cell(r, c).value for c in (1, 2, 3)] for r in layout["hands"]]
    assert [row[0] for row in rows] == list(range(1, 12))
    assert [row[2] for row in rows] == [12] * 8 + [15, 16, dealt]
    assert rows[0][1] == "two sets"
    assert rows[10][1] == "two runs, two sets (no discard to go out)"


def test_running_total_total_and_place_are_formulas(tmp_path):
    ws = roundtrip(exports.rummy_sheet(SHANGHAI, players=4), tmp_path).active
    layout = sheet_layout(ws)
    first, second, last = layout["hands"][0], layout["hands"][1], layout["hands"][-1]
    score, running = layout["scores"][1], layout["totals"][1]
    s, t = get_column_letter(score), get_column_letter(running)

    # First hand: the score; later hands: the total above plus this hand's score.
    assert ws.cell(first, running).value == f'=IF(COUNT({s}{first}:{s}${last})=0,"",N({s}{first}))'
    assert ws.cell(second, running).value == (
        f'=IF(COUNT({s}{second}:{s}${last})=0,"",N({t}{first})+N({s}{second}))'
    )
    assert ws.cell(layout["total"], score).value == (
        f'=IF(COUNT({s}{first}:{s}{last})=0,"",SUM({s}{first}:{s}{last}))'
    )
    place = ws.cell(layout["place"], score).value
    helper = int(place.removeprefix("=E"))
    assert ws.row_dimensions[helper].hidden
    assert "COUNTIF(" in ws.cell(helper, 5).value and "COUNTIFS(" in ws.cell(helper, 5).value
    for row in layout["hands"]:
        assert ws.cell(row, score).number_format == "0"
        assert ws.cell(row, running).number_format == "0"


def test_rummy_sheet_print_setup(tmp_path):
    wb = exports.rummy_sheet(SHANGHAI, title="Sunday at Gran's")
    ws = roundtrip(wb, tmp_path).active
    layout = sheet_layout(ws)
    last_col = get_column_letter(layout["totals"][-1])
    footer_row = max(r for r in range(1, 30) if str(ws.cell(r, 1).value).startswith("Lowest"))

    assert ws.print_area == f"'Score sheet'!$A$1:${last_col}${footer_row}"
    assert ws.sheet_properties.pageSetUpPr.fitToPage
    assert (ws.page_setup.fitToWidth, ws.page_setup.fitToHeight) == (1, 1)
    assert ws.page_setup.orientation == "landscape"  # six players are wider than tall
    assert ws.oddHeader.center.text == "Sunday at Gran's"
    assert all(ws.row_dimensions[r].height >= 30 for r in layout["hands"])
    assert ws.row_dimensions[layout["head"]].height >= 30
    cell = ws.cell(layout["hands"][0], layout["scores"][0])
    assert all(side.style for side in (cell.border.top, cell.border.bottom, cell.border.right))


def test_a_narrow_sheet_prints_portrait():
    ws = exports.rummy_sheet(TOONERVILLE, players=3).active
    assert ws.page_setup.orientation == "portrait"


@pytest.mark.parametrize(
    ("game", "text"),
    [
        (SHANGHAI, "1–9 face value, 10–14: 10 points, wild (Rook or advertising card): 20"),
        (
            get_game("shanghai", black_14s_wild=True),
            "1–9 face value, 10–13: 10 points, wild (Rook or black 14): 20",
        ),
        (TOONERVILLE, "1–9 face value, 10–14: 10 points, Rook: 20"),
        (
            get_game(
                "toonerville",
                card_values={n: 5 if n < 10 else 10 for n in range(1, 15)},
                rook_value=25,
            ),
            "1–9: 5 points, 10–14: 10 points, Rook: 25",
        ),
    ],
    ids=["shanghai", "shanghai-black-14s", "toonerville", "toonerville-house-values"],
)
def test_footer_gives_the_events_card_values_and_who_wins(game, text):
    ws = exports.rummy_sheet(game, players=4).active
    lines = [ws.cell(r, 1).value for r in range(1, ws.max_row + 1)]
    assert f"Card values: {text}" in lines
    assert any(str(line).startswith("Lowest total wins.") for line in lines)


def test_filled_sheet_shows_names_scores_buys_and_missed_rounds(tmp_path):
    wb = exports.rummy_sheet(
        SHANGHAI,
        players=list(NIGHT),
        scores=NIGHT,
        buys={"Ann": [1, 0, 3]},
        title="Family game",
        date="2026-11-20",
        place="Kitchen table",
    )
    ws = roundtrip(wb, tmp_path).active
    layout = sheet_layout(ws)
    first = layout["hands"][0]

    assert (ws["A1"].value, ws["B2"].value, ws["B3"].value) == (
        "Family game",
        "2026-11-20",
        "Kitchen table",
    )
    assert [ws.cell(layout["head"], c).value for c in layout["scores"]] == list(NIGHT)
    ann, ed = layout["scores"][0], layout["scores"][4]
    assert [ws.cell(r, ann).value for r in layout["hands"]] == [0, 10, 20, 5, None, None, None]
    assert [ws.cell(r, layout["buys"][0]).value for r in layout["hands"][:4]] == [1, 0, 3, None]
    assert len(layout["buys"]) == 6

    missed = ws.cell(first + 1, ed)
    assert missed.value == 0  # the house rule's number, counted in the total
    assert missed.fill.fgColor.rgb.endswith("D9D9D9")
    assert missed.comment.text.startswith("Missed round: filled by the house rule")
    assert ws.cell(first, ed).comment is None
    assert ws.cell(first, ed).fill.fgColor.rgb != missed.fill.fgColor.rgb
    assert "Shaded score: a missed round, filled by the house rule." in [
        ws.cell(r, 1).value for r in range(1, ws.max_row + 1)
    ]


# -- the master sheet ----------------------------------------------------------------


def master_sheet(tmp_path, **kwargs) -> Workbook:
    options = {
        "event_name": "Friday Rook Night",
        "event_date": "2026-11-20",
        "rounds": FOUR_ROUNDS,
        "rows": night_rows(),
        "seating": [
            SeatingRound(1, (("Ann", "Bo", "Cy"), ("Di", "Ed", "Flo", HOSTILE[0]))),
            SeatingRound(2, (("Ann", "Di", "Flo"), ("Bo", "Cy", HOSTILE[1]))),
        ],
    }
    return roundtrip(exports.master_workbook(TOONERVILLE, **options | kwargs), tmp_path)


def test_master_sheet_layout_and_formulas(tmp_path):
    ws = master_sheet(tmp_path)["Master sheet"]
    heads = [c.value for c in ws[1]]

    assert heads[:8] == [
        "Player",
        "R1: two sets",
        "R2: one run, one set",
        "R3: two runs",
        "R4: three sets",
        "Total",
        "Went out",
        "Place",
    ]
    ann = 2
    assert ws.cell(ann, 1).value == "Ann"
    assert [ws.cell(ann, c).value for c in range(2, 6)] == [0, 10, 20, 5]
    assert all(ws.cell(ann, c).number_format == "0" for c in range(2, 6))
    assert ws.cell(ann, 6).value == "=SUM(B2:E2)"
    assert ws.cell(ann, 7).value == "=COUNTIF(N2:Q2,0)"  # the counted (played) scores
    assert ws.cell(ann, 8).value == (
        '=1+COUNTIF($F$2:$F$9,"<"&F2)'
        '+COUNTIFS($F$2:$F$9,F2,$G$2:$G$9,">"&G2)'
        '+COUNTIFS($F$2:$F$9,F2,$G$2:$G$9,G2,$I$2:$I$9,"<"&I2)'
    )
    # Hidden helpers: worst played round, a played? flag per round, the counted score.
    assert heads[8] == "Worst played round (tie-break)"
    assert ws.cell(ann, 9).value == "=IF(COUNT(N2:Q2)=0,1000000000,MAX(N2:Q2))"
    assert heads[9] == "R1 played? (1 played, 0 missed)"
    assert ws.cell(ann, 14).value == '=IF(AND(J2=1,ISNUMBER(B2)),B2,"")'
    ed = 6
    assert [ws.cell(ed, c).value for c in range(10, 14)] == [1, 0, 1, 1]
    for col in range(9, 18):
        letter = get_column_letter(col)
        assert ws.column_dimensions[letter].hidden, letter
    assert not ws.column_dimensions["H"].hidden


def test_master_sheet_view_and_print_setup(tmp_path):
    ws = master_sheet(tmp_path)["Master sheet"]

    assert ws.freeze_panes == "B2"
    assert ws.print_title_rows == "$1:$1"
    assert ws.page_setup.orientation == "landscape"
    assert ws.sheet_properties.pageSetUpPr.fitToPage
    assert (ws.page_setup.fitToWidth, ws.page_setup.fitToHeight) == (1, 0)
    assert ws.print_area == "'Master sheet'!$A$1:$H$11"  # to Place, with the key
    assert ws.oddHeader.center.text == "Friday Rook Night · 2026-11-20 · master sheet"
    assert ws.column_dimensions["A"].width >= 14
    assert ws.column_dimensions["B"].width >= 10
    assert ws.auto_filter.ref == "A1:Q9"


def test_master_sheet_marks_missed_pending_and_disputed_cells(tmp_path):
    rows = [
        MasterRow(
            "Ann",
            (
                MasterCell(30, played=False),
                MasterCell(5, pending=True),
                MasterCell(0, table=2, disputed=True),
                MasterCell(7, table=1),
            ),
        )
    ]
    ws = master_sheet(tmp_path, rows=rows)["Master sheet"]
    missed, pending, disputed, plain = (ws.cell(2, c) for c in range(2, 6))

    assert missed.value == 30
    assert missed.fill.fgColor.rgb.endswith("D9D9D9")
    assert missed.comment.text.startswith("Missed round: filled by the house rule")
    assert pending.fill.fgColor.rgb.endswith("FFF2CC")
    assert pending.comment.text.startswith("Pending")
    assert disputed.fill.fgColor.rgb.endswith("F4CCCC")
    assert disputed.comment.text.startswith("Disputed")
    assert plain.comment is None
    assert plain.fill.fill_type is None
    key = [ws.cell(4, c).value for c in range(1, 6)]
    assert key == ["Key", "missed round (house rule)", "pending", "disputed", "bold 0: went out"]


def test_master_sheet_refuses_a_row_with_the_wrong_number_of_rounds(tmp_path):
    with pytest.raises(ValueError, match="Ann has 3 cells but the sheet has 4 rounds"):
        master_sheet(tmp_path, rows=[MasterRow("Ann", (None, None, None))])


def test_seating_sheet_lists_each_rounds_tables_and_seats(tmp_path):
    ws = master_sheet(tmp_path)["Seating"]
    rows = [list(r) for r in ws.iter_rows(values_only=True)]

    assert rows == [
        ["Round", "Table", "Seat 1", "Seat 2", "Seat 3", "Seat 4"],
        [1, 1, "Ann", "Bo", "Cy", None],
        [1, 2, "Di", "Ed", "Flo", "=1+1"],
        [2, 1, "Ann", "Di", "Flo", None],
        [2, 2, "Bo", "Cy", "@SUM(A1)", None],
    ]
    assert ws["F3"].data_type == "s"
    assert ws.print_title_rows == "$1:$1"
    assert ws.oddHeader.center.text == "Friday Rook Night · 2026-11-20 · seating"


def test_event_workbook_has_the_master_sheet_and_a_sheet_per_table_and_round(tmp_path):
    tables = [
        TableSheet(2, 1, ("Ann", "Bo", "Cy", "Di"), (5, 0, None, 12)),
        TableSheet(1, 2, ("Ed", "Flo", "Gus"), (0, 7, 9)),
        TableSheet(1, 1, ("Ann", "Bo", "Cy", "Di"), (0, 10, 15, 20)),
    ]
    wb = roundtrip(
        exports.rummy_event_workbook(
            SHANGHAI,
            title="Shanghai night",
            date="2026-11-21",
            place="Hall",
            master=NIGHT,
            tables=tables,
        ),
        tmp_path,
    )

    assert wb.sheetnames == ["Master sheet", "Seating", "R1 T1", "R1 T2", "R2 T1"]
    master = wb["Master sheet"]
    assert [c.value for c in master[1]][1:8] == [
        "R1: two sets",
        "R2: one set, one run",
        "R3: two runs",
        "R4: three sets",
        "R5: two sets, one run",
        "R6: one set, two runs",
        "R7: three runs",
    ]
    assert master.oddHeader.center.text == "Shanghai night · Hall · 2026-11-21 · master sheet"
    short = wb["R1 T2"]
    assert short["A1"].value == "Shanghai night: hand 1, table 2"
    assert short["A3"].value == "Hand 1: two sets; 7 cards dealt"  # three at the table
    assert wb["R1 T1"]["A3"].value == "Hand 1: two sets; 11 cards dealt"
    assert [[c.value for c in row] for row in short.iter_rows(min_row=5, max_row=8)] == [
        ["Seat", "Player", "Score"],
        [1, "Ed", 0],
        [2, "Flo", 7],
        [3, "Gus", 9],
    ]
    assert short["C6"].number_format == "0"
    assert short.print_area == "'R1 T2'!$A$1:$C$11"
    assert short.sheet_properties.pageSetUpPr.fitToPage
    assert wb["R2 T1"]["C8"].value is None
    assert [list(r) for r in wb["Seating"].iter_rows(min_row=2, max_col=3, values_only=True)] == [
        [1, 1, "Ann"],
        [1, 2, "Ed"],
        [2, 1, "Ann"],
    ]


def test_event_workbook_refuses_two_sheets_for_one_table():
    tables = [TableSheet(1, 1, ("Ann", "Bo", "Cy"), (0, 1, 2))] * 2
    with pytest.raises(ValueError, match="round 1 has two sheets for table 1"):
        exports.rummy_event_workbook(
            SHANGHAI, title="t", date="d", place="p", master={}, tables=tables
        )


# -- standings and CSV --------------------------------------------------------------


def test_standings_workbook_keeps_the_rounds_and_writes_totals_and_places_as_formulas(tmp_path):
    wb = roundtrip(night_standings(), tmp_path)
    ws = wb["Standings"]
    rows = [list(r)[:10] for r in ws.iter_rows(values_only=True)]

    assert rows[0] == [
        "Place", "Player", "R1", "R2", "R3", "R4",
        "Total", "Went out", "Worst round", "Rounds played",
    ]  # fmt: skip
    # In Rookery's place order, every figure a formula over the row's round columns.
    assert [row[1] for row in rows[1:]] == [
        "Flo",
        "Di",
        "Cy",
        "Ann",
        "Bo",
        "Ed",
        "@SUM(A1)",
        "=1+1",
    ]
    assert rows[1][2:6] == [5, 5, 5, 10]
    assert rows[1][0].startswith("=1+COUNTIF(")
    assert rows[1][6] == "=SUM(C2:F2)"
    assert rows[1][7].startswith("=COUNTIF(")
    assert ws["F2"].comment.text.startswith("Missed round")  # Flo's missed round 4
    assert ws.freeze_panes == "C2"
    assert ws.print_title_rows == "$1:$1"
    assert ws.oddHeader.center.text == "Friday · 2026-11-20 · standings"
    # The helpers behind the formulas are hidden; what shows ends at "Rounds played".
    assert not ws.column_dimensions["J"].hidden
    assert ws.column_dimensions["K"].hidden


def test_standings_workbook_has_a_seating_sheet(tmp_path):
    ws = roundtrip(night_standings(), tmp_path)["Seating"]
    rows = [list(r) for r in ws.iter_rows(values_only=True)]
    assert rows == [
        ["Round", "Table", "Seat 1", "Seat 2", "Seat 3"],
        [1, 1, "Ann", "Bo", "Cy"],
        [1, 2, "Di", "Ed", "Flo"],
    ]


def standings_values(wb: Workbook) -> dict[str, dict[str, object]]:
    ws = wb["Standings"]
    heads = [c.value for c in ws[1]]
    return {
        row[1]: dict(zip(heads, row, strict=False))
        for row in ws.iter_rows(min_row=2, values_only=True)
        if row[1] is not None
    }


@pytest.mark.parametrize("case", ["standings", "standings-edited"])
def test_standings_formulas_recompute_to_the_rules_engine(recalculated, case):
    rows = night_rows()
    history = master_history(rows)
    if case == "standings-edited":
        history["Cy"][0] = 25
    app = {
        s.player: (s.place, s.total, s.went_out, "" if s.worst_round is None else s.worst_round)
        for s in TOONERVILLE.standings(history)
    }
    sheet = standings_values(recalculated[case])

    assert app == {
        name: (v["Place"], v["Total"], v["Went out"], v["Worst round"] or "")
        for name, v in sheet.items()
    }
    if case == "standings":
        # Ties as the app breaks them: 35 each, split by rounds went out, then worst round;
        # Ann and Bo are equal on all three and share 4th, and the next place is 6th.
        assert {name: sheet[name]["Place"] for name in NIGHT_PLACES} == NIGHT_PLACES
        assert sheet["Flo"]["Rounds played"] == 3
    else:
        assert sheet["Cy"]["Total"] == 45
        assert sheet["Ann"]["Place"] == 3


def test_standings_csv():
    text = exports.standings_csv(TOONERVILLE.standings({**NIGHT, "=cmd|' /C calc'!A0": [50]}))
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[0] == ["Place", "Player", "Total", "Went out", "Worst round", "Rounds played"]
    assert rows[1] == ["1", "Flo", "25", "0", "5", "3"]
    assert rows[-1] == ["7", "'=cmd|' /C calc'!A0", "50", "0", "50", "1"]


def test_master_csv():
    rows = night_rows()
    text = exports.master_csv(rows, FOUR_ROUNDS)
    table = list(csv.reader(io.StringIO(text)))

    assert table[0] == [
        "Player",
        "R1: two sets",
        "R2: one run, one set",
        "R3: two runs",
        "R4: three sets",
        "Total",
        "Went out",
        "Place",
        "Notes",
    ]
    by_name = {row[0]: row[1:] for row in table[1:]}
    assert by_name["Ed"] == ["0", "0", "30", "5", "35", "1", "6", "missed: R2"]
    assert by_name["'=1+1"] == ["", "40", "5", "", "45", "0", "8", "missed: R2"]
    assert by_name["'@SUM(A1)"] == ["20", "20", "", "", "40", "0", "7", "pending: R2"]
    standings = TOONERVILLE.standings(master_history(rows))
    assert {s.player: str(s.place) for s in standings} == {
        name.removeprefix("'"): row[6] for name, row in by_name.items()
    }


# -- safety and names -------------------------------------------------------------------


def every_text_cell(wb: Workbook):
    for ws in wb.worksheets:
        for row in ws.iter_rows():
            for cell in row:
                if isinstance(cell.value, str) and cell.value.lstrip("=+-@").startswith(
                    ("1+1", "SUM(A1)")
                ):
                    yield cell


@pytest.mark.parametrize(
    "build",
    [
        lambda: exports.rummy_sheet(
            SHANGHAI,
            players=["Ann", *HOSTILE],
            scores={HOSTILE[0]: [0]},
            title="=1+1",
            date="@SUM(A1)",
        ),
        lambda: exports.master_workbook(
            TOONERVILLE,
            event_name="x",
            event_date="y",
            rounds=FOUR_ROUNDS,
            rows=night_rows(),
            seating=[SeatingRound(1, (HOSTILE,))],
        ),
        lambda: exports.rummy_event_workbook(
            SHANGHAI,
            title="=1+1",
            date="d",
            place="p",
            master={name: [0] for name in HOSTILE},
            tables=[TableSheet(1, 1, ("Ann", *HOSTILE), (0, 5, 5))],
        ),
        lambda: exports.standings_workbook(
            SHANGHAI,
            event_name="x",
            event_date="y",
            rounds=SHANGHAI.rounds[:1],
            rows=[MasterRow(name, (MasterCell(0),)) for name in HOSTILE],
            seating=[SeatingRound(1, (HOSTILE,))],
        ),
    ],
    ids=["rummy-sheet", "master-and-seating", "event", "standings"],
)
def test_names_that_look_like_formulas_stay_text(tmp_path, build):
    wb = roundtrip(build(), tmp_path)
    cells = list(every_text_cell(wb))
    assert {cell.value for cell in cells} >= set(HOSTILE)
    for cell in cells:
        assert cell.data_type == "s", cell.coordinate


def test_text_cell_keeps_error_lookalikes_and_drops_control_characters():
    ws = Workbook().active
    assert exports.text_cell(ws, 1, 1, "#N/A").data_type == "s"
    assert exports.text_cell(ws, 1, 2, "Bo\x07b").value == "Bob"
    assert exports.text_cell(ws, 1, 3, "-5").data_type == "s"


def test_an_ampersand_in_a_title_is_not_a_header_code(tmp_path):
    ws = roundtrip(exports.rummy_sheet(SHANGHAI, title="Rock & Rook"), tmp_path).active
    assert ws.oddHeader.center.text == "Rock && Rook"


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (
            ("Friday Rook Night", "2026-11-20", "master sheet", "xlsx"),
            "friday-rook-night-2026-11-20-master-sheet.xlsx",
        ),
        (
            ("Crème Brûlée Cup!", "2026-11-20", "standings", ".csv"),
            "creme-brulee-cup-2026-11-20-standings.csv",
        ),
        (("../../etc/passwd", "2026/11/20", "sheet", "xlsx"), "etc-passwd-2026-11-20-sheet.xlsx"),
        (("ルーク", "2026-11-20", "standings", "xlsx"), "rookery-2026-11-20-standings.xlsx"),
    ],
    ids=["plain", "accents", "path", "no-latin-letters"],
)
def test_filename(args, expected):
    assert exports.filename(*args) == expected
