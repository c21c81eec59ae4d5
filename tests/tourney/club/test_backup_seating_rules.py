"""Event backups carry the host's seating rules; files from before them still import."""

import io
import json

import pytest
from django.core.management import CommandError, call_command

from tests.factories import night
from tourney import services
from tourney.models import Event, Player, SeatingConstraint

pytestmark = pytest.mark.django_db


def rules_of(event) -> list[tuple]:
    return sorted(
        (c.kind, c.player.name, c.other.name if c.other else None, c.table)
        for c in event.seating_constraints.select_related("player", "other")
    )


def add_rules(event) -> None:
    p = {pl.name: pl for pl in event.players.all()}
    SeatingConstraint.objects.create(event=event, kind="pin", player=p["P03"], table=1)
    SeatingConstraint.objects.create(event=event, kind="apart", player=p["P01"], other=p["P02"])
    SeatingConstraint.objects.create(event=event, kind="together", player=p["P04"], other=p["P05"])


def exported(tmp_path, event) -> tuple:
    out = io.StringIO()
    call_command("export_event", event.slug, stdout=out)
    path = tmp_path / "night.json"
    path.write_text(out.getvalue(), encoding="utf-8")
    return path, json.loads(out.getvalue())


def test_seating_rules_round_trip(tmp_path, host):
    event = night(13, owner=host)
    add_rules(event)
    path, doc = exported(tmp_path, event)
    assert len(doc["seating_constraints"]) == 3
    before = rules_of(event)
    services.delete_event(event)

    call_command("import_event", str(path), stdout=io.StringIO())
    restored = Event.objects.get()
    assert (
        rules_of(restored)
        == before
        == [
            ("apart", "P01", "P02", None),
            ("pin", "P03", None, 1),
            ("together", "P04", "P05", None),
        ]
    )


def test_a_backup_from_before_seating_rules_still_imports(tmp_path, host):
    event = night(5, owner=host)
    path, doc = exported(tmp_path, event)
    del doc["seating_constraints"]
    path.write_text(json.dumps(doc), encoding="utf-8")
    services.delete_event(event)

    call_command("import_event", str(path), stdout=io.StringIO())
    restored = Event.objects.get()
    assert restored.players.count() == 5
    assert rules_of(restored) == []


def test_a_rule_naming_a_player_the_file_lacks_is_refused(tmp_path, host):
    event = night(5, owner=host)
    add_rules(event)
    path, doc = exported(tmp_path, event)
    doc["seating_constraints"][0]["player"] = 999999
    path.write_text(json.dumps(doc), encoding="utf-8")
    services.delete_event(event)

    with pytest.raises(CommandError, match=r"seating_constraints\[0\]\.player: names a player"):
        call_command("import_event", str(path), stdout=io.StringIO())
    assert not Event.objects.exists()


@pytest.mark.parametrize("table", [0, 100, 999])
def test_a_pin_past_the_tables_the_rule_form_allows_is_refused(tmp_path, host, table):
    # The rule form pins to tables 1 to 99 (SeatingConstraint.MAX_TABLE); a file may not
    # hold what the host could never have typed.
    event = night(5, owner=host)
    add_rules(event)
    path, doc = exported(tmp_path, event)
    (pin,) = (r for r in doc["seating_constraints"] if r["kind"] == "pin")
    pin["table"] = table
    path.write_text(json.dumps(doc), encoding="utf-8")
    services.delete_event(event)

    with pytest.raises(CommandError, match=rf"\.table: {table} is not between 1 and 99"):
        call_command("import_event", str(path), stdout=io.StringIO())
    assert not Event.objects.exists()


def test_a_pin_at_the_last_table_the_rule_form_allows_imports(tmp_path, host):
    event = night(5, owner=host)
    add_rules(event)
    path, doc = exported(tmp_path, event)
    (pin,) = (r for r in doc["seating_constraints"] if r["kind"] == "pin")
    pin["table"] = SeatingConstraint.MAX_TABLE
    path.write_text(json.dumps(doc), encoding="utf-8")
    services.delete_event(event)

    call_command("import_event", str(path), stdout=io.StringIO())
    assert ("pin", "P03", None, 99) in rules_of(Event.objects.get())


@pytest.mark.parametrize(
    ("extra", "said"),
    [
        ({"kind": "pin", "player": "P03", "table": 2}, "pins a player the file pins already"),
        ({"kind": "apart", "player": "P02", "other": "P01"}, "names a pair the file already"),
        ({"kind": "together", "player": "P01", "other": "P02"}, "names a pair the file already"),
    ],
    ids=["second-pin", "same-pair-again", "apart-and-together"],
)
def test_a_rule_the_rule_form_would_refuse_as_a_repeat_is_refused_on_import(
    tmp_path, host, extra, said
):
    """Two pins for one player, or one pair twice, once stopped the import with a database
    error; the file is now refused before anything is saved, naming the rule."""
    event = night(5, owner=host)
    add_rules(event)
    path, doc = exported(tmp_path, event)
    ids = {p["name"]: p["id"] for p in doc["players"]}
    rule = {k: ids[v] if k in ("player", "other") else v for k, v in extra.items()}
    doc["seating_constraints"].append(rule)
    path.write_text(json.dumps(doc), encoding="utf-8")
    services.delete_event(event)

    with pytest.raises(CommandError, match=rf"seating_constraints\[3\]: {said}"):
        call_command("import_event", str(path), stdout=io.StringIO())
    assert not Event.objects.exists()


