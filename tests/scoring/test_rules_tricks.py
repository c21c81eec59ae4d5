"""Rook for Two and partnership Rook: what a valid hand is and what it scores."""

import itertools
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.rules import InvalidScore, Problem, get_game

# -- Rook for Two ------------------------------------------------------------------


def rook_for_two(bidder="Ann", bid=30, tricks=(6, 5), count=(60, 30), **house_rules):
    return get_game("rook-for-two", **house_rules).score_hand(
        bidder=bidder,
        bid=bid,
        tricks=dict(zip(["Ann", "Bo"], tricks, strict=True)),
        count=dict(zip(["Ann", "Bo"], count, strict=True)),
    )


def refused(call, *args, **kwargs) -> InvalidScore:
    with pytest.raises(InvalidScore) as raised:
        call(*args, **kwargs)
    return raised.value


@pytest.mark.parametrize(
    ("bidder", "bid", "tricks", "count", "expected"),
    [
        ("Ann", 70, (6, 5), (60, 30), {"Ann": 72, "Bo": 40}),
        ("Ann", 70, (5, 5), (60, 30), {"Ann": 70, "Bo": 40}),
        ("Ann", 75, (6, 5), (60, 30), {"Ann": 0, "Bo": 80}),
        ("Bo", 40, (6, 5), (60, 30), {"Ann": 72, "Bo": 40}),
        ("Bo", 45, (6, 5), (60, 30), {"Ann": 144, "Bo": 0}),
        ("Ann", 125, (13, 0), (100, 0), {"Ann": 126, "Bo": 0}),
        ("Bo", 30, (0, 0), (0, 0), {"Ann": 0, "Bo": 0}),
    ],
    ids=[
        "bidder-makes-it",
        "bidder-exactly-on-the-bid",
        "bidder-short-opponent-doubles",
        "second-player-bids-and-makes",
        "second-player-set",
        "everything",
        "dummy-took-everything",
    ],
)
def test_rook_for_two_scores(bidder, bid, tricks, count, expected):
    assert rook_for_two(bidder, bid, tricks, count) == expected


@pytest.mark.parametrize(
    ("bid", "house_rules"),
    [
        (30, {}),
        (35, {}),
        (125, {}),
        (126, {"raise_step": 1}),
        (31, {"raise_step": 1}),
        (110, {"raise_step": 10}),
    ],
    ids=["opening-bid", "one-raise", "highest-in-fives", "126-in-ones", "31-in-ones", "tens"],
)
def test_rook_for_two_bids_allowed(bid, house_rules):
    rook_for_two(bid=bid, **house_rules)


@pytest.mark.parametrize(
    ("bid", "house_rules", "message"),
    [
        (29, {}, "A bid of 29 is not allowed: bids start at 30 and rise by 5, up to 125"),
        (126, {}, "A bid of 126 is not allowed"),
        (57, {}, "A bid of 57 is not allowed"),
        (130, {}, "A bid of 130 is not allowed"),
        (127, {"raise_step": 1}, "A bid of 127 is not allowed: bids start at 30 and rise by 1"),
        (35, {"raise_step": 10}, "A bid of 35 is not allowed: bids start at 30 and rise by 10"),
        (None, {}, "The bid is blank: enter the winning bid"),
        (50.0, {}, "The bid must be a whole number"),
    ],
    ids=[
        "below-30",
        "126-in-fives",
        "off-step",
        "above-126",
        "127",
        "off-step-tens",
        "blank",
        "float",
    ],
)
def test_rook_for_two_bids_refused(bid, house_rules, message):
    error = refused(rook_for_two, bid=bid, **house_rules)
    assert len(error.problems) == 1
    assert error.messages[0].startswith(message)
    assert error.problems[0].players == ()


