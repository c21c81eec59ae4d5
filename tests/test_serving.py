"""The real server as a host starts it: `make night` in a hall, and the health URLs.

Traffic goes to 127.0.0.1 only; the room's address travels in the Host header,
as a phone on the hall's Wi-Fi would send it.
"""

import http.client
import os
import re
import signal
import socket
import subprocess
import time

import pytest

from tests.liveserver import PYTHON, ROOT, Server, free_port, migrate, run_django, server_env
from tourney.server.network import lan_address


def get(port: int, path: str, host: str) -> tuple[int, str]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        conn.request("GET", path, headers={"Host": host})
        response = conn.getresponse()
        return response.status, response.read().decode()
    finally:
        conn.close()


@pytest.fixture
def night_server(tmp_path):
    env = server_env(tmp_path / "night.sqlite3")
    env.pop("ROOKERY_URL", None)
    migrate(env)
    run_django(env, "from django.core.management import call_command; call_command('ensure_host')")
    port = free_port()
    proc = subprocess.Popen(
        [PYTHON, "-m", "tourney.server.serve", "--room", "--port", str(port), "--quiet"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    lines: list[str] = []
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        line = proc.stdout.readline()
        if not line:
            break
        lines.append(line)
        if line.startswith("Ctrl-C stops Rookery"):
            break
    # The workers bind the port a moment after the welcome is printed.
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            break
        except OSError:
            time.sleep(0.2)
    yield port, "".join(lines)
    os.killpg(proc.pid, signal.SIGTERM)
    try:
        proc.wait(timeout=15)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(timeout=10)


def test_make_night_prints_the_room_address_and_serves_it(night_server):
    port, printed = night_server
    address = lan_address()
    if address is None:  # a machine with no network: said plainly, loopback only
        assert "No local network found" in printed
        room = f"127.0.0.1:{port}"
    else:
        assert f"Phones join at http://{address}:{port}/" in printed
        room = f"{address}:{port}"
    status, page = get(port, "/accounts/login/", room)
    assert status == 200 and "Host sign-in" in page
    # The sign-in link printed (and drawn as a QR code) opens on the host's phone.
    link = re.search(rf"http://{re.escape(room)}(/accounts/link/[^/\s]+/)", printed)
    assert link, printed
    assert "█" in printed  # the QR code, drawn in the terminal
    status, page = get(port, link.group(1), room)
    assert status == 200 and "Sign in as host" in page
    # Only the room's own addresses are served: another name is refused.
    assert get(port, "/accounts/login/", f"evil.example:{port}")[0] == 400


def test_health_answers_200_while_the_database_answers(tmp_path):
    env = server_env(tmp_path / "health.sqlite3")
    migrate(env)
    srv = Server(env).start()
    try:
        status, body = get(srv.port, "/health/?format=json", "127.0.0.1")
        assert status == 200 and "Database" in body
        assert get(srv.port, "/health/live", "127.0.0.1") == (200, "ok\n")
    finally:
        srv.stop()


def test_health_answers_503_when_the_database_does_not(tmp_path):
    env = server_env(None)
    # A PostgreSQL that isn't there: nothing listens on this loopback port.
    env["DATABASE_URL"] = f"postgres://rookery:x@127.0.0.1:{free_port()}/rookery"
    srv = Server(env).start()
    try:
        status, body = get(srv.port, "/health/?format=text", "127.0.0.1")
        assert status == 503, body
        assert get(srv.port, "/health/live", "127.0.0.1")[0] == 200  # the process still runs
    finally:
        srv.stop()


def test_a_sqlite_database_url_queues_writers_like_the_default_file(tmp_path):
    """DATABASE_URL=sqlite:///... gets the same WAL, busy wait and IMMEDIATE transactions
    as the default file: without them, two phones writing at once can get "database is
    locked" (a 500) instead of waiting their turn."""
    env = {k: v for k, v in os.environ.items() if k != "ROOKERY_SQLITE_PATH"}
    env["DATABASE_URL"] = f"sqlite:///{tmp_path / 'by-url.sqlite3'}"
    env["DJANGO_SETTINGS_MODULE"] = "tourney.settings"
    script = (
        "import django; django.setup()\n"
        "from django.db import connection\n"
        "c = connection.cursor(); c.execute('PRAGMA journal_mode'); mode = c.fetchone()[0]\n"
        "c.execute('PRAGMA busy_timeout'); wait = c.fetchone()[0]\n"
        "print(mode, wait, connection.settings_dict['OPTIONS']['transaction_mode'])\n"
    )
    out = subprocess.run(
        [PYTHON, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True, check=True
    )
    assert out.stdout.split() == ["wal", "20000", "IMMEDIATE"]
