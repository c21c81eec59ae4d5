"""Toonerville Rook and Rook Shanghai: deals, card values, and what a valid round is."""

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.rules import InvalidScore, Problem, Round, get_game

NAMES = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy"]


def table(*scores):
    """Scores for the first len(scores) players in NAMES."""
    return dict(zip(NAMES, scores, strict=False))


def refusal(game, number, scores, **kwargs) -> InvalidScore:
    with pytest.raises(InvalidScore) as raised:
        game.check_round(number, scores, **kwargs)
    return raised.value


# -- deals ---------------------------------------------------------------------


def test_toonerville_rounds():
    rounds = get_game("toonerville").rounds
    assert [(r.number, r.contract, r.cards_dealt) for r in rounds] == [
        (1, "two sets", 12),
        (2, "one run, one set", 12),
        (3, "two runs", 12),
        (4, "three sets", 12),
        (5, "one run, two sets", 12),
        (6, "two runs, one set", 12),
        (7, "four sets", 12),
        (8, "three runs", 12),
        (9, "five sets", 15),
        (10, "four runs", 16),
        (11, "two runs, two sets", 12),
    ]
    assert [r.number for r in rounds if not r.discard_to_go_out] == [11]
    assert get_game("toonerville").rounds_for(3) == rounds


def test_toonerville_round_11_can_be_dealt_14():
    assert get_game("toonerville", round_11_cards=14).rounds[-1] == Round(
        11, "two runs, two sets", 14, discard_to_go_out=False
    )


@pytest.mark.parametrize(
    ("players", "dealt"),
    [(2, [7, 8, 9, 10, 11, 11, 11]), (3, [7, 8, 9, 10, 11, 11, 11]), (4, [11] * 7), (6, [11] * 7)],
    ids=["two-players", "three-players", "four-players", "six-players"],
)
def test_shanghai_deals_depend_on_the_table(players, dealt):
    rounds = get_game("shanghai").rounds_for(players)
    assert [r.cards_dealt for r in rounds] == dealt
    assert [r.contract for r in rounds] == [
        "two sets",
        "one set, one run",
        "two runs",
        "three sets",
        "two sets, one run",
        "one set, two runs",
        "three runs",
    ]


def test_shanghai_rounds_are_the_usual_table():
    game = get_game("shanghai")
    assert game.rounds == game.rounds_for(4)
    assert game.max_buys == 3


# -- card values ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("slug", "house_rules", "cards", "points"),
    [
        ("shanghai", {}, ["6", "6", "9", "10", "11"], 41),
        ("shanghai", {}, ["wild", "10", "10", "1"], 41),
        ("shanghai", {}, [14, 13, "rook"], 40),
        ("shanghai", {"black_14s_wild": True}, ["14", "13"], 30),
        ("shanghai", {}, [], 0),
        ("toonerville", {}, ["1", "9", "12", "rook"], 40),
        ("toonerville", {}, [" Rook ", "WILD", 5], 45),
        ("toonerville", {"card_values": {1: 15, 14: 15}, "rook_value": 50}, ["1", 14, "rook"], 80),
    ],
    ids=[
        "published-example-41",
        "published-example-wild-41",
        "ints-and-rook",
        "black-14-is-a-wild",
        "empty-hand",
        "toonerville-default-values",
        "rook-and-wild-any-case",
        "event-card-values",
    ],
)
def test_hand_value(slug, house_rules, cards, points):
    assert get_game(slug, **house_rules).hand_value(cards) == points


@pytest.mark.parametrize(
    ("cards", "named"),
    [
        (["15"], "has no card 15:"),
        (["0", "3"], "has no card 0:"),
        (["joker", "15", "joker"], "has no card joker and 15:"),
        ([True], "has no card True:"),
        ([2.5], "has no card 2.5:"),
    ],
    ids=["fifteen", "zero", "several-named-once", "yes-no", "fraction"],
)
def test_hand_value_refuses_a_card_the_game_does_not_have(cards, named):
    with pytest.raises(InvalidScore, match=re.escape(named)) as raised:
        get_game("shanghai").hand_value(cards)
    assert raised.value.messages[0].endswith("its cards are numbered 1 to 14, plus the Rook (wild)")


