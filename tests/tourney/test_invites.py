"""Bringing helpers: the Team page's invite QR codes, accepting one on a phone, setting a
password to come back, the list of who has which role, and revoking (refused at once); a
helper starting a club of their own."""

from __future__ import annotations

import datetime
import importlib
import re
from html import unescape

import pytest
import time_machine
from django.apps import apps as django_apps
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group, Permission
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from tests.factories import EventFactory, UserFactory, night
from tests.tourney.test_views import event_form_data
from tourney import services
from tourney.accounts import roles, team_invites
from tourney.models import Entry, Event, HelperAccount, HostAccount, Invite, Person, Role
from tourney.views.common import CLUB

pytestmark = pytest.mark.django_db


def text(response) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", response.content.decode())).split())


@pytest.fixture
def tonight(host):
    event = night(8, owner=host, name="Friday Rook")
    services.seat_next_round(event)
    return event


def make_invite(host_client, level="desk", night_slug="") -> str:
    """Press "Make an invite QR code" on the Team page; the link the QR code holds."""
    response = host_client.post(reverse("team"), {"level": level, "night": night_slug})
    assert response.status_code == 302
    page = host_client.get(reverse("team"))
    html = page.content.decode()
    assert "<svg" in html  # the QR code, drawn on the page (no image service)
    links = re.findall(r'class="invite-url"><a href="([^"]+)"', html)
    assert len(links) == 1
    return links[0]


def test_a_phone_accepts_a_desk_invite_for_one_night_and_can_do_the_desks_work(
    host_client, host, tonight
):
    link = make_invite(host_client, "desk", tonight.slug)
    phone = Client()
    # A messaging app's link preview, then the person opening it: neither uses it up.
    for _ in range(2):
        page = phone.get(link)
        assert page.status_code == 200
        assert "invites you as Desk for Friday Rook" in text(page)
    assert Invite.objects.get().used_at is None
    assert not get_user_model().objects.filter(first_name="Ann Whitaker").exists()

    accepted = phone.post(link, {"name": "  Ann   Whitaker "})
    assert accepted.status_code == 302
    assert accepted["Location"] == reverse("password_set")
    ann = get_user_model().objects.get(first_name="Ann Whitaker")
    assert ann.username == "ann-whitaker"
    assert not ann.has_usable_password()
    role = Role.objects.get(user=ann)
    assert (role.club, role.event, role.level, role.granted_by) == (host, tonight, "desk", host)
    invite = Invite.objects.get()
    assert invite.used_by == ann and invite.used_at is not None

    # Signed in on the phone with the role: the desk's pages open, seating is refused.
    assert phone.get(reverse("player_list", args=[tonight.slug])).status_code == 200
    assert phone.get(reverse("round_detail", args=[tonight.slug, 1])).status_code == 200
    refused = phone.get(reverse("event_seating", args=[tonight.slug]))
    assert refused.status_code == 403
    assert "You help here as Desk: seating, rounds, house rules" in text(refused)
    other = EventFactory(owner=host)
    assert phone.get(reverse("event_detail", args=[other.slug])).status_code == 404
    # ... and the host's home lists the night they help at, with the role.
    home = text(phone.get(reverse("host_home")))
    assert "Nights you help at Friday Rook" in home and "Desk" in home


def test_setting_a_password_after_accepting_lets_the_helper_sign_in_again(host_client, tonight):
    link = make_invite(host_client, "score", tonight.slug)
    phone = Client()
    phone.post(link, {"name": "Bo Lind"})
    page = phone.get(reverse("password_set"))
    assert "you'll sign in as bo-lind" in text(page)
    bad = phone.post(reverse("password_set"), {"new_password1": "x", "new_password2": "y"})
    assert bad.status_code == 422
    done = phone.post(
        reverse("password_set"),
        {"new_password1": "rook-night-4ever", "new_password2": "rook-night-4ever"},
    )
    assert done["Location"] == tonight.get_absolute_url()
    assert phone.get(tonight.get_absolute_url()).status_code == 200  # still signed in
    again = Client()
    signed_in = again.post(
        reverse("login"), {"username": "bo-lind", "password": "rook-night-4ever"}
    )
    assert signed_in.status_code == 302
    assert again.get(reverse("round_detail", args=[tonight.slug, 1])).status_code == 200


