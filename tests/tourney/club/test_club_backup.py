"""export_club and import_club move a host's whole club: roster, seasons, every event."""

import io
import json

import pytest
from django.core.management import CommandError, call_command

from tests.factories import UserFactory, night, valid_points
from tourney import services
from tourney.models import ClubSite, Entry, Event, Person, Player, Season
from tourney.night.sheet import build_sheet

pytestmark = pytest.mark.django_db


def play(event, rounds, *, correct=False):
    for _ in range(rounds):
        rnd = services.seat_next_round(event)
        services.begin_round(rnd)
        for table in rnd.tables.all():
            services.submit_scores(table, valid_points(table), entered_by="Ann")
        services.close_round(rnd)
    if correct:  # a correction after the round closed: a second version, the first kept
        services.reopen_round(rnd)
        table = rnd.tables.get(number=1)
        services.submit_scores(table, valid_points(table, out_index=1, base=30), source="host")
        services.close_round(rnd)


def build_club(owner):
    autumn = Season.objects.create(owner=owner, name="Autumn", method="best_of", best_of=2)
    Season.objects.create(owner=owner, name="Winter", method="points", points_table="5, 3, 1")
    first = night(8, owner=owner, name="Week 1", season=autumn, rounds_planned=2)
    play(first, 2)
    second = night(
        9, owner=owner, name="Week 2", season=autumn, season_seating=False, rounds_planned=2
    )
    play(second, 2, correct=True)
    shanghai = night(
        8,
        owner=owner,
        name="Shanghai week",
        season=autumn,
        game_slug="shanghai",
        min_table_size=4,
        max_table_size=6,
        rounds_planned=1,
    )
    play(shanghai, 1)
    services.end_event(shanghai)  # ended by the host: kept as such
    night(4, owner=owner, name="Unseasoned")  # no season, no rounds yet
    Person.objects.filter(owner=owner, name="P01").update(
        email="p1@example.org", phone="555 0101", aliases=["Pea One"]
    )
    Person.objects.create(owner=owner, name="Newcomer Nell", email="nell@example.org")


def club_state(owner):
    """Everything a host would check after moving their club, by name (ids differ)."""
    people = sorted(
        (p.name, p.email, p.phone, tuple(p.aliases), p.players.count())
        for p in Person.objects.filter(owner=owner)
    )
    seasons = sorted(
        (s.name, s.method, s.best_of, s.points_table) for s in Season.objects.filter(owner=owner)
    )
    events = []
    for event in Event.objects.filter(owner=owner).order_by("name"):
        versions = sorted(
            (
                e.round.number,
                e.table.number if e.table else None,
                e.version,
                e.state,
                e.source,
                tuple(sorted((s.player.person.name, s.points, s.played) for s in e.scores.all())),
            )
            for e in Entry.objects.filter(round__event=event).select_related("round", "table")
        )
        sheet = build_sheet(event)
        events.append(
            (
                event.name,
                event.date,
                event.game_slug,
                event.season.name if event.season else None,
                event.season_seating,
                event.ended_at,
                sorted((p.name, p.person.name, p.status) for p in event.players.all()),
                versions,
                sheet.finished,
                [(r.place, r.tied, r.player.person.name, r.total) for r in sheet.rows],
            )
        )
    return people, seasons, events


def season_standings(season):
    """Total of places by person over the season's finished nights, and nights played."""
    places: dict[str, list[int]] = {}
    for event in season.events.all():
        sheet = build_sheet(event)
        if sheet.finished:
            for row in sheet.rows:
                places.setdefault(row.player.person.name, []).append(row.place)
    return sorted((sum(p), len(p), name) for name, p in places.items())


def export(owner, tmp_path):
    out = io.StringIO()
    call_command("export_club", owner=owner.username, stdout=out)
    path = tmp_path / "club.json"
    path.write_text(out.getvalue(), encoding="utf-8")
    return path, json.loads(out.getvalue())


