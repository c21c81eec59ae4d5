"""Proof that whole rummy tables are checked exactly (issue 23, RULES.md sections 1 and 2).

This file builds its own model of the decks from RULES.md, card by card, and never
calls the engine's helpers (no Inventory, no fewest_cards, nothing of deal.py): a
table's scores are possible iff some hands, one per player who did not go out, each
of a size RULES.md allows and worth exactly that player's score, can all be taken
from the table's cards at once with at least the cards the player who went out laid
down still left over. Small cases list every pair of hands outright and compare
every table.
"""

import itertools
from collections import Counter

import pytest

from scoring.rules import InvalidScore, get_game

NAMES = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]

# RULES.md's tables: cards dealt and the contract's cards (3 a set, 4 a run).
TOONERVILLE_DEALT = [12, 12, 12, 12, 12, 12, 12, 12, 15, 16]
TOONERVILLE_CONTRACT = [3 + 3, 4 + 3, 4 + 4, 9, 4 + 6, 8 + 3, 12, 12, 15, 16, 8 + 6]
SHANGHAI_CONTRACT = [6, 3 + 4, 8, 9, 6 + 4, 3 + 8, 12]
SHANGHAI_SHORT_DEALT = [7, 8, 9, 10, 11, 11, 11]

CASES = Counter()  # whole tables compared, by case


# -- the decks ------------------------------------------------------------------------


def toonerville_deck(players, values, rook):
    """One Rook deck a player: four colours of 1 to 14, and one Rook each."""
    deck = [values[n] for _colour in range(4) for n in range(1, 15)] + [rook]
    return deck * players


def shanghai_deck(players, three_decks=False, black_14s=False):
    decks = 3 if three_decks else 2
    numbers = range(1, 14) if black_14s else range(1, 15)
    cards = [min(n, 10) for _d in range(decks) for _c in range(4) for n in numbers]
    wilds = 2 if players < 4 else (6 if three_decks else 4)
    return cards + [20] * wilds


def piles(cards):
    """The cards as (value, how many), highest value first."""
    return tuple(sorted(Counter(cards).items(), reverse=True))


# -- what a hand may hold --------------------------------------------------------------


def sizes_of(dealt, contract, buys, at_once, table):
    """Not laid down: exactly dealt + 2 a buy. Laid down: 1 to that less the contract."""
    if buys is None:  # no cap: any number of buys, only the table's cards bound a hand
        whole = set(range(dealt, table + 1, 2))
        laid = set() if at_once else set(range(1, table + 1))
    else:
        whole = {dealt + 2 * b for b in buys}
        laid = set() if at_once else set(range(1, max(whole) - contract + 1))
    return frozenset(n for n in whole | laid if 1 <= n <= table)


def laid_down_by_out(dealt, contract, buys, at_once, discard):
    """The fewest cards the player who went out laid down; None: nobody could go out."""
    options = range(0, 60) if buys is None else buys
    held = [dealt + 2 * b + 1 for b in options if dealt + 2 * b + 1 >= contract + discard]
    if not held:
        return None
    return min(held) if at_once else contract


# -- every hand, and whether a table's hands fit at once --------------------------------


