"""The master sheet workbook of a whole night (with its Seating sheet) and its CSV."""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from dataclasses import dataclass

from openpyxl import Workbook
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.worksheet import Worksheet

from scoring import rules
from scoring.exports.base import (
    AUTHOR,
    BOLD,
    CENTER,
    DISPUTED_FILL,
    DISPUTED_NOTE,
    GRID,
    MISSED_FILL,
    PENDING_FILL,
    PENDING_NOTE,
    SMALL,
    MasterRow,
    SeatingRound,
    _absolute,
    _counted_cells,
    _csv_text,
    _formula,
    _grid,
    _head_row,
    _mark,
    _place_terms,
    _plain,
    _print_setup,
    _rummy,
    _score_cell,
    _unique,
    _went_out_formula,
    _worst_formula,
    text_cell,
)
from scoring.rules.base import rank


def master_workbook(
    game: rules.Game,
    *,
    event_name: str,
    event_date: str,
    rounds: Sequence[rules.Round],
    rows: Sequence[MasterRow],
    seating: Sequence[SeatingRound] = (),
) -> Workbook:
    """The room's master score sheet a host takes home, with the seating on a second sheet.

    Scores are numbers and totals, rounds went out and places are formulas
    (see the module docstring), so a score corrected in Excel or LibreOffice
    re-ranks the room the way Rookery does.
    """
    _rummy(game)
    tables = [
        (seating_round.number, number, seats)
        for seating_round in seating
        for number, seats in enumerate(seating_round.tables, start=1)
    ]
    wb = _master_and_seating(event_name, event_date, rounds, rows, tables)
    wb.properties.title = _plain(f"{event_name}, {event_date}: master sheet")
    wb.properties.creator = AUTHOR
    return wb


def _round_header(round_: rules.Round) -> str:
    return f"R{round_.number}: {round_.contract}"


def _check_master(rounds: Sequence[rules.Round], rows: Sequence[MasterRow]) -> None:
    if not rounds:
        raise ValueError("a master sheet needs at least one round")
    _unique([row.player for row in rows], "player")
    for row in rows:
        if len(row.cells) != len(rounds):
            raise ValueError(
                f"{row.player} has {len(row.cells)} cells but the sheet has {len(rounds)} rounds"
            )


def _master_and_seating(
    name: str,
    date: str,
    rounds: Sequence[rules.Round],
    rows: Sequence[MasterRow],
    tables: Sequence[tuple[int, int, Sequence[str]]],
) -> Workbook:
    """A workbook with the master sheet first and the seating (round, table, seats) second."""
    wb = Workbook()
    ws = wb.active
    ws.title = "Master sheet"
    _write_master(ws, event_name=name, event_date=date, rounds=rounds, rows=rows)
    _write_seating(wb.create_sheet("Seating"), event_name=name, event_date=date, tables=tables)
    return wb


@dataclass(frozen=True)
class _Columns:
    """Where the master sheet's columns are: a score per round from B, the totals, then
    the hidden helpers (worst round, a played? flag and a counted score per round)."""

    total: int
    went: int
    place: int
    worst: int
    flag0: int
    counted0: int
    last_helper: int
    round_letters: tuple[str, ...]

    @classmethod
    def for_rounds(cls, count: int) -> _Columns:
        flag0 = count + 6
        return cls(
            total=count + 2,
            went=count + 3,
            place=count + 4,
            worst=count + 5,
            flag0=flag0,
            counted0=flag0 + count,
            last_helper=flag0 + 2 * count - 1,
            round_letters=tuple(get_column_letter(2 + i) for i in range(count)),
        )


def _write_master(
    ws: Worksheet,
    *,
    event_name: str,
    event_date: str,
    rounds: Sequence[rules.Round],
    rows: Sequence[MasterRow],
) -> None:
    _check_master(rounds, rows)
    cols = _Columns.for_rounds(len(rounds))
    first, last = 2, len(rows) + 1

    heads = ["Player", *map(_round_header, rounds), "Total", "Went out", "Place"]
    heads += ["Worst played round (tie-break)"]
    heads += [f"R{r.number} played? (1 played, 0 missed)" for r in rounds]
    heads += [f"R{r.number} counted" for r in rounds]
    _head_row(ws, 1, heads)
    ws.row_dimensions[1].height = 32

    ranks = tuple(_absolute(c, first, last) for c in (cols.total, cols.went, cols.worst))
    for index, master_row in enumerate(rows):
        _master_row(ws, cols, first + index, master_row, ranks)
    if rows:
        _grid(ws, 1, last, 1, cols.place)
        ws.auto_filter.ref = f"A1:{get_column_letter(cols.last_helper)}{last}"

    key_row = last + 2
    _master_key(ws, key_row)
    _master_widths(ws, cols, rows)
    ws.freeze_panes = "B2"
    _print_setup(
        ws,
        area=f"A1:{get_column_letter(cols.place)}{key_row}",
        landscape=True,
        one_page=False,
        header=f"{event_name} · {event_date} · master sheet",
        footer="Lowest total wins; ties: more rounds went out, then the lower worst round",
        title_rows="1:1",
    )


