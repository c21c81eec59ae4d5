"""Score pads: one table's game of Rook for Two or partnership Rook, kept on one phone.

A pad is a game to a target score: its players in seat order, who keeps a
score (a *side*: a partnership of two across the table, or one player on
their own) and its hands. Hands are never edited in place: entering,
correcting or undoing a hand saves a new *version* of that hand number, the
previous one is kept as replaced, and exactly one version per hand number is
current. Whether a hand is possible, and what it scores, is decided only by
``scoring.rules``; this module stores what the rules accepted and reads the
game sheet back out of it.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.db.models.functions import Lower
from django.urls import reverse
from django.utils import timezone

from scoring import rules
from scoring.rules.tricks import HAND_POINTS, RookForTwo

NAME_MAX = 60


class GameChoice(models.TextChoices):
    """The games kept on a pad: scoring.rules' trick games (a test keeps the two in step)."""

    ROOK_FOR_TWO = "rook-for-two", "Rook for Two"
    PARTNERSHIP = "partnership-rook", "Partnership Rook"
    PARTNERSHIP_5 = "partnership-rook-5", "Partnership Rook for five"


class Trump(models.TextChoices):
    """Recorded for the sheet only: trump never changes a score."""

    CLUBS = "clubs", "♣ Clubs"
    DIAMONDS = "diamonds", "♦ Diamonds"
    HEARTS = "hearts", "♥ Hearts"
    SPADES = "spades", "♠ Spades"
    BLACK = "black", "Black"
    RED = "red", "Red"
    GREEN = "green", "Green"
    YELLOW = "yellow", "Yellow"


SUITS = (Trump.CLUBS, Trump.DIAMONDS, Trump.HEARTS, Trump.SPADES)
ROOK_COLOURS = (Trump.BLACK, Trump.RED, Trump.GREEN, Trump.YELLOW)


class PadQuerySet(models.QuerySet):
    def for_owner(self, user) -> PadQuerySet:
        return self.filter(owner=user)


