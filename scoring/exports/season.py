"""The season workbook: a sheet per night and a "Season" sheet computed from them.

Each night sheet lists that night's players with their total and place, and
what the place counts for under the season's method (a formula over the
place, so correcting a place in Excel moves the season). The Season sheet's
per-night columns point at those cells, and its score and place are formulas
(SUM, AVERAGE, SMALL, SUMPRODUCT), so the workbook agrees with Rookery's
standings page and keeps agreeing when edited.

Methods are named by their stored values ("total_places", "average_place",
"best_of", "points"); this module never imports ``tourney``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from openpyxl import Workbook
from openpyxl.utils import get_column_letter, quote_sheetname

from scoring.exports.base import (
    AUTHOR,
    BOLD,
    CENTER,
    MISSED_FILL,
    SMALL_ITALIC,
    TITLE_FONT,
    _formula,
    _grid,
    _head_row,
    _plain,
    _print_setup,
    text_cell,
)

NIGHT_HEADS = ("Player", "Total", "Place", "Counts as")
FIRST = 5  # the Season sheet's first player row


@dataclass(frozen=True)
class NightRow:
    key: str  # who this is across the season (the same key on every night)
    name: str  # the name played under that night
    total: int
    place: int


@dataclass(frozen=True)
class NightSheet:
    name: str  # the event's name
    date: str  # e.g. "12 Nov 2026"
    game: str
    rows: tuple[NightRow, ...]  # in place order


def night_title(index: int, night: NightSheet) -> str:
    """A sheet name Excel accepts (31 characters, none of []:*?/\\): "Night 2 (12 Nov 2026)"."""
    title = f"Night {index} ({night.date})"
    for ch in "[]:*?/\\":
        title = title.replace(ch, " ")
    return title[:31]


def season_workbook(
    *,
    season: str,
    method: str,
    explanation: str,
    nights: Sequence[NightSheet],
    people: Sequence[tuple[str, str]],
    best_of: int | None = None,
    points: Sequence[int] = (),
) -> Workbook:
    """``people`` are (key, name) in the order Rookery ranks them."""
    wb = Workbook()
    ws = wb.active
    ws.title = "Season"
    last = FIRST + len(people) - 1
    points_row = last + 3
    points_range = (
        f"{quote_sheetname('Season')}!$B${points_row}:${get_column_letter(1 + len(points))}"
        f"${points_row}"
    )
    titles = []
    where: list[dict[str, int]] = []  # per night: person key -> row on its sheet
    for index, night in enumerate(nights, start=1):
        title = night_title(index, night)
        titles.append(title)
        where.append(_night_sheet(wb.create_sheet(title), night, method, points, points_range))
    _season_sheet(ws, season, method, explanation, titles, where, people, best_of)
    if method == "points" and points:
        text_cell(ws, points_row, 1, "Points for places", font=BOLD)
        for col, value in enumerate(points, start=2):
            ws.cell(points_row, col, value).alignment = CENTER
    wb.properties.title = _plain(f"{season}: season standings")
    wb.properties.creator = AUTHOR
    return wb


def _night_sheet(ws, night: NightSheet, method: str, points, points_range: str) -> dict[str, int]:
    _head_row(ws, 1, NIGHT_HEADS)
    rows = {}
    for row, entry in enumerate(night.rows, start=2):
        rows[entry.key] = row
        text_cell(ws, row, 1, entry.name)
        ws.cell(row, 2, entry.total).alignment = CENTER
        ws.cell(row, 3, entry.place).alignment = CENTER
        if method == "points":
            counts = f"=IF(AND(C{row}>=1,C{row}<={len(points)}),INDEX({points_range},C{row}),0)"
        else:
            counts = f"=C{row}"
        _formula(ws, row, 4, counts, alignment=CENTER)
    end = 1 + len(night.rows)
    text_cell(ws, 1, 6, "Players placed", font=BOLD)
    _formula(ws, 1, 7, f"=COUNT(C2:C{max(end, 2)})")
    text_cell(ws, 2, 6, "A missed night counts as", font=BOLD)
    _formula(ws, 2, 7, "=G1+1")
    text_cell(ws, 3, 6, night.name)
    text_cell(ws, 4, 6, f"{night.date} · {night.game}")
    _grid(ws, 1, end, 1, len(NIGHT_HEADS))
    for col, width in zip("ABCDEFG", (24, 9, 8, 11, 3, 26, 8), strict=True):
        ws.column_dimensions[col].width = width
    ws.freeze_panes = "A2"
    _print_setup(
        ws,
        area=f"A1:G{end}",
        landscape=False,
        one_page=False,
        header=f"{night.name} · {night.date}",
        title_rows="1:1",
    )
    return rows


def _night_value(title: str, row: int | None, method: str) -> str:
    sheet = quote_sheetname(title)
    if row is not None:
        return f"={sheet}!D{row}"
    if method == "average_place":
        return '=""'
    if method == "points":
        return "=0"
    return f"={sheet}!$G$2"


def _season_sheet(ws, season, method, explanation, titles, where, people, best_of) -> None:
    nights = len(titles)
    score_col = nights + 5
    text_cell(ws, 1, 1, season, font=TITLE_FONT)
    text_cell(ws, 2, 1, explanation, font=SMALL_ITALIC)
    _head_row(ws, 4, ["Place", "Player", *titles, "Nights played", "Best finish", "Score"])
    last = FIRST + len(people) - 1
    keep = min(best_of or nights, nights)
    for row, (key, name) in enumerate(people, start=FIRST):
        _season_row(ws, row, key, name, titles, where, method, keep, last)
    letter = get_column_letter
    _grid(ws, 4, max(last, 4), 1, score_col)
    ws.column_dimensions["A"].width = 8
    ws.column_dimensions["B"].width = 24
    for col in range(3, score_col + 1):
        ws.column_dimensions[letter(col)].width = 13
    ws.freeze_panes = ws.cell(FIRST, 3)
    _print_setup(
        ws,
        area=f"A1:{letter(score_col)}{max(last, 4)}",
        landscape=nights > 6,
        one_page=False,
        header=f"{season} · season standings",
        title_rows="4:4",
    )


def _season_row(ws, row, key, name, titles, where, method, keep, last) -> None:
    """One player's season: a column per night, nights played, best finish, score, place.

    The place counts who is ahead on the score (higher for points, lower
    otherwise), then on nights played, then on the best finish.
    """
    nights = len(titles)
    played_col, best_col, score_col = nights + 3, nights + 4, nights + 5
    letter = get_column_letter
    score, played, best = (
        f"${letter(c)}${FIRST}:${letter(c)}${last}" for c in (score_col, played_col, best_col)
    )
    better = ">" if method == "points" else "<"
    text_cell(ws, row, 2, name)
    refs = []
    for col, (title, rows) in enumerate(zip(titles, where, strict=True), start=3):
        cell = _formula(ws, row, col, _night_value(title, rows.get(key), method))
        cell.alignment = CENTER
        if key in rows:
            refs.append(f"{quote_sheetname(title)}!C{rows[key]}")
        else:
            cell.fill = MISSED_FILL
    span = f"{letter(3)}{row}:{letter(2 + nights)}{row}"
    _formula(ws, row, played_col, f"=COUNT({','.join(refs)})", alignment=CENTER)
    _formula(ws, row, best_col, f"=MIN({','.join(refs)})", alignment=CENTER)
    if method == "average_place":
        figure = f"=AVERAGE({span})"
    elif method == "best_of":
        figure = "=" + "+".join(f"SMALL({span},{n})" for n in range(1, keep + 1))
    else:
        figure = f"=SUM({span})"
    cell = _formula(ws, row, score_col, figure, alignment=CENTER, font=BOLD)
    if method == "average_place":
        cell.number_format = "0.00"
    s, p, b = (f"{letter(c)}{row}" for c in (score_col, played_col, best_col))
    _formula(
        ws,
        row,
        1,
        f"=1+SUMPRODUCT(--({score}{better}{s}))"
        f"+SUMPRODUCT(({score}={s})*({played}>{p}))"
        f"+SUMPRODUCT(({score}={s})*({played}={p})*({best}<{b}))",
        alignment=CENTER,
        font=BOLD,
    )
