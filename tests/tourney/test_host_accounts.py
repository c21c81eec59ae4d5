"""Hosts join by a site admin's one-time invitation, change their password, reset a
forgotten one by email (when the site has email), back up their club and delete
their account and everything in it (and nothing of anyone else's)."""

from __future__ import annotations

import datetime
import html
import io
import json
import re

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from tests.factories import PASSWORD, UserFactory
from tests.tourney.clubs import full_club, snapshot
from tourney.models import Event, HostAccount, HostInvite, Person, Season

pytestmark = pytest.mark.django_db
User = get_user_model()
NEW_PASSWORD = "a-fresh-rook-password-9"


def text(response) -> str:
    return html.unescape(response.content.decode())


@pytest.fixture
def admin_client(client):
    client.force_login(UserFactory(username="siteadmin", is_superuser=True))
    return client


def make_invite(admin_client, club="Tuesday Rook") -> str:
    response = admin_client.post(reverse("host_invites"), {"club_name": club})
    assert response.status_code == 200
    link = re.search(r'value="(http://testserver/accounts/invite/[^"]+)"', text(response))
    assert link, "the new link is shown once"
    return link.group(1).removeprefix("http://testserver")


def join(client, link, **fields):
    data = {
        "username": "nina",
        "club_name": "Nina's Rook Club",
        "email": "nina@example.org",
        "password1": NEW_PASSWORD,
        "password2": NEW_PASSWORD,
        **fields,
    }
    return client.post(link, data)


# Invitations.


def test_an_invite_makes_a_host_with_an_empty_club_and_works_once(admin_client):
    link = make_invite(admin_client)
    newcomer = Client()
    for _ in range(2):  # a link preview, then the newcomer opening it
        page = newcomer.get(link)
        assert page.status_code == 200
        assert "Join Rookery as a host" in text(page)
        assert 'value="Tuesday Rook"' in text(page)  # the admin's suggestion
    assert HostInvite.objects.get().used_at is None
    response = join(newcomer, link)
    assert response.status_code == 302 and response["Location"] == reverse("host_home")
    nina = User.objects.get(username="nina")
    assert nina.is_staff and not nina.is_superuser and nina.check_password(NEW_PASSWORD)
    assert HostAccount.objects.get(user=nina).club_name == "Nina's Rook Club"
    assert HostInvite.objects.get().host == nina
    home = newcomer.get(reverse("host_home"))
    assert "No events yet." in text(home)
    assert "Nina's Rook Club" in text(home)  # the club's name in the header
    for model in (Event, Person, Season):
        assert not model.objects.filter(owner=nina).exists()
    # Used: another visit (even signed out) can't make a second account.
    again = Client()
    assert again.get(link).status_code == 410
    assert join(again, link, username="nina2").status_code == 410
    assert "This invitation can't be used" in text(again.get(link))
    assert not User.objects.filter(username="nina2").exists()


def test_an_expired_invite_makes_nothing(admin_client):
    link = make_invite(admin_client)
    HostInvite.objects.update(
        created_at=HostInvite.objects.get().created_at - datetime.timedelta(days=8)
    )
    newcomer = Client()
    assert newcomer.get(link).status_code == 410
    response = join(newcomer, link)
    assert response.status_code == 410
    assert "more than 7 days old" in text(response)
    assert not User.objects.filter(username="nina").exists()


def test_a_made_up_invite_is_refused(client):
    assert client.get(reverse("host_invite", args=["not-a-real-secret"])).status_code == 410


def test_a_bad_join_form_keeps_what_was_typed_and_the_invite(admin_client):
    link = make_invite(admin_client)
    UserFactory(username="Marge")
    newcomer = Client()
    taken = join(newcomer, link, username="marge")
    assert taken.status_code == 422
    assert "A user with that username already exists." in text(taken)
    mismatch = join(newcomer, link, password2="something-else-1")
    assert mismatch.status_code == 422
    assert "The two password fields didn’t match." in text(mismatch)
    assert 'value="nina"' in text(mismatch)
    weak = join(newcomer, link, password1="12345678", password2="12345678")
    assert "This password is entirely numeric." in text(weak)
    assert HostInvite.objects.get().used_at is None
    assert join(newcomer, link).status_code == 302


