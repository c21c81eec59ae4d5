"""A backup file checked whole before anything is stored.

`event_file_problems` (rookery-event/2 and /1) and `club_file_problems`
(rookery-club/1) walk the whole document and return the first few problems, each
named by where it is ("events[0].rounds[3].status: 'bogus' is not one of planned,
playing, closed"), so the import (tourney.club.backup, tourney.club.club_backup) refuses a
hand-edited or damaged file before it saves anything, rather than storing it for
every page that reads it to fail.

Every value is checked for what the pages will do with it: its type, its length
(the model field's own max_length, so a 10,000-character name is refused on
every database alike), its range (rounds within the game's, scores within the
most a hand can hold), its choice, the shape of tokens and codes, and that every
id it names is in the file. Plain functions rather than a schema library: the
checks that matter are about the game (its rounds, its highest score, its house
rules), which a schema library would only wrap, and the field limits come from
the models so they cannot drift.
"""

from __future__ import annotations

import contextlib
import datetime
import re
from typing import Any

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.validators import validate_email, validate_unicode_slug
from django.db import models

from scoring import rules
from tourney.club.season_forms import SeasonForm
from tourney.models import (
    CODE_ALPHABET,
    CODE_LENGTH,
    Activity,
    ClubSite,
    Entry,
    Event,
    Person,
    Player,
    Round,
    Season,
    SeatingConstraint,
)
from tourney.night.forms import TABLE_SIZES

# The event fields a backup carries (in this order when written).
EVENT_FIELDS = [
    "name",
    "slug",
    "date",
    "place",
    "kind",
    "game_slug",
    "house_rules",
    "rounds_planned",
    "seating_method",
    "min_table_size",
    "max_table_size",
    "allow_short_tables",
    "sit_out_when_uneven",
    "record_buys",
    "ended_at",
    "reopened_at",
    "season_seating",
    "table_history_days",
    "round_minutes",
    "door_open",
    "door_new_names",
    "live_standings",
    "live_token",
]

# How deep a backup nests: a club file is about seven levels at its deepest.
MAX_DEPTH = 16
# Records in one list of a backup, and values in the whole file.
MAX_RECORDS = 200_000
MAX_VALUES = 5_000_000
# How many problems a refusal names.
SHOWN = 5
MAX_ALIASES = 100
MAX_NUMBER = 999  # table and card numbers
MAX_BUYS = 99  # no cap in the house rules: still no more buys than cards in a deck
TOKEN_SHAPE = re.compile(r"[A-Za-z0-9_-]{16,64}")  # secrets.token_urlsafe, as new_table_token
CODE_SHAPE = re.compile(f"[{CODE_ALPHABET}]{{{CODE_LENGTH}}}")
# Control characters no text of a backup may hold: NUL (PostgreSQL refuses it) and
# the others a spreadsheet cell can't hold (openpyxl's ILLEGAL_CHARACTERS_RE), which
# every export would otherwise meet. Tab and line breaks stay allowed.
CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


def control_problem(value: str) -> str | None:
    """Why ``value`` can't be stored as text (its first control character), or None."""
    found = CONTROL.search(value)
    if found is None:
        return None
    code = ord(found.group())
    what = "NUL, " if code == 0 else ""
    return f"holds a control character ({what}U+{code:04X}), which no text may hold"


class _Full(Exception):
    """Enough problems found to refuse the file."""