@pytest.mark.parametrize(
    ("tricks", "count", "message", "players"),
    [
        (
            (7, 7),
            (50, 50),
            "Ann and Bo took 14 tricks between them: there are only 13 (the Dummy takes the rest)",
            ("Ann", "Bo"),
        ),
        (
            (6, 6),
            (60, 45),
            "Ann and Bo took 105 count between them: there are only 100 points of count cards",
            ("Ann", "Bo"),
        ),
        (
            (6, 6),
            (62, 30),
            "Ann's count of 62 is not possible: count is in fives "
            "(each 5 is worth 5, each 10 and 14 is worth 10), 100 in all",
            ("Ann",),
        ),
        (
            (1, 6),
            (35, 30),
            "Ann's 1 trick holds 3 cards: at most 30 count (three 10-point cards), not 35",
            ("Ann",),
        ),
        (
            (6, 0),
            (60, 5),
            "Bo took no tricks, so no count: count cards arrive only in tricks",
            ("Bo",),
        ),
        ((6, None), (60, 30), "Bo's tricks is blank: enter 0 if they took none", ("Bo",)),
        ((6, 5), (None, 30), "Ann's count is blank: enter 0 if they took none", ("Ann",)),
        ((6, -1), (60, 0), "Bo's tricks cannot be negative (-1)", ("Bo",)),
        ((6, 5), (60, -5), "Bo's count cannot be negative (-5)", ("Bo",)),
        ((6, 5.5), (60, 30), "Bo's tricks must be a whole number", ("Bo",)),
        ((6, 5), ("60", 30), "Ann's count must be a whole number", ("Ann",)),
        ((14, 0), (60, 0), "Ann took 14 tricks: there are only 13", ("Ann",)),
    ],
    ids=[
        "fourteen-tricks",
        "105-count",
        "count-not-in-fives",
        "too-much-count-for-the-tricks",
        "count-without-tricks",
        "blank-tricks",
        "blank-count",
        "negative-tricks",
        "negative-count",
        "fractional-tricks",
        "text-count",
        "one-player-14-tricks",
    ],
)
def test_rook_for_two_impossible_hands_are_refused(tricks, count, message, players):
    error = refused(rook_for_two, tricks=tricks, count=count)
    assert error.problems == [Problem(message, players)]


def test_rook_for_two_reports_every_problem_at_once():
    error = refused(rook_for_two, bidder="Cy", bid=33, tricks=(None, 14), count=(7, 105))
    assert error.messages == [
        "The bidder must be Ann or Bo, not Cy",
        "A bid of 33 is not allowed: bids start at 30 and rise by 5, "
        "up to 125 (126 points in a hand)",
        "Ann's tricks is blank: enter 0 if they took none",
        "Bo took 14 tricks: there are only 13",
        "Ann's count of 7 is not possible: count is in fives "
        "(each 5 is worth 5, each 10 and 14 is worth 10), 100 in all",
        "Bo's count of 105 is not possible: count is in fives "
        "(each 5 is worth 5, each 10 and 14 is worth 10), 100 in all",
    ]


def test_rook_for_two_needs_two_players():
    game = get_game("rook-for-two")
    error = refused(
        game.score_hand,
        bidder="Ann",
        bid=30,
        tricks={"Ann": 1, "Bo": 1, "Cy": 1},
        count={"Ann": 0, "Bo": 0, "Cy": 0},
    )
    assert error.messages == ["Rook for Two has two players; this hand lists 3 (Ann, Bo and Cy)"]


def test_a_player_missing_from_count_is_blank():
    game = get_game("rook-for-two")
    error = refused(game.score_hand, bidder="Ann", bid=30, tricks={"Ann": 1, "Bo": 1}, count={})
    assert error.messages == [
        "Ann's count is blank: enter 0 if they took none",
        "Bo's count is blank: enter 0 if they took none",
    ]


