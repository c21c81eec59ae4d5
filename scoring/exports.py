"""Score sheets and standings as Excel workbooks and CSV: data in, workbook (or text) out.

Hosts print these sheets before a game and take the master sheet home after
one, so every workbook is built to be printed (print area, one page wide,
borders, pencil-sized rows) and to keep working when a score is edited in
Excel or LibreOffice: totals, places and rounds went out are formulas, never
numbers frozen at export time.

Nothing here touches Django or the database; the views turn models into the
plain values these builders take. Every name and label goes through
`text_cell`, so a player called "=HYPERLINK(...)" stays a name, never a formula.

How the formulas tell a missed round from a played one: a missed round is
written as its number (it counts in the total) and each score cell has a
hidden "played?" flag (1 played, 0 missed) beside a hidden "counted" cell,
`=IF(AND(flag=1,ISNUMBER(score)),score,"")`. Rounds went out count the
counted zeros and the worst round is the largest counted score, so editing a
visible score recomputes everything while a missed round never counts as
going out or as the worst round (RULES.md, `scoring.rules.Missed`).

Places follow RULES.md's tie-breaks without any array formula: one plus the
number of players strictly ahead, i.e. with a lower total, or an equal total
and more rounds went out, or both equal and a lower worst played round
(three COUNTIF/COUNTIFS terms). Players equal on all three share the place.
"""

import csv
import io
import re
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from openpyxl import Workbook
from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE, Cell
from openpyxl.comments import Comment
from openpyxl.styles import Alignment, Border, Font, PatternFill, Side
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.worksheet import Worksheet

from scoring import rules
from scoring.rules.base import is_whole, rank

__all__ = [
    "MasterCell",
    "MasterRow",
    "SeatingRound",
    "TableSheet",
    "card_values_text",
    "filename",
    "master_csv",
    "master_workbook",
    "rummy_event_workbook",
    "rummy_sheet",
    "standings_csv",
    "standings_workbook",
    "text_cell",
]

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


# -- data in ------------------------------------------------------------------


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


# -- safety -------------------------------------------------------------------


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


# -- shared sheet pieces --------------------------------------------------------


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


# -- the printable rummy score sheet --------------------------------------------


def rummy_sheet(
    game: rules.Game,
    *,
    players: Sequence[str] | int = 6,
    title: str | None = None,
    date: str | None = None,
    place: str | None = None,
    scores: Mapping[str, Sequence[Entry]] | None = None,
    buys: Mapping[str, Sequence[int | None]] | None = None,
) -> Workbook:
    """The score sheet families print before a Shanghai or Toonerville game, blank or filled.

    `players` is how many columns to print (blank sheet) or the players' names.
    `scores[name][i]` is hand i+1: an int, a `rules.Missed` (shaded, with a
    note) or None (not played yet). `buys` adds a narrow "Buys" column per
    player (an empty mapping prints empty ones to fill in by hand).

    Every total and place is a formula, so a sheet filled in later in Excel or
    LibreOffice adds up as Rookery does.
    """
    rummy = _rummy(game)
    names: list[str | None]
    if is_whole(players):
        if scores is not None:
            raise ValueError("scores need the players' names: pass players=[...names]")
        names = [None] * players
    elif isinstance(players, Sequence) and not isinstance(players, str):
        _unique(players, "player")
        names = list(players)
    else:
        raise TypeError(f"players must be a number of columns or a list of names, not {players!r}")
    problem = rummy.table_problem(len(names))
    if problem:
        raise ValueError(problem)
    rounds = rummy.rounds_for(len(names))
    entries = _per_player(names, scores or {}, len(rounds), "scores")
    buy_entries = None if buys is None else _per_player(names, buys, len(rounds), "buys")
    for name, row in zip(names, entries, strict=True):
        for entry in row:
            if not (entry is None or isinstance(entry, rules.Missed) or is_whole(entry)):
                raise TypeError(f"{name}'s score {entry!r} must be an int, Missed or None")

    wb = Workbook()
    ws = wb.active
    ws.title = "Score sheet"
    _write_rummy_sheet(
        ws,
        rummy,
        rounds,
        names=names,
        title=title or f"{rummy.name} score sheet",
        date=date,
        place=place,
        entries=entries,
        buys=buy_entries,
    )
    wb.properties.title = title or f"{rummy.name} score sheet"
    wb.properties.creator = AUTHOR
    return wb


