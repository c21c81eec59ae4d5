"""Score pads without the pages: the rules engine's figures on the sheet, winners, history."""

import pytest
from django.db import IntegrityError, transaction
from django.db.models import RestrictedError

from scoring import rules, services
from scoring.models import GameChoice, Hand, HandInput, HandScore, Pad

pytestmark = pytest.mark.django_db

FOUR = ["Ann", "Bo", "Cy", "Di"]
FIVE = ["Ann", "Bo", "Cy", "Di", "Ed"]


def start(owner, game_slug, players, *, first_dealer=0, **house_rules) -> Pad:
    return services.start_pad(
        owner=owner,
        name="Friday",
        game_slug=game_slug,
        house_rules=house_rules,
        players=players,
        first_dealer=first_dealer,
    )


def seat(pad: Pad, name: str):
    return next(player for player in pad.seats if player.name == name)


def play(pad: Pad, number: int | None = None, **fields) -> Hand:
    for key in ("bidder", "partner"):
        if isinstance(fields.get(key), str):
            fields[key] = seat(pad, fields[key])
    for key in ("tricks", "count"):
        if key in fields:
            fields[key] = {seat(pad, name).pk: value for name, value in fields[key].items()}
    number = pad.next_number() if number is None else number
    return services.record_hand(pad, HandInput(**fields), number=number, entered_by="hostess")


def totals(pad: Pad) -> dict[str, int]:
    return {side.name: total for side, total in pad.sheet().totals}


@pytest.fixture
def four(host):
    return start(host, "partnership-rook", FOUR)


@pytest.fixture
def two(host):
    return start(host, "rook-for-two", ["Eve", "Finn"])


@pytest.fixture
def five(host):
    return start(host, "partnership-rook-5", FIVE)


def test_the_pads_keep_exactly_the_rules_trick_games():
    assert set(GameChoice.values) == rules.TRICK_GAMES
    assert dict(GameChoice.choices) == {slug: rules.GAMES[slug] for slug in rules.TRICK_GAMES}


# -- partnership Rook: RULES.md section 4 on the sheet ------------------------------------


@pytest.mark.parametrize(
    ("hand", "took", "points", "made"),
    [
        pytest.param(
            {"bidder": "Ann", "bid": 110, "taken": 110}, (110, 90), (110, 90), True, id="made"
        ),
        pytest.param(
            {"bidder": "Ann", "bid": 110, "taken": 105}, (105, 95), (-110, 95), False, id="set"
        ),
        pytest.param(
            {"bidder": "Ann", "bid": 150, "taken": 200, "all_tricks": "bidding"},
            (200, 0),
            (300, 0),
            True,
            id="all-13-tricks-bonus",
        ),
        pytest.param(
            {"bidder": "Ann", "bid": 120, "taken": 10, "all_tricks": "other"},
            (10, 190),
            (-120, 290),
            False,
            id="opponents-take-all-tricks",
        ),
        pytest.param(
            {"bidder": "Bo", "bid": 110, "other_taken": 80},
            (80, 120),
            (80, 120),
            True,
            id="only-the-other-sides-points-typed",
        ),
    ],
)
def test_partnership_hand_reaches_the_sheet_as_the_rules_score_it(four, hand, took, points, made):
    play(four, **hand)
    row = four.sheet().rows[0]
    assert [cell.side.name for cell in row.cells] == ["Ann & Cy", "Bo & Di"]
    assert tuple(cell.took for cell in row.cells) == took
    assert tuple(cell.points for cell in row.cells) == points
    assert row.made is made
    bidder = seat(four, hand["bidder"])
    other = next(side for side in four.scorers if side != bidder.side)
    engine = rules.get_game("partnership-rook").score_hand(
        sides=("Ann & Cy", "Bo & Di"),
        bidding_side=bidder.side.name,
        bid=hand["bid"],
        points=hand.get("taken"),
        other_points=hand.get("other_taken"),
        all_tricks={"bidding": bidder.side.name, "other": other.name}.get(hand.get("all_tricks")),
    )
    assert {cell.side.name: cell.points for cell in row.cells} == engine