@pytest.mark.parametrize("raw", [1, 3, 5, 123, 125], ids=str)
def test_rook_for_two_unreachable_single_scores(raw):
    game = get_game("rook-for-two")
    assert not any(game.is_feasible(raw, other) for other in range(127))
    assert not any(game.is_feasible(other, raw) for other in range(127))
    error = refused(game.check_raw, {"Ann": raw, "Bo": 0})
    assert error.problems == [
        Problem(
            f"Ann's {raw} cannot happen: a player takes 0 to 126 points a hand, "
            "and never 1, 3, 5, 123 or 125",
            ("Ann",),
        )
    ]


def test_rook_for_two_pair_2_and_121_is_refused():
    game = get_game("rook-for-two")
    assert game.is_feasible(2, 0)
    assert game.is_feasible(0, 121)
    assert not game.is_feasible(2, 121)
    error = refused(game.check_raw, {"Ann": 2, "Bo": 121})
    assert error.messages == [
        "Ann's 2 and Bo's 121 cannot both happen in one hand: "
        "there are only 13 tricks and 100 points of count"
    ]
    # Ann's 2 is one trick without count; Bo's 121 needs 95 count and 13 tricks.
    refused(rook_for_two, tricks=(1, 13), count=(0, 95))


@pytest.mark.parametrize(
    ("raw", "feasible"),
    [
        ((0, 0), True),
        ((126, 0), True),
        ((124, 2), True),
        ((7, 0), True),
        ((126, 2), False),
        ((-2, 0), False),
    ],
    ids=["nothing", "everything", "all-but-a-trick", "seven", "more-than-126", "negative"],
)
def test_rook_for_two_check_raw(raw, feasible):
    game = get_game("rook-for-two")
    assert game.is_feasible(*raw) is feasible
    scores = dict(zip(["Ann", "Bo"], raw, strict=True))
    if feasible:
        game.check_raw(scores)
    else:
        refused(game.check_raw, scores)


def four_checks(tricks_a, count_a, tricks_b, count_b) -> bool:
    """RULES.md's four checks for a Rook-for-Two hand, written out independently."""
    return (
        min(tricks_a, tricks_b, count_a, count_b) >= 0
        and tricks_a + tricks_b <= 13
        and count_a % 5 == 0
        and count_b % 5 == 0
        and count_a + count_b <= 100
        and count_a <= 30 * tricks_a
        and count_b <= 30 * tricks_b
    )


def pairs_from_cards() -> set[tuple[int, int]]:
    """Every pair of raw scores real cards can give, by brute force over the count cards.

    Four 5s and eight ten-point cards (10s and 14s); a trick holds at most three
    of them; whatever the players do not take sits in the Dummy's tricks or the nest.
    """
    pairs = set()
    for tricks_a, tricks_b in itertools.product(range(14), repeat=2):
        if tricks_a + tricks_b > 13:
            continue
        room_elsewhere = 5 + 3 * (13 - tricks_a - tricks_b)
        for fives_a, tens_a, fives_b, tens_b in itertools.product(range(5), range(9), repeat=2):
            if fives_a + fives_b > 4 or tens_a + tens_b > 8:
                continue
            if fives_a + tens_a > 3 * tricks_a or fives_b + tens_b > 3 * tricks_b:
                continue
            if 12 - fives_a - tens_a - fives_b - tens_b > room_elsewhere:
                continue
            pairs.add(
                (5 * fives_a + 10 * tens_a + 2 * tricks_a, 5 * fives_b + 10 * tens_b + 2 * tricks_b)
            )
    return pairs


def test_feasible_pairs_are_exactly_what_the_four_checks_and_real_cards_allow():
    game = get_game("rook-for-two")
    from_checks = {
        (count_a + 2 * tricks_a, count_b + 2 * tricks_b)
        for tricks_a, tricks_b in itertools.product(range(14), repeat=2)
        for count_a, count_b in itertools.product(range(0, 101, 5), repeat=2)
        if four_checks(tricks_a, count_a, tricks_b, count_b)
    }
    feasible = {
        (a, b) for a, b in itertools.product(range(-3, 131), repeat=2) if game.is_feasible(a, b)
    }
    assert feasible == from_checks
    assert feasible == pairs_from_cards()
    assert {a for a, _ in feasible} == set(range(127)) - {1, 3, 5, 123, 125}


