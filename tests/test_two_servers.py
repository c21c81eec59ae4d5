"""Two Rookery app servers behind Caddy on one PostgreSQL: one is SIGKILLed mid-round and
the night goes on through the other (issue 30).

Caddy runs deploy/Caddyfile as shipped (its active health check made faster), in front
of two servers started as deploy/rookery@.service starts them, on a database of this
test's own. Phones send scores as table.js does: an answer that doesn't come (the
connection dropped, or a 5xx from Caddy for a server gone) is sent again, with the same
retry key, until one comes. Then every acknowledged score must be stored exactly once.
The limits the servers must share (wrong table codes, wrong passwords) are counted in
the database, so tries spread over both servers lock as on one.
"""

from __future__ import annotations

import http.cookies
import os
import re
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid

import pytest

from tests.caddyfront import CADDY, CaddyFront, app_env
from tests.liveserver import (
    NoRedirect,
    Phone,
    Server,
    build_night,
    migrate,
    run_django,
    server_env,
    tables_now,
)

DATABASE_URL = os.environ.get("DATABASE_URL", "")
TABLES = 8
RETRY_SECONDS = 0.3  # table.js waits 5 s; the test's phones are impatient
GIVE_UP = 60.0  # a phone sends again for at most this long: the test is bounded

pytestmark = [
    pytest.mark.skipif(
        not DATABASE_URL.startswith(("postgres://", "postgresql://")),
        reason="two app servers share one PostgreSQL; SQLite is a file on one machine "
        "(set DATABASE_URL to a PostgreSQL, as CI's PostgreSQL phase does)",
    ),
]