def test_running_totals_and_the_leader_follow_every_hand(four):
    play(four, bidder="Ann", bid=110, taken=110)  # +110 / +90
    play(four, bidder="Bo", bid=130, taken=120)  # Bo & Di set: -130 / +80
    play(four, bidder="Cy", bid=150, taken=200, all_tricks="bidding")  # +300 / 0
    sheet = four.sheet()
    assert [[cell.total for cell in row.cells] for row in sheet.rows] == [
        [110, 90],
        [190, -40],
        [490, -40],
    ]
    assert [side.name for side in sheet.leaders] == ["Ann & Cy"]
    assert sheet.winner is None
    assert sheet.rows[1].summary() == (
        "Hand 2: Bo & Di bid 130 and were set. Ann & Cy +80; Bo & Di −130."
    )


def test_an_impossible_hand_names_the_rule_and_saves_nothing(four):
    with pytest.raises(rules.InvalidScore) as caught:
        play(four, bidder="Ann", bid=120, taken=120, other_taken=90)
    assert caught.value.messages == [
        "Ann & Cy took 120 and Bo & Di took 90, 210 in all: the two sides' points must add "
        "up to exactly 200"
    ]
    assert caught.value.problems[0].players == ("Ann & Cy", "Bo & Di")
    assert not Hand.objects.exists()


def test_partners_sit_across_and_the_deal_passes_to_the_left(host):
    pad = start(host, "partnership-rook", FOUR, first_dealer=2)
    assert [(p.name, p.side.name) for p in pad.seats] == [
        ("Ann", "Ann & Cy"),
        ("Bo", "Bo & Di"),
        ("Cy", "Ann & Cy"),
        ("Di", "Bo & Di"),
    ]
    assert [pad.dealer_of(n).name for n in range(1, 6)] == ["Cy", "Di", "Ann", "Bo", "Cy"]


# -- Rook for Two: RULES.md section 3 ---------------------------------------------------


def test_rook_for_two_made_both_score_what_they_took(two):
    play(two, bidder="Eve", bid=40, tricks={"Eve": 5, "Finn": 5}, count={"Eve": 30, "Finn": 35})
    row = two.sheet().rows[0]
    assert [(c.took, c.points, c.doubled) for c in row.cells] == [(40, 40, False), (45, 45, False)]
    assert row.made


def test_rook_for_two_set_bidder_scores_0_and_the_opponent_double(two):
    play(two, bidder="Finn", bid=60, tricks={"Eve": 6, "Finn": 5}, count={"Eve": 25, "Finn": 35})
    row = two.sheet().rows[0]
    assert [(c.side.name, c.took, c.points, c.doubled) for c in row.cells] == [
        ("Eve", 37, 74, True),
        ("Finn", 45, 0, False),
    ]
    assert not row.made
    assert row.summary() == (
        "Hand 1: Finn bid 60 and was set. Eve scores double, 2 × 37 = 74; Finn scores 0."
    )
    expected = rules.get_game("rook-for-two").score_hand(
        bidder="Finn", bid=60, tricks={"Eve": 6, "Finn": 5}, count={"Eve": 25, "Finn": 35}
    )
    assert {c.side.name: c.points for c in row.cells} == expected


def test_rook_for_two_alternates_the_deal(host):
    pad = start(host, "rook-for-two", ["Eve", "Finn"], first_dealer=1)
    assert [pad.dealer_of(n).name for n in range(1, 5)] == ["Finn", "Eve", "Finn", "Eve"]


def test_rook_for_two_problems_name_the_player(two):
    with pytest.raises(rules.InvalidScore) as caught:
        play(two, bidder="Eve", bid=40, tricks={"Eve": 1, "Finn": 5}, count={"Eve": 35, "Finn": 0})
    assert caught.value.problems[0].players == ("Eve",)
    assert caught.value.messages[0].startswith("Eve's 1 trick holds 3 cards: at most 30 count")


# -- five players: the called partner ----------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "points"),
    [
        pytest.param(
            {"bidder": "Ann", "partner": "Cy", "bid": 120, "taken": 130},
            {"Ann": 130, "Bo": 70, "Cy": 130, "Di": 70, "Ed": 70},
            id="bidder-and-partner-share-the-side",
        ),
        pytest.param(
            {"bidder": "Bo", "partner": None, "bid": 100, "taken": 95},
            {"Ann": 105, "Bo": -100, "Cy": 105, "Di": 105, "Ed": 105},
            id="alone-and-set",
        ),
        pytest.param(
            {"bidder": "Di", "partner": "Ed", "bid": 90, "taken": 200, "all_tricks": "bidding"},
            {"Ann": 0, "Bo": 0, "Cy": 0, "Di": 300, "Ed": 300},
            id="all-tricks",
        ),
    ],
)
def test_five_players_each_get_their_sides_result(five, hand, points):
    play(five, **hand)
    row = five.sheet().rows[0]
    assert {cell.side.name: cell.points for cell in row.cells} == points


