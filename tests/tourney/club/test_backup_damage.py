"""Damaged backups are refused whole, naming the first problems, and nothing changes.

Each case is a hand-edit or corruption that today's import stored (then the pages of
that night failed to read it) or crashed on. Every case runs for an event file
(import_event) and for a club file (import_club).
"""

import copy
import io
import json

import pytest
from django.core.management import CommandError, call_command
from django.db import transaction
from django.urls import reverse
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.factories import UserFactory, night, valid_points
from tourney import services
from tourney.club.backup import BackupError, export_event, import_event
from tourney.club.club_backup import export_club, import_club
from tourney.models import Event, Person, Player, Round, Score, Season, TableCard
from tourney.night.sheet import build_sheet

pytestmark = pytest.mark.django_db


def played_night(owner):
    season = Season.objects.create(owner=owner, name="Autumn")
    event = night(4, owner=owner, name="Week 1", season=season, record_buys=True)
    for _ in range(2):
        rnd = services.seat_next_round(event)
        services.begin_round(rnd)
        for table in rnd.tables.all():
            services.submit_scores(table, valid_points(table), entered_by="Ann")
        services.close_round(rnd)
    assert TableCard.objects.filter(event=event).exists()
    Person.objects.filter(owner=owner, name="P01").update(aliases=["Pea One"])
    return event


def nested(depth):
    value = []
    for _ in range(depth):
        value = [value]
    return value


# Each damage edits one event document and the people it names; its problem is the
# message (path after the event's own prefix) the refusal must show.
DAMAGES = {
    "rounds-planned-50": (
        lambda e, p: e["event"].update(rounds_planned=50),
        "event.rounds_planned: 50 is not between 1 and 11",
    ),
    "round-30": (
        lambda e, p: e["rounds"][1].update(number=30),
        "rounds[1].number: 30 is not between 1 and 11",
    ),
    "round-status-bogus": (
        lambda e, p: e["rounds"][1].update(status="bogus"),
        "rounds[1].status: 'bogus' is not one of planned, playing, closed",
    ),
    "token-path": (
        lambda e, p: e["table_cards"][0].update(token="../../etc/passwd"),
        "table_cards[0].token: '../../etc/passwd' is not a table link's token",
    ),
    "code-path": (
        lambda e, p: e["table_cards"][0].update(code="../../etc"),
        "table_cards[0].code: '../../etc' is not a table code",
    ),
    "score-7777": (
        lambda e, p: e["scores"][0].update(points=7777),
        "scores[0].points: 7777 is not between 0 and 2000",
    ),
    "score-10-to-the-20": (
        lambda e, p: e["scores"][0].update(points=10**20),
        "scores[0].points: 100000000000000000000 is not between 0 and 2000",
    ),
    "score-fraction": (
        lambda e, p: e["scores"][0].update(points=12.5),
        "scores[0].points: 12.5 is not a whole number",
    ),
    "score-text": (
        lambda e, p: e["scores"][0].update(points="12"),
        "scores[0].points: '12' is not a whole number",
    ),
    "buys-1000": (
        lambda e, p: e["scores"][0].update(buys=1000),
        "scores[0].buys: 1000 is not between 0 and 99",
    ),
    "player-status-bogus": (
        lambda e, p: e["players"][0].update(status="gone fishing"),
        "players[0].status: 'gone fishing' is not one of registered, present, absent, left",
    ),
    "entry-state-bogus": (
        lambda e, p: e["entries"][0].update(state="bogus"),
        "entries[0].state: 'bogus' is not one of current, replaced, disputed, dismissed",
    ),
    "player-name-10000": (
        lambda e, p: e["players"][0].update(name="x" * 10_000),
        "players[0].name: 10000 characters is longer than 60",
    ),
    "event-name-10000": (
        lambda e, p: e["event"].update(name="x" * 10_000),
        "event.name: 10000 characters is longer than 120",
    ),
    "note-10000": (
        lambda e, p: e["entries"][0].update(note="x" * 10_000),
        "entries[0].note: 10000 characters is longer than 200",
    ),
    "person-name-10000": (
        lambda e, p: p[0].update(name="x" * 10_000),
        "people[0].name: 10000 characters is longer than 60",
    ),
    "aliases-a-string": (
        lambda e, p: p[0].update(aliases="abcdef"),
        "people[0].aliases: 'abcdef' is not a list of other spellings",
    ),
    "seat-names-no-player": (
        lambda e, p: e["seats"][0].update(player=999_999),
        "seats[0].player: names a player the file doesn't list (999999)",
    ),
    "rounds-not-a-list": (
        lambda e, p: e.update(rounds="abc"),
        "rounds: 'abc' is not a list of rounds",
    ),
    "table-size-1": (
        lambda e, p: e["event"].update(min_table_size=1),
        "event.min_table_size: 1 is not between 3 and 5",
    ),
    "player-name-nul": (
        lambda e, p: e["players"][0].update(name="Ann\x00W"),
        "players[0].name: 'Ann\\x00W' holds a control character (NUL, U+0000), which no text",
    ),
    "person-name-nul": (
        lambda e, p: p[0].update(name="Ann\x00W"),
        "people[0].name: 'Ann\\x00W' holds a control character (NUL, U+0000)",
    ),
    "alias-bell": (
        lambda e, p: p[0].update(aliases=["Pea\x07One"]),
        "people[0].aliases[0]: 'Pea\\x07One' holds a control character (U+0007)",
    ),
    "event-place-escape": (
        lambda e, p: e["event"].update(place="Hall\x1b"),
        "event.place: 'Hall\\x1b' holds a control character (U+001B)",
    ),
    "note-nul": (
        lambda e, p: e["entries"][0].update(note="\x00"),
        "entries[0].note: '\\x00' holds a control character (NUL, U+0000)",
    ),
    "ended-at-naive": (
        lambda e, p: e["event"].update(ended_at="0001-01-01T00:00:00"),
        "event.ended_at: '0001-01-01T00:00:00' has no time zone",
    ),
    "created-at-naive": (
        lambda e, p: e["entries"][0].update(created_at="2026-11-25T19:30:00"),
        "entries[0].created_at: '2026-11-25T19:30:00' has no time zone",
    ),
    "one-table-game-two-tables": (
        lambda e, p: (
            e["event"].update(kind="table"),
            e["tables"].append(dict(e["tables"][0], id=999_999, number=2)),
        ),
        "tables[2]: a second table in a round of a game at one table (kind “table”)",
    ),
    "deeply-nested": (
        lambda e, p: e["entries"][0].update(note=nested(200)),
        "the file nests values",
    ),
}


