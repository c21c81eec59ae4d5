"""The rules engine as the rest of the app sees it: games, house rules, errors, standings.

Per-game score checks live in test_rules_rummy.py and test_rules_tricks.py.
"""

import json
import pickle
import re

import pytest

from scoring.rules import (
    GAMES,
    RUMMY_GAMES,
    TRICK_GAMES,
    InvalidScore,
    Missed,
    Problem,
    Standing,
    get_game,
    name_list,
    next_dealer,
)

# -- the games and their house rules ------------------------------------------


def test_every_game_of_rules_md_is_there():
    assert GAMES == {
        "toonerville": "Toonerville Rook",
        "shanghai": "Rook Shanghai",
        "rook-for-two": "Rook for Two",
        "partnership-rook": "Partnership Rook",
        "partnership-rook-5": "Partnership Rook for five",
    }
    assert set(RUMMY_GAMES) == {"toonerville", "shanghai"}
    assert set(TRICK_GAMES) == {"rook-for-two", "partnership-rook", "partnership-rook-5"}


@pytest.mark.parametrize(
    ("slug", "lowest_wins", "sizes", "short"),
    [
        ("toonerville", True, (3, 5, 4), None),
        ("shanghai", True, (4, 6, 5), 3),
        ("rook-for-two", False, (2, 2, 2), None),
        ("partnership-rook", False, (4, 4, 4), None),
        ("partnership-rook-5", False, (5, 5, 5), None),
    ],
    ids=lambda value: str(value),
)
def test_game_facts(slug, lowest_wins, sizes, short):
    game = get_game(slug)
    assert game.slug == slug
    assert game.name == GAMES[slug]
    assert game.lowest_wins is lowest_wins
    assert (game.min_players, game.max_players, game.preferred_table_size) == sizes
    assert game.short_table_size == short


@pytest.mark.parametrize(
    ("slug", "players", "target"),
    [("rook-for-two", 2, 150), ("partnership-rook", 4, 1000), ("partnership-rook-5", 5, 1000)],
    ids=["rook-for-two", "partnership", "partnership-5"],
)
def test_trick_games_have_players_and_a_target_but_no_rounds(slug, players, target):
    game = get_game(slug)
    assert game.players == players
    assert game.target == target
    assert game.rounds == ()
    assert game.rounds_for(players) == ()


@pytest.mark.parametrize(
    ("slug", "defaults"),
    [
        (
            "toonerville",
            {
                "card_values": {str(n): min(n, 10) for n in range(1, 15)},
                "rook_value": 20,
                "round_11_cards": 12,
                "round_11_lay_down": "at once",
                "buy_cap": None,
                "missed_round": "highest",
                "missed_round_points": 0,
            },
        ),
        (
            "shanghai",
            {
                "three_decks": False,
                "black_14s_wild": False,
                "missed_round": "highest",
                "missed_round_points": 0,
            },
        ),
        ("rook-for-two", {"raise_step": 5, "target": 150}),
        ("partnership-rook", {"target": 1000}),
        ("partnership-rook-5", {"target": 1000, "all_tricks_bonus": True}),
    ],
    ids=lambda value: value if isinstance(value, str) else "",
)
def test_house_defaults_are_the_rules_md_defaults(slug, defaults):
    game = get_game(slug)
    assert game.settings == defaults
    assert {rule.name: rule.to_json(rule.default) for rule in game.house_rules} == defaults


