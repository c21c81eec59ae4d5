"""export_event and import_event round-trip a night with every version, its people and
its season; files from before people and seasons (rookery-event/1) still import."""

import io
import json

import pytest
from django.core.management import CommandError, call_command

from tests.factories import night, valid_points
from tourney import services
from tourney.models import Entry, Event, Person, Player, Season
from tourney.night.sheet import build_sheet

pytestmark = pytest.mark.django_db


def snapshot(event):
    entries = [
        (
            e.round.number,
            e.table.number if e.table else None,
            e.version,
            e.state,
            e.entered_by,
            e.confirmed_by,
            e.created_at,
            tuple(sorted((s.player.name, s.points, s.played) for s in e.scores.all())),
        )
        for e in Entry.objects.filter(round__event=event)
        .select_related("round", "table")
        .prefetch_related("scores__player")
        .order_by("round__number", "table__number", "version")
    ]
    seats = sorted(
        (s.round.number, s.table.number, s.position, s.player.name)
        for s in event.rounds.first().seats.select_related("round", "table", "player")
    )
    standings = [(r.place, r.player.name, r.total) for r in build_sheet(event).rows]
    return entries, seats, standings


def test_export_then_import_round_trips_the_event(tmp_path, host):
    event = night(13, owner=host)
    for _ in range(2):
        rnd = services.seat_next_round(event)
        services.begin_round(rnd)
        for table in rnd.tables.all():
            services.submit_scores(table, valid_points(table), entered_by="Ann")
        first = rnd.tables.get(number=1)
        current = first.entries.get(state="current")
        confirmer = first.seats.get(position=1).player
        services.confirm_entry(current, player=confirmer, version=current.version, device="d2")
        services.submit_scores(first, valid_points(first, out_index=1), entered_by="Cy")  # dispute
        services.close_round(rnd, keep_first_entry=True)
    services.reopen_round(rnd)
    services.submit_scores(
        rnd.tables.get(number=2), valid_points(rnd.tables.get(number=2), base=40), source="host"
    )
    services.close_round(rnd)
    before = snapshot(event)
    out = io.StringIO()
    call_command("export_event", event.slug, stdout=out)
    path = tmp_path / "night.json"
    path.write_text(out.getvalue(), encoding="utf-8")
    assert json.loads(out.getvalue())["format"] == "rookery-event/2"

    services.delete_event(event)
    assert not Event.objects.exists()
    call_command("import_event", str(path), stdout=io.StringIO())
    restored = Event.objects.get()
    assert snapshot(restored) == before
    # The disputes were settled when each round closed keeping the first entry: kept, dismissed.
    assert Entry.objects.filter(state="dismissed", note__contains="keeping the first").count() == 2
    assert Entry.objects.filter(state="replaced").count() >= 1


def test_import_refuses_an_event_that_exists(tmp_path, host):
    event = night(4, owner=host)
    out = io.StringIO()
    call_command("export_event", event.slug, stdout=out)
    path = tmp_path / "night.json"
    path.write_text(out.getvalue(), encoding="utf-8")
    with pytest.raises(CommandError, match="already exists here"):
        call_command("import_event", str(path))
    assert Event.objects.count() == 1


def test_import_refuses_a_file_that_is_not_a_backup(tmp_path):
    path = tmp_path / "other.json"
    path.write_text('{"hello": 1}', encoding="utf-8")
    with pytest.raises(CommandError, match="not a Rookery event backup"):
        call_command("import_event", str(path))


def test_export_names_the_events_there_are(host):
    night(3, owner=host, name="Known")
    with pytest.raises(CommandError, match=r"No event “nope”\. Events here: known-"):
        call_command("export_event", "nope")


def export_file(tmp_path, event, name="night.json"):
    out = io.StringIO()
    call_command("export_event", event.slug, stdout=out)
    path = tmp_path / name
    path.write_text(out.getvalue(), encoding="utf-8")
    return path, json.loads(out.getvalue())


def play(event, rounds):
    for _ in range(rounds):
        rnd = services.seat_next_round(event)
        services.begin_round(rnd)
        for table in rnd.tables.all():
            services.submit_scores(table, valid_points(table), entered_by="Ann")
        services.close_round(rnd)


def test_version_2_keeps_people_with_contact_and_the_season(tmp_path, host):
    season = Season.objects.create(
        owner=host, name="Spring 2027", method="points", points_table="12, 9, 7"
    )
    event = night(5, owner=host, season=season, season_seating=False)
    Person.objects.filter(owner=host, name="P01").update(
        email="p1@example.org", phone="555 0101", aliases=["Pee One"]
    )
    play(event, 1)
    before = snapshot(event)
    path, doc = export_file(tmp_path, event)
    assert doc["season"]["slug"] == "spring-2027"
    assert {p["name"]: p["email"] for p in doc["people"]}["P01"] == "p1@example.org"

    # A fresh database: no event, no roster, no season.
    services.delete_event(event)
    Person.objects.all().delete()
    season.delete()
    call_command("import_event", str(path), stdout=io.StringIO())
    restored = Event.objects.get()
    assert snapshot(restored) == before
    assert restored.season.name == "Spring 2027"
    assert (restored.season.slug, restored.season.method, restored.season.points()) == (
        "spring-2027",
        "points",
        [12, 9, 7],
    )
    assert restored.season_seating is False
    ann = Person.objects.get(name="P01")
    assert (ann.owner, ann.email, ann.phone, ann.aliases) == (
        host,
        "p1@example.org",
        "555 0101",
        ["Pee One"],
    )
    assert Person.objects.count() == 5
    assert {p.person.name for p in restored.players.all()} == {f"P0{n}" for n in range(1, 6)}


