"""Imports are bounded: a hostile workbook is refused in seconds and megabytes, and
matching names looks up an index instead of comparing every row with every person."""

import io
import json
import random
import subprocess
import sys
import zipfile
from pathlib import Path

import openpyxl
import pytest
from django.conf import settings
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db.models.signals import post_init
from django.urls import reverse

from tests.factories import EventFactory
from tourney.club import backup, people
from tourney.models import Person, name_key

pytestmark = pytest.mark.django_db

REPO = Path(__file__).resolve().parents[3]


# -- workbooks built to hurt ------------------------------------------------


def workbook(rows_xml, *, dimension="A1") -> bytes:
    """A real workbook whose first sheet's rows are ``rows_xml`` (an iterable of bytes),
    streamed into the zip so a sheet of millions of rows never sits in memory here."""
    base = io.BytesIO()
    openpyxl.Workbook().save(base)
    out = io.BytesIO()
    with (
        zipfile.ZipFile(base) as src,
        zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as dst,
    ):
        for item in src.infolist():
            if item.filename != "xl/worksheets/sheet1.xml":
                dst.writestr(item, src.read(item.filename))
                continue
            with dst.open(item.filename, "w") as sheet:
                sheet.write(
                    b'<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
                    + f'<dimension ref="{dimension}"/><sheetData>'.encode()
                )
                for chunk in rows_xml:
                    sheet.write(chunk)
                sheet.write(b"</sheetData></worksheet>")
    return out.getvalue()


def cell_rows(count: int, text) -> list[bytes]:
    """``count`` one-cell rows, in chunks of 10,000."""
    chunks = []
    for start in range(1, count + 1, 10_000):
        chunks.append(
            "".join(
                f'<row r="{n}"><c r="A{n}" t="inlineStr"><is><t>{text(n)}</t></is></c></row>'
                for n in range(start, min(start + 10_000, count + 1))
            ).encode()
        )
    return chunks


def zip_bomb() -> bytes:
    """Just under 1 MB, six million rows: the same row again and again compresses to nothing."""
    row = b'<row><c t="inlineStr"><is><t>Player</t></is></c></row>'
    return workbook([row * 100_000] * 60)


def lying_sizes(content: bytes) -> bytes:
    """The workbook with the sheet's unpacked size, as its zip directory states it,
    rewritten to 1 KB: a bomb that hides from a check of the stated sizes."""
    data = bytearray(content)
    end = data.rfind(b"PK\x05\x06")
    at = int.from_bytes(data[end + 16 : end + 20], "little")
    while data[at : at + 4] == b"PK\x01\x02":
        name, extra, comment = (
            int.from_bytes(data[at + n : at + n + 2], "little") for n in (28, 30, 32)
        )
        if data[at + 46 : at + 46 + name] == b"xl/worksheets/sheet1.xml":
            data[at + 24 : at + 28] = (1000).to_bytes(4, "little")
        at += 46 + name + extra + comment
    return bytes(data)


CHILD = """
import json, sys, time
import django
django.setup()
from tourney.club import people
data = open(sys.argv[1], "rb").read()
start = time.perf_counter()
try:
    message = f"{len(people.parse_upload('club.xlsx', data))} rows read"
except people.RosterError as exc:
    message = str(exc)
print(json.dumps({
    "message": message,
    "seconds": time.perf_counter() - start,
    # VmHWM, this process's own high-water mark: ru_maxrss would carry over the
    # parent's size from before the exec (a pytest worker can be hundreds of MB).
    "peak_mb": next(
        int(line.split()[1]) for line in open("/proc/self/status") if line.startswith("VmHWM")
    ) / 1024,
}))
"""


