"""An event as one JSON document, and back: players, rounds, seats, every score version.

`export_event` writes it, `import_event` reads it into a database (a fresh one,
or the same one after the event was deleted). Ids are renumbered on import, so
a backup never collides with what is already there; table-card tokens and
retry keys that already exist get fresh ones.

Format 2 ("rookery-event/2") also carries who each player is on the host's
roster (the person, with contact and other spellings) and the event's season.
On import a person is the importing host's person of the same name (case and
accents ignored, or one of their other spellings), contact filled in where the
roster has none, else a new one; a season is the host's season of that address
or name, else a new one. Format 1 files still import: their players become
people by name, as players added by hand do. The host's seating rules
(``seating_constraints``) and the night's ``activity`` (who did what) are optional:
files made before them import without.

A file is checked whole (tourney.club.backup_check) before anything is stored: a
damaged or hand-edited one is refused naming its first few problems.
"""

from __future__ import annotations

import datetime
import json
from typing import Any

from django.contrib.auth import get_user_model
from django.core.exceptions import NON_FIELD_ERRORS, ValidationError
from django.db import IntegrityError, transaction

from scoring import rules
from tourney.club.backup_check import EVENT_FIELDS, SHOWN, event_file_problems
from tourney.models import (
    Activity,
    Entry,
    Event,
    GameTable,
    Person,
    Player,
    Round,
    Score,
    Season,
    Seat,
    SeatingConstraint,
    TableCard,
    name_key,
)
from tourney.services.rules import contradictions

FORMAT = "rookery-event/2"
FORMAT_1 = "rookery-event/1"
FORMATS = (FORMAT, FORMAT_1)
SEASON_FIELDS = ["name", "slug", "method", "best_of", "points_table"]


class BackupError(Exception):
    """A backup file that can't be imported; the message says why."""


def _when(value: datetime.datetime | datetime.date | None) -> str | None:
    return value.isoformat() if value is not None else None


def export_person(person: Person) -> dict[str, Any]:
    return {
        "id": person.pk,
        "name": person.name,
        "email": person.email,
        "phone": person.phone,
        "aliases": list(person.aliases or []),
    }


def export_season(season: Season) -> dict[str, Any]:
    return {"id": season.pk, **{f: getattr(season, f) for f in SEASON_FIELDS}}


def export_event(event: Event, *, shared: bool = False) -> dict[str, Any]:
    """The event as a document. ``shared``: part of a club backup, whose people and
    seasons are listed once for all its events, so this one names them by id only."""
    people = Person.objects.filter(players__event=event).order_by("pk").distinct()
    doc = _export_event(event)
    if shared:
        del doc["format"], doc["owner"]
        doc["season"] = event.season_id
    else:
        doc["people"] = [export_person(p) for p in people]
        doc["season"] = export_season(event.season) if event.season_id else None
    return doc


def _export_event(event: Event) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "owner": event.owner.get_username(),
        "event": {
            f: _when(getattr(event, f))
            if f in ("date", "ended_at", "reopened_at")
            else getattr(event, f)
            for f in EVENT_FIELDS
        },
        "players": [
            {
                "id": p.pk,
                "name": p.name,
                "status": p.status,
                "joined_at": _when(p.joined_at),
                "person": p.person_id,
            }
            for p in event.players.order_by("pk")
        ],
        **_export_seating(event),
        "table_cards": [
            {"number": c.number, "token": c.token} for c in event.table_cards.order_by("number")
        ],
        **_export_versions(event),
        "seating_constraints": [
            {"kind": c.kind, "player": c.player_id, "other": c.other_id, "table": c.table}
            for c in event.seating_constraints.order_by("pk")
        ],
        "activity": _export_activity(event),
    }


def _export_activity(event: Event) -> list[dict[str, Any]]:
    """Who did what, oldest first; an account by its username, a player and an entry by
    the ids this document gives them."""
    rows = Activity.objects.for_event(event).select_related("user").order_by("at", "pk")
    return [
        {
            "at": _when(a.at),
            "action": a.action,
            "user": a.user.get_username() if a.user_id else None,
            "by_phone": a.by_phone,
            "by_player": a.by_player_id,
            "by_name": a.by_name,
            "device": a.device,
            "round_number": a.round_number,
            "table_number": a.table_number,
            "entry": a.entry_id,
            "detail": a.detail,
        }
        for a in rows
    ]