def hands_from_cards() -> set[tuple[int, int, int, int]]:
    """Every (tricks, count) for both players that real cards allow, by brute force.

    Each of the twelve count cards (eight worth 10, four worth 5) lies in Ann's
    tricks, Bo's tricks or elsewhere (the nest and the Dummy's tricks); a trick
    is three cards and the nest five.
    """
    hands = set()
    for tricks_a, tricks_b in itertools.product(range(14), repeat=2):
        if tricks_a + tricks_b > 13:
            continue
        elsewhere = 5 + 3 * (13 - tricks_a - tricks_b)
        for tens_a, tens_b, fives_a, fives_b in itertools.product(
            range(9), range(9), range(5), range(5)
        ):
            tens_rest, fives_rest = 8 - tens_a - tens_b, 4 - fives_a - fives_b
            if min(tens_rest, fives_rest) < 0 or tens_rest + fives_rest > elsewhere:
                continue
            if tens_a + fives_a > 3 * tricks_a or tens_b + fives_b > 3 * tricks_b:
                continue
            hands.add((tricks_a, 10 * tens_a + 5 * fives_a, tricks_b, 10 * tens_b + 5 * fives_b))
    return hands


def test_rook_for_two_accepts_exactly_the_hands_real_cards_allow():
    """Every tricks and count pair, from 0 to 13 tricks and 0 to 100 count in fives."""
    possible = hands_from_cards()
    loose = {
        (tricks_a, count_a, tricks_b, count_b)
        for tricks_a, tricks_b in itertools.product(range(14), repeat=2)
        for count_a, count_b in itertools.product(range(0, 101, 5), repeat=2)
        if four_checks(tricks_a, count_a, tricks_b, count_b)
    }
    assert len(loose - possible) == 874  # RULES.md: what the looser checks let through
    accepted = set()
    for tricks_a, tricks_b in itertools.product(range(14), repeat=2):
        for count_a, count_b in itertools.product(range(0, 101, 5), repeat=2):
            try:
                rook_for_two(bid=30, tricks=(tricks_a, tricks_b), count=(count_a, count_b))
            except InvalidScore:
                continue
            accepted.add((tricks_a, count_a, tricks_b, count_b))
    assert accepted == possible


@pytest.mark.parametrize(
    ("tricks", "count", "message", "players"),
    [
        (
            (3, 0),
            (90, 0),
            "Ann's 3 tricks hold 9 cards: at most 85 count "
            "(eight 10-point cards and one 5), not 90",
            ("Ann",),
        ),
        (
            (13, 0),
            (0, 0),
            "Ann's 13 tricks leave only 5 cards for the nest and the Dummy's tricks, so they "
            "hold at least three 10-point cards and four 5s: at least 50 count, not 0",
            ("Ann",),
        ),
        (
            (1, 2),
            (30, 60),
            "Ann's 30 count in 1 trick and Bo's 60 in 2 tricks need at least nine 10-point "
            "cards: there are eight (the 10s and 14s)",
            ("Ann", "Bo"),
        ),
        (
            (7, 6),
            (0, 0),
            "Ann's and Bo's 13 tricks leave only 5 cards for the nest and the Dummy's tricks, "
            "so they hold at least three 10-point cards and four 5s: at least 50 count "
            "between them, not 0",
            ("Ann", "Bo"),
        ),
    ],
    ids=["three-tricks-90", "thirteen-tricks-no-count", "nine-tens", "all-tricks-no-count"],
)
def test_rook_for_two_impossible_splits_name_the_player_and_the_cards(
    tricks, count, message, players
):
    error = refused(rook_for_two, tricks=tricks, count=count)
    assert error.problems == [Problem(message, players)]