class Pad(models.Model):
    """One game of a trick-taking game, played to a target at one table."""

    class Status(models.TextChoices):
        PLAYING = "playing", "Playing"
        FINISHED = "finished", "Finished"

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="pads"
    )
    name = models.CharField(max_length=120)
    game_slug = models.CharField("game", max_length=20, choices=GameChoice)
    house_rules = models.JSONField(
        default=dict, blank=True, help_text="The game's settings, as scoring.rules gives them."
    )
    target = models.PositiveIntegerField(help_text="Points to win (also in the house rules).")
    first_dealer = models.PositiveSmallIntegerField(
        help_text="The seat (0 is the first) that dealt hand 1."
    )
    status = models.CharField(max_length=10, choices=Status, default=Status.PLAYING)
    finished_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(default=timezone.now)

    objects = PadQuerySet.as_manager()

    class Meta:
        ordering = ["-created_at"]
        constraints = [
            models.CheckConstraint(
                condition=Q(game_slug__in=GameChoice.values), name="pad_is_a_trick_game"
            ),
            models.CheckConstraint(condition=Q(target__gte=1), name="pad_target_positive"),
            models.CheckConstraint(condition=Q(first_dealer__lte=4), name="pad_first_dealer_seat"),
            models.CheckConstraint(
                condition=Q(status="playing", finished_at__isnull=True)
                | Q(status="finished", finished_at__isnull=False),
                name="pad_finished_has_a_time",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("scoring:pad_detail", args=[self.pk])

    @cached_property
    def game(self) -> rules.TrickGame:
        game = rules.get_game(self.game_slug, **self.house_rules)
        assert isinstance(game, rules.TrickGame)
        return game

    @property
    def is_partnership(self) -> bool:
        return self.game_slug == GameChoice.PARTNERSHIP

    @property
    def is_five(self) -> bool:
        return self.game_slug == GameChoice.PARTNERSHIP_5

    @property
    def is_two(self) -> bool:
        return self.game_slug == GameChoice.ROOK_FOR_TWO

    @property
    def is_finished(self) -> bool:
        return self.status == self.Status.FINISHED

    @cached_property
    def seats(self) -> list[PadPlayer]:
        return list(self.players.select_related("side").order_by("seat"))

    @cached_property
    def scorers(self) -> list[PadSide]:
        """The sheet's columns in seat order: the sides, or the players on their own."""
        return list(self.sides.order_by("number"))

    def trump_choices(self) -> tuple[Trump, ...]:
        """Rook for Two is played with a Rook deck's colours; partnership with suits."""
        return ROOK_COLOURS if self.is_two else SUITS

    def dealer_of(self, number: int) -> PadPlayer:
        """Who deals hand `number`: from the first dealer, rotating as scoring.rules says."""
        seats = self.seats
        names = [player.name for player in seats]
        dealer = names[self.first_dealer]
        for _ in range(number - 1):
            dealer = rules.next_dealer(dealer, names)
        return seats[names.index(dealer)]

    def current_hands(self) -> HandQuerySet:
        return self.hands.current().played()

    def next_number(self) -> int:
        return self.current_hands().count() + 1

    def score_hand(self, entry: HandInput) -> dict[int, int]:
        """The hand's points by side id, as the rules score it; `rules.InvalidScore` if impossible.

        Problems name players (Rook for Two, five players) or sides (partnership),
        as the form shows them beside those names.
        """
        game = self.game
        by_name = {player.name: player for player in self.seats}
        if entry.bidder is None:
            raise ValueError("a hand needs its bidder: the form asks for one")
        bidder = entry.bidder.name
        if isinstance(game, RookForTwo):
            result = game.score_hand(
                bidder=bidder,
                bid=entry.bid,
                tricks={p.name: entry.tricks.get(p.pk) for p in self.seats},
                count={p.name: entry.count.get(p.pk) for p in self.seats},
            )
            return {by_name[name].side_id: points for name, points in result.items()}
        if self.is_partnership:
            names = tuple(side.name for side in self.scorers)
            bidding = entry.bidder.side.name
            other = names[1] if bidding == names[0] else names[0]
            result = game.score_hand(
                sides=names,
                bidding_side=bidding,
                bid=entry.bid,
                points=entry.taken,
                other_points=entry.other_taken,
                all_tricks={"bidding": bidding, "other": other}.get(entry.all_tricks),
            )
            by_side = {side.name: side.pk for side in self.scorers}
            return {by_side[name]: points for name, points in result.items()}
        partner = entry.partner.name if entry.partner else None
        bidders = {bidder, partner}
        opponent = next((p.name for p in self.seats if p.name not in bidders), None)
        result = game.score_hand(
            players=[p.name for p in self.seats],
            bidder=bidder,
            partner=partner,
            bid=entry.bid,
            points=entry.taken,
            other_points=entry.other_taken,
            all_tricks={"bidding": bidder, "other": opponent}.get(entry.all_tricks),
        )
        return {by_name[name].side_id: points for name, points in result.items()}

    def sheet(self) -> PadSheet:
        """Every current hand with its running totals, the leader, the winner and the next deal.

        The game ends at the first hand after which the rules name a winner,
        counted from the current (corrected) versions every time: a corrected
        earlier hand can end it sooner, or no longer end it. Hands played after
        that are kept on the sheet, marked, and left out of the totals.
        """
        hands = list(
            self.current_hands()
            .select_related("bidder__side", "partner")
            .prefetch_related("scores")
            .order_by("number")
        )
        for hand in hands:
            hand.pad = self
        scorers = self.scorers
        running = dict.fromkeys((s.pk for s in scorers), 0)
        rows = []
        winner_name = None
        for hand in hands:
            points = hand.points_by_side()
            took = hand.took_by_side()
            made = hand.made
            after = winner_name is not None
            cells = []
            for side in scorers:
                if not after:
                    running[side.pk] += points[side.pk]
                doubled = self.is_two and not made and side.pk != hand.bidder.side_id
                cells.append(
                    SheetCell(side, took[side.pk], points[side.pk], running[side.pk], doubled)
                )
            row = SheetRow(hand, self.dealer_of(hand.number), made, tuple(cells), after)
            rows.append(row)
            if not after:
                winner_name = self.game.winner({s.name: running[s.pk] for s in scorers})
        counted = [row for row in rows if not row.after_game]
        top = max(running.values()) if counted else None
        leaders = [s for s in scorers if counted and running[s.pk] == top]
        winner = next((s for s in scorers if s.name == winner_name), None)
        tied = winner is None and bool(counted) and top is not None and top >= self.target
        number = len(rows) + 1
        return PadSheet(
            pad=self,
            scorers=scorers,
            rows=rows,
            totals=[(side, running[side.pk]) for side in scorers],
            leaders=leaders,
            winner=winner,
            tied_at_target=tied,
            next_number=number,
            next_dealer=self.dealer_of(number),
        )


class PadSide(models.Model):
    """Who keeps a score on the pad: a partnership (partners sit across) or one player.

    In Rook for Two and the five-player game every player keeps their own
    score, so each has a side of their own named after them; in partnership
    Rook seats 1 and 3 are one side, seats 2 and 4 the other.
    """

    pad = models.ForeignKey(Pad, on_delete=models.CASCADE, related_name="sides")
    number = models.PositiveSmallIntegerField(help_text="Column order on the sheet, from 0.")
    name = models.CharField(max_length=NAME_MAX * 2 + 3)

    class Meta:
        ordering = ["pad_id", "number"]
        constraints = [
            models.UniqueConstraint(fields=["pad", "number"], name="pad_side_number_unique"),
            models.UniqueConstraint(Lower("name"), "pad", name="pad_side_name_unique"),
            models.CheckConstraint(condition=~Q(name=""), name="pad_side_name_not_empty"),
        ]

    def __str__(self) -> str:
        return self.name


class PadPlayer(models.Model):
    """A player at the pad's table; seats go round the table in the direction of the deal."""

    pad = models.ForeignKey(Pad, on_delete=models.CASCADE, related_name="players")
    side = models.ForeignKey(PadSide, on_delete=models.CASCADE, related_name="players")
    seat = models.PositiveSmallIntegerField(help_text="0 is the first seat.")
    name = models.CharField(max_length=NAME_MAX)

    class Meta:
        ordering = ["pad_id", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["pad", "seat"], name="pad_one_player_per_seat"),
            models.UniqueConstraint(Lower("name"), "pad", name="pad_player_name_unique"),
            models.CheckConstraint(condition=~Q(name=""), name="pad_player_name_not_empty"),
            models.CheckConstraint(condition=Q(seat__lte=4), name="pad_at_most_five_seats"),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def seat_number(self) -> int:
        return self.seat + 1


class HandQuerySet(models.QuerySet):
    def current(self) -> HandQuerySet:
        return self.filter(state=Hand.State.CURRENT)

    def played(self) -> HandQuerySet:
        """Hands that count: not undone."""
        return self.exclude(action=Hand.Action.UNDONE)


class Hand(models.Model):
    """One version of one hand: what was entered, and what the rules scored it.

    Saved once and never edited, except that a later version marks it replaced.
    Undoing a hand is a version too (action "undone", no inputs), so the sheet
    drops it while its history keeps every figure that was ever entered.
    """

    class State(models.TextChoices):
        CURRENT = "current", "Current"
        REPLACED = "replaced", "Replaced by a later version"

    class Action(models.TextChoices):
        ENTERED = "entered", "Entered"
        CORRECTED = "corrected", "Corrected"
        UNDONE = "undone", "Undone"

    class AllTricks(models.TextChoices):
        NONE = "", "No"
        BIDDING = "bidding", "The bidding side"
        OTHER = "other", "The other side"

    pad = models.ForeignKey(Pad, on_delete=models.CASCADE, related_name="hands")
    number = models.PositiveSmallIntegerField()
    version = models.PositiveSmallIntegerField()
    state = models.CharField(max_length=10, choices=State, default=State.CURRENT)
    action = models.CharField(max_length=10, choices=Action, default=Action.ENTERED)
    bidder = models.ForeignKey(
        PadPlayer, on_delete=models.RESTRICT, related_name="+", null=True, blank=True
    )
    bid = models.PositiveSmallIntegerField(null=True, blank=True)
    trump = models.CharField(max_length=10, choices=Trump, blank=True)
    partner = models.ForeignKey(
        PadPlayer,
        on_delete=models.RESTRICT,
        related_name="+",
        null=True,
        blank=True,
        help_text="Five players: the called partner; blank when the bidder played alone.",
    )
    taken = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Partnership: the points the bidding side took."
    )
    other_taken = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Partnership: the points the other side took."
    )
    all_tricks = models.CharField(max_length=10, choices=AllTricks, blank=True)
    entered_by = models.CharField(max_length=NAME_MAX, blank=True)
    entered_by_user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(default=timezone.now)

    objects = HandQuerySet.as_manager()

    class Meta:
        ordering = ["pad_id", "number", "-version"]
        constraints = [
            models.UniqueConstraint(
                fields=["pad", "number"],
                condition=Q(state="current"),
                name="pad_one_current_version_per_hand",
            ),
            models.UniqueConstraint(
                fields=["pad", "number", "version"], name="pad_hand_version_unique"
            ),
            models.CheckConstraint(
                condition=Q(number__gte=1) & Q(version__gte=1), name="pad_hand_numbered_from_1"
            ),
            models.CheckConstraint(
                condition=Q(action="undone", bidder__isnull=True, bid__isnull=True)
                | (~Q(action="undone") & Q(bidder__isnull=False, bid__isnull=False)),
                name="pad_hand_has_a_bid_unless_undone",
            ),
            models.CheckConstraint(
                condition=Q(all_tricks__in=["", "bidding", "other"]),
                name="pad_hand_all_tricks_choice",
            ),
        ]

    def __str__(self) -> str:
        return f"Hand {self.number}, version {self.version}"

    @property
    def is_undone(self) -> bool:
        return self.action == self.Action.UNDONE

    def points_by_side(self) -> dict[int, int]:
        return {score.side_id: score.points for score in self.scores.all()}

    def took_by_side(self) -> dict[int, int | None]:
        """What each side took in the cards, before made-or-set: the sheet's "took" figure.

        Rook for Two: count plus 2 a trick (the rules' raw score). Partnership:
        the side's points; in the five-player game each player shows their side's.
        """
        took: dict[int, int | None] = {}
        bidding = {p.side_id for p in (self.bidder, self.partner) if p is not None}
        for score in self.scores.all():
            if score.tricks is not None and score.count is not None:
                took[score.side_id] = RookForTwo.raw_score(score.tricks, score.count)
            elif score.side_id in bidding:
                took[score.side_id] = self.taken
            else:
                took[score.side_id] = self.other_taken
        return took

    @property
    def made(self) -> bool:
        """The bidder reached the bid: their side scored points (set scores 0 or minus the bid)."""
        if self.bidder is None:
            return False
        return self.points_by_side().get(self.bidder.side_id, 0) > 0

    @property
    def bidding_label(self) -> str:
        """The bidder as the sheet names them: "Ann", "Ann + Cy", "Ann alone"."""
        if self.bidder is None:
            return ""
        if self.pad.is_five:
            return f"{self.bidder} + {self.partner}" if self.partner else f"{self.bidder} alone"
        return self.bidder.name

    def inputs(self) -> HandInput:
        """This version's entry, to start a correction from."""
        scores = list(self.scores.all())
        by_side = {player.side_id: player.pk for player in self.pad.seats}
        return HandInput(
            bidder=self.bidder,
            bid=self.bid,
            trump=self.trump,
            partner=self.partner,
            taken=self.taken,
            other_taken=self.other_taken,
            all_tricks=self.all_tricks,
            tricks={by_side[s.side_id]: s.tricks for s in scores if s.tricks is not None},
            count={by_side[s.side_id]: s.count for s in scores if s.count is not None},
        )


