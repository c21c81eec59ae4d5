"""A host's roster: who a typed name is, merging two spellings, renaming, import and export.

Matching compares ``name_key`` values (case, accents, dots and spaces ignored),
then the spellings a person kept from merges (``aliases``), then close
spellings: a key one typing slip away (two for long names) from a person's,
where the slip is not in a number ("Player 1" is not "Player 2"). That is
what catches "Anne Whitaker" for "Ann Whitaker" and "Jon Smith" for "John
Smith" while "Ann Walker" stays someone else.

Matching looks names up in an index (``RosterIndex``: by key, by kept spelling
and by close spelling through ``SpellingIndex``), never comparing each typed name
with the whole roster; the letters of the few candidates are compared with
RapidFuzz's Levenshtein, in C.

Writing CSV and xlsx goes through tablib: one library for both formats, with
headers, so an exported roster imports back as it was. An uploaded xlsx is read
with openpyxl in read-only mode, row by row, stopped at the row limit, after its
unpacked size is checked (a 966 KB workbook can hold 6.5 million rows). CSV is
read with the stdlib reader tablib itself wraps, because tablib refuses ragged rows.
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
import re
import zipfile
from collections.abc import Iterable
from dataclasses import dataclass, field

import openpyxl
import tablib
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import IntegrityError, transaction
from django.db.models import Count, Max, Q
from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE
from rapidfuzz.distance import Levenshtein

from scoring.exports.base import FORMULA_START, _csv_text
from scoring.formfields import clean_name
from tourney.models import Event, Person, Player, Score, name_key

NAME_MAX = Person._meta.get_field("name").max_length
PHONE_MAX = Person._meta.get_field("phone").max_length
MAX_UPLOAD_BYTES = 1_000_000
MAX_ROWS = 2000
COLUMNS = ["name", "email", "phone"]


class RosterError(Exception):
    """Something the host can fix: the message says what and who."""


# -- matching ---------------------------------------------------------------


def edit_distance(a: str, b: str, limit: int | None = None) -> int:
    """Levenshtein distance: how many letters to add, drop or change (above ``limit``,
    any number above it). RapidFuzz's, in C: the hand-written one cost 211 s for a
    2,000-row import against a 2,000-person roster."""
    return Levenshtein.distance(a, b, score_cutoff=limit)


def _allowed_slips(a: str, b: str) -> int:
    shorter = min(len(a), len(b))
    return 0 if shorter < 3 else 1 if shorter < 10 else 2


def close_spelling(a: str, b: str) -> bool:
    """Two name keys that are probably one person typed two ways."""
    if a == b:
        return False
    if [c for c in a if c.isdigit()] != [c for c in b if c.isdigit()]:
        return False
    allowed = _allowed_slips(a, b)
    return abs(len(a) - len(b)) <= allowed and edit_distance(a, b, allowed) <= allowed


def first_names_apart(a: str, b: str) -> bool:
    """Two name keys that are lone first names one letter apart ("tim" and "tom", "jan"
    and "dan"): at a night, two people who happen to have short names, not a typing slip
    to ask about. (A surname, or a second slip, makes it worth asking.)"""
    if " " in a or " " in b or not close_spelling(a, b):
        return False
    return edit_distance(a, b, 1) == 1


def _one_deletion(text: str) -> set[str]:
    """The text, and the text with any one letter dropped."""
    return {text} | {text[:i] + text[i + 1 :] for i in range(len(text))}


class SpellingIndex:
    """Name keys, found again by close spelling without comparing against every key.

    Two keys ``close_spelling`` accepts are at most two slips apart, and two only when
    both have 10+ letters. Cut a known key in halves: a typed key within two slips
    has one half within one slip of the typed key's text where that half would fall
    (give or take a letter), or within none when the keys have under 10 letters.
    Each half is filed under its spellings with one letter dropped (for under 10
    letters: the half itself), beside the key's length and digits; a typed key looks
    up its own pieces the same way, and only what shares one is compared. A few
    dozen look-ups a name, instead of the whole roster (deletion neighbourhoods, as
    SymSpell does it, on halves so a long name files dozens of entries, not hundreds).
    """

    def __init__(self) -> None:
        self._pieces: dict[tuple, set[str]] = {}
        self._items: dict[str, list] = {}

    @staticmethod
    def _digits(key: str) -> str:
        return "".join(c for c in key if c.isdigit())

    def add(self, key: str, item) -> None:
        items = self._items.setdefault(key, [])
        items.append(item)
        if len(items) > 1 or len(key) < 3:
            return
        length, half, digits = len(key), len(key) // 2, self._digits(key)
        spell = _one_deletion if length >= 10 else lambda text: {text}
        for side, text in (("L", key[:half]), ("R", key[half:])):
            for piece in spell(text):
                self._pieces.setdefault((side, length, digits, piece), set()).add(key)

    def _candidates(self, key: str) -> set[str]:
        found: set[str] = set()
        digits, size = self._digits(key), len(key)
        spellings: dict[tuple[str, int], set[str]] = {}  # each piece spelled once

        def pieces(text: str, slip: int) -> set[str]:
            if (text, slip) not in spellings:
                spellings[text, slip] = _one_deletion(text) if slip else {text}
            return spellings[text, slip]

        nothing: frozenset[str] = frozenset()
        for length in range(max(3, size - 2), size + 3):
            half, slip = length // 2, 1 if length >= 10 else 0
            for cut in range(max(0, half - slip), min(size, half + slip) + 1):
                for piece in pieces(key[:cut], slip):
                    found |= self._pieces.get(("L", length, digits, piece), nothing)
            right = length - half
            for cut in range(max(0, right - slip), min(size, right + slip) + 1):
                for piece in pieces(key[size - cut :], slip):
                    found |= self._pieces.get(("R", length, digits, piece), nothing)
        return found

    def exact(self, key: str) -> list:
        return list(self._items.get(key, ()))

    def close(self, key: str) -> list:
        """Everything filed under a key that is a close spelling of this one."""
        out = []
        for known in self._candidates(key):
            if close_spelling(key, known):
                out.extend(self._items[known])
        return out


@dataclass(frozen=True)
class Match:
    person: Person
    how: str  # "exact", "key" (case or accents), "alias", "close"

    @property
    def certain(self) -> bool:
        return self.how == "exact"

    def reason(self, typed: str) -> str:
        if self.how == "key":
            return f"“{typed}” is written differently from “{self.person.name}”"
        if self.how == "alias":
            return f"“{typed}” is a spelling kept when {self.person.name} was merged"
        return f"“{typed}” is a close spelling of “{self.person.name}”"


MATCH_ORDER = {"key": 0, "alias": 1, "close": 2}


class RosterIndex:
    """A roster looked up by name key, by the spellings kept from merges and by close
    spelling: what ``match_name`` answers, for one name or thousands."""

    def __init__(self, people: Iterable[Person]) -> None:
        self.people = list(people)
        self.keys = SpellingIndex()
        self.aliases: dict[str, list[Person]] = {}
        for person in self.people:
            self.keys.add(person.key, person)
            for alias in {name_key(a) for a in person.aliases}:
                self.aliases.setdefault(alias, []).append(person)

    def match(self, name: str) -> list[Match]:
        """Everyone on the roster this name could be: the exact one alone, or the candidates."""
        key = name_key(name)
        same_key = self.keys.exact(key)
        for person in same_key:
            if person.name == name:
                return [Match(person, "exact")]
        found = {id(p): Match(p, "key") for p in same_key}
        for person in self.aliases.get(key, ()):
            found.setdefault(id(person), Match(person, "alias"))
        for person in self.keys.close(key):
            found.setdefault(id(person), Match(person, "close"))
        return sorted(found.values(), key=lambda m: (MATCH_ORDER[m.how], m.person.name))


def match_name(name: str, people: Iterable[Person] | RosterIndex) -> list[Match]:
    """Everyone on the roster this name could be: the exact one alone, or the candidates.

    Given a RosterIndex (many names to match), it is looked up; given the people (one
    name), they are gone through once, cheaper than building an index for one name."""
    if isinstance(people, RosterIndex):
        return people.match(name)
    key = name_key(name)
    found: list[Match] = []
    for person in people:
        if person.name == name:
            return [Match(person, "exact")]
        if person.key == key:
            found.append(Match(person, "key"))
        elif key in {name_key(a) for a in person.aliases}:
            found.append(Match(person, "alias"))
        elif close_spelling(key, person.key):
            found.append(Match(person, "close"))
    return sorted(found, key=lambda m: (MATCH_ORDER[m.how], m.person.name))


# -- the roster page's figures ----------------------------------------------


def roster_for(owner, search: str = ""):
    """The host's people with nights played and their last night, for the roster page."""
    people = Person.objects.filter(owner=owner).annotate(
        nights=Count("players", distinct=True), last_night=Max("players__event__date")
    )
    if search.strip():
        key = name_key(search)
        people = people.filter(
            Q(key__contains=key) | Q(email__icontains=search.strip()) | Q(name__icontains=search)
        )
    return people.order_by("name")