def _export_seating(event: Event) -> dict[str, list]:
    """The rounds, their tables and who sat where."""
    rounds = event.rounds.order_by("number")
    tables = GameTable.objects.filter(round__event=event).order_by("round__number", "number")
    return {
        "rounds": [
            {
                "id": r.pk,
                "number": r.number,
                "status": r.status,
                "started_at": _when(r.started_at),
                "closed_at": _when(r.closed_at),
            }
            for r in rounds
        ],
        "tables": [{"id": t.pk, "round": t.round_id, "number": t.number} for t in tables],
        "seats": [
            {
                "round": s.round_id,
                "table": s.table_id,
                "player": s.player_id,
                "position": s.position,
            }
            for s in Seat.objects.filter(round__event=event).order_by("pk")
        ],
    }


def _export_versions(event: Event) -> dict[str, list]:
    """Every version of every table's scores, with who entered and confirmed it."""
    entries = Entry.objects.filter(round__event=event).order_by("round__number", "pk")
    return {
        "entries": [
            {
                "id": e.pk,
                "round": e.round_id,
                "table": e.table_id,
                "version": e.version,
                "state": e.state,
                "source": e.source,
                "entered_by": e.entered_by,
                "entered_by_player": e.entered_by_player_id,
                "created_at": _when(e.created_at),
                "confirmed_by": e.confirmed_by,
                "confirmed_at": _when(e.confirmed_at),
                "confirmed_device": e.confirmed_device,
                "idempotency_key": e.idempotency_key,
                "sent_digest": e.sent_digest,
                "device": e.device,
                "note": e.note,
            }
            for e in entries
        ],
        "scores": [
            {
                "entry": s.entry_id,
                "player": s.player_id,
                "points": s.points,
                "played": s.played,
                "buys": s.buys,
            }
            for s in Score.objects.filter(entry__round__event=event).order_by("pk")
        ],
    }


def event_date(fields: dict[str, Any]) -> datetime.date:
    """An event's date from a backup, or a message naming the event."""
    try:
        return datetime.date.fromisoformat(str(fields["date"]))
    except ValueError as exc:
        raise BackupError(
            f"Event “{fields.get('name')}”: “{fields['date']}” is not a date (YYYY-MM-DD)."
        ) from exc


def _check_house_rules(fields: dict[str, Any]) -> None:
    """The game and its house rules as the event form would accept them: a hand-edited
    file must not store rules every page of the night would then fail to read."""
    rules_given = fields.get("house_rules", {})
    if not isinstance(rules_given, dict):
        raise BackupError(f"Event “{fields.get('name')}”: house rules must be a set of rules.")
    try:
        rules.get_game(fields.get("game_slug", ""), **rules_given)
    except (TypeError, ValueError) as exc:
        raise BackupError(f"Event “{fields.get('name')}”: {exc}") from exc


def _dt(text: str | None):
    return datetime.datetime.fromisoformat(text) if text else None


def _valid(obj, what: str, *, exclude: list[str]) -> None:
    try:
        obj.full_clean(exclude=exclude, validate_unique=False)
    except ValidationError as exc:
        problems = "; ".join(
            f"{field}: {' '.join(msgs)}" if field != NON_FIELD_ERRORS else " ".join(msgs)
            for field, msgs in exc.message_dict.items()
        )
        raise BackupError(f"{what}: {problems}") from exc


def failure_message(exc: Exception) -> str:
    """What is wrong with a backup file, for a host rather than a programmer."""
    if isinstance(exc, BackupError):
        return str(exc)
    if isinstance(exc, KeyError):
        return f"the file is missing “{exc.args[0]}” where a backup has one"
    if isinstance(exc, IntegrityError):
        return f"the file's records clash with each other or with this database ({exc})"
    return f"the file has a value a backup can't have ({exc})"


# What a damaged or hand-edited file raises on import, reported by failure_message.
IMPORT_ERRORS = (BackupError, KeyError, TypeError, ValueError, AttributeError, IntegrityError)


def find_owner(username: str | None):
    """The account a backup names, else the first host; None if there is no host."""
    User = get_user_model()
    owner = User.objects.filter(username=username).first() if username else None
    if owner is None:
        owner = User.objects.filter(is_staff=True).order_by("pk").first()
    return owner


def match_person(owner, data: dict[str, Any]) -> Person:
    """The owner's person for a backed-up person: same name (case and accents ignored)
    or one of their other spellings, contact filled in where empty; else a new one."""
    if not isinstance(data.get("name"), str) or not data["name"].strip():
        raise BackupError(f"Person {data.get('id', '?')}: a person needs a name.")
    name = data["name"].strip()
    keys = {name_key(name)} | {name_key(a) for a in data.get("aliases") or []}
    roster = Person.objects.filter(owner=owner)
    person = roster.filter(key=name_key(name)).first()
    if person is None:
        # Only people with other spellings can match by one: not the whole roster per person.
        with_aliases = roster.exclude(aliases=[])
        person = next(
            (p for p in with_aliases if keys & {name_key(a) for a in p.aliases or []}), None
        )
    if person is None:
        person = Person(owner=owner, name=name, aliases=[])
    for field in ("email", "phone"):
        if not getattr(person, field) and data.get(field):
            setattr(person, field, data[field])
    known = {name_key(person.name)} | {name_key(a) for a in person.aliases}
    for alias in data.get("aliases") or []:
        if name_key(alias) not in known:
            person.aliases.append(alias)
            known.add(name_key(alias))
    _valid(person, f"Person “{name}”", exclude=["owner", "key"])
    person.save()
    return person


