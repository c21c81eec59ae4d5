"""Proof of exactness: the engine accepts exactly the scores real cards can make.

Each game's deck is modelled here from RULES.md alone, card by card, without
calling the engine's helpers; then every score (or, where there are too many,
scores drawn by Hypothesis) is put to the engine and to the model, and the two
must agree. Rook for Two's every tricks-and-count pair is compared in
test_rules_tricks.py (test_rook_for_two_accepts_exactly_the_hands_real_cards_allow).
"""

import functools
import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.rules import InvalidScore, get_game

NAMES = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]


def bo_is_accepted(game, number: int, score: int, players: int, filler: int) -> bool:
    """Whether the engine finds nothing wrong with Bo's score alone.

    Ann went out and everyone else holds one card worth `filler`; a problem with
    the whole table (its total) is not a problem with Bo's hand.
    """
    scores = dict(zip(NAMES, [0, score, *[filler] * (players - 2)], strict=False))
    try:
        game.check_round(number, scores, high_confirmed=True)
    except InvalidScore as error:
        return not any(problem.players == ("Bo",) for problem in error.problems)
    return True


def hand_totals(cards: list[int], sizes: set[int]) -> set[int]:
    """Every total of a hand of these physical cards (each in or out) with a size in `sizes`.

    reach[n] is a bit set of the totals n cards can make; adding one card lets
    every n-card total become an (n+1)-card total that much higher.
    """
    most = min(max(sizes), len(cards))
    reach = [1] + [0] * most
    for value in cards:
        for n in range(most - 1, -1, -1):
            reach[n + 1] |= reach[n] << value
    totals = 0
    for n in range(1, most + 1):
        if n in sizes:
            totals |= reach[n]
    return {total for total in range(totals.bit_length()) if totals >> total & 1}


def hand_sizes(dealt: int, contract: int, buys: range | None, at_once: bool, table: int) -> set:
    """RULES.md's "how many cards a hand holds": not laid down, exactly the deal plus two
    a buy; laid down, 1 to that many less the contract's cards (never, laid down at once)."""
    top = 2 * table + contract if buys is None else dealt + 2 * buys[-1]  # unlimited: no top
    whole = {dealt + 2 * b for b in (range(table) if buys is None else buys)}
    laid = set() if at_once else set(range(1, top - contract + 1))
    return {n for n in whole | laid if 1 <= n <= table}


# Cards the contract lays down (3 a set, 4 a run), rounds 1 to 11 and hands 1 to 7.
TOONERVILLE_CONTRACT = [6, 7, 8, 9, 10, 11, 12, 12, 15, 16, 14]
SHANGHAI_CONTRACT = [6, 7, 8, 9, 10, 11, 12]


# -- Toonerville: P decks of 57 cards ---------------------------------------------

TOONERVILLE_DEALT = [12, 12, 12, 12, 12, 12, 12, 12, 15, 16]


def toonerville_cards(players: int, values: dict[int, int], rook: int) -> list[int]:
    """One Rook deck a player: four colours of 1 to 14, and one Rook each."""
    deck = [values[number] for _colour in range(4) for number in range(1, 15)] + [rook]
    return deck * players


@functools.cache
def multiset_totals(groups: tuple[tuple[int, int], ...], sizes: frozenset) -> frozenset[int]:
    """Every total of every multiset of cards of a size in `sizes`, with at most the copies given.

    `groups` is (value, copies): every way of picking that many cards is
    listed outright, for small cases only.
    """
    values = [value for value, _ in groups]
    copies = dict(groups)
    totals = set()
    for size in sorted(sizes):
        for hand in itertools.combinations_with_replacement(values, size):
            if all(hand.count(value) <= copies[value] for value in values):
                totals.add(sum(hand))
    return frozenset(totals)


SMALL_VALUES = [
    ({1: 1, 2: 2, **dict.fromkeys(range(3, 15), 50)}, 7),
    ({1: 1, **dict.fromkeys(range(2, 15), 100)}, 100),
    ({**dict.fromkeys(range(1, 8), 3), **dict.fromkeys(range(8, 15), 5)}, 11),
    ({1: 4, 2: 6, **dict.fromkeys(range(3, 15), 9)}, 6),
]


@pytest.mark.parametrize(("values", "rook"), SMALL_VALUES, ids=["1-2-50", "1-100", "3-5", "4-6-9"])
@pytest.mark.parametrize(("number", "buy_cap"), [(1, 0), (9, 0), (1, 1)], ids=str)
def test_toonerville_three_players_every_multiset(values, rook, number, buy_cap):
    """Three players, small values: every hand of up to the cards a hand holds, listed."""
    game = get_game("toonerville", card_values=values, rook_value=rook, buy_cap=buy_cap)
    cards = toonerville_cards(3, values, rook)
    groups = tuple(sorted((value, cards.count(value)) for value in set(cards)))
    sizes = hand_sizes(
        TOONERVILLE_DEALT[number - 1],
        TOONERVILLE_CONTRACT[number - 1],
        range(buy_cap + 1),
        False,
        len(cards),
    )
    possible = multiset_totals(groups, frozenset(sizes))
    filler = min(cards)
    for score in range(0, max(possible) + 30):
        accepted = score != 0 and bo_is_accepted(game, number, score, 3, filler)
        assert accepted is (score in possible), score