def _per_player(
    names: Sequence[str | None], values: Mapping[str, Sequence], count: int, what: str
) -> list[list]:
    unknown = [key for key in values if key not in names]
    if unknown:
        raise ValueError(f"{what} for {unknown!r}, who are not among the players {names!r}")
    rows = []
    for name in names:
        row = list(values.get(name, ())) if name is not None else []
        if len(row) > count:
            raise ValueError(f"{name} has {len(row)} {what} but the game has {count} rounds")
        rows.append(row + [None] * (count - len(row)))
    return rows


def _write_rummy_sheet(
    ws: Worksheet,
    game: rules.RummyGame,
    rounds: Sequence[rules.Round],
    *,
    names: Sequence[str | None],
    title: str,
    date: str | None,
    place: str | None,
    entries: Sequence[Sequence[Entry]],
    buys: Sequence[Sequence[int | None]] | None,
) -> None:
    players, hands = len(names), len(rounds)
    block = 3 if buys is not None else 2
    last_col = 3 + players * block
    names_row, sub_row, first = 5, 6, 7
    last = first + hands - 1
    total_row, place_row = last + 1, last + 2
    values_row, wins_row = place_row + 2, place_row + 3
    any_missed = any(isinstance(e, rules.Missed) for row in entries for e in row)
    print_last = wins_row + 1 if any_missed else wins_row
    helper_head = print_last + 3
    word = game.round_word.capitalize()

    # Title, date and place lines (blank lines to write on when not given).
    _merge_text(ws, 1, 1, last_col, title, font=TITLE_FONT, alignment=CENTER)
    ws.row_dimensions[1].height = 30
    for row, label, value in ((2, "Date:", date), (3, "Place:", place)):
        text_cell(ws, row, 1, label, font=BOLD)
        _merge_text(ws, row, 2, last_col, value, alignment=LEFT)
        for cell in ws[row][1:last_col]:
            cell.border = WRITING_LINE
        ws.row_dimensions[row].height = 24
    ws.row_dimensions[4].height = 8

    # Column heads: one block (score, [buys], running total) per player.
    for col, label in ((1, word), (2, "Contract"), (3, "Cards")):
        text_cell(ws, names_row, col, label, font=BOLD, alignment=CENTER, fill=HEADER_FILL)
        ws.merge_cells(start_row=names_row, start_column=col, end_row=sub_row, end_column=col)
    ws.row_dimensions[names_row].height = PENCIL_ROW
    ws.row_dimensions[sub_row].height = 16
    for p, name in enumerate(names):
        start = 4 + p * block
        _merge_text(ws, names_row, start, start + block - 1, name, font=BOLD, alignment=CENTER)
        heads = ["Score", "Buys", "Total"] if buys is not None else ["Score", "Total"]
        for offset, head in enumerate(heads):
            text_cell(ws, sub_row, start + offset, head, font=SMALL, alignment=CENTER)
            ws.cell(sub_row, start + offset).fill = HEADER_FILL

    # A row per hand.
    for i, round_ in enumerate(rounds):
        row = first + i
        ws.cell(row, 1, round_.number).alignment = CENTER
        text_cell(ws, row, 2, _contract_text(round_), alignment=LEFT)
        ws.cell(row, 3, round_.cards_dealt).alignment = CENTER
        ws.row_dimensions[row].height = PENCIL_ROW

    helper_rows = []
    for p in range(players):
        start = 4 + p * block
        score_col, total_col = get_column_letter(start), get_column_letter(start + block - 1)
        scores = f"{score_col}{first}:{score_col}{last}"
        for i in range(hands):
            row = first + i
            entry = entries[p][i]
            score = ws.cell(row, start)
            score.number_format = SCORE_FORMAT
            score.alignment = CENTER
            if isinstance(entry, rules.Missed):
                score.value = entry.points
                _mark(score, MISSED_FILL, MISSED_NOTE)
            elif entry is not None:
                score.value = entry
                if entry == 0:
                    score.font = BOLD
            if buys is not None:
                bought = ws.cell(row, start + 1, buys[p][i])
                bought.number_format = SCORE_FORMAT
                bought.alignment = CENTER
                bought.font = SMALL
            # Shown from the first hand with a score at or below it, so a
            # hand left blank never breaks the chain and a blank sheet prints blank.
            later = f"{score_col}{row}:{score_col}${last}"
            adds = f"N({score_col}{row})"
            if i:
                adds = f"N({total_col}{row - 1})+{adds}"
            _formula(
                ws,
                row,
                start + block - 1,
                f'=IF(COUNT({later})=0,"",{adds})',
                alignment=CENTER,
                font=BOLD,
            )
        _merge_text(ws, total_row, start, start + block - 1, None)
        _formula(
            ws,
            total_row,
            start,
            f'=IF(COUNT({scores})=0,"",SUM({scores}))',
            alignment=CENTER,
            font=BOLD,
        )
        helper_row = helper_head + 1 + p
        helper_rows.append(helper_row)
        _merge_text(ws, place_row, start, start + block - 1, None)
        _formula(ws, place_row, start, f"=E{helper_row}", alignment=CENTER, font=BOLD)

    text_cell(ws, total_row, 1, "Total", font=BOLD, alignment=LEFT)
    ws.merge_cells(start_row=total_row, start_column=1, end_row=total_row, end_column=3)
    text_cell(ws, place_row, 1, "Place (lowest total = 1)", font=BOLD, alignment=LEFT)
    ws.merge_cells(start_row=place_row, start_column=1, end_row=place_row, end_column=3)
    for row in (total_row, place_row):
        ws.row_dimensions[row].height = 24
    _grid(ws, names_row, place_row, 1, last_col)
    for p in range(players):  # a heavier line between players' blocks
        start = 4 + p * block
        for row in range(names_row, place_row + 1):
            cell = ws.cell(row, start)
            cell.border = Border(left=MEDIUM, right=THIN, top=THIN, bottom=THIN)

    _merge_text(
        ws, values_row, 1, last_col, f"Card values: {card_values_text(game)}", alignment=LEFT
    )
    _merge_text(
        ws,
        wins_row,
        1,
        last_col,
        f"Lowest total wins. The player who goes out scores 0; everyone else scores "
        f"the cards left in their hand.{_buys_rule(game)}",
        alignment=LEFT,
        font=SMALL,
    )
    if any_missed:
        _merge_text(
            ws,
            print_last,
            1,
            last_col,
            "Shaded score: a missed round, filled by the house rule.",
            alignment=LEFT,
            font=SMALL_ITALIC,
        )

    _rummy_helpers(ws, helper_head, helper_rows, names, entries, rounds, first, block)

    widths = {1: 7, 2: 24, 3: 7}
    for p in range(players):
        start = 4 + p * block
        widths[start] = 9
        widths[start + block - 1] = 9
        if buys is not None:
            widths[start + 1] = 6
    for col, width in widths.items():
        ws.column_dimensions[get_column_letter(col)].width = width

    width_pt = sum(widths.values()) * 5.6
    height_pt = sum((ws.row_dimensions[r].height or 15) for r in range(1, print_last + 1))
    _print_setup(
        ws,
        area=f"A1:{get_column_letter(last_col)}{print_last}",
        landscape=width_pt > height_pt,
        one_page=True,
        header=title,
        footer=f"{game.name} · Rookery",
    )


