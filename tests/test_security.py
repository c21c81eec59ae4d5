"""Who can reach what: every URL anonymously, tokens, CSRF, escaping, sign-in limits."""

import html
import io
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from tests.factories import PASSWORD, UserFactory, night, valid_points
from tourney import services
from tourney.models import Event, TableCard

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parent.parent

# The only pages that answer without signing in (besides the admin's own sign-in).
PUBLIC = {
    "login",
    "blank_sheet",
    "table_page",
    "table_status",
    "table_confirm",
    "table_player",
    "join",
    "join_slash",
    "sign_in_link",
    "host_invite",
    "password_reset",
    "password_reset_done",
    "password_reset_confirm",
    "password_reset_complete",
    "invite_accept",  # an invite: a page with one button, for someone not yet signed in
    "health",
    "health_live",
}


def every_pattern(resolver=None, prefix=""):
    resolver = resolver or get_resolver()
    for entry in resolver.url_patterns:
        if isinstance(entry, URLResolver):
            yield from every_pattern(entry, prefix + str(entry.pattern))
        elif isinstance(entry, URLPattern):
            yield prefix + str(entry.pattern), entry


def concrete(route: str, values: dict) -> str:
    """Turn 'events/<str:slug>/rounds/<int:number>/' into a real path."""
    import re

    def swap(match):
        return str(values.get(match.group(2), "1"))

    path = re.sub(r"<(?:(\w+):)?(\w+)>", swap, route)
    path = path.replace("^", "").replace("$", "").replace("\\Z", "")
    return "/" + path


@pytest.fixture
def night_in_play(host):
    event = night(12, owner=host)
    rnd = services.seat_next_round(event)
    services.begin_round(rnd)
    table = rnd.tables.get(number=1)
    services.submit_scores(table, valid_points(table), entered_by="Ann")
    card = TableCard.objects.get(event=event, number=1)
    player = table.seats.first().player
    return {
        "slug": event.slug,
        "number": 1,
        "table": 1,
        "pk": player.pk,
        "token": card.token,
        "fmt": "xlsx",
        "object_id": 1,
        "app_label": "tourney",
        "secret": "not-a-real-link",
    }


def test_every_url_needs_sign_in_except_the_public_ones(client, night_in_play):
    checked = 0
    for route, pattern in every_pattern():
        if route.startswith("admin/"):
            continue  # Django's admin guards itself (checked below)
        path = concrete(route, night_in_play)
        for method in ("get", "post"):
            response = getattr(client, method)(path)
            checked += 1
            if pattern.name in PUBLIC:
                assert response.status_code < 500, (method, path)
                continue
            if response.status_code in (404, 405):
                continue
            assert response.status_code == 302, (method, path, response.status_code)
            target = response["Location"]
            assert target.startswith(reverse("login")) or pattern.name in ("home", "logout"), path
    assert checked > 60


def test_admin_needs_a_signed_in_staff_member(client):
    response = client.get("/admin/tourney/event/")
    assert response.status_code == 302
    assert "/admin/login/" in response["Location"]


def test_a_table_token_reaches_only_its_table(client, night_in_play):
    other = night(8, owner=UserFactory(username="other-host"))
    services.begin_round(services.seat_next_round(other))
    foreign = other.players.first()
    url = reverse("table_player", args=[night_in_play["token"], foreign.pk])
    assert client.get(url).status_code == 404
    own = reverse("table_player", args=[night_in_play["token"], night_in_play["pk"]])
    assert client.get(own).status_code == 200


def test_csrf_is_enforced_on_the_table_page(night_in_play):
    client = Client(enforce_csrf_checks=True)
    url = reverse("table_page", args=[night_in_play["token"]])
    response = client.post(url, {"name": "Ann"})
    assert response.status_code == 403


def test_html_in_names_is_escaped_everywhere(host_client, host):
    event = night(11, owner=host, name="<b>Night</b>")
    evil = services.add_players(event, ["<script>alert('x')</script>"])[0]
    rnd = services.seat_next_round(event)
    services.begin_round(rnd)
    for table in rnd.tables.all():
        services.submit_scores(table, valid_points(table))
    pages = [
        reverse("event_detail", args=[event.slug]),
        reverse("player_list", args=[event.slug]),
        reverse("round_detail", args=[event.slug, 1]),
        reverse("seating_chart", args=[event.slug, 1]),
        reverse("master_sheet", args=[event.slug]),
        reverse("standings", args=[event.slug]),
        reverse("projector", args=[event.slug]),
        reverse("player_detail", args=[event.slug, evil.pk]),
        reverse("movement_cards", args=[event.slug]),
    ]
    card = TableCard.objects.get(event=event, number=rnd.seats.get(player=evil).table.number)
    pages.append(reverse("table_page", args=[card.token]))
    for url in pages:
        html = host_client.get(url).content.decode()
        assert "<script>alert(" not in html, url
        assert "<b>Night</b>" not in html, url
        if url != pages[0]:  # every page but the event's own lists the players
            assert "&lt;script&gt;alert(" in html, url


