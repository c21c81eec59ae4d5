"""Score-pad workflows that touch several rows: start a game, save, correct and undo a hand.

Each runs in one transaction with the pad row locked, so two phones saving at
the same instant queue up instead of both writing hand 5. Whether a hand is
possible is asked of ``scoring.rules`` (through ``Pad.score_hand``) before
anything is written: an impossible hand raises ``rules.InvalidScore`` and
saves nothing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.db import transaction
from django.utils import timezone

from scoring import rules
from scoring.models import Hand, HandInput, HandScore, Pad, PadPlayer, PadSide


class PadStateError(Exception):
    """A save that no longer fits the pad (already saved, changed meanwhile, game over).

    The message is written for the person holding the phone.
    """


@transaction.atomic
def start_pad(
    *,
    owner,
    name: str,
    game_slug: str,
    house_rules: Mapping[str, Any],
    players: Sequence[str],
    first_dealer: int,
    side_names: Sequence[str] = (),
) -> Pad:
    """A new game: players in seat order; partnership sides are seats 1 and 3, 2 and 4.

    `house_rules` go through `rules.get_game`, so a setting the game does not
    allow is a ValueError (the form has already checked them).
    """
    game = rules.get_game(game_slug, **house_rules)
    if not isinstance(game, rules.TrickGame):
        raise ValueError(f"{game.name} is not kept on a score pad")
    if len(players) != game.players:
        raise ValueError(f"{game.name} has {game.players} players, not {len(players)}")
    if not 0 <= first_dealer < len(players):
        raise ValueError(f"there is no seat {first_dealer} to deal first")
    pad = Pad.objects.create(
        owner=owner,
        name=name,
        game_slug=game.slug,
        house_rules=game.settings,
        target=game.target,
        first_dealer=first_dealer,
    )
    if game.slug == "partnership-rook":
        names = list(side_names) or [f"{players[0]} & {players[2]}", f"{players[1]} & {players[3]}"]
        sides = [PadSide.objects.create(pad=pad, number=n, name=names[n]) for n in (0, 1)]
        for seat, player in enumerate(players):
            PadPlayer.objects.create(pad=pad, side=sides[seat % 2], seat=seat, name=player)
    else:
        for seat, player in enumerate(players):
            side = PadSide.objects.create(pad=pad, number=seat, name=player)
            PadPlayer.objects.create(pad=pad, side=side, seat=seat, name=player)
    return pad


def _locked(pad: Pad) -> Pad:
    return Pad.objects.select_for_update().get(pk=pad.pk)


def _save_scored(
    pad: Pad, number: int, entry: HandInput, *, action: str, entered_by: str, user
) -> Hand:
    """Score ``entry`` by the rules and save it as hand ``number``'s next version."""
    points = pad.score_hand(entry)
    return _save_version(
        pad,
        number,
        action=action,
        entry=entry.with_both_takes(),
        points=points,
        entered_by=entered_by,
        user=user,
    )


def _save_version(
    pad: Pad,
    number: int,
    *,
    action: str,
    entry: HandInput | None,
    points: Mapping[int, int],
    entered_by: str,
    user,
) -> Hand:
    previous = pad.hands.filter(number=number).order_by("-version").first()
    pad.hands.filter(number=number, state=Hand.State.CURRENT).update(state=Hand.State.REPLACED)
    fields: dict[str, Any] = {}
    if entry is not None:
        fields = {
            "bidder": entry.bidder,
            "bid": entry.bid,
            "trump": entry.trump,
            "partner": entry.partner,
            "taken": entry.taken,
            "other_taken": entry.other_taken,
            "all_tricks": entry.all_tricks,
        }
    hand = Hand.objects.create(
        pad=pad,
        number=number,
        version=previous.version + 1 if previous else 1,
        action=action,
        entered_by=entered_by[:60],
        entered_by_user=user if user is not None and user.is_authenticated else None,
        **fields,
    )
    sides = {player.side_id: player.pk for player in pad.seats}
    HandScore.objects.bulk_create(
        HandScore(
            hand=hand,
            side_id=side_id,
            points=value,
            tricks=entry.tricks.get(sides[side_id]) if entry else None,
            count=entry.count.get(sides[side_id]) if entry else None,
        )
        for side_id, value in points.items()
    )
    _settle(pad)
    return hand


def _settle(pad: Pad) -> None:
    """Finished when the rules name a winner, worked out again from the current versions
    after every change: a correction can end the game at an earlier hand, or reopen it."""
    winner = pad.sheet().winner
    if winner is not None and not pad.is_finished:
        pad.status, pad.finished_at = Pad.Status.FINISHED, timezone.now()
    elif winner is None and pad.is_finished:
        pad.status, pad.finished_at = Pad.Status.PLAYING, None
    else:
        return
    pad.save(update_fields=["status", "finished_at"])


@transaction.atomic
def record_hand(
    pad: Pad, entry: HandInput, *, number: int, entered_by: str = "", user=None
) -> Hand:
    """Save hand `number`, the next one to play; the form says which number it showed.

    The number guards against a double tap or a second phone: a hand already
    saved is not saved again as the following one.
    """
    pad = _locked(pad)
    if pad.sheet().winner is not None:
        raise PadStateError("This game is over: correct or undo a hand to play on.")
    expected = pad.next_number()
    if number != expected:
        raise PadStateError(
            f"Hand {number} has already been saved; the sheet below shows it. "
            f"Check it, then enter hand {expected}."
        )
    return _save_scored(
        pad, number, entry, action=Hand.Action.ENTERED, entered_by=entered_by, user=user
    )


@transaction.atomic
def correct_hand(
    pad: Pad, entry: HandInput, *, number: int, based_on: int, entered_by: str = "", user=None
) -> Hand:
    """A new version of a hand already played; the one it corrects is kept as replaced.

    `based_on` is the version the corrector saw: if someone changed the hand
    since, nothing is saved and they see the new figures first.
    """
    pad = _locked(pad)
    current = pad.current_hands().filter(number=number).first()
    if current is None:
        raise PadStateError(f"There is no hand {number} to correct.")
    if current.version != based_on:
        raise PadStateError(
            f"Hand {number} was changed (version {current.version}) while you were "
            "correcting it: check the figures now shown, then correct it again."
        )
    return _save_scored(
        pad, number, entry, action=Hand.Action.CORRECTED, entered_by=entered_by, user=user
    )


@transaction.atomic
def undo_last_hand(pad: Pad, *, number: int, entered_by: str = "", user=None) -> Hand:
    """Take the last hand off the sheet: a version marked undone; its figures stay in history.

    `number` is the hand the button named, so a second tap never undoes two hands.
    """
    pad = _locked(pad)
    last = pad.next_number() - 1
    if last < 1:
        raise PadStateError("There is no hand to undo yet.")
    if number != last:
        raise PadStateError(f"Hand {number} is not the last hand any more: the last is {last}.")
    return _save_version(
        pad,
        number,
        action=Hand.Action.UNDONE,
        entry=None,
        points={},
        entered_by=entered_by,
        user=user,
    )
