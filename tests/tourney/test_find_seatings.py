"""The offline search that finds the stored nights (scripts/find_seatings.py, tabu_seatings.c).

Not run by the app; checked here so a stored night can be found again the same way.
"""

import argparse
import importlib.util
import shutil
import sys
from collections import Counter
from itertools import combinations
from pathlib import Path

import pytest

from tourney.seating import table_sizes
from tourney.seating.designs import affine_space
from tourney.seating.fair import _MIDWAY, odd_flags

ROOT = Path(__file__).resolve().parents[2]
SHANGHAI = {"min_size": 4, "max_size": 6, "preferred": 5}


@pytest.fixture(scope="module")
def finder():
    spec = importlib.util.spec_from_file_location(
        "find_seatings", ROOT / "scripts" / "find_seatings.py"
    )
    module = importlib.util.module_from_spec(spec)
    sys.modules["find_seatings"] = module
    spec.loader.exec_module(module)
    yield module
    sys.modules.pop("find_seatings", None)


@pytest.fixture(scope="module")
def tabu_binary(finder, tmp_path_factory):
    if shutil.which("gcc") is None:
        pytest.skip("gcc is needed to build the offline search")
    return finder.compile_search(tmp_path_factory.mktemp("tabu"), "tabu_seatings")


def odd_counts_after_each_round(night: list[list[list[int]]], n: int) -> list[list[int]]:
    counts, after = [0] * n, []
    for tables in night:
        flags = odd_flags([len(t) for t in tables], SHANGHAI["preferred"])
        for table, odd in zip(tables, flags, strict=True):
            for p in table:
                counts[p] += odd
        after.append(counts[:])
    return after


def fair_by_the_end(night: list[list[list[int]]], n: int) -> bool:
    """The engine's rule, which the searches keep: spread 1 at the end, 2 before it."""
    after = odd_counts_after_each_round(night, n)
    return all(
        max(counts) - min(counts) <= (1 if r == len(after) - 1 else _MIDWAY)
        for r, counts in enumerate(after)
    )


def split_rows(rows: list[list[int]], split: list[int]) -> list[list[list[int]]]:
    night = []
    for flat in rows:
        tables, at = [], 0
        for size in split:
            tables.append(flat[at : at + size])
            at += size
        night.append(tables)
    return night


def test_a_design_cut_to_36_shanghai_players_keeps_the_rooms_tables_and_meets_nobody_twice(
    finder,
):
    classes = [[list(t) for t in c] for c in affine_space(2, 7).classes]
    split = table_sizes(36, **SHANGHAI)
    night = finder.shaped(classes, 36, split, 7, seed=1, preferred=5)
    assert len(night) == 7
    for tables in night:
        assert sorted(len(t) for t in tables) == sorted(split)
        assert sorted(p for t in tables for p in t) == list(range(36))
    met = Counter(frozenset(pair) for ts in night for t in ts for pair in combinations(t, 2))
    assert max(met.values()) == 1
    # Cut from a design, the six-table is the same player's every round: not yet fair.
    assert max(odd_counts_after_each_round(night, 36)[-1]) == 7


def test_the_tabu_search_shares_the_odd_table_out_without_a_repeat(finder, tabu_binary):
    classes = [[list(t) for t in c] for c in affine_space(2, 7).classes]
    split = table_sizes(36, **SHANGHAI)
    start = finder.shaped(classes, 36, split, 7, seed=1, preferred=5)
    flat = [[p for t in tables for p in t] for tables in start]
    found = []
    for seed in (1, 2, 3):  # a search can stall; the store keeps the best of several
        unmet, rows = finder.tabu(tabu_binary, "shanghai", 36, seed, 10, flat)
        night = split_rows(rows, split)
        assert unmet == finder.unmet(36, rows, split)
        assert fair_by_the_end(night, 36)
        found.append((unmet, night))
    unmet, night = min(found, key=lambda f: f[0])
    assert unmet == finder.floor_of("shanghai", 36, split)  # every pair the night can seat
    met = Counter(frozenset(pair) for ts in night for t in ts for pair in combinations(t, 2))
    assert max(met.values()) == 1


