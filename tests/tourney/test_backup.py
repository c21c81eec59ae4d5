"""export_event and import_event round-trip a night with every version."""

import io
import json

import pytest
from django.core.management import CommandError, call_command

from tests.factories import night, valid_points
from tourney import services
from tourney.models import Entry, Event
from tourney.sheet import build_sheet

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
    assert json.loads(out.getvalue())["format"] == "rookery-event/1"

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
