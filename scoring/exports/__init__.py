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


Modules, one per workbook: `rummy_sheet` (the printable rummy sheet), `master`
(the night's master sheet and its CSV), `event_workbook` (a room's score
sheets), `standings`, `pad` (trick-taking score pads); `base` holds what they
share.
"""

from scoring.exports.base import (
    MasterCell,
    MasterRow,
    SeatingRound,
    TableSheet,
    card_values_text,
    filename,
    text_cell,
)
from scoring.exports.event_workbook import rummy_event_workbook
from scoring.exports.master import master_csv, master_workbook
from scoring.exports.pad import PadHand, pad_csv, pad_workbook
from scoring.exports.rummy_sheet import rummy_sheet
from scoring.exports.standings import standings_csv, standings_workbook

__all__ = [
    "MasterCell",
    "MasterRow",
    "PadHand",
    "SeatingRound",
    "TableSheet",
    "card_values_text",
    "filename",
    "master_csv",
    "master_workbook",
    "pad_csv",
    "pad_workbook",
    "rummy_event_workbook",
    "rummy_sheet",
    "standings_csv",
    "standings_workbook",
    "text_cell",
]
