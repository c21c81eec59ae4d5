"""The contract-rummy games: Toonerville Rook (RULES.md section 1) and Rook Shanghai (section 2).

Both score penalty points (lowest total wins), so a round's scores are checked
the same way; the games differ in their deals, card values and upper limits.
"""

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, ClassVar

from .base import (
    CARD_NUMBERS,
    Entry,
    Game,
    HouseRule,
    Missed,
    Report,
    card_number,
    is_whole,
    name_list,
)
from .cards import Inventory, number_text
from .deal import Counts, table_for

SHANGHAI_VALUES = MappingProxyType({number: min(number, 10) for number in CARD_NUMBERS})
WILD_VALUE = 20
WILD_WORDS = frozenset({"rook", "wild"})

MISSED_ROUND_CHOICES = (
    ("highest", "Highest score of that round"),
    ("average", "Average score of that round"),
    ("fixed", "A fixed number"),
    ("zero", "Zero"),
)
MISSED_ROUND = HouseRule(
    name="missed_round",
    label="Missed round scores",
    help=(
        "A player who misses a round still needs a number on the master sheet; "
        "the rules publish none, so by default they get the highest score recorded "
        "in that round across all tables."
    ),
    default="highest",
    kind="choice",
    choices=MISSED_ROUND_CHOICES,
)
MISSED_ROUND_POINTS = HouseRule(
    name="missed_round_points",
    label="Fixed missed-round score",
    help="The score a missed round gets when the missed-round rule is a fixed number.",
    default=0,
    kind="int",
    min=0,
    max=1000,
)


@dataclass(frozen=True)
class Round:
    """One deal of a rummy game: what must be laid down, and how many cards are dealt."""

    number: int
    contract: str
    cards_dealt: int
    discard_to_go_out: bool = True


