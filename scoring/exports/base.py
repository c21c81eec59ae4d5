"""The pieces every workbook shares: the data the views pass in, safe text cells, styles,
formula helpers and print setup."""

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE, Cell
from openpyxl.comments import Comment
from openpyxl.styles import Alignment, Border, Font, PatternFill, Side
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.worksheet import Worksheet

from scoring import rules

Entry = int | rules.Missed | None


SCORE_FORMAT = "0"


NO_WORST = 1_000_000_000
"""The worst round of a player who played none: after everyone who did (RULES.md tie-break)."""


PENCIL_ROW = 30  # points: tall enough to write a score in by hand


AUTHOR = "Rookery"


MISSED_NOTE = "Missed round: filled by the house rule (counts in the total, never as went out)"


PENDING_NOTE = "Pending: this table's scores are not confirmed yet"


DISPUTED_NOTE = "Disputed: this table's scores are being checked"


THIN = Side(style="thin", color="000000")


MEDIUM = Side(style="medium", color="000000")


GRID = Border(left=THIN, right=THIN, top=THIN, bottom=THIN)


WRITING_LINE = Border(bottom=THIN)


MISSED_FILL = PatternFill("solid", fgColor="D9D9D9")


PENDING_FILL = PatternFill("solid", fgColor="FFF2CC")


DISPUTED_FILL = PatternFill("solid", fgColor="F4CCCC")


HEADER_FILL = PatternFill("solid", fgColor="EDEDED")


BOLD = Font(bold=True)


TITLE_FONT = Font(bold=True, size=16)


SMALL = Font(size=9)


SMALL_ITALIC = Font(size=9, italic=True)


CENTER = Alignment(horizontal="center", vertical="center", wrap_text=True)


LEFT = Alignment(horizontal="left", vertical="center", wrap_text=True)


FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


@dataclass(frozen=True)
class MasterCell:
    """One player's score for one round on the master sheet, with how it came to be.

    `played=False` is a missed round filled by the missed-round rule: it counts
    in the total but is never a round went out nor the worst round. `table` is
    for the web sheet; the workbook shows tables on its Seating sheet instead.
    """

    points: int | None
    table: int | None = None
    played: bool = True
    pending: bool = False
    disputed: bool = False


@dataclass(frozen=True)
class MasterRow:
    """A player's line on the master sheet: one cell per round, None where there is no score."""

    player: str
    cells: tuple[MasterCell | None, ...]


@dataclass(frozen=True)
class SeatingRound:
    """Who sat at which table in one round; tables are numbered from 1 in order, seats too."""

    number: int
    tables: tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class TableSheet:
    """One table's scores for one round of a multi-table event, printed on a sheet of its own."""

    round_number: int
    table_number: int
    players: tuple[str, ...]
    scores: tuple[int | None, ...]


def text_cell(
    ws: Worksheet,
    row: int,
    column: int,
    value: object,
    *,
    font: Font | None = None,
    alignment: Alignment | None = None,
    fill: PatternFill | None = None,
    border: Border | None = None,
) -> Cell:
    """Write a name or label as text, whatever it looks like.

    openpyxl stores any string starting with "=" as a formula (and "#N/A" as
    an error), so a player named "=1+1" would become 2 and "=HYPERLINK(...)"
    a link: the cell is forced to text. Characters the xlsx format cannot hold
    are dropped rather than refusing the whole export.
    """
    cell = ws.cell(row=row, column=column)
    if value is not None:
        cell.value = ILLEGAL_CHARACTERS_RE.sub("", str(value))
        cell.data_type = "s"
    if font is not None:
        cell.font = font
    if alignment is not None:
        cell.alignment = alignment
    if fill is not None:
        cell.fill = fill
    if border is not None:
        cell.border = border
    return cell


def _csv_text(value: object) -> str:
    """A CSV field a spreadsheet will not run: text that looks like a formula gets a leading '."""
    text = "" if value is None else str(value)
    return f"'{text}" if text.startswith(FORMULA_START) else text


def _plain(text: str) -> str:
    """Text for a workbook's properties (its title), without the characters XML can't
    hold: one there makes a file Excel and openpyxl can't open."""
    return ILLEGAL_CHARACTERS_RE.sub("", text)


def _header_text(text: str) -> str:
    """Page header text: "&" starts a code there (&P is the page number), so it is doubled."""
    return ILLEGAL_CHARACTERS_RE.sub("", text).replace("&", "&&")[:120]


def filename(event_name: str, event_date: str, what: str, ext: str) -> str:
    """A download name a host recognises in their folder and any OS accepts.

    e.g. "friday-rook-night-2026-11-20-master-sheet.xlsx": ASCII letters,
    digits and dashes only (accents folded), so no header or shell quoting is needed.
    """
    stem = "-".join(
        part for part in (_slug(event_name) or "rookery", _slug(event_date), _slug(what)) if part
    )
    stem = stem[:150].rstrip("-")
    extension = _slug(ext.lstrip("."))
    return f"{stem}.{extension}" if extension else stem


def _slug(text: str) -> str:
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", ascii_text.casefold()).strip("-")


def _formula(ws: Worksheet, row: int, column: int, formula: str, **style: object) -> Cell:
    cell = ws.cell(row=row, column=column, value=formula)
    cell.number_format = SCORE_FORMAT
    for name, value in style.items():
        setattr(cell, name, value)
    return cell


def _counted_formula(flag: str, score: str) -> str:
    """The score if the round was played, else "": what went out and worst round look at."""
    return f'=IF(AND({flag}=1,ISNUMBER({score})),{score},"")'


def _went_out_formula(counted: str) -> str:
    return f"=COUNTIF({counted},0)"


def _worst_formula(counted: str) -> str:
    return f"=IF(COUNT({counted})=0,{NO_WORST},MAX({counted}))"