def match_season(owner, data: dict[str, Any]) -> Season:
    """The owner's season of this address or name (addresses are per host), else a new one."""
    season = (
        Season.objects.filter(owner=owner, slug=data["slug"]).first()
        or Season.objects.filter(owner=owner, name__iexact=data["name"]).first()
    )
    if season is not None:
        return season
    fields = {f: data[f] for f in SEASON_FIELDS if f in data}
    season = Season(owner=owner, **fields)
    _valid(season, f"Season “{data['name']}”", exclude=["owner", "slug"])
    season.save()
    return season


def _check_format(data: Any) -> None:
    if not isinstance(data, dict) or data.get("format") not in FORMATS:
        raise BackupError(f"This is not a Rookery event backup (expected format {FORMAT}).")
    refuse_problems(event_file_problems(data, version_1=data["format"] == FORMAT_1))


def refuse_problems(problems: list[str]) -> None:
    """Refuse a file whose check found problems, naming the first few."""
    if problems:
        more = " (and perhaps more)" if len(problems) >= SHOWN else ""
        raise BackupError(f"the file is damaged: {'; '.join(problems)}{more}.")


# The largest backup file read: a club of years of weekly 100-player nights is a few MB.
MAX_FILE_BYTES = 64 * 1024 * 1024


def read_backup(path: str) -> Any:
    """A backup file's document; BackupError if it can't be read as one."""
    try:
        with open(path, "rb") as file:
            raw = file.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise BackupError(f"Can't read {path}: {exc}") from exc
    if len(raw) > MAX_FILE_BYTES:
        raise BackupError(f"Can't read {path}: it is over {MAX_FILE_BYTES // 2**20} MB.")
    try:
        return json.loads(raw.decode("utf-8"))
    except (ValueError, RecursionError) as exc:  # RecursionError: nested past any backup
        raise BackupError(f"Can't read {path}: {str(exc)[:200] or 'nested too deep'}") from exc


@transaction.atomic
def import_event(data: dict[str, Any], *, owner=None) -> Event:
    _check_format(data)
    owner = owner or find_owner(data.get("owner"))
    if owner is None:
        raise BackupError("No host account to own the event: create one first.")
    if Event.objects.filter(slug=data["event"]["slug"]).exists():
        raise BackupError(
            f"An event with the address “{data['event']['slug']}” already exists here: "
            "delete it first, or import into another database."
        )
    people = {p["id"]: match_person(owner, p) for p in data.get("people") or []}
    season = match_season(owner, data["season"]) if data.get("season") else None
    return import_event_body(data, owner=owner, people=people, season=season)


def import_event_body(
    data: dict[str, Any], *, owner, people: dict[int, Person], season: Season | None
) -> Event:
    """The event itself, its people and season already found (``people`` by the
    document's person ids; a player without one becomes a person by name)."""
    event = _import_event_row(data, owner=owner, people=people, season=season)
    players, rounds, tables = _import_seating(event, data, people)
    entries = _import_entries(data, players=players, rounds=rounds, tables=tables)
    _import_constraints(event, data, players)
    _import_activity(event, data, players, entries)
    return event


def _import_activity(
    event: Event, data: dict[str, Any], players: dict[int, Player], entries: dict[int, Entry]
) -> None:
    """Who did what; an account this database doesn't have is kept by its name only."""
    User = get_user_model()
    names = {a.get("user") for a in data.get("activity") or []} - {None}
    users = {u.get_username(): u for u in User.objects.filter(username__in=names)}
    Activity.objects.bulk_create(
        Activity(
            event=event,
            club_id=event.owner_id,
            at=_dt(a["at"]),
            action=a["action"],
            user=users.get(a.get("user")),
            by_phone=a["by_phone"],
            by_player=players.get(a.get("by_player")),
            by_name=a["by_name"],
            device=a["device"],
            round_number=a.get("round_number"),
            table_number=a.get("table_number"),
            entry=entries.get(a.get("entry")),
            detail=a["detail"],
        )
        for a in data.get("activity") or []
    )


def _import_constraints(event: Event, data: dict[str, Any], players: dict[int, Player]) -> None:
    """The host's seating rules; files from before they existed have none."""
    for c in data.get("seating_constraints") or []:
        player, other = players[c["player"]], players.get(c.get("other"))
        if other is not None and other.pk < player.pk:
            player, other = other, player  # pairs are stored lower id first
        SeatingConstraint.objects.create(
            event=event, kind=c["kind"], player=player, other=other, table=c.get("table")
        )


