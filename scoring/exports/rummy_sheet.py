"""The printable rummy score sheet (Toonerville or Shanghai): blank to print, or filled."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from openpyxl import Workbook
from openpyxl.styles import Border
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.worksheet import Worksheet

from scoring import rules
from scoring.exports.base import (
    AUTHOR,
    BOLD,
    CENTER,
    HEADER_FILL,
    LEFT,
    MEDIUM,
    PENCIL_ROW,
    SCORE_FORMAT,
    SMALL,
    SMALL_ITALIC,
    THIN,
    TITLE_FONT,
    WRITING_LINE,
    Entry,
    _absolute,
    _contract_text,
    _counted_cells,
    _formula,
    _grid,
    _merge_text,
    _place_terms,
    _plain,
    _print_setup,
    _rummy,
    _score_cell,
    _unique,
    _went_out_formula,
    _worst_formula,
    card_values_text,
    text_cell,
)
from scoring.rules.base import is_whole


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
    wb.properties.title = _plain(title or f"{rummy.name} score sheet")
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


@dataclass(frozen=True)
class _Layout:
    """Where things go on a rummy sheet: title lines, two head rows, a row per hand, the
    totals and places, the rules, then hidden helper rows; a block of columns per player."""

    players: int
    hands: int
    block: int
    any_missed: bool
    last_col: int
    last: int
    total_row: int
    place_row: int
    values_row: int
    wins_row: int
    print_last: int
    helper_head: int
    names_row: int = 5
    sub_row: int = 6
    first: int = 7

    @classmethod
    def of(cls, players: int, hands: int, block: int, any_missed: bool) -> _Layout:
        last = cls.first + hands - 1
        place_row = last + 2
        wins_row = place_row + 3
        print_last = wins_row + 1 if any_missed else wins_row
        return cls(
            players,
            hands,
            block,
            any_missed,
            last_col=3 + players * block,
            last=last,
            total_row=last + 1,
            place_row=place_row,
            values_row=place_row + 2,
            wins_row=wins_row,
            print_last=print_last,
            helper_head=print_last + 3,
        )

    def start(self, p: int) -> int:
        """Player ``p``'s first column (the score; the running total is the block's last)."""
        return 4 + p * self.block


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
    any_missed = any(isinstance(e, rules.Missed) for row in entries for e in row)
    layout = _Layout.of(len(names), len(rounds), 3 if buys is not None else 2, any_missed)
    _title_lines(ws, layout, title, date, place)
    _column_heads(ws, layout, names, game.round_word.capitalize(), buys is not None)
    for i, round_ in enumerate(rounds):  # a row per hand
        row = layout.first + i
        ws.cell(row, 1, round_.number).alignment = CENTER
        text_cell(ws, row, 2, _contract_text(round_), alignment=LEFT)
        ws.cell(row, 3, round_.cards_dealt).alignment = CENTER
        ws.row_dimensions[row].height = PENCIL_ROW
    helper_rows = [
        _player_block(ws, layout, p, entries[p], None if buys is None else buys[p])
        for p in range(layout.players)
    ]
    _totals_and_rules(ws, layout, game)
    _rummy_helpers(
        ws, layout.helper_head, helper_rows, names, entries, rounds, layout.first, layout.block
    )
    widths = _widths(ws, layout, buys is not None)
    width_pt = sum(widths.values()) * 5.6
    height_pt = sum((ws.row_dimensions[r].height or 15) for r in range(1, layout.print_last + 1))
    _print_setup(
        ws,
        area=f"A1:{get_column_letter(layout.last_col)}{layout.print_last}",
        landscape=width_pt > height_pt,
        one_page=True,
        header=title,
        footer=f"{game.name} · Rookery",
    )


def _title_lines(
    ws: Worksheet, layout: _Layout, title: str, date: str | None, place: str | None
) -> None:
    """Title, date and place lines (blank lines to write on when not given)."""
    last_col = layout.last_col
    _merge_text(ws, 1, 1, last_col, title, font=TITLE_FONT, alignment=CENTER)
    ws.row_dimensions[1].height = 30
    for row, label, value in ((2, "Date:", date), (3, "Place:", place)):
        text_cell(ws, row, 1, label, font=BOLD)
        _merge_text(ws, row, 2, last_col, value, alignment=LEFT)
        for cell in ws[row][1:last_col]:
            cell.border = WRITING_LINE
        ws.row_dimensions[row].height = 24
    ws.row_dimensions[4].height = 8


def _column_heads(
    ws: Worksheet, layout: _Layout, names: Sequence[str | None], word: str, with_buys: bool
) -> None:
    """Column heads: one block (score, [buys], running total) per player."""
    names_row, sub_row, block = layout.names_row, layout.sub_row, layout.block
    for col, label in ((1, word), (2, "Contract"), (3, "Cards")):
        text_cell(ws, names_row, col, label, font=BOLD, alignment=CENTER, fill=HEADER_FILL)
        ws.merge_cells(start_row=names_row, start_column=col, end_row=sub_row, end_column=col)
    ws.row_dimensions[names_row].height = PENCIL_ROW
    ws.row_dimensions[sub_row].height = 16
    for p, name in enumerate(names):
        start = layout.start(p)
        _merge_text(ws, names_row, start, start + block - 1, name, font=BOLD, alignment=CENTER)
        heads = ["Score", "Buys", "Total"] if with_buys else ["Score", "Total"]
        for offset, head in enumerate(heads):
            text_cell(ws, sub_row, start + offset, head, font=SMALL, alignment=CENTER)
            ws.cell(sub_row, start + offset).fill = HEADER_FILL


def _player_block(
    ws: Worksheet,
    layout: _Layout,
    p: int,
    entries: Sequence[Entry],
    buys: Sequence[int | None] | None,
) -> int:
    """Player ``p``'s scores, buys and running totals, their total and place; returns the
    hidden helper row their place is read from."""
    first, last, block = layout.first, layout.last, layout.block
    start = layout.start(p)
    score_col, total_col = get_column_letter(start), get_column_letter(start + block - 1)
    scores = f"{score_col}{first}:{score_col}{last}"
    for i in range(layout.hands):
        row = first + i
        entry = entries[i]
        score = ws.cell(row, start)
        if isinstance(entry, rules.Missed):
            _score_cell(score, entry.points, missed=True)
        else:
            _score_cell(score, entry, missed=False)
        if buys is not None:
            bought = ws.cell(row, start + 1, buys[i])
            bought.number_format = SCORE_FORMAT
            bought.alignment = CENTER
            bought.font = SMALL
        # Shown from the first hand with a score at or below it, so a
        # hand left blank never breaks the chain and a blank sheet prints blank.
        later = f"{score_col}{row}:{score_col}${last}"
        adds = f"N({score_col}{row})"
        if i:
            adds = f"N({total_col}{row - 1})+{adds}"
        running = f'=IF(COUNT({later})=0,"",{adds})'
        _formula(ws, row, start + block - 1, running, alignment=CENTER, font=BOLD)
    _merge_text(ws, layout.total_row, start, start + block - 1, None)
    total = f'=IF(COUNT({scores})=0,"",SUM({scores}))'
    _formula(ws, layout.total_row, start, total, alignment=CENTER, font=BOLD)
    helper_row = layout.helper_head + 1 + p
    _merge_text(ws, layout.place_row, start, start + block - 1, None)
    _formula(ws, layout.place_row, start, f"=E{helper_row}", alignment=CENTER, font=BOLD)
    return helper_row


def _totals_and_rules(ws: Worksheet, layout: _Layout, game: rules.RummyGame) -> None:
    """The Total and Place labels, the grid, and the rules under the sheet."""
    total_row, place_row, last_col = layout.total_row, layout.place_row, layout.last_col
    text_cell(ws, total_row, 1, "Total", font=BOLD, alignment=LEFT)
    ws.merge_cells(start_row=total_row, start_column=1, end_row=total_row, end_column=3)
    text_cell(ws, place_row, 1, "Place (lowest total = 1)", font=BOLD, alignment=LEFT)
    ws.merge_cells(start_row=place_row, start_column=1, end_row=place_row, end_column=3)
    for row in (total_row, place_row):
        ws.row_dimensions[row].height = 24
    _grid(ws, layout.names_row, place_row, 1, last_col)
    for p in range(layout.players):  # a heavier line between players' blocks
        for row in range(layout.names_row, place_row + 1):
            cell = ws.cell(row, layout.start(p))
            cell.border = Border(left=MEDIUM, right=THIN, top=THIN, bottom=THIN)

    values = f"Card values: {card_values_text(game)}"
    _merge_text(ws, layout.values_row, 1, last_col, values, alignment=LEFT)
    wins = (
        f"Lowest total wins. The player who goes out scores 0; everyone else scores "
        f"the cards left in their hand.{_buys_rule(game)}"
    )
    _merge_text(ws, layout.wins_row, 1, last_col, wins, alignment=LEFT, font=SMALL)
    if layout.any_missed:
        missed = "Shaded score: a missed round, filled by the house rule."
        _merge_text(ws, layout.print_last, 1, last_col, missed, alignment=LEFT, font=SMALL_ITALIC)


def _widths(ws: Worksheet, layout: _Layout, with_buys: bool) -> dict[int, int]:
    """Set the columns' widths; returns them, to choose the page's orientation."""
    widths = {1: 7, 2: 24, 3: 7}
    for p in range(layout.players):
        start = layout.start(p)
        widths[start] = 9
        widths[start + layout.block - 1] = 9
        if with_buys:
            widths[start + 1] = 6
    for col, width in widths.items():
        ws.column_dimensions[get_column_letter(col)].width = width
    return widths


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
            _counted_cells(ws, row, flag0 + i, counted0 + i, played, f"{score_col}{first + i}")
        counted = (
            f"{get_column_letter(counted0)}{row}:{get_column_letter(counted0 + hands - 1)}{row}"
        )
        ws.cell(row, 3, _went_out_formula(counted))
        ws.cell(row, 4, _worst_formula(counted))
        ws.cell(row, 5, f'=IF(B{row}="","",{_place_terms(total, went, worst, row)})')
    for row in range(head - 1, rows[-1] + 1):
        ws.row_dimensions[row].hidden = True
