"""The score pad's game sheet as a django-tables2 table: a row per hand, a column per side."""

from __future__ import annotations

import django_tables2 as tables
from django.urls import reverse
from django.utils.html import format_html
from django.utils.safestring import mark_safe

from scoring.models import PadSheet, SheetCell, SheetRow, shown, signed

MADE = mark_safe('<span class="badge ok">made</span>')
SET = mark_safe('<span class="badge bad">set</span>')
AFTER_GAME = "played after the game was decided"


class ScorerColumn(tables.Column):
    """One side (or player): the running total, with the hand's points and what they took."""

    def __init__(self, index: int, *, leader: bool, show_took: bool = True, **kwargs):
        self.index = index
        self.show_took = show_took
        cls = "num scorer leader" if leader else "num scorer"
        kwargs.setdefault("attrs", {part: {"class": cls} for part in ("th", "td", "tf")})
        kwargs.setdefault("empty_values", ())
        kwargs.setdefault("orderable", False)
        super().__init__(**kwargs)

    def render(self, record: SheetRow):
        cell: SheetCell = record.cells[self.index]
        took = ""
        if cell.took is not None and self.show_took:
            if cell.doubled:
                took = format_html('<small class="took">took {} ×2</small>', cell.took)
            else:
                took = format_html('<small class="took">took {}</small>', cell.took)
        sign = "minus" if cell.points < 0 else ""
        if record.after_game:
            return format_html(
                '<span class="hand-points not-counted {}">{}</span>'
                '<small class="took">not counted</small>',
                sign,
                signed(cell.points),
            )
        return format_html(
            '<span class="hand-points {}">{}</span><strong class="running">{}</strong>{}',
            sign,
            signed(cell.points),
            shown(cell.total),
            took,
        )

    def value(self, record: SheetRow):
        return record.cells[self.index].total


class PadSheetTable(tables.Table):
    hand = tables.Column(
        verbose_name="Hand",
        footer="Total",
        empty_values=(),
        orderable=False,
        attrs={part: {"class": "hand-no"} for part in ("th", "td", "tf")},
    )
    bid = tables.Column(verbose_name="Bid", empty_values=(), orderable=False)

    class Meta:
        template_name = "django_tables2/table.html"
        attrs = {"class": "pad-sheet"}
        orderable = False
        row_attrs = {
            "class": lambda record: (
                ("made" if record.made else "set") + (" after-game" if record.after_game else "")
            ),
            "id": lambda record: f"hand-{record.hand.number}",
        }
        sequence = ("hand", "bid", "...")

    def render_hand(self, record: SheetRow):
        """The number, who dealt, and the way to correct the hand or see its history."""
        hand = record.hand
        url = reverse("scoring:hand_detail", args=[hand.pad_id, hand.number])
        after = (
            format_html('<small class="after-game-note">{}</small>', AFTER_GAME)
            if record.after_game
            else ""
        )
        return format_html(
            '<strong>{}</strong><small class="dealer">{} dealt</small>{}'
            '<a href="{}" class="fix-link">Fix<span class="visually-hidden"> hand {}</span>{}</a>',
            hand.number,
            record.dealer.name,
            after,
            url,
            hand.number,
            mark_safe(' <span aria-hidden="true">✎</span>') if hand.version > 1 else "",
        )

    def render_bid(self, record: SheetRow):
        hand = record.hand
        badge = MADE if record.made else SET
        extras = []
        if hand.pad.is_five and hand.taken is not None:
            extras.append(f"took {hand.taken}")
        if hand.trump:
            extras.append(hand.get_trump_display())
        if hand.all_tricks:
            extras.append(f"all tricks: {record.all_tricks_side}")
        extra = format_html('<small class="extra">{}</small>', " · ".join(extras)) if extras else ""
        return format_html(
            '<span class="bidder">{}</span> <strong>{}</strong> {}{}',
            hand.bidding_label,
            hand.bid,
            badge,
            extra,
        )


def pad_sheet_table(sheet: PadSheet) -> PadSheetTable:
    """The sheet with a column per side, the leaders' columns marked and totals in the footer."""
    leaders = {side.pk for side in sheet.leaders}
    extra = [
        (
            f"side{index}",
            ScorerColumn(
                index,
                leader=side.pk in leaders,
                show_took=not sheet.pad.is_five,
                verbose_name=side.name,
                footer=shown(total),
            ),
        )
        for index, (side, total) in enumerate(sheet.totals)
    ]
    return PadSheetTable(sheet.rows, extra_columns=extra)