def roster_fingerprint(owner) -> str:
    """Changes whenever anyone on the roster is added, renamed, merged or edited."""
    rows = (
        Person.objects.filter(owner=owner)
        .order_by("pk")
        .values_list("pk", "key", "email", "phone", "aliases")
    )
    return hashlib.sha256(json.dumps(list(rows), default=str).encode()).hexdigest()[:16]


# -- merge and rename -------------------------------------------------------


@dataclass(frozen=True)
class MergeSummary:
    nights: int
    scores: int


def merge_summary(person: Person) -> MergeSummary:
    """What moves with a person: their nights, and their scores on the sheet."""
    nights = person.players.values("event").distinct().count()
    scores = Score.objects.current().filter(player__person=person).count()
    return MergeSummary(nights=nights, scores=scores)


def shared_nights(a: Person, b: Person) -> list[Event]:
    return list(
        Event.objects.filter(players__person=a)
        .filter(players__person=b)
        .distinct()
        .order_by("date")
    )


@transaction.atomic
def merge_people(*, keep: Person, other: Person) -> MergeSummary:
    """Make two roster entries one person: every night and score of ``other`` goes to ``keep``."""
    if keep.pk == other.pk:
        raise RosterError("Pick someone else to merge: that is the same person.")
    if keep.owner_id != other.owner_id:
        raise RosterError("Those two are on different hosts' rosters.")
    both = shared_nights(keep, other)
    if both:
        nights = ", ".join(f"{e.name} ({e.date:%d %b %Y})" for e in both)
        raise RosterError(
            f"{keep.name} and {other.name} both played on {nights}: they are two people, "
            "so they cannot be merged."
        )
    for player in other.players.select_related("event"):
        clash = player.event.players.exclude(pk=player.pk).filter(name__iexact=keep.name)
        if clash.exists():
            raise RosterError(
                f"{player.event.name} already has a player named “{keep.name}”: "
                "rename one of them first."
            )
    summary = merge_summary(other)
    Player.objects.filter(person=other).update(person=keep, name=keep.name)
    spellings = {name_key(a): a for a in [*keep.aliases, other.name, *other.aliases]}
    spellings.pop(keep.key, None)
    keep.aliases = sorted(spellings.values(), key=str.casefold)
    keep.email = keep.email or other.email
    keep.phone = keep.phone or other.phone
    other.delete()
    keep.save()
    return summary