_SHANGHAI_VALUE = {**{str(n): min(n, 10) for n in range(1, 15)}, "rook": 20, "wild": 20}


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(sorted(_SHANGHAI_VALUE)), max_size=17))
def test_hand_value_is_the_sum_of_the_card_values(cards):
    assert get_game("shanghai").hand_value(cards) == sum(_SHANGHAI_VALUE[c] for c in cards)


@settings(max_examples=40, deadline=None)
@given(
    values=st.dictionaries(st.integers(1, 14), st.integers(1, 100), min_size=14, max_size=14),
    rook=st.integers(1, 100),
    cards=st.lists(st.one_of(st.integers(1, 14), st.just("rook")), max_size=20),
)
def test_hand_value_uses_the_events_card_values(values, rook, cards):
    game = get_game("toonerville", card_values=values, rook_value=rook)
    assert game.hand_value(cards) == sum(rook if c == "rook" else values[c] for c in cards)


# -- valid rounds ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("slug", "number", "scores"),
    [
        ("toonerville", 1, table(0, 1, 55)),
        ("toonerville", 11, table(0, 40, 200, 13, 19)),
        ("shanghai", 1, table(0, 210, 41, 1)),
        ("shanghai", 7, table(0, 210, 150, 130, 120, 100)),
        ("shanghai", 1, table(0, 150, 7)),
        ("shanghai", 7, table(0, 190, 170)),
    ],
    ids=[
        "toonerville-three",
        "toonerville-five",
        "shanghai-210",
        "shanghai-six-one-at-210",
        "shanghai-three-players-150-in-hand-1",
        "shanghai-three-players-190-in-hand-7",
    ],
)
def test_valid_rounds_are_accepted(slug, number, scores):
    assert get_game(slug).check_round(number, scores) is None


# -- boundaries of the most a hand can hold -----------------------------------------


@pytest.mark.parametrize(
    ("house_rules", "number", "players", "highest"),
    [
        ({}, 1, 4, 210),
        ({}, 7, 6, 210),
        ({"black_14s_wild": True}, 4, 5, 210),
        ({"three_decks": True}, 1, 6, 230),
        ({"three_decks": True}, 7, 4, 230),
        ({}, 1, 3, 150),
        ({}, 2, 3, 160),
        ({}, 3, 3, 170),
        ({}, 4, 3, 180),
        ({}, 5, 3, 190),
        ({}, 6, 3, 190),
        ({}, 7, 3, 190),
        ({"three_decks": True}, 1, 3, 150),
    ],
    ids=[
        "two-decks-hand-1",
        "two-decks-hand-7",
        "black-14s-still-210",
        "three-decks-hand-1",
        "three-decks-hand-7",
        "three-players-hand-1",
        "three-players-hand-2",
        "three-players-hand-3",
        "three-players-hand-4",
        "three-players-hand-5",
        "three-players-hand-6",
        "three-players-hand-7",
        "three-players-three-decks-still-2-wilds",
    ],
)
def test_shanghai_most_a_hand_can_hold(house_rules, number, players, highest):
    game = get_game("shanghai", **house_rules)
    assert game.max_score(number, players) == highest
    game.check_round(number, table(0, highest, *[5] * (players - 2)))
    error = refusal(game, number, table(0, highest + 1, *[5] * (players - 2)))
    [message] = error.messages
    assert message.startswith(
        f"Bo scored {highest + 1}, more than a hand can hold in hand {number} ({highest}: "
    )
    assert error.problems[0].players == ("Bo",)
    assert error.needs_confirmation is False
    with pytest.raises(InvalidScore):
        game.check_round(number, table(0, highest + 1, *[5] * (players - 2)), high_confirmed=True)