class RummyGame(Game):
    """Penalty-point games: one player goes out with 0, the others count their cards.

    Each game says what its table's decks hold (`inventory`) and how many cards
    a hand can hold (`most_cards`); a score is accepted only if some hand of
    that many cards from those decks adds up to it.
    """

    lowest_wins = True
    round_word: ClassVar[str] = "round"
    card_values: Mapping[int, int]
    wild_value: int
    _deck_words: ClassVar[str] = "numbered 1 to 14, plus the Rook (wild)"

    def __init__(self, **house_rules: Any) -> None:
        super().__init__(**house_rules)
        self.missed_round: str = self._values["missed_round"]
        self.missed_round_points: int = self._values["missed_round_points"]

    # -- deals and limits --------------------------------------------------

    @property
    def rounds(self) -> tuple[Round, ...]:
        return self.rounds_for(self.preferred_table_size)

    def rounds_for(self, players: int) -> tuple[Round, ...]:
        raise NotImplementedError

    def round(self, number: int, players: int | None = None) -> Round:
        """The round `number` (from 1) at a table of `players`; ValueError if there is none."""
        rounds = self.rounds_for(players or self.preferred_table_size)
        if not is_whole(number) or not 1 <= number <= len(rounds):
            raise ValueError(
                f"{self.name} has {self.round_word}s 1 to {len(rounds)}, not {number!r}"
            )
        return rounds[number - 1]

    @property
    def table_sizes(self) -> range:
        """Every table size `check_round` accepts."""
        return range(self.short_table_size or self.min_players, self.max_players + 1)

    def table_problem(self, players: int) -> str | None:
        """Why a table of `players` cannot play this game with these house rules, or None."""
        sizes = self.table_sizes
        if players not in sizes:
            return (
                f"This table has {players} player{'' if players == 1 else 's'}: "
                f"{self.name} is played {sizes.start} to {sizes.stop - 1} a table"
            )
        return None

    @property
    def lowest_card_value(self) -> int:
        return min(*self.card_values.values(), self.wild_value)

    def inventory(self, players: int) -> Inventory:
        """Every card a table of `players` plays with, valued as this event values them."""
        raise NotImplementedError

    def most_cards(self, number: int, players: int) -> int:
        """The most cards one hand can hold at the end of round `number`."""
        raise NotImplementedError

    def max_score(self, number: int, players: int) -> int:
        """The most a hand can hold: always refused above it."""
        return self.inventory(players).most(self.most_cards(number, players))

    def plausible_ceiling(self, number: int, players: int) -> int | None:
        """Above this a score needs the host's confirmation; None if there is no such ceiling."""
        return None

    def _max_reason(self, number: int, players: int) -> str:
        raise NotImplementedError

    def _ceiling_reason(self, number: int, players: int) -> str:
        raise NotImplementedError

    # -- card values -------------------------------------------------------

    def card_value(self, card: object) -> int | None:
        """Points for one card ("1" to "14", 1 to 14, "rook" or "wild"); None if there is none.

        Only ASCII digits name a number: "²" or "٣" are no card, not an error.
        """
        if isinstance(card, str):
            word = card.strip().casefold()
            if word in WILD_WORDS:
                return self.wild_value
        number = card_number(card)
        return None if number is None else self.card_values.get(number)

    def hand_value(self, cards: Iterable[object]) -> int:
        """Penalty points for the cards left in a hand, e.g. ["1", "9", "12", "rook"]."""
        total, unknown = 0, []
        for card in cards:
            value = self.card_value(card)
            if value is None:
                unknown.append(_card_text(card))
            else:
                total += value
        if unknown:
            report = Report()
            report.add(
                f"{self.name} has no card {name_list(dict.fromkeys(unknown))}: "
                f"its cards are {self._deck_words}"
            )
            report.raise_if_any()
        return total

    def is_possible(self, score: int, number: int, players: int) -> bool:
        """Whether a hand that round `number` allows, from the table's decks, adds up to `score`."""
        return self.inventory(players).can_hold(score, self.most_cards(number, players))

    # -- checking a round --------------------------------------------------

    def check_round(
        self,
        number: int,
        scores: Mapping[str, object],
        *,
        high_confirmed: bool = False,
        buys: Mapping[str, object] | None = None,
    ) -> None:
        """Refuse a table's scores for one round unless they can all be right.

        `scores` maps each seated player to their score, or None if left blank;
        `buys`, where the phone or pad records them, maps a player to the number
        of buys they made (None or missing: not recorded, the buy cap applies).
        The hands must all come from the table's cards at once, beside the cards
        the player who went out laid down (RULES.md, "one inventory").
        Raises InvalidScore listing every problem; a bad `number` is a bug
        (ValueError), not something the host typed.
        """
        word = self.round_word
        self.round(number)
        report = Report()
        players = len(scores)
        size_problem = self.table_problem(players)
        if size_problem:
            report.add(size_problem)
        bought = self._recorded_buys(report, scores, buys)
        if not size_problem and self.laid_down_cards(number, players) is None:
            report.add(self._nobody_goes_out(number, players))
            report.raise_if_any()

        whole = self._whole_scores(report, scores)
        zeros = [name for name, score in whole.items() if score == 0]
        if len(zeros) > 1:
            report.add(
                f"{name_list(zeros)} {'both' if len(zeros) == 2 else 'all'} went out "
                f"(scored 0): exactly one player goes out each {word}",
                zeros,
            )
        elif not zeros and whole and len(whole) == players:
            report.add(
                f"Nobody scored 0: exactly one player goes out each {word}, and they score 0"
            )
        if not size_problem:
            self._check_hands(
                report, number, players, whole, high_confirmed=high_confirmed, bought=bought
            )
            if report.only_confirmable and len(zeros) == 1 and len(whole) == players:
                self._check_table(report, number, players, whole, zeros[0], bought, high_confirmed)
        report.raise_if_any()

    def _whole_scores(self, report: Report, scores: Mapping[str, object]) -> dict[str, int]:
        whole: dict[str, int] = {}
        for key, score in scores.items():
            name = str(key)
            if score is None:
                report.add(
                    f"{name} has no score yet: every seated player needs a score, "
                    "0 if they went out",
                    [name],
                )
            elif not is_whole(score):
                report.add(
                    f"{name}'s score must be a whole number of points (0 if they went out)",
                    [name],
                )
            elif score < 0:
                report.add(
                    f"{name} scored {number_text(score)}: a score cannot be negative "
                    "(it is the points left in the hand, or 0 for going out)",
                    [name],
                )
            else:
                whole[name] = score
        return whole

    def _check_hands(
        self,
        report: Report,
        number: int,
        players: int,
        whole: Mapping[str, int],
        *,
        high_confirmed: bool,
        bought: Mapping[str, int] | None = None,
    ) -> None:
        """Each score against the hands the table's cards allow, then the table's total."""
        word = self.round_word
        bought = bought or {}
        inventory = self.inventory(players)
        cards = table_for(inventory.by_value())
        hard = self.max_score(number, players)
        ceiling = self.plausible_ceiling(number, players)
        lowest = self.lowest_card_value
        for name, score in whole.items():
            if score == 0:
                continue
            buys = bought.get(name)
            most = hard if buys is None else inventory.most(self._hand_size(number, players, buys))
            if score < lowest:
                report.add(
                    f"{name} scored {score}, less than the lowest card ({lowest}): "
                    "a player who did not go out holds at least one card",
                    [name],
                )
            elif score > most and buys is not None:
                report.add(
                    f"{name} scored {number_text(score)}, more than a hand can hold in "
                    f"{word} {number} with {_buys_words(buys)} ({most}: "
                    f"{self._recorded_reason(number, players, buys)})",
                    [name],
                )
            elif score > most:
                report.add(
                    f"{name} scored {number_text(score)}, more than a hand can hold in "
                    f"{word} {number} ({hard}: {self._max_reason(number, players)})",
                    [name],
                )
            elif not cards.alone(self.hand_counts(number, players, buys), 0, score, 0):
                # A hand of an allowed size is a hand of at most most_cards cards, so the
                # (costlier, whole-inventory) is_possible is only asked to word a refusal.
                if buys is None and not self.is_possible(score, number, players):
                    report.add(self._impossible_message(name, score, number, players), [name])
                else:
                    report.add(self._wrong_size_message(name, score, number, players, buys), [name])
            elif ceiling is not None and score > ceiling and not high_confirmed:
                report.add(
                    f"{name} scored {score}, more than {self._ceiling_reason(number, players)} "
                    f"({ceiling}): check it, and confirm it if it is right",
                    [name],
                    confirmable=True,
                )
        total = sum(whole.values())
        if len(whole) > 1 and total > inventory.total and all(s <= hard for s in whole.values()):
            report.add(
                f"The scores at this table add up to {total}: more than all the cards of "
                f"{self._decks_words(players)} are worth ({inventory.total})",
                whole,
            )

    # -- how many cards a hand holds (RULES.md: "how many cards a hand holds") ---

    max_buys: int | None

    def contract_cards(self, number: int, players: int | None = None) -> int:
        """The fewest cards the contract lays down: 3 a set, 4 a run."""
        contract = self.round(number, players).contract
        total = 0
        for part in contract.replace(" (no discard to go out)", "").split(","):
            count, kind = part.split()
            total += _NUMBER_WORDS[count] * (4 if kind.startswith("run") else 3)
        return total

    def lays_down_at_once(self, number: int) -> bool:
        """Whether nobody lays down in this round before going out (Toonerville's round 11)."""
        return False

    def _buy_range(self, bought: int | None, cap: int | None = None) -> range | None:
        """The buys a hand may have made: the recorded number, 0 to the cap, or None (any)."""
        if bought is not None:
            return range(bought, bought + 1)
        cap = self.max_buys if cap is None else cap
        return None if cap is None else range(cap + 1)

    def _hand_size(self, number: int, players: int, buys: int) -> int:
        return self.round(number, players).cards_dealt + 2 * buys

    def hand_counts(
        self, number: int, players: int, bought: int | None = None, *, cap: int | None = None
    ) -> Counts:
        """How many cards a player who did not go out may hold when the round ends.

        Not laid down: exactly the deal plus two a buy. Laid down: 1 to that many
        less the contract's cards. Round 11 laid down at once: only the first.
        """
        dealt = self.round(number, players).cards_dealt
        at_once = self.lays_down_at_once(number)
        buys = self._buy_range(bought, cap)
        if buys is None:
            return Counts(0, floor=dealt, step=2) if at_once else Counts(0, floor=1, step=1)
        sizes = {dealt + 2 * b for b in buys}
        if not at_once:
            sizes.update(range(1, max(sizes) - self.contract_cards(number, players) + 1))
        return Counts.of(sorted(sizes))

    def laid_down_cards(
        self, number: int, players: int, bought: int | None = None, *, cap: int | None = None
    ) -> int | None:
        """The fewest cards the player who went out laid down; None if nobody could go out.

        At least the contract's cards; in a round laid down at once, the whole hand
        (the deal plus two a buy, plus the card drawn), which must hold the contract.
        """
        rnd = self.round(number, players)
        need = self.contract_cards(number, players)
        discard = 1 if rnd.discard_to_go_out else 0
        buys = self._buy_range(bought, cap)
        if buys is None:
            fewest = max(0, -(-(need + discard - 1 - rnd.cards_dealt) // 2))
            buys = range(fewest, fewest + 1)
        held = [
            rnd.cards_dealt + 2 * b + 1
            for b in buys
            if rnd.cards_dealt + 2 * b + 1 >= need + discard
        ]
        if not held:
            return None
        return min(held) if self.lays_down_at_once(number) else need

    def _recorded_buys(
        self, report: Report, scores: Mapping[str, object], buys: Mapping[str, object] | None
    ) -> dict[str, int]:
        """The buys recorded for seated players; a recorded number the rules forbid is reported."""
        recorded: dict[str, int] = {}
        for key, count in (buys or {}).items():
            name = str(key)
            if count is None or key not in scores:
                continue
            if not is_whole(count) or count < 0:
                report.add(f"{name}'s buys must be a whole number, 0 or more", [name])
            elif self.max_buys is not None and count > self.max_buys:
                report.add(
                    f"{name} has {count} buys recorded: at most {self.max_buys} a "
                    f"{self.round_word} at this event",
                    [name],
                )
            else:
                recorded[name] = count
        return recorded

    def _nobody_goes_out(self, number: int, players: int) -> str:
        rnd = self.round(number, players)
        need = self.contract_cards(number, players)
        cap = self.max_buys
        return (
            f"Nobody can go out in {self.round_word} {number} with {rnd.cards_dealt} cards dealt "
            f"and {'no buys' if cap == 0 else f'at most {_buys_words(cap)}'}: "
            f"{rnd.contract} need {need} cards, and a hand holds at most "
            f"{rnd.cards_dealt + 2 * (cap or 0) + 1} after the draw. Check the buy cap and the "
            f"{self.round_word} {number} deal in the house rules"
        )

    def _recorded_reason(self, number: int, players: int, buys: int) -> str:
        size = self._hand_size(number, players, buys)
        hand = _hand_words(self.inventory(players).best_hand(size))
        dealt = self.round(number, players).cards_dealt
        cards = f"{dealt} cards dealt" + (
            f" plus 2 for each of {_buys_words(buys)}" if buys else ""
        )
        return f"{cards}, at best {hand} from {self._decks_words(players)}"

    def _sizes_words(self, number: int, players: int, buys: int | None) -> str:
        dealt = self.round(number, players).cards_dealt
        need = self.contract_cards(number, players)
        if buys is not None:
            whole = f"exactly {dealt + 2 * buys} cards ({_buys_words(buys)} recorded)"
            most_laid = dealt + 2 * buys - need
        elif self.max_buys is None:
            whole = f"exactly {dealt} cards, or 2 more for each buy"
            most_laid = None
        else:
            sizes = [dealt + 2 * b for b in range(self.max_buys + 1)]
            whole = f"exactly {name_list(map(str, sizes), 'or')} cards (the deal plus 2 a buy)"
            most_laid = sizes[-1] - need
        if self.lays_down_at_once(number):
            return f"nobody lays down before going out, so a hand holds the whole deal: {whole}"
        if most_laid is None:
            laid = "one who has laid down at least 1"
        elif most_laid < 1:
            laid = "nobody can have laid down and still hold a card"
        else:
            laid = f"one who has laid down 1 to {most_laid}"
        return f"a player who has not laid down holds {whole}; {laid}"

    def _wrong_size_message(
        self, name: str, score: int, number: int, players: int, buys: int | None
    ) -> str:
        word = self.round_word
        if self.lays_down_at_once(number):
            counts = self.hand_counts(number, players, buys)
            smallest = counts.smallest() or 0
            least = _cheapest(self.inventory(players), smallest)
            if score < least:
                return (
                    f"{name} scored {score}, less than a whole hand can be worth in {word} "
                    f"{number} ({least}: nobody lays down before going out, so every player "
                    f"who did not go out still holds the {smallest} cards dealt plus 2 for "
                    "each buy)"
                )
        return (
            f"{name} scored {score}, which no hand {name} can hold in {word} {number} adds up "
            f"to: {self._sizes_words(number, players, buys)}"
        )

    # -- the whole table from one inventory (RULES.md: "dealt from one inventory") --

    def _check_table(
        self,
        report: Report,
        number: int,
        players: int,
        whole: Mapping[str, int],
        out: str,
        bought: Mapping[str, int],
        high_confirmed: bool,
    ) -> None:
        """Every hand at once from the table's cards, beside what the player out laid down."""
        laid = self.laid_down_cards(number, players, bought.get(out))
        if laid is None:
            rnd = self.round(number, players)
            report.add(
                f"{out} went out with {_buys_words(bought[out])} recorded: with "
                f"{rnd.cards_dealt} cards dealt that is {rnd.cards_dealt + 2 * bought[out] + 1} "
                f"cards after the draw, too few to lay down {rnd.contract} "
                f"({self.contract_cards(number, players)} cards) at once",
                [out],
            )
            return
        inventory = self.inventory(players)
        cards = table_for(inventory.by_value())
        others = [name for name in whole if name != out]
        hands = [(whole[n], self.hand_counts(number, players, bought.get(n))) for n in others]
        if not cards.deal(hands, laid):
            report.add(self._conflict_message(number, players, whole, out, bought, laid), others)
            return
        ceiling_cap = PLAUSIBLE_BOUGHT_CARDS // 2
        if high_confirmed or report or self.plausible_ceiling(number, players) is None:
            return
        if self.max_buys is not None and self.max_buys <= ceiling_cap:
            return
        plausible = [
            (
                whole[n],
                self.hand_counts(
                    number,
                    players,
                    min(b, ceiling_cap) if (b := bought.get(n)) is not None else None,
                    cap=ceiling_cap,
                ),
            )
            for n in others
        ]
        laid_plausible = self.laid_down_cards(number, players, bought.get(out), cap=ceiling_cap)
        if laid_plausible is None or not cards.deal(plausible, laid_plausible):
            dealt = self.round(number, players).cards_dealt
            report.add(
                f"The scores of {name_list(others)} are more than hands of the {dealt} cards "
                f"dealt plus six bought cards can hold together from "
                f"{self._decks_words(players)}: check them, and confirm them if they are right",
                others,
                confirmable=True,
            )

    def _conflict_message(
        self,
        number: int,
        players: int,
        whole: Mapping[str, int],
        out: str,
        bought: Mapping[str, int],
        laid: int,
    ) -> str:
        """Name the scarce cards that explain the conflict, or else the players and the rule."""
        inventory = self.inventory(players)
        cards = table_for(inventory.by_value())
        others = [name for name in whole if name != out]
        counts_of = {name: self.hand_counts(number, players, bought.get(name)) for name in others}
        # One valid hand per player bounds the fewest copies each needs from above: a group
        # those hands share out without running short cannot be the scarce one.
        witness = [cards.lowest_hand(counts_of[name], whole[name]) for name in others]
        for g, (value, copies) in enumerate(cards.groups):
            if None not in witness and sum(hand[g] for hand in witness) <= copies:
                continue
            need = {}
            for name in others:
                least = cards.least_copies(counts_of[name], whole[name], g)
                if least:
                    need[name] = least
            if sum(need.values()) <= copies:
                continue
            ranked = sorted(need, key=lambda n: -need[n])
            chosen, total = [], 0
            for name in ranked:
                chosen.append(name)
                total += need[name]
                if total > copies:
                    break
            chosen.sort(key=others.index)
            what = self._group_words(inventory, value)
            has = f"a {players}-player table has {_count_word(copies)}"
            both = "both" if len(chosen) == 2 else "all"
            if all(need[n] == copies for n in chosen):
                return (
                    f"{name_list(chosen)} can't {both} hold all {_count_word(copies)} {what}: {has}"
                )
            each = name_list(f"{n} at least {_count_word(need[n])}" for n in chosen)
            return (
                f"{name_list(chosen)} can't {both} hold the {what} their scores need "
                f"({each}): {has}"
            )
        rnd = self.round(number, players)
        if self.lays_down_at_once(number):
            beside = f"the {laid} cards {out} laid down at once"
        else:
            beside = f"the {rnd.contract} {out} laid down"
        subject = (
            f"The scores of {name_list(others)} can't all be held"
            if len(others) > 1
            else f"{others[0]}'s score can't be held"
        )
        return f"{subject} at once from {self._decks_words(players)} beside {beside}"

    def _group_words(self, inventory: Inventory, value: int) -> str:
        names = [
            card for card, v in inventory.values.items() if v == value and inventory.copies[card]
        ]
        if names == ["rook"]:
            return "Rooks"
        if names == ["wild"]:
            return "wilds"
        if len(names) == 1:
            return f"{names[0]}s"
        return f"cards worth {value}"

    def _decks_words(self, players: int) -> str:
        raise NotImplementedError

    def _impossible_message(self, name: str, score: int, number: int, players: int) -> str:
        inventory = self.inventory(players)
        divisor = math.gcd(*(value for value, _ in inventory.by_value()))
        if score % divisor:
            return (
                f"{name} scored {score}, which is not a multiple of {divisor}: every card is "
                f"worth a multiple of {divisor} at this event, so every hand is too"
            )
        need = inventory.fewest_cards(score)
        if need is not None:
            return (
                f"{name} scored {score}, which takes at least {need} cards with this event's "
                f"values: a hand holds at most {self.most_cards(number, players)} in "
                f"{self.round_word} {number}"
            )
        return (
            f"{name} scored {score}, which no hand of cards from {self._decks_words(players)} "
            "adds up to with this event's values"
        )

    # -- missed rounds -----------------------------------------------------

    def missed_round_score(self, scores_of_the_round: Iterable[Entry]) -> int:
        """The score a player who missed a round gets, by the event's missed-round rule.

        `scores_of_the_round` are the scores played in that round at every table;
        None and other missed rounds are skipped. With no played score yet,
        "highest" and "average" give 0. An average of x.5 rounds up, so missing
        a round never scores better than the halfway point.
        """
        played = []
        for score in scores_of_the_round:
            if is_whole(score):
                played.append(score)
            elif score is not None and not isinstance(score, Missed):
                raise TypeError(f"a round's score must be int, Missed or None, not {score!r}")
        match self.missed_round:
            case "highest":
                return max(played, default=0)
            case "average":
                return (2 * sum(played) + len(played)) // (2 * len(played)) if played else 0
            case "fixed":
                return self.missed_round_points
            case _:
                return 0


def _card_text(card: object) -> str:
    if is_whole(card):
        return number_text(card)
    return str(card)[:20]


_NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5}
_COUNT_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def _count_word(n: int) -> str:
    return _COUNT_WORDS[n] if 0 <= n < len(_COUNT_WORDS) else str(n)


def _buys_words(buys: int) -> str:
    return "no buys" if buys == 0 else f"{buys} buy{'' if buys == 1 else 's'}"


def _cheapest(inventory: Inventory, cards: int) -> int:
    """What the `cards` least valuable cards of the table are worth together."""
    total, left = 0, cards
    for value, n in reversed(inventory.by_value()):
        take = min(n, left)
        total += take * value
        left -= take
    return total


def _hand_words(hand: Iterable[tuple[int, int]]) -> str:
    """(value, how many) pairs as RULES.md writes them: three 20s and nine 10s."""
    return " + ".join(f"{n} × {value}" for value, n in hand)


TOONERVILLE_CONTRACTS = (
    "two sets",
    "one run, one set",
    "two runs",
    "three sets",
    "one run, two sets",
    "two runs, one set",
    "four sets",
    "three runs",
    "five sets",
    "four runs",
    "two runs, two sets",
)
TOONERVILLE_DEALT = (12, 12, 12, 12, 12, 12, 12, 12, 15, 16)
PLAUSIBLE_BOUGHT_CARDS = 6


class Toonerville(RummyGame):
    """Toonerville Rook: 11 rounds, 3 to 5 a table, lowest total wins.

    House rules: `card_values` (points per number 1-14; default 1-9 face value,
    10-14 ten; a partial mapping changes only the numbers given), `rook_value`
    (20), `round_11_cards` (12 or 14; default 12, as pagat deals), `round_11_lay_down`
    ("at once", the default: nobody lays down before going out; or "early"),
    `buy_cap` (None = unlimited, the default, or the most buys a round), `missed_round`
    ("highest", "average", "fixed" or "zero"; default "highest") and
    `missed_round_points` (for "fixed"; 0).
    """

    slug = "toonerville"
    name = "Toonerville Rook"
    min_players = 3
    max_players = 5
    preferred_table_size = 4
    house_rules = (
        HouseRule(
            name="card_values",
            label="Card values",
            help=(
                "Penalty points for each number left in a hand; the published Toonerville "
                "pages list none, so the default borrows Rook Shanghai's (1-9 face value, "
                "10-14 ten)."
            ),
            default=SHANGHAI_VALUES,
            kind="card_values",
            min=1,
            max=100,
        ),
        HouseRule(
            name="rook_value",
            label="Rook card value",
            help=(
                "Penalty points for a Rook card left in a hand; unpublished for Toonerville, "
                "so the default is Rook Shanghai's 20."
            ),
            default=WILD_VALUE,
            kind="int",
            min=1,
            max=100,
        ),
        HouseRule(
            name="round_11_cards",
            label="Cards dealt in round 11",
            help=(
                "Two runs and two sets need at least 14 cards. pagat, the authoritative "
                "source, deals 12, so going out takes at least one buy; gamerules.com deals 14."
            ),
            default=12,
            kind="choice",
            choices=((12, "12 cards (pagat)"), (14, "14 cards (gamerules.com)")),
        ),
        HouseRule(
            name="round_11_lay_down",
            label="Laying down in round 11",
            help=(
                "Round 11 has no final discard: the whole hand goes down at once. By default "
                "nobody lays anything down before going out (pagat: the card drawn must fit the "
                "runs and sets you have been gathering so you can lay your whole hand down at "
                "once), so everyone else still holds, and scores, the whole hand. Choose "
                "“early” to let players lay down before going out, which makes round 11 "
                "score like the other rounds."
            ),
            default="at once",
            kind="choice",
            choices=(
                ("at once", "All at once, when going out (pagat)"),
                ("early", "Players may lay down early"),
            ),
        ),
        HouseRule(
            name="buy_cap",
            label="Most buys a round",
            help=(
                "The published rules set no limit on buying the discard, so by default a "
                "player may buy any number of times; a cap also caps the score."
            ),
            default=None,
            kind="optional_int",
            min=0,
            max=20,
        ),
        MISSED_ROUND,
        MISSED_ROUND_POINTS,
    )

    def __init__(self, **house_rules: Any) -> None:
        super().__init__(**house_rules)
        self.card_values = self._values["card_values"]
        self.rook_value: int = self._values["rook_value"]
        self.wild_value = self.rook_value
        self.round_11_cards: int = self._values["round_11_cards"]
        self.buy_cap: int | None = self._values["buy_cap"]
        self.round_11_lay_down: str = self._values["round_11_lay_down"]
        self._rounds = tuple(
            Round(number, contract, dealt, discard_to_go_out=number != 11)
            for number, (contract, dealt) in enumerate(
                zip(TOONERVILLE_CONTRACTS, (*TOONERVILLE_DEALT, self.round_11_cards), strict=True),
                start=1,
            )
        )

    @property
    def max_buys(self) -> int | None:
        return self.buy_cap

    def lays_down_at_once(self, number: int) -> bool:
        """Round 11 (house default): nobody lays down before going out."""
        return number == len(self._rounds) and self.round_11_lay_down == "at once"

    def rounds_for(self, players: int) -> tuple[Round, ...]:
        """Toonerville deals the same whatever the table size."""
        return self._rounds

    def inventory(self, players: int) -> Inventory:
        """One Rook deck a player: `players` Rooks and 4 x `players` of each number 1 to 14."""
        copies: dict[object, int] = dict.fromkeys(CARD_NUMBERS, COLOURS * players)
        copies["rook"] = players
        values: dict[object, int] = {**self.card_values, "rook": self.rook_value}
        return Inventory(copies, values)

    def most_cards(self, number: int, players: int) -> int:
        """The deal plus two for each buy within the cap; with no cap, every card of the table."""
        if self.buy_cap is None:
            return players * DECK_CARDS
        return self.round(number).cards_dealt + 2 * self.buy_cap

    def _decks_words(self, players: int) -> str:
        return f"the table's {players} decks"

    def _max_reason(self, number: int, players: int) -> str:
        inventory = self.inventory(players)
        if self.buy_cap is None:
            return (
                f"all {inventory.cards} cards of the table's {players} decks, "
                f"worth {inventory.total} together"
            )
        hand = _hand_words(inventory.best_hand(self.most_cards(number, players)))
        return (
            f"{self.round(number).cards_dealt} cards dealt plus 2 for each of at most "
            f"{self.buy_cap} buy{'' if self.buy_cap == 1 else 's'}, at best {hand} "
            f"from the table's {players} decks"
        )

    def plausible_ceiling(self, number: int, players: int) -> int | None:
        dealt = self.round(number).cards_dealt
        return self.inventory(players).most(dealt + PLAUSIBLE_BOUGHT_CARDS)

    def _ceiling_reason(self, number: int, players: int) -> str:
        dealt = self.round(number).cards_dealt
        hand = _hand_words(self.inventory(players).best_hand(dealt + PLAUSIBLE_BOUGHT_CARDS))
        return f"the {dealt} cards dealt plus six bought cards, at best {hand}"


# A Rook deck: four colours numbered 1 to 14, plus the Rook card.
COLOURS = 4
DECK_CARDS = COLOURS * len(CARD_NUMBERS) + 1

SHANGHAI_CONTRACTS = (
    "two sets",
    "one set, one run",
    "two runs",
    "three sets",
    "two sets, one run",
    "one set, two runs",
    "three runs",
)
SHANGHAI_SHORT_DEALT = (7, 8, 9, 10, 11, 11, 11)
SHANGHAI_DEALT = 11
SHANGHAI_FULL_TABLE = 4
SHANGHAI_TWO_DECK_TABLE = 6
SHANGHAI_SMALLEST_TABLE = 2
SHANGHAI_LARGEST_TABLE = 8


class Shanghai(RummyGame):
    """Rook Shanghai: 7 hands, 11 cards (fewer below 4 players), at most 3 buys a hand.

    Tournaments seat 4 to 6 (3 under the short-table rules); one table may
    seat 2 to 8, 7 and 8 only with three decks.

    House rules: `three_decks` (False: 2 decks and 4 wilds; True: 3 decks and
    6 wilds, for 6 or more players), `black_14s_wild` (False: the wilds are the
    Rooks and advertising cards; True: decks without advertising cards, so the
    black 14s are wild and the other 14s leave the deck), `missed_round` and
    `missed_round_points` as in Toonerville (tournament Shanghai nights need them).

    With `black_14s_wild` every 14 left in the deck is a black 14, so a "14"
    in `hand_value` is a wild worth 20. Card values are fixed by the rules.
    """

    slug = "shanghai"
    name = "Rook Shanghai"
    round_word = "hand"
    min_players = 4
    max_players = 6
    preferred_table_size = 5
    short_table_size = 3
    max_buys = 3
    house_rules = (
        HouseRule(
            name="three_decks",
            label="Three decks (6 wilds)",
            help=(
                "Play with 3 Rook decks and 6 wild cards instead of 2 decks and 4 wilds, "
                "as the rules suggest for 6 or more players (needed for 7 or 8); the most "
                "a hand can score rises from 210 to 230."
            ),
            default=False,
            kind="bool",
        ),
        HouseRule(
            name="black_14s_wild",
            label="Black 14s are wild",
            help=(
                "For decks without advertising cards: the two black 14s are the other "
                "wilds and the other 14s leave the deck, so 13 is the top card."
            ),
            default=False,
            kind="bool",
        ),
        MISSED_ROUND,
        MISSED_ROUND_POINTS,
    )

    def __init__(self, **house_rules: Any) -> None:
        super().__init__(**house_rules)
        self.three_decks: bool = self._values["three_decks"]
        self.black_14s_wild: bool = self._values["black_14s_wild"]
        values = dict(SHANGHAI_VALUES)
        if self.black_14s_wild:
            values[14] = WILD_VALUE
        self.card_values = MappingProxyType(values)
        self.wild_value = WILD_VALUE
        self.rook_value = WILD_VALUE

    def wilds(self, players: int) -> int:
        """Wild cards in play: 2 at a table of fewer than 4, else 4 (6 with three decks)."""
        if players < SHANGHAI_FULL_TABLE:
            return 2
        return 6 if self.three_decks else 4

    def rounds_for(self, players: int) -> tuple[Round, ...]:
        """Fewer than 4 players are dealt one card more than the contract needs."""
        if not is_whole(players) or players < 1:
            raise ValueError(f"a table needs at least one player, not {players!r}")
        short = players < SHANGHAI_FULL_TABLE
        return tuple(
            Round(number, contract, SHANGHAI_SHORT_DEALT[number - 1] if short else SHANGHAI_DEALT)
            for number, contract in enumerate(SHANGHAI_CONTRACTS, start=1)
        )

    @property
    def table_sizes(self) -> range:
        """One table may seat 2 to 8: the short-table rules below 4, three decks above 6."""
        return range(SHANGHAI_SMALLEST_TABLE, SHANGHAI_LARGEST_TABLE + 1)

    def table_problem(self, players: int) -> str | None:
        if players > SHANGHAI_TWO_DECK_TABLE and players in self.table_sizes:
            if not self.three_decks:
                return (
                    f"This table has {players} players: {self.name} needs the three-deck "
                    f"option (6 wilds) at a table of {SHANGHAI_TWO_DECK_TABLE + 1} or more"
                )
            return None
        return super().table_problem(players)

    def decks(self) -> int:
        return 3 if self.three_decks else 2

    def inventory(self, players: int) -> Inventory:
        """Each deck's numbers 1 to 13 (and 14s, unless the black 14s are wild) plus the wilds."""
        copies: dict[object, int] = dict.fromkeys(range(1, 14), COLOURS * self.decks())
        if not self.black_14s_wild:
            copies[14] = COLOURS * self.decks()
        values: dict[object, int] = {number: self.card_values[number] for number in copies}
        copies["wild"], values["wild"] = self.wilds(players), WILD_VALUE
        return Inventory(copies, values)

    def most_cards(self, number: int, players: int) -> int:
        """The deal plus two for each of at most 3 buys: 17 cards (13 to 17 below 4 players)."""
        return self.round(number, players).cards_dealt + 2 * self.max_buys

    def _decks_words(self, players: int) -> str:
        return f"the table's {self.decks()} decks and {self.wilds(players)} wilds"

    def _max_reason(self, number: int, players: int) -> str:
        cards = self.most_cards(number, players)
        hand = dict(self.inventory(players).best_hand(cards))
        wilds = hand.get(WILD_VALUE, 0)
        return f"{cards} cards, {wilds} of them wilds at 20 and {cards - wilds} at 10"
