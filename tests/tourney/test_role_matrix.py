"""Every URL in the URLconf, opened (GET) and pressed (POST) by every kind of account:
the club's host, its co-host, desk, scorer and viewer, a desk for tonight only, a desk
for another night only, a stranger with an account of their own, and someone not
signed in. Each answer is allowed or refused exactly as the address's need says
(tourney.views.common.NEEDS; tourney.accounts.roles).

A URL missing from ROUTES fails the first test: a new page says what it needs here.
Each request runs in a savepoint that is rolled back, so every account meets the
same night (a co-host's "Begin round" doesn't change what the host's press finds).
"""

from __future__ import annotations

import re
from http.cookies import SimpleCookie

import pytest
from django.db import transaction
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from scoring import services as pads
from scoring.models import HandInput
from tests.factories import EventFactory, UserFactory, night, valid_points
from tourney import services
from tourney.accounts import roles, team_invites
from tourney.models import Arrival, Role, Season, SeatingConstraint, TableCard
from tourney.views.common import CLUB

pytestmark = pytest.mark.django_db

# What each address needs: (scope, need). Scopes: "event" (a night's page, through
# host_event), "club" (the club's people and seasons, through host_club), "personal"
# (one account's own: score pads, the team it manages), "signed_in" (any account, for
# itself), "public" (players' table pages, sign-in, health).
ROUTES = {
    "home": ("public", None),
    "host_home": ("signed_in", None),
    "event_create": ("club", "run"),
    "table_game_create": ("signed_in", None),
    "blank_sheet": ("public", None),
    "roster": ("club", "run"),
    "roster_import": ("club", "run"),
    "roster_export": ("club", "run"),
    "person_edit": ("club", "run"),
    "person_merge": ("club", "own"),
    "person_detail": ("club", "run"),
    "event_detail": ("event", "view"),
    "event_edit": ("event", "run"),
    "event_delete": ("event", "own"),
    "event_end": ("event", "run"),
    "event_reopen": ("event", "run"),
    "player_list": ("event", "desk"),
    "player_status": ("event", "desk"),
    "player_check_in_all": ("event", "desk"),
    "player_rename": ("event", "desk"),
    "player_detail": ("event", "view"),
    "event_seating": ("event", "run"),
    "seating_here": ("event", "run"),
    "seating_constraint_add": ("event", "run"),
    "seating_constraint_remove": ("event", "run"),
    "round_seat_next": ("event", "run"),
    "round_plan_night": ("event", "run"),
    "movement_cards": ("event", "desk"),
    "master_sheet": ("event", "view"),
    "standings": ("event", "view"),
    "projector": ("event", "view"),
    "export_sheet": ("event", "view"),
    "export_standings": ("event", "view"),
    "export_score_sheets": ("event", "desk"),
    "round_detail": ("event", "view"),
    "round_swap": ("event", "run"),
    "round_reseat": ("event", "run"),
    "round_begin": ("event", "run"),
    "round_close": ("event", "run"),
    "round_reopen": ("event", "run"),
    "seating_chart": ("event", "desk"),
    "round_tables_print": ("event", "desk"),
    "table_scores_host": ("event", "score"),
    "table_history": ("event", "score"),
    "table_restore": ("event", "desk"),
    "table_cards": ("event", "desk"),
    "table_card_add": ("event", "desk"),
    "table_card_reissue": ("event", "desk"),
    "season_list": ("club", "view"),
    "season_create": ("club", "run"),
    "season_detail": ("club", "view"),
    "season_edit": ("club", "run"),
    "season_delete": ("club", "own"),
    "season_event_add": ("club", "run"),
    "season_event_remove": ("club", "run"),
    "season_projector": ("club", "view"),
    "season_export": ("club", "view"),
    "join": ("public", None),
    "join_slash": ("public", None),
    "table_page": ("public", None),
    "table_status": ("public", None),
    "table_confirm": ("public", None),
    "table_player": ("public", None),
    "login": ("public", None),
    "sign_in_link": ("public", None),
    "invite_accept": ("public", None),
    "password_set": ("signed_in", None),
    "team": ("signed_in", None),  # always the signed-in account's own team
    "role_revoke": ("personal", None),
    "invite_cancel": ("personal", None),
    "club_switch": ("signed_in", None),
    "club_start": ("signed_in", None),  # a helper's account starts its own club
    "health": ("public", None),
    "health_live": ("public", None),
    "logout": ("public", None),
    "scoring:pad_list": ("signed_in", None),
    "scoring:pad_start": ("signed_in", None),
    "scoring:pad_detail": ("personal", None),
    "scoring:pad_board": ("personal", None),
    "scoring:pad_sheet": ("personal", None),
    "scoring:hand_add": ("personal", None),
    "scoring:hand_undo": ("personal", None),
    "scoring:hand_detail": ("personal", None),
    "scoring:hand_correct": ("personal", None),
    "scoring:pad_export": ("personal", None),
    # The door (issue 28): the host's door card and arrivals; the players' door page.
    "door_card": ("event", "desk"),
    "door_switch": ("event", "desk"),
    "door_new_address": ("event", "desk"),
    "arrival_decide": ("event", "desk"),
    "door": ("public", None),
    # Who did what, and the desk screen.
    "event_activity": ("event", "view"),
    "round_desk": ("event", "score"),
    "desk_table": ("event", "score"),
    # The players' night (issue 29): live standings, results by email, the club site.
    "live_standings": ("public", None),
    "event_results_email": ("event", "run"),
    "club_site_settings": ("signed_in", None),  # the signed-in account's own club
    "club_site_new_address": ("signed_in", None),
    "club_home": ("public", None),
    "club_night": ("public", None),
    "club_season": ("public", None),
    "club_person": ("public", None),
    # Accounts (issue 30): one's own account; hosts invited by a site admin.
    "account": ("signed_in", None),
    "password_change": ("signed_in", None),
    "account_backup": ("signed_in", None),
    "account_delete": ("signed_in", None),
    "host_invite": ("public", None),
    "host_invites": ("site_admin", None),
    "password_reset": ("public", None),
    "password_reset_done": ("public", None),
    "password_reset_confirm": ("public", None),
    "password_reset_complete": ("public", None),
}

