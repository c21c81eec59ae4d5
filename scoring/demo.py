"""Demo score pads: a partnership game in progress and a finished Rook for Two game.

Built through the same service calls as the pages, so the rules check every
hand and the data is exactly what a real game would have saved.
"""

from __future__ import annotations

from scoring import services
from scoring.models import HandInput, Pad


def _player(pad: Pad, name: str):
    return next(player for player in pad.seats if player.name == name)


def build_pads(owner) -> None:
    """Two games for `owner`: partnership Rook to 1000 after four hands (one set, one
    all-tricks; 375 to 340), and Rook for Two to 150 that Eve has won (with a set hand)."""
    who = owner.get_username()
    _build_partnership_pad(owner, who)
    _build_rook_for_two_pad(owner, who)


def _build_partnership_pad(owner, who: str) -> None:
    """A game still in progress, so the demo shows a pad mid-game with each kind of hand."""
    four = services.start_pad(
        owner=owner,
        name="Thursday partnership",
        game_slug="partnership-rook",
        house_rules={"target": 1000},
        players=["Ann", "Bo", "Cy", "Di"],
        first_dealer=0,
        side_names=["Ann & Cy", "Bo & Di"],
    )
    for number, (bidder, bid, taken, all_tricks, trump) in enumerate(
        [
            ("Bo", 120, 130, "", "hearts"),  # made: Bo & Di +130, Ann & Cy +70
            ("Cy", 100, 85, "", "spades"),  # set: Ann & Cy -100, Bo & Di +115
            ("Ann", 150, 200, "bidding", "clubs"),  # all 13 tricks: Ann & Cy +300
            ("Di", 90, 95, "", ""),  # made: Bo & Di +95, Ann & Cy +105
        ],
        start=1,
    ):
        services.record_hand(
            four,
            HandInput(
                bidder=_player(four, bidder),
                bid=bid,
                taken=taken,
                all_tricks=all_tricks,
                trump=trump,
            ),
            number=number,
            entered_by=who,
            user=owner,
        )


def _build_rook_for_two_pad(owner, who: str) -> None:
    """A finished game with a set hand, so the demo shows a winner and the doubling."""
    two = services.start_pad(
        owner=owner,
        name="Rook for Two with Finn",
        game_slug="rook-for-two",
        house_rules={"target": 150, "raise_step": 5},
        players=["Eve", "Finn"],
        first_dealer=1,
    )
    eve, finn = _player(two, "Eve"), _player(two, "Finn")
    for number, (bidder, bid, (eve_tricks, eve_count), (finn_tricks, finn_count)) in enumerate(
        [
            (eve, 40, (5, 30), (5, 35)),  # made: 40 and 45
            (finn, 60, (6, 25), (5, 35)),  # Finn set: 0, Eve double 2 x 37 = 74
            (eve, 50, (6, 45), (5, 30)),  # made: Eve 57, reaching 171
        ],
        start=1,
    ):
        services.record_hand(
            two,
            HandInput(
                bidder=bidder,
                bid=bid,
                tricks={eve.pk: eve_tricks, finn.pk: finn_tricks},
                count={eve.pk: eve_count, finn.pk: finn_count},
            ),
            number=number,
            entered_by=who,
            user=owner,
        )
