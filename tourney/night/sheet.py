"""The master score sheet of a night: every player's score in every round.

Built from a fixed handful of queries whatever the size of the room (players,
rounds, current scores, seats, disputes), then ranked by ``scoring.rules`` so
the sheet, the standings, the projector, the exports, the person pages, the
season standings and seating by standings (``services.event_totals``) all agree.

This is the one place the numbers derived from the scores are worked out, from
the current versions, every time a page or file asks:

- a missed-round fill-in is the missed-round rule applied to the round's
  current played scores (``game.missed_round_score``), never the number stored
  with the fill-in, so a correction reaches it at once; a fill-in for a player
  whose table has scores in that round (a reopened round, paper scores entered)
  is not a score of theirs at all;
- totals, places and tie-breaks count the rounds that are closed (and a closed
  round reopened for a correction, with its corrected scores): the round whose
  scores are still coming in shows on the sheet, marked not final, and counts
  once it closes.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from scoring import rules
from tourney.models import Entry, Event, Player, Round, Score, Seat


@dataclass
class Cell:
    """One player's round on the sheet."""

    points: int | None
    table: int | None = None
    played: bool = True
    pending: bool = False
    disputed: bool = False
    final: bool = True  # False in the round whose scores are still coming in

    @property
    def went_out(self) -> bool:
        return self.played and self.points == 0

    @property
    def missed(self) -> bool:
        return not self.played and self.points is not None

    def as_rules_entry(self) -> int | rules.Missed | None:
        if self.points is None:
            return None
        return self.points if self.played else rules.Missed(self.points)


@dataclass
class Row:
    player: Player
    cells: list[Cell | None]
    place: int = 0
    tied: bool = False
    total: int = 0
    went_out: int = 0
    worst_round: int | None = None
    rounds_played: int = 0


@dataclass
class RoundInfo:
    number: int
    contract: str
    status: str
    tables: int = 0
    tables_entered: int = 0
    reopened: bool = False  # closed once, reopened for a correction

    @property
    def counted(self) -> bool:
        """In the totals and places: closed, or reopened for a correction (its scores
        were all in; the correction counts as soon as it is saved)."""
        return self.status == Round.Status.CLOSED or self.reopened

    @property
    def coming_in(self) -> bool:
        """Being played for the first time: its scores are still coming in."""
        return self.status == Round.Status.PLAYING and not self.reopened


@dataclass
class Sheet:
    event: Event
    rounds: list[RoundInfo]
    rows: list[Row] = field(default_factory=list)

    @property
    def finished(self) -> bool:
        closed = [r for r in self.rounds if r.status == Round.Status.CLOSED]
        if self.event.ended_at is not None:  # the host ended the night early
            # Rounds never seated are "unplayed" on the sheet, seated ones "planned".
            started = [r for r in self.rounds if r.status not in (Round.Status.PLANNED, "unplayed")]
            return len(closed) == len(started) > 0
        return len(closed) == self.event.rounds_planned

    @property
    def rounds_closed(self) -> int:
        """How many rounds the totals and places count."""
        return sum(r.counted for r in self.rounds)

    @property
    def winners(self) -> list[Row]:
        return [r for r in self.rows if r.place == 1] if self.finished else []

    @property
    def round_in_progress(self) -> RoundInfo | None:
        """The round whose scores are still coming in (not yet in the totals)."""
        playing = [r for r in self.rounds if r.coming_in]
        return playing[-1] if playing else None

    @property
    def reopened_rounds(self) -> list[RoundInfo]:
        return [r for r in self.rounds if r.reopened]

    @property
    def progress(self) -> str:
        """What the totals count, in words: "after 3 of 4 rounds; round 4's scores
        are coming in (2 of 3 tables entered)". Empty once the night is finished."""
        if self.finished:
            return ""
        word = self.event.round_word
        done = self.rounds_closed
        if done:
            parts = [f"after {done} of {self.event.rounds_planned} {word}s"]
        else:
            parts = [f"no {word} closed yet"]
        now = self.round_in_progress
        if now is not None:
            parts.append(
                f"{word} {now.number}'s scores are coming in "
                f"({now.tables_entered} of {now.tables} table{'s' if now.tables != 1 else ''} "
                "entered) and count when it closes"
            )
        for info in self.reopened_rounds:
            parts.append(f"{word} {info.number} is reopened for a correction")
        return "; ".join(parts)

    def history(self, upto: int | None = None) -> dict[int, list]:
        """player id -> per-round entries for the rules engine (up to round ``upto``),
        the rounds counted only (a round still coming in is None throughout)."""
        counted = [info.counted for info in self.rounds]
        return {
            row.player.pk: [
                c.as_rules_entry() if c is not None and ok else None
                for c, ok in zip(row.cells[:upto], counted, strict=False)
            ]
            for row in self.rows
        }