def test_formula_names_are_text_in_the_exports(host_client, host):
    import io

    import openpyxl

    event = night(11, owner=host)
    services.add_players(event, ['=HYPERLINK("http://x")', "@SUM(A1)"])
    rnd = services.seat_next_round(event)
    services.begin_round(rnd)
    for table in rnd.tables.all():
        services.submit_scores(table, valid_points(table))
    book = host_client.get(reverse("export_sheet", args=[event.slug, "xlsx"])).content
    ws = openpyxl.load_workbook(io.BytesIO(book)).worksheets[0]
    cells = {c.value: c for row in ws.iter_rows() for c in row if isinstance(c.value, str)}
    assert cells['=HYPERLINK("http://x")'].data_type == "s"
    assert cells["@SUM(A1)"].data_type == "s"
    csv_text = host_client.get(reverse("export_standings", args=[event.slug, "csv"])).content
    assert b"'=HYPERLINK" in csv_text
    assert b"'@SUM(A1)" in csv_text


LIMIT = 5


def test_sign_in_attempts_are_rate_limited_and_say_how_long_to_wait(client):
    UserFactory(username="marge")
    for _ in range(LIMIT - 1):
        response = client.post(reverse("login"), {"username": "marge", "password": "wrong"})
        assert response.status_code == 200
    client.post(reverse("login"), {"username": "marge", "password": "wrong"})
    blocked = client.post(reverse("login"), {"username": "marge", "password": PASSWORD})
    assert blocked.status_code == 429
    assert "Too many sign-in attempts. Wait 15 minutes and try again" in html.unescape(
        blocked.content.decode()
    )
    assert "_auth_user_id" not in client.session


def test_the_admin_sign_in_shares_the_limit(client):
    UserFactory(username="marge")
    for _ in range(LIMIT):
        client.post("/admin/login/", {"username": "marge", "password": "wrong"})
    blocked = client.post("/admin/login/", {"username": "marge", "password": PASSWORD})
    assert blocked.status_code == 429
    assert "Too many sign-in attempts" in blocked.content.decode()
    assert "_auth_user_id" not in client.session
    other_door = client.post(reverse("login"), {"username": "marge", "password": PASSWORD})
    assert other_door.status_code == 429


def test_look_alike_user_names_share_one_count(client):
    UserFactory(username="hostc")
    spellings = ["ｈostc", "𝐡ostc", "HOSTC", "Hostc", "ＨＯＳＴＣ"]
    for name in spellings:  # from one address: five guesses at one name, not five names
        client.post(
            reverse("login"), {"username": name, "password": "wrong"}, REMOTE_ADDR="10.0.0.9"
        )
    blocked = client.post(
        reverse("login"), {"username": "hostc", "password": PASSWORD}, REMOTE_ADDR="10.0.0.9"
    )
    assert blocked.status_code == 429


def test_a_stranger_guessing_cannot_lock_the_host_out(client):
    UserFactory(username="marge")
    stranger = Client(REMOTE_ADDR="10.0.0.66")
    for _ in range(LIMIT):
        stranger.post(reverse("login"), {"username": "marge", "password": "wrong"})
    # The stranger is locked out of "marge", even with the right password...
    blocked = stranger.post(reverse("login"), {"username": "marge", "password": PASSWORD})
    assert blocked.status_code == 429
    assert "Too many sign-in attempts. Wait 15 minutes" in html.unescape(blocked.content.decode())
    # ...and of the admin's sign-in too (one count for both doors).
    assert (
        stranger.post("/admin/login/", {"username": "MARGE", "password": PASSWORD}).status_code
        == 429
    )
    # The host, on their own phone, signs in as usual.
    host_phone = Client(REMOTE_ADDR="10.0.0.5")
    signed_in = host_phone.post(reverse("login"), {"username": "marge", "password": PASSWORD})
    assert signed_in.status_code == 302
    assert "_auth_user_id" in host_phone.session