def test_an_invite_works_once(host_client, tonight):
    link = make_invite(host_client, "view", tonight.slug)
    assert Client().post(link, {"name": "Cy Moss"}).status_code == 302
    second = Client()
    answer = second.post(link, {"name": "Di Park"})
    assert answer.status_code == 410
    assert "It has been used already" in text(answer)
    assert second.get(link).status_code == 410
    assert not get_user_model().objects.filter(first_name="Di Park").exists()
    assert Role.objects.count() == 1


def test_an_expired_invite_is_refused_and_gives_nothing(host_client, tonight):
    link = make_invite(host_client, "desk")
    with time_machine.travel(timezone.now() + datetime.timedelta(hours=48, minutes=1)):
        phone = Client()
        assert "more than 48 hours old" in text(phone.get(link))
        assert phone.post(link, {"name": "Ed Ruiz"}).status_code == 410
    assert Role.objects.count() == 0
    assert Invite.objects.get().used_at is None


def test_a_cancelled_invite_is_refused(host_client, tonight):
    link = make_invite(host_client, "desk")
    invite = Invite.objects.get()
    host_client.post(reverse("invite_cancel", args=[invite.pk]))
    phone = Client()
    assert "The host cancelled it" in text(phone.get(link))
    assert phone.post(link, {"name": "Fay Quinn"}).status_code == 410
    assert Role.objects.count() == 0
    # The team page no longer shows its QR code.
    assert "<svg" not in host_client.get(reverse("team")).content.decode()


def test_a_made_up_link_is_refused(db):
    response = Client().get(reverse("invite_accept", args=["not-a-real-secret"]))
    assert response.status_code == 410


def test_a_name_is_needed_and_what_was_typed_is_kept(host_client, tonight):
    link = make_invite(host_client, "desk")
    phone = Client()
    for typed, message in [("", "This field is required."), ("…", "Type your name")]:
        response = phone.post(link, {"name": typed})
        assert response.status_code == 422
        assert message in text(response)
        assert f'value="{typed}"' in response.content.decode() or typed == ""
    assert Invite.objects.get().used_at is None


def test_someone_signed_in_accepts_with_their_own_account(host_client, host, tonight):
    link = make_invite(host_client, "run")
    gus = UserFactory(username="gus", is_superuser=False, is_staff=False)
    phone = Client()
    phone.force_login(gus)
    assert "Accept as gus" in text(phone.get(link))
    assert phone.post(link).status_code == 302
    assert Role.objects.get(user=gus).level == "run" and Role.objects.get().event is None
    assert get_user_model().objects.count() == 2  # nobody new


def test_the_host_opening_their_own_invite_does_not_use_it(host_client, tonight):
    link = make_invite(host_client, "desk")
    page = host_client.get(link)
    assert "This is your own club's invite" in text(page)
    host_client.post(link)
    assert Invite.objects.get().used_at is None and Role.objects.count() == 0


def test_the_team_page_lists_who_has_which_role_and_who_gave_it(host_client, host, tonight):
    club_desk = UserFactory(username="hal", first_name="Hal Moss", is_superuser=False)
    night_scorer = UserFactory(username="ivy", first_name="Ivy Lee", is_superuser=False)
    roles.grant(club=host, user=club_desk, level="desk", by=host)
    roles.grant(club=host, user=night_scorer, level="score", event=tonight, by=host)
    page = text(host_client.get(reverse("team")))
    assert "Hal Moss Desk · every night" in page
    # The night is named with its date: a club's Friday Rook comes every week.
    assert f"Ivy Lee Scorer · Friday Rook, {tonight.date:%-d %b %Y} only" in page
    assert "by hostess" in page