def snapshot(owner):
    """Everything the host has, to show a refused file changed nothing."""
    return (
        sorted(Person.objects.filter(owner=owner).values_list("name", "email", "aliases")),
        sorted(Season.objects.filter(owner=owner).values_list("name", flat=True)),
        sorted(Event.objects.filter(owner=owner).values_list("name", flat=True)),
        Player.objects.filter(event__owner=owner).count(),
        Round.objects.filter(event__owner=owner).count(),
        Score.objects.filter(entry__round__event__owner=owner).count(),
        TableCard.objects.filter(event__owner=owner).count(),
    )


@pytest.mark.parametrize("case", DAMAGES, ids=list(DAMAGES))
def test_a_damaged_event_file_is_refused_and_nothing_changes(host, case):
    event = played_night(host)
    doc = json.loads(json.dumps(export_event(event)))
    services.delete_event(event)  # P01 (with another spelling) stays on the roster
    damage, problem = DAMAGES[case]
    damage(doc, doc["people"])
    before = snapshot(host)
    with pytest.raises(BackupError) as refused:
        import_event(doc, owner=host)
    assert str(refused.value).startswith("the file is damaged: ")
    assert problem in str(refused.value)
    assert snapshot(host) == before


@pytest.mark.parametrize("case", DAMAGES, ids=list(DAMAGES))
def test_a_damaged_club_file_is_refused_and_nothing_changes(host, case):
    played_night(host)
    doc = json.loads(json.dumps(export_club(host)))
    other = UserFactory(username="second-host")
    Person.objects.create(owner=other, name="P01", aliases=["Pea"])  # already on their roster
    damage, problem = DAMAGES[case]
    damage(doc["events"][0], doc["people"])
    before = snapshot(other)
    with pytest.raises(BackupError) as refused:
        import_club(doc, owner=other)
    message = str(refused.value)
    assert message.startswith("the file is damaged: ")
    if problem.startswith(("people[", "the file")):  # not inside the event
        assert problem in message
    else:
        assert f"events[0].{problem}" in message
    assert snapshot(other) == before