def test_five_player_summary_groups_the_players(five):
    play(five, bidder="Ann", partner="Cy", bid=120, taken=130)
    assert five.sheet().rows[0].summary() == (
        "Hand 1: Ann + Cy bid 120 and made it. Ann and Cy +130; Bo, Di and Ed +70."
    )


# -- winning -------------------------------------------------------------------------------


def test_the_first_side_to_the_target_wins_and_the_game_is_finished(host):
    pad = start(host, "partnership-rook", FOUR, target=200)
    play(pad, bidder="Ann", bid=150, taken=200, all_tricks="bidding")
    pad.refresh_from_db()
    sheet = pad.sheet()
    assert sheet.winner.name == "Ann & Cy"
    assert pad.status == Pad.Status.FINISHED and pad.finished_at
    with pytest.raises(services.PadStateError, match="This game is over"):
        play(pad, number=2, bidder="Bo", bid=70, taken=70)


def test_a_tie_at_the_target_plays_another_hand_then_the_higher_total_wins(host):
    pad = start(host, "partnership-rook", FOUR, target=100)
    play(pad, bidder="Ann", bid=100, taken=100)  # 100 each: both reached, tied
    pad.refresh_from_db()
    sheet = pad.sheet()
    assert sheet.winner is None and sheet.tied_at_target
    assert [side.name for side in sheet.leaders] == ["Ann & Cy", "Bo & Di"]
    assert pad.status == Pad.Status.PLAYING
    play(pad, bidder="Ann", bid=70, taken=75)  # 175 to 225: both past, the higher wins
    pad.refresh_from_db()
    assert pad.sheet().winner.name == "Bo & Di"
    assert pad.status == Pad.Status.FINISHED


def test_rook_for_two_tie_at_150_is_no_winner(host):
    pad = start(host, "rook-for-two", ["Eve", "Finn"], target=50)
    play(pad, bidder="Eve", bid=30, tricks={"Eve": 5, "Finn": 5}, count={"Eve": 40, "Finn": 40})
    sheet = pad.sheet()
    assert totals(pad) == {"Eve": 50, "Finn": 50}
    assert sheet.winner is None and sheet.tied_at_target


# -- undo and correction keep history ----------------------------------------------------


def test_undo_takes_the_last_hand_off_and_keeps_it_in_history(four):
    play(four, bidder="Ann", bid=110, taken=110)
    play(four, bidder="Bo", bid=130, taken=120)
    services.undo_last_hand(four, number=2, entered_by="Cy")
    assert totals(four) == {"Ann & Cy": 110, "Bo & Di": 90}
    assert four.next_number() == 2
    versions = list(four.hands.filter(number=2).order_by("version"))
    assert [(v.version, v.action, v.state) for v in versions] == [
        (1, "entered", "replaced"),
        (2, "undone", "current"),
    ]
    assert versions[0].bid == 130 and versions[0].points_by_side()  # the figures are kept
    assert versions[1].entered_by == "Cy"
    play(four, bidder="Bo", bid=70, taken=100)  # hand 2 again, as version 3
    assert four.hands.get(number=2, state="current").version == 3
    assert totals(four) == {"Ann & Cy": 210, "Bo & Di": 190}


def test_undo_names_the_hand_so_a_second_tap_does_nothing(four):
    play(four, bidder="Ann", bid=110, taken=110)
    services.undo_last_hand(four, number=1)
    with pytest.raises(services.PadStateError, match="There is no hand to undo"):
        services.undo_last_hand(four, number=1)
    play(four, bidder="Ann", bid=110, taken=110)
    play(four, bidder="Ann", bid=110, taken=110)
    with pytest.raises(services.PadStateError, match="not the last hand"):
        services.undo_last_hand(four, number=1)


def test_undoing_the_winning_hand_reopens_the_game(host):
    pad = start(host, "partnership-rook", FOUR, target=200)
    play(pad, bidder="Ann", bid=150, taken=200, all_tricks="bidding")
    services.undo_last_hand(pad, number=1)
    pad.refresh_from_db()
    assert pad.status == Pad.Status.PLAYING and pad.finished_at is None