def merged_into(owner, name: str) -> Person | None:
    """Who a person merged away now is: the one keeping their name as another spelling."""
    key = name_key(name or "")
    if not key:
        return None
    for person in Person.objects.filter(owner=owner).exclude(aliases=[]):
        if key in {name_key(a) for a in person.aliases}:
            return person
    return None


@transaction.atomic
def rename_person(person: Person, new_name: str) -> Person:
    """A new name for a person, in every night they played (one person, one name)."""
    name = clean_name(new_name)
    if not name:
        raise RosterError("A person needs a name.")
    if len(name) > NAME_MAX:
        raise RosterError(f"“{name}” is too long: a name can be at most {NAME_MAX} characters.")
    key = name_key(name)
    twin = Person.objects.filter(owner_id=person.owner_id, key=key).exclude(pk=person.pk).first()
    if twin:
        if shared_nights(person, twin):
            raise RosterError(
                f"“{twin.name}” is already someone else on your roster, and {person.name} "
                f"played on a night with them: they are two people, so give {person.name} "
                "a name that tells them apart (add an initial)."
            )
        raise RosterError(
            f"“{twin.name}” is already someone else on your roster: "
            f"if they are one person, merge {person.name} into {twin.name} instead."
        )
    for player in person.players.select_related("event"):
        others = player.event.players.exclude(pk=player.pk).values_list("name", flat=True)
        if any(name_key(n) == key for n in others):
            raise RosterError(
                f"{player.event.name} ({player.event.date:%d %b %Y}) already has a player "
                f"named “{name}”: pick a name that tells them apart."
            )
    old = person.name
    person.name = name
    # The new name is the name now, not "also written"; the old one becomes a spelling.
    aliases = [a for a in person.aliases if name_key(a) != key]
    if name_key(old) != key and old not in aliases:
        aliases.append(old)
    person.aliases = aliases
    person.save()
    person.players.update(name=name)
    return person