@settings(max_examples=40, deadline=None)
@given(
    players=st.integers(3, 5),
    values=st.lists(st.integers(1, 20), min_size=14, max_size=14),
    rook=st.integers(1, 30),
    buy_cap=st.one_of(st.none(), st.integers(0, 3)),
    number=st.integers(1, 11),
    round_11=st.sampled_from([12, 14]),
    data=st.data(),
)
def test_toonerville_any_table_agrees_with_the_cards(
    players, values, rook, buy_cap, number, round_11, data
):
    card_values = dict(zip(range(1, 15), values, strict=True))
    game = get_game(
        "toonerville",
        card_values=card_values,
        rook_value=rook,
        buy_cap=buy_cap,
        round_11_cards=round_11,
    )
    cards = toonerville_cards(players, card_values, rook)
    dealt = [*TOONERVILLE_DEALT, round_11][number - 1]
    if number == 11 and dealt + 2 * (3 if buy_cap is None else buy_cap) + 1 < 14:
        # Nobody can go out (RULES.md): tests/scoring/test_inventory_model.py covers it.
        return
    buys = None if buy_cap is None else range(buy_cap + 1)
    sizes = hand_sizes(dealt, TOONERVILLE_CONTRACT[number - 1], buys, number == 11, len(cards))
    possible = hand_totals(cards, sizes)
    scores = data.draw(
        st.lists(st.integers(1, max(possible) + 40), min_size=20, max_size=20), label="scores"
    )
    for score in [*scores, max(possible), max(possible) + 1]:
        accepted = bo_is_accepted(game, number, score, players, min(cards))
        assert accepted is (score in possible), score


# -- Rook Shanghai: two or three decks and their wilds -------------------------------

SHANGHAI_SHORT_DEALT = [7, 8, 9, 10, 11, 11, 11]


def shanghai_cards(players: int, three_decks: bool, black_14s: bool) -> list[int]:
    """The numbers of each deck (1-9 face value, 10-13 ten, 14s ten unless they left)
    and the wilds at 20: 2 below four players, else 4, or 6 with three decks."""
    decks = 3 if three_decks else 2
    numbers = range(1, 14) if black_14s else range(1, 15)
    cards = [min(n, 10) for _deck in range(decks) for _colour in range(4) for n in numbers]
    wilds = 2 if players < 4 else (6 if three_decks else 4)
    return cards + [20] * wilds


@pytest.mark.parametrize("black_14s", [False, True], ids=["rook-wilds", "black-14s"])
@pytest.mark.parametrize(
    ("players", "three_decks"),
    [(2, False), (3, False), (3, True), (4, False), (6, False), (6, True), (7, True), (8, True)],
    ids=lambda value: str(value),
)
def test_shanghai_every_score_of_every_hand(players, three_decks, black_14s):
    game = get_game("shanghai", three_decks=three_decks, black_14s_wild=black_14s)
    cards = shanghai_cards(players, three_decks, black_14s)
    for number in range(1, 8):
        dealt = SHANGHAI_SHORT_DEALT[number - 1] if players < 4 else 11
        sizes = hand_sizes(dealt, SHANGHAI_CONTRACT[number - 1], range(4), False, len(cards))
        possible = hand_totals(cards, sizes)
        for score in range(0, 260):
            accepted = score != 0 and bo_is_accepted(game, number, score, players, 1)
            assert accepted is (score in possible), (number, score)


# -- Partnership Rook: 52 cards and a joker -----------------------------------------

# The counters of a standard deck and the joker: aces 15, kings and tens 10, fives 5.
COUNTERS = [15] * 4 + [10] * 8 + [5] * 4 + [20]
LAST_TRICK = 20


def partnership_takes() -> set[int]:
    """Every number of points one side can take: any counters, with or without the last trick."""
    takes = set()
    for chosen in itertools.product([0, 1], repeat=len(COUNTERS)):
        points = sum(value for value, taken in zip(COUNTERS, chosen, strict=True) if taken)
        takes.update({points, points + LAST_TRICK})
    return takes


def bidding_side_accepted(game, points: int, all_tricks: str | None) -> bool:
    try:
        if game.players == 4:
            game.score_hand(
                sides=("Us", "Them"),
                bidding_side="Us",
                bid=70,
                points=points,
                other_points=200 - points,
                all_tricks=all_tricks,
            )
        else:
            game.score_hand(
                players=["Ann", "Bo", "Cy", "Di", "Ed"],
                bidder="Ann",
                partner="Bo",
                bid=70,
                points=points,
                other_points=200 - points,
                all_tricks={"Us": "Ann", "Them": "Cy"}.get(all_tricks),
            )
    except InvalidScore:
        return False
    return True


@pytest.mark.parametrize("slug", ["partnership-rook", "partnership-rook-5"])
def test_partnership_points_are_exactly_what_the_cards_allow(slug):
    game = get_game(slug)
    takes = partnership_takes()
    everything = sum(COUNTERS) + LAST_TRICK
    # Taking every trick takes every counter and the last trick; losing every trick
    # leaves the bidding side only the card it dropped (any card of the deck).
    dropped = {0, *COUNTERS}
    for points in range(-5, 206):
        assert bidding_side_accepted(game, points, None) is (points in takes), points
        assert bidding_side_accepted(game, points, "Us") is (points == everything), points
        assert bidding_side_accepted(game, points, "Them") is (points in dropped), points