# The 44 cards of Rook for Two: four colours, 4 to 14.
DECK = [(colour, number) for colour in "BRGY" for number in range(4, 15)]
COUNT = {5: 5, 10: 10, 14: 10}


@settings(max_examples=150, deadline=None)
@given(
    deck=st.permutations(DECK),
    winners=st.lists(st.sampled_from(["Ann", "Bo", "Dummy"]), min_size=13, max_size=13),
    swap=st.booleans(),
    hand_picks=st.lists(st.integers(0, 12), min_size=2, max_size=2, unique=True),
    nest_picks=st.lists(st.integers(0, 4), min_size=2, max_size=2, unique=True),
    bidder=st.sampled_from(["Ann", "Bo"]),
    raises=st.integers(0, 19),
)
def test_every_dealt_and_played_hand_is_accepted(
    deck, winners, swap, hand_picks, nest_picks, bidder, raises
):
    hands = {"Ann": deck[0:13], "Bo": deck[13:26], "Dummy": deck[26:39]}
    nest = deck[39:44]
    if swap:  # the bidder swaps exactly two cards with the nest, which then leaves play
        hand = hands[bidder]
        for mine, theirs in zip(hand_picks, nest_picks, strict=True):
            hand[mine], nest[theirs] = nest[theirs], hand[mine]
    tricks = {"Ann": 0, "Bo": 0}
    count = {"Ann": 0, "Bo": 0}
    for index, winner in enumerate(winners):  # each trick: one card from each hand
        if winner == "Dummy":
            continue
        tricks[winner] += 1
        count[winner] += sum(COUNT.get(hands[who][index][1], 0) for who in hands)
    bid = 30 + 5 * raises
    game = get_game("rook-for-two")

    result = game.score_hand(bidder=bidder, bid=bid, tricks=tricks, count=count)

    raw = {name: count[name] + 2 * tricks[name] for name in tricks}
    assert game.is_feasible(raw["Ann"], raw["Bo"])
    game.check_raw(raw)
    opponent = "Bo" if bidder == "Ann" else "Ann"
    if raw[bidder] >= bid:
        assert result == raw
    else:
        assert result == {bidder: 0, opponent: 2 * raw[opponent]}


# -- Partnership Rook (four players) ---------------------------------------------

SIDES = ("Ann & Cy", "Bo & Di")


def partnership(**kwargs):
    return get_game("partnership-rook").score_hand(sides=SIDES, **kwargs)


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        ({"bidding_side": "Ann & Cy", "bid": 110, "points": 110}, (110, 90)),
        ({"bidding_side": "Ann & Cy", "bid": 110, "points": 105}, (-110, 95)),
        ({"bidding_side": "Ann & Cy", "bid": 110, "other_points": 90}, (110, 90)),
        ({"bidding_side": "Ann & Cy", "bid": 110, "points": 105, "other_points": 95}, (-110, 95)),
        ({"bidding_side": "Ann & Cy", "bid": 70, "points": 0}, (-70, 200)),
        ({"bidding_side": "Ann & Cy", "bid": 200, "points": 200}, (200, 0)),
        (
            {"bidding_side": "Ann & Cy", "bid": 200, "points": 200, "all_tricks": "Ann & Cy"},
            (300, 0),
        ),
        (
            {"bidding_side": "Ann & Cy", "bid": 120, "points": 200, "all_tricks": "Ann & Cy"},
            (300, 0),
        ),
    ],
    ids=[
        "published-made-110",
        "published-set-105",
        "other-side-points-only",
        "both-sides-points",
        "zero-points-without-losing-every-trick",
        "all-points-not-all-tricks",
        "all-tricks-bid-200",
        "all-tricks-300",
    ],
)
def test_partnership_scores(hand, expected):
    assert partnership(**hand) == dict(zip(SIDES, expected, strict=True))


