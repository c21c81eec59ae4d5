"""Reaching Rookery from the room: ROOKERY_URL on printed links, table codes, sign-in links."""

import datetime
import ipaddress
import json
import math
import os
import subprocess
import sys

import pytest
import segno
from django.test import override_settings
from django.urls import reverse
from django.utils import timezone

from tests.factories import UserFactory, night
from tourney import services
from tourney.accounts.signin_links import issue_link
from tourney.models import CODE_ALPHABET, CODE_LENGTH, JoinAttempt, SignInLink, TableCard
from tourney.server import serve
from tourney.server.network import is_loopback, lan_address, public_url

LAN = "http://10.1.2.3:8000"


@pytest.fixture
def seated(host):
    event = night(12, owner=host)
    services.begin_round(services.seat_next_round(event))
    return event


# The address -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("raw", "tidy"),
    [
        ("https://rook.example.org/", "https://rook.example.org"),
        (" http://192.168.1.23:8000 ", "http://192.168.1.23:8000"),
        ("", ""),
    ],
)
def test_public_url_is_tidied(raw, tidy):
    assert public_url(raw) == tidy


@pytest.mark.parametrize("raw", ["rook.example.org", "ftp://x.org", "https://x.org/rook"])
def test_a_public_url_that_phones_could_not_use_is_refused_with_what_it_looks_like(raw):
    with pytest.raises(ValueError, match="ROOKERY_URL"):
        public_url(raw)


@pytest.mark.parametrize(
    ("address", "loopback"),
    [
        ("http://127.0.0.1:8000", True),
        ("http://127.8.9.1", True),
        ("http://localhost:8000", True),
        ("http://[::1]:8000", True),
        ("::1", True),
        ("http://192.168.1.23:8000", False),
        ("https://rook.example.org", False),
    ],
)
def test_loopback_addresses_are_recognised(address, loopback):
    assert is_loopback(address) is loopback


def test_the_lan_address_is_a_real_address_of_this_machine_or_none():
    address = lan_address()
    if address is not None:
        ip = ipaddress.ip_address(address)
        assert not ip.is_loopback and not ip.is_unspecified


def test_with_no_network_the_room_falls_back_to_loopback_and_says_so(monkeypatch, capsys):
    monkeypatch.delenv("ROOKERY_URL", raising=False)
    monkeypatch.setattr(serve, "lan_address", lambda: None)
    listen, url = serve.room_address(8123)
    assert (listen, url) == ("127.0.0.1", "http://127.0.0.1:8123")
    assert "No local network found" in capsys.readouterr().out