def _buys_rule(game: rules.RummyGame) -> str:
    cap = game.max_buys
    if cap is None:
        return ""
    return f" At most {cap} buys a {game.round_word}."


def _rummy_helpers(
    ws: Worksheet,
    head: int,
    rows: Sequence[int],
    names: Sequence[str | None],
    entries: Sequence[Sequence[Entry]],
    rounds: Sequence[rules.Round],
    first: int,
    block: int,
) -> None:
    """Hidden rows below the print area: the per-player figures the place formula ranks by.

    One row per player: total, rounds went out, worst played round, place, then
    a played? flag (1/0) and a counted score per hand, as in the master sheet.
    """
    hands = len(rounds)
    headers = ["Player (for the place formula)", "Total", "Went out", "Worst round", "Place"]
    headers += [f"{r.number} played? (1 played, 0 missed)" for r in rounds]
    headers += [f"{r.number} counted" for r in rounds]
    for col, label in enumerate(headers, start=1):
        text_cell(ws, head, col, label, font=SMALL)
    total, went, worst = (_absolute(c, rows[0], rows[-1]) for c in (2, 3, 4))
    flag0, counted0 = 6, 6 + hands
    for p, row in enumerate(rows):
        start = 4 + p * block
        score_col = get_column_letter(start)
        text_cell(ws, row, 1, names[p] or f"Column {p + 1}")
        ws.cell(row, 2, f"={score_col}{first + hands}")  # the visible total row
        for i in range(hands):
            played = not isinstance(entries[p][i], rules.Missed)
            flag = ws.cell(row, flag0 + i, 1 if played else 0)
            ws.cell(
                row,
                counted0 + i,
                _counted_formula(flag.coordinate, f"{score_col}{first + i}"),
            )
        counted = (
            f"{get_column_letter(counted0)}{row}:{get_column_letter(counted0 + hands - 1)}{row}"
        )
        ws.cell(row, 3, _went_out_formula(counted))
        ws.cell(row, 4, _worst_formula(counted))
        ws.cell(row, 5, f'=IF(B{row}="","",{_place_terms(total, went, worst, row)})')
    for row in range(head - 1, rows[-1] + 1):
        ws.row_dimensions[row].hidden = True