@pytest.mark.parametrize(
    ("slug", "house_rules"),
    [
        ("toonerville", {}),
        (
            "toonerville",
            {
                "card_values": {n: 5 * (1 + n // 5) for n in range(1, 15)},
                "rook_value": 50,
                "round_11_cards": 14,
                "round_11_lay_down": "early",
                "buy_cap": 3,
                "missed_round": "fixed",
                "missed_round_points": 75,
            },
        ),
        ("shanghai", {"three_decks": True, "black_14s_wild": True, "missed_round": "average"}),
        ("rook-for-two", {"raise_step": 10, "target": 200}),
        ("partnership-rook", {"target": 500}),
        ("partnership-rook-5", {"target": 1500, "all_tricks_bonus": False}),
    ],
    ids=[
        "toonerville-defaults",
        "toonerville-changed",
        "shanghai",
        "rook-for-two",
        "partnership",
        "partnership-5",
    ],
)
def test_settings_survive_a_json_round_trip(slug, house_rules):
    game = get_game(slug, **house_rules)
    stored = json.loads(json.dumps(game.settings))
    rebuilt = get_game(slug, **stored)
    assert rebuilt == game
    assert rebuilt.settings == game.settings
    for name, value in house_rules.items():
        assert stored[name] == (
            {str(n): v for n, v in value.items()} if name == "card_values" else value
        )


@pytest.mark.parametrize("slug", list(GAMES))
def test_house_rules_describe_themselves_for_the_form(slug):
    game = get_game(slug)
    assert [rule.name for rule in game.house_rules] == list(game.settings)
    for rule in game.house_rules:
        assert rule.label
        assert rule.help.endswith(".")
        assert rule.kind in {"int", "bool", "choice", "card_values", "optional_int"}
        assert rule.clean(rule.default) == rule.default
        if rule.kind == "choice":
            assert rule.default in [value for value, _ in rule.choices]
        if rule.kind in {"int", "card_values"}:
            assert rule.min is not None
            assert rule.max is not None


def test_a_partial_card_values_table_changes_only_the_numbers_given():
    game = get_game("toonerville", card_values={"14": 15, 1: 15})
    assert game.card_values[1] == 15
    assert game.card_values[14] == 15
    assert game.card_values[9] == 9


@pytest.mark.parametrize(
    ("slug", "house_rules", "names"),
    [
        (
            "rook",
            {},
            "toonerville, shanghai, rook-for-two, partnership-rook and partnership-rook-5",
        ),
        (
            "toonerville",
            {"raise_step": 5},
            "card_values, rook_value, round_11_cards, round_11_lay_down, buy_cap",
        ),
        ("partnership-rook", {"raise_step": 5}, "its house rules are target"),
        ("toonerville", {"rook_value": 0}, "from 1 to 100"),
        ("toonerville", {"rook_value": True}, "from 1 to 100"),
        ("toonerville", {"rook_value": "20"}, "from 1 to 100"),
        ("toonerville", {"round_11_cards": 13}, "12 or 14"),
        ("toonerville", {"round_11_lay_down": "never"}, "'at once' or 'early'"),
        ("toonerville", {"buy_cap": -1}, "from 0 to 20"),
        ("toonerville", {"missed_round": "max"}, "'highest', 'average', 'fixed' or 'zero'"),
        ("toonerville", {"missed_round_points": 1.5}, "from 0 to 1000"),
        ("toonerville", {"card_values": {15: 10}}, "numbered 1 to 14"),
        ("toonerville", {"card_values": {"rook": 20}}, "numbered 1 to 14"),
        ("toonerville", {"card_values": {1: 0}}, "card_values[1] must be a whole number from 1"),
        ("toonerville", {"card_values": [1, 2, 3]}, "must map card numbers 1 to 14"),
        ("shanghai", {"three_decks": "yes"}, "True or False"),
        ("shanghai", {"card_values": {1: 1}}, "three_decks, black_14s_wild"),
        ("rook-for-two", {"raise_step": 3}, "1, 2, 5 or 10"),
        ("rook-for-two", {"target": 0}, "from 50 to 1000"),
        ("partnership-rook-5", {"target": 50}, "from 100 to 10000"),
    ],
    ids=[
        "unknown-game",
        "unknown-house-rule",
        "rule-of-another-game",
        "rook-value-zero",
        "rook-value-bool",
        "rook-value-text",
        "round-11-thirteen",
        "round-11-lay-down-unknown",
        "negative-buy-cap",
        "unknown-missed-round-rule",
        "fractional-fixed-score",
        "card-fifteen",
        "card-rook-in-table",
        "card-worth-zero",
        "card-values-not-a-table",
        "three-decks-text",
        "toonerville-rule-on-shanghai",
        "raise-step-three",
        "rook-for-two-target-zero",
        "partnership-target-too-low",
    ],
)
def test_get_game_refuses_what_is_not_allowed_and_says_what_is(slug, house_rules, names):
    with pytest.raises(ValueError, match=re.escape(names)):
        get_game(slug, **house_rules)


# -- the error a host can fix --------------------------------------------------


@pytest.mark.parametrize(
    ("names", "expected"),
    [
        ([], ""),
        (["Ann"], "Ann"),
        (["Ann", "Bo"], "Ann and Bo"),
        (["Ann", "Bo", "Cy"], "Ann, Bo and Cy"),
    ],
    ids=["none", "one", "two", "three"],
)
def test_names_read_naturally(names, expected):
    assert name_list(names) == expected


def test_invalid_score_carries_every_problem():
    error = InvalidScore([Problem("Ann has no score yet", ("Ann",)), "The bid is blank"])
    assert error.messages == ["Ann has no score yet", "The bid is blank"]
    assert error.problems[1] == Problem("The bid is blank", ())
    assert str(error) == "Ann has no score yet; The bid is blank"
    assert error.needs_confirmation is False


def test_invalid_score_survives_pickling():
    error = InvalidScore([Problem("Bo scored 400", ("Bo",))], needs_confirmation=True)
    copy = pickle.loads(pickle.dumps(error))
    assert copy.problems == error.problems
    assert copy.needs_confirmation is True


def test_invalid_score_needs_a_problem():
    with pytest.raises(ValueError, match="at least one problem"):
        InvalidScore([])


# -- missed rounds -------------------------------------------------------------


@pytest.mark.parametrize(
    ("house_rules", "scores", "expected"),
    [
        ({}, [0, 12, 40, 7], 40),
        ({}, [], 0),
        ({}, [0, None, Missed(90), 25], 25),
        ({"missed_round": "average"}, [0, 12, 40], 17),
        ({"missed_round": "average"}, [0, 5], 3),
        ({"missed_round": "average"}, [0, 1, 2, 3], 2),
        ({"missed_round": "average"}, [0, 10, 11], 7),
        ({"missed_round": "average"}, [0, 20, Missed(100), None], 10),
        ({"missed_round": "average"}, [], 0),
        ({"missed_round": "fixed", "missed_round_points": 25}, [0, 90], 25),
        ({"missed_round": "fixed"}, [0, 90], 0),
        ({"missed_round": "zero"}, [0, 90], 0),
    ],
    ids=[
        "highest",
        "highest-nothing-played",
        "highest-skips-blanks-and-fills",
        "average-rounds-down",
        "average-half-rounds-up",
        "average-one-and-a-half-rounds-up",
        "average-seven",
        "average-skips-blanks-and-fills",
        "average-nothing-played",
        "fixed",
        "fixed-default-zero",
        "zero",
    ],
)
@pytest.mark.parametrize("slug", ["toonerville", "shanghai"])
def test_missed_round_score(slug, house_rules, scores, expected):
    assert get_game(slug, **house_rules).missed_round_score(scores) == expected


def test_missed_round_score_refuses_a_non_score():
    with pytest.raises(TypeError):
        get_game("toonerville").missed_round_score([0, "12"])


# -- standings -----------------------------------------------------------------


def rows(standings: list[Standing]) -> list[tuple]:
    return [(s.place, s.player, s.total, s.tied) for s in standings]


def test_rummy_standings_lowest_total_first():
    standings = get_game("toonerville").standings(
        {"Cy": [30, 12], "Ann": [0, 5], "Bo": [10, 0, None]}
    )
    assert rows(standings) == [(1, "Ann", 5, False), (2, "Bo", 10, False), (3, "Cy", 42, False)]
    assert standings[0] == Standing(
        place=1, player="Ann", total=5, went_out=1, worst_round=5, rounds_played=2, tied=False
    )


@pytest.mark.parametrize(
    ("history", "expected"),
    [
        ({"Ann": [20, 20], "Bo": [0, 40]}, [(1, "Bo"), (2, "Ann")]),
        ({"Ann": [0, 0, 40], "Bo": [0, 20, 20]}, [(1, "Ann"), (2, "Bo")]),
        ({"Ann": [15, 25], "Bo": [20, 20]}, [(1, "Bo"), (2, "Ann")]),
        ({"Ann": [0, 30], "Bo": [30, 0], "Cy": [10, 20]}, [(1, "Ann"), (1, "Bo"), (3, "Cy")]),
        ({"Ann": [Missed(20)], "Bo": [20]}, [(1, "Bo"), (2, "Ann")]),
    ],
    ids=[
        "more-rounds-went-out",
        "went-out-before-worst-round",
        "lower-worst-round",
        "shared-place",
        "played-beats-only-missed",
    ],
)
def test_rummy_tie_breaks(history, expected):
    standings = get_game("toonerville").standings(history)
    assert [(s.place, s.player) for s in standings] == expected
    # Every case is a tie on total, so only the tie-breaks can order it.
    assert len({s.total for s in standings}) == 1


def test_shared_places_skip_the_next_place():
    standings = get_game("shanghai").standings(
        {"Di": [40], "Cy": [20], "Bo": [20], "Ann": [5], "Ed": [20]}
    )
    assert rows(standings) == [
        (1, "Ann", 5, False),
        (2, "Bo", 20, True),
        (2, "Cy", 20, True),
        (2, "Ed", 20, True),
        (5, "Di", 40, False),
    ]


def test_a_missed_round_counts_in_the_total_but_is_not_played():
    [standing] = get_game("toonerville").standings({"Ann": [0, Missed(0), Missed(60), 12, None]})
    assert standing.total == 72
    assert standing.went_out == 1
    assert standing.worst_round == 12
    assert standing.rounds_played == 2


def test_a_player_with_nothing_scored_yet():
    [standing] = get_game("toonerville").standings({7: []})
    assert standing == Standing(1, 7, 0, 0, None, 0, False)


def test_standings_order_ids_and_names_for_display():
    standings = get_game("toonerville").standings({12: [5], 3: [5], 7: [0]})
    assert [s.player for s in standings] == [7, 3, 12]
    standings = get_game("shanghai").standings({"bo": [5], "Ann": [5], "Cy": [5]})
    assert [s.player for s in standings] == ["Ann", "bo", "Cy"]


def test_trick_game_standings_highest_total_first():
    standings = get_game("partnership-rook-5").standings(
        {"Ann": [120, -110], "Bo": [120, 95], "Cy": [80, 95], "Di": [80, 95], "Ed": [80, 10]}
    )
    assert rows(standings) == [
        (1, "Bo", 215, False),
        (2, "Cy", 175, True),
        (2, "Di", 175, True),
        (4, "Ed", 90, False),
        (5, "Ann", 10, False),
    ]
    assert standings[-1].worst_round == -110
    assert standings[-1].went_out == 0


def test_standings_refuse_an_entry_that_is_not_a_score():
    with pytest.raises(TypeError):
        get_game("toonerville").standings({"Ann": [0, "12"]})


# -- winning a target-score game ---------------------------------------------


@pytest.mark.parametrize(
    ("slug", "totals", "expected"),
    [
        ("rook-for-two", {"Ann": 149, "Bo": 0}, None),
        ("rook-for-two", {"Ann": 150, "Bo": 149}, "Ann"),
        ("rook-for-two", {"Ann": 152, "Bo": 170}, "Bo"),
        ("rook-for-two", {"Ann": 160, "Bo": 160}, None),
        ("partnership-rook", {"Us": 995, "Them": -200}, None),
        ("partnership-rook", {"Us": 1000, "Them": 1000}, None),
        ("partnership-rook", {"Us": 1005, "Them": 1010}, "Them"),
        ("partnership-rook-5", {"A": 1100, "B": 1100, "C": 1200, "D": 0, "E": 0}, "C"),
        ("partnership-rook-5", {"A": 1100, "B": 1100, "C": 900, "D": 900, "E": 0}, None),
    ],
    ids=[
        "nobody-there-yet",
        "first-to-150",
        "both-past-150-higher-wins",
        "both-past-150-tied-play-on",
        "partnership-not-yet",
        "partnership-tied-play-on",
        "partnership-higher-wins",
        "five-player-top-score-wins",
        "five-player-partners-tied-play-on",
    ],
)
def test_winner(slug, totals, expected):
    assert get_game(slug).winner(totals) == expected


def test_a_lower_target_is_the_hosts_choice():
    assert get_game("partnership-rook", target=500).winner({"Us": 500, "Them": 450}) == "Us"


@pytest.mark.parametrize(
    ("dealer", "seats", "expected"),
    [
        ("Ann", ["Ann", "Bo"], "Bo"),
        ("Bo", ["Ann", "Bo"], "Ann"),
        ("Di", ["Ann", "Bo", "Cy", "Di"], "Ann"),
    ],
    ids=["two-alternate", "two-back", "partnership-passes-left"],
)
def test_next_dealer(dealer, seats, expected):
    assert next_dealer(dealer, seats) == expected


# -- inputs no person meant: the engine's own error, never another exception -------

HUGE = 10**5000  # Python will not even print this int (more than 4,300 digits)


@pytest.mark.parametrize(
    ("slug", "call"),
    [
        ("toonerville", lambda g: g.check_round(1, {"Ann": 0, "Bo": HUGE, "Cy": 5})),
        ("toonerville", lambda g: g.check_round(1, {"Ann": 0, "Bo": -HUGE, "Cy": 5})),
        ("shanghai", lambda g: g.check_round(1, {"Ann": 0, "Bo": HUGE, "Cy": 5, "Di": 5})),
        ("toonerville", lambda g: g.hand_value(["1", HUGE])),
        (
            "rook-for-two",
            lambda g: g.score_hand(
                bidder="Ann", bid=30, tricks={"Ann": HUGE, "Bo": 1}, count={"Ann": 0, "Bo": 0}
            ),
        ),
        (
            "rook-for-two",
            lambda g: g.score_hand(
                bidder="Ann", bid=HUGE, tricks={"Ann": 1, "Bo": 1}, count={"Ann": -HUGE, "Bo": HUGE}
            ),
        ),
        ("rook-for-two", lambda g: g.check_raw({"Ann": HUGE, "Bo": 0})),
        (
            "partnership-rook",
            lambda g: g.score_hand(sides=("A", "B"), bidding_side="A", bid=HUGE, points=HUGE),
        ),
    ],
    ids=[
        "rummy-score",
        "rummy-negative",
        "shanghai-score",
        "card",
        "tricks",
        "bid-and-count",
        "raw",
        "partnership",
    ],
)
def test_absurdly_large_numbers_are_a_user_error_with_a_message(slug, call):
    with pytest.raises(InvalidScore) as raised:
        call(get_game(slug))
    assert "a number about 5001 digits long" in str(raised.value)


def test_an_absurd_house_rule_value_is_refused_with_a_readable_message():
    with pytest.raises(ValueError, match="not a number about 5001 digits long"):
        get_game("toonerville", rook_value=HUGE)


@pytest.mark.parametrize(
    "card", ["²", "٣", "１２", "1²"], ids=["superscript", "arabic", "wide", "mixed"]
)
def test_only_ascii_digits_name_a_card(card):
    game = get_game("toonerville")
    assert game.card_value(card) is None
    with pytest.raises(InvalidScore) as raised:
        game.hand_value(["1", card])
    assert raised.value.messages == [
        f"Toonerville Rook has no card {card}: its cards are numbered 1 to 14, plus the Rook (wild)"
    ]
    with pytest.raises(ValueError, match="the cards are numbered 1 to 14"):
        get_game("toonerville", card_values={card: 5})