def build_sheet(event: Event) -> Sheet:
    return build_sheets([event])[event.pk]


def build_sheets(events: list[Event]) -> dict[int, Sheet]:
    """event id -> its sheet, from the same handful of queries however many nights
    (a person's page reads every night they played)."""
    ids = [e.pk for e in events]
    rounds_of: dict[int, list[Round]] = {pk: [] for pk in ids}
    for rnd in Round.objects.filter(event_id__in=ids).order_by("number"):
        rounds_of[rnd.event_id].append(rnd)
    players_of: dict[int, list[Player]] = {pk: [] for pk in ids}
    for player in Player.objects.filter(event_id__in=ids).order_by("name"):
        players_of[player.event_id].append(player)
    seats_of: dict[int, list[tuple]] = {pk: [] for pk in ids}
    for event_id, *seat in Seat.objects.filter(round__event_id__in=ids).values_list(
        "round__event_id", "player_id", "round__number", "table__number", "table_id"
    ):
        seats_of[event_id].append(seat)
    disputed_tables = set(
        Entry.objects.filter(round__event_id__in=ids, state=Entry.State.DISPUTED).values_list(
            "table_id", flat=True
        )
    )
    scores_of: dict[int, list[tuple]] = {pk: [] for pk in ids}
    for event_id, *score in (
        Score.objects.filter(entry__round__event_id__in=ids, entry__state=Entry.State.CURRENT)
        .values_list(
            "entry__round__event_id",
            "player_id",
            "points",
            "played",
            "entry__round__number",
            "entry__table_id",
        )
        .order_by()
    ):
        scores_of[event_id].append(score)
    return {
        e.pk: _sheet(
            e, rounds_of[e.pk], players_of[e.pk], seats_of[e.pk], scores_of[e.pk], disputed_tables
        )
        for e in events
    }


def _sheet(
    event: Event,
    rounds: list[Round],
    players: list[Player],
    seats: list[tuple],
    scores: list[tuple],
    disputed_tables: set[int],
) -> Sheet:
    game = event.game
    count = event.rounds_planned
    by_number = {r.number: r for r in rounds}
    infos = _round_infos(game, count, by_number)
    counted = {info.number for info in infos if info.counted}
    cells: dict[int, list[Cell | None]] = {p.pk: [None] * count for p in players}
    seat_of: dict[tuple[int, int], tuple[int, int]] = {}
    tables_by_round: dict[int, set[int]] = {}
    for player_id, number, table_number, table_id in seats:
        seat_of[(player_id, number)] = (table_number, table_id)
        tables_by_round.setdefault(number, set()).add(table_id)
    entered_tables = _score_cells(
        cells, derived_scores(game, scores), seat_of, counted, disputed_tables, count
    )
    _pending_cells(cells, seat_of, by_number, counted, disputed_tables, count)
    for info in infos:
        info.tables = len(tables_by_round.get(info.number, ()))
        info.tables_entered = len(entered_tables.get(info.number, ()))
    sheet = Sheet(event=event, rounds=infos)
    sheet.rows = _ranked_rows(game, players, cells)
    return sheet


def _round_infos(game, count: int, by_number: dict[int, Round]) -> list[RoundInfo]:
    """Each round's heading: its contract, its state, and whether it was reopened."""
    return [
        RoundInfo(
            number=n,
            contract=game.rounds[n - 1].contract if n <= len(game.rounds) else "",
            status=by_number[n].status if n in by_number else "unplayed",
            # Closed once and reopened: ``reopen_round`` keeps the time it was last closed.
            reopened=n in by_number
            and by_number[n].status == Round.Status.PLAYING
            and by_number[n].closed_at is not None,
        )
        for n in range(1, count + 1)
    ]