# Who: (a club-wide level, a level for tonight only, a level for another night only).
WHO = {
    "owner": None,
    "cohost": ("club", "run"),
    "desk": ("club", "desk"),
    "scorer": ("club", "score"),
    "viewer": ("club", "view"),
    "desk_tonight": ("tonight", "desk"),
    "desk_other_night": ("other", "desk"),
    "stranger": None,
    "anonymous": None,
}
LEVEL = {"view": 0, "score": 1, "desk": 2, "run": 3, "own": 4}


def expected_allowed(who: str, scope: str, need: str | None) -> bool:
    if scope == "public":
        return True
    if who == "anonymous" or scope == "site_admin":  # no site admin among them
        return False
    if scope == "signed_in" or who == "owner":
        return True
    if scope == "personal" or WHO[who] is None:
        return False
    where, level = WHO[who]
    if where == "other" or (where == "tonight" and scope == "club"):
        return False
    return LEVEL[need] <= LEVEL[level]


def every_route(patterns=None, prefix="", namespace=""):
    for p in patterns if patterns is not None else get_resolver().url_patterns:
        if isinstance(p, URLResolver):
            ns = f"{p.namespace}:" if p.namespace else namespace
            yield from every_route(p.url_patterns, prefix + str(p.pattern), ns)
        elif isinstance(p, URLPattern):
            yield namespace + (p.name or ""), prefix + str(p.pattern)


def app_routes():
    return {n: r for n, r in every_route() if not n.startswith("admin:") and r != "admin/"}


def test_every_url_in_the_urlconf_says_what_it_needs():
    found = app_routes()
    assert "" not in found, "a URL without a name can't be classified: name it"
    assert set(found) - set(ROUTES) == set(), "new URLs: say here what each one needs"
    assert set(ROUTES) - set(found) == set(), "URLs that no longer exist"
    admin = {r for n, r in every_route() if n.startswith("admin:") or r.startswith("admin/")}
    assert all(r.startswith("admin/") for r in admin)


@pytest.fixture(scope="module")
def world(django_db_setup, django_db_blocker):
    """One night for the whole module: every request is rolled back, so it never changes."""
    with django_db_blocker.unblock(), transaction.atomic():
        yield build_world()
        transaction.set_rollback(True)