@pytest.mark.parametrize("score", [151, 160], ids=["151", "160"])
def test_shanghai_three_players_refuse_over_150_in_hand_1(score):
    error = refusal(get_game("shanghai"), 1, table(0, score, 20))
    assert error.messages == [
        f"Bo scored {score}, more than a hand can hold in hand 1 "
        "(150: 13 cards, 2 of them wilds at 20 and 11 at 10)"
    ]


def test_shanghai_211_message_names_the_rule():
    error = refusal(get_game("shanghai"), 1, table(0, 211, 20, 20))
    assert error.messages == [
        "Bo scored 211, more than a hand can hold in hand 1 "
        "(210: 17 cards, 4 of them wilds at 20 and 13 at 10)"
    ]


# -- what each seat must hold -----------------------------------------------------


@pytest.mark.parametrize("slug", ["toonerville", "shanghai"])
@pytest.mark.parametrize(
    ("scores", "message", "players"),
    [
        (
            table(0, None, 5, 5),
            "Bo has no score yet: every seated player needs a score, 0 if they went out",
            ("Bo",),
        ),
        (
            table(0, -5, 5, 5),
            "Bo scored -5: a score cannot be negative "
            "(it is the points left in the hand, or 0 for going out)",
            ("Bo",),
        ),
        (
            table(0, 12.5, 5, 5),
            "Bo's score must be a whole number of points (0 if they went out)",
            ("Bo",),
        ),
        (
            table(0, 12.0, 5, 5),
            "Bo's score must be a whole number of points (0 if they went out)",
            ("Bo",),
        ),
        (
            table(0, "12", 5, 5),
            "Bo's score must be a whole number of points (0 if they went out)",
            ("Bo",),
        ),
        (
            table(0, True, 5, 5),
            "Bo's score must be a whole number of points (0 if they went out)",
            ("Bo",),
        ),
        (
            table(0, 0, 5, 5),
            "Ann and Bo both went out (scored 0): exactly one player goes out each {word}",
            ("Ann", "Bo"),
        ),
        (
            table(0, 0, 0, 5),
            "Ann, Bo and Cy all went out (scored 0): exactly one player goes out each {word}",
            ("Ann", "Bo", "Cy"),
        ),
        (
            table(3, 9, 5, 5),
            "Nobody scored 0: exactly one player goes out each {word}, and they score 0",
            (),
        ),
    ],
    ids=[
        "blank",
        "negative",
        "fraction",
        "float-whole",
        "text",
        "yes-no",
        "two-went-out",
        "three-went-out",
        "nobody-went-out",
    ],
)
def test_a_bad_entry_is_refused_with_a_message_naming_the_player(slug, scores, message, players):
    game = get_game(slug)
    error = refusal(game, 2, scores)
    expected = message.format(word=game.round_word)
    assert error.problems == [Problem(expected, players)]
    assert error.messages == [expected]
    assert str(error) == expected
    assert error.needs_confirmation is False


def test_a_blank_may_be_the_player_who_went_out():
    error = refusal(get_game("toonerville"), 1, table(None, 5, 5))
    assert len(error.messages) == 1
    assert error.messages[0].startswith("Ann has no score yet")


def test_several_problems_are_reported_at_once():
    error = refusal(get_game("shanghai"), 3, table(0, None, 0, -2, 250, "x"))
    assert error.messages == [
        "Bo has no score yet: every seated player needs a score, 0 if they went out",
        "Di scored -2: a score cannot be negative "
        "(it is the points left in the hand, or 0 for going out)",
        "Flo's score must be a whole number of points (0 if they went out)",
        "Ann and Cy both went out (scored 0): exactly one player goes out each hand",
        "Ed scored 250, more than a hand can hold in hand 3 "
        "(210: 17 cards, 4 of them wilds at 20 and 13 at 10)",
    ]
    assert [p.players for p in error.problems] == [
        ("Bo",),
        ("Di",),
        ("Flo",),
        ("Ann", "Cy"),
        ("Ed",),
    ]
    assert str(error) == "; ".join(error.messages)


