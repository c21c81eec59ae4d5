"""Under DJANGO_HTTPS=1 every cookie Rookery sends is Secure: the session, the CSRF
token, flash messages, a phone's table cookies, and the deletions of each.

The settings are the ones `DJANGO_HTTPS=1` really produces (read in a fresh
Python), and a host and a phone go through sign-in, a message, the table page,
a score and sign-out over HTTPS, collecting every Set-Cookie on the way.
"""

import json
import subprocess
import sys
import uuid

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import PASSWORD, UserFactory, night, valid_points
from tests.liveserver import ROOT
from tourney import services
from tourney.models import TableCard

pytestmark = pytest.mark.django_db

READ_SETTINGS = """
import json, os
os.environ["DJANGO_HTTPS"] = "1"
from tourney import settings as s
names = [n for n in dir(s) if n.endswith("_SECURE") or n in ("HTTPS", "SECURE_PROXY_SSL_HEADER")]
print(json.dumps({n: getattr(s, n) for n in names}))
"""


@pytest.fixture
def https(settings):
    out = subprocess.run(
        [sys.executable, "-c", READ_SETTINGS], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout
    for name, value in json.loads(out).items():
        setattr(settings, name, tuple(value) if isinstance(value, list) else value)
    assert settings.SESSION_COOKIE_SECURE and settings.CSRF_COOKIE_SECURE
    return settings


class Browser(Client):
    """A client over HTTPS that keeps every cookie any response set."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.seen = []

    def request(self, **request):
        response = super().request(**request)
        self.seen.extend((request["PATH_INFO"], morsel) for morsel in response.cookies.values())
        return response


def test_every_cookie_is_secure_over_https(https):
    host = UserFactory(username="marge")
    event = night(12, owner=host)
    rnd = services.seat_next_round(event)
    services.begin_round(rnd)
    table = rnd.tables.get(number=1)
    card = TableCard.objects.get(event=event, number=1)

    browser = Browser(enforce_csrf_checks=False)
    get = lambda path: browser.get(path, secure=True)  # noqa: E731
    post = lambda path, data: browser.post(path, data, secure=True)  # noqa: E731
    assert get(reverse("login")).status_code == 200
    assert post(reverse("login"), {"username": "marge", "password": "wrong"}).status_code == 200
    assert post(reverse("login"), {"username": "marge", "password": PASSWORD}).status_code == 302
    assert post(reverse("roster"), {"name": "Ann Example"}).status_code == 302
    assert "Ann Example is on your roster" in get(reverse("roster")).content.decode()
    # A phone at table 1: the table page, then a score entered as its first player.
    table_url = reverse("table_page", args=[card.token])
    assert get(table_url).status_code == 200
    entrant = table.seats.order_by("position").first().player_id
    data = {"entrant": entrant, "round": rnd.number, "based_on": 0, "key": uuid.uuid4().hex}
    data.update({f"p{pid}": pts for pid, pts in valid_points(table).items()})
    assert post(table_url, data).status_code == 303
    assert post(reverse("logout"), {}).status_code == 302

    names = {morsel.key for _, morsel in browser.seen}
    assert {"csrftoken", "sessionid", "messages", "rookery_device", "rookery_name"} <= names
    not_secure = [
        f"{morsel.key} (from {path})" for path, morsel in browser.seen if not morsel["secure"]
    ]
    assert not not_secure, f"sent without Secure: {not_secure}"