def _master_row(
    ws: Worksheet,
    cols: _Columns,
    row: int,
    master_row: MasterRow,
    ranks: tuple[str, str, str],
) -> None:
    """One player's row: the scores as played, then the formulas that total and place them.

    ``ranks`` are the whole sheet's total, went-out and worst-round columns.
    """
    round_letters = cols.round_letters
    text_cell(ws, row, 1, master_row.player, font=BOLD)
    for i, master_cell in enumerate(master_row.cells):
        cell = ws.cell(row, 2 + i)
        played = master_cell is None or master_cell.played
        _score_cell(cell, None if master_cell is None else master_cell.points, missed=not played)
        if master_cell is not None:
            if master_cell.disputed:
                _mark(cell, DISPUTED_FILL, DISPUTED_NOTE)
            elif master_cell.pending:
                _mark(cell, PENDING_FILL, PENDING_NOTE)
        _counted_cells(
            ws, row, cols.flag0 + i, cols.counted0 + i, played, f"{round_letters[i]}{row}"
        )
    counted = f"{get_column_letter(cols.counted0)}{row}:{get_column_letter(cols.last_helper)}{row}"
    _formula(ws, row, cols.total, f"=SUM(B{row}:{round_letters[-1]}{row})", font=BOLD)
    _formula(ws, row, cols.went, _went_out_formula(counted))
    _formula(ws, row, cols.place, f"={_place_terms(*ranks, row)}", font=BOLD)
    ws.cell(row, cols.worst, _worst_formula(counted))
    for col in (cols.total, cols.went, cols.place):
        ws.cell(row, col).alignment = CENTER


def _master_key(ws: Worksheet, key_row: int) -> None:
    """The key under the sheet: what the shades and a bold 0 mean."""
    text_cell(ws, key_row, 1, "Key", font=BOLD)
    for col, (label, fill) in enumerate(
        (
            ("missed round (house rule)", MISSED_FILL),
            ("pending", PENDING_FILL),
            ("disputed", DISPUTED_FILL),
            ("bold 0: went out", None),
        ),
        start=2,
    ):
        text_cell(ws, key_row, col, label, font=SMALL, fill=fill, alignment=CENTER, border=GRID)
    ws.row_dimensions[key_row].height = 28


def _master_widths(ws: Worksheet, cols: _Columns, rows: Sequence[MasterRow]) -> None:
    """Column widths to fit the names and scores; the helper columns hidden."""
    longest = max((len(row.player) for row in rows), default=0)
    ws.column_dimensions["A"].width = min(max(longest + 3, 14), 32)
    for letter in cols.round_letters:
        ws.column_dimensions[letter].width = 12
    for col, width in ((cols.total, 8), (cols.went, 9), (cols.place, 7)):
        ws.column_dimensions[get_column_letter(col)].width = width
    for col in range(cols.worst, cols.last_helper + 1):
        ws.column_dimensions[get_column_letter(col)].hidden = True


def _write_seating(
    ws: Worksheet,
    *,
    event_name: str,
    event_date: str,
    tables: Sequence[tuple[int, int, Sequence[str]]],
) -> None:
    """One row per table per round: round, table, then the players in seat order."""
    seats = max((len(players) for _, _, players in tables), default=0)
    heads = ["Round", "Table", *(f"Seat {n}" for n in range(1, seats + 1))]
    _head_row(ws, 1, heads)
    previous = None
    for index, (number, table, players) in enumerate(tables):
        row = 2 + index
        ws.cell(row, 1, number).alignment = CENTER
        ws.cell(row, 2, table).alignment = CENTER
        if number != previous:
            ws.cell(row, 1).font = BOLD
        previous = number
        for seat, player in enumerate(players, start=3):
            text_cell(ws, row, seat, player)
    last_row = max(1 + len(tables), 1)
    last_col = max(len(heads), 2)
    _grid(ws, 1, last_row, 1, last_col)
    ws.column_dimensions["A"].width = 8
    ws.column_dimensions["B"].width = 8
    longest = max((len(p) for _, _, players in tables for p in players), default=0)
    for col in range(3, last_col + 1):
        ws.column_dimensions[get_column_letter(col)].width = min(max(longest + 2, 12), 28)
    ws.freeze_panes = "C2"
    _print_setup(
        ws,
        area=f"A1:{get_column_letter(last_col)}{last_row}",
        landscape=seats > 4,
        one_page=False,
        header=f"{event_name} · {event_date} · seating",
        title_rows="1:1",
    )


def master_csv(rows: Sequence[MasterRow], rounds: Sequence[rules.Round]) -> str:
    """The master sheet as CSV for other tools: numbers stay numbers, places as Rookery ranks.

    A CSV cannot shade a cell, so missed, pending and disputed rounds are
    listed in a last "Notes" column.
    """
    _check_master(rounds, rows)
    history = {
        row.player: [
            None
            if cell is None or cell.points is None
            else cell.points
            if cell.played
            else rules.Missed(cell.points)
            for cell in row.cells
        ]
        for row in rows
    }
    by_player = {standing.player: standing for standing in rank(history, lowest_wins=True)}
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(
        [_csv_text(h) for h in ("Player", *map(_round_header, rounds))]
        + ["Total", "Went out", "Place", "Notes"]
    )
    for row in rows:
        standing = by_player[row.player]
        notes = []
        for what, test in (
            ("missed", lambda c: not c.played),
            ("pending", lambda c: c.pending),
            ("disputed", lambda c: c.disputed),
        ):
            numbers = [
                f"R{r.number}" for r, c in zip(rounds, row.cells, strict=True) if c and test(c)
            ]
            if numbers:
                notes.append(f"{what}: {' '.join(numbers)}")
        writer.writerow(
            [_csv_text(row.player)]
            + ["" if c is None or c.points is None else c.points for c in row.cells]
            + [standing.total, standing.went_out, standing.place, "; ".join(notes)]
        )
    return out.getvalue()
