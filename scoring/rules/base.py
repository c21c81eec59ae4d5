"""What every game shares: the error a host can fix, house-rule metadata, and ranking.

Kept apart from the games so that each game module reads as its RULES.md section
and nothing here needs to know which game is being played.
"""

import math
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, ClassVar, Literal

from .cards import number_text


@dataclass(frozen=True)
class Problem:
    """One thing wrong with an entry; `players` lets a page show it beside them.

    `players` is empty for a problem with the whole table or hand (a bad bid,
    a table of the wrong size).
    """

    message: str
    players: tuple[str, ...] = ()


class InvalidScore(Exception):
    """An entry a host or player can fix; the message is shown to them as is.

    Every problem found is listed at once, so one correction fixes the sheet.
    `needs_confirmation` is True only when every problem is a score over the
    plausible ceiling, which the host may confirm (`high_confirmed=True`).
    """

    def __init__(
        self, problems: Iterable[Problem | str], *, needs_confirmation: bool = False
    ) -> None:
        self.problems: list[Problem] = [
            p if isinstance(p, Problem) else Problem(str(p)) for p in problems
        ]
        if not self.problems:
            raise ValueError("InvalidScore needs at least one problem")
        self.needs_confirmation = needs_confirmation
        super().__init__("; ".join(self.messages))

    @property
    def messages(self) -> list[str]:
        return [problem.message for problem in self.problems]

    def __reduce__(self) -> tuple:
        # Keep the problems (not just the joined text) through pickling, e.g. a cache.
        return (type(self), (self.problems,), {"needs_confirmation": self.needs_confirmation})


class Report:
    """Collects problems so that a check can say everything wrong, not just the first."""

    def __init__(self) -> None:
        self._found: list[tuple[Problem, bool]] = []

    def add(
        self, message: str, players: Iterable[object] = (), *, confirmable: bool = False
    ) -> None:
        self._found.append((Problem(message, tuple(str(p) for p in players)), confirmable))

    def __bool__(self) -> bool:
        return bool(self._found)

    @property
    def only_confirmable(self) -> bool:
        """Nothing found, or only problems the host may confirm ("yes, really")."""
        return all(confirmable for _, confirmable in self._found)

    def raise_if_any(self) -> None:
        if self._found:
            raise InvalidScore(
                [problem for problem, _ in self._found],
                needs_confirmation=all(confirmable for _, confirmable in self._found),
            )


def name_list(names: Iterable[object], conjunction: str = "and") -> str:
    """Join names the way a person would: "Ann", "Ann and Bo", "Ann, Bo and Cy"."""
    words = [str(name) for name in names]
    if len(words) <= 1:
        return "".join(words)
    return f"{', '.join(words[:-1])} {conjunction} {words[-1]}"


def count_of(n: int, word: str, plural: str | None = None) -> str:
    """A count with its noun as a person writes it: "1 player", "2 players", "0 players"."""
    return f"{n} {word if n == 1 else plural or word + 's'}"


def is_whole(value: object) -> bool:
    """A whole number as typed by a person: an int, but not True/False."""
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True)
class Missed:
    """A round the player did not play, filled in by the event's missed-round rule.

    It counts in the total but is not a round played: it never counts as going
    out and is never the player's worst round.
    """

    points: int


@dataclass(frozen=True)
class Standing:
    """One row of the standings.

    `went_out` counts played rounds scored 0; `worst_round` is the player's
    worst played score (highest in the rummy games, lowest in the trick games)
    or None if they have played none; `tied` means another row shares `place`.
    """

    place: int
    player: Hashable
    total: int
    went_out: int
    worst_round: int | None
    rounds_played: int
    tied: bool


Entry = int | Missed | None


def rank(history: Mapping[Any, Sequence[Entry]], *, lowest_wins: bool) -> list[Standing]:
    """Order players by total with RULES.md's tie-breaks; ties share a place (1, 2, 2, 4).

    Rummy tie-breaks (house default, in order): more rounds went out, then the
    lower worst single round (a player who played no round loses this one),
    then a shared place. The trick games publish no tie-break: equal totals share.
    """
    rows = []
    for player, entries in history.items():
        total, played = 0, []
        for entry in entries:
            if entry is None:
                continue
            if isinstance(entry, Missed):
                total += entry.points
            elif is_whole(entry):
                total += entry
                played.append(entry)
            else:
                raise TypeError(f"{player!r} has a round entry {entry!r}: use int, Missed or None")
        if lowest_wins:
            went_out, worst = played.count(0), max(played, default=None)
        else:
            went_out, worst = 0, min(played, default=None)
        rows.append((player, total, went_out, worst, len(played)))

    def order(row: tuple) -> tuple:
        _, total, went_out, worst, _ = row
        if lowest_wins:
            return (total, -went_out, math.inf if worst is None else worst)
        return (-total,)

    try:
        rows.sort(key=lambda row: _display_key(row[0]))
    except TypeError:
        rows.sort(key=lambda row: str(row[0]))
    rows.sort(key=order)

    standings: list[Standing] = []
    keys = [order(row) for row in rows]
    for index, (player, total, went_out, worst, played) in enumerate(rows):
        place = index + 1
        if index and keys[index] == keys[index - 1]:
            place = standings[-1].place
        tied = keys.count(keys[index]) > 1
        standings.append(Standing(place, player, total, went_out, worst, played, tied))
    return standings


def _display_key(player: Hashable) -> Any:
    return player.casefold() if isinstance(player, str) else player


Kind = Literal["int", "bool", "choice", "card_values", "optional_int"]

CARD_NUMBERS = range(1, 15)


