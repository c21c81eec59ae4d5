"""The standings workbook and CSV: places, totals and tie-breaks at the end of a night.

The workbook's Standings sheet keeps every round's score beside the totals, so
its Total (a SUM over the round columns), Went out, Worst round, Rounds played
and Place are formulas, the same ones as the master sheet's: a score corrected
in Excel or LibreOffice re-ranks the room the way Rookery does (lowest total,
then more rounds went out, then the lower worst played round; players equal on
all three share the place: 1, 2, 2, 4). A Seating sheet lists each round's
tables and seats.
"""

import csv
import io
from collections.abc import Sequence

from openpyxl import Workbook
from openpyxl.formatting.rule import FormulaRule
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.worksheet import Worksheet

from scoring import rules
from scoring.exports.base import (
    AUTHOR,
    BOLD,
    CENTER,
    DISPUTED_FILL,
    DISPUTED_NOTE,
    PENDING_FILL,
    PENDING_NOTE,
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
from scoring.exports.master import _write_seating
from scoring.rules.base import rank

STANDING_HEADS = ("Place", "Player", "Total", "Went out", "Worst round", "Rounds played")


def standings_workbook(
    game: rules.Game,
    *,
    event_name: str,
    event_date: str,
    rounds: Sequence[rules.Round],
    rows: Sequence[MasterRow],
    seating: Sequence[SeatingRound] = (),
    progress: str = "",
) -> Workbook:
    """The night's results, ranked, with the seating on a second sheet.

    ``rows`` hold each player's counted rounds (a round whose scores are still
    coming in has no points yet, so the totals count what the app's standings
    count); they are written in Rookery's place order, and the places are
    formulas, so they stay right when a score is edited. Before the night is
    over, ``progress`` says what the totals count ("after 3 of 4 rounds ...")
    in the page header and the file's title.
    """
    _rummy(game)
    _check(rounds, rows)
    wb = Workbook()
    ws = wb.active
    ws.title = "Standings"
    _write_standings(ws, rounds, _in_place_order(rows))
    header = f"{event_name} · {event_date} · standings{' ' + progress if progress else ''}"
    _print_setup(
        ws,
        area=f"A1:{get_column_letter(6 + len(rounds))}{len(rows) + 1}",
        landscape=len(rounds) > 7,
        one_page=False,
        header=header,
        footer="Lowest total wins; ties: more rounds went out, then the lower worst round",
        title_rows="1:1",
    )
    tables = [
        (seating_round.number, number, seats)
        for seating_round in seating
        for number, seats in enumerate(seating_round.tables, start=1)
    ]
    _write_seating(
        wb.create_sheet("Seating"), event_name=event_name, event_date=event_date, tables=tables
    )
    wb.properties.title = _plain(
        f"{event_name}, {event_date}: standings" + (f" {progress}" if progress else "")
    )
    wb.properties.creator = AUTHOR
    return wb


def _check(rounds: Sequence[rules.Round], rows: Sequence[MasterRow]) -> None:
    if not rounds:
        raise ValueError("standings need at least one round")
    _unique([row.player for row in rows], "player")
    for row in rows:
        if len(row.cells) != len(rounds):
            raise ValueError(
                f"{row.player} has {len(row.cells)} cells but the sheet has {len(rounds)} rounds"
            )


def _in_place_order(rows: Sequence[MasterRow]) -> list[MasterRow]:
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
    by_player = {row.player: row for row in rows}
    return [by_player[s.player] for s in rank(history, lowest_wins=True)]


def _write_standings(ws: Worksheet, rounds: Sequence[rules.Round], rows: list[MasterRow]) -> None:
    """Place, Player, a column per round, Total, Went out, Worst round, Rounds played,
    then the hidden helpers: the worst round as a ranking key, a played? flag and a
    counted score per round."""
    count = len(rounds)
    total, went, worst, played = count + 3, count + 4, count + 5, count + 6
    worst_key, flag0 = count + 7, count + 8
    counted0 = flag0 + count
    last_helper = counted0 + count - 1
    heads = ["Place", "Player", *(f"R{r.number}" for r in rounds)]
    heads += ["Total", "Went out", "Worst round", "Rounds played"]
    _head_row(ws, 1, heads)
    first, last = 2, len(rows) + 1
    ranks = tuple(_absolute(c, first, last) for c in (total, went, worst_key))
    for index, master_row in enumerate(rows):
        row = first + index
        text_cell(ws, row, 2, master_row.player)
        for i, master_cell in enumerate(master_row.cells):
            cell = ws.cell(row, 3 + i)
            was_played = master_cell is None or master_cell.played
            points = None if master_cell is None else master_cell.points
            _score_cell(cell, points, missed=not was_played)
            if master_cell is not None and master_cell.disputed:
                _mark(cell, DISPUTED_FILL, DISPUTED_NOTE)
            elif master_cell is not None and master_cell.pending:
                _mark(cell, PENDING_FILL, PENDING_NOTE)
            letter = get_column_letter(3 + i)
            _counted_cells(ws, row, flag0 + i, counted0 + i, was_played, f"{letter}{row}")
        counted = f"{get_column_letter(counted0)}{row}:{get_column_letter(last_helper)}{row}"
        _formula(ws, row, total, f"=SUM(C{row}:{get_column_letter(2 + count)}{row})")
        _formula(ws, row, went, _went_out_formula(counted))
        _formula(ws, row, worst, f'=IF(COUNT({counted})=0,"",MAX({counted}))')
        _formula(ws, row, played, f"=COUNT({counted})")
        ws.cell(row, worst_key, _worst_formula(counted))
        _formula(ws, row, 1, f"={_place_terms(*ranks, row)}")
        for col in (1, total, went, worst, played):
            ws.cell(row, col).alignment = CENTER
    if rows:
        _grid(ws, 1, last, 1, played)
        # The winners in bold, worked out from the Place formula so an edit moves it.
        ws.conditional_formatting.add(
            f"A{first}:{get_column_letter(played)}{last}",
            FormulaRule(formula=[f"$A{first}=1"], font=BOLD),
        )
    _widths(ws, rows, count, total, worst_key, last_helper)
    ws.freeze_panes = "C2"


def _widths(
    ws: Worksheet, rows: list[MasterRow], count: int, total: int, first_hidden: int, last: int
) -> None:
    longest = max((len(row.player) for row in rows), default=0)
    ws.column_dimensions["A"].width = 8
    ws.column_dimensions["B"].width = min(max(longest + 3, 16), 36)
    for col in range(3, 3 + count):
        ws.column_dimensions[get_column_letter(col)].width = 7
    for col, width in zip(range(total, total + 4), (9, 10, 12, 14), strict=True):
        ws.column_dimensions[get_column_letter(col)].width = width
    for col in range(first_hidden, last + 1):
        ws.column_dimensions[get_column_letter(col)].hidden = True


def standings_csv(standings: Sequence[rules.Standing]) -> str:
    """The standings as CSV, one row per player in place order; names are formula-safe."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(STANDING_HEADS)
    for s in standings:
        worst = "" if s.worst_round is None else s.worst_round
        writer.writerow([s.place, _csv_text(s.player), s.total, s.went_out, worst, s.rounds_played])
    return out.getvalue()
