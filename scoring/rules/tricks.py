"""The trick-taking games: Rook for Two (RULES.md section 3) and partnership Rook (section 4).

A hand is entered as what the players took; `score_hand` checks it and turns
it into each side's (or player's) points for the hand. Highest total wins,
first to the target.
"""

import functools
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, ClassVar, Literal

from .base import Game, HouseRule, Report, is_whole, name_list
from .cards import Inventory, number_text


class TrickGame(Game):
    """A game played to a target score, one hand at a time."""

    lowest_wins = False
    rounds: tuple = ()
    tricks_per_hand: ClassVar[int]

    def __init__(self, **house_rules: Any) -> None:
        super().__init__(**house_rules)
        self.target: int = self._values["target"]

    def rounds_for(self, players: int) -> tuple:
        """Trick games have hands, not numbered rounds with contracts."""
        return ()

    def winner(self, totals: Mapping[str, int]) -> str | None:
        """Who has won: the first to the target; if several reach it on the same hand,
        the higher total. None while nobody has reached it, or while the top is tied
        (house default: play another hand).
        """
        reached = {who: total for who, total in totals.items() if total >= self.target}
        if not reached:
            return None
        best = max(reached.values())
        leaders = [who for who, total in reached.items() if total == best]
        return leaders[0] if len(leaders) == 1 else None


def next_dealer(dealer: str, seat_order: Sequence[str]) -> str:
    """The deal passes to the left: the next player in seat order (in Rook for Two, the other)."""
    seats = list(seat_order)
    if dealer not in seats:
        raise ValueError(f"{dealer!r} is not in the seat order {seats!r}")
    return seats[(seats.index(dealer) + 1) % len(seats)]


def _target(default: int, lo: int, hi: int, help: str) -> HouseRule:
    return HouseRule(
        name="target",
        label="Points to win",
        help=help,
        default=default,
        kind="int",
        min=lo,
        max=hi,
    )


def _check_bid(
    report: Report, bid: object, *, lowest: int, highest: int, step: int, rule: str
) -> None:
    if bid is None:
        report.add("The bid is blank: enter the winning bid")
    elif not is_whole(bid):
        report.add(f"The bid must be a whole number: {rule}")
    elif not lowest <= bid <= highest or (bid - lowest) % step:
        report.add(f"A bid of {number_text(bid)} is not allowed: {rule}")


# -- Rook for Two -----------------------------------------------------------

R42_TRICKS = 13
R42_CARDS_PER_TRICK = 3
R42_NEST = 5
R42_POINTS_PER_TRICK = 2
R42_OPENING_BID = 30
R42_INVENTORY = Inventory(
    copies=dict.fromkeys(range(4, 15), 4),
    values={number: {5: 5, 10: 10, 14: 10}.get(number, 0) for number in range(4, 15)},
)
"""The 44 cards (1s, 2s, 3s and the Rook removed), valued by their count."""
R42_COUNT = R42_INVENTORY.total
R42_TENS = dict(R42_INVENTORY.by_value())[10]
R42_FIVES = dict(R42_INVENTORY.by_value())[5]
R42_COUNT_CARDS = R42_TENS + R42_FIVES
R42_HIGHEST_BID = R42_COUNT + R42_TRICKS * R42_POINTS_PER_TRICK
_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")