@pytest.mark.parametrize("kept", [0, 5, 10, 15, 20], ids=lambda kept: f"dropped-{kept}")
def test_partnership_opponents_take_all_13_tricks(kept):
    result = partnership(bidding_side="Bo & Di", bid=150, points=kept, all_tricks="Ann & Cy")
    assert result == {"Bo & Di": -150, "Ann & Cy": 200 - kept + 100}


@pytest.mark.parametrize(
    ("hand", "message", "players"),
    [
        (
            {"bid": 150, "points": 25, "all_tricks": "Bo & Di"},
            "Bo & Di took all 13 tricks, so Ann & Cy kept only the dropped card: "
            "their points must be 0, 5, 10, 15 or 20, not 25",
            ("Ann & Cy",),
        ),
        (
            {"bid": 150, "points": 180, "all_tricks": "Ann & Cy"},
            "Ann & Cy took all 13 tricks, so they took all 200 points, not 180",
            ("Ann & Cy",),
        ),
        (
            {"bid": 110, "points": 110, "other_points": 95},
            "Ann & Cy took 110 and Bo & Di took 95, 205 in all: "
            "the two sides' points must add up to exactly 200",
            ("Ann & Cy", "Bo & Di"),
        ),
        (
            {"bid": 110, "points": 112},
            "Ann & Cy cannot take 112 points: points are multiples of 5 from 0 to 200",
            ("Ann & Cy",),
        ),
        (
            {"bid": 110, "other_points": 205},
            "Bo & Di cannot take 205 points: points are multiples of 5 from 0 to 200",
            ("Bo & Di",),
        ),
        (
            {"bid": 110, "points": -5},
            "Ann & Cy cannot take -5 points: points are multiples of 5 from 0 to 200",
            ("Ann & Cy",),
        ),
        (
            {"bid": 110, "points": "110"},
            "The points for Ann & Cy must be a whole number",
            ("Ann & Cy",),
        ),
        ({"bid": 110}, "Enter the points the bidding side (Ann & Cy) took", ()),
        (
            {"bid": 65, "points": 110},
            "A bid of 65 is not allowed: bids are multiples of 5 from 70 to 200",
            (),
        ),
        (
            {"bid": 205, "points": 110},
            "A bid of 205 is not allowed: bids are multiples of 5 from 70 to 200",
            (),
        ),
        (
            {"bid": 112, "points": 110},
            "A bid of 112 is not allowed: bids are multiples of 5 from 70 to 200",
            (),
        ),
        ({"bid": None, "points": 110}, "The bid is blank: enter the winning bid", ()),
        (
            {"bid": 110, "points": 110, "all_tricks": "Cy"},
            "All 13 tricks must have been taken by Ann & Cy or Bo & Di, not Cy",
            (),
        ),
    ],
    ids=[
        "opponents-took-all-but-bidders-kept-25",
        "took-all-but-not-200",
        "points-not-200",
        "points-not-in-fives",
        "other-points-over-200",
        "negative-points",
        "text-points",
        "no-points",
        "bid-below-70",
        "bid-above-200",
        "bid-not-in-fives",
        "blank-bid",
        "all-tricks-not-a-side",
    ],
)
def test_partnership_impossible_hands_are_refused(hand, message, players):
    error = refused(partnership, bidding_side="Ann & Cy", **hand)
    assert error.problems == [Problem(message, players)]


def test_partnership_reports_every_problem_at_once():
    error = refused(partnership, bidding_side="Us", bid=71, points=3, other_points=None)
    assert error.messages == [
        "The bidding side must be Ann & Cy or Bo & Di, not Us",
        "A bid of 71 is not allowed: bids are multiples of 5 from 70 to 200",
        "Ann & Cy cannot take 3 points: points are multiples of 5 from 0 to 200",
    ]