# -- the master sheet -------------------------------------------------------------


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
    wb = Workbook()
    ws = wb.active
    ws.title = "Master sheet"
    _write_master(ws, event_name=event_name, event_date=event_date, rounds=rounds, rows=rows)
    _write_seating(
        wb.create_sheet("Seating"),
        event_name=event_name,
        event_date=event_date,
        tables=[
            (seating_round.number, number, seats)
            for seating_round in seating
            for number, seats in enumerate(seating_round.tables, start=1)
        ],
    )
    wb.properties.title = f"{event_name}, {event_date}: master sheet"
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


def _write_master(
    ws: Worksheet,
    *,
    event_name: str,
    event_date: str,
    rounds: Sequence[rules.Round],
    rows: Sequence[MasterRow],
) -> None:
    _check_master(rounds, rows)
    count, players = len(rounds), len(rows)
    total_col, went_col, place_col = count + 2, count + 3, count + 4
    worst_col, flag0 = count + 5, count + 6
    counted0 = flag0 + count
    last_helper = counted0 + count - 1
    first, last = 2, players + 1

    heads = ["Player", *map(_round_header, rounds), "Total", "Went out", "Place"]
    heads += ["Worst played round (tie-break)"]
    heads += [f"R{r.number} played? (1 played, 0 missed)" for r in rounds]
    heads += [f"R{r.number} counted" for r in rounds]
    for col, label in enumerate(heads, start=1):
        text_cell(ws, 1, col, label, font=BOLD, alignment=CENTER, fill=HEADER_FILL)
    ws.row_dimensions[1].height = 32

    total, went, worst = (_absolute(c, first, last) for c in (total_col, went_col, worst_col))
    round_letters = [get_column_letter(2 + i) for i in range(count)]
    for index, master_row in enumerate(rows):
        row = first + index
        text_cell(ws, row, 1, master_row.player, font=BOLD)
        for i, master_cell in enumerate(master_row.cells):
            cell = ws.cell(row, 2 + i)
            cell.number_format = SCORE_FORMAT
            cell.alignment = CENTER
            played = master_cell is None or master_cell.played
            if master_cell is not None:
                cell.value = master_cell.points
                if not master_cell.played:
                    _mark(cell, MISSED_FILL, MISSED_NOTE)
                elif master_cell.points == 0:
                    cell.font = BOLD
                if master_cell.disputed:
                    _mark(cell, DISPUTED_FILL, DISPUTED_NOTE)
                elif master_cell.pending:
                    _mark(cell, PENDING_FILL, PENDING_NOTE)
            flag = ws.cell(row, flag0 + i, 1 if played else 0)
            ws.cell(
                row, counted0 + i, _counted_formula(flag.coordinate, f"{round_letters[i]}{row}")
            )
        counted = f"{get_column_letter(counted0)}{row}:{get_column_letter(last_helper)}{row}"
        _formula(ws, row, total_col, f"=SUM(B{row}:{round_letters[-1]}{row})", font=BOLD)
        _formula(ws, row, went_col, _went_out_formula(counted))
        _formula(ws, row, place_col, f"={_place_terms(total, went, worst, row)}", font=BOLD)
        ws.cell(row, worst_col, _worst_formula(counted))
        for col in (total_col, went_col, place_col):
            ws.cell(row, col).alignment = CENTER
    if players:
        _grid(ws, 1, last, 1, place_col)
        ws.auto_filter.ref = f"A1:{get_column_letter(last_helper)}{last}"

    key_row = last + 2
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

    longest = max((len(row.player) for row in rows), default=0)
    ws.column_dimensions["A"].width = min(max(longest + 3, 14), 32)
    for letter in round_letters:
        ws.column_dimensions[letter].width = 12
    for col, width in ((total_col, 8), (went_col, 9), (place_col, 7)):
        ws.column_dimensions[get_column_letter(col)].width = width
    for col in range(worst_col, last_helper + 1):
        ws.column_dimensions[get_column_letter(col)].hidden = True

    ws.freeze_panes = "B2"
    _print_setup(
        ws,
        area=f"A1:{get_column_letter(place_col)}{key_row}",
        landscape=True,
        one_page=False,
        header=f"{event_name} · {event_date} · master sheet",
        footer="Lowest total wins; ties: more rounds went out, then the lower worst round",
        title_rows="1:1",
    )


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
    for col, label in enumerate(heads, start=1):
        text_cell(ws, 1, col, label, font=BOLD, alignment=CENTER, fill=HEADER_FILL)
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