def test_a_forwarded_address_is_ignored_unless_a_setting_trusts_it(client, settings):
    UserFactory(username="marge")

    def fail(n):
        client.post(
            reverse("login"),
            {"username": "marge", "password": "wrong"},
            headers={"X-Forwarded-For": f"203.0.113.{n}"},
        )

    for n in range(LIMIT):
        fail(n)
    signed_in = client.post(
        reverse("login"),
        {"username": "marge", "password": PASSWORD},
        headers={"X-Forwarded-For": "203.0.113.99"},
    )
    assert signed_in.status_code == 429  # one address (the proxy's) for everyone

    from axes.models import AccessAttempt

    AccessAttempt.objects.all().delete()
    settings.ROOKERY_CLIENT_IP_HEADER = "X-Forwarded-For"
    for n in range(LIMIT):
        fail(n)
    signed_in = client.post(
        reverse("login"),
        {"username": "marge", "password": PASSWORD},
        headers={"X-Forwarded-For": "198.51.100.7, 203.0.113.99"},
    )
    assert signed_in.status_code == 302  # each player's own address counted


def test_ensure_host_makes_a_staff_host_not_a_superuser(client):
    from django.contrib.auth import get_user_model

    out = io.StringIO()
    call_command("ensure_host", stdout=out)
    password = out.getvalue().split("password: ")[1].split()[0]
    host = get_user_model().objects.get(username="host")
    assert host.is_staff and not host.is_superuser
    assert (
        client.post(reverse("login"), {"username": "host", "password": password}).status_code == 302
    )
    # The admin shows every host's records: superusers only (tests/tourney/test_admin.py).
    assert "/admin/login/" in client.get("/admin/tourney/event/")["Location"]
    assert "/admin/login/" in client.get("/admin/auth/user/")["Location"]


def production_env(**extra):
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("DJANGO_", "ROOKERY_")) and k != "DATABASE_URL"
    }
    env.update(
        DJANGO_SETTINGS_MODULE="tourney.settings",
        DJANGO_SECRET_KEY="a-production-secret-key-that-is-long-and-random-0123456789-abcdefghij",
        DJANGO_ALLOWED_HOSTS="rookery.example.org",
        DJANGO_HTTPS="1",
        DJANGO_CSRF_TRUSTED_ORIGINS="https://rookery.example.org",
        **extra,
    )
    return env


def test_check_deploy_is_clean_under_production_settings():
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=production_env(),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_cookies_are_secure_over_https():
    code = (
        "import django; django.setup(); from django.conf import settings as s; "
        "print(s.SESSION_COOKIE_SECURE, s.CSRF_COOKIE_SECURE, s.SECURE_SSL_REDIRECT, "
        "s.SECURE_HSTS_SECONDS > 0)"
    )
    result = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env=production_env(),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.stdout.split() == ["True", "True", "True", "True"]


# Headers ------------------------------------------------------------------------------


def test_every_page_has_a_content_security_policy_without_inline_script(client):
    response = client.get(reverse("login"))
    policy = response["Content-Security-Policy"]
    directives = dict(d.strip().split(" ", 1) for d in policy.split(";") if d.strip())
    assert directives["script-src"] == "'self'"
    assert directives["style-src"] == "'self'"
    assert "unsafe-inline" not in policy
    assert response["Referrer-Policy"] == "same-origin"


def test_no_template_has_inline_script_or_event_handlers():
    import re

    templates = ROOT / "templates"
    for path in templates.rglob("*.html"):
        text = path.read_text()
        for tag in re.findall(r"<script\b[^>]*>", text):
            assert "src=" in tag or 'type="application/json"' in tag, (path, tag)
        assert not re.search(r"\son[a-z]+\s*=", text), path
        assert " style=" not in text, path


def test_host_pages_and_exports_are_private_and_never_stored(host_client, night_in_play):
    event = Event.objects.get(slug=night_in_play["slug"])
    for url in (
        reverse("host_home"),
        reverse("event_detail", args=[event.slug]),
        reverse("master_sheet", args=[event.slug]),
        reverse("export_sheet", args=[event.slug, "csv"]),
        reverse("export_standings", args=[event.slug, "xlsx"]),
        "/admin/",
    ):
        assert host_client.get(url)["Cache-Control"] == "private, no-store", url


def test_every_cookie_is_http_only(client, night_in_play):
    event = Event.objects.get(slug=night_in_play["slug"])
    card = TableCard.objects.get(token=night_in_play["token"])
    table = event.round_in_play().tables.get(number=card.number)
    points = {f"p{pid}": pts for pid, pts in valid_points(table).items()}
    seen = {}
    responses = [
        client.get(reverse("login")),
        client.get(reverse("table_page", args=[card.token])),
        client.post(
            reverse("table_page", args=[card.token]),
            {"entrant": table.seats.first().player_id, "round": 1, "based_on": 0, "key": "k1"}
            | points,
        ),
        client.post(reverse("login"), {"username": "hostess", "password": PASSWORD}),
    ]
    for response in responses:
        for name, morsel in response.cookies.items():
            seen[name] = morsel["httponly"]
    assert {"csrftoken", "rookery_device", "rookery_name", "sessionid"} <= set(seen)
    assert all(seen.values()), seen