def test_a_refusal_names_the_first_few_problems(host):
    event = played_night(host)
    doc = export_event(event)
    services.delete_event(event)
    for score in doc["scores"]:
        score["points"] = -1
    with pytest.raises(BackupError) as refused:
        import_event(doc, owner=host)
    message = str(refused.value)
    assert "scores[0].points: -1 is not between 0 and 2000" in message
    assert "scores[4].points" in message and "scores[5]" not in message
    assert message.endswith("(and perhaps more).")


def test_the_import_commands_refuse_json_nested_past_any_backup(tmp_path, host):
    path = tmp_path / "deep.json"
    path.write_text('{"format": "rookery-club/1", "people": ' + "[" * 100_000, encoding="utf-8")
    for command in ("import_event", "import_club"):
        with pytest.raises(CommandError, match="Can't read"):
            call_command(command, str(path), stdout=io.StringIO())
    assert not Event.objects.exists()


def test_a_sound_file_still_imports_after_the_checks(host):
    event = played_night(host)
    doc = export_event(event)
    services.delete_event(event)
    restored = import_event(doc, owner=host)
    assert restored.rounds.count() == 2
    assert Score.objects.filter(entry__round__event=restored).count() == 8


def every_path(value, path=()):
    """The path to every value in a document (mapping keys and list indexes)."""
    items = value.items() if isinstance(value, dict) else enumerate(value)
    for key, child in items:
        yield (*path, key)
        if isinstance(child, dict | list):
            yield from every_path(child, (*path, key))


JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**25), max_value=10**25),
    st.floats(),  # NaN and infinity too: Python's json reads them
    st.text(max_size=80),
    st.just("x" * 10_000),
    st.just("../../etc/passwd"),
    st.lists(st.integers(), max_size=3),
    st.dictionaries(st.text(max_size=8), st.integers(), max_size=2),
)


class Rollback(Exception):
    pass


@pytest.mark.parametrize("kind", ["event", "club"])
def test_any_one_value_damaged_is_refused_or_imports_pages_that_open(host, client, kind):
    """Whatever one value of a file is changed to, the import either refuses it with a
    BackupError or stores a night whose pages open: never a crash, never a 500 later."""
    event = played_night(host)
    if kind == "event":
        doc = json.loads(json.dumps(export_event(event)))
        services.delete_event(event)
    else:
        doc = json.loads(json.dumps(export_club(host)))
    other = UserFactory(username="second-host")
    client.force_login(other if kind == "club" else host)
    paths = [p for p in every_path(doc) if p != ("format",)]

    @settings(max_examples=120, deadline=None, database=None)
    @given(path=st.sampled_from(paths), junk=JUNK)
    def damage_one_value(path, junk):
        damaged = copy.deepcopy(doc)
        *parents, last = path
        target = damaged
        for key in parents:
            target = target[key]
        target[last] = junk
        try:
            with transaction.atomic():
                if kind == "event":
                    events = [import_event(damaged, owner=host)]
                else:
                    events = import_club(damaged, owner=other).events
                for imported in events:
                    build_sheet(imported)
                    for name in ("event_detail", "master_sheet", "standings"):
                        url = reverse(name, args=[imported.slug])
                        assert client.get(url).status_code == 200, (path, junk, url)
                raise Rollback
        except (BackupError, Rollback):
            pass

    damage_one_value()


@pytest.mark.parametrize("owner", [["hostess"], {"a": 1}, 12], ids=["list", "mapping", "number"])
def test_a_club_file_naming_its_owner_oddly_asks_whose_club(tmp_path, host, owner):
    played_night(host)
    doc = export_club(host)
    doc["owner"] = owner
    path = tmp_path / "club.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(CommandError, match="Say which host receives the club"):
        call_command("import_club", str(path), stdout=io.StringIO())