def test_revoke_refuses_the_helpers_very_next_request(host_client, host, tonight):
    link = make_invite(host_client, "score", tonight.slug)
    phone = Client()
    phone.post(link, {"name": "Jo King"})
    scores = reverse("table_scores_host", args=[tonight.slug, 1, 1])
    assert phone.get(scores).status_code == 200
    role = Role.objects.get()
    answer = host_client.post(reverse("role_revoke", args=[role.pk]))
    assert f"Jo King is no longer scorer for Friday Rook, {tonight.date:%-d %b %Y}:" in text(
        host_client.get(answer.url)
    )
    # Same session, next request: refused, saying so (they knew the night).
    after = phone.get(scores)
    assert after.status_code == 403
    assert (
        f"Your role (scorer) for Friday Rook, {tonight.date:%-d %b %Y} was taken back by "
        "hostess on " in text(after)
    )
    # Any other night of the club stays unknown to them.
    other = EventFactory(owner=host, name="Next week")
    assert phone.get(reverse("event_detail", args=[other.slug])).status_code == 404
    role.refresh_from_db()
    assert role.revoked_by == host and role.revoked_at is not None
    past = text(host_client.get(reverse("team")))
    assert f"Roles taken back Jo King Scorer · Friday Rook, {tonight.date:%-d %b %Y} only" in past
    assert "taken back" in past and "by hostess" in past


def test_a_co_host_switches_to_the_club_and_loses_it_at_once_when_revoked(host, tonight):
    Person.objects.create(owner=host, name="Kit Carson")
    kay = UserFactory(username="kay", is_superuser=False, is_staff=False)
    role = roles.grant(club=host, user=kay, level="run", by=host)
    phone = Client()
    phone.force_login(kay)
    # Before switching, the Players page is Kay's own (empty) club's.
    assert "Kit Carson" not in text(phone.get(reverse("roster")))
    assert "Whose people and seasons" in text(phone.get(reverse("host_home")))
    phone.post(reverse("club_switch"), {"club": host.pk})
    assert "Kit Carson" in text(phone.get(reverse("roster")))
    # A co-host makes a night for the club they help, not for themselves.
    made = phone.post(reverse("event_create"), event_form_data(name="Kay's night"))
    assert made.status_code == 302
    assert host.events.filter(name="Kay's night").exists()
    roles.revoke(role, by=host)
    gone = phone.get(reverse("roster"))
    assert gone.status_code == 403
    assert "You no longer help at hostess's club" in text(gone)
    assert "Kit Carson" not in text(phone.get(reverse("roster")))  # back to their own
    # The club's nights say the role went rather than "no such night".
    night_page = phone.get(tonight.get_absolute_url())
    assert night_page.status_code == 403
    assert "Your role (co-host) for hostess's club was taken back by hostess" in text(night_page)


def test_what_a_role_grants_is_its_django_group(host, tonight):
    """A site admin who takes "enter scores" from the Scorer group takes it from every scorer."""
    lee = UserFactory(username="lee", is_superuser=False, is_staff=False)
    roles.grant(club=host, user=lee, level="score", event=tonight, by=host)
    phone = Client()
    phone.force_login(lee)
    scores = reverse("table_scores_host", args=[tonight.slug, 1, 1])
    assert phone.get(scores).status_code == 200
    Group.objects.get(name="Scorer").permissions.remove(
        Permission.objects.get(codename="score_night")
    )
    assert phone.get(scores).status_code == 403
    assert phone.get(reverse("round_detail", args=[tonight.slug, 1])).status_code == 200


def test_a_second_role_in_the_same_scope_replaces_the_first(host, tonight):
    mo = UserFactory(username="mo", is_superuser=False)
    first = roles.grant(club=host, user=mo, level="view", event=tonight, by=host)
    second = roles.grant(club=host, user=mo, level="desk", event=tonight, by=host)
    first.refresh_from_db()
    assert first.revoked_at is not None and second.revoked_at is None
    assert roles.granted(mo, host.pk, tonight.pk) == {"view", "score", "desk"}


def test_an_invite_for_another_clubs_night_cannot_be_made(host_client, host):
    elsewhere = EventFactory(name="Not yours")
    response = host_client.post(reverse("team"), {"level": "desk", "night": elsewhere.slug})
    assert response.status_code == 422
    assert Invite.objects.count() == 0
    with pytest.raises(ValueError, match="is not a night of"):
        team_invites.issue(club=host, level="desk", event=elsewhere, by=host)


