"""The known seatings the whole-night planner starts from: checked from their definition."""

from collections import Counter
from itertools import combinations

import pytest

from tourney.seating import plan_night
from tourney.seating.designs import (
    Design,
    _field,
    affine_space,
    designs_for,
    forty,
    thirty_six,
    transversal,
    twenty_four,
    whist12,
)


def pair_meetings(design: Design) -> Counter:
    met: Counter = Counter()
    for tables in design.classes:
        for table in tables:
            met.update(frozenset(pair) for pair in combinations(table, 2))
    return met


def assert_rounds_seat_everyone(design: Design, points: int, size: int) -> None:
    """Every round seats each of the design's ``points`` players once, at tables of ``size``."""
    assert design.points == points
    for tables in design.classes:
        assert sorted(p for t in tables for p in t) == list(range(points))
        assert {len(t) for t in tables} == {size}


@pytest.mark.parametrize("q", [2, 3, 4, 5, 7, 8, 9, 16])
def test_fields_have_inverses_and_distribute(q):
    add, mul = _field(q)
    for a in range(1, q):
        assert sorted(mul[a][b] for b in range(q)) == list(range(q))  # a has an inverse
    for a, b, c in combinations(range(q), 3):
        assert mul[a][add[b][c]] == add[mul[a][b]][mul[a][c]]


@pytest.mark.parametrize(
    ("design", "points", "rounds", "k"),
    [
        pytest.param(forty(), 40, 13, 4, id="resolvable-2-40-4-1"),
        pytest.param(affine_space(2, 4), 16, 5, 4, id="AG-2-4"),
        pytest.param(affine_space(2, 5), 25, 6, 5, id="AG-2-5"),
        pytest.param(affine_space(3, 3), 27, 13, 3, id="AG-3-3-kirkman-27"),
        pytest.param(affine_space(3, 4), 64, 21, 4, id="AG-3-4"),
    ],
)
def test_complete_designs_seat_every_pair_exactly_once(design, points, rounds, k):
    assert design.points == points
    assert len(design.classes) == rounds
    assert_rounds_seat_everyone(design, points, k)
    met = pair_meetings(design)
    assert len(met) == points * (points - 1) // 2
    assert set(met.values()) == {1}


@pytest.mark.parametrize(("k", "q"), [(4, 7), (4, 9), (4, 11), (5, 7), (5, 8), (4, 53)])
def test_transversal_designs_seat_every_pair_across_columns_once(k, q):
    design = transversal(k, q)
    assert len(design.classes) == q
    assert_rounds_seat_everyone(design, k * q, k)
    met = pair_meetings(design)
    column = {p: i for i, group in enumerate(design.groups) for p in group}
    assert all(column[a] != column[b] for a, b in met)
    assert set(met.values()) == {1}
    assert len(met) == (k * q) ** 2 * (k - 1) // (2 * k)


def test_designs_offered_fit_the_room():
    for n in range(9, 120, 5):
        for design in designs_for(n, 4, 1):
            assert n - 1 <= design.points <= n * 3 // 2 + 4
    assert "resolvable 2-(40,4,1)" in [d.name for d in designs_for(38, 4)]


def test_whist_twelve_seats_every_pair_exactly_three_times():
    design = whist12()
    assert (design.points, len(design.classes)) == (12, 11)
    assert_rounds_seat_everyone(design, 12, 4)
    met = pair_meetings(design)
    assert len(met) == 12 * 11 // 2
    assert set(met.values()) == {3}


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_twelve_players_eleven_rounds_no_pair_meets_more_than_three_times(seed):
    """198 pair-meetings on 66 pairs: 3 each is the best there is (issue 27)."""
    assert set(night_meetings(12, 11, seed).values()) == {3}


def test_twenty_four_seats_every_pair_outside_its_groups_exactly_once():
    """The 4-RGDD of type 3^8: 7 rounds of six tables of 4; the 8 groups of 3 never meet."""
    design = twenty_four()
    assert (design.points, len(design.classes)) == (24, 7)
    assert_rounds_seat_everyone(design, 24, 4)
    assert sorted(p for g in design.groups for p in g) == list(range(24))
    assert {len(g) for g in design.groups} == {3}
    met = pair_meetings(design)
    group = {p: i for i, members in enumerate(design.groups) for p in members}
    assert all(group[a] != group[b] for a, b in met)
    assert set(met.values()) == {1}
    assert len(met) == 24 * 23 // 2 - 8 * 3


def test_thirty_six_seats_nine_tables_of_four_for_eleven_rounds_and_nobody_meets_twice():
    design = thirty_six()
    assert (design.points, len(design.classes)) == (36, 11)
    assert_rounds_seat_everyone(design, 36, 4)
    met = pair_meetings(design)
    assert set(met.values()) == {1}
    assert len(met) == 11 * 9 * 6
    unmet = Counter(
        p for pair in combinations(range(36), 2) if frozenset(pair) not in met for p in pair
    )
    assert set(unmet.values()) == {2}  # everyone meets all but two of the others


def night_meetings(n: int, rounds: int, seed: int) -> Counter:
    plans = plan_night(range(n), rounds=rounds, min_size=3, max_size=5, preferred=4, seed=seed)
    met: Counter = Counter()
    for plan in plans:
        for table in plan.tables:
            met.update(frozenset(pair) for pair in combinations(table, 2))
    return met


@pytest.mark.parametrize("seed", [0, 1, 2])
@pytest.mark.parametrize(
    ("n", "rounds"), [(24, 7), (23, 7), (24, 6), (36, 11), (35, 11), (36, 9), (35, 7)]
)
def test_rooms_the_packings_fit_meet_nobody_twice(n, rounds, seed):
    """From the 4-RGDD of type 3^8 (the search alone left 15 repeats at 24 players over 7
    rounds) and the 36-point packing (16 at 35 and at 36 players over 11 rounds)."""
    assert max(night_meetings(n, rounds, seed).values()) == 1