@pytest.fixture
def database():
    """A database of this test's own on DATABASE_URL's server (created, then dropped)."""
    import psycopg

    name = f"rookery_two_{uuid.uuid4().hex[:10]}"
    admin = urllib.parse.urlsplit(DATABASE_URL)
    with psycopg.connect(DATABASE_URL, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    yield admin._replace(path=f"/{name}").geturl()
    with psycopg.connect(DATABASE_URL, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture
def room(tmp_path, database):
    if CADDY is None:
        if os.environ.get("CI") == "true":
            pytest.fail("CI=true but caddy is not installed: apt-get install -y caddy")
        pytest.skip("caddy is not installed")
    front = CaddyFront(tmp_path)
    env = server_env(None)
    env["DATABASE_URL"] = database
    env = app_env(env, front.url)
    migrate(env)
    night = build_night(env, players=TABLES * 4, rounds=2)
    run_django(
        env,
        "from django.contrib.auth import get_user_model\n"
        "u = get_user_model().objects.get(username='load-host')\n"
        "u.set_password('two servers host password'); u.save()\n"
        "get_user_model().objects.create_user('second-host', password='second host password')\n",
    )
    servers = [Server(env, workers=1, threads=4).start() for _ in range(2)]
    front.start([s.port for s in servers])
    yield front, servers, env, night
    front.stop()
    for server in servers:
        server.stop()


class Table:
    """One table's phones, talking to Caddy only."""

    def __init__(self, front: CaddyFront, info: dict) -> None:
        self.front = front
        self.info = info
        self.phones = [Phone(front.url, info["token"], (front.handler(),)) for _ in range(2)]
        self.tries = 0
        self.retried = False
        self.outcomes: list[str] = []

    def open(self) -> None:
        for phone in self.phones:
            until_answered(phone.get)

    def fields(self, rnd: int, key: str) -> dict:
        players = self.info["players"]
        points = {f"p{pid}": 0 if i == 0 else 20 + i for i, pid in enumerate(players)}
        return {"entrant": players[0], "round": rnd, "based_on": 0, "key": key, **points}

    def submit(self, rnd: int, key: str) -> str:
        """Send the scores until an answer comes, as table.js does; the answer's words."""
        phone = self.phones[0]
        form = self.fields(rnd, key)
        deadline = time.monotonic() + GIVE_UP
        while time.monotonic() < deadline:
            self.tries += 1
            try:
                status, body = post_htmx(phone, form)
            except (urllib.error.URLError, OSError, TimeoutError):
                status, body = 0, ""
            if 200 <= status < 500:
                assert status == 200, f"table {self.info['number']}: HTTP {status}: {body[:300]}"
                self.outcomes.append(outcome(body))
                return self.outcomes[-1]
            self.retried = True  # no answer, or a 502/503 from Caddy: send it again
            time.sleep(RETRY_SECONDS)
        raise AssertionError(f"table {self.info['number']}: no answer in {GIVE_UP} s")


def post_htmx(phone: Phone, fields: dict) -> tuple[int, str]:
    """The score form as htmx posts it: the answer is the table's sheet, 200."""
    data = urllib.parse.urlencode({"csrfmiddlewaretoken": phone.csrf, **fields}).encode()
    request = urllib.request.Request(
        phone.url,
        data=data,
        headers={"Referer": phone.url, "HX-Request": "true", "HX-Target": "sheet"},
    )
    try:
        with phone.opener.open(request, timeout=15) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read().decode(errors="replace")


SAID = {
    "Saved. Ask another player": "saved",
    "Those scores were already saved": "same",
    "your phone sent it twice": "repeat",
}


def outcome(body: str) -> str:
    return next((word for text, word in SAID.items() if text in body), "other")


def until_answered(call, seconds: float = 20.0):
    deadline = time.monotonic() + seconds
    while True:
        try:
            return call()
        except (urllib.error.URLError, OSError, TimeoutError):
            if time.monotonic() > deadline:
                raise
            time.sleep(RETRY_SECONDS)


STORED = """
import json
from tourney.models import Entry
keys = json.loads({keys!r})
print(json.dumps({{k: Entry.objects.filter(idempotency_key=k).count() for k in keys}}))
"""


def stored_counts(env, keys: list[str]) -> dict[str, int]:
    import json

    return json.loads(run_django(env, STORED.format(keys=json.dumps(keys))))


class Direct:
    """A browser talking straight to one app server, carrying what Caddy adds (the
    client's address, https), so each try lands on the server the test chooses. Its
    cookies are kept by hand: they are Secure, and this leg is plain http on loopback."""

    def __init__(self, front: CaddyFront) -> None:
        self.front = front
        self.cookies: dict[str, str] = {}
        self.opener = urllib.request.build_opener(NoRedirect())

    def send(self, server: Server, path: str, fields: dict | None = None) -> tuple[int, str]:
        headers = {
            "Host": f"localhost:{self.front.port}",
            "X-Forwarded-For": "127.0.0.1",
            "X-Forwarded-Proto": "https",
            "Referer": f"{self.front.url}{path}",
            "Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items()),
        }
        data = None
        if fields is not None:
            fields = {"csrfmiddlewaretoken": self.csrf, **fields}
            data = urllib.parse.urlencode(fields).encode()
        request = urllib.request.Request(f"{server.url}{path}", data=data, headers=headers)
        try:
            response = self.opener.open(request, timeout=15)
        except urllib.error.HTTPError as exc:
            response = exc
        with response:
            jar = http.cookies.SimpleCookie()
            for header in response.headers.get_all("Set-Cookie") or []:
                jar.load(header)
            self.cookies.update({k: m.value for k, m in jar.items()})
            body = response.read().decode(errors="replace")
        if found := CSRF.search(body):
            self.csrf = found.group(1)
        return response.status, body


CSRF = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


def test_two_servers_share_the_limits_and_a_night_survives_losing_one(room):
    front, servers, env, night = room
    check_shared_limits(front, servers)

    info = tables_now(env, night["event"])
    tables = [Table(front, t) for t in info["tables"]]
    for table in tables:
        table.open()

    # Two tables save before anything goes wrong; their phones will lose the answer
    # and send the same scores again later, through whichever server is left.
    early = {t.info["number"]: uuid.uuid4().hex for t in tables[:2]}
    for table in tables[:2]:
        assert table.submit(1, early[table.info["number"]]) == "saved"

    # The rest save all at once while one server is killed among them.
    keys = {t.info["number"]: uuid.uuid4().hex for t in tables[2:]}
    threads = [
        threading.Thread(target=t.submit, args=(1, keys[t.info["number"]])) for t in tables[2:]
    ]
    for i, thread in enumerate(threads):
        thread.start()
        if i == len(threads) // 2:
            servers[0].kill()  # SIGKILL, mid-round: whatever it was answering is cut off
        time.sleep(0.05)
    for thread in threads:
        thread.join(timeout=GIVE_UP + 10)
    assert servers[0].proc.poll() is not None

    for table in tables[:2]:  # the lost answers: sent again, through the other server
        assert table.submit(1, early[table.info["number"]]) in ("same", "repeat")

    acknowledged = list(early.values()) + list(keys.values())
    assert len(acknowledged) == len(tables)
    assert all(t.outcomes and t.outcomes[-1] != "other" for t in tables)
    assert stored_counts(env, acknowledged) == dict.fromkeys(acknowledged, 1)

    # The host, signed in through Caddy, closes the round and starts the next; the
    # phones play it through the server that is left.
    host = Phone(front.url, "x", (front.handler(),))
    host.url = f"{front.url}/accounts/login/"
    until_answered(host.get)
    status, _ = host.post({"username": "load-host", "password": "two servers host password"})
    assert status == 302
    for path in (
        f"/events/{night['slug']}/rounds/1/close/",
        f"/events/{night['slug']}/rounds/next/",
    ):
        host.url = f"{front.url}/events/{night['slug']}/"
        host.get()
        host.url = f"{front.url}{path}"
        assert host.post({})[0] == 302, path
    host.url = f"{front.url}/events/{night['slug']}/"
    host.get()
    host.url = f"{front.url}/events/{night['slug']}/rounds/2/begin/"
    assert host.post({})[0] == 302
    info = tables_now(env, night["event"])
    assert (info["round"], info["status"]) == (2, "playing")
    second = {t["number"]: uuid.uuid4().hex for t in info["tables"]}
    for t in info["tables"]:
        table = Table(front, t)
        table.open()
        assert table.submit(2, second[t["number"]]) == "saved"
    assert stored_counts(env, list(second.values())) == dict.fromkeys(second.values(), 1)


def check_shared_limits(front: CaddyFront, servers: list[Server]) -> None:
    """Ten wrong table codes, five to each server, lock /join for that phone through
    Caddy; five wrong passwords spread the same way lock the host's name; a session
    begun on one server is good on the other."""
    browser = Direct(front)
    for n in range(10):
        server = servers[n % 2]
        assert browser.send(server, "/join/")[0] == 200
        status, page = browser.send(server, "/join/", {"code": "ABCD-EFG" + "HJKLMNPQRS"[n]})
        assert status == 200 and "No table has the code" in page, page[:500]
    phone = Phone(front.url, "x", (front.handler(),))
    phone.url = f"{front.url}/join/"
    phone.get()
    assert phone.post({"code": "WXYZ-2345"})[0] == 429

    host = Direct(front)
    assert host.send(servers[0], "/accounts/login/")[0] == 200
    answer = {"username": "load-host", "password": "two servers host password"}
    assert host.send(servers[0], "/accounts/login/", answer)[0] == 302
    status, page = host.send(servers[1], "/host/")
    assert status == 200 and "My events" in page  # signed in on one, known on the other

    stranger = Direct(front)
    statuses = []
    for n in range(5):
        server = servers[n % 2]
        stranger.send(server, "/accounts/login/")
        wrong = {"username": "second-host", "password": f"wrong {n}"}
        statuses.append(stranger.send(server, "/accounts/login/", wrong)[0])
    assert statuses == [200, 200, 200, 200, 429]  # the fifth failure locks, on either server
    answer = {"username": "second-host", "password": "second host password"}
    stranger.send(servers[1], "/accounts/login/")
    assert stranger.send(servers[1], "/accounts/login/", answer)[0] == 429
    late = Phone(front.url, "x", (front.handler(),))
    late.url = f"{front.url}/accounts/login/"
    late.get()
    assert late.post(answer)[0] == 429  # through Caddy, to either server: still locked