def test_a_helper_sees_no_buttons_their_role_would_refuse(host, tonight):
    nan = UserFactory(username="nan", is_superuser=False)
    roles.grant(club=host, user=nan, level="view", event=tonight, by=host)
    phone = Client()
    phone.force_login(nan)
    html = phone.get(tonight.get_absolute_url()).content.decode()
    assert reverse("master_sheet", args=[tonight.slug]) in html
    for hidden in ("player_list", "event_seating", "event_edit", "event_delete", "table_cards"):
        assert reverse(hidden, args=[tonight.slug]) not in html, hidden
    assert session_club_is_clear(phone)


def session_club_is_clear(client) -> bool:
    return CLUB not in client.session


def test_a_viewer_on_the_monitor_and_the_season_sees_nothing_to_press(host, tonight):
    """The monitor and the season standings for a club-wide viewer: read-only."""
    season = tonight.owner.seasons.create(name="Winter")
    tonight.season = season
    tonight.save()
    services.begin_round(tonight.rounds.get(number=1))
    oz = UserFactory(username="oz", is_superuser=False)
    roles.grant(club=host, user=oz, level="view", by=host)
    phone = Client()
    phone.force_login(oz)
    phone.post(reverse("club_switch"), {"club": host.pk})
    monitor = phone.get(reverse("round_detail", args=[tonight.slug, 1])).content.decode()
    assert "Table 1" in monitor
    for hidden in ("round_close", "seating_chart"):
        assert reverse(hidden, args=[tonight.slug, 1]) not in monitor, hidden
    assert reverse("table_scores_host", args=[tonight.slug, 1, 1]) not in monitor
    standings = phone.get(season.get_absolute_url()).content.decode()
    assert "Winter" in standings
    for hidden in ("season_edit", "season_delete", "season_event_add"):
        assert reverse(hidden, args=[season.slug]) not in standings, hidden
    assert reverse("season_create") not in phone.get(reverse("season_list")).content.decode()


def test_roles_given_and_taken_are_in_the_nights_activity_once_with_who(host_client, host, tonight):
    link = make_invite(host_client, "score", tonight.slug)
    Client().post(link, {"name": "Jo King"})
    role = Role.objects.get()
    host_client.post(reverse("role_revoke", args=[role.pk]))
    host_client.post(reverse("role_revoke", args=[role.pk]))  # a second tap: nothing more
    log = text(host_client.get(reverse("event_activity", args=[tonight.slug])))
    assert log.count("Gave Jo King the Scorer role for Friday Rook.") == 1
    assert log.count("Took Jo King's Scorer role back for Friday Rook.") == 1
    rows = {a.detail: a.author for a in tonight.activity.all()}
    assert rows["Gave Jo King the Scorer role for Friday Rook."] == host.get_username()
    assert rows["Took Jo King's Scorer role back for Friday Rook."] == host.get_username()


def test_a_helper_is_named_by_the_name_they_gave_on_every_page_and_in_the_log(
    host_client, host, tonight
):
    """dora-desk is how Dora signs in; everyone else reads "Dora Desk", and the host who
    gave a first name is named by it too (one rule: tourney.models.display_name)."""
    host.first_name = "Hettie Host"
    host.save(update_fields=["first_name"])
    link = make_invite(host_client, "desk", tonight.slug)
    phone = Client()
    phone.post(link, {"name": "Dora Desk"})
    dora = get_user_model().objects.get(username="dora-desk")
    rnd = tonight.rounds.get(number=1)
    services.begin_round(rnd)
    table = rnd.tables.get(number=1)
    typed = {
        f"t1-p{s.player_id}": v
        for s, v in zip(table.seats.order_by("position"), ["0", "5", "10", "15"], strict=True)
    }
    saved = phone.post(reverse("desk_table", args=[tonight.slug, 1, 1]), typed)
    assert saved.status_code == 302
    assert Entry.objects.get(table=table).entered_by_user == dora

    pages = {
        "team": text(host_client.get(reverse("team"))),
        "activity": text(host_client.get(reverse("event_activity", args=[tonight.slug]))),
        "round": text(host_client.get(reverse("round_detail", args=[tonight.slug, 1]))),
        "table": text(host_client.get(reverse("table_scores_host", args=[tonight.slug, 1, 1]))),
    }
    assert f"Dora Desk Desk · Friday Rook, {tonight.date:%-d %b %Y} only" in pages["team"]
    assert "by Hettie Host" in pages["team"]
    assert "Hettie Host Gave Dora Desk the Desk role for Friday Rook." in pages["activity"]
    assert re.search(r"Dora Desk Round 1, table 1: .*version 1", pages["activity"])
    assert "Dora Desk (signed in)" in pages["table"]
    for what, page in pages.items():
        assert "dora-desk" not in page, what

    role = Role.objects.get(user=dora)
    revoked = host_client.post(reverse("role_revoke", args=[role.pk]), follow=True)
    assert "Dora Desk is no longer desk for Friday Rook" in text(revoked)
    refused = text(phone.get(tonight.get_absolute_url()))
    assert "was taken back by Hettie Host on" in refused
    log = text(host_client.get(reverse("event_activity", args=[tonight.slug])))
    assert "Hettie Host Took Dora Desk's Desk role back for Friday Rook." in log