# -- import and export ------------------------------------------------------

HEADER_WORDS = {
    "name": {"name", "names", "full name", "player", "person", "player name"},
    "first": {"first name", "first", "given name", "forename", "firstname"},
    "last": {"last name", "last", "surname", "family name", "lastname"},
    "email": {"email", "e-mail", "email address", "e-mail address", "mail"},
    "phone": {"phone", "phone number", "telephone", "mobile", "cell", "tel"},
}


def _header_column(cell: str) -> str | None:
    word = " ".join(str(cell or "").casefold().replace("_", " ").split())
    for column, words in HEADER_WORDS.items():
        if word in words:
            return column
    return None


@dataclass
class RawRow:
    number: int  # the row number in the file, as a spreadsheet shows it
    name: str
    email: str = ""
    phone: str = ""


def _cell_text(cell) -> str:
    """A cell as text; a ' that kept an exported formula-like name from running comes off."""
    text = ("" if cell is None else str(cell)).strip()
    if text.startswith("'") and text[1:].startswith(FORMULA_START):
        text = text[1:]
    return text


def _headers(first_row: list[str]) -> list[str | None] | None:
    """The columns a first row names, or None when it is a person, not headers.

    A row naming a contact column but no name column is headers Rookery can't use:
    refused once, rather than taken as a person and every row after it misread."""
    headers = [_header_column(c) for c in first_row]
    if {"name", "first", "last"} & set(headers):
        return headers
    if any(headers):
        pairs = zip(first_row, headers, strict=True)
        unknown = ", ".join(f"“{cell}”" for cell, column in pairs if cell and not column)
        raise RosterError(
            f"The first row looks like column headings, but the columns {unknown} weren't "
            "recognised: Rookery reads name (or first name and last name), email, phone."
        )
    return None


def _row_name(values: dict[str, str]) -> str:
    if values.get("name"):
        return values["name"]
    return " ".join(v for v in (values.get("first", ""), values.get("last", "")) if v)


def read_rows(
    table: Iterable[list] | Iterable[tuple[int, list]], *, numbered=False, what: str = "file"
) -> list[RawRow]:
    """Rows of cells to roster rows; a first row of headers ("Name", "E-mail"...) is optional.
    ``numbered``: the table is (row number, cells) pairs, blank rows left out. ``what``
    the host sent, as refusals name it: a "file", or a pasted "list"."""
    pairs = table if numbered else enumerate(table, 1)
    rows = [(number, [_cell_text(c) for c in row]) for number, row in pairs]
    rows = [(number, cells) for number, cells in rows if any(cells)]
    order: list[str | None] = list(COLUMNS)
    headers = _headers(rows[0][1]) if rows else None
    if headers:
        order, rows = headers, rows[1:]
    out = []
    for number, cells in rows:
        values = {col: cells[i] for i, col in enumerate(order) if col and i < len(cells)}
        out.append(
            RawRow(
                number=number,
                name=clean_name(_row_name(values)),
                email=values.get("email", "").strip(),
                phone=" ".join(values.get("phone", "").split()),
            )
        )
    if len(out) > MAX_ROWS:
        raise RosterError(f"That {what} has {len(out)} rows: import at most {MAX_ROWS} at a time.")
    if not out:
        raise RosterError(f"That {what} has no names in it.")
    return out