def _r42_ways(tricks: int, count: int) -> list[tuple[int, int]]:
    """Every (10-point cards, 5s) that `tricks` tricks of three cards can hold for `count`."""
    room = R42_CARDS_PER_TRICK * tricks
    ways = []
    for fives in range(R42_FIVES + 1):
        rest = count - 5 * fives
        if rest >= 0 and rest % 10 == 0 and rest // 10 <= R42_TENS and rest // 10 + fives <= room:
            ways.append((rest // 10, fives))
    return ways


def _r42_left_over(tricks: int) -> int:
    """Cards outside `tricks` tricks: the other tricks and the nest."""
    return R42_CARDS_PER_TRICK * (R42_TRICKS - tricks) + R42_NEST


def _r42_split(tricks_a: int, count_a: int, tricks_b: int, count_b: int) -> bool:
    """Whether the twelve count cards can lie in A's tricks, B's tricks and the rest so."""
    rest_room = _r42_left_over(tricks_a + tricks_b)
    for tens_a, fives_a in _r42_ways(tricks_a, count_a):
        for tens_b, fives_b in _r42_ways(tricks_b, count_b):
            held = tens_a + fives_a + tens_b + fives_b
            if (
                tens_a + tens_b <= R42_TENS
                and fives_a + fives_b <= R42_FIVES
                and R42_COUNT_CARDS - held <= rest_room
            ):
                return True
    return False


def _count_cards_words(tens: int, fives: int) -> str:
    parts = []
    if tens:
        parts.append(f"{_WORDS[tens]} 10-point card{'' if tens == 1 else 's'}")
    if fives:
        parts.append(f"{_WORDS[fives]} 5{'' if fives == 1 else 's'}")
    return name_list(parts) or "no count cards"


def _r42_most(tricks: int) -> tuple[int, int]:
    """The count cards that make the most count in `tricks` tricks: (10-point cards, 5s)."""
    room = R42_CARDS_PER_TRICK * tricks
    tens = min(R42_TENS, room)
    return tens, min(R42_FIVES, room - tens)


def _r42_fewest(outside: int) -> tuple[int, int]:
    """The count cards that make the least count when only `outside` cards lie elsewhere."""
    must = max(0, R42_COUNT_CARDS - outside)
    fives = min(R42_FIVES, must)
    return must - fives, fives


def _tricks_words(tricks: int) -> str:
    return f"{tricks} trick{'' if tricks == 1 else 's'}"


def _r42_player_problem(name: str, tricks: int, count: int) -> str | None:
    """Why one player's tricks cannot hold their count, whatever the other took; or None."""
    if _r42_ways(tricks, count) and count >= _r42_count(*_r42_fewest(_r42_left_over(tricks))):
        return None
    cards = R42_CARDS_PER_TRICK * tricks
    tens, fives = _r42_most(tricks)
    if tricks == 0:
        return f"{name} took no tricks, so no count: count cards arrive only in tricks"
    if count > _r42_count(tens, fives):
        hold = "holds" if tricks == 1 else "hold"
        return (
            f"{name}'s {_tricks_words(tricks)} {hold} {cards} cards: at most "
            f"{_r42_count(tens, fives)} count ({_count_cards_words(tens, fives)}), not {count}"
        )
    outside = _r42_left_over(tricks)
    tens, fives = _r42_fewest(outside)
    if count < _r42_count(tens, fives):
        least = _count_cards_words(tens, fives)
        return (
            f"{name}'s {_tricks_words(tricks)} leave only {outside} cards for the nest and "
            f"the Dummy's tricks, so they hold at least {least}: at least "
            f"{_r42_count(tens, fives)} count, not {count}"
        )
    return (
        f"{name}'s {_tricks_words(tricks)} cannot hold exactly {count} count: "
        f"the count cards are eight 10-point cards and four 5s"
    )


def _r42_count(tens: int, fives: int) -> int:
    return 10 * tens + 5 * fives


def _r42_pair_problem(a: tuple[str, int, int], b: tuple[str, int, int]) -> str:
    """Why two players' tricks and count, each possible alone, cannot happen together."""
    (name_a, tricks_a, count_a), (name_b, tricks_b, count_b) = a, b
    took = (
        f"{name_a}'s {count_a} count in {_tricks_words(tricks_a)} and "
        f"{name_b}'s {count_b} in {_tricks_words(tricks_b)}"
    )
    ways_a, ways_b = _r42_ways(tricks_a, count_a), _r42_ways(tricks_b, count_b)
    tens = min(t for t, _ in ways_a) + min(t for t, _ in ways_b)
    if tens > R42_TENS:
        return (
            f"{took} need at least {_WORDS[tens]} 10-point cards: there are "
            f"{_WORDS[R42_TENS]} (the 10s and 14s)"
        )
    fives = min(f for _, f in ways_a) + min(f for _, f in ways_b)
    if fives > R42_FIVES:
        return f"{took} need at least {_WORDS[fives]} 5s: there are {_WORDS[R42_FIVES]}"
    outside = _r42_left_over(tricks_a + tricks_b)
    tens, fives = _r42_fewest(outside)
    if count_a + count_b < _r42_count(tens, fives):
        return (
            f"{name_a}'s and {name_b}'s {tricks_a + tricks_b} tricks leave only {outside} "
            f"cards for the nest and the Dummy's tricks, so they hold at least "
            f"{_count_cards_words(tens, fives)}: at least {_r42_count(tens, fives)} count "
            f"between them, not {count_a + count_b}"
        )
    return (
        f"{took} cannot both happen: the twelve count cards (eight 10-point cards and "
        "four 5s) cannot be split that way"
    )


@functools.cache
def _r42_pairs() -> frozenset[tuple[int, int]]:
    """Every pair of raw scores (count + 2 a trick) two players can take in one hand."""
    pairs = set()
    for tricks_a in range(R42_TRICKS + 1):
        for tricks_b in range(R42_TRICKS + 1 - tricks_a):
            for count_a in range(0, R42_COUNT + 1, 5):
                for count_b in range(0, R42_COUNT - count_a + 1, 5):
                    if _r42_split(tricks_a, count_a, tricks_b, count_b):
                        pairs.add(
                            (
                                count_a + R42_POINTS_PER_TRICK * tricks_a,
                                count_b + R42_POINTS_PER_TRICK * tricks_b,
                            )
                        )
    return frozenset(pairs)


def _check_r42_split(report: Report, taken: list[tuple[str, int, int]]) -> None:
    """RULES.md's exact check: the count cards must fit the tricks each player took."""
    alone = [(who, _r42_player_problem(*who)) for who in taken]
    for (name, _, _), problem in alone:
        if problem:
            report.add(problem, [name])
    if not report and not _r42_split(taken[0][1], taken[0][2], taken[1][1], taken[1][2]):
        report.add(_r42_pair_problem(taken[0], taken[1]), [name for name, _, _ in taken])


class RookForTwo(TrickGame):
    """Rook for Two (1914 rules): two players and a Dummy, 44 cards, first to 150.

    House rules: `raise_step` (1, 2, 5 or 10; default 5: a bid is 30 plus a
    multiple of it) and `target` (default 150).
    """

    slug = "rook-for-two"
    name = "Rook for Two"
    players = 2
    min_players = max_players = preferred_table_size = 2
    tricks_per_hand = R42_TRICKS
    house_rules = (
        HouseRule(
            name="raise_step",
            label="Bids rise by",
            help=(
                "The dealer opens at 30 and each raise adds this much; the 1914 rules "
                "leave the step open, so the default is 5."
            ),
            default=5,
            kind="choice",
            choices=((1, "1 point"), (2, "2 points"), (5, "5 points"), (10, "10 points")),
        ),
        _target(150, 50, 1000, "The first player to reach this many points wins (rules: 150)."),
    )

    def __init__(self, **house_rules: Any) -> None:
        super().__init__(**house_rules)
        self.raise_step: int = self._values["raise_step"]

    @property
    def highest_bid(self) -> int:
        """The last step at or below the 126 points in a hand (125 when bids rise by 5)."""
        steps = (R42_HIGHEST_BID - R42_OPENING_BID) // self.raise_step
        return R42_OPENING_BID + steps * self.raise_step

    @staticmethod
    def raw_score(tricks: int, count: int) -> int:
        """What a player took in a hand: their count plus 2 a trick."""
        return count + R42_POINTS_PER_TRICK * tricks

    def is_feasible(self, raw_a: int, raw_b: int) -> bool:
        """Whether two players can take these raw scores in the same hand."""
        return is_whole(raw_a) and is_whole(raw_b) and (raw_a, raw_b) in _r42_pairs()

    def check_raw(self, raw: Mapping[str, int | None]) -> None:
        """Refuse two raw scores (count + 2 a trick) that cannot happen in one hand."""
        report = Report()
        singles = {a for a, _ in _r42_pairs()}
        if len(raw) != self.players:
            report.add(f"Rook for Two has two players; this hand lists {len(raw)}")
        whole = {}
        for name, score in raw.items():
            if score is None:
                report.add(f"{name}'s points are blank: enter 0 if they took nothing", [name])
            elif not is_whole(score):
                report.add(f"{name}'s points must be a whole number", [name])
            elif score not in singles:
                report.add(
                    f"{name}'s {number_text(score)} cannot happen: a player takes 0 to "
                    f"{R42_HIGHEST_BID} "
                    "points a hand, and never 1, 3, 5, 123 or 125",
                    [name],
                )
            else:
                whole[name] = score
        if not report and len(whole) == 2:
            (name_a, a), (name_b, b) = whole.items()
            if not self.is_feasible(a, b):
                report.add(
                    f"{name_a}'s {a} and {name_b}'s {b} cannot both happen in one hand: "
                    f"there are only {R42_TRICKS} tricks and {R42_COUNT} points of count",
                    [name_a, name_b],
                )
        report.raise_if_any()

    def score_hand(
        self,
        *,
        bidder: str,
        bid: int,
        tricks: Mapping[str, int | None],
        count: Mapping[str, int | None],
    ) -> dict[str, int]:
        """Points for the hand: both score what they took if the bidder reached the bid;
        if not, the bidder scores 0 and the opponent double.

        `tricks` and `count` map each player to what they took (None = blank).
        """
        report = Report()
        players = list(dict.fromkeys([*tricks, *count]))
        self._check_table_and_bid(report, players, bidder, bid)
        took_tricks, took_count = _r42_entries(report, players, tricks, count)
        _check_r42_together(report, players, took_tricks, took_count)
        report.raise_if_any()

        raw = {name: self.raw_score(took_tricks[name], took_count[name]) for name in players}
        if raw[bidder] >= bid:
            return raw
        return {name: 0 if name == bidder else 2 * points for name, points in raw.items()}

    def _check_table_and_bid(
        self, report: Report, players: list[str], bidder: str, bid: object
    ) -> None:
        """The hand's who and how much come first, so their problems head the list."""
        if len(players) != self.players:
            report.add(
                f"Rook for Two has two players; this hand lists {len(players)}"
                + (f" ({name_list(players)})" if players else "")
            )
        if bidder is None:
            report.add("Say who won the bid")
        elif bidder not in players:
            report.add(f"The bidder must be {name_list(players, 'or')}, not {bidder}")
        step = self.raise_step
        _check_bid(
            report,
            bid,
            lowest=R42_OPENING_BID,
            highest=self.highest_bid,
            step=step,
            rule=f"bids start at {R42_OPENING_BID} and rise by {step}, "
            f"up to {self.highest_bid} ({R42_HIGHEST_BID} points in a hand)",
        )


def _r42_entries(
    report: Report,
    players: list[str],
    tricks: Mapping[str, int | None],
    count: Mapping[str, int | None],
) -> tuple[dict[str, int], dict[str, int]]:
    """Each player's own tricks and count, kept only when possible for one player, so the
    checks across both players never blame a total on an entry already refused."""
    took_tricks = _whole_entries(report, tricks, players, "tricks")
    took_count = _whole_entries(report, count, players, "count")
    for name, taken in list(took_tricks.items()):
        if taken > R42_TRICKS:
            report.add(
                f"{name} took {number_text(taken)} tricks: there are only {R42_TRICKS}", [name]
            )
            del took_tricks[name]
    for name, taken in list(took_count.items()):
        if taken > R42_COUNT or taken % 5:
            del took_count[name]
            report.add(
                f"{name}'s count of {number_text(taken)} is not possible: count is in fives "
                f"(each 5 is worth 5, each 10 and 14 is worth 10), {R42_COUNT} in all",
                [name],
            )
    return took_tricks, took_count


def _check_r42_together(
    report: Report,
    players: list[str],
    took_tricks: dict[str, int],
    took_count: dict[str, int],
) -> None:
    """Only one problem across both players: the plainest (too many tricks, then too much
    count), and the exact card split only when everything else is sound."""
    if len(took_tricks) == 2 and sum(took_tricks.values()) > R42_TRICKS:
        report.add(
            f"{name_list(took_tricks)} took {sum(took_tricks.values())} tricks between "
            f"them: there are only {R42_TRICKS} (the Dummy takes the rest)",
            took_tricks,
        )
    elif len(took_count) == 2 and sum(took_count.values()) > R42_COUNT:
        report.add(
            f"{name_list(took_count)} took {sum(took_count.values())} count between "
            f"them: there are only {R42_COUNT} points of count cards",
            took_count,
        )
    elif not report:
        _check_r42_split(report, [(name, took_tricks[name], took_count[name]) for name in players])


def _whole_entries(
    report: Report, entries: Mapping[str, object], players: Iterable[str], what: str
) -> dict[str, int]:
    """The entries that are whole numbers 0 or more; a problem for every other one."""
    whole = {}
    for name in players:
        value = entries.get(name)
        if value is None:
            report.add(f"{name}'s {what} is blank: enter 0 if they took none", [name])
        elif not is_whole(value):
            report.add(f"{name}'s {what} must be a whole number", [name])
        elif value < 0:
            report.add(f"{name}'s {what} cannot be negative ({number_text(value)})", [name])
        else:
            whole[name] = value
    return whole


# -- Partnership Rook -------------------------------------------------------

PARTNERSHIP_INVENTORY = Inventory(
    copies={**{(rank, suit): 1 for rank in range(2, 15) for suit in "CDHS"}, "joker": 1},
    values={
        **{
            (rank, suit): {14: 15, 13: 10, 10: 10, 5: 5}.get(rank, 0)
            for rank in range(2, 15)
            for suit in "CDHS"
        },
        "joker": 20,
    },
)
"""The 52 cards and the joker (the "rook"); aces are 14. Values are the points they hold."""
LAST_TRICK_POINTS = 20
HAND_POINTS = PARTNERSHIP_INVENTORY.total + LAST_TRICK_POINTS  # 200
DROPPED_CARD_POINTS = tuple(sorted({value for value, _n in PARTNERSHIP_INVENTORY.by_value()}))
"""What the one dropped card can hold: 0, 5, 10, 15 or 20."""
ALL_TRICKS_BONUS = 100
PARTNERSHIP_BIDS = (70, 200, 5)

Side = Literal["bidding", "other"]


PARTNERSHIP_TARGET = _target(
    1000, 100, 10000, "The first side (or player) to reach this many points wins; settable."
)


class _Partnership(TrickGame):
    """What the four- and five-player games share: bids, 200 points a hand, the bonus."""

    house_rules = (PARTNERSHIP_TARGET,)

    @property
    def all_tricks_bonus(self) -> int:
        """The bonus for a side that takes every trick (the published 100 for all 13)."""
        return ALL_TRICKS_BONUS

    def _side_results(
        self,
        report: Report,
        *,
        bid: object,
        points: object,
        other_points: object,
        took_all: Side | None,
        bidding: tuple[str, Sequence[str]],
        other: tuple[str, Sequence[str]],
    ) -> tuple[int, int] | None:
        """The bidding side's and the other side's result, or None after reporting problems.

        `bidding` and `other` are each side's name for messages and its players.
        """
        _check_partnership_bid(report, bid)
        given = _given_points(report, points, other_points, bidding, other)
        if "bidding" in given:
            taken = given["bidding"]
        elif "other" in given and points is None:
            taken = HAND_POINTS - given["other"]
        else:
            taken = None
        if taken is not None:
            self._check_took_all(report, taken, took_all, bidding[0], other[0], bidding[1])
        if report or taken is None:
            return None

        if took_all == "bidding":
            return HAND_POINTS + self.all_tricks_bonus, 0
        kept = HAND_POINTS - taken
        if took_all == "other":
            return -bid, kept + self.all_tricks_bonus
        return (taken if taken >= bid else -bid), kept

    def _check_took_all(
        self,
        report: Report,
        taken: int,
        took_all: Side | None,
        bidding_name: str,
        other_name: str,
        bidding_players: Sequence[str],
    ) -> None:
        """Taking every trick fixes the bidding side's points, so any other entry is a typo."""
        tricks = self.tricks_per_hand
        if took_all == "bidding" and taken != HAND_POINTS:
            report.add(
                f"{bidding_name} took all {tricks} tricks, so they took all {HAND_POINTS} "
                f"points, not {taken}",
                bidding_players,
            )
        if took_all == "other" and taken not in DROPPED_CARD_POINTS:
            report.add(
                f"{other_name} took all {tricks} tricks, so {bidding_name} kept only the "
                f"dropped card: their points must be {name_list(DROPPED_CARD_POINTS, 'or')}, "
                f"not {taken}",
                bidding_players,
            )


def _check_partnership_bid(report: Report, bid: object) -> None:
    """Both partnership games bid alike, so they share one rule and one message."""
    lowest, highest, step = PARTNERSHIP_BIDS
    _check_bid(
        report,
        bid,
        lowest=lowest,
        highest=highest,
        step=step,
        rule=f"bids are multiples of {step} from {lowest} to {highest}",
    )


def _given_points(
    report: Report,
    points: object,
    other_points: object,
    bidding: tuple[str, Sequence[str]],
    other: tuple[str, Sequence[str]],
) -> dict[Side, int]:
    """The sides' points that could be real; the 200 total is checked only between those,
    so a bad entry is not blamed twice."""
    (bidding_name, bidding_players), (other_name, other_players) = bidding, other
    given: dict[Side, int] = {}
    for side, (name, players), value in (
        ("bidding", bidding, points),
        ("other", other, other_points),
    ):
        if value is None:
            continue
        if not is_whole(value):
            report.add(f"The points for {name} must be a whole number", players)
        elif not 0 <= value <= HAND_POINTS or value % 5:
            report.add(
                f"{name} cannot take {number_text(value)} points: points are multiples of 5 "
                f"from 0 to {HAND_POINTS}",
                players,
            )
        else:
            given[side] = value
    if points is None and other_points is None:
        report.add(f"Enter the points the bidding side ({bidding_name}) took")
    if len(given) == 2 and sum(given.values()) != HAND_POINTS:
        report.add(
            f"{bidding_name} took {given['bidding']} and {other_name} took {given['other']}, "
            f"{sum(given.values())} in all: the two sides' points must add up to exactly "
            f"{HAND_POINTS}",
            [*bidding_players, *other_players],
        )
    return given


class PartnershipRook(_Partnership):
    """Partnership Rook with a standard deck and a joker: 4 players in two sides, to 1000.

    House rule: `target` (default 1000).
    """

    slug = "partnership-rook"
    name = "Partnership Rook"
    players = 4
    min_players = max_players = preferred_table_size = 4
    tricks_per_hand = 13

    def score_hand(
        self,
        *,
        sides: tuple[str, str],
        bidding_side: str,
        bid: int,
        points: int | None = None,
        other_points: int | None = None,
        all_tricks: str | None = None,
    ) -> dict[str, int]:
        """Each side's points for the hand, keyed by the names in `sides`.

        `points` is what the bidding side took, `other_points` what the other
        side took (give either or both; both must add up to 200); `all_tricks`
        is the side that took all 13 tricks, or None.
        """
        if len(sides) != 2 or sides[0] == sides[1]:
            raise ValueError(f"sides must be two different names, not {sides!r}")
        report = Report()
        if bidding_side not in sides:
            report.add(f"The bidding side must be {name_list(sides, 'or')}, not {bidding_side}")
            bidding_side = sides[0]
        other_side = sides[1] if bidding_side == sides[0] else sides[0]
        took_all = self._side_took_all(report, sides, bidding_side, all_tricks)
        results = self._side_results(
            report,
            bid=bid,
            points=points,
            other_points=other_points,
            took_all=took_all,
            bidding=(bidding_side, [bidding_side]),
            other=(other_side, [other_side]),
        )
        report.raise_if_any()
        assert results is not None
        return {bidding_side: results[0], other_side: results[1]}

    def _side_took_all(
        self, report: Report, sides: tuple[str, str], bidding_side: str, all_tricks: str | None
    ) -> Side | None:
        """The scoring needs which side swept, not its name; a name off the pad is refused."""
        took_all: Side | None = None
        if all_tricks is not None:
            if all_tricks not in sides:
                report.add(
                    f"All {self.tricks_per_hand} tricks must have been taken by "
                    f"{name_list(sides, 'or')}, not {all_tricks}"
                )
            else:
                took_all = "bidding" if all_tricks == bidding_side else "other"
        return took_all


class PartnershipRook5(_Partnership):
    """Five-player partnership Rook: the bidder calls a card, its holder is the secret partner.

    Each player keeps an individual score. A hand has 10 tricks (10 cards each
    from a standard deck less two 2s). House rules: `target` (default 1000) and
    `all_tricks_bonus` (default True: taking every trick earns the 100 the
    four-player game gives for all 13; the source names only that game). The
    bidder plays alone when the called card is their own or in the middle, a
    house default the source does not state.
    """

    slug = "partnership-rook-5"
    name = "Partnership Rook for five"
    players = 5
    min_players = max_players = preferred_table_size = 5
    tricks_per_hand = 10
    house_rules = (
        PARTNERSHIP_TARGET,
        HouseRule(
            name="all_tricks_bonus",
            label="100-point bonus for taking all 10 tricks",
            help=(
                "The source gives the 100-point bonus only for all thirteen tricks of the "
                "four-player game; by default a side that takes all 10 tricks here gets it "
                "too. If the called card is the bidder's own or in the middle, the bidder "
                "plays alone: also a house default, as the source does not say."
            ),
            default=True,
            kind="bool",
        ),
    )

    def __init__(self, **house_rules: Any) -> None:
        super().__init__(**house_rules)
        self._bonus: bool = self._values["all_tricks_bonus"]

    @property
    def all_tricks_bonus(self) -> int:
        return ALL_TRICKS_BONUS if self._bonus else 0

    def score_hand(
        self,
        *,
        players: Sequence[str],
        bidder: str,
        partner: str | None = None,
        bid: int,
        points: int | None = None,
        other_points: int | None = None,
        all_tricks: str | None = None,
    ) -> dict[str, int]:
        """Each player's points for the hand, in the order of `players`.

        The bidder and the called `partner` (None, or the bidder, when the
        bidder plays alone) each get the bidding side's full result; each
        opponent gets the other side's. `points` is what the bidding side took,
        `other_points` the opponents' (either or both); `all_tricks` names any
        player on the side that took every trick, or None.
        """
        report = Report()
        seated = list(players)
        self._check_seats(report, seated)
        if bidder is None:
            report.add("Say who won the bid")
        elif bidder not in seated:
            report.add(f"The bidder, {bidder}, is not one of the players at this table")
        if partner == bidder:
            partner = None
        if partner is not None and partner not in seated:
            report.add(f"The called partner, {partner}, is not one of the players at this table")
            partner = None
        bidders = [name for name in (bidder, partner) if name is not None]
        opponents = [name for name in dict.fromkeys(seated) if name not in bidders]
        bidding_name = name_list(bidders) if partner else f"{bidder} (alone)"
        took_all = _player_took_all(report, seated, bidders, all_tricks)
        results = self._side_results(
            report,
            bid=bid,
            points=points,
            other_points=other_points,
            took_all=took_all,
            bidding=(bidding_name, bidders),
            other=(name_list(opponents), opponents),
        )
        report.raise_if_any()
        assert results is not None
        return {name: results[0] if name in bidders else results[1] for name in seated}

    def _check_seats(self, report: Report, seated: list[str]) -> None:
        """Each player keeps their own score, so the table must be five distinct names."""
        if len(seated) != self.players:
            report.add(f"{self.name} needs five players; this hand lists {len(seated)}")
        repeated = [name for name in dict.fromkeys(seated) if seated.count(name) > 1]
        if repeated:
            report.add(
                f"{name_list(repeated)} {'is' if len(repeated) == 1 else 'are'} listed more "
                "than once: each player has one seat",
                repeated,
            )


def _player_took_all(
    report: Report, seated: list[str], bidders: list[str], all_tricks: str | None
) -> Side | None:
    """Sides here are secret until the hand ends, so a sweep is named by any one player."""
    took_all: Side | None = None
    if all_tricks is not None:
        if all_tricks not in seated:
            report.add(
                f"{all_tricks} is not at this table: to record that one side took every "
                "trick, name one of its players"
            )
        else:
            took_all = "bidding" if all_tricks in bidders else "other"
    return took_all