def test_partnership_sides_must_be_two_names():
    game = get_game("partnership-rook")
    with pytest.raises(ValueError, match=re.escape("two different names")):
        game.score_hand(sides=("Us", "Us"), bidding_side="Us", bid=100, points=100)


points_entries = st.one_of(
    st.none(), st.integers(-1, 41).map(lambda n: 5 * n), st.integers(-5, 205)
)


@settings(max_examples=300, deadline=None)
@given(
    bidding_side=st.sampled_from(SIDES),
    bid=st.one_of(st.integers(13, 41).map(lambda n: 5 * n), st.integers(60, 210)),
    points=points_entries,
    other_points=points_entries,
    all_tricks=st.sampled_from([None, None, *SIDES]),
)
def test_every_accepted_partnership_hand_follows_the_rules(
    bidding_side, bid, points, other_points, all_tricks
):
    try:
        result = partnership(
            bidding_side=bidding_side,
            bid=bid,
            points=points,
            other_points=other_points,
            all_tricks=all_tricks,
        )
    except InvalidScore:
        return
    other_side = SIDES[1] if bidding_side == SIDES[0] else SIDES[0]
    taken = points if points is not None else 200 - other_points
    assert bid % 5 == 0
    assert 70 <= bid <= 200
    assert taken % 5 == 0
    assert 0 <= taken <= 200
    if other_points is not None:
        assert taken + other_points == 200
    if all_tricks == bidding_side:
        assert result == {bidding_side: 300, other_side: 0}
    elif all_tricks == other_side:
        assert taken in {0, 5, 10, 15, 20}
        assert result == {bidding_side: -bid, other_side: 200 - taken + 100}
    elif taken >= bid:
        assert result == {bidding_side: taken, other_side: 200 - taken}
    else:
        assert result == {bidding_side: -bid, other_side: 200 - taken}


@settings(max_examples=100, deadline=None)
@given(bid=st.integers(14, 40).map(lambda n: 5 * n), taken=st.integers(0, 40).map(lambda n: 5 * n))
def test_every_hand_rules_md_allows_is_accepted(bid, taken):
    assert sum(partnership(bidding_side=SIDES[0], bid=bid, points=taken).values()) in {
        200,
        200 - taken - bid,
    }


# -- Partnership Rook for five ------------------------------------------------------

FIVE = ["Ann", "Bo", "Cy", "Di", "Ed"]


def five(house_rules=None, **kwargs):
    return get_game("partnership-rook-5", **(house_rules or {})).score_hand(players=FIVE, **kwargs)


@pytest.mark.parametrize(
    ("bonus", "taker", "expected"),
    [
        (True, "Di", {"Ann": 0, "Bo": 0, "Cy": 0, "Di": 300, "Ed": 300}),
        (False, "Di", {"Ann": 0, "Bo": 0, "Cy": 0, "Di": 200, "Ed": 200}),
        (True, "Ann", {"Ann": 290, "Bo": 290, "Cy": 290, "Di": -150, "Ed": -150}),
        (False, "Ann", {"Ann": 190, "Bo": 190, "Cy": 190, "Di": -150, "Ed": -150}),
    ],
    ids=["bidders-bonus", "bidders-no-bonus", "opponents-bonus", "opponents-no-bonus"],
)
def test_five_player_all_tricks_bonus_can_be_turned_off(bonus, taker, expected):
    points = 200 if taker == "Di" else 10
    hand = {"bidder": "Ed", "partner": "Di", "bid": 150, "points": points, "all_tricks": taker}
    assert five({"all_tricks_bonus": bonus}, **hand) == expected