@pytest.mark.parametrize("pair", [False, True], ids=["players-tabu", "swaps-tabu"])
def test_the_tabu_search_from_a_random_start_returns_a_fair_night_it_counts_right(
    finder, tabu_binary, pair
):
    split = table_sizes(26, **SHANGHAI)
    found, rows = finder.tabu(tabu_binary, "shanghai", 26, 3, 0.5, None, pair)
    assert found == finder.unmet(26, rows, split)
    assert fair_by_the_end(split_rows(rows, split), 26)
    assert finder.prefix_fair(split_rows(rows, split), 5, 26)  # after every round too


def test_a_run_stores_only_a_better_night(finder, tabu_binary, tmp_path, monkeypatch):
    target = tmp_path / "stored.py"
    target.write_text(finder.TARGET.read_text())
    monkeypatch.setattr(finder, "TARGET", target)
    before = finder.on_disk()
    args = argparse.Namespace(first_seed=1, seeds=1, seconds=0.3, fresh=True)
    finder.improve(tabu_binary, "shanghai", 26, args, dict(before))
    after = finder.on_disk()
    assert after["shanghai", 26][0] <= before["shanghai", 26][0]
    assert {k: v for k, v in after.items() if k != ("shanghai", 26)} == {
        k: v for k, v in before.items() if k != ("shanghai", 26)
    }


def test_a_night_cut_from_a_bigger_one_keeps_the_rooms_tables_and_its_few_repeats(finder):
    """``--cut 1`` for 31 Toonerville players starts from the stored 32-player night less
    one: every round keeps the room's tables (the dropped player's table becomes the 3)
    and no start repeats more than the bound allows, since its source is at the bound."""
    from tourney.seating.core import table_sizes

    sizes = {"min_size": 3, "max_size": 5, "preferred": 4}
    want = table_sizes(31, **sizes)
    starts = finder.cut_starts("toonerville", 31, 1)
    assert len(starts) == 32  # any one of the 32 can go: each round then has one 3
    floor = finder.floor_of("toonerville", 31, want)
    for rounds in starts:
        assert len(rounds) == 11
        assert all(sorted(flat) == list(range(31)) for flat in rounds)
        assert finder.unmet(31, rounds, want) == floor


@pytest.fixture(scope="module")
def rotational(finder):
    spec = importlib.util.spec_from_file_location(
        "rotational_nights", ROOT / "scripts" / "rotational_nights.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def repeats_of(night: list[list[list[int]]]) -> int:
    met = Counter(pair for tables in night for t in tables for pair in combinations(sorted(t), 2))
    return sum(m - 1 for m in met.values())


@pytest.mark.parametrize(
    ("m", "levels", "sizes", "fixed", "rounds"),
    [
        (7, 4, [5, 5, 5, 5, 5, 5], [0, 1], 7),
        (11, 3, [5, 4, 4, 4, 4, 4, 4, 4], [], 11),
        (12, 3, [5, 4, 4, 4, 4, 4, 4, 4, 4], [1], 12),
    ],
)
def test_a_rotational_night_repeats_m_meetings_for_each_orbit_its_base_seats_twice(
    rotational, m, levels, sizes, fixed, rounds
):
    """The annealing weighs a base round by its orbits; the night it makes must repeat
    exactly the meetings it counts (m per orbit seated past once; a difference of m/2
    within a level meets its pairs twice), from a random start and after the annealing,
    and seat every player once a round."""
    import random

    odd = odd_flags(sizes, 4)
    base = rotational.Base(m, levels, sizes, odd, fixed)
    rng = random.Random(5)
    base.start(rng, (0, 99))
    assert repeats_of(base.night(rounds)) == base.cost()
    after = rotational.anneal(base, (0, 99), 0.5, rng)
    night = base.night(rounds)
    n = levels * m + len(fixed)
    for tables in night:
        assert sorted(p for t in tables for p in t) == list(range(n))
        assert [len(t) for t in tables] == sizes
    assert repeats_of(night) == after == base.cost()