def test_rookery_url_joins_the_allowed_hosts_and_trusted_origins_by_itself():
    env = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    env.update(ROOKERY_URL=LAN + "/", DJANGO_SETTINGS_MODULE="tourney.settings")
    code = (
        "import json, django; django.setup(); from django.conf import settings as s; "
        "print(json.dumps([s.ROOKERY_URL, s.ALLOWED_HOSTS, s.CSRF_TRUSTED_ORIGINS]))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    ).stdout
    url, hosts, origins = json.loads(out)
    assert url == LAN
    assert "10.1.2.3" in hosts
    assert LAN in origins


# Table cards -----------------------------------------------------------------


@override_settings(ROOKERY_URL=LAN)
def test_every_link_and_qr_code_on_the_table_cards_starts_with_rookery_url(host_client, seated):
    page = host_client.get(reverse("table_cards", args=[seated.slug])).content.decode()
    cards = list(seated.table_cards.order_by("number"))
    assert len(cards) == 3
    for card in cards:
        link = f"{LAN}/t/{card.token}/"
        assert f'href="{link}"' in page
        assert segno.make(link, error="m").svg_inline(scale=6, border=2) in page
        assert card.code_display in page
    assert f"{LAN}/join" in page
    assert "127.0.0.1" not in page and "testserver" not in page
    assert "Phones can't open these cards" not in page


def test_table_cards_warn_when_phones_could_not_open_them(host_client, seated):
    path = reverse("table_cards", args=[seated.slug])
    for host in ("127.0.0.1:8000", "localhost:8000", "[::1]:8000"):
        page = host_client.get(path, HTTP_HOST=host).content.decode()
        assert "Phones can't open these cards" in page, host
        assert "make night" in page and "ROOKERY_URL" in page
    page = host_client.get(path, HTTP_HOST="192.168.1.23:8000").content.decode()
    assert "Phones can't open these cards" not in page
    assert 'href="http://192.168.1.23:8000/t/' in page


@override_settings(ROOKERY_URL="http://localhost:8000")
def test_a_loopback_rookery_url_is_warned_about_too(host_client, seated):
    page = host_client.get(reverse("table_cards", args=[seated.slug])).content.decode()
    assert "Phones can't open these cards" in page


@override_settings(ROOKERY_URL=LAN)
def test_movement_cards_print_where_to_type_a_table_code(host_client, seated):
    page = host_client.get(reverse("movement_cards", args=[seated.slug])).content.decode()
    assert f"go to {LAN}/join and type the code" in page


# Table codes -----------------------------------------------------------------


def test_table_codes_have_no_look_alikes_and_at_least_40_bits(seated):
    assert not set("0O1Il") & set(CODE_ALPHABET)
    assert math.log2(len(set(CODE_ALPHABET))) * CODE_LENGTH >= 40
    codes = list(TableCard.objects.values_list("code", flat=True))
    assert codes and all(len(c) == 8 and set(c) <= set(CODE_ALPHABET) for c in codes)
    assert len(set(codes)) == len(codes)


@pytest.mark.parametrize("typing", ["exact", "lower case", "with a dash", "with spaces"])
def test_the_right_code_opens_the_same_table_page_as_the_qr_code(client, seated, typing):
    card = seated.table_cards.get(number=2)
    typed = {
        "exact": card.code,
        "lower case": card.code.lower(),
        "with a dash": card.code_display,
        "with spaces": f" {card.code[:4]} {card.code[4:]} ",
    }[typing]
    response = client.post(reverse("join"), {"code": typed})
    assert response.status_code == 302
    assert response["Location"] == reverse("table_page", args=[card.token])
    page = client.get(response["Location"]).content.decode()
    assert "Table 2" in page


def test_a_wrong_code_says_so_and_keeps_what_was_typed(client, seated):
    response = client.post(reverse("join"), {"code": "2345-6789"})
    page = response.content.decode()
    assert response.status_code == 200
    assert "No table has the code 2345-6789" in page
    assert 'value="2345-6789"' in page
    assert JoinAttempt.objects.count() == 1


def test_a_code_with_characters_no_code_has_is_explained_not_counted(client, seated):
    page = client.post(reverse("join"), {"code": "OOI1-0000"}).content.decode()
    assert "never use 0, O, 1 or I" in page
    assert JoinAttempt.objects.count() == 0


def test_wrong_codes_are_rate_limited_even_before_a_right_one(client, seated):
    card = seated.table_cards.first()
    for n in range(JoinAttempt.LIMIT):
        client.post(reverse("join"), {"code": f"2345678{CODE_ALPHABET[n]}"})
    response = client.post(reverse("join"), {"code": card.code})
    assert response.status_code == 429
    assert "Wait 10 minutes" in response.content.decode()
    # Another phone in the room is not held up by this one's guesses.
    other = client.post(reverse("join"), {"code": card.code}, REMOTE_ADDR="192.168.1.40")
    assert other.status_code == 302
    # Guesses age out of the window.
    JoinAttempt.objects.update(at=timezone.now() - JoinAttempt.WINDOW)
    assert client.post(reverse("join"), {"code": card.code}).status_code == 302


def test_the_join_page_is_public_and_names_what_to_type(client, db):
    response = client.get("/join")
    assert response.status_code == 200
    assert "Type the code printed on your table's card" in response.content.decode()


# The host's sign-in link ------------------------------------------------------


def test_a_sign_in_link_signs_the_host_in_once(client, db):
    UserFactory(username="host")
    link = issue_link("host", base=LAN)
    assert link.startswith(f"{LAN}/accounts/link/")
    path = link.removeprefix(LAN)
    page = client.get(path)
    assert page.status_code == 200
    assert "Sign in as host" in page.content.decode()
    assert "_auth_user_id" not in client.session  # a link preview signs nobody in
    response = client.post(path)
    assert response.status_code == 302 and response["Location"] == reverse("host_home")
    assert client.get(reverse("host_home")).status_code == 200
    again = client.__class__().post(path)
    assert again.status_code == 410
    assert "used already" in again.content.decode()


def test_an_old_sign_in_link_no_longer_works(client, db):
    UserFactory(username="host")
    path = issue_link("host", base="").removeprefix("")
    SignInLink.objects.update(created_at=timezone.now() - datetime.timedelta(hours=13))
    assert client.post(path).status_code == 410
    assert "_auth_user_id" not in client.session


def test_only_a_hash_of_the_link_is_stored(db):
    UserFactory(username="host")
    secret = issue_link("host", base="").rstrip("/").rsplit("/", 1)[-1]
    assert not SignInLink.objects.filter(digest__contains=secret).exists()


def test_no_link_for_a_host_who_does_not_exist(db):
    assert issue_link("nobody", base=LAN) is None