def parse_text(text: str) -> list[RawRow]:
    """Pasted CSV: one person a line, "name, email, phone" (a header line is optional)."""
    if len(text.encode()) > MAX_UPLOAD_BYTES:
        raise RosterError("That is too much text: paste at most 1 MB at a time.")
    if not text.strip():
        raise RosterError("Paste some names first, one per line.")
    return read_rows(_csv_cells(text), what="list")


def _csv_cells(text: str) -> list[list]:
    # The stdlib reader, as tablib's own CSV loader uses, but fed directly: tablib
    # refuses a row longer than the first, and a pasted list often has contact
    # details on some lines only ("Ann" then "Bob, bob@x.org").
    text = text.lstrip("\ufeff")
    try:
        return list(csv.reader(io.StringIO(text), delimiter=_separator(text)))
    except csv.Error as exc:
        raise RosterError(f"That CSV could not be read: {exc}.") from exc


SEPARATORS = ",;\t"


def _separator(text: str) -> str:
    """The column separator: a comma, or the semicolon or tab a spreadsheet set to
    another language saves with. The one on most of the first lines wins, then the
    one used most; a list of bare names has none, and reads as commas."""
    lines = [line for line in text.splitlines()[:20] if line.strip()]

    def score(sep: str) -> tuple[int, int]:
        return sum(sep in line for line in lines), sum(line.count(sep) for line in lines)

    best = max(SEPARATORS, key=score)  # max keeps the first of a tie: the comma
    return best if score(best) > (0, 0) else ","


def parse_upload(filename: str, content: bytes) -> list[RawRow]:
    """An uploaded .csv or .xlsx file, refused clearly when it is neither or too big."""
    if len(content) > MAX_UPLOAD_BYTES:
        raise RosterError("That file is over 1 MB: split it, or keep only names and contact.")
    if not content:
        raise RosterError("That file is empty.")
    lower = filename.lower()
    if lower.endswith(".xlsx"):
        return read_rows(_xlsx_cells(content), numbered=True)
    if lower.endswith((".csv", ".txt")):
        for encoding in ("utf-8-sig", "cp1252"):
            try:
                text = content.decode(encoding)
                break
            except UnicodeDecodeError:
                continue
        else:  # pragma: no cover - cp1252 decodes nearly everything
            raise RosterError("That file's text encoding is unreadable: save it as UTF-8 CSV.")
        if "\x00" in text:
            raise RosterError("That file is not a text CSV: save it as UTF-8 CSV or .xlsx.")
        return read_rows(_csv_cells(text))
    if lower.endswith(".xls"):
        raise RosterError("Old Excel files (.xls) can't be read: save it as .xlsx or .csv.")
    raise RosterError("Upload a .csv or .xlsx file (names, then email and phone if you have them).")


MAX_UNZIPPED_BYTES = 5_000_000  # a 2,000-row roster unpacks to well under 1 MB
MAX_COLUMNS = 50  # name, email and phone are in the first few; a row padded to XFD is not read
NOT_XLSX = (
    "That file could not be read as an Excel workbook (.xlsx). Save it again "
    "from your spreadsheet as .xlsx or .csv."
)