# -- a multi-table Shanghai (or Toonerville) event ----------------------------------


def rummy_event_workbook(
    game: rules.Game,
    *,
    title: str,
    date: str,
    place: str,
    master: Mapping[str, Sequence[Entry]],
    tables: Sequence[TableSheet],
) -> Workbook:
    """The room's master sheet, its seating, then one printable sheet per table and round.

    `master[name][i]` is the player's round i+1 (int, `rules.Missed` or None).
    Table sheets come in round then table order, named "R1 T2".
    """
    rummy = _rummy(game)
    rounds = rummy.rounds
    rows = []
    for name, entries in master.items():
        if len(entries) > len(rounds):
            raise ValueError(f"{name} has {len(entries)} scores but the game has {len(rounds)}")
        cells = [_master_cell(entry) for entry in entries]
        rows.append(MasterRow(name, tuple(cells + [None] * (len(rounds) - len(cells)))))
    ordered = sorted(tables, key=lambda t: (t.round_number, t.table_number))
    seen = set()
    for table in ordered:
        key = (table.round_number, table.table_number)
        if key in seen:
            raise ValueError(f"round {key[0]} has two sheets for table {key[1]}")
        seen.add(key)
        if len(table.players) != len(table.scores):
            raise ValueError(
                f"round {key[0]} table {key[1]} has {len(table.players)} players "
                f"but {len(table.scores)} scores"
            )
        _unique(table.players, "player")

    wb = Workbook()
    ws = wb.active
    ws.title = "Master sheet"
    header = f"{title} · {place}" if place else title
    _write_master(ws, event_name=header, event_date=date, rounds=rounds, rows=rows)
    _write_seating(
        wb.create_sheet("Seating"),
        event_name=header,
        event_date=date,
        tables=[(t.round_number, t.table_number, t.players) for t in ordered],
    )
    for table in ordered:
        _write_table_sheet(
            wb.create_sheet(f"R{table.round_number} T{table.table_number}"),
            rummy,
            table,
            title=title,
            date=date,
            place=place,
        )
    wb.properties.title = f"{title}, {date}"
    wb.properties.creator = AUTHOR
    return wb


def _master_cell(entry: Entry) -> MasterCell | None:
    if entry is None:
        return None
    if isinstance(entry, rules.Missed):
        return MasterCell(entry.points, played=False)
    if is_whole(entry):
        return MasterCell(entry)
    raise TypeError(f"a master sheet entry must be an int, Missed or None, not {entry!r}")