def test_people_and_season_are_matched_on_the_host_roster(tmp_path, host):
    season = Season.objects.create(owner=host, name="Spring 2027")
    event = night(4, owner=host, season=season)
    Person.objects.filter(name="P01").update(email="old@example.org")
    Person.objects.filter(name="P02").update(phone="555 0202")
    play(event, 1)
    path, _ = export_file(tmp_path, event)
    services.delete_event(event)
    # The roster now spells P01 differently and has no phone for P02 (what a file
    # from another computer could hold); the file's contact fills only what's empty.
    Person.objects.filter(name="P01").update(name="p01", key="p01", email="kept@example.org")
    Person.objects.filter(name="P02").update(phone="")
    people = set(Person.objects.values_list("pk", flat=True))
    call_command("import_event", str(path), stdout=io.StringIO())
    restored = Event.objects.get()
    assert set(Person.objects.values_list("pk", flat=True)) == people
    assert Season.objects.get() == restored.season == season
    assert Person.objects.get(key="p01").email == "kept@example.org"
    assert Person.objects.get(key="p02").phone == "555 0202"
    assert restored.players.get(name="P01").person.name == "p01"


def test_a_version_1_file_still_imports_its_players_as_people(tmp_path, host):
    event = night(4, owner=host)
    play(event, 1)
    before = snapshot(event)
    _, doc = export_file(tmp_path, event)
    # What Rookery wrote before people and seasons.
    doc["format"] = "rookery-event/1"
    del doc["people"], doc["season"], doc["event"]["season_seating"]
    for player in doc["players"]:
        del player["person"]
    path = tmp_path / "v1.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    services.delete_event(event)
    Person.objects.exclude(name="P01").delete()  # P01 is on the roster already
    p01 = Person.objects.get(name="P01")

    call_command("import_event", str(path), stdout=io.StringIO())
    restored = Event.objects.get()
    assert snapshot(restored) == before
    assert restored.season is None
    assert restored.players.get(name="P01").person == p01
    assert sorted(Person.objects.filter(owner=host).values_list("name", flat=True)) == [
        "P01",
        "P02",
        "P03",
        "P04",
    ]


def test_a_bad_person_in_the_file_saves_nothing_and_says_who(tmp_path, host):
    event = night(4, owner=host)
    play(event, 1)
    _, doc = export_file(tmp_path, event)
    services.delete_event(event)
    Person.objects.all().delete()
    doc["people"][2]["email"] = "not an address"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(
        CommandError,
        match=r"nothing was saved.*people\[2\]\.email: .not an address. is not an email address",
    ):
        call_command("import_event", str(path))
    assert not Event.objects.exists()
    assert not Person.objects.exists()
    assert not Player.objects.exists()


def test_a_file_missing_a_part_says_which(tmp_path, host):
    event = night(4, owner=host)
    _, doc = export_file(tmp_path, event)
    services.delete_event(event)
    del doc["rounds"]
    path = tmp_path / "cut.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(CommandError, match=r"nothing was saved.*missing “rounds”"):
        call_command("import_event", str(path))
    assert not Event.objects.exists()


def test_a_reopened_night_keeps_when_it_was_reopened_and_its_link_days(tmp_path, host):
    event = night(8, owner=host)
    event.table_history_days = 30
    event.save()
    services.end_event(event)
    services.reopen_event(event)
    event.refresh_from_db()
    out = io.StringIO()
    call_command("export_event", event.slug, stdout=out)
    path = tmp_path / "night.json"
    path.write_text(out.getvalue(), encoding="utf-8")
    ended, reopened = event.ended_at, event.reopened_at
    services.delete_event(event)
    call_command("import_event", str(path), stdout=io.StringIO())
    restored = Event.objects.get()
    assert (restored.ended_at, restored.reopened_at) == (ended, reopened)
    assert reopened is not None
    assert restored.table_history_days == 30


def test_who_entered_each_version_comes_back_as_the_seated_player(tmp_path, host):
    event = night(8, owner=host)
    rnd = services.seat_next_round(event)
    services.begin_round(rnd)
    table = rnd.tables.get(number=1)
    fern = table.seats.get(position=2).player
    services.submit_scores(table, valid_points(table), entered_by_player=fern, device="d" * 32)
    out = io.StringIO()
    call_command("export_event", event.slug, stdout=out)
    path = tmp_path / "night.json"
    path.write_text(out.getvalue(), encoding="utf-8")
    services.delete_event(event)
    call_command("import_event", str(path), stdout=io.StringIO())
    entry = Entry.objects.get()
    assert entry.entered_by_player.name == fern.name
    assert entry.entered_by_player.event == Event.objects.get()