def test_a_correction_is_a_new_version_and_the_totals_follow(four):
    play(four, bidder="Ann", bid=110, taken=110)
    play(four, bidder="Bo", bid=130, taken=140)
    services.correct_hand(
        four,
        HandInput(bidder=seat(four, "Ann"), bid=110, taken=105),
        number=1,
        based_on=1,
        entered_by="Di",
    )
    old, new = four.hands.filter(number=1).order_by("version")
    assert (old.state, old.taken, old.points_by_side()) == (
        "replaced",
        110,
        {four.scorers[0].pk: 110, four.scorers[1].pk: 90},
    )
    assert (new.state, new.action, new.taken, new.other_taken) == ("current", "corrected", 105, 95)
    assert totals(four) == {"Ann & Cy": -110 + 60, "Bo & Di": 95 + 140}


def test_a_correction_of_a_changed_hand_or_an_impossible_one_saves_nothing(four):
    play(four, bidder="Ann", bid=110, taken=110)
    entry = HandInput(bidder=seat(four, "Ann"), bid=110, taken=100)
    services.correct_hand(four, entry, number=1, based_on=1)
    with pytest.raises(services.PadStateError, match="was changed"):
        services.correct_hand(four, entry, number=1, based_on=1)
    with pytest.raises(rules.InvalidScore, match="multiples of 5"):
        services.correct_hand(
            four, HandInput(bidder=seat(four, "Ann"), bid=111, taken=100), number=1, based_on=2
        )
    assert four.hands.count() == 2


def test_a_double_tap_never_saves_the_same_hand_twice(four):
    play(four, number=1, bidder="Ann", bid=110, taken=110)
    with pytest.raises(services.PadStateError, match="Hand 1 has already been saved"):
        play(four, number=1, bidder="Ann", bid=110, taken=110)
    assert four.hands.count() == 1


def test_the_database_allows_one_current_version_per_hand(four):
    hand = play(four, bidder="Ann", bid=110, taken=110)
    with pytest.raises(IntegrityError), transaction.atomic():
        Hand.objects.create(pad=four, number=1, version=2, bidder=hand.bidder, bid=110)


def test_deleting_a_pad_takes_its_hands_but_a_player_with_hands_stays(four):
    hand = play(four, bidder="Ann", bid=110, taken=110)
    with pytest.raises(RestrictedError), transaction.atomic():
        hand.bidder.delete()
    four.delete()
    assert not Hand.objects.exists() and not HandScore.objects.exists()


# -- the end of the game follows every correction (RULES.md "What every score entry must do") --


def correct(pad: Pad, number: int, **fields) -> Hand:
    for key in ("bidder", "partner"):
        if isinstance(fields.get(key), str):
            fields[key] = seat(pad, fields[key])
    for key in ("tricks", "count"):
        if key in fields:
            fields[key] = {seat(pad, name).pk: value for name, value in fields[key].items()}
    based_on = pad.hands.get(number=number, state="current").version
    return services.correct_hand(pad, HandInput(**fields), number=number, based_on=based_on)


def eve_and_finn_play_two_hands(two: Pad) -> None:
    """Hand 1 40-40; hand 2 Eve bid 125 and was set, Finn scored double and reached 252."""
    play(two, bidder="Eve", bid=30, tricks={"Eve": 5, "Finn": 5}, count={"Eve": 30, "Finn": 30})
    play(two, bidder="Eve", bid=125, tricks={"Eve": 4, "Finn": 8}, count={"Eve": 10, "Finn": 90})


def test_rook_for_two_a_correction_that_reaches_150_sooner_ends_the_game_there(two):
    eve_and_finn_play_two_hands(two)
    assert totals(two) == {"Eve": 40, "Finn": 252}
    assert two.sheet().winner.name == "Finn"
    # Hand 1 was really Finn's bid of 30, set: Eve scores double, 2 x 76 = 152.
    correct(
        two, 1, bidder="Finn", bid=30, tricks={"Eve": 8, "Finn": 5}, count={"Eve": 60, "Finn": 15}
    )
    two.refresh_from_db()
    sheet = two.sheet()
    assert sheet.winner.name == "Eve"
    assert sheet.decided_at == 1
    assert [row.after_game for row in sheet.rows] == [False, True]
    assert totals(two) == {"Eve": 152, "Finn": 0}  # hand 2 is kept but not counted
    assert [c.points for c in sheet.rows[1].cells] == [0, 212]  # its figures are still there
    assert two.status == Pad.Status.FINISHED and two.finished_at
    with pytest.raises(services.PadStateError, match="This game is over"):
        play(
            two,
            number=3,
            bidder="Eve",
            bid=30,
            tricks={"Eve": 5, "Finn": 5},
            count={"Eve": 30, "Finn": 30},
        )


