"""Seating remembers the season: earlier nights' meetings as the mix method's ``prior``."""

import datetime
from collections import Counter
from itertools import combinations, pairwise

import pytest
from django.urls import reverse

from tests.factories import EventFactory, PlayerFactory
from tourney import services
from tourney.models import Event, Round, Season
from tourney.seating import Plan, plan_night, plan_round, remembered

TOONERVILLE = {"min_size": 3, "max_size": 5, "preferred": 4}
SHANGHAI = {"min_size": 4, "max_size": 6, "preferred": 5}


def met_counts(plans: list[Plan]) -> Counter:
    met: Counter = Counter()
    for plan in plans:
        for table in plan.tables:
            met.update(frozenset(pair) for pair in combinations(table, 2))
    return met


def together(plan: Plan, pair: frozenset) -> bool:
    return any(pair <= set(table) for table in plan.tables)


def kept_seats(plans: list[Plan]) -> int:
    """Players seated at the same table number and seat two rounds running."""
    kept = 0
    for before, after in pairwise(plans):
        place = {p: (t, s) for t, tab in enumerate(before.tables) for s, p in enumerate(tab)}
        for t, tab in enumerate(after.tables):
            kept += sum(place.get(p) == (t, s) for s, p in enumerate(tab))
    return kept


# --- the engine, no database ---------------------------------------------------


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_a_pair_with_a_strong_prior_is_not_seated_together(seed):
    """8 players, two tables of 4: the pair the plan seats together without memory is split."""
    kwargs = {"history": [], "seed": seed, **TOONERVILLE}
    forgetful = plan_round(range(8), **kwargs)
    pair = frozenset(forgetful.tables[0][:2])
    assert together(forgetful, pair)
    remembering = plan_round(range(8), **kwargs, prior={pair: 4})
    assert not together(remembering, pair)
    assert sorted(len(t) for t in remembering.tables) == [4, 4]


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_a_night_plan_seats_a_pair_with_a_strong_prior_at_most_once(seed):
    """8 players, 11 rounds at two tables of 4: a pair meets 4.7 times on average; one
    that met 4 times on earlier nights meets at most once tonight. (Which round that
    meeting falls in is the search's choice: the first is as good as any.)"""
    forgetful = plan_night(range(8), rounds=11, seed=seed, **TOONERVILLE)
    pair = frozenset(forgetful[0].tables[0][:2])
    assert met_counts(forgetful)[pair] >= 4
    remembering = plan_night(range(8), rounds=11, seed=seed, prior={pair: 4}, **TOONERVILLE)
    assert met_counts(remembering)[pair] <= 1
    assert all(sorted(len(t) for t in plan.tables) == [4, 4] for plan in remembering)
    first = plan_round(
        range(8), history=[], seed=seed, night_rounds=11, prior={pair: 4}, **TOONERVILLE
    )
    assert first == remembering[0]


def test_a_night_plan_keeps_remembered_pairs_apart_all_night():
    forgetful = plan_night(range(12), rounds=4, seed=7, **TOONERVILLE)
    often = [pair for pair, m in met_counts(forgetful).most_common(4)]
    remembering = plan_night(
        range(12), rounds=4, seed=7, **TOONERVILLE, prior=dict.fromkeys(often, 3)
    )
    before = sum(met_counts(forgetful)[pair] for pair in often)
    after = sum(met_counts(remembering)[pair] for pair in often)
    assert before >= 4
    assert after == 0


TOONERVILLE_ROOMS = [range(13), range(13), range(14), [*range(1, 14)], [*range(1, 14)], range(15)]
SEVENS = [range(7), range(7), range(7), [*range(1, 8)], range(9), range(7)]