@pytest.mark.parametrize(
    ("kind", "field", "value", "said"),
    [
        ("pin", "other", "P01", r"\.other: a pin keeps one player at a table, not two"),
        ("apart", "table", 2, r"\.table: a pair kept apart or together has no table"),
    ],
)
def test_a_rule_of_the_wrong_shape_is_refused_in_words(tmp_path, host, kind, field, value, said):
    """It stopped the import with the database's CHECK constraint message."""
    event = night(5, owner=host)
    add_rules(event)
    path, doc = exported(tmp_path, event)
    ids = {p["name"]: p["id"] for p in doc["players"]}
    (rule,) = (r for r in doc["seating_constraints"] if r["kind"] == kind)
    rule[field] = ids.get(value, value)
    path.write_text(json.dumps(doc), encoding="utf-8")
    services.delete_event(event)

    with pytest.raises(CommandError, match=said):
        call_command("import_event", str(path), stdout=io.StringIO())
    assert not Event.objects.exists()


@pytest.mark.parametrize(
    ("rules", "said"),
    [
        (
            [("together", "P01", "P02"), ("together", "P02", "P06"), ("apart", "P01", "P06")],
            "P01 and P06 are to be kept apart, but P01, P02 and P06 must all sit together",
        ),
        (
            [("together", "P01", "P02"), ("pin", "P01", 1), ("pin", "P02", 2)],
            "P01 and P02 must sit together, but are kept at tables 1 and 2",
        ),
        (
            [("together", f"P0{i}", f"P0{i + 1}") for i in range(1, 6)],
            "P01, P02, P03, P04, P05 and P06 must sit together, but no table of this night seats 6",
        ),
    ],
    ids=["together-chain-kept-apart", "together-pinned-apart", "group-past-the-largest-table"],
)
def test_rules_that_cannot_all_hold_restore_with_a_warning_naming_the_clash(
    tmp_path, host, rules, said
):
    """Each rule is sound on its own. A set that can't all hold is restored as it was (the
    live night can hold one too: see the next test), with the clash named at once; the
    seating page then names it too and refuses to seat until one rule changes."""
    event = night(13, owner=host)
    path, doc = exported(tmp_path, event)
    ids = {p["name"]: p["id"] for p in doc["players"]}
    doc["seating_constraints"] = [
        {"kind": kind, "player": ids[a], "other": None, "table": b}
        if kind == "pin"
        else {"kind": kind, "player": ids[a], "other": ids[b], "table": None}
        for kind, a, b in rules
    ]
    path.write_text(json.dumps(doc), encoding="utf-8")
    services.delete_event(event)

    out = io.StringIO()
    call_command("import_event", str(path), stdout=out)
    said_here = out.getvalue()
    assert "its seating rules can't all hold" in said_here
    assert said in said_here
    restored = Event.objects.get()
    assert len(rules_of(restored)) == len(rules)
    who = said.split(", but")[0]  # the seating page measures tonight's room, in its words
    assert any(who in problem for problem in services.tonights_constraint_problems(restored))


def test_a_night_whose_pinned_player_came_back_restores_from_its_own_backup(tmp_path, host):
    """Five pinned to table 1 (it seats 5); one went home, a sixth was pinned in their
    place, and the first came back: six pinned to a table of 5. The night's own export
    was refused by the import ("its seating rules contradict each other"): a backup that
    would not restore."""
    event = night(13, owner=host)
    p = {pl.name: pl for pl in event.players.all()}
    for name in ["P01", "P02", "P03", "P04", "P05"]:
        services.add_seating_rule(event, kind="pin", player=p[name], table=1)
    services.set_player_status(p["P05"], Player.Status.LEFT)
    services.add_seating_rule(event, kind="pin", player=p["P06"], table=1)
    services.set_player_status(p["P05"], Player.Status.PRESENT)
    path, _ = exported(tmp_path, event)
    services.delete_event(event)

    out = io.StringIO()
    call_command("import_event", str(path), stdout=out)
    assert "6 players are kept at table 1, which seats 5: " in out.getvalue()
    assert all(f"P0{i}" in out.getvalue() for i in range(1, 7))
    restored = Event.objects.get()
    assert len(rules_of(restored)) == 6


def test_rules_the_form_took_after_someone_went_home_import(tmp_path, host):
    # Five pinned to table 1 (it seats 5), one went home and a newcomer was pinned there:
    # the form takes that, so the import must too.
    event = night(13, owner=host)
    p = {pl.name: pl for pl in event.players.all()}
    for name in ["P01", "P02", "P03", "P04", "P05"]:
        services.add_seating_rule(event, kind="pin", player=p[name], table=1)
    services.set_player_status(p["P05"], Player.Status.LEFT)
    (nia,) = services.add_players(event, ["Nia"])
    services.add_seating_rule(event, kind="pin", player=nia, table=1)
    path, _ = exported(tmp_path, event)
    services.delete_event(event)

    call_command("import_event", str(path), stdout=io.StringIO())
    restored = Event.objects.get()
    assert restored.players.get(name="P05").status == Player.Status.LEFT
    assert len([r for r in rules_of(restored) if r[0] == "pin"]) == 6


def test_a_rule_with_a_field_a_backup_never_holds_is_refused_naming_it(tmp_path, host):
    """A hand-edited "tabel": 2 beside a pin was imported without a word."""
    event = night(5, owner=host)
    add_rules(event)
    path, doc = exported(tmp_path, event)
    doc["seating_constraints"][0]["tabel"] = 2
    path.write_text(json.dumps(doc), encoding="utf-8")
    services.delete_event(event)

    with pytest.raises(
        CommandError, match=r"seating_constraints\[0\]: unknown seating rule fields: tabel"
    ):
        call_command("import_event", str(path), stdout=io.StringIO())
    assert not Event.objects.exists()
