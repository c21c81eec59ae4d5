"""The admin (/admin/) is for superusers only: it shows every host's records."""

import io
from html.parser import HTMLParser

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

from tests.factories import UserFactory, night
from tourney.models import Event, Person, TableCard

pytestmark = pytest.mark.django_db


@pytest.fixture
def ensured_host():
    """The account `ensure_host` makes on a new install."""
    call_command("ensure_host", stdout=io.StringIO())
    return get_user_model().objects.get(username="host")


@pytest.fixture
def other_hosts_club():
    other = UserFactory(username="rival", is_superuser=False)
    event = night(4, owner=other, name="Rival night")
    person = Person.objects.get(owner=other, name="P01")
    person.email, person.phone = "p01@rival.example", "555 0199"
    person.save()
    card = TableCard.objects.create(event=event, number=1)
    return event, person, card


def admin_pages(event, person, card):
    return [
        "/admin/",
        "/admin/tourney/person/",
        f"/admin/tourney/person/{person.pk}/change/",
        "/admin/tourney/event/",
        f"/admin/tourney/event/{event.pk}/change/",
        "/admin/tourney/tablecard/",
        f"/admin/tourney/tablecard/{card.pk}/change/",
    ]


def test_the_ensure_host_account_is_not_a_superuser_and_cannot_open_the_admin(
    client, ensured_host, other_hosts_club
):
    event, person, card = other_hosts_club
    assert ensured_host.is_staff and not ensured_host.is_superuser
    assert not ensured_host.get_all_permissions()
    client.force_login(ensured_host)
    for url in admin_pages(event, person, card):
        response = client.get(url, follow=True)
        text = response.content.decode()
        assert response.redirect_chain[0][0].startswith("/admin/login/"), url
        assert "not authorized to access this page" in text, url
        for secret in (person.email, person.phone, card.token, event.name):
            assert secret not in text, (url, secret)
    # Nor can it change another host's person.
    response = client.post(
        f"/admin/tourney/person/{person.pk}/change/", {"name": "Renamed", "aliases": "[]"}
    )
    assert response.status_code == 302 and "/admin/login/" in response["Location"]
    person.refresh_from_db()
    assert person.name == "P01"


def test_ensure_host_makes_a_superuser_only_when_asked(client):
    out = io.StringIO()
    call_command("ensure_host", "--superuser", stdout=out)
    assert "Superuser account created" in out.getvalue()
    assert get_user_model().objects.get(username="host").is_superuser


def test_a_superuser_reads_every_hosts_records(client, other_hosts_club):
    event, person, card = other_hosts_club
    client.force_login(UserFactory(username="root"))  # a superuser (createsuperuser)
    for url in admin_pages(event, person, card):
        assert client.get(url).status_code == 200, url
    assert person.email in client.get(f"/admin/tourney/person/{person.pk}/change/").content.decode()
    assert card.token in client.get(f"/admin/tourney/tablecard/{card.pk}/change/").content.decode()


class FormFields(HTMLParser):
    """The fields a browser would send from the page's main form, as (name, value) pairs."""

    def __init__(self):
        super().__init__()
        self.fields: list[tuple[str, str]] = []
        self._select: str | None = None
        self._textarea: str | None = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        name = a.get("name")
        if tag == "input" and name and a.get("type") not in ("submit", "button", "file"):
            if a.get("type") in ("checkbox", "radio") and "checked" not in a:
                return
            self.fields.append(
                (name, a.get("value") or ("on" if a.get("type") == "checkbox" else ""))
            )
        elif tag == "select" and name:
            self._select = name
        elif tag == "option" and self._select and "selected" in a:
            self.fields.append((self._select, a.get("value", "")))
        elif tag == "textarea" and name:
            self._textarea = name
            self.fields.append((name, ""))

    def handle_data(self, data):
        if self._textarea:
            name, value = self.fields.pop()
            self.fields.append((name, value + data))

    def handle_endtag(self, tag):
        if tag == "select":
            self._select = None
        elif tag == "textarea":
            self._textarea = None


def test_a_superuser_saves_a_300_player_event_in_the_admin(client):
    root = UserFactory(username="root")
    event = night(300, owner=root, name="Big night")
    client.force_login(root)
    url = f"/admin/tourney/event/{event.pk}/change/"
    page = client.get(url)
    assert page.status_code == 200
    parser = FormFields()
    parser.feed(page.content.decode())
    data: dict[str, list[str]] = {}
    for name, value in parser.fields:
        data.setdefault(name, []).append(value)
    data["place"] = ["The big hall"]
    data["_save"] = ["Save"]
    response = client.post(url, data)
    assert response.status_code == 302, response.content.decode()[:2000]
    event.refresh_from_db()
    assert event.place == "The big hall"
    assert event.players.count() == 300
    listed = client.get(f"/admin/tourney/player/?event__id__exact={event.pk}")
    assert "300 players" in listed.content.decode()
    assert Event.objects.count() == 1