def test_club_round_trips_into_another_host(tmp_path, host):
    build_club(host)
    path, doc = export(host, tmp_path)
    assert doc["format"] == "rookery-club/1"
    assert len(doc["people"]) == 10  # P01-P09 and Nell, who has no nights yet
    assert len(doc["events"]) == 4

    other = UserFactory(username="second-host")
    out = io.StringIO()
    call_command("import_club", str(path), owner="second-host", stdout=out)
    assert "4 events imported; people: 10 new, 0 already on the roster" in out.getvalue()

    assert club_state(other) == club_state(host)
    mine = Season.objects.get(owner=host, name="Autumn")
    theirs = Season.objects.get(owner=other, name="Autumn")
    assert theirs.slug == mine.slug  # addresses are per host: each keeps its own
    assert season_standings(theirs) == season_standings(mine)
    assert len(season_standings(mine)) == 9
    # Every event got a fresh address; the first host's nights are untouched.
    assert Event.objects.filter(owner=other).count() == 4
    assert not set(Event.objects.filter(owner=other).values_list("slug", flat=True)) & set(
        Event.objects.filter(owner=host).values_list("slug", flat=True)
    )
    assert Entry.objects.filter(round__event__owner=other, state="replaced").count() == 1


def test_a_repeat_import_makes_no_twins(tmp_path, host):
    build_club(host)
    path, _ = export(host, tmp_path)
    other = UserFactory(username="second-host")
    call_command("import_club", str(path), owner="second-host", stdout=io.StringIO())
    before = club_state(other)
    out = io.StringIO()
    call_command("import_club", str(path), owner="second-host", stdout=out)
    assert "0 events imported, 4 already here skipped" in out.getvalue()
    assert "people: 0 new, 10 already on the roster; seasons: 0 new, 2 already here" in (
        out.getvalue()
    )
    assert club_state(other) == before


def test_import_into_the_same_host_matches_its_roster(tmp_path, host):
    """A club file brought back to its own host: every person and season is matched."""
    build_club(host)
    path, _ = export(host, tmp_path)
    before = club_state(host)
    out = io.StringIO()
    call_command("import_club", str(path), stdout=out)  # the owner the file names
    assert "people: 0 new, 10 already on the roster" in out.getvalue()
    assert club_state(host) == before


def test_a_damaged_club_file_saves_nothing(tmp_path, host):
    build_club(host)
    path, doc = export(host, tmp_path)
    doc["events"][-1]["players"][0]["person"] = 999_999
    path.write_text(json.dumps(doc), encoding="utf-8")
    other = UserFactory(username="second-host")
    with pytest.raises(CommandError, match=r"nothing was saved.*names a person the file doesn't"):
        call_command("import_club", str(path), owner="second-host")
    assert not Person.objects.filter(owner=other).exists()
    assert not Season.objects.filter(owner=other).exists()
    assert not Event.objects.filter(owner=other).exists()
    assert not Player.objects.filter(event__owner=other).exists()


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{not json", "Can't read"),
        ('{"format": "rookery-event/2"}', "not a Rookery club backup"),
        ('{"format": "rookery-club/1", "owner": "hostess", "people": []}', "no list of seasons"),
    ],
    ids=["not-json", "event-file", "no-seasons"],
)
def test_files_that_are_not_club_backups_are_refused(tmp_path, host, content, message):
    path = tmp_path / "x.json"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(CommandError, match=message):
        call_command("import_club", str(path), owner="hostess")


def test_a_missing_host_is_refused_not_made(tmp_path, host):
    build_club(host)
    path, _ = export(host, tmp_path)
    with pytest.raises(CommandError, match="No account “nobody” here: create it first"):
        call_command("import_club", str(path), owner="nobody")
    assert not Event.objects.exclude(owner=host).exists()


def test_export_asks_whose_club_when_there_are_several_hosts(host):
    UserFactory(username="second-host")
    with pytest.raises(CommandError, match="Say whose club with --owner USERNAME"):
        call_command("export_club")
    with pytest.raises(CommandError, match="No account “nobody”"):
        call_command("export_club", owner="nobody")


def _rules_garbage(doc):
    doc["events"][0]["event"]["house_rules"] = "garbage"


def _rules_unknown(doc):
    doc["events"][0]["event"]["house_rules"] = {"no_such_rule": 3}


def _bad_date(doc):
    doc["events"][0]["event"]["date"] = "not-a-date"