def _score_cells(
    cells: dict[int, list[Cell | None]],
    scores: list[tuple],
    seat_of: dict[tuple[int, int], tuple[int, int]],
    counted: set[int],
    disputed_tables: set[int],
    count: int,
) -> dict[int, set[int]]:
    """Fill each player's cells from the current scores; returns the tables entered per round."""
    entered_tables: dict[int, set[int]] = {}
    for player_id, points, played, number, table_id in scores:
        if number > count or player_id not in cells:
            continue
        table = seat_of.get((player_id, number), (None, None))[0] if played else None
        cells[player_id][number - 1] = Cell(
            points=points,
            table=table,
            played=played,
            disputed=table_id in disputed_tables,
            final=number in counted,
        )
        if table_id is not None:
            entered_tables.setdefault(number, set()).add(table_id)
    return entered_tables


def _pending_cells(
    cells: dict[int, list[Cell | None]],
    seat_of: dict[tuple[int, int], tuple[int, int]],
    by_number: dict[int, Round],
    counted: set[int],
    disputed_tables: set[int],
    count: int,
) -> None:
    """Seated players of a round in play whose table has no scores yet: pending."""
    for (player_id, number), (table_number, table_id) in seat_of.items():
        rnd = by_number.get(number)
        if rnd is None or rnd.status != Round.Status.PLAYING or number > count:
            continue
        if player_id in cells and cells[player_id][number - 1] is None:
            cells[player_id][number - 1] = Cell(
                points=None,
                table=table_number,
                pending=True,
                disputed=table_id in disputed_tables,
                final=number in counted,
            )


def _ranked_rows(game, players: list[Player], cells: dict[int, list[Cell | None]]) -> list[Row]:
    """The rows in standings order, ranked on the counted rounds only; players with
    nothing on the sheet (absent all night) stay off it."""
    rows = {p.pk: Row(player=p, cells=cells[p.pk]) for p in players}
    rows = {pk: row for pk, row in rows.items() if any(c is not None for c in row.cells)}
    standings = game.standings(
        {
            pk: [c.as_rules_entry() if c and c.final else None for c in row.cells]
            for pk, row in rows.items()
        }
    )
    for standing in standings:
        row = rows[standing.player]
        row.place = standing.place
        row.tied = standing.tied
        row.total = standing.total
        row.went_out = standing.went_out
        row.worst_round = standing.worst_round
        row.rounds_played = standing.rounds_played
    return [rows[s.player] for s in standings]


def derived_scores(game, scores: list[tuple]) -> list[tuple]:
    """A night's current scores with the missed-round fill-ins worked out now.

    ``scores`` are (player id, points, played, round number, table id) of the
    current versions; a fill-in has no table. Its points are the missed-round
    rule applied to the round's current played scores at the tables, not the
    number stored with it (a correction, a settled dispute or a restore reaches
    it at once), and a fill-in for a player who has a table's score in the same
    round (paper scores entered in a reopened round) is dropped: one current
    score per player per round, the table's.
    """
    played: dict[int, list[int]] = {}
    at_tables: set[tuple[int, int]] = set()
    for player_id, points, was_played, number, table_id in scores:
        if table_id is not None:
            at_tables.add((player_id, number))
            if was_played:
                played.setdefault(number, []).append(points)
    fills = {
        number: game.missed_round_score(played.get(number, []))
        for number in {s[3] for s in scores if s[4] is None}
    }
    out = []
    for player_id, points, was_played, number, table_id in scores:
        if table_id is None:
            if (player_id, number) in at_tables:
                continue
            points, was_played = fills[number], False
        out.append((player_id, points, was_played, number, table_id))
    return out


def places_by_round(sheet: Sheet) -> dict[int, list[int | None]]:
    """player id -> place after each counted round (for the player page)."""
    game = sheet.event.game
    out: dict[int, list[int | None]] = {row.player.pk: [] for row in sheet.rows}
    for info in sheet.rounds:
        if not info.counted:
            break
        ranked = game.standings(sheet.history(info.number))
        place = {s.player: s.place for s in ranked}
        for pk in out:
            out[pk].append(place.get(pk))
    return out