def test_a_correction_that_undecides_the_game_counts_the_later_hands_again(two):
    eve_and_finn_play_two_hands(two)
    correct(
        two, 1, bidder="Finn", bid=30, tricks={"Eve": 8, "Finn": 5}, count={"Eve": 60, "Finn": 15}
    )
    # Back to what was first entered: nobody reached 150 at hand 1, Finn at hand 2.
    correct(
        two, 1, bidder="Eve", bid=30, tricks={"Eve": 5, "Finn": 5}, count={"Eve": 30, "Finn": 30}
    )
    sheet = two.sheet()
    assert sheet.winner.name == "Finn" and sheet.decided_at == 2
    assert not any(row.after_game for row in sheet.rows)
    assert totals(two) == {"Eve": 40, "Finn": 252}


def test_a_correction_that_leaves_nobody_at_the_target_reopens_the_game(two):
    eve_and_finn_play_two_hands(two)
    # Hand 2 was really Finn's 30, made: 66 to 70, nobody at 150.
    correct(
        two, 2, bidder="Finn", bid=30, tricks={"Eve": 3, "Finn": 5}, count={"Eve": 20, "Finn": 20}
    )
    two.refresh_from_db()
    sheet = two.sheet()
    assert sheet.winner is None and not any(row.after_game for row in sheet.rows)
    assert two.status == Pad.Status.PLAYING and two.finished_at is None
    play(two, bidder="Finn", bid=30, tricks={"Eve": 5, "Finn": 5}, count={"Eve": 30, "Finn": 30})
    assert two.sheet().rows[-1].hand.number == 3


def test_partnership_a_corrected_first_hand_reaching_the_target_wins_there(host):
    pad = start(host, "partnership-rook", FOUR, target=300)
    play(pad, bidder="Ann", bid=150, taken=150)  # 150 to 50
    play(pad, bidder="Ann", bid=100, taken=100)  # 250 to 150
    play(pad, bidder="Bo", bid=200, taken=200, all_tricks="bidding")  # 250 to 450: Bo & Di
    assert pad.sheet().winner.name == "Bo & Di"
    correct(pad, 1, bidder="Ann", bid=150, taken=200, all_tricks="bidding")  # 300 to 0
    pad.refresh_from_db()
    sheet = pad.sheet()
    assert sheet.winner.name == "Ann & Cy" and sheet.decided_at == 1
    assert [row.after_game for row in sheet.rows] == [False, True, True]
    assert totals(pad) == {"Ann & Cy": 300, "Bo & Di": 0}
    assert [s.name for s in sheet.leaders] == ["Ann & Cy"]
    assert pad.status == Pad.Status.FINISHED
    # Undoing the last (uncounted) hand changes nothing about who won.
    services.undo_last_hand(pad, number=3)
    assert pad.sheet().winner.name == "Ann & Cy"


def test_partnership_both_past_the_target_on_one_hand_the_higher_wins_there(host):
    pad = start(host, "partnership-rook", FOUR, target=200)
    play(pad, bidder="Ann", bid=100, taken=100)  # 100 to 100
    play(pad, bidder="Bo", bid=100, taken=100)  # 200 to 200: tied, play on
    play(pad, bidder="Ann", bid=100, taken=110)  # 310 to 290: Ann & Cy
    assert pad.sheet().winner.name == "Ann & Cy" and pad.sheet().decided_at == 3
    # Hand 2 corrected: Bo & Di took 105, so 195 to 205 after it: Bo & Di won at hand 2.
    correct(pad, 2, bidder="Bo", bid=100, taken=105)
    sheet = pad.sheet()
    assert sheet.winner.name == "Bo & Di" and sheet.decided_at == 2
    assert [row.after_game for row in sheet.rows] == [False, False, True]
    assert totals(pad) == {"Ann & Cy": 195, "Bo & Di": 205}