def _nameless_person(doc):
    doc["people"][0]["name"] = None


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        (_rules_garbage, "house rules must be a set of rules"),
        (_rules_unknown, "no_such_rule"),
        (_bad_date, "“not-a-date” is not a date"),
        (_nameless_person, "a person needs a name"),
    ],
    ids=["rules-not-a-mapping", "unknown-rule", "bad-date", "nameless-person"],
)
def test_hand_damaged_values_are_refused_with_a_message(tmp_path, host, damage, message):
    """Values the event form or roster would never store: refused, nothing saved, so no
    page of the host's nights fails to read them later."""
    build_club(host)
    path, doc = export(host, tmp_path)
    damage(doc)
    path.write_text(json.dumps(doc), encoding="utf-8")
    other = UserFactory(username="second-host")
    with pytest.raises(CommandError, match=f"nothing was saved.*{message}"):
        call_command("import_club", str(path), owner="second-host")
    assert not Event.objects.filter(owner=other).exists()
    assert not Person.objects.filter(owner=other).exists()


def test_the_club_sites_settings_travel_with_the_club_but_not_its_address(tmp_path, host):
    build_club(host)
    site = ClubSite.objects.create(
        owner=host, published=True, title="Tuesday Rook", names="full", indexable=True
    )
    site.hidden.add(Person.objects.get(owner=host, name="P01"))
    path, doc = export(host, tmp_path)
    p01 = next(p["id"] for p in doc["people"] if p["name"] == "P01")
    assert doc["site"] == {
        "published": True,
        "title": "Tuesday Rook",
        "names": "full",
        "indexable": True,
        "hidden": [p01],
    }
    assert site.key not in path.read_text(encoding="utf-8")

    other = UserFactory(username="second-host")
    out = io.StringIO()
    call_command("import_club", str(path), owner="second-host", stdout=out)
    assert "club site settings restored (unpublished" in out.getvalue()
    theirs = ClubSite.objects.get(owner=other)
    assert (theirs.title, theirs.names, theirs.indexable) == ("Tuesday Rook", "full", True)
    assert not theirs.published and theirs.key != site.key
    assert list(theirs.hidden.all()) == [Person.objects.get(owner=other, name="P01")]


def test_a_club_file_keeps_a_hosts_own_site_settings_and_adds_who_it_hides(tmp_path, host):
    build_club(host)
    ClubSite.objects.create(owner=host, title="Old name").hidden.add(
        Person.objects.get(owner=host, name="P02")
    )
    path, _doc = export(host, tmp_path)
    other = UserFactory(username="second-host")
    mine = ClubSite.objects.create(owner=other, published=True, title="New name", names="initial")
    out = io.StringIO()
    call_command("import_club", str(path), owner="second-host", stdout=out)
    assert "club site settings kept, 1 hidden person added" in out.getvalue()
    mine.refresh_from_db()
    assert (mine.published, mine.title, mine.names) == (True, "New name", "initial")
    assert [p.name for p in mine.hidden.all()] == ["P02"]


def _site_names(doc):
    doc["site"]["names"] = "everything"


def _site_hides_a_stranger(doc):
    doc["site"]["hidden"] = [9999]


def _site_not_settings(doc):
    doc["site"] = "public"


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        (_site_names, "site.names: 'everything' is not one of initial, full"),
        (_site_hides_a_stranger, "site.hidden\\[0\\]: names a person the file doesn't list"),
        (_site_not_settings, "site: 'public' is not the club site's settings"),
    ],
    ids=["names", "hidden-stranger", "not-a-mapping"],
)
def test_damaged_club_site_settings_are_refused_and_nothing_is_saved(
    tmp_path, host, damage, message
):
    build_club(host)
    ClubSite.objects.create(owner=host, title="Tuesday Rook")
    path, doc = export(host, tmp_path)
    damage(doc)
    path.write_text(json.dumps(doc), encoding="utf-8")
    other = UserFactory(username="second-host")
    with pytest.raises(CommandError, match=f"nothing was saved.*{message}"):
        call_command("import_club", str(path), owner="second-host")
    assert not Person.objects.filter(owner=other).exists()
    assert not ClubSite.objects.filter(owner=other).exists()