def test_scores_the_desk_typed_are_no_players_though_the_helper_shares_a_name(host, tonight):
    """Named as people see them, a desk helper may share a seated player's name: that
    player still confirms the desk's scores (the entry names an account, not a seat)."""
    rnd = tonight.rounds.get(number=1)
    services.begin_round(rnd)
    table = rnd.tables.get(number=1)
    seated = table.seats.order_by("position").first().player
    helper = UserFactory(username="desk-2", first_name=seated.name, is_superuser=False)
    roles.grant(club=host, user=helper, level="desk", event=tonight, by=host)
    points = {s.player_id: 0 if i == 0 else 5 * i for i, s in enumerate(table.seats.all())}
    services.submit_scores(
        table, points, entered_by=helper.first_name, user=helper, source=Entry.Source.HOST
    )
    entry = table.entries.get(state=Entry.State.CURRENT)
    assert entry.author == f"{seated.name} (signed in)"
    assert not services.is_entrant(entry, seated)
    confirmed = services.confirm_entry(entry, player=seated, version=1, device="b" * 32)
    assert confirmed.confirmed_by == seated.name


def test_an_invited_helper_gets_no_club_of_their_own_and_home_lists_the_nights_they_help(
    host_client, host, tonight
):
    link = make_invite(host_client, "desk", tonight.slug)
    phone = Client()
    phone.post(link, {"name": "Ann Whitaker"})
    ann = get_user_model().objects.get(username="ann-whitaker")
    assert HelperAccount.objects.filter(user=ann).exists()

    page = phone.get(reverse("host_home"))
    home, html = text(page), page.content.decode()
    assert f"Nights you help at Friday Rook {tonight.date:%A %-d %B %Y}" in home
    assert "hostess's club · Desk" in home
    for hosts_only in ("event_create", "table_game_create", "team"):
        assert f'href="{reverse(hosts_only)}"' not in html, hosts_only
    assert "No events yet" not in home and "Your own club" not in home
    # Nor by address: no club to add nights, games or a team to.
    for hosts_only in ("event_create", "table_game_create", "team", "roster", "season_list"):
        refused = phone.get(reverse(hosts_only))
        assert refused.status_code == 403, hosts_only
        assert "Your account helps at other clubs' nights and has no club of its own" in text(
            refused
        )
    made = phone.post(reverse("event_create"), event_form_data(name="Ann's night"))
    assert made.status_code == 403 and not Event.objects.filter(name="Ann's night").exists()
    # The account page asks for no club name, and saving makes none.
    account = phone.get(reverse("account"))
    assert "Club name" not in text(account) and "backup of your club" not in text(account)
    phone.post(reverse("account"), {"email": "ann@example.com"})
    assert not HostAccount.objects.filter(user=ann).exists()
    ann.refresh_from_db()
    assert ann.email == "ann@example.com"
    # Once the role is taken back, home says there is nothing to help with.
    roles.revoke(Role.objects.get(user=ann), by=host)
    assert "You help at no nights now." in text(phone.get(reverse("host_home")))


