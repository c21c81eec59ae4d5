"""A room's score sheets: the master sheet plus one printable sheet per table and round."""

from collections.abc import Mapping, Sequence

from openpyxl import Workbook
from openpyxl.worksheet.worksheet import Worksheet

from scoring import rules
from scoring.exports.base import (
    AUTHOR,
    BOLD,
    CENTER,
    LEFT,
    PENCIL_ROW,
    SCORE_FORMAT,
    SMALL,
    TITLE_FONT,
    Entry,
    MasterCell,
    MasterRow,
    TableSheet,
    _contract_text,
    _grid,
    _head_row,
    _merge_text,
    _plain,
    _print_setup,
    _rummy,
    _unique,
    card_values_text,
    text_cell,
)
from scoring.exports.master import _master_and_seating
from scoring.rules.base import is_whole


def rummy_event_workbook(
    game: rules.Game,
    *,
    title: str,
    date: str,
    place: str,
    master: Mapping[str, Sequence[Entry]],
    tables: Sequence[TableSheet],
    rounds_planned: int | None = None,
) -> Workbook:
    """The room's master sheet, its seating, then one printable sheet per table and round.

    `master[name][i]` is the player's round i+1 (int, `rules.Missed` or None).
    Table sheets come in round then table order, named "R1 T2". The master
    sheet has a column for each of the night's `rounds_planned` rounds (all
    the game's rounds if None), never for rounds the night does not play.
    """
    rummy = _rummy(game)
    rounds = rummy.rounds[:rounds_planned]
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

    header = f"{title} · {place}" if place else title
    seating = [(t.round_number, t.table_number, t.players) for t in ordered]
    wb = _master_and_seating(header, date, rounds, rows, seating)
    for table in ordered:
        _write_table_sheet(
            wb.create_sheet(f"R{table.round_number} T{table.table_number}"),
            rummy,
            table,
            title=title,
            date=date,
            place=place,
        )
    wb.properties.title = _plain(f"{title}, {date}")
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
    _head_row(ws, 5, ("Seat", "Player", "Score"))
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