@pytest.mark.parametrize(
    ("rules", "fallback", "rooms"),
    [(TOONERVILLE, None, TOONERVILLE_ROOMS), (SHANGHAI, "sit_out", SEVENS)],
    ids=["toonerville-arrivals-and-leavers", "shanghai-seven-sit-out"],
)
def test_a_prior_never_breaks_the_seat_rule_nor_changes_who_sits_out(rules, fallback, rooms):
    """The within-night rules come from tonight alone, whatever the season remembers."""
    prior = {frozenset(pair): (sum(pair) % 4) + 1 for pair in combinations(range(15), 2)}
    nights = {}
    for remembering in (False, True):
        plans: list[Plan] = []
        for players in rooms:
            plans.append(
                plan_round(
                    list(players),
                    history=plans,
                    **rules,
                    seed=5,
                    fallback=fallback,
                    night_rounds=len(rooms),
                    effort=0.1,
                    prior=prior if remembering else None,
                )
            )
        nights[remembering] = plans
        assert kept_seats(plans) == 0
        for players, plan in zip(rooms, plans, strict=True):
            assert sorted(plan.seated() + list(plan.sitting_out)) == sorted(players)
    sat_out = [[p.sitting_out for p in nights[r]] for r in (False, True)]
    assert sat_out[0] == sat_out[1]
    if fallback == "sit_out":
        assert any(sat_out[0])  # the rooms do make someone sit out
    assert [p.tables for p in nights[False]] != [p.tables for p in nights[True]]


def test_a_big_room_remembering_last_week_meets_nobody_again():
    last_week = plan_night(range(200), rounds=11, seed=1, **TOONERVILLE)
    prior = remembered([last_week])
    tonight = plan_night(range(200), rounds=11, seed=2, **TOONERVILLE, prior=prior)
    assert len(prior) == 200 * 33 // 2  # everyone met 33 people last week
    assert not set(met_counts(tonight)) & set(prior)


@pytest.mark.parametrize(
    "prior",
    [None, {}, {frozenset({0, 99}): 5}, {frozenset({0, 1}): 0}],
    ids=["none", "empty", "absent-player", "zero-weight"],
)
def test_without_a_prior_every_plan_is_the_same_as_before(prior):
    history = plan_night(range(13), rounds=2, seed=3, **TOONERVILLE, effort=0.2)
    for kwargs in ({}, {"night_rounds": 11, "effort": 0.2}):
        base = plan_round(range(13), history=history, seed=3, **TOONERVILLE, **kwargs)
        got = plan_round(range(13), history=history, seed=3, **TOONERVILLE, **kwargs, prior=prior)
        assert got == base
    base_night = plan_night(range(13), rounds=3, seed=3, **TOONERVILLE, effort=0.2)
    assert plan_night(range(13), rounds=3, seed=3, **TOONERVILLE, effort=0.2, prior=prior) == (
        base_night
    )


def test_a_remembering_night_read_round_by_round_is_the_night_plan():
    prior = {frozenset(pair): sum(pair) % 3 for pair in combinations(range(14), 2)}
    night = plan_night(range(14), rounds=5, seed=8, **TOONERVILLE, effort=0.2, prior=prior)
    plans: list[Plan] = []
    for _ in range(5):
        plans.append(
            plan_round(
                range(14),
                history=plans,
                seed=8,
                **TOONERVILLE,
                effort=0.2,
                night_rounds=5,
                prior=prior,
            )
        )
    assert plans == night
    assert night != plan_night(range(14), rounds=5, seed=8, **TOONERVILLE, effort=0.2)


@pytest.mark.parametrize("method", ["standings", "random"])
def test_only_the_mix_method_remembers(method):
    totals = {p: p % 5 for p in range(12)}
    kwargs = {"history": [], "seed": 2, "method": method, "totals": totals, **TOONERVILLE}
    base = plan_round(range(12), **kwargs)
    pair = frozenset(base.tables[0][:2])
    assert plan_round(range(12), **kwargs, prior={pair: 9}) == base


def test_remembered_weighs_the_latest_night_most_and_forgets_older_ones():
    def night(*tables):
        return [Plan(tables=tables)]

    nights = [
        night((1, 2, 3)),  # four nights back: forgotten
        night((1, 4), (5, 6)),
        night((5, 6, 7)),
        night((1, 4, 8), (5, 6)),  # the latest night: counts 3 times per meeting
    ]
    nights[-1].append(Plan(tables=((1, 4), (2, 3))))  # a second round: 1 and 4 meet again
    weights = remembered(nights)
    assert frozenset({1, 2}) not in weights
    assert weights[frozenset({1, 4})] == 1 * 1 + 2 * 3  # once 3 nights back, twice last night
    assert weights[frozenset({5, 6})] == 1 + 2 + 3
    assert weights[frozenset({6, 7})] == 2
    assert weights[frozenset({2, 3})] == 3
    assert remembered([]) == {}


# --- through the database ---------------------------------------------------------


