"""The faster one-inventory search answers exactly as the search it replaced (issue 23).

tests/scoring/deal_reference.py is a frozen copy of scoring/rules/deal.py (and of
the old whole-inventory knapsack) from before the search was made faster. Every
question here is put to both, on random small inventories (where the old search is
quick) and on the games' own decks, with hands near the most and the least a hand
can hold, where the scarce cards are fought over: the answers must be the same.
test_inventory_model.py and test_exactness.py check both against the cards themselves.
"""

import random

import pytest

from scoring.rules import get_game
from scoring.rules.cards import Inventory
from scoring.rules.deal import Counts, Table

from . import deal_reference as reference


def random_counts(rng: random.Random) -> Counts:
    """Hand sizes of every kind the games use: a capped set, or a floor with a step."""
    kind = rng.randrange(4)
    if kind == 0:  # not laid down, a buy cap: exactly the deal plus two a buy
        dealt = rng.randint(1, 6)
        return Counts.of([dealt + 2 * b for b in range(rng.randint(1, 3))])
    if kind == 1:  # laid down or not, a buy cap
        top = rng.randint(2, 12)
        return Counts.of(sorted({*range(1, top - rng.randint(0, top - 1) + 1), top}))
    if kind == 2:  # round 11 laid down at once, unlimited buys
        return Counts(0, floor=rng.randint(1, 6), step=2)
    return Counts(0, floor=1, step=1)  # unlimited buys


def random_groups(rng: random.Random) -> tuple[tuple[int, int], ...]:
    values = rng.sample(range(1, 30), rng.randint(1, 5))
    copies = {i: rng.randint(1, 6) for i in range(len(values))}
    return Inventory(copies, dict(enumerate(values))).by_value()


def near_the_edge(rng: random.Random, groups, counts: Counts) -> int:
    """A score near the most (or the least) some hand of these sizes is worth, or any."""
    cards = sorted((v for v, n in groups for _ in range(n)), reverse=True)
    sizes = [n for n in counts.describe_sizes(limit=len(cards)) if 0 < n <= len(cards)]
    if not sizes:
        return rng.randint(1, 20)
    size = rng.choice(sizes)
    edge = rng.random()
    if edge < 0.4:
        return max(1, sum(cards[:size]) - rng.randint(0, 6))
    if edge < 0.6:
        return sum(cards[-size:]) + rng.randint(0, 4)
    return rng.randint(1, sum(cards[:size]) + 2)


def compare(groups, hands, laid: int) -> bool:
    new = Table(groups).deal(hands, laid)
    old = reference.Table(groups).deal(hands, laid)
    assert new is old, (groups, hands, laid)
    return new


@pytest.mark.parametrize("seed", range(8))
def test_random_small_inventories_answer_as_before(seed):
    rng = random.Random(seed)
    answers = {True: 0, False: 0}
    for _ in range(250):
        groups = random_groups(rng)
        players = rng.randint(1, 4)
        cards = [v for v, n in groups for _ in range(n)]
        rng.shuffle(cards)
        hands = []
        for _ in range(players):
            counts = random_counts(rng)
            sizes = counts.describe_sizes(limit=len(cards))
            if rng.random() < 0.5 and sizes and min(sizes) <= len(cards):
                # Cards really dealt, sometimes a point off: mostly accepted.
                size = rng.choice([n for n in sizes if n <= len(cards)])
                hand, cards = cards[:size], cards[size:]
                score = max(1, sum(hand) + rng.choice([0, 0, 0, -1, 1]))
            else:
                score = near_the_edge(rng, groups, counts)
            hands.append((score, counts))
        answers[compare(groups, hands, rng.randint(0, 8))] += 1
    # Both answers are met many times: the comparison is not all one way.
    assert min(answers.values()) > 25, answers


GAME_TABLES = [
    # (id, game, house rules, table sizes): decks where the old search stays quick.
    ("toonerville-default", "toonerville", {}, (3, 4, 5)),
    ("toonerville-no-buys", "toonerville", {"buy_cap": 0}, (3, 4, 5)),
    ("toonerville-cap-3", "toonerville", {"buy_cap": 3}, (3, 4)),
    (
        "toonerville-fives-and-tens-cap-1",
        "toonerville",
        {"card_values": {n: 5 if n < 8 else 10 for n in range(1, 15)}, "buy_cap": 1},
        (3, 4),
    ),
    ("shanghai", "shanghai", {}, (3, 4, 5, 6)),
    ("shanghai-three-decks", "shanghai", {"three_decks": True}, (6, 8)),
]


@pytest.mark.parametrize(
    ("slug", "house_rules", "sizes"), [c[1:] for c in GAME_TABLES], ids=[c[0] for c in GAME_TABLES]
)
def test_the_games_tight_tables_answer_as_before(slug, house_rules, sizes):
    rng = random.Random(23)
    game = get_game(slug, **house_rules)
    compared = 0
    for players in sizes:
        inventory = game.inventory(players)
        groups = inventory.by_value()
        for number in range(1, len(game.rounds_for(players)) + 1):
            laid = game.laid_down_cards(number, players)
            if laid is None:
                continue
            counts = game.hand_counts(number, players)
            most = inventory.most(max(counts.describe_sizes(limit=40)))
            for _ in range(6):
                scores = [max(1, most - rng.randint(0, most // 5 + 1)) for _ in range(players - 1)]
                compare(groups, [(score, counts) for score in scores], laid)
                compared += 1
    assert compared > 50


@pytest.mark.parametrize("seed", range(4))
def test_the_fewest_cards_for_a_total_are_as_before(seed):
    rng = random.Random(seed)
    for _ in range(40):
        values = rng.sample(range(1, 101), rng.randint(1, 15))
        copies = {i: rng.choice([1, 2, 4, 12, 16, 20]) for i in range(len(values))}
        inventory = Inventory(copies, dict(enumerate(values)))
        groups = inventory.by_value()
        for points in [rng.randint(-1, inventory.total + 2) for _ in range(30)]:
            assert inventory.fewest_cards(points) == reference.fewest_cards(groups, points)


@pytest.mark.parametrize("seed", range(3))
def test_a_players_lowest_hand_holds_no_fewer_of_each_group_than_the_fewest(seed):
    """The scarce-card message skips a group when these hands share it out, so each
    hand must hold at least the fewest copies any valid hand does, and be valid."""
    rng = random.Random(seed)
    for _ in range(120):
        groups = random_groups(rng)
        counts = random_counts(rng)
        points = near_the_edge(rng, groups, counts)
        table, old = Table(groups), reference.Table(groups)
        hand = table.lowest_hand(counts, points)
        if not old.alone(counts, 0, points, 0):
            assert hand is None
            continue
        assert sum(n * v for n, (v, _) in zip(hand, groups, strict=True)) == points
        assert counts.allows(sum(hand))
        assert all(n <= c for n, (_, c) in zip(hand, groups, strict=True))
        least = [old.least_copies(counts, points, g) for g in range(len(groups))]
        assert all(lo <= n for lo, n in zip(least, hand, strict=True)), (hand, least)
        assert least[0] == hand[0]  # the first group's fewest is found exactly