def test_a_club_wide_helper_sees_that_clubs_people_without_switching(host_client, host, tonight):
    Person.objects.create(owner=host, name="Kit Carson")
    link = make_invite(host_client, "run")
    phone = Client()
    phone.post(link, {"name": "Bo Lind"})
    home = text(phone.get(reverse("host_home")))
    assert "Whose people and seasons" in home and "Now: hostess's" in home
    assert "Your own club" not in home
    assert "Kit Carson" in text(phone.get(reverse("roster")))
    made = phone.post(reverse("event_create"), event_form_data(name="Bo's night"))
    assert made.status_code == 302
    assert host.events.filter(name="Bo's night").exists()


def test_a_host_keeps_their_own_club_when_they_accept_an_invite(host_client, host, tonight):
    link = make_invite(host_client, "desk", tonight.slug)
    gus = UserFactory(username="gus", is_superuser=False, is_staff=False)
    phone = Client()
    phone.force_login(gus)
    phone.post(link)
    html = phone.get(reverse("host_home")).content.decode()
    for own in ("event_create", "table_game_create", "team"):
        assert f'href="{reverse(own)}"' in html, own
    assert phone.get(reverse("team")).status_code == 200
    assert not HelperAccount.objects.exists()
    # ...and the host who invited still has theirs.
    assert 'href="/events/new/"' in host_client.get(reverse("host_home")).content.decode()


def test_accounts_made_by_invites_before_helpers_were_marked_are_marked(host, tonight):
    """The migration's rule: the invite's user joined as it was used, and has no club."""
    migration = importlib.import_module("tourney.migrations.0023_helper_accounts")
    now = timezone.now()
    old_helper = UserFactory(username="cy", is_superuser=False, is_staff=False, date_joined=now)
    old_host = UserFactory(
        username="di",
        is_superuser=False,
        is_staff=False,
        date_joined=now - datetime.timedelta(days=30),
    )
    busy = UserFactory(username="ed", is_superuser=False, is_staff=False, date_joined=now)
    EventFactory(owner=busy)
    for user in (old_helper, old_host, busy):
        Invite.objects.create(
            club=host,
            level="desk",
            digest=user.username,
            created_by=host,
            used_at=now,
            used_by=user,
        )
    migration.mark_invited_helpers(django_apps, None)
    assert list(HelperAccount.objects.values_list("user__username", flat=True)) == ["cy"]


def start_club_form(html: str) -> tuple[str, str]:
    """The "Start a club of my own" form on a helper's home: where it posts, its CSRF token."""
    forms = re.findall(r'<form method="post" action="([^"]+)"[^>]*>(.*?)</form>', html, re.S)
    [(action, body)] = [f for f in forms if "Start a club of my own</button>" in f[1]]
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', body)
    return action, token[1]