def _write_table_sheet(
    ws: Worksheet,
    game: rules.RummyGame,
    table: TableSheet,
    *,
    title: str,
    date: str,
    place: str,
) -> None:
    round_ = game.round(table.round_number, len(table.players))
    word = game.round_word.capitalize()
    heading = f"{title}: {word.lower()} {table.round_number}, table {table.table_number}"
    _merge_text(ws, 1, 1, 3, heading, font=TITLE_FONT, alignment=CENTER)
    ws.row_dimensions[1].height = 30
    _merge_text(ws, 2, 1, 3, f"Date: {date}    Place: {place}", alignment=LEFT)
    _merge_text(
        ws,
        3,
        1,
        3,
        f"{word} {round_.number}: {_contract_text(round_)}; {round_.cards_dealt} cards dealt",
        alignment=LEFT,
        font=BOLD,
    )
    for col, label in enumerate(("Seat", "Player", "Score"), start=1):
        text_cell(ws, 5, col, label, font=BOLD, alignment=CENTER, fill=HEADER_FILL)
    for seat, (player, score) in enumerate(zip(table.players, table.scores, strict=True), 1):
        row = 5 + seat
        ws.cell(row, 1, seat).alignment = CENTER
        text_cell(ws, row, 2, player, alignment=LEFT)
        cell = ws.cell(row, 3, score)
        cell.number_format = SCORE_FORMAT
        cell.alignment = CENTER
        if score == 0:
            cell.font = BOLD
        ws.row_dimensions[row].height = PENCIL_ROW
    last = 5 + len(table.players)
    _grid(ws, 5, last, 1, 3)
    _merge_text(ws, last + 2, 1, 3, f"Card values: {card_values_text(game)}", alignment=LEFT)
    _merge_text(ws, last + 3, 1, 3, "The player who went out scores 0.", alignment=LEFT, font=SMALL)
    ws.row_dimensions[last + 2].height = 30
    for letter, width in (("A", 7), ("B", 30), ("C", 12)):
        ws.column_dimensions[letter].width = width
    _print_setup(
        ws,
        area=f"A1:C{last + 3}",
        landscape=False,
        one_page=True,
        header=heading,
        footer=f"{game.name} · Rookery",
    )


# -- standings ------------------------------------------------------------------


STANDING_HEADS = ("Place", "Player", "Total", "Went out", "Worst round", "Rounds played")


def standings_workbook(
    game: rules.Game,
    *,
    event_name: str,
    event_date: str,
    standings: Sequence[rules.Standing],
) -> Workbook:
    """The final results as Rookery ranked them (`game.standings`), the winners in bold.

    Plain values, not formulas: this is the record of the night; the master
    sheet is the workbook to edit.
    """
    wb = Workbook()
    ws = wb.active
    ws.title = "Standings"
    for col, label in enumerate(STANDING_HEADS, start=1):
        text_cell(ws, 1, col, label, font=BOLD, alignment=CENTER, fill=HEADER_FILL)
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
        header=f"{event_name} · {event_date} · standings",
        footer=f"{game.name}: {verb} total wins",
        title_rows="1:1",
    )
    wb.properties.title = f"{event_name}, {event_date}: standings"
    wb.properties.creator = AUTHOR
    return wb


# -- CSV ------------------------------------------------------------------------


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