def rules_warning(event: Event) -> str | None:
    """What to tell the host when an imported event's rules can't all hold (each rule is
    sound on its own: backup_check). The live night can hold such a set too (a player
    whose pin was left out while gone home comes back), so a backup of it restores as it
    was, and the seating page says the same until one rule changes."""
    problems = contradictions(event)
    if not problems:
        return None
    return (
        f"Event “{event.name}”: its seating rules can't all hold, so its seating page will "
        f"refuse to seat until one changes: {' '.join(problems)}"
    )


def _import_event_row(
    data: dict[str, Any], *, owner, people: dict[int, Person], season: Season | None
) -> Event:
    """The event's own row, checked whole before it is saved."""
    fields = dict(data["event"])
    for player in data["players"]:
        if player.get("person") is not None and player["person"] not in people:
            raise BackupError(
                f"Event “{fields.get('name')}”: player “{player['name']}” names a "
                "person the file doesn't list."
            )
    fields["date"] = event_date(fields)
    fields["ended_at"] = _dt(fields.get("ended_at"))
    fields["reopened_at"] = _dt(fields.get("reopened_at"))
    unknown = set(fields) - set(EVENT_FIELDS)
    if unknown:
        raise BackupError(f"Unknown event fields: {', '.join(sorted(unknown))}.")
    _check_house_rules(fields)
    if not fields.get("slug") or Event.objects.filter(slug=fields["slug"]).exists():
        fields["slug"] = ""  # Event.save() gives it a fresh address from its name and date
    token = fields.get("live_token")
    if not token or Event.objects.filter(live_token=token).exists():
        fields.pop("live_token", None)  # a copy beside its original gets its own address
    event = Event(owner=owner, season=season, **fields)
    _valid(event, f"Event “{fields.get('name')}”", exclude=["owner", "slug", "season"])
    event.save()
    return event


def _import_seating(
    event: Event, data: dict[str, Any], people: dict[int, Person]
) -> tuple[dict[int, Player], dict[int, Round], dict[int, GameTable]]:
    """The players, rounds, tables, seats and table cards, by the document's ids."""
    players = {
        p["id"]: Player.objects.create(
            event=event,
            name=p["name"],
            status=p["status"],
            person=people[p["person"]] if p.get("person") is not None else None,
        )
        for p in data["players"]
    }
    rounds = {
        r["id"]: Round.objects.create(
            event=event,
            number=r["number"],
            status=r["status"],
            started_at=_dt(r["started_at"]),
            closed_at=_dt(r["closed_at"]),
        )
        for r in data["rounds"]
    }
    tables = {
        t["id"]: GameTable.objects.create(round=rounds[t["round"]], number=t["number"])
        for t in data["tables"]
    }
    Seat.objects.bulk_create(
        Seat(
            round=rounds[s["round"]],
            table=tables[s["table"]],
            player=players[s["player"]],
            position=s["position"],
        )
        for s in data["seats"]
    )
    for card in data["table_cards"]:
        taken = TableCard.objects.filter(token=card["token"]).exists()
        kwargs = {} if taken else {"token": card["token"]}
        TableCard.objects.create(event=event, number=card["number"], **kwargs)
    return players, rounds, tables


def _import_entries(
    data: dict[str, Any],
    *,
    players: dict[int, Player],
    rounds: dict[int, Round],
    tables: dict[int, GameTable],
) -> dict[int, Entry]:
    """Every version of the scores; a retry key already in use is left off the copy."""
    entries = {}
    for e in data["entries"]:
        key, digest = e["idempotency_key"], e.get("sent_digest", "")
        if key and Entry.objects.filter(idempotency_key=key, sent_digest=digest).exists():
            key = None
        entries[e["id"]] = Entry.objects.create(
            round=rounds[e["round"]],
            table=tables[e["table"]] if e["table"] is not None else None,
            version=e["version"],
            state=e["state"],
            source=e["source"],
            entered_by=e["entered_by"],
            entered_by_player=players.get(e.get("entered_by_player")),
            created_at=_dt(e["created_at"]),
            confirmed_by=e["confirmed_by"],
            confirmed_at=_dt(e["confirmed_at"]),
            confirmed_device=e.get("confirmed_device", ""),
            idempotency_key=key,
            sent_digest=digest if key else "",
            device=e["device"],
            note=e["note"],
        )
    Score.objects.bulk_create(
        Score(
            entry=entries[s["entry"]],
            player=players[s["player"]],
            points=s["points"],
            played=s["played"],
            buys=s["buys"],
        )
        for s in data["scores"]
    )
    return entries