def parse_in_a_worker(tmp_path, content: bytes) -> dict:
    """parse_upload in a fresh process, as one server worker would run it: its answer,
    how long it took and the process's peak memory (Django loaded included)."""
    path = tmp_path / "club.xlsx"
    path.write_bytes(content)
    env = {"DJANGO_SETTINGS_MODULE": "tests.settings", "PATH": "/usr/bin:/bin"}
    done = subprocess.run(
        [sys.executable, "-c", CHILD, str(path)],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    return json.loads(done.stdout)


@pytest.mark.parametrize(
    ("build", "message"),
    [
        (zip_bomb, "That workbook unpacks to 324 MB, over the 5 MB Rookery reads"),
        (lambda: lying_sizes(zip_bomb()), "That file could not be read as an Excel workbook"),
        (
            lambda: workbook(cell_rows(60_000, lambda n: f"Player {n}")),
            "That file has more than 2000 rows: import at most 2000 at a time.",
        ),
        (
            lambda: workbook(
                [
                    b'<row r="1"><c r="A1" t="inlineStr"><is><t>Ann Whitaker</t></is></c></row>'
                    b'<row r="1048576"><c r="B1048576" t="inlineStr"><is><t>x</t></is></c>'
                    b'<c r="XFD1048576" t="inlineStr"><is><t>far</t></is></c></row>'
                ],
                dimension="A1:XFD1048576",
            ),
            "2 rows read",
        ),
    ],
    ids=["zip-bomb", "zip-bomb-with-lying-sizes", "60000-rows", "last-cell-of-the-sheet"],
)
def test_a_hostile_workbook_answers_in_seconds_and_megabytes(tmp_path, build, message):
    content = build()
    assert len(content) <= people.MAX_UPLOAD_BYTES  # each gets past the upload limit
    answer = parse_in_a_worker(tmp_path, content)
    assert answer["message"].startswith(message)
    assert answer["seconds"] < 5
    assert answer["peak_mb"] < 300


def test_a_zip_bomb_upload_is_refused_on_the_form(host_client, host):
    Person.objects.create(owner=host, name="Ann Whitaker")
    row = b'<row><c t="inlineStr"><is><t>Player</t></is></c></row>'
    bomb = workbook([row * 120_000])  # 6.6 MB of sheet in 24 KB
    upload = SimpleUploadedFile("club.xlsx", bomb)
    response = host_client.post(reverse("roster_import"), {"file": upload})
    assert response.status_code == 422
    page = response.content.decode()
    assert "That workbook unpacks to 6 MB, over the 5 MB Rookery reads" in page
    assert Person.objects.filter(owner=host).count() == 1


def test_a_workbook_past_the_row_limit_is_refused_naming_it(host_client, host):
    names = workbook(cell_rows(2500, lambda n: f"Player {n}"))
    upload = SimpleUploadedFile("club.xlsx", names)
    response = host_client.post(reverse("roster_import"), {"file": upload})
    assert response.status_code == 422
    assert "That file has more than 2000 rows: import at most 2000 at a time." in (
        response.content.decode()
    )
    assert not Person.objects.filter(owner=host).exists()


def test_a_workbook_with_blank_rows_keeps_its_row_numbers(host_client, host):
    sheet = workbook(
        [
            b'<row r="1"><c r="A1" t="inlineStr"><is><t>Name</t></is></c>'
            b'<c r="B1" t="inlineStr"><is><t>Phone</t></is></c></row>'
            b'<row r="4"><c r="A4" t="inlineStr"><is><t>Carl Dee</t></is></c>'
            b'<c r="B4"><v>400111222</v></c></row>'
        ]
    )
    upload = SimpleUploadedFile("club.xlsx", sheet)
    page = host_client.post(reverse("roster_import"), {"file": upload}).content.decode()
    assert "Row 4: Carl Dee" in page and "400111222" in page


# -- matching through an index ----------------------------------------------


def random_key(rng, letters="abcde 12", size=(1, 16)) -> str:
    return "".join(rng.choice(letters) for _ in range(rng.randint(*size))).strip()


def typo(rng, key: str, letters="abcde 12") -> str:
    chars = list(key)
    for _ in range(rng.randint(0, 3)):
        at = rng.randrange(len(chars) + 1)
        slip = rng.choice(["add", "drop", "change"])
        if slip == "add":
            chars.insert(at, rng.choice(letters))
        elif at < len(chars):
            chars[at : at + 1] = [] if slip == "drop" else [rng.choice(letters)]
    return "".join(chars)


def test_the_spelling_index_finds_exactly_what_comparing_everyone_finds():
    # A small alphabet so close spellings are everywhere: short and long keys, digits,
    # one and two slips, across the 3- and 10-letter edges of the rule.
    rng = random.Random(24)
    for _ in range(60):
        known = {random_key(rng) for _ in range(40)}
        known |= {typo(rng, k) for k in list(known) for _ in range(2)}
        known.discard("")
        index = people.SpellingIndex()
        for key in known:
            index.add(key, key)
        for typed in [*known, *(typo(rng, k) for k in known)]:
            expected = sorted(k for k in known if people.close_spelling(typed, k))
            assert sorted(index.close(typed)) == expected, typed


FIRST = ["Ann", "Bob", "Carl", "Dee", "Edna", "Frank", "Gus", "Hana", "Ivan", "Jon", "Kim"]
LAST = ["Whitaker", "Stone", "Okafor", "Moller", "Smith", "Nguyen", "Garcia", "Kowalski"]


def club(rng, count: int) -> list[str]:
    names = [f"{first} {last}" for first in FIRST for last in LAST]
    while len(names) < count:
        names.append(
            f"{rng.choice(FIRST)} {rng.choice(LAST)}-{random_key(rng, 'fghkmprst', (3, 7))}"
        )
        names = list(dict.fromkeys(names))
    return names[:count]


@pytest.fixture
def comparisons(monkeypatch):
    """How many pairs of names were compared letter by letter (the work an index saves)."""
    counted = []
    real = people.edit_distance

    def counting(*args, **kwargs):
        counted.append(args[:2])
        return real(*args, **kwargs)

    monkeypatch.setattr(people, "edit_distance", counting)
    return counted


def make_roster(owner, names):
    Person.objects.bulk_create(Person(owner=owner, name=n, key=name_key(n)) for n in names)


def test_a_big_preview_compares_a_few_names_per_row(host, comparisons):
    rng = random.Random(5)
    names = club(rng, 600)
    make_roster(host, names)
    typed = [typo(rng, n, "aeiou") for n in rng.sample(names, 300)] + club(random.Random(9), 300)
    rows = [people.RawRow(number=i, name=n) for i, n in enumerate(dict.fromkeys(typed), 1)]
    preview = people.preview_import(host, rows)
    assert len(preview) == len(rows)
    # Comparing every row with every person: 600 x 600 pairs (~100,000 past the length check).
    assert len(comparisons) < 5 * len(rows)
    # The same answers as comparing every row with everyone.
    roster = list(Person.objects.filter(owner=host))
    index = people.RosterIndex(roster)
    for item in rng.sample(preview, 60):
        assert index.match(item.row.name) == people.match_name(item.row.name, roster)
        key = name_key(item.row.name)
        close = {p.name for p in roster if people.close_spelling(key, p.key)}
        if item.status == "doubtful":
            assert {m.person.name for m in item.candidates} == close
        elif item.status == "new":
            assert not close and not any(p.key == key for p in roster)


@pytest.fixture
def people_loaded():
    """How many roster people were loaded from the database."""
    loaded = []

    def count(sender, instance, **kwargs):
        loaded.append(instance)

    post_init.connect(count, sender=Person)
    yield loaded
    post_init.disconnect(count, sender=Person)


def payload(page: str) -> dict:
    import re

    return dict(re.findall(r'type="hidden" name="(payload)" value="([^"]*)"', page))


def test_confirm_reuses_the_previews_decisions(host_client, host, people_loaded):
    make_roster(host, club(random.Random(3), 400))
    page = host_client.post(
        reverse("roster_import"), {"text": "Ann Whitaker, ann@x.org\nAnne Stone\nZed Zulu"}
    ).content.decode()
    assert "1 new" in page and "1 matched" in page and "1 doubtful" in page
    form = payload(page)
    form["row-2"] = "new"
    people_loaded.clear()
    response = host_client.post(reverse("roster_import"), form)
    # Matching again would load all 400 people; the preview's decisions need two.
    assert len(people_loaded) < 10
    done = host_client.get(response.url).content.decode()
    assert "Imported: 2 added, 1 matched, 1 with contact filled in." in done
    assert Person.objects.get(owner=host, name="Ann Whitaker").email == "ann@x.org"


def test_confirm_after_the_roster_changed_matches_again(host_client, host):
    make_roster(host, ["Ann Whitaker"])
    page = host_client.post(reverse("roster_import"), {"text": "Anne Stone"}).content.decode()
    assert "1 new" in page
    Person.objects.create(owner=host, name="Ann Stone")  # another tab, meanwhile
    again = host_client.post(reverse("roster_import"), payload(page)).content.decode()
    assert "Your roster changed since this preview" in again
    assert "“Anne Stone” is a close spelling of “Ann Stone”" in again
    assert not Person.objects.filter(owner=host, key="anne stone").exists()


def test_adding_300_names_to_a_night_compares_a_few_names_each(host_client, host, comparisons):
    rng = random.Random(7)
    names = club(rng, 600)
    make_roster(host, names)
    event = EventFactory(owner=host)
    typed = rng.sample(names, 200) + [
        f"Newcomer {chr(65 + i // 26)}{chr(65 + i % 26)}" for i in range(100)
    ]
    response = host_client.post(
        reverse("player_list", args=[event.slug]), {"names": "\n".join(typed)}
    )
    assert response.status_code == 302
    assert event.players.count() == 300
    assert event.players.filter(person__isnull=True).count() == 0
    assert len(comparisons) < 5 * len(typed)


def test_restoring_a_backup_does_not_load_the_roster_per_person(host, people_loaded):
    make_roster(host, club(random.Random(4), 300))
    Person.objects.create(owner=host, name="Nell Okafor", aliases=["Nel Okafor"])
    people_loaded.clear()
    newcomer = backup.match_person(host, {"id": 1, "name": "Zed Zulu", "aliases": []})
    merged = backup.match_person(host, {"id": 2, "name": "Nel Okafor", "aliases": []})
    assert newcomer.name == "Zed Zulu" and merged.name == "Nell Okafor"
    assert len(people_loaded) < 10


def test_a_paste_over_the_request_limit_is_refused_on_the_form(host_client, host):
    limit = max(settings.DATA_UPLOAD_MAX_MEMORY_SIZE or 0, people.MAX_UPLOAD_BYTES)
    text = "Ann Whitaker\n" * (limit // 13 + 1000)
    response = host_client.post(reverse("roster_import"), {"text": text})
    assert response.status_code in (413, 422)
    assert "paste at most 1 MB at a time" in response.content.decode()
    assert not Person.objects.filter(owner=host).exists()


def test_the_import_form_still_checks_the_csrf_token(host):
    from django.test import Client

    client = Client(enforce_csrf_checks=True)
    client.force_login(host)
    response = client.post(reverse("roster_import"), {"text": "Carl Dee"})
    assert response.status_code == 403
    assert not Person.objects.filter(owner=host).exists()


def letters(n: int) -> str:
    """A distinct four-letter word for each n below 26**4."""
    word = ""
    for _ in range(4):
        n, digit = divmod(n, 26)
        word += "abcdefghijklmnopqrstuvwxyz"[digit]
    return word


def test_a_preview_of_1500_doubtful_rows_can_be_confirmed(host_client, host):
    """Each doubtful row's answer is a field of the confirm form: 1,500 of them (and
    the payload and CSRF token) must get through Django's field cap."""
    make_roster(host, [f"Quill {letters(i * 7)}" for i in range(1500)])
    typed = "\n".join(f"Quill {letters(i * 7)}e" for i in range(1500))  # one letter more
    page = host_client.post(reverse("roster_import"), {"text": typed}).content.decode()
    assert "1500 doubtful" in page
    form = payload(page)
    form.update({f"row-{n}": "new" for n in range(1, 1501)})
    response = host_client.post(reverse("roster_import"), form)
    assert response.status_code == 302, response.content.decode()[:2000]
    done = host_client.get(response.url).content.decode()
    assert "Imported: 1500 added, 0 matched." in done
    assert Person.objects.filter(owner=host).count() == 3000