def _xlsx_cells(content: bytes) -> list[tuple[int, list]]:
    """The first sheet's rows, read as a stream (openpyxl's read-only mode) and stopped
    at the row limit; a workbook that would unpack to more than the cap is refused
    before any of it is read (a 966 KB file can hold 6.5 million rows)."""
    try:
        with zipfile.ZipFile(io.BytesIO(content)) as archive:
            unpacked = sum(member.file_size for member in archive.infolist())
    except (zipfile.BadZipFile, ValueError) as exc:
        raise RosterError(NOT_XLSX) from exc
    if unpacked > MAX_UNZIPPED_BYTES:
        raise RosterError(
            f"That workbook unpacks to {unpacked / 1e6:,.0f} MB, over the "
            f"{MAX_UNZIPPED_BYTES // 1_000_000} MB Rookery reads: save only the names and "
            f"contact columns, at most {MAX_ROWS} rows, as .xlsx or .csv."
        )
    rows: list[tuple[int, list]] = []
    try:
        book = openpyxl.load_workbook(io.BytesIO(content), read_only=True, data_only=True)
        try:
            sheet = book.active
            sheet.reset_dimensions()  # a stated size of A1:XFD1048576 pads nothing
            cells = sheet.iter_rows(max_col=MAX_COLUMNS, values_only=True)
            for number, row in enumerate(cells, 1):
                if row.count(None) < len(row) and any(str(c).strip() for c in row if c is not None):
                    rows.append((number, list(row)))
                if len(rows) > MAX_ROWS + 1:  # a row of headings, then the limit
                    raise RosterError(
                        f"That file has more than {MAX_ROWS} rows: import at most "
                        f"{MAX_ROWS} at a time."
                    )
        finally:
            book.close()
    except RosterError:
        raise
    except Exception as exc:  # openpyxl raises many kinds for a file that is not xlsx
        raise RosterError(NOT_XLSX) from exc
    return rows


PREVIEW_STATES = ("new", "matched", "doubtful", "refused")


@dataclass
class PreviewRow:
    row: RawRow
    status: str  # "new", "matched", "doubtful", "refused"
    person: Person | None = None
    candidates: list[Match] = field(default_factory=list)
    fills: dict[str, str] = field(default_factory=dict)
    kept: dict[str, str] = field(default_factory=dict)
    reason: str = ""
    chosen: str = ""  # the host's answer so far, for a doubtful row

    @property
    def answer_field(self) -> str:
        return f"row-{self.row.number}"

    @property
    def why(self) -> str:
        """Why a doubtful row might be someone on the roster, e.g. a close spelling."""
        return self.candidates[0].reason(self.row.name) if self.candidates else ""


EMAIL_IN_TEXT = re.compile(r"[^\s@,;<>]+@[^\s@,;<>]+\.[^\s@,;<>]+")


def _refusal(row: RawRow, seen: dict[str, int]) -> str:
    if not row.name:
        return "No name in this row."
    if EMAIL_IN_TEXT.search(row.name):
        return "The name holds an email address: put it in its own column (name, email, phone)."
    if len(row.name) > NAME_MAX:
        return f"“{row.name[:20]}…” is too long: a name can be at most {NAME_MAX} characters."
    if row.email:
        try:
            validate_email(row.email)
        except ValidationError:
            return f"“{row.email}” is not an email address ({row.name})."
    if len(row.phone) > PHONE_MAX:
        return f"The phone number for {row.name} is over {PHONE_MAX} characters."
    key = name_key(row.name)
    if key in seen:
        return f"{row.name} is in the file twice (row {seen[key]} too): each person once."
    return ""


def preview_import(owner, rows: list[RawRow]) -> list[PreviewRow]:
    """What importing these rows would do, row by row, saving nothing."""
    index = RosterIndex(Person.objects.filter(owner=owner))
    seen: dict[str, int] = {}
    out = []
    for row in rows:
        reason = _refusal(row, seen)
        if reason:
            out.append(PreviewRow(row, "refused", reason=reason))
            continue
        seen[name_key(row.name)] = row.number
        same = index.keys.exact(name_key(row.name))
        if same:
            out.append(_matched(row, same[0]))
            continue
        candidates = index.match(row.name)
        if candidates:
            out.append(PreviewRow(row, "doubtful", candidates=candidates))
        else:
            out.append(PreviewRow(row, "new"))
    return out


def preview_decisions(preview: list[PreviewRow]) -> list[list]:
    """What the preview decided for each row, small enough to sign into the page:
    the status, the person matched and the candidates asked about."""
    return [
        [
            item.status,
            item.person.pk if item.person else None,
            [[m.person.pk, m.how] for m in item.candidates],
            item.reason,
        ]
        for item in preview
    ]


