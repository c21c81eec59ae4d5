"""Every address in the URLconf, walked as another host: a host reaches only their own club.

The walk reads the URLconf itself, so a new address is walked as soon as it exists:
one naming a record (a night, round, table, player, person, season, pad, seating rule)
must answer 404 to another host, on GET and POST, with nothing of the owner's club on
the page and nothing of it changed; one naming no record (lists, new-record forms,
the account, the backup) must show nothing of another host's club. A new kind of
address parameter fails the walk until it is given a record here. The admin
(/admin/, every registered model) turns a host who isn't a site admin away.
"""

from __future__ import annotations

import re

import pytest
from django.contrib import admin
from django.core.exceptions import FieldError
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from tests.tourney.clubs import full_club, snapshot

pytestmark = pytest.mark.django_db

# Addresses whose key is a secret in the address itself (a table card's token, a
# one-time link): whoever holds it may open it, by design; they are tested with
# their own links (test_security, test_host_accounts, the table tests).
KEYED = {
    "table_page",
    "table_status",
    "table_confirm",
    "table_player",
    "sign_in_link",
    "host_invite",
    "password_reset_confirm",
    "door",
    "invite_accept",
    "live_standings",
    # The published club site: public by its key; another club's records through
    # this club's key are refused in test_club_site.
    "club_home",
    "club_night",
    "club_season",
    "club_person",
}
# Parameters that name no record of anyone's.
NOT_RECORDS = {"fmt": "csv", "game": "partnership-rook"}


def every_pattern(patterns=None, prefix="", namespace=""):
    for p in patterns if patterns is not None else get_resolver().url_patterns:
        if isinstance(p, URLResolver):
            if p.namespace == "admin":
                continue  # walked below, model by model
            ns = f"{p.namespace}:" if p.namespace else namespace
            yield from every_pattern(p.url_patterns, prefix + str(p.pattern), ns)
        elif isinstance(p, URLPattern):
            assert p.name, f"{prefix}{p.pattern} has no name: name it so the walk can report it"
            yield namespace + p.name, prefix + str(p.pattern)


def records_of(club: dict, route: str) -> dict:
    """The kwargs that name `club`'s records in `route`."""
    event, season = club["event"], club["season"]
    if route.startswith("seasons/"):
        pk = None
        slug = season.slug
    elif route.startswith("people/"):
        pk, slug = club["person"].pk, None
    elif route.startswith("pads/"):
        pk, slug = club["pad"].pk, None
    elif "seating/rules/" in route:
        pk, slug = club["constraint"].pk, event.slug
    else:
        pk, slug = club["player"].pk, event.slug
    return {"slug": slug, "event_slug": event.slug, "pk": pk, "number": 1, "table": 1}


def kwargs_for(route: str, theirs: dict, mine: dict) -> list[dict]:
    """Their records; and, where the address nests one record in another, their
    inner record inside my outer one (my night with their player, my season with
    their night), which must be refused just the same."""
    names = re.findall(r"<(?:\w+:)?(\w+)>", route)
    given = {**records_of(theirs, route), **NOT_RECORDS}
    missing = [n for n in names if n not in given or given[n] is None]
    assert not missing, f"{route}: give the walk a record for {missing}"
    tries = [{n: given[n] for n in names}]
    if "slug" in names and ({"pk", "event_slug"} & set(names)):
        mixed = dict(tries[0])
        mixed["slug"] = records_of(mine, route)["slug"]
        tries.append(mixed)
    return tries


def names_a_record(route: str) -> bool:
    return any(n not in NOT_RECORDS for n in re.findall(r"<(?:\w+:)?(\w+)>", route))


@pytest.fixture(params=[False, True], ids=["host", "site-admin"])
def clubs(request):
    mine = full_club("mine", "Mimosa", superuser=request.param)
    theirs = full_club("theirs", "Zanzibar")
    return mine, theirs


def leaks(response, secrets) -> list[str]:
    body = response.content.decode(errors="replace")
    return [s for s in secrets if s in body]


def test_every_address_refuses_another_hosts_club(clubs):
    mine, theirs = clubs
    secrets = theirs["secrets"]
    before = snapshot(theirs["host"])
    client = Client()
    walked = refused = 0
    for name, route in every_pattern():
        if name in KEYED:
            continue
        for kwargs in kwargs_for(route, theirs, mine):
            url = reverse(name, kwargs=kwargs)
            statuses = []
            for method in ("get", "post"):
                client.force_login(mine["host"])  # a walked sign-out mustn't end the walk
                response = getattr(client, method)(url)
                walked += 1
                assert response.status_code < 500, (method, url)
                if name == "host_invites" and mine["host"].is_superuser:
                    continue  # the site admin's list of hosts names every club, by design
                assert not leaks(response, secrets), (method, url, leaks(response, secrets))
                statuses.append(response.status_code)
            if names_a_record(route):
                assert set(statuses) <= {404, 405} and 404 in statuses, (url, statuses)
                refused += 1
    assert refused > 50 and walked > 150
    assert snapshot(theirs["host"]) == before


def their_row(model, host):
    for lookup in (
        "owner",
        "user",
        "event__owner",
        "round__event__owner",
        "entry__round__event__owner",
        "pad__owner",
        "hand__pad__owner",
    ):
        try:
            row = model._default_manager.filter(**{lookup: host}).first()
        except FieldError:  # the model has no such field
            continue
        if row is not None:
            return row
    if model is type(host):
        return host
    return model._default_manager.first()


def test_the_admin_turns_away_a_host_who_is_not_a_site_admin():
    mine = full_club("mine", "Mimosa")
    theirs = full_club("theirs", "Zanzibar")
    before = snapshot(theirs["host"])
    client = Client()
    client.force_login(mine["host"])
    login = reverse("admin:login")
    urls = ["/admin/", reverse("admin:password_change"), reverse("admin:jsi18n")]
    for model in admin.site._registry:
        meta = model._meta
        urls.append(reverse("admin:app_list", args=[meta.app_label]))
        row = their_row(model, theirs["host"])
        urls += [
            reverse(f"admin:{meta.app_label}_{meta.model_name}_{v}") for v in ("changelist", "add")
        ]
        if row is not None:
            urls += [
                reverse(f"admin:{meta.app_label}_{meta.model_name}_{v}", args=[row.pk])
                for v in ("change", "delete", "history")
            ]
    assert len(urls) > 60
    for url in urls:
        for method in ("get", "post"):
            response = getattr(client, method)(url, {"name": "Renamed", "confirm": "yes"})
            assert response.status_code == 302, (method, url)
            assert response["Location"].startswith(login), (method, url)
    page = client.get(
        reverse("admin:tourney_person_change", args=[theirs["person"].pk]), follow=True
    )
    assert "not authorized to access this page" in page.content.decode()
    assert not leaks(page, theirs["secrets"])
    assert snapshot(theirs["host"]) == before