def test_only_a_site_admin_may_invite(client):
    host = UserFactory(username="plainhost", is_superuser=False)
    client.force_login(host)
    assert client.get(reverse("host_invites")).status_code == 404
    assert client.post(reverse("host_invites"), {"club_name": "X"}).status_code == 404
    assert not HostInvite.objects.exists()
    assert "Hosts and invitations" not in text(client.get(reverse("account")))
    client.logout()
    response = client.get(reverse("host_invites"))
    assert response.status_code == 302 and response["Location"].startswith(reverse("login"))


def test_the_invite_host_command_prints_a_working_link():
    out = io.StringIO()
    call_command(
        "invite_host", "--club", "Thursday Club", "--url", "https://rook.example.org", stdout=out
    )
    link = out.getvalue().strip().splitlines()[-1]
    assert link.startswith("https://rook.example.org/accounts/invite/")
    path = link.removeprefix("https://rook.example.org")
    newcomer = Client()
    assert 'value="Thursday Club"' in text(newcomer.get(path))
    assert join(newcomer, path).status_code == 302


# Passwords.


def test_a_host_changes_their_password_and_stays_signed_in(client):
    host = UserFactory(username="marge", is_superuser=False)
    client.force_login(host)
    assert "Change your password" in text(client.get(reverse("account")))
    url = reverse("password_change")
    wrong = client.post(
        url, {"old_password": "nope", "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD}
    )
    assert wrong.status_code == 422
    assert "Your old password was entered incorrectly" in text(wrong)
    done = client.post(
        url,
        {"old_password": PASSWORD, "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
        follow=True,
    )
    assert done.redirect_chain[-1][0] == reverse("account")
    assert "Your password is changed." in text(done)
    host.refresh_from_db()
    assert host.check_password(NEW_PASSWORD)
    assert client.get(reverse("host_home")).status_code == 200


def test_wrong_old_passwords_count_as_failed_sign_ins(client):
    host = UserFactory(username="marge", is_superuser=False)
    client.force_login(host)
    url = reverse("password_change")
    for _ in range(5):
        client.post(
            url,
            {"old_password": "guess", "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
        )
    blocked = client.post(
        url,
        {"old_password": PASSWORD, "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
    )
    assert blocked.status_code == 429
    assert "Too many sign-in attempts. Wait 15 minutes" in text(blocked)
    host.refresh_from_db()
    assert host.check_password(PASSWORD)
    # ...and the sign-in page shares that count.
    other = Client()
    assert (
        other.post(reverse("login"), {"username": "marge", "password": PASSWORD}).status_code == 429
    )


def test_without_email_forgot_password_says_to_ask_the_site_admin(client, settings):
    settings.ROOKERY_EMAIL = False
    page = text(client.get(reverse("login")))
    assert reverse("password_reset") not in page
    assert "Ask the site admin to set a new one." in page
    response = client.get(reverse("password_reset"))
    assert response.status_code == 404
    assert "This Rookery sends no email" in text(response)
    client.post(reverse("password_reset"), {"email": "marge@example.org"})
    assert mail.outbox == []


def test_with_email_a_forgotten_password_is_reset_by_a_mailed_link(client, settings):
    settings.ROOKERY_EMAIL = True
    settings.MAILERS = {"default": {"BACKEND": "django.core.mail.backends.locmem.EmailBackend"}}
    host = UserFactory(username="marge", is_superuser=False, email="marge@example.org")
    assert reverse("password_reset") in text(client.get(reverse("login")))
    sent = client.post(reverse("password_reset"), {"email": "marge@example.org"}, follow=True)
    assert "Check your email" in text(sent)
    assert len(mail.outbox) == 1 and mail.outbox[0].to == ["marge@example.org"]
    link = re.search(r"http://testserver(/accounts/reset/\S+/)", mail.outbox[0].body).group(1)
    form = client.get(link, follow=True)
    assert "Set a new password" in text(form)
    done = client.post(
        form.redirect_chain[-1][0],
        {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
        follow=True,
    )
    assert "Password set" in text(done)
    host.refresh_from_db()
    assert host.check_password(NEW_PASSWORD)
    assert "This link can't be used" in text(client.get(link, follow=True))
    # An address no host has gets the same answer and no mail.
    client.post(reverse("password_reset"), {"email": "nobody@example.org"})
    assert len(mail.outbox) == 1


# Backup and deletion.


@pytest.fixture
def two_clubs():
    return full_club("ann", "Amber"), full_club("bea", "Birch")


def test_the_backup_holds_the_hosts_club_and_nothing_else(client, two_clubs):
    ann, bea = two_clubs
    client.force_login(ann["host"])
    response = client.get(reverse("account_backup"))
    assert response.status_code == 200
    assert response["Content-Disposition"].startswith('attachment; filename="rookery-club-')
    data = json.loads(response.content)
    assert data["format"] == "rookery-club/1"
    assert [e["event"]["name"] for e in data["events"]] == ["Amber Night"]
    assert "Amber Person" in {p["name"] for p in data["people"]}
    for secret in bea["secrets"]:
        assert secret not in response.content.decode()


def test_deleting_needs_the_club_name_typed(client, two_clubs):
    ann, _ = two_clubs
    client.force_login(ann["host"])
    before = snapshot(ann["host"])
    page = client.get(reverse("account_delete"))
    assert "Delete “Amber Club”?" in text(page)
    for typed in ("", "amber club", "Birch Club", "Amber"):
        response = client.post(reverse("account_delete"), {"club_name": typed})
        assert response.status_code == 422
        assert "type “Amber Club” exactly to delete it" in text(response) or typed == ""
        assert f'value="{typed}"' in text(response) or typed == ""
    assert snapshot(ann["host"]) == before


def test_deleting_removes_everything_of_the_host_and_nothing_of_another(client, two_clubs):
    ann, bea = two_clubs
    bea_before = snapshot(bea["host"])
    client.force_login(ann["host"])
    response = client.post(reverse("account_delete"), {"club_name": "Amber Club"}, follow=True)
    assert "“Amber Club” and everything in it are deleted." in text(response)
    assert "_auth_user_id" not in client.session
    assert not User.objects.filter(username="ann").exists()
    from tests.tourney.clubs import Pad, Player, Score

    assert not Event.objects.filter(name="Amber Night").exists()
    assert not Person.objects.filter(name="Amber Person").exists()
    assert not Pad.objects.filter(name="Amber Pad").exists()
    assert not Player.objects.exclude(event__owner=bea["host"]).exists()
    assert not Score.objects.exclude(entry__round__event__owner=bea["host"]).exists()
    assert snapshot(bea["host"]) == bea_before
    assert (
        client.post(reverse("login"), {"username": "ann", "password": PASSWORD}).status_code == 200
    )


def test_a_deletion_that_cannot_finish_deletes_nothing(client, two_clubs):
    ann, bea = two_clubs
    # A record of Bea's that points at Ann's roster (as a damaged import might leave):
    # deleting Ann's person would break it, so nothing of Ann's goes either.
    bea["player"].person = ann["person"]
    bea["player"].save()
    client.force_login(ann["host"])
    ann_before, bea_before = snapshot(ann["host"]), snapshot(bea["host"])
    response = client.post(reverse("account_delete"), {"club_name": "Amber Club"})
    assert response.status_code == 422
    assert "still used by another club, so nothing was deleted" in text(response)
    assert snapshot(ann["host"]) == ann_before
    assert snapshot(bea["host"]) == bea_before


def test_the_only_site_admin_cannot_delete_themselves(client):
    root = UserFactory(username="root", is_superuser=True)
    client.force_login(root)
    response = client.post(reverse("account_delete"), {"club_name": "root"})
    assert response.status_code == 422
    assert "You are the only site admin" in text(response)
    assert User.objects.filter(username="root").exists()


def test_the_club_name_is_set_on_the_account_page_and_shown_in_the_header(client):
    host = UserFactory(username="marge", is_superuser=False)
    client.force_login(host)
    assert 'class="club-name" aria-label="Account: marge">marge</a>' in text(
        client.get(reverse("host_home"))
    )
    response = client.post(
        reverse("account"), {"club_name": "Marge's Rook Club", "email": ""}, follow=True
    )
    assert "Saved." in text(response)
    assert ">Marge's Rook Club</a>" in text(client.get(reverse("host_home")))
    blank = client.post(reverse("account"), {"club_name": "", "email": "not-an-email"})
    assert blank.status_code == 422
    assert "Enter a valid email address." in text(blank)