def _place_terms(total: str, went: str, worst: str, row: int) -> str:
    """Players strictly ahead of `row` by RULES.md's order; `total` etc. are absolute ranges.

    A blank total ("") matches none of the criteria, so a column nobody wrote
    in takes no place.
    """
    col = _column_of
    t, w, k = f"{col(total)}{row}", f"{col(went)}{row}", f"{col(worst)}{row}"
    return (
        f'1+COUNTIF({total},"<"&{t})'
        f'+COUNTIFS({total},{t},{went},">"&{w})'
        f'+COUNTIFS({total},{t},{went},{w},{worst},"<"&{k})'
    )


def _column_of(absolute_range: str) -> str:
    return absolute_range.split("$")[1]


def _absolute(column: int, first: int, last: int) -> str:
    letter = get_column_letter(column)
    return f"${letter}${first}:${letter}${last}"


def _mark(cell: Cell, fill: PatternFill, note: str) -> None:
    cell.fill = fill
    cell.comment = Comment(note, AUTHOR, width=220, height=70)


def _head_row(ws: Worksheet, row: int, heads: Sequence[str]) -> None:
    """A row of column heads from column A: bold, centred, shaded."""
    for col, label in enumerate(heads, start=1):
        text_cell(ws, row, col, label, font=BOLD, alignment=CENTER, fill=HEADER_FILL)


def _score_cell(cell: Cell, points: int | None, *, missed: bool) -> None:
    """A score as the sheets write it: a missed round shaded with its note, a 0 (went out) bold."""
    cell.number_format = SCORE_FORMAT
    cell.alignment = CENTER
    cell.value = points
    if missed:
        _mark(cell, MISSED_FILL, MISSED_NOTE)
    elif points == 0:
        cell.font = BOLD


def _counted_cells(
    ws: Worksheet, row: int, flag_col: int, counted_col: int, played: bool, score: str
) -> None:
    """The hidden pair behind a score: its played? flag (1/0) and the counted score."""
    flag = ws.cell(row, flag_col, 1 if played else 0)
    ws.cell(row, counted_col, _counted_formula(flag.coordinate, score))


def _print_setup(
    ws: Worksheet,
    *,
    area: str,
    landscape: bool,
    one_page: bool,
    header: str,
    footer: str = "",
    title_rows: str | None = None,
) -> None:
    ws.print_area = area
    ws.page_setup.orientation = "landscape" if landscape else "portrait"
    ws.sheet_properties.pageSetUpPr.fitToPage = True
    ws.page_setup.fitToWidth = 1
    ws.page_setup.fitToHeight = 1 if one_page else 0
    ws.print_options.horizontalCentered = True
    ws.oddHeader.center.text = _header_text(header)
    ws.oddHeader.center.size = 12
    ws.oddFooter.left.text = _header_text(footer)
    ws.oddFooter.right.text = "Page &P of &N"
    if title_rows:
        ws.print_title_rows = title_rows


def _grid(ws: Worksheet, first_row: int, last_row: int, first_col: int, last_col: int) -> None:
    for row in ws.iter_rows(first_row, last_row, first_col, last_col):
        for cell in row:
            cell.border = GRID


def _merge_text(
    ws: Worksheet, row: int, first_col: int, last_col: int, value: object, **style: object
) -> Cell:
    cell = text_cell(ws, row, first_col, value, **style)
    if last_col > first_col:
        ws.merge_cells(start_row=row, start_column=first_col, end_row=row, end_column=last_col)
    return cell


def _rummy(game: rules.Game) -> rules.RummyGame:
    if not isinstance(game, rules.RummyGame):
        raise TypeError(f"{game.name} has no rummy score sheet: use Toonerville or Rook Shanghai")
    return game


def _unique(names: Sequence[str], what: str) -> None:
    seen: set[str] = set()
    for name in names:
        if not isinstance(name, str) or not name.strip():
            raise ValueError(f"every {what} needs a name, not {name!r}")
        if name in seen:
            raise ValueError(f"{name!r} is listed twice on the {what}s")
        seen.add(name)


def _contract_text(round_: rules.Round) -> str:
    if round_.discard_to_go_out:
        return round_.contract
    return f"{round_.contract} (no discard to go out)"


def card_values_text(game: rules.RummyGame) -> str:
    """The card values as a line a player reads on the printed sheet.

    e.g. "1-9 face value, 10-14: 10 points, Rook: 20" (with en dashes): built from the game's
    house rules, so a sheet for an event with its own values prints those.
    """
    black_14s = getattr(game, "black_14s_wild", False)
    values = game.card_values
    runs: list[list[int]] = []  # consecutive numbers worth the same
    for number in range(1, 14 if black_14s else 15):
        if runs and values[runs[-1][-1]] == values[number]:
            runs[-1].append(number)
        else:
            runs.append([number])
    groups: list[tuple[bool, list[int]]] = []  # (face value?, numbers)
    for run in runs:
        face = len(run) == 1 and values[run[0]] == run[0]
        if face and groups and groups[-1][0]:
            groups[-1][1].extend(run)
        else:
            groups.append((face, run))
    parts = []
    for face, numbers in groups:
        span = f"{numbers[0]}–{numbers[-1]}" if len(numbers) > 1 else str(numbers[0])
        value = values[numbers[0]]
        if face and len(numbers) > 1:
            parts.append(f"{span} face value")
        else:
            parts.append(f"{span}: {value} point{'' if value == 1 else 's'}")
    if isinstance(game, rules.Shanghai):
        others = "Rook or black 14" if black_14s else "Rook or advertising card"
        parts.append(f"wild ({others}): {game.wild_value}")
    else:
        parts.append(f"Rook: {game.wild_value}")
    return ", ".join(parts)
