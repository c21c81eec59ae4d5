"""The seating engine: plain values in, plans out, no database."""

from collections import Counter
from fractions import Fraction
from itertools import combinations, pairwise, permutations

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
        assert sorted(map(len, plan.tables), reverse=True) == table_sizes(n, **TOONERVILLE)
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
        plans.append(plan_round(range(13), history=plans, **TOONERVILLE, seed=3, night_rounds=4))
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


@pytest.mark.parametrize(
    ("players", "size", "seed"),
    [(9, 4, "slug0"), (13, 4, "slug0"), (16, 5, "slug1"), (16, 5, "slug3")],
)
def test_tables_of_one_size_with_one_sitting_out_plan_the_night(players, size, seed):
    """Tables of exactly 4 (or 5) and one player over: the plan starts from a design whose
    columns are seated apart, and a column of one is empty in the round its player sits
    out. That round used to crash the search (an event's own seed found it)."""
    plans = plan_night(
        list(range(players)),
        rounds=8,
        seed=seed,
        fallback="sit_out",
        min_size=size,
        max_size=size,
        preferred=size,
    )
    assert len(plans) == 8
    for plan in plans:
        assert [len(t) for t in plan.tables] == [size] * (players // size)
        assert len(plan.sitting_out) == players % size
    sat_out = Counter(p for plan in plans for p in plan.sitting_out)
    assert max(sat_out.values()) - min(sat_out.get(p, 0) for p in range(players)) <= 1


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


@pytest.mark.parametrize(
    ("players", "rounds", "sizes", "seed"),
    [
        (33, 4, TOONERVILLE, 0),
        (33, 4, TOONERVILLE, 2),
        (19, 4, TOONERVILLE, 19),
        (20, 6, {"min_size": 4, "max_size": 4, "preferred": 4}, 0),
        (12, 11, {"min_size": 4, "max_size": 4, "preferred": 4}, 12),
        (37, 11, TOONERVILLE, 0),
        (29, 7, SHANGHAI, 29),
    ],
)
def test_the_deal_is_shared_out_over_the_whole_night(players, rounds, sizes, seed):
    """Nobody deals more than once more often than anyone else seated as often. Table by
    table (whoever there has dealt least) 33 players over 4 rounds had one dealing twice
    while others never dealt, and 37 over 11 rounds one dealing 4 times against 2."""
    plans = plan_night(range(players), rounds=rounds, **sizes, seed=seed, fallback="sit_out")
    deals = Counter(table[0] for plan in plans for table in plan.tables)
    seated = Counter(p for plan in plans for p in plan.seated())
    by_rounds: dict[int, list[int]] = {}
    for p in range(players):
        by_rounds.setdefault(seated[p], []).append(deals[p])
    for counts in by_rounds.values():
        assert max(counts) - min(counts) <= 1, sorted(counts)
    for plan in plans:  # one dealer a table, in seat 1
        assert len({table[0] for table in plan.tables}) == len(plan.tables)


@pytest.mark.parametrize(
    ("players", "rounds", "seed"),
    [(9, 8, "s7"), (11, 6, "s3"), (11, 7, "s10"), (13, 7, "s3"), (17, 8, "s6")],
)
def test_the_deal_stays_shared_when_a_chosen_dealer_cannot_deal(players, rounds, seed):
    """A dealer chosen for the night who keeps their table and would keep seat 1 (the seat
    rule) hands the deal to another, and the rest of the night is shared out again. That
    share gave a third deal to players with two while others had one (9 players over 8
    rounds ended 3, 3 and 1, 1, 1, 1): it raised everyone's allowance at once."""
    plans = plan_night(range(100, 100 + players), rounds=rounds, **TOONERVILLE, seed=seed)
    deals = Counter(table[0] for plan in plans for table in plan.tables)
    counts = [deals[p] for p in range(100, 100 + players)]
    assert max(counts) - min(counts) <= 1, sorted(counts)


@pytest.mark.parametrize("method", ["random", "rating"])
@pytest.mark.parametrize(("players", "rounds", "sizes"), [(31, 2, "t"), (20, 2, "t"), (23, 5, "s")])
def test_the_deal_is_shared_in_the_methods_that_plan_a_round_at_a_time(
    method, players, rounds, sizes
):
    """Random and rating plan each round on its own, and the dealer was whoever at the
    table had dealt least: a table of players who had all dealt gave one a second
    deal while others never dealt (31 players by random over 2 rounds: 16 never dealt,
    one twice; 30% of such nights). A swap between tables now brings a player who has
    dealt least to each such table. (Standings keeps its tables: they are the standings.)"""
    room = TOONERVILLE if sizes == "t" else SHANGHAI
    totals = {p: (p * 37 + 1) % 11 for p in range(players)}
    history: list[Plan] = []
    for _ in range(rounds):
        plan = plan_round(
            list(range(players)),
            history=history,
            method=method,
            seed=1,
            totals=totals,
            night_rounds=rounds,
            **room,
        )
        history.append(plan)
        deals = Counter(t[0] for p in history for t in p.tables)
        counts = [deals[p] for p in range(players)]
        assert max(counts) - min(counts) <= 1, sorted(counts)
        at_odd = Counter(
            q for plan in history for t in plan.tables if len(t) != room["preferred"] for q in t
        )
        odd = [at_odd[p] for p in range(players)]
        assert max(odd) - min(odd) <= 1  # the odd tables' share as before


@pytest.mark.parametrize(("players", "rounds", "seed"), [(32, 5, "x26"), (33, 4, "a33")])
def test_the_deal_stays_shared_when_someone_arrives_before_the_last_round(players, rounds, seed):
    """The night is planned again when someone arrives, and its last round's tables held
    only players who had dealt while others seated as often never did: 32 players over 5
    rounds, one arriving before the last: player 29 never dealt, eight dealt twice. Places
    are traded between tables of one size in that round so each of them deals."""
    present = list(range(players))
    history: list[Plan] = plan_night(present, rounds=rounds, **TOONERVILLE, seed=seed)[:-1]
    present.append(players)
    last = plan_night(present, rounds=1, history=history, **TOONERVILLE, seed=seed)
    night = [*history, *last]
    deals = Counter(table[0] for plan in night for table in plan.tables)
    counts = [deals[p] for p in range(players)]  # the late arrival was seated once
    assert max(counts) - min(counts) <= 1, sorted(counts)
    at_odd = Counter(q for plan in night for t in plan.tables if len(t) != 4 for q in t)
    assert max(at_odd[p] for p in range(players)) - min(at_odd[p] for p in range(players)) <= 1


def test_the_deal_is_shared_across_tables_of_two_sizes_when_the_odd_share_allows():
    """43 players over 8 rounds, one arriving before round 3 and one leaving before the
    last: that round's one table of 3 held only players who had dealt twice, and no
    other table of 3 could trade. A trade with a table of 4 that leaves the odd tables'
    share fair after every round lets one who dealt once deal there."""
    present = list(range(43))
    night = list(plan_night(present, rounds=8, **TOONERVILLE, seed="x99"))[:2]
    present.append(43)
    night += list(plan_night(present, rounds=6, history=night, **TOONERVILLE, seed="x99"))[:5]
    present.remove(5)
    night += plan_night(present, rounds=1, history=night, **TOONERVILLE, seed="x99")
    deals = Counter(table[0] for plan in night for table in plan.tables)
    full = [p for p in range(43) if p != 5]
    assert max(deals[p] for p in full) - min(deals[p] for p in full) <= 1
    at_odd = Counter(q for plan in night for t in plan.tables if len(t) != 4 for q in t)
    assert max(at_odd[p] for p in full) - min(at_odd[p] for p in full) <= 1


@pytest.mark.parametrize("players", [37])
def test_standings_planned_ahead_shares_the_deal_between_players_on_the_same_total(players):
    """Planned ahead by standings before any score (every total 0), one player dealt 4
    times while others dealt twice (37 players); players on the same total trade places
    so the deal goes round, and the tables stay the standings."""
    totals = dict.fromkeys(range(players), 0)
    history: list[Plan] = []
    for _ in range(11):
        history.append(
            plan_round(
                list(range(players)),
                history=history,
                method="standings",
                seed="s1",
                totals=totals,
                night_rounds=11,
                **TOONERVILLE,
            )
        )
    deals = Counter(t[0] for plan in history for t in plan.tables)
    counts = [deals[p] for p in range(players)]
    assert max(counts) - min(counts) <= 1, sorted(counts)


def test_deals_passed_on_after_hand_changes_even_out_and_keep_the_seat_rule():
    """Round 2's hand changes gave 0 and 4 seat 1 again (two deals each, six players none):
    the deal passes to two of those six, at tables of round 2 only (round 1 is played),
    and never to a player at the table number where they had seat 1 the round before."""
    from tourney.seating import pass_deals_on

    tables = {
        (1, 1): (0, 1, 2, 3),
        (1, 2): (4, 5, 6, 7),
        (2, 1): (4, 1, 6, 3),
        (2, 2): (0, 5, 2, 7),
    }
    dealers = pass_deals_on(tables, {(2, 1), (2, 2)}, first=2)
    assert set(dealers) == {(2, 1), (2, 2)}
    assert dealers[(2, 1)] in {1, 6, 3} and dealers[(2, 2)] in {5, 2, 7}
    deals = Counter(t[0] for slot, t in tables.items() if slot not in dealers)
    deals.update(dealers.values())
    assert sorted(deals[p] for p in range(8)) == [0, 0, 0, 0, 1, 1, 1, 1]
    # Nothing open, or nothing off: nothing passes.
    assert pass_deals_on(tables, set(), first=2) == {}
    assert pass_deals_on({(1, 1): (0, 1, 2), (1, 2): (3, 4, 5)}, {(1, 1), (1, 2)}, 1) == {}


def test_a_night_shared_again_gives_the_next_deals_to_those_who_dealt_least():
    """Three of nine have dealt twice and six once: the four deals left go to four of the
    six, not to anyone for a third time."""
    from tourney.seating.core import share_deals

    history = [
        Plan(tables=((0, 1, 2, 3, 4), (5, 6, 7, 8))),
        Plan(tables=((1, 0, 2, 3, 4), (6, 5, 7, 8))),
        Plan(tables=((2, 0, 1, 4, 5), (3, 6, 7, 8))),
        Plan(tables=((0, 1, 2, 3, 4), (7, 5, 6, 8))),
        Plan(tables=((1, 0, 2, 3, 7), (4, 5, 6, 8))),
        Plan(tables=((2, 0, 1, 3, 4), (8, 5, 6, 7))),
    ]
    tables = [[[0, 1, 2, 4, 8], [3, 5, 6, 7]], [[0, 1, 2, 3, 5], [4, 6, 7, 8]]]
    dealers = share_deals(tables, history)
    deals = Counter(t[0] for plan in history for t in plan.tables)
    for round_dealers in dealers:
        deals.update(round_dealers)
    assert sorted(deals.values()) == [1, 1, 2, 2, 2, 2, 2, 2, 2]


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
    assert max(met_counts(plans).values()) >= 2
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


@pytest.mark.parametrize("seed", [0, 1])
def test_twelve_players_repeats_are_the_fewest(seed):
    # Three tables of four: round 2 puts four players from three round-1 tables
    # at each table, so every table has a repeat (3 in all), whatever the plan;
    # round 3 the same against rounds 1 and 2. Fewer pairs meeting again means
    # one pair meets in all three rounds (issue 27: the repeats a host counts
    # come first, a plain annealing finds these 6).
    plans = plan_night(range(12), rounds=3, **TOONERVILLE, seed=seed)
    assert [repeat_meetings(plans[r], plans[:r]) for r in (1, 2)] == [3, 3]
    assert max(met_counts(plans).values()) <= 3


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


# --- everyone moves: the hard rule ------------------------------------------


def kept(plans: list[Plan]) -> tuple[int, int]:
    """Moves that kept the table number, and moves that kept the very seat."""
    table = seat = 0
    for before, after in pairwise(plans):
        place = {p: (t, s) for t, tab in enumerate(before.tables) for s, p in enumerate(tab)}
        for t, tab in enumerate(after.tables):
            for s, p in enumerate(tab):
                if p in place and place[p][0] == t:
                    table += 1
                    seat += place[p][1] == s
    return table, seat


def night_with_changes(method: str, rules: dict, fallback: str | None = None) -> list[Plan]:
    """Eight rounds with a late arrival, a leaver, a return and a one-table room."""
    rooms = [
        range(12),
        range(12),
        range(13),  # 12 arrived late
        [*range(1, 13)],  # 0 left
        [*range(1, 13)],
        [*range(0, 13), 40, 41],  # 0 is back, two more arrive
        [3, 4, 5, 6, 7],  # most go home: one table
        [3, 4, 5, 6, 7],
    ]
    plans: list[Plan] = []
    for players in rooms:
        totals = {p: (p * 37) % 11 for p in players}
        plans.append(
            plan_round(
                list(players),
                history=plans,
                **rules,
                method=method,
                totals=totals,
                seed=4,
                fallback=fallback,
                short_table_size=3 if fallback == "short_table" else None,
                night_rounds=8,
                effort=0.1,  # the rule holds whatever the search finds: keep the test fast
            )
        )
    return plans


@pytest.mark.parametrize("method", ["mix", "standings", "random"])
@pytest.mark.parametrize(
    ("rules", "fallback"),
    [(TOONERVILLE, None), (SHANGHAI, "sit_out"), (SHANGHAI, "short_table")],
    ids=["toonerville", "shanghai-sit-out", "shanghai-short-table"],
)
def test_nobody_keeps_their_seat_across_methods_and_attendance_changes(method, rules, fallback):
    plans = night_with_changes(method, rules, fallback)
    assert kept(plans)[1] == 0


@pytest.mark.parametrize("method", ["mix", "standings", "random"])
def test_nobody_keeps_their_seat_at_a_single_table(method):
    plans = plan_night(
        range(5), rounds=6, **TOONERVILLE, method=method, totals=dict.fromkeys(range(5), 0)
    )
    assert all(len(plan.tables) == 1 for plan in plans)
    assert kept(plans) == (5 * 5, 0)  # everyone stays at table 1, nobody in the same seat


@pytest.mark.parametrize("method", ["mix", "random"])
@pytest.mark.parametrize("n", [9, 12, 14, 22])
def test_table_numbers_keep_the_fewest_players_at_their_table(method, n):
    """Each round's numbering is the best of every way to number its tables."""
    plans = plan_night(range(n), rounds=4, **TOONERVILLE, method=method, seed=2, effort=0.1)
    for before, after in pairwise(plans):
        last = {p: t for t, table in enumerate(before.tables) for p in table}

        def stayers(order, last=last):
            return sum(last[p] == t for t, table in enumerate(order) for p in table)

        fewest = min(stayers(order) for order in permutations(after.tables))
        assert stayers(after.tables) == fewest


def test_standings_keep_the_head_table_first_and_still_move_everyone():
    totals = {p: p for p in range(12)}  # the same order every round: same tables
    plans = [plan_round(range(12), history=[], **TOONERVILLE, method="standings", totals=totals)]
    for _ in range(3):
        plans.append(
            plan_round(range(12), history=plans, **TOONERVILLE, method="standings", totals=totals)
        )
    assert all(sorted(plan.tables[0]) == [0, 1, 2, 3] for plan in plans)
    assert kept(plans) == (36, 0)


# --- the whole night at once -------------------------------------------------


def test_a_night_read_round_by_round_follows_the_plan_until_someone_arrives():
    players = list(range(14))
    night = plan_night(players, rounds=6, **TOONERVILLE, seed="ev")
    plans: list[Plan] = []
    for _ in range(3):
        plans.append(plan_round(players, history=plans, **TOONERVILLE, seed="ev", night_rounds=6))
    assert plans == night[:3]
    # Player 99 arrives before round 4: the rest is planned again from there.
    arrived = [*players, 99]
    fourth = plan_round(arrived, history=plans, **TOONERVILLE, seed="ev", night_rounds=6)
    replanned = plan_night(arrived, rounds=3, history=plans, **TOONERVILLE, seed="ev")
    assert fourth == replanned[0]
    assert 99 in fourth.seated()
    # ... and the re-plan is followed in turn, reproducibly.
    plans.append(fourth)
    fifth = plan_round(arrived, history=plans, **TOONERVILLE, seed="ev", night_rounds=6)
    assert fifth == replanned[1]
    assert fifth == plan_round(arrived, history=plans, **TOONERVILLE, seed="ev", night_rounds=6)


def test_a_leaver_replans_from_the_next_round_and_the_played_rounds_stay():
    players = list(range(16))
    night = plan_night(players, rounds=5, **TOONERVILLE, seed=1)
    played = night[:2]
    left = players[1:]
    third = plan_round(left, history=played, **TOONERVILLE, seed=1, night_rounds=5)
    assert sorted(third.seated()) == left
    assert kept([*played, third])[1] == 0


def test_a_round_changed_by_hand_replans_from_the_next_round():
    night = plan_night(range(12), rounds=4, **TOONERVILLE, seed=1)
    first = night[0]
    swapped = Plan(tables=(first.tables[1], first.tables[0], first.tables[2]))
    second = plan_round(range(12), history=[swapped], **TOONERVILLE, seed=1, night_rounds=4)
    assert second == plan_night(range(12), rounds=3, history=[swapped], **TOONERVILLE, seed=1)[0]


@pytest.mark.parametrize(
    ("n", "rounds", "rules"),
    [
        pytest.param(16, 5, TOONERVILLE, id="16-affine-plane-of-order-4"),
        pytest.param(40, 11, TOONERVILLE, id="40-resolvable-design"),
        pytest.param(39, 11, TOONERVILLE, id="39-cut-down-from-40"),
        pytest.param(44, 11, TOONERVILLE, id="44-transversal-design"),
        pytest.param(35, 7, SHANGHAI, id="shanghai-35-transversal-design"),
    ],
)
def test_nights_a_design_fits_meet_nobody_twice(n, rounds, rules):
    plans = plan_night(range(n), rounds=rounds, **rules, seed=3)
    assert max(met_counts(plans).values()) == 1
    assert kept(plans)[1] == 0


def test_the_deal_goes_on_round_the_table_after_the_rounds_played():
    """Rounds played are counted before the night's own: two played, dealt by 0 then 1, so
    2 and 3 deal next, then 0 and 1 (the one who dealt longest ago first)."""
    from tourney.seating.core import share_deals

    history = [Plan(tables=((0, 1, 2, 3),)), Plan(tables=((1, 2, 3, 0),))]
    dealers = share_deals([[[0, 1, 2, 3]]] * 6, history)
    assert [next(iter(d)) for d in dealers] == [2, 3, 0, 1, 2, 3]