@pytest.mark.parametrize(
    ("slug", "house_rules", "players", "message"),
    [
        (
            "toonerville",
            {},
            2,
            "This table has 2 players: Toonerville Rook is played 3 to 5 a table",
        ),
        (
            "toonerville",
            {},
            6,
            "This table has 6 players: Toonerville Rook is played 3 to 5 a table",
        ),
        ("shanghai", {}, 1, "This table has 1 player: Rook Shanghai is played 2 to 8 a table"),
        (
            "shanghai",
            {},
            7,
            "This table has 7 players: Rook Shanghai needs the three-deck option (6 wilds) "
            "at a table of 7 or more",
        ),
        (
            "shanghai",
            {"three_decks": True},
            9,
            "This table has 9 players: Rook Shanghai is played 2 to 8 a table",
        ),
    ],
    ids=["toonerville-2", "toonerville-6", "shanghai-1", "shanghai-7-two-decks", "shanghai-9"],
)
def test_a_table_of_the_wrong_size_is_refused(slug, house_rules, players, message):
    error = refusal(get_game(slug, **house_rules), 1, table(0, *[5] * (players - 1)))
    assert error.problems == [Problem(message, ())]


@pytest.mark.parametrize(
    ("players", "house_rules", "most"),
    [(2, {}, 150), (3, {}, 150), (7, {"three_decks": True}, 230), (8, {"three_decks": True}, 230)],
    ids=["two", "three", "seven-three-decks", "eight-three-decks"],
)
def test_shanghai_one_table_of_2_to_8(players, house_rules, most):
    """2 and 3 play the short-table rules (2 wilds, 7 cards in hand 1); 7 and 8 three decks."""
    game = get_game("shanghai", **house_rules)
    game.check_round(1, table(0, most, *[5] * (players - 2)))
    error = refusal(game, 1, table(0, most + 1, *[5] * (players - 2)))
    assert error.messages[0].startswith(
        f"Bo scored {most + 1}, more than a hand can hold in hand 1"
    )


@pytest.mark.parametrize(
    ("slug", "number"),
    [
        ("toonerville", 0),
        ("toonerville", 12),
        ("shanghai", 8),
        ("shanghai", "1"),
        ("shanghai", True),
    ],
    ids=["round-0", "round-12", "hand-8", "text", "yes-no"],
)
def test_a_round_that_does_not_exist_is_a_bug_not_a_bad_score(slug, number):
    with pytest.raises(ValueError, match="1 to"):
        get_game(slug).check_round(number, table(0, 5, 5))


# -- Toonerville: no limit but the decks themselves, and a plausible ceiling -----


