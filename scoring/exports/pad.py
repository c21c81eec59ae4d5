"""A trick-taking score pad (Rook for Two, partnership Rook) as a workbook and as CSV."""

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
    LEFT,
    SCORE_FORMAT,
    SMALL,
    SMALL_ITALIC,
    TITLE_FONT,
    _csv_text,
    _formula,
    _grid,
    _head_row,
    _merge_text,
    _plain,
    _print_setup,
    _unique,
    text_cell,
)


@dataclass(frozen=True)
class PadHand:
    """One hand on a score pad's sheet, with one value per side (or player) in column order.

    `took` is what each side took in the cards (None where it is not recorded),
    `points` what the rules scored it; `made` is whether the bidder reached the bid.
    `counted` is False for a hand played after the game was decided: it is listed,
    and left out of the totals.
    """

    number: int
    dealer: str
    bidder: str
    bid: int
    made: bool
    took: tuple[int | None, ...]
    points: tuple[int, ...]
    note: str = ""
    counted: bool = True


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
    _head_row(ws, head_row, heads)
    ws.row_dimensions[head_row].height = 32

    base = len(PAD_HEADS) + 1
    for index, hand in enumerate(hands):
        _hand_row(ws, first + index, first, hand, base)
    totals_row = max(first + len(hands) - 1, head_row) + 1
    _totals(ws, totals_row, first, hands, base, len(scorers))
    _grid(ws, head_row, totals_row, 1, last_col)
    rule_row = totals_row + 2
    _rules(ws, rule_row, last_col, target, winner)

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
    wb.properties.title = _plain(f"{title}, {date}")
    wb.properties.creator = AUTHOR
    return wb


def _hand_row(ws: Worksheet, row: int, first: int, hand: PadHand, base: int) -> None:
    """One hand: who dealt and bid, the bid and its fate, then per side took, points, total.

    Each total is the previous one plus the hand's points; a hand played after
    the game was decided carries the total over.
    """
    ws.cell(row, 1, hand.number).alignment = CENTER
    text_cell(ws, row, 2, hand.dealer)
    text_cell(ws, row, 3, hand.bidder)
    ws.cell(row, 4, hand.bid).alignment = CENTER
    text_cell(ws, row, 5, "made" if hand.made else "set", alignment=CENTER)
    text_cell(ws, row, 6, hand.note, font=SMALL)
    for side in range(len(hand.points)):
        took_col = base + side * len(PAD_PER_SIDE)
        points = get_column_letter(took_col + 1)
        total = get_column_letter(took_col + 2)
        took = ws.cell(row, took_col, hand.took[side])
        took.number_format = SCORE_FORMAT
        cell = ws.cell(row, took_col + 1, hand.points[side])
        cell.number_format = SCORE_FORMAT
        if hand.counted:
            formula = f"={points}{row}" if row == first else f"={total}{row - 1}+{points}{row}"
        else:  # played after the game was decided: the total carries over
            formula = f"={total}{row - 1}"
        _formula(ws, row, took_col + 2, formula, font=BOLD)


def _totals(
    ws: Worksheet, row: int, first: int, hands: Sequence[PadHand], base: int, sides: int
) -> None:
    """The totals row: each side's points summed over the hands that count."""
    # Hands after the one that decided the game come last, and are left out of the sum.
    last_counted = first + sum(1 for hand in hands if hand.counted) - 1
    text_cell(ws, row, 1, "Total", font=BOLD)
    for side in range(sides):
        points = get_column_letter(base + side * len(PAD_PER_SIDE) + 1)
        formula = f"=SUM({points}{first}:{points}{last_counted})" if hands else "=0"
        _formula(ws, row, base + side * len(PAD_PER_SIDE) + 2, formula, font=BOLD)


def _rules(ws: Worksheet, row: int, last_col: int, target: int | None, winner: str | None) -> None:
    """Under the totals: how the game is won, and who won it."""
    if target:
        _merge_text(
            ws,
            row,
            1,
            last_col,
            f"First to {target} wins; if more than one reach it on the same hand, the higher "
            "total wins, and a tie plays another hand.",
            alignment=LEFT,
            font=SMALL_ITALIC,
        )
    if winner is not None:
        _merge_text(ws, row + 1, 1, last_col, f"Winner: {winner}", font=BOLD)


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
            if hand.counted:
                running[side] += points
            took = hand.took[side]
            row += ["" if took is None else took, points, running[side]]
        writer.writerow(row)
    return out.getvalue()