class Checker:
    def __init__(self) -> None:
        self.problems: list[str] = []

    def add(self, path: str, message: str) -> None:
        self.problems.append(f"{path}: {message}" if path else message)
        if len(self.problems) >= SHOWN:
            raise _Full

    # -- containers --------------------------------------------------------

    def mapping(self, value: Any, path: str, what: str) -> bool:
        if isinstance(value, dict):
            return True
        self.add(path, f"{_shown(value)} is not {what}")
        return False

    def records(self, doc: dict, key: str, path: str, what: str) -> list[dict]:
        """The list ``doc[key]`` of records (mappings); problems for anything else."""
        here = _join(path, key)
        if key not in doc:
            self.add(path or "the file", f"missing “{key}”")
            return []
        items = doc[key]
        if not isinstance(items, list):
            self.add(here, f"{_shown(items)} is not a list of {what}")
            return []
        if len(items) > MAX_RECORDS:
            self.add(here, f"{len(items)} {what} is more than a backup can hold ({MAX_RECORDS})")
            return []
        return [
            item
            for i, item in enumerate(items)
            if self.mapping(item, f"{here}[{i}]", f"one of the {what}")
        ]

    # -- values ------------------------------------------------------------

    def has(self, doc: dict, key: str, path: str, *, optional: bool) -> bool:
        if key in doc:
            return True
        if not optional:
            self.add(path, f"missing “{key}”")
        return False

    def text(
        self,
        doc: dict,
        key: str,
        path: str,
        field: models.Field,
        *,
        optional: bool = False,
        null: bool = False,
        nonblank: bool = False,
    ) -> None:
        if not self.has(doc, key, path, optional=optional):
            return
        value = doc[key]
        here = _join(path, key)
        if value is None and null:
            return
        if not isinstance(value, str):
            self.add(here, f"{_shown(value)} is not text")
        elif control_problem(value):
            self.add(here, f"{_shown(value)} {control_problem(value)}")
        elif len(value) > field.max_length:
            self.add(here, f"{len(value)} characters is longer than {field.max_length}")
        elif nonblank and not value.strip():
            self.add(here, "is empty, and it needs a name")

    def whole(
        self,
        doc: dict,
        key: str,
        path: str,
        low: int,
        high: int,
        *,
        optional: bool = False,
        null: bool = False,
    ) -> None:
        if not self.has(doc, key, path, optional=optional):
            return
        value = doc[key]
        if value is None and null:
            return
        if not _is_whole(value):
            self.add(_join(path, key), f"{_shown(value)} is not a whole number")
        elif not low <= value <= high:
            self.add(_join(path, key), f"{_shown(value)} is not between {low} and {high}")

    def choice(self, doc: dict, key: str, path: str, choices: type[models.TextChoices]) -> None:
        if not self.has(doc, key, path, optional=False):
            return
        if doc[key] not in choices.values:
            self.add(
                _join(path, key), f"{_shown(doc[key])} is not one of {', '.join(choices.values)}"
            )

    def flag(self, doc: dict, key: str, path: str, *, optional: bool = False) -> None:
        if self.has(doc, key, path, optional=optional) and not isinstance(doc[key], bool):
            self.add(_join(path, key), f"{_shown(doc[key])} is not true or false")

    def when(
        self, doc: dict, key: str, path: str, *, optional: bool = False, null: bool = True
    ) -> None:
        if not self.has(doc, key, path, optional=optional):
            return
        value = doc[key]
        if value is None and null:
            return
        try:
            moment = datetime.datetime.fromisoformat(value)
        except (TypeError, ValueError):
            self.add(_join(path, key), f"{_shown(value)} is not a date and time")
            return
        if moment.tzinfo is None:  # Rookery writes every moment with its offset
            self.add(
                _join(path, key), f"{_shown(value)} has no time zone (such as +00:00 at the end)"
            )

    def ref(
        self,
        doc: dict,
        key: str,
        path: str,
        ids: dict,
        what: str,
        *,
        optional: bool = False,
        null: bool = False,
    ) -> Any:
        """The record ``doc[key]`` names among ``ids``, or None (a problem unless null)."""
        if not self.has(doc, key, path, optional=optional):
            return None
        value = doc[key]
        if value is None and null:
            return None
        if not _is_whole(value) or value not in ids:
            self.add(_join(path, key), f"names {what} the file doesn't list ({_shown(value)})")
            return None
        return ids[value]

    def ids(self, items: list[dict], path: str) -> dict[int, dict]:
        """Records by their id: each a whole number, none twice."""
        out: dict[int, dict] = {}
        for i, item in enumerate(items):
            value = item.get("id")
            if not _is_whole(value):
                self.add(f"{path}[{i}].id", f"{_shown(value)} is not a whole number")
            elif value in out:
                self.add(f"{path}[{i}].id", f"{value} is used twice")
            else:
                out[value] = item
        return out

    def once(self, seen: set, key: Any, path: str, message: str) -> None:
        """A problem if ``key`` was seen before (keys of wrong-typed values, which are
        problems of their own, are not compared)."""
        try:
            hash(key)
        except TypeError:
            return
        if key in seen:
            self.add(path, message)
        seen.add(key)