@dataclass(frozen=True)
class HouseRule:
    """A per-event setting, described for the event-creation form.

    `help` says what the rule does and why it is the host's choice (where the
    published rules are silent or disagree). `min`/`max` bound an int, an
    optional int, or each value of a card-values table.
    """

    name: str
    label: str
    help: str
    default: Any
    kind: Kind
    choices: tuple[tuple[Any, str], ...] = ()
    min: int | None = None
    max: int | None = None

    def clean(self, value: object) -> Any:
        """Check a setting and return it in the form the game uses; ValueError if not allowed."""
        match self.kind:
            case "int":
                return self._whole_in_range(value)
            case "optional_int":
                return None if value is None else self._whole_in_range(value)
            case "bool":
                if not isinstance(value, bool):
                    raise ValueError(f"{self.name} must be True or False, not {_shown(value)}")
                return value
            case "choice":
                for choice, _ in self.choices:
                    if value == choice and type(value) is type(choice):
                        return choice
                allowed = name_list((repr(choice) for choice, _ in self.choices), "or")
                raise ValueError(f"{self.name} must be {allowed}, not {_shown(value)}")
            case "card_values":
                return self._card_values(value)
        raise AssertionError(self.kind)

    def to_json(self, value: Any) -> Any:
        """The setting as JSON can store it; `clean` accepts it back."""
        if self.kind == "card_values":
            return {str(number): points for number, points in value.items()}
        return value

    def _whole_in_range(self, value: object, what: str | None = None) -> int:
        lo = -math.inf if self.min is None else self.min
        hi = math.inf if self.max is None else self.max
        if not is_whole(value) or not lo <= value <= hi:
            if self.max is None:
                allowed = f"{self.min} or more"
            elif self.min is None:
                allowed = f"at most {self.max}"
            else:
                allowed = f"from {self.min} to {self.max}"
            raise ValueError(
                f"{what or self.name} must be a whole number {allowed}, not {_shown(value)}"
            )
        return value

    def _card_values(self, value: object) -> Mapping[int, int]:
        if not isinstance(value, Mapping):
            raise ValueError(
                f"{self.name} must map card numbers 1 to 14 to points, not {_shown(value)}"
            )
        values = dict(self.default)
        for key, points in value.items():
            number = card_number(key)
            if number is None:
                raise ValueError(
                    f"{self.name} has a card {_shown(key)}: the cards are numbered 1 to 14 "
                    "(set the Rook's value on its own)"
                )
            values[number] = self._whole_in_range(points, f"{self.name}[{number}]")
        return MappingProxyType(dict(sorted(values.items())))


def card_number(key: object) -> int | None:
    """The card number 1 to 14 that `key` names (14 or "14"), or None.

    Only ASCII digits count: "²" and "٣" pass str.isdigit() but are no card,
    and int() would refuse the first.
    """
    if isinstance(key, str):
        text = key.strip()
        if not (text.isascii() and text.isdigit() and len(text) <= 2):
            return None
        key = int(text)
    if is_whole(key) and key in CARD_NUMBERS:
        return key
    return None


def read_whole(text: str, *, digits: int = 9, signed: bool = False) -> int | None:
    """The whole number typed in `text` (ASCII digits, at most `digits` of them), or None.

    "٣", "²" and full-width digits pass str.isdigit() but are not what a phone's number pad
    sends, and int() refuses some of them; a longer number is no score anyone made.
    With `signed`, a leading "-" is kept so the rules can say a score cannot be negative.
    """
    negative = signed and text.startswith("-")
    body = text[1:] if negative else text
    if not (body.isascii() and body.isdigit() and len(body) <= digits):
        return None
    return -int(body) if negative else int(body)


def _shown(value: object) -> str:
    """A value as an error message can show it, however large."""
    if is_whole(value):
        return number_text(value)
    return repr(value)[:40]


class Game:
    """One game of RULES.md with an event's house rules; build it with `get_game`.

    Subclasses declare their house rules; the values a host chose are checked
    once here so every game method can trust them.
    """

    slug: ClassVar[str]
    name: ClassVar[str]
    lowest_wins: ClassVar[bool]
    house_rules: ClassVar[tuple[HouseRule, ...]] = ()
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    preferred_table_size: ClassVar[int]
    short_table_size: ClassVar[int | None] = None
    players: ClassVar[int | None] = None

    def __init__(self, **house_rules: Any) -> None:
        known = {rule.name: rule for rule in self.house_rules}
        unknown = [name for name in house_rules if name not in known]
        if unknown:
            raise ValueError(
                f"{self.name} has no house rule {name_list(map(repr, unknown))}: "
                f"its house rules are {name_list(known) or 'none'}"
            )
        self._values: dict[str, Any] = {
            name: rule.clean(house_rules.get(name, rule.default)) for name, rule in known.items()
        }

    @property
    def settings(self) -> dict[str, Any]:
        """The effective house rules, JSON-ready: `get_game(slug, **settings)` rebuilds the game."""
        return {rule.name: rule.to_json(self._values[rule.name]) for rule in self.house_rules}

    def standings(self, history: Mapping[Any, Sequence[Entry]]) -> list[Standing]:
        """Rank players (or sides) from their per-round entries: int, `Missed` or None (not yet).

        Rummy: lowest total first, with RULES.md's tie-breaks. Trick games:
        highest total first; equal totals share a place.
        """
        return rank(history, lowest_wins=self.lowest_wins)

    def __repr__(self) -> str:
        return f"get_game({self.slug!r}, **{self.settings!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return (self.slug, self.settings) == (other.slug, other.settings)

    def __hash__(self) -> int:
        return hash((self.slug, repr(self.settings)))
