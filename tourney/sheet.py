"""The master score sheet of a night: every player's score in every round.

Built from a fixed handful of queries whatever the size of the room (players,
rounds, current scores, seats, disputes), then ranked by ``scoring.rules`` so
the sheet, the standings, the projector and the exports all agree.
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
        return sum(r.status == Round.Status.CLOSED for r in self.rounds)

    @property
    def winners(self) -> list[Row]:
        return [r for r in self.rows if r.place == 1] if self.finished else []

    @property
    def round_in_progress(self) -> RoundInfo | None:
        playing = [r for r in self.rounds if r.status == Round.Status.PLAYING]
        return playing[-1] if playing else None

    def history(self, upto: int | None = None) -> dict[int, list]:
        """player id -> per-round entries for the rules engine (up to round ``upto``)."""
        return {
            row.player.pk: [c.as_rules_entry() if c is not None else None for c in row.cells[:upto]]
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
    infos = [
        RoundInfo(
            number=n,
            contract=game.rounds[n - 1].contract if n <= len(game.rounds) else "",
            status=next((r.status for r in rounds if r.number == n), "unplayed"),
        )
        for n in range(1, count + 1)
    ]
    by_number = {r.number: r for r in rounds}
    cells: dict[int, list[Cell | None]] = {p.pk: [None] * count for p in players}

    seat_of: dict[tuple[int, int], tuple[int, int]] = {}
    tables_by_round: dict[int, set[int]] = {}
    for player_id, number, table_number, table_id in seats:
        seat_of[(player_id, number)] = (table_number, table_id)
        tables_by_round.setdefault(number, set()).add(table_id)

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
        )
        if table_id is not None:
            entered_tables.setdefault(number, set()).add(table_id)

    # Seated players of a round in play whose table has no scores yet: pending.
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
            )
    for info in infos:
        info.tables = len(tables_by_round.get(info.number, ()))
        info.tables_entered = len(entered_tables.get(info.number, ()))

    sheet = Sheet(event=event, rounds=infos)
    rows = {p.pk: Row(player=p, cells=cells[p.pk]) for p in players}
    # Players with nothing on the sheet (absent all night) stay off it.
    rows = {pk: row for pk, row in rows.items() if any(c is not None for c in row.cells)}
    standings = game.standings(
        {pk: [c.as_rules_entry() if c else None for c in row.cells] for pk, row in rows.items()}
    )
    for standing in standings:
        row = rows[standing.player]
        row.place = standing.place
        row.tied = standing.tied
        row.total = standing.total
        row.went_out = standing.went_out
        row.worst_round = standing.worst_round
        row.rounds_played = standing.rounds_played
    sheet.rows = [rows[s.player] for s in standings]
    return sheet


def places_by_round(sheet: Sheet) -> dict[int, list[int | None]]:
    """player id -> place after each closed or scored round (for the player page)."""
    game = sheet.event.game
    out: dict[int, list[int | None]] = {row.player.pk: [] for row in sheet.rows}
    for info in sheet.rounds:
        if info.status in ("unplayed", Round.Status.PLANNED):
            break
        ranked = game.standings(sheet.history(info.number))
        place = {s.player: s.place for s in ranked}
        for pk in out:
            out[pk].append(place.get(pk))
    return out