def club_night(host, season, day: int, names: list[str], **fields) -> Event:
    event = EventFactory(
        owner=host,
        season=season,
        date=datetime.date(2027, 3, day),
        rounds_planned=4,
        min_table_size=4,
        max_table_size=4,
        **fields,
    )
    for name in names:
        PlayerFactory(event=event, name=name)
    return event


def met_by_person(event: Event) -> Counter:
    met: Counter = Counter()
    for rnd in event.rounds.with_tables():
        for table in rnd.tables.all():
            people = [seat.player.person_id for seat in table.seats.all()]
            met.update(frozenset(pair) for pair in combinations(people, 2))
    return met


NAMES = [f"Regular {n:02d}" for n in range(16)]


@pytest.fixture
def season_of_one_night(host):
    """A season whose first night (16 regulars, 4 rounds at tables of 4) was played."""
    season = Season.objects.create(owner=host, name="Spring 2027")
    first = club_night(host, season, 1, NAMES)
    services.plan_rest_of_night(first)
    first.rounds.update(status=Round.Status.CLOSED)
    return host, season, first


def test_the_second_night_avoids_the_first_nights_pairs_when_the_option_is_on(
    season_of_one_night,
):
    host, season, first = season_of_one_night
    before = met_by_person(first)
    again = {}
    for option in (True, False):
        second = club_night(host, season, 8, NAMES[::-1], season_seating=option)
        services.plan_rest_of_night(second)
        met = met_by_person(second)
        again[option] = sum(min(times, before[pair]) for pair, times in met.items())
    # 96 meetings each night among 120 pairs: some repeat whatever, far fewer remembering.
    assert again[True] < again[False]
    assert again[True] <= again[False] // 2


def test_with_the_option_off_the_plan_is_the_one_without_a_season(season_of_one_night):
    host, season, _ = season_of_one_night
    second = club_night(host, season, 8, NAMES, season_seating=False)
    in_season = services.plan_for(second, 1)
    second.season_seating = True
    remembering = services.plan_for(second, 1)
    second.season = None
    second.season_seating = True
    without_season = services.plan_for(second, 1)
    assert in_season == without_season
    assert remembering != without_season


def test_the_prior_maps_people_to_tonights_players_in_three_queries(
    season_of_one_night, django_assert_num_queries
):
    host, season, first = season_of_one_night
    second = club_night(host, season, 8, [*NAMES[:12], "Newcomer"])
    with django_assert_num_queries(3):
        prior = services.season_prior(second)
    players = dict(second.players.values_list("person_id", "pk"))
    expected = {
        frozenset({players[a], players[b]}): 3 * times
        for pair, times in met_by_person(first).items()
        for a, b in [sorted(pair)]
        if a in players and b in players
    }
    assert prior == expected
    assert len(prior) > 0
    newcomer = second.players.get(name="Newcomer").pk
    assert not any(newcomer in pair for pair in prior)


def test_only_played_rounds_of_earlier_nights_of_the_same_season_are_remembered(
    season_of_one_night,
):
    host, season, first = season_of_one_night
    later = club_night(host, season, 8, NAMES)
    other_season = club_night(host, Season.objects.create(owner=host, name="Autumn"), 9, NAMES)
    assert services.season_prior(first) == {}  # the later night is not remembered
    assert services.season_prior(other_season) == {}
    assert services.season_prior(later) != {}
    first.rounds.update(status=Round.Status.PLANNED)  # seated but never played
    assert services.season_prior(later) == {}


def test_the_planned_round_page_counts_pairs_who_met_on_the_seasons_last_nights(
    season_of_one_night, host_client
):
    host, season, first = season_of_one_night
    second = club_night(host, season, 8, NAMES)
    rnd = services.seat_next_round(second)
    before = met_by_person(first)
    expected = sum(1 for pair in met_by_person(second) if pair in before)
    url = reverse("round_detail", args=[second.slug, rnd.number])
    shown = f'<strong id="season-repeat-count">{expected}</strong>'
    page = host_client.get(url).content.decode()
    assert "also met on the season's last nights" in page
    assert shown in page
    partial = host_client.get(url, headers={"HX-Request": "true"}).content.decode()
    assert shown in partial
    assert "<html" not in partial
    second.season_seating = False
    second.save()
    assert "season-repeat-count" not in host_client.get(url).content.decode()