def standings_csv(standings: Sequence[rules.Standing]) -> str:
    """The standings as CSV, one row per player in place order; names are formula-safe."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(STANDING_HEADS)
    for s in standings:
        worst = "" if s.worst_round is None else s.worst_round
        writer.writerow([s.place, _csv_text(s.player), s.total, s.went_out, worst, s.rounds_played])
    return out.getvalue()


# -- score pads (Rook for Two, partnership Rook) ----------------------------------


@dataclass(frozen=True)
class PadHand:
    """One hand on a score pad's sheet, with one value per side (or player) in column order.

    `took` is what each side took in the cards (None where it is not recorded),
    `points` what the rules scored it; `made` is whether the bidder reached the bid.
    """

    number: int
    dealer: str
    bidder: str
    bid: int
    made: bool
    took: tuple[int | None, ...]
    points: tuple[int, ...]
    note: str = ""


PAD_HEADS = ("Hand", "Dealer", "Bidder", "Bid", "Made or set", "Notes")
PAD_PER_SIDE = ("took", "points", "total")


def _check_pad(scorers: Sequence[str], hands: Sequence[PadHand]) -> None:
    _unique(scorers, "side")
    for hand in hands:
        if len(hand.points) != len(scorers) or len(hand.took) != len(scorers):
            raise ValueError(
                f"hand {hand.number} has {len(hand.points)} scores for {len(scorers)} sides"
            )


def pad_workbook(
    game: rules.Game,
    *,
    title: str,
    date: str,
    scorers: Sequence[str],
    hands: Sequence[PadHand],
    winner: str | None = None,
) -> Workbook:
    """A score pad's game sheet: a row per hand, then per side what it took, scored and has.

    Each running total is a formula (the previous total plus the hand's
    points) and the totals row sums the points, so a hand edited in Excel or
    LibreOffice adds up again. `winner` is who Rookery's rules named, if anyone.
    """
    _check_pad(scorers, hands)
    wb = Workbook()
    ws = wb.active
    ws.title = "Game sheet"
    target = getattr(game, "target", None)
    last_col = len(PAD_HEADS) + len(PAD_PER_SIDE) * len(scorers)
    heading = f"{title}: {game.name}" + (f" to {target}" if target else "")
    _merge_text(ws, 1, 1, last_col, heading, font=TITLE_FONT, alignment=LEFT)
    ws.row_dimensions[1].height = 26
    _merge_text(ws, 2, 1, last_col, f"Date: {date}", alignment=LEFT)

    head_row, first = 4, 5
    heads = list(PAD_HEADS)
    for name in scorers:
        heads += [f"{name} {what}" for what in PAD_PER_SIDE]
    for col, label in enumerate(heads, start=1):
        text_cell(ws, head_row, col, label, font=BOLD, alignment=CENTER, fill=HEADER_FILL)
    ws.row_dimensions[head_row].height = 32

    base = len(PAD_HEADS) + 1
    for index, hand in enumerate(hands):
        row = first + index
        ws.cell(row, 1, hand.number).alignment = CENTER
        text_cell(ws, row, 2, hand.dealer)
        text_cell(ws, row, 3, hand.bidder)
        ws.cell(row, 4, hand.bid).alignment = CENTER
        text_cell(ws, row, 5, "made" if hand.made else "set", alignment=CENTER)
        text_cell(ws, row, 6, hand.note, font=SMALL)
        for side in range(len(scorers)):
            took_col = base + side * len(PAD_PER_SIDE)
            points = get_column_letter(took_col + 1)
            total = get_column_letter(took_col + 2)
            took = ws.cell(row, took_col, hand.took[side])
            took.number_format = SCORE_FORMAT
            cell = ws.cell(row, took_col + 1, hand.points[side])
            cell.number_format = SCORE_FORMAT
            formula = f"={points}{row}" if row == first else f"={total}{row - 1}+{points}{row}"
            _formula(ws, row, took_col + 2, formula, font=BOLD)
    last = first + len(hands) - 1
    totals_row = max(last, head_row) + 1
    text_cell(ws, totals_row, 1, "Total", font=BOLD)
    for side in range(len(scorers)):
        points = get_column_letter(base + side * len(PAD_PER_SIDE) + 1)
        formula = f"=SUM({points}{first}:{points}{last})" if hands else "=0"
        _formula(ws, totals_row, base + side * len(PAD_PER_SIDE) + 2, formula, font=BOLD)
    _grid(ws, head_row, totals_row, 1, last_col)

    rule_row = totals_row + 2
    if target:
        _merge_text(
            ws,
            rule_row,
            1,
            last_col,
            f"First to {target} wins; if more than one reach it on the same hand, the higher "
            "total wins, and a tie plays another hand.",
            alignment=LEFT,
            font=SMALL_ITALIC,
        )
    if winner is not None:
        _merge_text(ws, rule_row + 1, 1, last_col, f"Winner: {winner}", font=BOLD)

    for col, width in enumerate((7, 14, 16, 7, 10, 22), start=1):
        ws.column_dimensions[get_column_letter(col)].width = width
    for col in range(base, last_col + 1):
        ws.column_dimensions[get_column_letter(col)].width = 11
    ws.freeze_panes = ws.cell(first, base)
    _print_setup(
        ws,
        area=f"A1:{get_column_letter(last_col)}{rule_row + 1}",
        landscape=len(scorers) > 2,
        one_page=False,
        header=f"{title} · {date}",
        footer=f"{game.name} · Rookery",
        title_rows=f"{head_row}:{head_row}",
    )
    wb.properties.title = f"{title}, {date}"
    wb.properties.creator = AUTHOR
    return wb


def pad_csv(*, scorers: Sequence[str], hands: Sequence[PadHand]) -> str:
    """A score pad's sheet as CSV: the same columns as the workbook, totals as numbers."""
    _check_pad(scorers, hands)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    heads = list(PAD_HEADS)
    for name in scorers:
        heads += [f"{name} {what}" for what in PAD_PER_SIDE]
    writer.writerow([_csv_text(h) for h in heads])
    running = [0] * len(scorers)
    for hand in hands:
        row: list[object] = [
            hand.number,
            _csv_text(hand.dealer),
            _csv_text(hand.bidder),
            hand.bid,
            "made" if hand.made else "set",
            _csv_text(hand.note),
        ]
        for side, points in enumerate(hand.points):
            running[side] += points
            took = hand.took[side]
            row += ["" if took is None else took, points, running[side]]
        writer.writerow(row)
    return out.getvalue()


__all__ += ["PadHand", "pad_csv", "pad_workbook"]