def _is_whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _join(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


def _shown(value: Any) -> str:
    if isinstance(value, str):
        return repr(value if len(value) <= 40 else value[:37] + "...")
    if isinstance(value, dict):
        return "a set of values"
    if isinstance(value, list):
        return "a list"
    if value is None:
        return "nothing (null)"
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _field(model: type[models.Model], name: str) -> models.Field:
    return model._meta.get_field(name)


# -- the parts of a backup ------------------------------------------------------------


def check_depth(data: Any) -> str | None:
    """Why the document is nested too deep or too large, or None. Iterative, so a
    pathological file can't exhaust the stack here either."""
    stack: list[tuple[Any, int]] = [(data, 1)]
    count = 0
    while stack:
        value, depth = stack.pop()
        count += 1
        if count > MAX_VALUES:
            return f"the file holds more than {MAX_VALUES} values, more than a backup can hold"
        if isinstance(value, dict | list):
            if depth > MAX_DEPTH:
                return f"the file nests values {depth} deep, deeper than a backup ({MAX_DEPTH})"
            children = value.values() if isinstance(value, dict) else value
            stack.extend((child, depth + 1) for child in children)
    return None


def _person(c: Checker, p: dict, path: str) -> None:
    if not isinstance(p.get("name"), str) or not p["name"].strip():
        c.add(_join(path, "name"), f"{_shown(p.get('name'))}: a person needs a name")
    else:
        c.text(p, "name", path, _field(Person, "name"))
    c.text(p, "email", path, _field(Person, "email"), optional=True, null=True)
    if isinstance(p.get("email"), str) and p["email"]:
        try:
            validate_email(p["email"])
        except ValidationError:
            c.add(_join(path, "email"), f"{_shown(p['email'])} is not an email address")
    c.text(p, "phone", path, _field(Person, "phone"), optional=True, null=True)
    aliases = p.get("aliases")
    if aliases is None:
        return
    if not isinstance(aliases, list) or len(aliases) > MAX_ALIASES:
        c.add(_join(path, "aliases"), f"{_shown(aliases)} is not a list of other spellings")
        return
    longest = _field(Person, "name").max_length
    for i, alias in enumerate(aliases):
        if not isinstance(alias, str) or not alias.strip() or len(alias) > longest:
            c.add(f"{path}.aliases[{i}]", f"{_shown(alias)} is not a name")
        elif control_problem(alias):
            c.add(f"{path}.aliases[{i}]", f"{_shown(alias)} {control_problem(alias)}")


def _season(c: Checker, s: dict, path: str) -> None:
    c.text(s, "name", path, _field(Season, "name"), nonblank=True)
    c.text(s, "slug", path, _field(Season, "slug"), optional=True)
    _slug(c, s, path)
    if "method" in s:
        c.choice(s, "method", path, Season.Method)
    c.whole(s, "best_of", path, 1, SeasonForm.BEST_OF_MAX, optional=True, null=True)
    c.text(s, "points_table", path, _field(Season, "points_table"), optional=True)
    table = s.get("points_table")
    if isinstance(table, str):
        parts = [p.strip() for p in table.replace(";", ",").split(",") if p.strip()]
        most = 10**SeasonForm.POINTS_DIGITS_MAX - 1  # the season form's limits
        if not all(p.isascii() and p.isdigit() and int(p) <= most for p in parts):
            c.add(_join(path, "points_table"), f"{_shown(table)} is not points for places")


def _slug(c: Checker, doc: dict, path: str) -> None:
    slug = doc.get("slug")
    if isinstance(slug, str) and slug:
        try:
            validate_unicode_slug(slug)
        except ValidationError:
            c.add(_join(path, "slug"), f"{_shown(slug)} is not a web address")


def _event_fields(c: Checker, f: dict, path: str) -> rules.Game | None:
    """The event's own fields; the game they describe, if they describe one."""
    unknown = sorted(set(f) - set(EVENT_FIELDS))
    if unknown:
        c.add(path, f"unknown event fields: {', '.join(map(str, unknown))}")
    c.text(f, "name", path, _field(Event, "name"), nonblank=True)
    c.text(f, "slug", path, _field(Event, "slug"), optional=True, null=True)
    _slug(c, f, path)
    if c.has(f, "date", path, optional=False):
        try:
            datetime.date.fromisoformat(f["date"])
        except (TypeError, ValueError):
            c.add(_join(path, "date"), f"“{f['date']}” is not a date (YYYY-MM-DD)")
    c.text(f, "place", path, _field(Event, "place"), optional=True)
    c.choice(f, "kind", path, Event.Kind)
    c.choice(f, "seating_method", path, Event.Seating)
    for key in ("allow_short_tables", "record_buys"):
        c.flag(f, key, path)
    c.flag(f, "season_seating", path, optional=True)
    c.flag(f, "sit_out_when_uneven", path, optional=True)
    c.whole(f, "table_history_days", path, 0, 365, optional=True)
    c.whole(f, "round_minutes", path, 1, 240, optional=True, null=True)
    c.flag(f, "door_open", path, optional=True)
    if "door_new_names" in f:  # backups from before the door card have none
        c.choice(f, "door_new_names", path, Event.DoorNewNames)
    c.flag(f, "live_standings", path, optional=True)
    token = f.get("live_token")
    if token is not None and not (isinstance(token, str) and TOKEN_SHAPE.fullmatch(token)):
        c.add(_join(path, "live_token"), f"{_shown(token)} is not a standings link's token")
    c.when(f, "ended_at", path, optional=True)
    c.when(f, "reopened_at", path, optional=True)
    c.choice(f, "game_slug", path, Event.Game)
    if f.get("game_slug") not in Event.Game.values:
        return None
    game = None
    house_rules = f.get("house_rules", {})
    if not isinstance(house_rules, dict):
        c.add(_join(path, "house_rules"), "house rules must be a set of rules")
    else:
        try:
            game = rules.get_game(f["game_slug"], **house_rules)
        except (TypeError, ValueError) as exc:
            c.add(_join(path, "house_rules"), str(exc))
    low, high = TABLE_SIZES[f["game_slug"]]
    c.whole(f, "min_table_size", path, low, high)
    c.whole(f, "max_table_size", path, low, high)
    low_high = (f.get("min_table_size"), f.get("max_table_size"))
    if all(map(_is_whole, low_high)) and low_high[0] > low_high[1]:
        c.add(_join(path, "max_table_size"), "is smaller than min_table_size")
    if game is not None:
        c.whole(f, "rounds_planned", path, 1, len(game.rounds))
    return game


def _most_points(game: rules.Game, number: int) -> int:
    """The most one score in round ``number`` can be: the most a hand can hold at any
    table size, or the fixed missed-round score if that is more."""
    most = max(game.max_score(number, players) for players in game.table_sizes)
    return max(most, getattr(game, "missed_round_points", 0) or 0)


def check_event(c: Checker, doc: dict, path: str, *, people: dict) -> None:
    """One event document: its fields, then its players, rounds, tables, seats, cards,
    entries and scores, each naming only what the file lists. ``people``: the person
    ids players may name (a club file's, or the event file's own)."""
    if not c.has(doc, "event", path, optional=False) or not c.mapping(
        doc["event"], _join(path, "event"), "the event's fields"
    ):
        return
    game = _event_fields(c, doc["event"], _join(path, "event"))
    where = {k: _join(path, k) for k in ("players", "rounds", "tables", "seats", "entries")}

    players = c.records(doc, "players", path, "players")
    player_ids = c.ids(players, where["players"])
    names: set[str] = set()
    persons: set[int] = set()
    for i, p in enumerate(players):
        here = f"{where['players']}[{i}]"
        c.text(p, "name", here, _field(Player, "name"), nonblank=True)
        if isinstance(p.get("name"), str):
            c.once(names, p["name"].lower(), _join(here, "name"), "two players share this name")
        c.choice(p, "status", here, Player.Status)
        c.when(p, "joined_at", here, optional=True)
        if c.ref(p, "person", here, people, "a person", optional=True, null=True) is not None:
            c.once(persons, p["person"], _join(here, "person"), "a person plays twice")

    rounds = c.records(doc, "rounds", path, "rounds")
    round_ids = c.ids(rounds, where["rounds"])
    numbers: set[int] = set()
    most_rounds = len(game.rounds) if game is not None else 99
    for i, r in enumerate(rounds):
        here = f"{where['rounds']}[{i}]"
        c.whole(r, "number", here, 1, most_rounds)
        if _is_whole(r.get("number")):
            c.once(numbers, r["number"], _join(here, "number"), "two rounds share this number")
        c.choice(r, "status", here, Round.Status)
        c.when(r, "started_at", here)
        c.when(r, "closed_at", here)

    tables = c.records(doc, "tables", path, "tables")
    table_ids = c.ids(tables, where["tables"])
    seen: set = set()
    one_table = doc["event"].get("kind") == Event.Kind.TABLE
    rounds_with_a_table: set = set()
    for i, t in enumerate(tables):
        here = f"{where['tables']}[{i}]"
        c.ref(t, "round", here, round_ids, "a round")
        c.whole(t, "number", here, 1, MAX_NUMBER)
        c.once(seen, (t.get("round"), t.get("number")), here, "two tables share a number")
        if one_table:
            c.once(
                rounds_with_a_table,
                t.get("round"),
                here,
                "a second table in a round of a game at one table (kind “table”)",
            )

    _check_seats(c, doc, path, round_ids, table_ids, player_ids)
    _check_cards(c, doc, path)
    _check_constraints(c, doc, path, player_ids)
    entry_ids = _check_entries(c, doc, path, game, round_ids, table_ids, player_ids)
    _check_activity(c, doc, path, player_ids, entry_ids)


def _check_activity(c: Checker, doc: dict, path: str, player_ids, entry_ids) -> None:
    """Who did what, if the file has it (files made before the activity log don't)."""
    if "activity" not in doc:
        return
    rows = c.records(doc, "activity", path, "activity rows")
    for i, row in enumerate(rows):
        here = f"{_join(path, 'activity')}[{i}]"
        c.when(row, "at", here, null=False)
        c.choice(row, "action", here, Activity.Action)
        c.text(row, "user", here, _field_username(), null=True)
        c.flag(row, "by_phone", here)
        if row.get("by_phone") is True and row.get("user") is not None:
            c.add(_join(here, "user"), "a phone's change has no signed-in account")
        c.ref(row, "by_player", here, player_ids, "a player", null=True)
        c.ref(row, "entry", here, entry_ids, "an entry", null=True)
        for key in ("by_name", "device", "detail"):
            c.text(row, key, here, _field(Activity, key))
        for key in ("round_number", "table_number"):
            c.whole(row, key, here, 0, MAX_NUMBER, null=True)


def _check_seats(c: Checker, doc: dict, path: str, round_ids, table_ids, player_ids) -> None:
    seats = c.records(doc, "seats", path, "seats")
    by_player: set = set()
    by_place: set = set()
    for i, s in enumerate(seats):
        here = f"{_join(path, 'seats')}[{i}]"
        c.ref(s, "round", here, round_ids, "a round")
        table = c.ref(s, "table", here, table_ids, "a table")
        if table is not None and table.get("round") != s.get("round"):
            c.add(_join(here, "table"), "is a table of another round")
        c.ref(s, "player", here, player_ids, "a player")
        c.whole(s, "position", here, 0, MAX_NUMBER)
        c.once(by_player, (s.get("round"), s.get("player")), here, "a player sits twice")
        c.once(by_place, (s.get("table"), s.get("position")), here, "two players in one seat")


RULE_FIELDS = {"kind", "player", "other", "table"}
"""What an exported seating rule holds (``backup.export_event``)."""


def _check_constraints(c: Checker, doc: dict, path: str, player_ids) -> None:
    """The host's seating rules, if the file has them (older files don't)."""
    if "seating_constraints" not in doc:
        return
    rules_ = c.records(doc, "seating_constraints", path, "seating rules")
    pinned: set = set()
    pairs: set = set()
    for i, rule in enumerate(rules_):
        here = f"{_join(path, 'seating_constraints')}[{i}]"
        if isinstance(rule, dict) and (unknown := sorted(map(str, set(rule) - RULE_FIELDS))):
            # A misspelt "tabel" would otherwise be a pin with no table, said as that.
            c.add(here, f"unknown seating rule fields: {', '.join(unknown)}")
        c.choice(rule, "kind", here, SeatingConstraint.Kind)
        c.ref(rule, "player", here, player_ids, "a player")
        if rule.get("kind") == SeatingConstraint.Kind.PIN:
            c.whole(rule, "table", here, 1, SeatingConstraint.MAX_TABLE)
            if rule.get("other") is not None:
                c.add(_join(here, "other"), "a pin keeps one player at a table, not two")
            # The rule form takes one pin per player (the database holds it to that).
            c.once(pinned, rule.get("player"), here, "pins a player the file pins already")
        elif rule.get("kind") in SeatingConstraint.Kind.values:
            c.ref(rule, "other", here, player_ids, "a player")
            if rule.get("other") == rule.get("player"):
                c.add(_join(here, "other"), "names the same player twice")
            if rule.get("table") is not None:
                c.add(_join(here, "table"), "a pair kept apart or together has no table")
            pair = (rule.get("player"), rule.get("other"))
            try:
                pair = tuple(sorted(pair))
            except TypeError:
                continue  # a wrong-typed player is a problem of its own
            c.once(pairs, pair, here, "names a pair the file already keeps apart or together")


def _check_cards(c: Checker, doc: dict, path: str) -> None:
    cards = c.records(doc, "table_cards", path, "table cards")
    numbers: set = set()
    for i, card in enumerate(cards):
        here = f"{_join(path, 'table_cards')}[{i}]"
        c.whole(card, "number", here, 1, MAX_NUMBER)
        c.once(numbers, card.get("number"), _join(here, "number"), "two cards share a number")
        token = card.get("token")
        if not isinstance(token, str) or not TOKEN_SHAPE.fullmatch(token):
            c.add(_join(here, "token"), f"{_shown(token)} is not a table link's token")
        if "code" in card and (
            not isinstance(card["code"], str) or not CODE_SHAPE.fullmatch(card["code"])
        ):
            c.add(_join(here, "code"), f"{_shown(card['code'])} is not a table code")


def _check_entries(c: Checker, doc, path, game, round_ids, table_ids, player_ids) -> dict:
    entries = c.records(doc, "entries", path, "entries")
    entry_ids = c.ids(entries, _join(path, "entries"))
    versions: set = set()
    current: set = set()
    for i, e in enumerate(entries):
        here = f"{_join(path, 'entries')}[{i}]"
        rnd = c.ref(e, "round", here, round_ids, "a round")
        table = c.ref(e, "table", here, table_ids, "a table", null=True)
        if table is not None and rnd is not None and table.get("round") != e.get("round"):
            c.add(_join(here, "table"), "is a table of another round")
        c.whole(e, "version", here, 1, 100_000)
        version = (e.get("round"), e.get("table"), e.get("version"))
        c.once(versions, version, here, "two entries share a version")
        c.choice(e, "state", here, Entry.State)
        if e.get("state") == Entry.State.CURRENT:
            c.once(current, (e.get("round"), e.get("table")), here, "two current versions")
        c.choice(e, "source", here, Entry.Source)
        c.ref(e, "entered_by_player", here, player_ids, "a player", optional=True, null=True)
        c.when(e, "created_at", here, null=False)
        c.when(e, "confirmed_at", here)
        for key in ("entered_by", "confirmed_by", "device", "note"):
            c.text(e, key, here, _field(Entry, key))
        for key in ("confirmed_device", "sent_digest"):
            c.text(e, key, here, _field(Entry, key), optional=True)
        c.text(e, "idempotency_key", here, _field(Entry, "idempotency_key"), null=True)

    scores = c.records(doc, "scores", path, "scores")
    buys_cap = getattr(game, "max_buys", None) or MAX_BUYS
    most_points: dict[int, int] = {}  # by round number
    once: set = set()
    for i, s in enumerate(scores):
        here = f"{_join(path, 'scores')}[{i}]"
        entry = c.ref(s, "entry", here, entry_ids, "an entry")
        c.ref(s, "player", here, player_ids, "a player")
        c.once(once, (s.get("entry"), s.get("player")), here, "a player scored twice")
        rnd = round_ids.get(entry["round"]) if entry and _is_whole(entry.get("round")) else None
        number = rnd.get("number") if rnd else None
        if game is not None and _is_whole(number) and 1 <= number <= len(game.rounds):
            if number not in most_points:
                most_points[number] = _most_points(game, number)
            c.whole(s, "points", here, 0, most_points[number])
        else:
            c.whole(s, "points", here, 0, 100_000)
        c.flag(s, "played", here)
        c.whole(s, "buys", here, 0, buys_cap, null=True)
    return entry_ids


def _run(check) -> list[str]:
    c = Checker()
    with contextlib.suppress(_Full):  # enough found to refuse the file
        check(c)
    return c.problems


def event_file_problems(data: dict, *, version_1: bool) -> list[str]:
    """The first few problems of an event backup (rookery-event/2, or /1 without people
    and season); empty if every part of it is sound."""
    deep = check_depth(data)
    if deep:
        return [deep]

    def check(c: Checker) -> None:
        c.text(data, "owner", "", _field_username(), optional=True, null=True)
        people: dict = {}
        if not version_1:
            listed = c.records(data, "people", "", "people") if data.get("people") else []
            people = c.ids(listed, "people")
            for i, p in enumerate(listed):
                _person(c, p, f"people[{i}]")
            season = data.get("season")
            if season is not None and c.mapping(season, "season", "a season"):
                _season(c, season, "season")
        check_event(c, data, "", people=people)

    return _run(check)


def club_file_problems(data: dict) -> list[str]:
    """The first few problems of a club backup (rookery-club/1); empty if it is sound."""
    deep = check_depth(data)
    if deep:
        return [deep]

    def check(c: Checker) -> None:
        c.text(data, "owner", "", _field_username(), optional=True, null=True)
        people = c.records(data, "people", "", "people")
        people_ids = c.ids(people, "people")
        for i, p in enumerate(people):
            _person(c, p, f"people[{i}]")
        seasons = c.records(data, "seasons", "", "seasons")
        season_ids = c.ids(seasons, "seasons")
        for i, s in enumerate(seasons):
            _season(c, s, f"seasons[{i}]")
        for i, doc in enumerate(c.records(data, "events", "", "events")):
            here = f"events[{i}]"
            c.ref(doc, "season", here, season_ids, "a season", optional=True, null=True)
            check_event(c, doc, here, people=people_ids)
        if "site" in data and c.mapping(data["site"], "site", "the club site's settings"):
            _site(c, data["site"], people_ids)

    return _run(check)


def _site(c: Checker, site: dict, people_ids: dict) -> None:
    """The club site's settings (older club files have none): its name, how names show,
    indexing, and the people it hides, named by their id in the file."""
    c.text(site, "title", "site", ClubSite._meta.get_field("title"))
    c.choice(site, "names", "site", ClubSite.Names)
    c.flag(site, "indexable", "site")
    c.flag(site, "published", "site")
    hidden = site.get("hidden")
    if not isinstance(hidden, list):
        c.add("site.hidden", f"{_shown(hidden)} is not a list of people")
        return
    for i, pid in enumerate(hidden):
        if not _is_whole(pid) or pid not in people_ids:
            c.add(f"site.hidden[{i}]", f"names a person the file doesn't list ({_shown(pid)})")


def _field_username() -> models.Field:
    return get_user_model()._meta.get_field("username")