def preview_again(owner, rows: list[RawRow], decisions: list[list]) -> list[PreviewRow] | None:
    """The preview the host saw, rebuilt from its decisions without matching again
    (the caller has checked the roster is unchanged since); None if it can't be."""
    if len(decisions) != len(rows):
        return None
    wanted = {d[1] for d in decisions if d[1]} | {pk for d in decisions for pk, _ in d[2]}
    found = Person.objects.filter(owner=owner).in_bulk(wanted)
    if len(found) != len(wanted):
        return None
    out = []
    for row, (status, pk, candidates, reason) in zip(rows, decisions, strict=True):
        if status == "matched":
            out.append(_matched(row, found[pk]))
            continue
        matches = [Match(found[c], how) for c, how in candidates]
        out.append(PreviewRow(row, status, candidates=matches, reason=reason))
    return out


def _matched(row: RawRow, person: Person) -> PreviewRow:
    fills, kept = {}, {}
    for column in ("email", "phone"):
        value, current = getattr(row, column), getattr(person, column)
        if value and not current:
            fills[column] = value
        elif value and current and value != current:
            kept[column] = current
    return PreviewRow(row, "matched", person=person, fills=fills, kept=kept)


@dataclass
class ImportResult:
    added: int = 0
    matched: int = 0
    updated: int = 0
    refused: int = 0


@transaction.atomic
def apply_import(owner, preview: list[PreviewRow], answers: dict[str, str]) -> ImportResult:
    """Save a confirmed preview. ``answers`` maps each doubtful row's field to a
    candidate's pk ("same person") or "new"; the caller has checked every one is given.

    Safe to run twice at once (a double-tapped Confirm): a person the other run
    added meanwhile is matched, not added again."""
    result = ImportResult()
    for item in preview:
        row = item.row
        if item.status == "refused":
            result.refused += 1
            continue
        person = item.person
        if item.status == "doubtful" and answers[item.answer_field] != "new":
            answer = answers[item.answer_field]
            person = next(m.person for m in item.candidates if str(m.person.pk) == answer)
        if person is None:
            person = _add_person(owner, row)
            if person is None:
                result.added += 1
                continue
        result.matched += 1
        if item.status == "matched" and not item.fills:
            continue  # nothing to fill in: the preview compared them a moment ago
        if _fill_contact(person, row):
            result.updated += 1
    return result


def _add_person(owner, row: RawRow) -> Person | None:
    """Add the row's person, or the one with that name key already there: None when added."""
    try:
        with transaction.atomic():
            Person.objects.create(owner=owner, name=row.name, email=row.email, phone=row.phone)
            return None
    except IntegrityError:
        return Person.objects.get(owner=owner, key=name_key(row.name))


def _fill_contact(person: Person, row: RawRow) -> bool:
    """Fill in an email or phone the person lacks, as the row gives it (as of now)."""
    person = Person.objects.select_for_update().get(pk=person.pk)
    fills = _matched(row, person).fills
    if not fills:
        return False
    for column, value in fills.items():
        setattr(person, column, value)
    person.save(update_fields=[*fills, "key"])
    return True


def export_dataset(owner, *, for_csv: bool = False) -> tablib.Dataset:
    """The roster as name, email, phone: the columns the import reads back. For CSV a
    name that looks like a formula gets a leading ' (the import takes it off again).
    For a workbook, control characters a cell can't hold are left out (a backup
    refuses them now; one stored before would make the export fail)."""
    text = _csv_text if for_csv else _sheet_text
    data = tablib.Dataset(headers=COLUMNS, title="Roster")
    for person in Person.objects.filter(owner=owner).order_by("name"):
        data.append([text(person.name), text(person.email), text(person.phone)])
    return data


def _sheet_text(value: str) -> str:
    return ILLEGAL_CHARACTERS_RE.sub("", value)


def export_xlsx(owner) -> bytes:
    """The roster workbook, every cell text: openpyxl would make "=1+1" a formula."""
    book = openpyxl.load_workbook(io.BytesIO(export_dataset(owner).export("xlsx")))
    for row in book.active.iter_rows():
        for cell in row:
            if cell.data_type == "f":
                cell.data_type = "s"
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()
