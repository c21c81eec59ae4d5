"""A host's whole club as one JSON document, and back: roster, seasons, every event.

`export_club` lists the host's people once (with contact and other spellings,
including people who have not played yet) and their seasons once; each event
is the event backup (see `tourney.club.backup`) naming its people and season by
their id in the document. `import_club` reads it for a host in one
transaction: a damaged file saves nothing.

Importing twice, or into a host who already has some of these people, makes
no twins: people and seasons are matched as an event backup matches them (same
name, case and accents ignored, or another spelling; a season of the same
address or name). An event the host already has (the same address, or the
same name, date and game) is left as it is and reported as skipped, so a repeat
import doesn't count a night twice in its season; an address another host uses
gets a fresh one.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.db import transaction

from scoring.rules import count_of
from tourney.club.backup import (
    BackupError,
    event_date,
    export_event,
    export_person,
    export_season,
    import_event_body,
    match_person,
    match_season,
    refuse_problems,
)
from tourney.club.backup_check import club_file_problems
from tourney.models import ClubSite, Event, Person, Season

FORMAT = "rookery-club/1"


def export_club(owner) -> dict[str, Any]:
    events = Event.objects.filter(owner=owner).order_by("date", "created_at", "pk")
    doc = {
        "format": FORMAT,
        "owner": owner.get_username(),
        "people": [export_person(p) for p in Person.objects.filter(owner=owner).order_by("pk")],
        "seasons": [export_season(s) for s in Season.objects.filter(owner=owner).order_by("pk")],
        "events": [export_event(e, shared=True) for e in events],
    }
    site = ClubSite.objects.filter(owner=owner).first()
    if site is not None:
        doc["site"] = export_site(site)
    return doc


def export_site(site: ClubSite) -> dict[str, Any]:
    """The club site's settings. Not its address: that is this server's, and renewing it
    is how a host closes an old link; a restored site gets a new one."""
    return {
        "published": site.published,
        "title": site.title,
        "names": site.names,
        "indexable": site.indexable,
        "hidden": sorted(site.hidden.values_list("pk", flat=True)),
    }


def import_site(data: dict[str, Any], *, owner, people: dict[int, Person]) -> str:
    """The club site's settings from a file, in words for the summary.

    A host with no site gets the file's settings, unpublished: the restored site has a
    new address, which the host publishes when ready. A host who already has a site
    keeps its settings and adds the file's hidden people, so nobody hidden shows.
    """
    hidden = [people[pid] for pid in data["hidden"]]
    site, created = ClubSite.objects.get_or_create(
        owner=owner,
        defaults={
            "title": data["title"],
            "names": data["names"],
            "indexable": data["indexable"],
        },
    )
    site.hidden.add(*hidden)
    if created:
        return "club site settings restored (unpublished: publish it from the club site page)"
    return "club site settings kept" + (
        f", {count_of(len(hidden), 'hidden person', 'hidden people')} added" if hidden else ""
    )


@dataclass
class ClubImport:
    """What an import did, for the command to report."""

    people_new: int = 0
    people_matched: int = 0
    seasons_new: int = 0
    seasons_matched: int = 0
    events: list[Event] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    site: str = ""

    def summary(self) -> str:
        return (
            f"{len(self.events)} events imported"
            + (f", {len(self.skipped)} already here skipped" if self.skipped else "")
            + f"; people: {self.people_new} new, {self.people_matched} already on the roster"
            + f"; seasons: {self.seasons_new} new, {self.seasons_matched} already here"
            + (f"; {self.site}" if self.site else "")
            + "."
        )


def _ids(records: list[dict[str, Any]], what: str) -> None:
    ids = [r["id"] for r in records]
    if len(set(ids)) != len(ids):
        raise BackupError(f"Two {what} in the file share an id.")


@transaction.atomic
def import_club(data: dict[str, Any], *, owner) -> ClubImport:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise BackupError(f"This is not a Rookery club backup (expected format {FORMAT}).")
    for key in ("people", "seasons", "events"):
        if not isinstance(data.get(key), list):
            raise BackupError(f"The file has no list of {key}.")
    refuse_problems(club_file_problems(data))
    _ids(data["people"], "people")
    _ids(data["seasons"], "seasons")
    result = ClubImport()
    people_before = set(Person.objects.filter(owner=owner).values_list("pk", flat=True))
    seasons_before = set(Season.objects.filter(owner=owner).values_list("pk", flat=True))
    people = {p["id"]: match_person(owner, p) for p in data["people"]}
    seasons = {s["id"]: match_season(owner, s) for s in data["seasons"]}
    result.people_matched = len({p.pk for p in people.values()} & people_before)
    result.people_new = len({p.pk for p in people.values()} - people_before)
    result.seasons_matched = len({s.pk for s in seasons.values()} & seasons_before)
    result.seasons_new = len({s.pk for s in seasons.values()} - seasons_before)
    if "site" in data:
        result.site = import_site(data["site"], owner=owner, people=people)
    for doc in data["events"]:
        fields = doc["event"]
        mine = Event.objects.filter(owner=owner)
        if (
            mine.filter(slug=fields["slug"]).exists()
            or mine.filter(
                name=fields["name"], date=event_date(fields), game_slug=fields["game_slug"]
            ).exists()
        ):
            result.skipped.append(f"{fields['name']} ({fields['date']})")
            continue
        season_id = doc.get("season")
        if season_id is not None and season_id not in seasons:
            raise BackupError(
                f"Event “{doc['event']['name']}” names a season the file doesn't list."
            )
        result.events.append(
            import_event_body(
                doc,
                owner=owner,
                people=people,
                season=seasons[season_id] if season_id is not None else None,
            )
        )
    return result