def hands(points, sizes, pile, left):
    """Every hand (copies taken of each value) worth `points`, of a size in `sizes`."""
    top = max(sizes)

    def walk(g, points, held):
        if points == 0:
            if sum(held) in sizes:
                yield tuple(held) + (0,) * (len(pile) - len(held))
            return
        if g == len(pile) or sum(held) >= top:
            return
        value = pile[g][0]
        for n in range(min(left[g], points // value, top - sum(held)), -1, -1):
            yield from walk(g + 1, points - n * value, [*held, n])

    yield from walk(0, points, [])


def engine_accepts(game, number, scores, **kwargs):
    try:
        game.check_round(number, scores, high_confirmed=True, **kwargs)
    except InvalidScore:
        return False
    return True


# -- exhaustive: every table of two hands beside the player who went out -------------------


def every_pair(pile, sizes, laid):
    """Every (score, score) two hands of these sizes can make together, listed outright."""
    total = sum(c for _, c in pile)
    left = [c for _, c in pile]
    solo = []
    for size in sorted(sizes):
        for combo in itertools.combinations_with_replacement(range(len(pile)), size):
            hand = [0] * len(pile)
            for g in combo:
                hand[g] += 1
            if all(h <= c for h, c in zip(hand, left, strict=True)):
                solo.append((tuple(hand), sum(h * v for h, (v, _) in zip(hand, pile, strict=True))))
    pairs = set()
    for (a, sa), (b, sb) in itertools.product(solo, repeat=2):
        if (sa, sb) in pairs:
            continue
        apart = all(x + y <= c for x, y, c in zip(a, b, left, strict=True))
        if apart and total - sum(a) - sum(b) >= laid:
            pairs.add((sa, sb))
    return pairs


EXHAUSTIVE = [
    # (id, house rules, round): three players, so two hands beside the one who went out.
    (
        "rooks-tens-fives-round-1-no-buys",
        {"card_values": {n: 5 if n < 8 else 10 for n in range(1, 15)}, "buy_cap": 0},
        1,
    ),
    (
        "four-values-round-2-no-buys",
        {
            "card_values": {n: 1 if n < 5 else (3 if n < 10 else 7) for n in range(1, 15)},
            "rook_value": 11,
            "buy_cap": 0,
        },
        2,
    ),
    (
        "round-11-at-once-one-buy",
        {"card_values": {n: 5 if n < 8 else 10 for n in range(1, 15)}, "buy_cap": 1},
        11,
    ),
    (
        "round-11-laid-down-early-one-buy",
        {
            "card_values": {n: 5 if n < 8 else 10 for n in range(1, 15)},
            "buy_cap": 1,
            "round_11_lay_down": "early",
        },
        11,
    ),
]


@pytest.mark.parametrize(
    ("house_rules", "number"), [c[1:] for c in EXHAUSTIVE], ids=[c[0] for c in EXHAUSTIVE]
)
def test_every_three_player_table_agrees_with_the_cards(house_rules, number):
    game = get_game("toonerville", **house_rules)
    values = {**{n: min(n, 10) for n in range(1, 15)}, **house_rules["card_values"]}
    cards = toonerville_deck(3, values, house_rules.get("rook_value", 20))
    pile = piles(cards)
    cap = house_rules["buy_cap"]
    at_once = number == 11 and house_rules.get("round_11_lay_down", "at once") == "at once"
    dealt = [*TOONERVILLE_DEALT, 12][number - 1]
    contract = TOONERVILLE_CONTRACT[number - 1]
    sizes = sizes_of(dealt, contract, range(cap + 1), at_once, len(cards))
    laid = laid_down_by_out(dealt, contract, range(cap + 1), at_once, int(number != 11))
    possible = every_pair(pile, sizes, laid)
    top = max(max(pair) for pair in possible) + 3
    compared = 0
    for a in range(1, top + 1):
        for b in range(1, top + 1):
            expected = (a, b) in possible
            assert engine_accepts(game, number, {"Ann": 0, "Bo": a, "Cy": b}) is expected, (a, b)
            compared += 1
    # The one who went out may sit anywhere.
    for a, b in list(possible)[:300]:
        assert engine_accepts(game, number, {"Ann": a, "Bo": b, "Cy": 0})
        compared += 1
    CASES[f"exhaustive {number}"] += compared
    assert compared == top * top + min(300, len(possible))


def test_with_no_buys_and_a_12_card_deal_nobody_goes_out_in_round_11():
    """13 cards after the draw, 14 needed: every table is refused (the model agrees)."""
    assert laid_down_by_out(12, 14, range(1), True, 0) is None
    assert laid_down_by_out(12, 14, range(1), False, 0) is None
    for rule in ("at once", "early"):
        game = get_game("toonerville", buy_cap=0, round_11_lay_down=rule)
        for scores in itertools.product([0, 12, 50, 120], repeat=3):
            table = dict(zip(NAMES, scores, strict=False))
            assert not engine_accepts(game, 11, table)
            CASES["nobody out"] += 1


def test_the_comparison_covers_many_whole_tables():
    """Run last in this file (pytest keeps file order): how many whole tables were compared."""
    total = sum(CASES.values())
    print(f"\nwhole-table cases compared with the model: {total} {dict(CASES)}")
    if len(CASES) >= 4:  # the whole file ran
        assert CASES["nobody out"] == 2 * 4**3
        assert total > 50_000
