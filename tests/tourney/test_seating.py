"""The seating engine: plain values in, plans out, no database."""

from collections import Counter
from fractions import Fraction
from itertools import combinations

import pytest

from tourney.seating import (
    Plan,
    SeatingError,
    meetings,
    plan_night,
    plan_round,
    repeat_meetings,
    table_sizes,
)

TOONERVILLE = {"min_size": 3, "max_size": 5, "preferred": 4}
SHANGHAI = {"min_size": 4, "max_size": 6, "preferred": 5}


def seated(plan: Plan) -> list[int]:
    return [player for table in plan.tables for player in table]


def met_counts(plans: list[Plan]) -> Counter:
    met: Counter = Counter()
    for plan in plans:
        for table in plan.tables:
            met.update(frozenset(pair) for pair in combinations(table, 2))
    return met


# --- table sizes -------------------------------------------------------------


@pytest.mark.parametrize(
    ("n", "rules", "expected"),
    [
        pytest.param(3, TOONERVILLE, [3], id="toonerville-3-one-short-table"),
        pytest.param(5, TOONERVILLE, [5], id="toonerville-5-one-table"),
        pytest.param(6, TOONERVILLE, [3, 3], id="toonerville-6-two-threes"),
        pytest.param(9, TOONERVILLE, [5, 4], id="toonerville-9"),
        pytest.param(12, TOONERVILLE, [4, 4, 4], id="toonerville-12-all-fours"),
        pytest.param(13, TOONERVILLE, [5, 4, 4], id="toonerville-13"),
        pytest.param(14, TOONERVILLE, [4, 4, 3, 3], id="toonerville-14-3.5-beats-4.67"),
        pytest.param(30, TOONERVILLE, [4] * 6 + [3] * 2, id="toonerville-30"),
        pytest.param(60, TOONERVILLE, [4] * 15, id="toonerville-60"),
        pytest.param(11, SHANGHAI, [6, 5], id="shanghai-11"),
        pytest.param(12, SHANGHAI, [4, 4, 4], id="shanghai-12-tie-goes-to-more-tables"),
        pytest.param(13, SHANGHAI, [5, 4, 4], id="shanghai-13"),
        pytest.param(20, SHANGHAI, [5, 5, 5, 5], id="shanghai-20"),
    ],
)
def test_table_sizes(n, rules, expected):
    assert table_sizes(n, **rules) == expected


@pytest.mark.parametrize("n", range(3, 81))
def test_table_sizes_are_balanced_and_nearest_the_preferred_size(n):
    sizes = table_sizes(n, **TOONERVILLE)
    assert sum(sizes) == n
    assert all(3 <= size <= 5 for size in sizes)
    assert max(sizes) - min(sizes) <= 1
    assert sizes == sorted(sizes, reverse=True)
    fitting = [t for t in range(1, n + 1) if 3 * t <= n <= 5 * t]
    nearest = min(abs(Fraction(n, t) - 4) for t in fitting)
    assert abs(Fraction(n, len(sizes)) - 4) == nearest


@pytest.mark.parametrize(
    ("n", "rules", "short", "fixes"),
    [
        pytest.param(7, SHANGHAI, 3, ("short_table", "sit_out"), id="shanghai-7-both-fixes"),
        pytest.param(7, SHANGHAI, None, ("sit_out",), id="shanghai-7-no-short-rules"),
        pytest.param(3, SHANGHAI, 3, ("short_table",), id="shanghai-3-short-table-only"),
        pytest.param(2, TOONERVILLE, None, (), id="toonerville-2-nothing-helps"),
        pytest.param(1, TOONERVILLE, None, (), id="toonerville-1"),
        pytest.param(0, TOONERVILLE, None, (), id="toonerville-empty-room"),
    ],
)
def test_impossible_splits_say_so_and_offer_the_fixes_that_work(n, rules, short, fixes):
    with pytest.raises(SeatingError) as caught:
        table_sizes(n, **rules, short_table_size=short)
    assert caught.value.fixes == fixes
    assert f"{n} player" in caught.value.message
    assert str(caught.value) == caught.value.message


def test_seven_at_shanghai_message_is_written_for_the_host():
    with pytest.raises(SeatingError) as caught:
        table_sizes(7, **SHANGHAI, short_table_size=3)
    assert caught.value.message == (
        "7 players cannot be split into tables of 4 to 6. You can seat a table of 3 "
        "under the fewer-players rules or let one player sit this round out."
    )


# --- every method ------------------------------------------------------------


@pytest.mark.parametrize("method", ["mix", "standings", "random"])
@pytest.mark.parametrize("n", [3, 9, 13, 26, 45])
def test_every_present_player_is_seated_exactly_once(method, n):
    players = list(range(100, 100 + n))
    totals = {p: (p * 37) % 101 for p in players}
    plans = plan_night(players, rounds=3, **TOONERVILLE, method=method, totals=totals)
    for plan in plans:
        assert sorted(seated(plan)) == players
        assert [len(t) for t in plan.tables] == table_sizes(n, **TOONERVILLE)
        assert plan.sitting_out == ()


