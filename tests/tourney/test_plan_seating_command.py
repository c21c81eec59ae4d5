"""`manage.py plan_seating`: the seating engine's preview, no database."""

import json
from collections import Counter
from io import StringIO
from itertools import combinations, pairwise

import pytest
from django.core.management import CommandError, call_command


def run(**options) -> dict:
    out = StringIO()
    call_command("plan_seating", stdout=out, **options)
    return json.loads(out.getvalue())


def test_prints_every_round_with_every_player_seated_once():
    result = run(players=13, rounds=3, game="toonerville")
    assert len(result["rounds"]) == 3
    for tables in result["rounds"]:
        assert [len(t) for t in tables] == [5, 4, 4]
        assert sorted(p for t in tables for p in t) == list(range(13))
    assert "sitting_out" not in result


def test_same_seed_same_night_and_the_seed_matters():
    first = run(players=20, rounds=2, game="shanghai", seed="7")
    assert first == run(players=20, rounds=2, game="shanghai", seed="7")
    assert first != run(players=20, rounds=2, game="shanghai", seed="8")
    assert [len(t) for t in first["rounds"][0]] == [5, 5, 5, 5]


@pytest.mark.parametrize("method", ["standings", "random"])
def test_other_methods(method):
    result = run(players=9, rounds=2, game="toonerville", method=method)
    for tables in result["rounds"]:
        assert sorted(p for t in tables for p in t) == list(range(9))


def test_an_impossible_room_says_how_to_fix_it():
    with pytest.raises(CommandError, match="--fallback short_table or sit_out"):
        run(players=7, rounds=1, game="shanghai")


def test_sitting_out_is_reported():
    result = run(players=7, rounds=2, game="shanghai", fallback="sit_out")
    assert [len(out) for out in result["sitting_out"]] == [1, 1]
    assert result["sitting_out"][0] != result["sitting_out"][1]


def test_night_method_prints_the_whole_night_plan():
    result = run(players=16, rounds=5, game="toonerville", method="night", seed="3")
    assert len(result["rounds"]) == 5
    met = Counter()
    for tables in result["rounds"]:
        assert [len(t) for t in tables] == [4, 4, 4, 4]
        assert sorted(p for t in tables for p in t) == list(range(16))
        met.update(frozenset(pair) for t in tables for pair in combinations(t, 2))
    assert max(met.values()) == 1  # 16 players, 5 rounds: the affine plane of order 4
    for before, after in pairwise(result["rounds"]):
        seat = {p: (t, s) for t, table in enumerate(before) for s, p in enumerate(table)}
        assert all(seat[p] != (t, s) for t, table in enumerate(after) for s, p in enumerate(table))
    assert result == run(players=16, rounds=5, game="toonerville", method="night", seed="3")
