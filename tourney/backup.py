"""An event as one JSON document, and back: players, rounds, seats, every score version.

`export_event` writes it, `import_event` reads it into a database (a fresh one,
or the same one after the event was deleted). Ids are renumbered on import, so
a backup never collides with what is already there; table-card tokens and
retry keys that already exist get fresh ones.
"""

from __future__ import annotations

import datetime
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction

from tourney.models import Entry, Event, GameTable, Player, Round, Score, Seat, TableCard

FORMAT = "rookery-event/1"
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
    "record_buys",
    "ended_at",
]


class BackupError(Exception):
    """A backup file that can't be imported; the message says why."""


def _when(value: datetime.datetime | datetime.date | None) -> str | None:
    return value.isoformat() if value is not None else None


def export_event(event: Event) -> dict[str, Any]:
    rounds = list(event.rounds.order_by("number"))
    tables = list(GameTable.objects.filter(round__event=event).order_by("round__number", "number"))
    entries = list(Entry.objects.filter(round__event=event).order_by("round__number", "pk"))
    return {
        "format": FORMAT,
        "owner": event.owner.get_username(),
        "event": {
            f: _when(getattr(event, f)) if f in ("date", "ended_at") else getattr(event, f)
            for f in EVENT_FIELDS
        },
        "players": [
            {"id": p.pk, "name": p.name, "status": p.status, "joined_at": _when(p.joined_at)}
            for p in event.players.order_by("pk")
        ],
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
        "table_cards": [
            {"number": c.number, "token": c.token} for c in event.table_cards.order_by("number")
        ],
        "entries": [
            {
                "id": e.pk,
                "round": e.round_id,
                "table": e.table_id,
                "version": e.version,
                "state": e.state,
                "source": e.source,
                "entered_by": e.entered_by,
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


def _dt(text: str | None):
    return datetime.datetime.fromisoformat(text) if text else None


@transaction.atomic
def import_event(data: dict[str, Any], *, owner=None) -> Event:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise BackupError(f"This is not a Rookery event backup (expected format {FORMAT}).")
    User = get_user_model()
    if owner is None:
        owner = User.objects.filter(username=data.get("owner")).first()
        if owner is None:
            owner = User.objects.filter(is_staff=True).order_by("pk").first()
    if owner is None:
        raise BackupError("No host account to own the event: create one first.")
    fields = dict(data["event"])
    fields["date"] = datetime.date.fromisoformat(fields["date"])
    fields["ended_at"] = _dt(fields.get("ended_at"))
    if Event.objects.filter(slug=fields["slug"]).exists():
        raise BackupError(
            f"An event with the address “{fields['slug']}” already exists here: "
            "delete it first, or import into another database."
        )
    event = Event.objects.create(owner=owner, **fields)
    players = {
        p["id"]: Player.objects.create(event=event, name=p["name"], status=p["status"])
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
    return event