@pytest.mark.parametrize("method", ["mix", "standings", "random"])
def test_same_inputs_same_plan(method):
    players = list(range(17))
    totals = dict.fromkeys(players, 0)
    history = plan_night(players, rounds=2, **TOONERVILLE, seed="e1")
    first = plan_round(
        players, history=history, **TOONERVILLE, method=method, seed=7, totals=totals
    )
    again = plan_round(
        list(reversed(players)), history=history, **TOONERVILLE, method=method, seed=7,
        totals=totals,
    )  # fmt: skip
    assert first == again


@pytest.mark.parametrize("method", ["mix", "random"])
def test_different_seeds_give_different_plans(method):
    plans = {
        plan_round(range(20), history=[], **TOONERVILLE, method=method, seed=s) for s in range(5)
    }
    assert len(plans) > 1


def test_plan_night_matches_planning_round_by_round():
    night = plan_night(range(13), rounds=4, **TOONERVILLE, seed=3)
    plans: list[Plan] = []
    for _ in range(4):
        plans.append(plan_round(range(13), history=plans, **TOONERVILLE, seed=3))
    assert night == plans


@pytest.mark.parametrize(
    ("method", "fallback"),
    [("mix", None), ("bingo", None), ("mix", "shrug"), ("mix", "short_table")],
    ids=["duplicate-player", "unknown-method", "unknown-fallback", "short-table-needs-a-size"],
)
def test_programming_errors_are_not_seating_errors(method, fallback):
    players = [1, 2, 3, 3] if method == "mix" and fallback is None else [1, 2, 3, 4]
    with pytest.raises(ValueError, match=r"."):
        plan_round(players, history=[], **TOONERVILLE, method=method, fallback=fallback)


# --- attendance --------------------------------------------------------------


def fewest_repeats(players: list[int], history: list[Plan]) -> int:
    """Every way to seat 12 players at three tables of four, for the true minimum."""
    met = meetings(history)

    def splits(rest):
        if not rest:
            yield []
            return
        for others in combinations(rest[1:], 3):
            table = (rest[0], *others)
            for tail in splits([p for p in rest if p not in table]):
                yield [table, *tail]

    return min(
        sum(1 for t in split for pair in combinations(t, 2) if frozenset(pair) in met)
        for split in splits(players)
    )


def test_leavers_and_late_arrivals_need_nothing_special():
    history = plan_night(range(12), rounds=2, **TOONERVILLE, seed=1)
    present = [*range(3, 12), 50, 51, 52]  # 0, 1 and 2 left; 50-52 arrived
    plan = plan_round(present, history=history, **TOONERVILLE, seed=1)
    assert sorted(seated(plan)) == sorted(present)
    assert repeat_meetings(plan, history) == fewest_repeats(present, history)


def test_nobody_sits_out_twice_before_everyone_has_sat_out_once():
    players = list(range(7))
    plans = plan_night(players, rounds=7, **SHANGHAI, fallback="sit_out", seed=2)
    assert [len(plan.sitting_out) for plan in plans] == [1] * 7
    assert sorted(p for plan in plans for p in plan.sitting_out) == players
    for plan in plans:
        assert [len(t) for t in plan.tables] == [6]


def test_sit_out_counts_rounds_a_late_arrival_missed():
    early = plan_night(range(6), rounds=3, **SHANGHAI)
    plan = plan_round([*range(6), 99], history=early, **SHANGHAI, fallback="sit_out")
    assert plan.sitting_out != (99,)
    assert len(plan.sitting_out) == 1


def test_short_tables_rotate_who_plays_short():
    players = list(range(7))
    plans = plan_night(players, rounds=7, **SHANGHAI, fallback="short_table", short_table_size=3)
    short = Counter(p for plan in plans for table in plan.tables if len(table) == 3 for p in table)
    for plan in plans:
        assert [len(t) for t in plan.tables] == [4, 3]
    assert set(short) == set(players)
    assert max(short.values()) - min(short.values()) <= 2


def test_a_short_table_is_only_used_when_needed():
    plan = plan_round(range(8), history=[], **SHANGHAI, fallback="short_table", short_table_size=3)
    assert [len(t) for t in plan.tables] == [4, 4]


def test_without_a_fallback_an_impossible_room_raises():
    with pytest.raises(SeatingError) as caught:
        plan_round(range(7), history=[], **SHANGHAI, short_table_size=3)
    assert caught.value.fixes == ("short_table", "sit_out")


# --- dealing and neighbours --------------------------------------------------