def test_five_player_house_defaults_are_marked_and_explained():
    rule = next(
        r for r in get_game("partnership-rook-5").house_rules if r.name == "all_tricks_bonus"
    )
    assert rule.default is True
    assert "all thirteen" in rule.help
    assert "plays alone" in rule.help


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        (
            {"bidder": "Ann", "partner": "Cy", "bid": 110, "points": 110},
            {"Ann": 110, "Bo": 90, "Cy": 110, "Di": 90, "Ed": 90},
        ),
        (
            {"bidder": "Ann", "partner": "Cy", "bid": 110, "points": 105},
            {"Ann": -110, "Bo": 95, "Cy": -110, "Di": 95, "Ed": 95},
        ),
        (
            {"bidder": "Bo", "partner": None, "bid": 100, "points": 120},
            {"Ann": 80, "Bo": 120, "Cy": 80, "Di": 80, "Ed": 80},
        ),
        (
            {"bidder": "Bo", "partner": "Bo", "bid": 100, "other_points": 80},
            {"Ann": 80, "Bo": 120, "Cy": 80, "Di": 80, "Ed": 80},
        ),
        (
            {"bidder": "Ed", "partner": "Di", "bid": 150, "points": 200, "all_tricks": "Di"},
            {"Ann": 0, "Bo": 0, "Cy": 0, "Di": 300, "Ed": 300},
        ),
        (
            {"bidder": "Ed", "partner": "Di", "bid": 150, "points": 10, "all_tricks": "Ann"},
            {"Ann": 290, "Bo": 290, "Cy": 290, "Di": -150, "Ed": -150},
        ),
    ],
    ids=["made", "set", "alone", "called-own-card", "took-every-trick", "lost-every-trick"],
)
def test_five_player_individual_scores(hand, expected):
    assert five(**hand) == expected


@pytest.mark.parametrize(
    ("players", "hand", "message"),
    [
        (
            FIVE[:4],
            {"bidder": "Ann"},
            "Partnership Rook for five needs five players; this hand lists 4",
        ),
        (
            [*FIVE[:4], "Ann"],
            {"bidder": "Ann"},
            "Ann is listed more than once: each player has one seat",
        ),
        (FIVE, {"bidder": "Flo"}, "The bidder, Flo, is not one of the players at this table"),
        (
            FIVE,
            {"bidder": "Ann", "partner": "Flo"},
            "The called partner, Flo, is not one of the players at this table",
        ),
        (
            FIVE,
            {"bidder": "Ann", "partner": "Bo", "all_tricks": "Cy", "points": 40},
            "Cy, Di and Ed took all 10 tricks, so Ann and Bo kept only the dropped card: "
            "their points must be 0, 5, 10, 15 or 20, not 40",
        ),
        (
            FIVE,
            {"bidder": "Ann", "all_tricks": "Flo"},
            "Flo is not at this table: to record that one side took every trick, "
            "name one of its players",
        ),
    ],
    ids=[
        "four-players",
        "same-player-twice",
        "bidder-not-seated",
        "partner-not-seated",
        "all-tricks",
        "all-tricks-unknown",
    ],
)
def test_five_player_impossible_hands_are_refused(players, hand, message):
    game = get_game("partnership-rook-5")
    error = refused(game.score_hand, players=players, **{"bid": 100, "points": 100, **hand})
    assert message in error.messages


def test_partnership_knows_its_deck_52_cards_and_a_joker_worth_200_with_the_last_trick():
    from scoring.rules.tricks import (
        DROPPED_CARD_POINTS,
        HAND_POINTS,
        LAST_TRICK_POINTS,
        PARTNERSHIP_INVENTORY,
    )

    assert PARTNERSHIP_INVENTORY.cards == 53
    # RULES.md: aces 15 each, kings 10, tens 10, fives 5, the joker 20, last trick 20.
    assert PARTNERSHIP_INVENTORY.total == 4 * 15 + 4 * 10 + 4 * 10 + 4 * 5 + 20
    assert HAND_POINTS == PARTNERSHIP_INVENTORY.total + LAST_TRICK_POINTS == 200
    assert DROPPED_CARD_POINTS == (0, 5, 10, 15, 20)