class HandScore(models.Model):
    """One side's result in one version of a hand, as `score_hand` gave it.

    Rook for Two also keeps the player's tricks and count as entered.
    """

    hand = models.ForeignKey(Hand, on_delete=models.CASCADE, related_name="scores")
    side = models.ForeignKey(PadSide, on_delete=models.RESTRICT, related_name="scores")
    points = models.IntegerField()
    tricks = models.PositiveSmallIntegerField(null=True, blank=True)
    count = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["hand_id", "side__number"]
        constraints = [
            models.UniqueConstraint(fields=["hand", "side"], name="pad_one_score_per_side"),
            models.CheckConstraint(
                condition=Q(tricks__isnull=True, count__isnull=True)
                | Q(tricks__isnull=False, count__isnull=False),
                name="pad_tricks_and_count_together",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.side}: {self.points}"


# -- plain values the views, exports and forms share --------------------------------


@dataclass(frozen=True)
class HandInput:
    """A hand as typed (blank is None), before the rules have looked at it.

    `tricks` and `count` (Rook for Two) are keyed by player id; `taken` and
    `other_taken` (partnership) are the bidding and the other side's points,
    either or both; `all_tricks` is "", "bidding" or "other".
    """

    bidder: PadPlayer | None
    bid: int | None
    trump: str = ""
    partner: PadPlayer | None = None
    taken: int | None = None
    other_taken: int | None = None
    all_tricks: str = ""
    tricks: Mapping[int, int | None] = field(default_factory=dict)
    count: Mapping[int, int | None] = field(default_factory=dict)

    def with_both_takes(self) -> HandInput:
        """Partnership: once the rules accept a hand, the side left blank took the rest of 200."""
        taken, other = self.taken, self.other_taken
        if taken is None and other is not None:
            taken = HAND_POINTS - other
        elif other is None and taken is not None:
            other = HAND_POINTS - taken
        return HandInput(
            bidder=self.bidder,
            bid=self.bid,
            trump=self.trump,
            partner=self.partner,
            taken=taken,
            other_taken=other,
            all_tricks=self.all_tricks,
            tricks=self.tricks,
            count=self.count,
        )


@dataclass(frozen=True)
class SheetCell:
    side: PadSide
    took: int | None
    points: int
    total: int
    doubled: bool = False


@dataclass(frozen=True)
class SheetRow:
    hand: Hand
    dealer: PadPlayer
    made: bool
    cells: tuple[SheetCell, ...]
    after_game: bool = False
    """Played after the game was decided: kept on the sheet, left out of the totals."""

    @property
    def all_tricks_side(self) -> str:
        """Who took every trick, in words ("" if nobody did)."""
        hand = self.hand
        if not hand.all_tricks:
            return ""
        if hand.all_tricks == Hand.AllTricks.BIDDING:
            return "the bidding side"
        return "the other side"

    def summary(self) -> str:
        """The hand in one sentence, as a player would say it after the last trick."""
        hand = self.hand
        pad = hand.pad
        who = hand.bidding_label
        if pad.is_partnership:
            who = hand.bidder.side.name
        plural = pad.is_partnership or (pad.is_five and hand.partner is not None)
        if self.made:
            outcome = f"{who} bid {hand.bid} and made it"
        else:
            outcome = f"{who} bid {hand.bid} and {'were' if plural else 'was'} set"
        parts = []
        for cell in self.cells:
            if pad.is_two and cell.doubled:
                parts.append(f"{cell.side} scores double, 2 × {cell.took} = {cell.points}")
            elif pad.is_two and not self.made:
                parts.append(f"{cell.side} scores 0")
            else:
                parts.append(f"{cell.side} {signed(cell.points)}")
        if pad.is_five:
            groups: dict[int, list[str]] = {}
            for cell in self.cells:
                groups.setdefault(cell.points, []).append(cell.side.name)
            parts = [f"{rules.name_list(names)} {signed(p)}" for p, names in groups.items()]
        extra = ""
        if hand.all_tricks:
            bonus = pad.game.all_tricks_bonus
            extra = f" ({self.all_tricks_side} took every trick"
            extra += f": +{bonus} bonus)" if bonus else ")"
        return f"Hand {hand.number}: {outcome}{extra}. " + "; ".join(parts) + "."


def signed(points: int) -> str:
    """Points as a sheet shows a hand's change: +130, 0, and a real minus sign (U+2212)."""
    return f"+{points}" if points > 0 else shown(points)


def shown(points: object) -> str:
    """A number as every page shows it: a negative with the true minus sign (U+2212),
    never the hyphen, so a hand's change and a negative total look alike on one sheet.
    Files (CSV, xlsx) keep real numbers; this is for what people read."""
    if isinstance(points, int) and not isinstance(points, bool) and points < 0:
        return f"−{-points}"
    return "" if points is None else str(points)


@dataclass(frozen=True)
class PadSheet:
    pad: Pad
    scorers: list[PadSide]
    rows: list[SheetRow]
    totals: list[tuple[PadSide, int]]
    leaders: list[PadSide]
    winner: PadSide | None
    tied_at_target: bool
    next_number: int
    next_dealer: PadPlayer

    @property
    def last(self) -> SheetRow | None:
        return self.rows[-1] if self.rows else None

    @property
    def decided_at(self) -> int | None:
        """The hand that decided the game: the last one that counts, once there is a winner."""
        if self.winner is None:
            return None
        return max(row.hand.number for row in self.rows if not row.after_game)

    @property
    def after_game(self) -> list[SheetRow]:
        """Hands played after the game was decided (kept, not counted)."""
        return [row for row in self.rows if row.after_game]

    @property
    def top(self) -> int | None:
        """The highest total, once a hand has been played."""
        return max(total for _, total in self.totals) if self.rows else None

    @property
    def leader_names(self) -> str:
        return rules.name_list(side.name for side in self.leaders)


class FormSubmission(models.Model):
    """A create form that was sent: the token its page carried, where its answer
    redirected, and the messages it showed, so a repeat gets the same answer."""

    KEEP = datetime.timedelta(days=2)

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    token = models.CharField(max_length=64)
    url = models.CharField(max_length=2000, blank=True)
    messages = models.JSONField(default=list, blank=True)
    created_at = models.DateTimeField(default=timezone.now, db_index=True)

    class Meta:
        constraints = [
            models.UniqueConstraint("owner", "token", name="form_token_used_once"),
        ]

    def __str__(self) -> str:
        return f"form sent by {self.owner} at {self.created_at:%Y-%m-%d %H:%M}"