def build_world() -> dict:
    owner = UserFactory(username="owner", is_staff=False, is_superuser=False)
    tonight = night(8, owner=owner, name="Tonight")
    rnd = services.seat_next_round(tonight)
    services.begin_round(rnd)
    services.submit_scores(rnd.tables.get(number=1), valid_points(rnd.tables.get(number=1)))
    other = EventFactory(owner=owner, name="Another night")
    season = Season.objects.create(owner=owner, name="Winter")
    tonight.season = season
    tonight.save()
    p1, p2 = tonight.players.order_by("name")[:2]
    rule = SeatingConstraint.objects.create(event=tonight, kind="apart", player=p1, other=p2)
    pad = pads.start_pad(
        owner=owner,
        name="Four",
        game_slug="partnership-rook",
        house_rules={},
        players=["Ann", "Bo", "Cy", "Di"],
        first_dealer=1,
    )
    ann = next(p for p in pad.seats if p.name == "Ann")
    pads.record_hand(pad, HandInput(bidder=ann, bid=120, taken=130), number=1)
    users = {"owner": owner}
    for who, grant in WHO.items():
        if who in ("owner", "anonymous"):
            continue
        users[who] = UserFactory(username=who, is_staff=False, is_superuser=False)
        if grant:
            where, level = grant
            event = {"club": None, "tonight": tonight, "other": other}[where]
            roles.grant(club=owner, user=users[who], level=level, event=event, by=owner)
    invite, secret = team_invites.issue(club=owner, level="desk", by=owner)
    values = {
        "slug": tonight.slug,
        "event_slug": tonight.slug,
        "number": 1,
        "table": 1,
        "token": TableCard.objects.get(event=tonight, number=1).token,
        "fmt": "csv",
        "game": "partnership-rook",
        "secret": secret,
        "key": "no-such-club-site",
        "uidb64": "MQ",
    }
    pks = {
        "events/": p1.pk,
        "people/": p1.person_id,
        "club/": p1.person_id,
        "pads/": pad.pk,
        "team/roles/": Role.objects.get(user=users["cohost"]).pk,
        "team/invites/": invite.pk,
        "t/": p1.pk,
        "events/<str:slug>/seating/rules/": rule.pk,
        "events/<str:slug>/arrivals/": Arrival.objects.create(event=tonight, name="Zed Newman").pk,
    }
    # Signed in once for the module (a session made inside a test would roll back with it).
    clients = {who: Client() for who in WHO}
    for who, client in clients.items():
        if who != "anonymous":
            client.force_login(users[who])
    cookies = {who: client.cookies.output(header="", sep=";") for who, client in clients.items()}
    return {
        "users": users,
        "values": values,
        "pks": pks,
        "season": season,
        "clients": clients,
        "cookies": cookies,
    }


def url_for(name: str, route: str, world) -> str:
    kw = {n: world["values"][n] for n in re.findall(r"<(?:\w+:)?(\w+)>", route) if n != "pk"}
    if route.startswith("seasons/") and "slug" in kw:
        kw["slug"] = world["season"].slug
    if "<int:pk>" in route:
        prefix = max((p for p in world["pks"] if route.startswith(p)), key=len)
        kw["pk"] = world["pks"][prefix]
    return reverse(name, kwargs=kw)


# What a press sends where an empty form would be refused before the role is asked.
POSTED = {"table_restore": {"version": "1"}}


def answer(world, who: str, method: str, url: str, data=None) -> int | str:
    """The status the account meets, or "login" for a redirect to the sign-in page."""
    client = world["clients"][who]
    # Back to the module's own session (a press on "Sign out" replaced the cookie).
    client.cookies = SimpleCookie(world["cookies"][who])
    if who != "anonymous":
        session = client.session
        session[CLUB] = world["users"]["owner"].pk  # helpers look at the host's club
        session.save()
    with transaction.atomic():
        response = getattr(client, method)(url, data or {})
        transaction.set_rollback(True)
    if response.status_code == 302 and response["Location"].startswith(reverse("login")):
        return "login"
    return response.status_code


def refused(status) -> bool:
    return status in ("login", 403, 404)


@pytest.mark.parametrize("name", sorted(ROUTES))
def test_who_may_open_and_press_each_address(world, name):
    scope, need = ROUTES[name]
    url = url_for(name, app_routes()[name], world)
    served = set()
    wrong = []
    for method in ("get", "post"):
        data = POSTED.get(name) if method == "post" else None
        first = "anonymous" if scope == "public" else "owner"
        if answer(world, first, method, url, data) == 405:
            continue  # this address doesn't take this method from anyone
        answers = {who: answer(world, who, method, url, data) for who in WHO}
        served.add(method)
        for who, status in answers.items():
            assert status == "login" or status < 500, f"{method} {url} as {who}: {status}"
            if scope == "public":
                # Players' pages, sign-in, health: no account is asked for, so none is
                # refused (the home page sends a visitor on to the sign-in page).
                assert status != 403, f"{method} {url} as {who}"
            elif refused(status) == expected_allowed(who, scope, need):
                wrong.append(f"{method.upper()} {url} as {who}: {status}")
    assert served, f"{url} answers neither GET nor POST"
    assert wrong == []


def test_the_admin_refuses_every_account_but_a_superuser(world):
    """The admin stays scoped: the host and their helpers meet its sign-in page."""
    admin_urls = [
        reverse("admin:index"),
        reverse("admin:auth_group_changelist"),
        reverse("admin:tourney_event_changelist"),
        reverse("admin:tourney_role_changelist"),
    ]
    for who in ("owner", "cohost", "anonymous"):
        for url in admin_urls:
            client = Client()
            if who != "anonymous":
                client.force_login(world["users"][who])
            response = client.get(url)
            assert response.status_code == 302, (who, url)
            assert response["Location"].startswith(reverse("admin:login")), (who, url)
