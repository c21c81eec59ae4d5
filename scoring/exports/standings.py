"""The standings workbook and CSV: places, totals and tie-breaks at the end of a night."""

import csv
import io
from collections.abc import Sequence

from openpyxl import Workbook
from openpyxl.comments import Comment
from openpyxl.utils import get_column_letter

from scoring import rules
from scoring.exports.base import (
    AUTHOR,
    BOLD,
    CENTER,
    SCORE_FORMAT,
    _csv_text,
    _grid,
    _head_row,
    _plain,
    _print_setup,
    text_cell,
)

STANDING_HEADS = ("Place", "Player", "Total", "Went out", "Worst round", "Rounds played")


def standings_workbook(
    game: rules.Game,
    *,
    event_name: str,
    event_date: str,
    standings: Sequence[rules.Standing],
    progress: str = "",
) -> Workbook:
    """The final results as Rookery ranked them (`game.standings`), the winners in bold.

    Plain values, not formulas: this is the record of the night; the master
    sheet is the workbook to edit. Before the night is over, ``progress`` says
    what the totals count ("after 3 of 4 rounds; round 4's scores are coming
    in ...") in the page header and the file's title.
    """
    wb = Workbook()
    ws = wb.active
    ws.title = "Standings"
    _head_row(ws, 1, STANDING_HEADS)
    for index, standing in enumerate(standings):
        row = 2 + index
        font = BOLD if standing.place == 1 else None
        place = ws.cell(row, 1, standing.place)
        text_cell(ws, row, 2, standing.player, font=font)
        values = (standing.total, standing.went_out, standing.worst_round, standing.rounds_played)
        for col, value in enumerate(values, start=3):
            cell = ws.cell(row, col, value)
            cell.number_format = SCORE_FORMAT
            cell.alignment = CENTER
            if font:
                cell.font = font
        place.alignment = CENTER
        if font:
            place.font = font
        if standing.tied:
            place.comment = Comment(f"Shares place {standing.place}", AUTHOR)
    last = 1 + len(standings)
    _grid(ws, 1, last, 1, len(STANDING_HEADS))
    longest = max((len(str(s.player)) for s in standings), default=0)
    for col, width in enumerate((8, min(max(longest + 3, 16), 36), 9, 10, 12, 14), start=1):
        ws.column_dimensions[get_column_letter(col)].width = width
    ws.freeze_panes = "A2"
    verb = "lowest" if game.lowest_wins else "highest"
    _print_setup(
        ws,
        area=f"A1:F{last}",
        landscape=False,
        one_page=False,
        header=f"{event_name} · {event_date} · standings{' ' + progress if progress else ''}",
        footer=f"{game.name}: {verb} total wins",
        title_rows="1:1",
    )
    wb.properties.title = _plain(
        f"{event_name}, {event_date}: standings" + (f" {progress}" if progress else "")
    )
    wb.properties.creator = AUTHOR
    return wb


def standings_csv(standings: Sequence[rules.Standing]) -> str:
    """The standings as CSV, one row per player in place order; names are formula-safe."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(STANDING_HEADS)
    for s in standings:
        worst = "" if s.worst_round is None else s.worst_round
        writer.writerow([s.place, _csv_text(s.player), s.total, s.went_out, worst, s.rounds_played])
    return out.getvalue()
