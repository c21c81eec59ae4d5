"""django-tables2 tables: the master score sheet and the standings."""

from __future__ import annotations

import functools

import django_tables2 as tables
from django.urls import reverse
from django.utils.html import format_html
from django.utils.safestring import mark_safe

from tourney.night.sheet import Cell, Sheet

BLANK_SORTS_LAST = 10**9
PENDING = mark_safe('<span class="mark pending" title="Score still to come">…</span>')
MISSED = mark_safe(
    '<span class="mark missed" title="Missed round: filled by the house rule">m</span>'
)
WENT_OUT = mark_safe('<span class="mark out" title="Went out">★</span>')
DISPUTED = mark_safe('<span class="mark disputed" title="Disputed at the table">!</span>')
NOT_FINAL = mark_safe(
    '<span class="mark live" title="Not final: this round\'s scores are still coming in">~</span>'
)


class CellColumn(tables.Column):
    """One round: the score, small the table played at, and a mark for its state."""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("attrs", {"td": {"class": "num cell"}, "th": {"class": "num"}})
        kwargs.setdefault("default", "")
        super().__init__(*args, **kwargs)

    def render(self, value: Cell):
        if value.pending:
            mark, text = PENDING, ""
        elif value.missed:
            mark, text = MISSED, value.points
        elif value.went_out:
            mark, text = WENT_OUT, value.points
        else:
            mark, text = "", value.points
        dispute = DISPUTED if value.disputed else ""
        live = NOT_FINAL if not value.final and not value.pending else ""
        table = format_html('<small class="at">t{}</small>', value.table) if value.table else ""
        return format_html("{}{}{}{}{}", text, mark, live, dispute, table)

    def value(self, value: Cell):
        return "" if value is None or value.points is None else value.points


class MasterSheetTable(tables.Table):
    """The master sheet. Its rows are rendered in Python (see ``row_html``): a room of
    120 players is 5,000 cells, which the template's per-cell loop took 400 ms to draw."""

    place = tables.Column(attrs={"td": {"class": "num"}, "th": {"class": "num"}})
    player = tables.Column(verbose_name="Player", order_by=("player_sort",))
    total = tables.Column(attrs={"td": {"class": "num total"}, "th": {"class": "num"}})
    went_out = tables.Column(
        verbose_name="Went out", attrs={"td": {"class": "num"}, "th": {"class": "num"}}
    )

    class Meta:
        template_name = "tourney/master_sheet_table.html"
        # Sorting swaps the sheet in place (the URL still changes, Back still works):
        # the header link a keyboard user pressed keeps focus, the page keeps its scroll.
        attrs = {
            "class": "master-sheet",
            "thead": {"hx-boost": "true", "hx-target": "#sheet", "hx-swap": "morph show:none"},
        }
        orderable = True
        order_by = ("place",)
        sequence = ("place", "player", "...", "total", "went_out")

    def render_place(self, value, record):
        return f"={value}" if record["tied"] else value

    def render_player(self, value, record):
        return format_html('<a href="{}">{}</a>', record["player_url"], value)

    def value_player(self, value):
        return value

    def row_html(self, record: dict) -> str:
        """One body row, cell by cell as django-tables2 renders it: each column's td
        attributes, its ``render``/``render_<name>``, and blank for an empty value."""
        if self._row_parts is None:
            self._row_parts = [
                (
                    bound.accessor,
                    format_html("<td {}>", bound.attrs["td"].as_html()),
                    getattr(self, f"render_{bound.name}", None),
                    bound.column,
                )
                for bound in self.columns
            ]
        cells = []
        for accessor, td, render_method, column in self._row_parts:
            value = record.get(accessor)
            if value in column.empty_values:
                shown = column.default
            elif render_method is not None:
                shown = render_method(value=value, record=record)
            else:
                shown = column.render(value)
            cells.append(format_html("{}{}</td>", td, shown))
        return mark_safe("".join(cells))  # every part went through format_html

    _row_parts: list | None = None


def sheet_table(sheet: Sheet, *, request=None) -> MasterSheetTable:
    """The sheet as a sortable table, a column per round."""
    event = sheet.event
    data = []
    for row in sheet.rows:
        record = {
            "place": row.place,
            "tied": row.tied,
            "player": row.player.name,
            "player_sort": row.player.name.casefold(),
            "player_url": reverse("player_detail", args=[event.slug, row.player.pk]),
            "total": row.total,
            "went_out": row.went_out,
        }
        for info, cell in zip(sheet.rounds, row.cells, strict=True):
            record[f"r{info.number}"] = cell
            record[f"r{info.number}_sort"] = (
                BLANK_SORTS_LAST if cell is None or cell.points is None else cell.points
            )
        data.append(record)
    extra = [
        (
            f"r{info.number}",
            CellColumn(
                verbose_name=format_html(
                    '{}<small class="contract">{}</small>{}',
                    info.number,
                    info.contract,
                    mark_safe('<small class="live">not final</small>') if info.coming_in else "",
                ),
                order_by=(f"r{info.number}_sort",),
                empty_values=(None,),
            ),
        )
        for info in sheet.rounds
    ]
    table = MasterSheetTable(data, extra_columns=extra)
    for record in data:
        # Called by the template once the rows are in their final order.
        record["html"] = functools.partial(table.row_html, record)
    return table
