"""A real Rookery served on loopback by the project's own server (Granian, as
`make run` and `make night` serve it), for fault, slow-client and load runs.

The server gets its own database (a SQLite file, or the PostgreSQL of
DATABASE_URL) and is driven over HTTP exactly as phones would drive it.
"""

from __future__ import annotations

import http.cookiejar
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYTHON = sys.executable


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def server_env(sqlite_path: Path | None) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    env.update(
        DJANGO_SETTINGS_MODULE="tourney.settings",
        DJANGO_SECRET_KEY="live-server-key-0123456789-0123456789-0123456789-abcdef",
        DJANGO_ALLOWED_HOSTS="127.0.0.1,localhost",
        ROOKERY_MANIFEST_STATIC="0",
        ROOKERY_STATIC_FINDERS="1",
        PYTHONPATH=str(ROOT),
    )
    if sqlite_path is not None:
        env.pop("DATABASE_URL", None)
        env["ROOKERY_SQLITE_PATH"] = str(sqlite_path)
    return env


def run_django(env: dict[str, str], code: str) -> str:
    """Run Python with Django set up against the server's database; return its stdout."""
    script = "import django; django.setup()\n" + code
    result = subprocess.run(
        [PYTHON, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True, timeout=600
    )
    if result.returncode:
        raise RuntimeError(result.stderr[-3000:])
    return result.stdout


def migrate(env: dict[str, str]) -> None:
    subprocess.run(
        [PYTHON, "manage.py", "migrate", "--noinput", "-v0"], cwd=ROOT, env=env, check=True
    )


class Server:
    """`python -m tourney.server.serve` in its own process group, so SIGKILL ends it whole."""

    def __init__(
        self, env: dict[str, str], *, workers: int = 2, threads: int = 4, args: tuple[str, ...] = ()
    ):
        self.env = env
        self.port = free_port()
        self.workers = workers
        self.threads = threads
        self.args = args
        self.proc: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> Server:
        self.proc = subprocess.Popen(
            [
                PYTHON,
                "-m",
                "tourney.server.serve",
                "--host",
                "127.0.0.1",
                "--port",
                str(self.port),
                "--workers",
                str(self.workers),
                "--threads",
                str(self.threads),
                "--quiet",
                *self.args,
            ],
            cwd=ROOT,
            env=self.env,
            start_new_session=True,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                urllib.request.urlopen(self.url + "/health/live", timeout=2).read()
                return self
            except urllib.error.HTTPError:
                return self  # it answers (maybe not to 127.0.0.1 by name): it is up
            except (urllib.error.URLError, ConnectionError, OSError):
                if self.proc.poll() is not None:
                    raise RuntimeError(self.proc.stderr.read().decode()[-3000:]) from None
                time.sleep(0.2)
        raise RuntimeError("the server did not start in 30 s")

    def kill(self) -> None:
        """SIGKILL: no graceful shutdown, exactly like a pulled plug."""
        if self.proc and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(timeout=10)

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill()


class Phone:
    """One phone: its own cookies, reading the table page and posting its form."""

    CSRF = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')

    def __init__(self, base: str, token: str, handlers: tuple = ()) -> None:
        self.base = base
        self.url = f"{base}/t/{token}/"
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(self.jar), NoRedirect(), *handlers
        )
        self.csrf = ""

    def get(self, path: str = "", timeout: float = 10) -> tuple[int, str]:
        with self.opener.open(self.url + path, timeout=timeout) as response:
            body = response.read().decode()
        found = self.CSRF.search(body)
        if found:
            self.csrf = found.group(1)
        return response.status, body

    def post(self, fields: dict[str, object], timeout: float = 10) -> tuple[int, str]:
        data = urllib.parse.urlencode({"csrfmiddlewaretoken": self.csrf, **fields}).encode()
        request = urllib.request.Request(self.url, data=data, headers={"Referer": self.url})
        try:
            with self.opener.open(request, timeout=timeout) as response:
                return response.status, response.headers.get("Location", "")
        except urllib.error.HTTPError as exc:
            return exc.code, exc.headers.get("Location", "") or ""


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None

    def http_error_303(self, req, fp, code, msg, headers):
        return fp

    http_error_302 = http_error_303


NIGHT_SETUP = """
import json
from django.contrib.auth import get_user_model
from tourney import services
from tourney.models import Event, Player, TableCard
owner, _ = get_user_model().objects.get_or_create(username="load-host")
event = Event.objects.create(owner=owner, name="Live night", rounds_planned={rounds},
                             min_table_size=3, max_table_size=5)
event.house_rules = event.game.settings
event.save()
for n in range({players}):  # one by one, so each player is someone on the host's roster
    Player.objects.create(event=event, name=f"Phone player {{n:03d}}", status="present")
rnd = services.seat_next_round(event)
services.begin_round(rnd)
print(json.dumps({{"event": event.pk, "slug": event.slug}}))
"""


def build_night(env: dict[str, str], *, players: int, rounds: int = 11) -> dict:
    return json.loads(run_django(env, NIGHT_SETUP.format(players=players, rounds=rounds)))


TABLES_NOW = """
import json
from tourney.models import Event, TableCard
event = Event.objects.get(pk={event})
rnd = event.round_in_play()
out = []
for table in rnd.tables.order_by("number"):
    card = TableCard.objects.get(event=event, number=table.number)
    out.append({{"number": table.number, "token": card.token,
                "players": [s.player_id for s in table.seats.order_by("position")]}})
print(json.dumps({{"round": rnd.number, "status": rnd.status, "tables": out}}))
"""


def tables_now(env: dict[str, str], event: int) -> dict:
    return json.loads(run_django(env, TABLES_NOW.format(event=event)))