def test_the_dealer_is_whoever_at_the_table_has_dealt_least():
    plans = plan_night(range(13), rounds=11, **TOONERVILLE, seed=5)
    deals: Counter = Counter()
    for plan in plans:
        for table in plan.tables:
            assert deals[table[0]] == min(deals[p] for p in table)
        deals.update(table[0] for table in plan.tables)
    assert max(deals.values()) - min(deals[p] for p in range(13)) <= 2


@pytest.mark.parametrize("seed", [0, 5])
def test_odd_size_tables_rotate(seed):
    plans = plan_night(range(13), rounds=10, **TOONERVILLE, seed=seed)
    at_five = Counter(p for plan in plans for t in plan.tables if len(t) == 5 for p in t)
    assert set(at_five) == set(range(13))
    assert max(at_five.values()) - min(at_five.values()) <= 2


def test_left_neighbours_vary_even_when_pairs_meet_again():
    plans = plan_night(range(12), rounds=4, **TOONERVILLE, seed=5)
    left = Counter(
        (t[i], t[(i + 1) % len(t)]) for plan in plans for t in plan.tables for i in range(len(t))
    )
    assert max(met_counts(plans).values()) == 2
    assert max(left.values()) == 1


# --- methods -----------------------------------------------------------------


def test_standings_seats_the_lowest_totals_at_the_head_table():
    totals = {p: 100 - p for p in range(12)}  # player 11 leads with 89
    history = plan_night(range(12), rounds=2, **TOONERVILLE)
    plan = plan_round(range(12), history=history, **TOONERVILLE, method="standings", totals=totals)
    assert sorted(plan.tables[0]) == [8, 9, 10, 11]
    assert sorted(plan.tables[1]) == [4, 5, 6, 7]
    assert sorted(plan.tables[2]) == [0, 1, 2, 3]


def test_standings_needs_every_total():
    with pytest.raises(ValueError, match="total"):
        plan_round(range(8), history=[], **TOONERVILLE, method="standings", totals={0: 5})


def test_random_method_seats_everyone_and_ignores_history():
    history = plan_night(range(16), rounds=3, **TOONERVILLE)
    plan = plan_round(range(16), history=history, **TOONERVILLE, method="random", seed=1)
    assert sorted(seated(plan)) == list(range(16))
    mixed = plan_round(range(16), history=history, **TOONERVILLE, seed=1)
    assert repeat_meetings(mixed, history) <= repeat_meetings(plan, history)


# --- meetings ----------------------------------------------------------------


def test_meetings_and_repeat_meetings():
    history = [
        Plan(tables=((1, 2, 3, 4), (5, 6, 7, 8))),
        Plan(tables=((1, 2, 5, 6), (3, 4, 7, 8))),
    ]
    met = meetings(history)
    assert met[frozenset({1, 2})] == 2
    assert met[frozenset({1, 5})] == 1
    assert frozenset({1, 7}) not in met
    swap = Plan(tables=((1, 2, 7, 8), (3, 4, 5, 6)))
    # 1-2 (twice before), 7-8, 3-4 and 5-6 meet again; 1-7, 1-8, 2-7 ... are new.
    assert repeat_meetings(swap, history) == 4
    assert repeat_meetings(Plan(tables=((1, 7, 9), (2, 8, 10))), history) == 0


# --- how well the mix method mixes ------------------------------------------


@pytest.mark.parametrize(("n", "rounds"), [(16, 3), (20, 5)], ids=["16-players-3", "20-players-5"])
def test_nobody_meets_twice_while_avoidable(n, rounds):
    plans = plan_night(range(n), rounds=rounds, **TOONERVILLE, seed=1)
    assert max(met_counts(plans).values()) == 1


def test_twelve_players_repeats_are_the_fewest_and_spread_thin():
    # Three tables of four: round 2 puts four players from three round-1 tables
    # at each table, so every table has a repeat (3 in all), whatever the plan.
    plans = plan_night(range(12), rounds=3, **TOONERVILLE, seed=1)
    assert repeat_meetings(plans[1], plans[:1]) == 3
    assert max(met_counts(plans).values()) == 2


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_thirteen_players_eleven_rounds_everyone_meets_everyone(seed):
    plans = plan_night(range(13), rounds=11, **TOONERVILLE, seed=seed)
    assert len(met_counts(plans)) == 13 * 12 // 2


def test_forty_eight_players_meet_nobody_twice_in_eleven_rounds():
    plans = plan_night(range(48), rounds=11, **TOONERVILLE, seed=1)
    assert max(met_counts(plans).values()) == 1


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_repeats_spread_thin(seed):
    mixed = met_counts(plan_night(range(13), rounds=11, **TOONERVILLE, seed=seed))
    shuffled = met_counts(plan_night(range(13), rounds=11, **TOONERVILLE, method="random"))
    assert max(mixed.values()) <= 4  # 3.1 meetings a pair on average
    assert max(mixed.values()) < max(shuffled.values())