def test_a_helper_starts_a_club_of_their_own_and_keeps_helping(host_client, host, tonight):
    link = make_invite(host_client, "desk", tonight.slug)
    phone = Client(enforce_csrf_checks=True)
    # The invite's page asks for a name; its form's token comes with the page.
    page = phone.get(link).content.decode()
    csrf = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)[1]
    phone.post(link, {"name": "Ann Whitaker", "csrfmiddlewaretoken": csrf})
    ann = get_user_model().objects.get(username="ann-whitaker")

    # Before: home explains what starting a club changes, next to the button.
    page = phone.get(reverse("host_home"))
    home, html = text(page), page.content.decode()
    assert (
        "Host nights of your own You keep your roles at hostess's nights; you'll also get "
        "your own nights, players and seasons, and a Team page to bring helpers of your own."
    ) in home
    action, token = start_club_form(html)
    assert action == reverse("club_start")
    assert f'href="{reverse("event_create")}"' not in html
    # A club-only address refused says why and leads to the button...
    refused = phone.get(reverse("team"))
    assert refused.status_code == 403
    assert f'href="{reverse("host_home")}#own-club">Start a club of my own…</a>' in (
        refused.content.decode()
    )
    # ...but a night page refused for the role offers no club: it isn't what was missing.
    other = phone.get(reverse("event_edit", args=[tonight.slug]))
    assert other.status_code == 403 and "Start a club of my own" not in text(other)

    # Only a POST with the page's CSRF token does it.
    assert phone.get(action).status_code == 405
    assert phone.post(action).status_code == 403
    assert HelperAccount.objects.filter(user=ann).exists()

    pressed = phone.post(action, {"csrfmiddlewaretoken": token})
    assert pressed.status_code == 302 and pressed["Location"] == reverse("host_home")
    assert not HelperAccount.objects.filter(user=ann).exists()
    # A double tap (the same page's form again) changes nothing and fails nothing.
    again = phone.post(action, {"csrfmiddlewaretoken": token})
    assert again.status_code == 302 and again["Location"] == reverse("host_home")

    # After: the normal host home, with the nights they help at still listed.
    page = phone.get(reverse("host_home"))
    home, html = text(page), page.content.decode()
    assert home.count("Your club is ready: New event starts its first night") == 1
    for own in ("event_create", "table_game_create", "team"):
        assert f'href="{reverse(own)}"' in html, own
    assert "No events yet." in home
    assert f"Nights you help at Friday Rook {tonight.date:%A %-d %B %Y}" in home
    assert "hostess's club · Desk" in home
    assert "Start a club of my own" not in home and "Host nights of your own" not in home
    assert Role.objects.get(user=ann, revoked_at=None).event == tonight
    ann.refresh_from_db()
    assert ann.is_staff and not ann.is_superuser  # listed among the site admin's hosts
    # Their club's pages open, and their first night is their own.
    assert phone.get(reverse("team")).status_code == 200
    assert phone.get(reverse("roster")).status_code == 200
    assert "Club name" in text(phone.get(reverse("account")))
    csrf = re.search(
        r'name="csrfmiddlewaretoken" value="([^"]+)"',
        phone.get(reverse("event_create")).content.decode(),
    )[1]
    made = phone.post(
        reverse("event_create"), event_form_data(name="Ann's night", csrfmiddlewaretoken=csrf)
    )
    assert made.status_code == 302
    assert Event.objects.get(name="Ann's night").owner == ann


def test_a_club_wide_helper_who_starts_a_club_sees_their_own_people_after(
    host_client, host, tonight
):
    Person.objects.create(owner=host, name="Kit Carson")
    link = make_invite(host_client, "run")
    phone = Client()
    phone.post(link, {"name": "Bo Lind"})
    bo = get_user_model().objects.get(username="bo-lind")
    phone.post(reverse("club_switch"), {"club": host.pk})  # looking at hostess's club
    assert "Kit Carson" in text(phone.get(reverse("roster")))

    phone.post(reverse("club_start"))
    home = text(phone.get(reverse("host_home")))
    assert "Now: your own" in home and "Your own club" in home
    assert "hostess's club" in home  # still theirs to switch to
    assert "Kit Carson" not in text(phone.get(reverse("roster")))
    phone.post(reverse("event_create"), event_form_data(name="Bo's night"))
    assert Event.objects.get(name="Bo's night").owner == bo
    assert Role.objects.filter(user=bo, club=host, revoked_at=None, event=None).exists()


def test_a_host_pressing_start_a_club_changes_nothing(host_client, host, tonight):
    helper = UserFactory(username="hal", is_superuser=False, is_staff=False)
    HelperAccount.objects.create(user=helper)
    before = host_client.get(reverse("host_home")).content.decode()
    assert "Start a club of my own" not in before
    pressed = host_client.post(reverse("club_start"))
    assert pressed.status_code == 302 and pressed["Location"] == reverse("host_home")
    after = host_client.get(reverse("host_home"))
    assert after.status_code == 200
    assert 'href="/events/new/"' in after.content.decode()
    assert "Your club is ready" not in text(after)
    assert list(HelperAccount.objects.values_list("user__username", flat=True)) == ["hal"]
    # Signed out: the sign-in page, and nothing changes.
    signed_out = Client().post(reverse("club_start"))
    assert signed_out.status_code == 302
    assert signed_out["Location"].startswith(reverse("login"))
    assert HelperAccount.objects.filter(user=helper).exists()