@pytest.mark.parametrize(
    ("number", "ceiling"),
    # The dealt hand plus six bought cards, with the table's 3 Rooks at 20 and the rest at 10.
    [(1, 3 * 20 + 15 * 10), (9, 3 * 20 + 18 * 10), (10, 3 * 20 + 19 * 10), (11, 3 * 20 + 15 * 10)],
    ids=["round-1", "round-9", "round-10", "round-11"],
)
def test_toonerville_high_score_needs_confirmation(number, ceiling):
    game = get_game("toonerville")
    assert game.plausible_ceiling(number, 3) == ceiling
    assert game.max_score(number, 3) == 3 * 400  # every card of 3 decks
    game.check_round(number, table(0, ceiling, 20))
    error = refusal(game, number, table(0, ceiling + 1, 20))
    assert error.needs_confirmation is True
    assert error.problems[0].players == ("Bo",)
    assert error.messages[0].startswith(f"Bo scored {ceiling + 1}, more than the ")
    assert error.messages[0].endswith(f"({ceiling}): check it, and confirm it if it is right")
    game.check_round(number, table(0, ceiling + 1, 20), high_confirmed=True)
    game.check_round(number, table(0, 3 * 400 // 2, 20), high_confirmed=True)


def test_toonerville_unlimited_buys_still_cannot_hold_more_than_the_decks():
    game = get_game("toonerville")
    error = refusal(game, 1, table(0, 3 * 57 * 20 + 1, 5), high_confirmed=True)
    assert error.needs_confirmation is False
    assert "all 171 cards of the table's 3 decks" in error.messages[0]


def test_the_ceiling_follows_the_events_values_and_round_11_deal():
    assert get_game("toonerville", rook_value=50).plausible_ceiling(11, 4) == 4 * 50 + 14 * 10
    game = get_game("toonerville", rook_value=50, round_11_cards=14)
    assert game.plausible_ceiling(11, 4) == 4 * 50 + 16 * 10


def test_confirmation_alone_cannot_fix_other_problems():
    error = refusal(get_game("toonerville"), 1, table(0, 500, None))
    assert len(error.messages) == 2
    assert error.needs_confirmation is False
    error = refusal(get_game("toonerville"), 1, table(0, 500, None), high_confirmed=True)
    assert len(error.messages) == 1


def test_several_scores_over_the_ceiling_all_need_confirmation():
    error = refusal(get_game("toonerville"), 1, table(0, 400, 401))
    assert error.needs_confirmation is True
    assert [p.players for p in error.problems] == [("Bo",), ("Cy",)]


@pytest.mark.parametrize(
    ("buy_cap", "number", "highest"),
    # At 3 players: 3 Rooks at 20, then 10s.
    [(0, 1, 3 * 20 + 9 * 10), (2, 1, 3 * 20 + 13 * 10), (5, 10, 3 * 20 + 23 * 10)],
    ids=["no-buys", "two-buys", "five-buys-round-10"],
)
def test_toonerville_buy_cap_is_a_hard_limit(buy_cap, number, highest):
    game = get_game("toonerville", buy_cap=buy_cap)
    assert game.max_score(number, 3) == highest
    game.check_round(number, table(0, highest, 5), high_confirmed=True)
    error = refusal(game, number, table(0, highest + 1, 5), high_confirmed=True)
    assert error.needs_confirmation is False
    assert error.messages == [
        f"Bo scored {highest + 1}, more than a hand can hold in round {number} ({highest}: "
        f"{game.round(number).cards_dealt} cards dealt plus 2 for each of at most {buy_cap} "
        f"buys, at best 3 × 20 + {(highest - 60) // 10} × 10 from the table's 3 decks)"
    ]


def test_toonerville_counts_only_the_rooks_the_table_has():
    """Three players, no buys: 3 Rooks at 20 and 9 cards at 10 is the most a hand holds."""
    game = get_game("toonerville", buy_cap=0)
    assert game.max_score(1, 3) == 150
    game.check_round(1, table(0, 150, 5), high_confirmed=True)
    error = refusal(game, 1, table(0, 200, 5), high_confirmed=True)
    assert error.messages == [
        "Bo scored 200, more than a hand can hold in round 1 (150: 12 cards dealt plus 2 for "
        "each of at most 0 buys, at best 3 × 20 + 9 × 10 from the table's 3 decks)"
    ]


def test_toonerville_unlimited_buys_stop_at_what_the_decks_are_worth():
    """Three decks with the default values are worth 3 x 400 = 1200, not 3 x 57 x 20."""
    game = get_game("toonerville")
    assert game.max_score(1, 3) == 1200
    error = refusal(game, 1, table(0, 3000, 5), high_confirmed=True)
    assert error.messages == [
        "Bo scored 3000, more than a hand can hold in round 1 "
        "(1200: all 171 cards of the table's 3 decks, worth 1200 together)"
    ]


def test_a_table_total_cannot_exceed_the_decks():
    game = get_game("toonerville")
    # 700 + 494 + the six 1s of Ann's two sets: every card of the table.
    game.check_round(1, table(0, 700, 494), high_confirmed=True)
    error = refusal(game, 1, table(0, 700, 501), high_confirmed=True)
    assert error.problems == [
        Problem(
            "The scores at this table add up to 1201: more than all the cards of the "
            "table's 3 decks are worth (1200)",
            ("Ann", "Bo", "Cy"),
        )
    ]


def test_a_score_needing_more_copies_than_the_table_has_is_refused():
    """With a 1 worth 1 and every other card 100, 30 needs thirty 1s; three decks have 12."""
    values = {"card_values": {n: 1 if n == 1 else 100 for n in range(1, 15)}, "rook_value": 100}
    game = get_game("toonerville", **values)
    game.check_round(1, table(0, 12, 100), high_confirmed=True)
    error = refusal(game, 1, table(0, 30, 100), high_confirmed=True)
    assert error.problems == [
        Problem(
            "Bo scored 30, which no hand of cards from the table's 3 decks adds up to "
            "with this event's values",
            ("Bo",),
        )
    ]


def test_a_score_needing_more_cards_than_a_capped_hand_holds_is_refused():
    values = {"card_values": {n: 1 if n == 1 else 100 for n in range(1, 15)}, "rook_value": 100}
    game = get_game("toonerville", buy_cap=0, **values)
    game.check_round(1, table(0, 1002, 100))  # ten 100s and two 1s: 12 cards
    error = refusal(game, 1, table(0, 1011, 100))  # ten 100s and eleven 1s: 21 cards
    assert error.problems == [
        Problem(
            "Bo scored 1011, which takes at least 21 cards with this event's values: "
            "a hand holds at most 12 in round 1",
            ("Bo",),
        )
    ]


# -- Toonerville: a score must be a sum of card values ------------------------------

FIVES = {"card_values": {n: 5 if n < 10 else 10 for n in range(1, 15)}, "rook_value": 25}


@pytest.mark.parametrize(
    ("house_rules", "score", "message"),
    [
        (
            FIVES,
            7,
            "Bo scored 7, which is not a multiple of 5: every card is worth a multiple of 5 "
            "at this event, so every hand is too",
        ),
        (
            FIVES,
            3,
            "Bo scored 3, less than the lowest card (5): "
            "a player who did not go out holds at least one card",
        ),
        (
            FIVES,
            1003,
            "Bo scored 1003, which is not a multiple of 5: every card is worth a multiple of 5 "
            "at this event, so every hand is too",
        ),
        (
            {"card_values": dict.fromkeys(range(1, 15), 5), "rook_value": 7},
            23,
            "Bo scored 23, which no hand of cards from the table's 3 decks adds up to with "
            "this event's values",
        ),
    ],
    ids=["seven-with-fives", "below-lowest-card", "large-not-multiple", "frobenius-23"],
)
def test_a_score_no_hand_adds_up_to_is_refused(house_rules, score, message):
    error = refusal(get_game("toonerville", **house_rules), 1, table(0, score, 10))
    assert error.problems == [Problem(message, ("Bo",))]


@pytest.mark.parametrize(
    ("house_rules", "score"),
    [
        (FIVES, 35),
        (FIVES, 5),
        ({"card_values": dict.fromkeys(range(1, 15), 5), "rook_value": 7}, 24),
    ],
    ids=["thirty-five-with-fives", "one-five", "twenty-four-from-fives-and-sevens"],
)
def test_a_score_some_hand_adds_up_to_is_accepted(house_rules, score):
    get_game("toonerville", **house_rules).check_round(1, table(0, score, 10))


def test_with_default_values_every_score_up_to_the_decks_is_possible():
    game = get_game("toonerville")
    assert all(game.is_possible(score, 1, 4) for score in range(1, 1601))
    assert not game.is_possible(0, 1, 4)
    assert not game.is_possible(1601, 1, 4)


# -- properties ------------------------------------------------------------------

score_entries = st.one_of(st.none(), st.just(0), st.integers(-3, 240), st.just(0))


@settings(max_examples=150, deadline=None)
@given(
    slug=st.sampled_from(["toonerville", "shanghai"]),
    number=st.integers(1, 7),
    values=st.lists(score_entries, min_size=1, max_size=7),
    confirmed=st.booleans(),
)
def test_every_accepted_round_has_exactly_one_zero(slug, number, values, confirmed):
    scores = table(*values)
    try:
        get_game(slug).check_round(number, scores, high_confirmed=confirmed)
    except InvalidScore:
        return
    assert all(isinstance(score, int) for score in scores.values())
    assert list(scores.values()).count(0) == 1


# The most a hand can hold, straight from RULES.md's table, for 4+ and for 3 players.
SHANGHAI_MOST = {4: [210] * 7, 3: [150, 160, 170, 180, 190, 190, 190]}


@settings(max_examples=150, deadline=None)
@given(
    number=st.integers(1, 7),
    values=st.lists(st.one_of(st.just(0), st.integers(-2, 215)), min_size=3, max_size=6),
)
def test_shanghai_refuses_every_round_over_the_rules_md_bounds(number, values):
    """Every table these per-hand bounds refuse is refused. (Since RULES.md's "one
    inventory", tables within them may be refused too: tests/scoring/test_inventory_model.py
    compares whole tables with a model of the decks.)"""
    scores = table(*values)
    most = SHANGHAI_MOST[min(len(values), 4)][number - 1]
    allowed = values.count(0) == 1 and all(0 <= score <= most for score in values)
    try:
        get_game("shanghai").check_round(number, scores)
    except InvalidScore:
        pass
    else:
        assert allowed


# -- one inventory a table (issue 23; RULES.md "dealt from one inventory, together") ----


def test_two_hands_cannot_both_hold_all_three_rooks():
    """3 players, no buys: each 150 is 3 Rooks and 9 tens, and the table has 3 Rooks."""
    game = get_game("toonerville", buy_cap=0)
    game.check_round(1, table(0, 150, 120))
    assert refusal(game, 1, table(0, 150, 140)).messages == [
        "Bo and Cy can't both hold the Rooks their scores need (Bo at least three and Cy at "
        "least two): a 3-player table has three"
    ]
    error = refusal(game, 1, table(0, 150, 150))
    assert error.problems == [
        Problem(
            "Bo and Cy can't both hold all three Rooks: a 3-player table has three", ("Bo", "Cy")
        )
    ]
    assert error.needs_confirmation is False


def test_shanghai_four_players_cannot_each_hold_the_four_wilds():
    error = refusal(get_game("shanghai"), 1, table(0, 210, 210, 14))
    assert error.messages == ["Bo and Cy can't both hold all four wilds: a 4-player table has four"]
    get_game("shanghai").check_round(1, table(0, 210, 170, 14))


def test_the_out_players_sets_are_on_the_table_even_after_yes_really():
    """Three decks are worth 1200; Ann's two sets (6 cards, at least 6 points) are on the table."""
    game = get_game("toonerville")
    error = refusal(game, 1, table(0, 1199, 1), high_confirmed=True)
    assert error.needs_confirmation is False
    assert error.problems == [
        Problem(
            "The scores of Bo and Cy can't all be held at once from the table's 3 decks "
            "beside the two sets Ann laid down",
            ("Bo", "Cy"),
        )
    ]
    game.check_round(1, table(0, 1189, 5), high_confirmed=True)  # Ann's sets: six 1s
    assert refusal(game, 1, table(0, 1190, 5), high_confirmed=True)


def test_yes_really_counts_the_hands_together():
    """Each 210 is within the plausible ceiling alone (3 Rooks + 15 tens in 18 cards), but
    both need all three Rooks: only unlimited buys explain it, so the host must confirm."""
    game = get_game("toonerville")
    error = refusal(game, 1, table(0, 210, 210))
    assert error.needs_confirmation is True
    assert error.problems[0].players == ("Bo", "Cy")
    game.check_round(1, table(0, 210, 210), high_confirmed=True)
    game.check_round(1, table(0, 210, 150))


def test_round_11_is_laid_down_at_once_so_the_others_hold_their_whole_hand():
    game = get_game("toonerville")
    error = refusal(game, 11, table(0, 1, 12))
    assert error.problems == [
        Problem(
            "Bo scored 1, less than a whole hand can be worth in round 11 (12: nobody lays down "
            "before going out, so every player who did not go out still holds the 12 cards "
            "dealt plus 2 for each buy)",
            ("Bo",),
        )
    ]
    game.check_round(11, table(0, 12, 40))
    # Both 12s need all twelve 1s of three decks.
    assert refusal(game, 11, table(0, 12, 12)).messages == [
        "Bo and Cy can't both hold all 12 1s: a 3-player table has 12"
    ]
    # The house rule "early" makes round 11 score like the others.
    get_game("toonerville", round_11_lay_down="early").check_round(11, table(0, 1, 12))


@pytest.mark.parametrize("rule", ["at once", "early"])
def test_with_no_buys_and_a_12_card_deal_nobody_can_go_out_in_round_11(rule):
    game = get_game("toonerville", buy_cap=0, round_11_lay_down=rule)
    error = refusal(game, 11, table(0, 50, 60))
    assert error.messages == [
        "Nobody can go out in round 11 with 12 cards dealt and no buys: two runs, two sets "
        "need 14 cards, and a hand holds at most 13 after the draw. Check the buy cap and "
        "the round 11 deal in the house rules"
    ]
    get_game("toonerville", buy_cap=0, round_11_cards=14).check_round(11, table(0, 50, 60))
    get_game("toonerville", buy_cap=1).check_round(11, table(0, 50, 60))


def test_round_11_house_rule_is_described_for_the_host():
    [rule] = [r for r in get_game("toonerville").house_rules if r.name == "round_11_lay_down"]
    assert rule.default == "at once"
    assert rule.label == "Laying down in round 11"
    assert "whole hand" in rule.help


@pytest.mark.parametrize(
    ("slug", "scores", "message"),
    [
        (
            "toonerville",
            table(0, 200, 20),
            "Bo scored 200, more than a hand can hold in round 1 with no buys (150: 12 cards "
            "dealt, at best 3 × 20 + 9 × 10 from the table's 3 decks)",
        ),
        (
            "shanghai",
            table(0, 210, 20, 20),
            "Bo scored 210, more than a hand can hold in hand 1 with no buys (150: 11 cards "
            "dealt, at best 4 × 20 + 7 × 10 from the table's 2 decks and 4 wilds)",
        ),
    ],
    ids=["toonerville-200", "shanghai-210"],
)
def test_recorded_buys_are_each_players_own_limit(slug, scores, message):
    game = get_game(slug)
    game.check_round(1, scores)  # buys not recorded: within the cap
    error = refusal(game, 1, scores, buys=dict.fromkeys(scores, 0), high_confirmed=True)
    assert error.problems == [Problem(message, ("Bo",))]
    game.check_round(1, scores, buys={"Ann": 0, "Bo": 3, "Cy": 0, "Di": 0})


def test_a_recorded_buy_count_over_the_cap_is_named():
    error = refusal(get_game("shanghai"), 1, table(0, 30, 20, 10), buys={"Bo": 4})
    assert error.problems == [
        Problem("Bo has 4 buys recorded: at most 3 a hand at this event", ("Bo",))
    ]


def test_going_out_in_round_11_with_no_buys_recorded_is_refused():
    error = refusal(get_game("toonerville"), 11, table(0, 50, 60), buys={"Ann": 0})
    assert error.problems[0].players == ("Ann",)
    assert error.messages[0].startswith("Ann went out with no buys recorded: with 12 cards dealt")


def test_a_hand_that_laid_down_holds_at_most_the_deal_less_the_contract():
    """Shanghai hand 7 at 4 players, no buys recorded: 11 cards not laid down, or 1 to
    11 - 12 < 1 laid down; so Bo holds exactly 11 cards, at least 11 points."""
    game = get_game("shanghai")
    error = refusal(game, 7, table(0, 5, 20, 20), buys={"Bo": 0})
    assert error.problems[0].players == ("Bo",)
    assert "which no hand Bo can hold in hand 7 adds up to" in error.messages[0]
