"""Play a 30-table night against Rookery served on loopback by its own server.

120 simulated phones poll their table pages and submit scores for 11 rounds,
with random double submits and pairs of phones submitting conflicting scores
at the same instant; a projector and the master sheet refresh all the while.
A bare view (`/health/live`, no database) is timed on the same server in the
same run: the floor a request pays for the server alone, which the submit p95
is reported against. ``--viewers N`` adds N phones on the nights' live standings
pages, each asking every 10 s with the version it shows (an empty 204 while nothing
changed); the run then passes only when the live page's p95 and the submit p95 are
each at most twice the floor's. Then the database is checked: every accepted
submission is there exactly once and no table's first saved scores were overwritten.

    python bench/loadtest.py                 # SQLite (WAL), a scratch file
    DATABASE_URL=postgres://... python bench/loadtest.py --db postgres
    DATABASE_URL=postgres://... python bench/loadtest.py --db postgres --nights 10 --servers 2
    python bench/loadtest.py --viewers 500   # and 500 phones on the live standings

`--nights N` plays N such nights at once; `--servers N` (N > 1) serves them from N app
servers behind Caddy (deploy/Caddyfile, HTTPS on loopback), as a club's public server
does. Every server logs each request's own CPU time (tourney/server/cpu.py), and the
processes' CPU time is read from /proc: the report gives CPU milliseconds per request
type, which a busy shared machine does not stretch as it does latency, and the phones
one core can serve at the table page's 5 s poll.

Every loop is bounded in count and in time; the run stops by itself.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from html import unescape
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.caddyfront import CaddyFront, app_env
from tests.liveserver import (
    Phone,
    Server,
    build_night,
    migrate,
    run_django,
    server_env,
    tables_now,
)

ROUND_TIMEOUT = 60.0  # seconds a round may take before the run gives up
POLL_EVERY = 5.0  # the table page's own polling interval
LIVE_EVERY = 10.0  # the live standings page's own polling interval
LIVE_PER_THREAD = 10  # viewers one load-generating thread takes turns with


class Stats:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.latency: dict[str, list[float]] = {
            "submit": [],
            "page": [],
            "poll": [],
            "sheet": [],
            "board": [],
            "floor": [],
            "live": [],
        }
        self.errors: list[str] = []
        self.requests = 0
        self.accepted: list[dict] = []

    def record(self, kind: str, seconds: float) -> None:
        with self.lock:
            self.latency[kind].append(seconds * 1000)
            self.requests += 1

    def error(self, what: str) -> None:
        with self.lock:
            self.errors.append(what)
            self.requests += 1


def timed(stats: Stats, kind: str, call):
    start = time.perf_counter()
    try:
        result = call()
    except (urllib.error.URLError, OSError, TimeoutError) as exc:
        stats.error(f"{kind}: {exc}")
        return None
    stats.record(kind, time.perf_counter() - start)
    return result


class Host:
    """The host's browser: signed in, refreshing the sheet and driving the rounds."""

    def __init__(self, base: str, slug: str, handlers: tuple = ()) -> None:
        self.base = base
        self.slug = slug
        self.phone = Phone(base, "x", handlers)  # reuse its cookie jar and CSRF scraping
        self.phone.url = f"{base}/accounts/login/"
        self.phone.get()
        self.phone.post({"username": "load-host", "password": "load-test-password-1"})

    def get(self, path: str, headers: dict | None = None) -> int:
        request = urllib.request.Request(self.base + path, headers=headers or {})
        with self.phone.opener.open(request, timeout=30) as response:
            response.read()
            return response.status

    def post(self, path: str, fields: dict | None = None) -> int:
        self.phone.url = self.base + f"/events/{self.slug}/"
        self.phone.get(timeout=60)
        data = urllib.parse.urlencode({"csrfmiddlewaretoken": self.phone.csrf, **(fields or {})})
        request = urllib.request.Request(
            self.base + path, data=data.encode(), headers={"Referer": self.base + path}
        )
        try:
            with self.phone.opener.open(request, timeout=60) as response:
                return response.status
        except urllib.error.HTTPError as exc:
            return exc.code


def play_table(
    base,
    table,
    rnd,
    stats,
    rng,
    conflict: bool,
    double: bool,
    done: threading.Event,
    finished,
    handlers: tuple = (),
):
    players = table["players"]
    phones = [Phone(base, table["token"], handlers) for _ in range(4)]
    polls = {}
    # The four players open the page over the first two seconds of the round.
    for phone in phones:
        time.sleep(rng.uniform(0, 0.5))
        page = timed(stats, "page", phone.get)
        if page is None:
            finished.release()
            return
        polls[phone] = poll_address(page[1]) or f"/t/{table['token']}/status/?round={rnd}"
    out = rng.randrange(len(players))
    # Round 11 is laid down at once: the others hold whole hands, from one inventory.
    least = 30 if rnd == 11 else 3
    points = {f"p{pid}": 0 if i == out else rng.randint(least, 90) for i, pid in enumerate(players)}
    submissions = [(phones[0], points)]
    if conflict:
        other = dict(points)
        other[f"p{players[(out + 1) % len(players)]}"] = 0
        other[f"p{players[out]}"] = rng.randint(least, 90)
        submissions.append((phones[1], other))
    barrier = threading.Barrier(len(submissions))

    def submit(phone, fields):
        key = uuid.uuid4().hex
        form = {
            "entrant": players[phones.index(phone) % len(players)],  # a seated player
            "round": rnd,
            "based_on": 0,
            "key": key,
            **fields,
        }
        barrier.wait(timeout=30)
        tries = 2 if double else 1
        for _ in range(tries):
            result = timed(stats, "submit", lambda: phone.post(form, timeout=30))
            if result is None:
                continue
            status, location = result
            if status != 303:
                stats.error(f"submit: HTTP {status}")
                continue
            outcome = location.rsplit("done=", 1)[-1]
            with stats.lock:
                stats.accepted.append(
                    {
                        "key": key,
                        "event": table["event"],
                        "round": rnd,
                        "table": table["number"],
                        "outcome": outcome,
                        "points": fields,
                    }
                )

    # The hand is counted, then someone taps Save; meanwhile the pages poll once, as
    # they do every 5 s all through a real round (nothing changed at this table: 204).
    time.sleep(rng.uniform(0.2, 1.5))
    for phone in phones:
        answer = timed(stats, "poll", lambda p=phone: poll(p, polls[p]))
        if answer and answer[0] == 200:
            polls[phone] = poll_address(answer[1]) or polls[phone]
    time.sleep(rng.uniform(0.3, 2.5))
    threads = [threading.Thread(target=submit, args=s) for s in submissions]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=35)
    finished.release()  # this table's phones have all had their answer
    # Everyone at the table keeps polling until the host moves on (bounded).
    deadline = time.monotonic() + ROUND_TIMEOUT
    while not done.is_set() and time.monotonic() < deadline:
        for phone in phones:
            answer = timed(stats, "poll", lambda p=phone: poll(p, polls[p]))
            if answer and answer[0] == 200:
                polls[phone] = poll_address(answer[1]) or polls[phone]
        done.wait(POLL_EVERY)


STATUS_POLL = re.compile(r'<div id="status" hx-get="([^"]+)"')


def poll_address(html: str) -> str | None:
    """Where the page's status region polls next (with the stamp it shows), as htmx reads it."""
    found = STATUS_POLL.search(html)
    return unescape(found.group(1)) if found else None


def poll(phone: Phone, path: str) -> tuple[int, str]:
    """One htmx poll: 204 (nothing changed since the stamp) or 200 with the new status."""
    request = urllib.request.Request(phone.base + path, headers={"HX-Request": "true"})
    with phone.opener.open(request, timeout=10) as response:
        return response.status, response.read().decode()


def watch(host: Host, stats: Stats, stop: threading.Event) -> None:
    """The projector and the host's open master sheet, refreshing (bounded)."""
    deadline = time.monotonic() + ROUND_TIMEOUT * 12
    while not stop.is_set() and time.monotonic() < deadline:
        timed(stats, "board", lambda: host.get(f"/events/{host.slug}/projector/"))
        timed(stats, "sheet", lambda: host.get(f"/events/{host.slug}/sheet/"))
        stop.wait(1.0)


def floor(base: str, stats: Stats, stop: threading.Event, handlers: tuple = ()) -> None:
    """The bare view, four times a second, under the same load, through the same door
    as the phones (Caddy, with --servers 2) (bounded)."""
    deadline = time.monotonic() + ROUND_TIMEOUT * 12
    opener = urllib.request.build_opener(*handlers)

    def bare():
        with opener.open(base + "/health/live", timeout=10) as response:
            return response.read()

    while not stop.is_set() and time.monotonic() < deadline:
        timed(stats, "floor", bare)
        stop.wait(0.25)


VERIFY = """
import json
from collections import Counter
from tourney.models import Entry, GameTable
accepted = [a for a in json.loads(open({path!r}).read()) if a["event"] == {event}]
problems = []
keys = Counter(a["key"] for a in accepted if a["outcome"] != "same")
for key, n in keys.items():
    count = Entry.objects.filter(idempotency_key=key).count()
    if count != 1:
        problems.append(f"submission {{key}} stored {{count}} times")
first_saved = {{}}
for a in accepted:
    if a["outcome"] == "saved":
        first_saved.setdefault((a["round"], a["table"]), a)
for (rnd, number), a in first_saved.items():
    table = GameTable.objects.get(round__event_id={event}, round__number=rnd, number=number)
    current = table.entries.filter(state="current").first()
    if current is None or current.idempotency_key != a["key"]:
        problems.append(f"round {{rnd}} table {{number}}: first saved scores were overwritten")
tables = GameTable.objects.filter(round__event_id={event}).count()
print(json.dumps({{"problems": problems, "tables": tables,
    "entries": Entry.objects.filter(round__event_id={event}).exclude(table=None).count(),
    "disputed": Entry.objects.filter(round__event_id={event}, state="dismissed").count()}}))
"""


def percentile(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def play_night(door: Door, env, night: dict, args, stats: Stats, rng: random.Random) -> None:
    """One night's rounds, start to end: phones at every table, the host closing and
    seating each round once every table has had its answer."""
    host = Host(door.url, night["slug"], door.handlers)
    stop = threading.Event()
    watcher = threading.Thread(target=watch, args=(host, stats, stop))
    watcher.start()
    try:
        for number in range(1, args.rounds + 1):
            info = tables_now(env, night["event"])
            if (info["round"], info["status"]) != (number, "playing"):
                stats.error(f"{night['slug']}: round {number} did not begin")
                return
            for t in info["tables"]:
                t["event"] = night["event"]
            done = threading.Event()
            finished = threading.Semaphore(0)
            conflicts = set(rng.sample(range(len(info["tables"])), k=3))
            threads = [
                threading.Thread(
                    target=play_table,
                    args=(
                        door.url,
                        t,
                        number,
                        stats,
                        random.Random(rng.random()),
                        i in conflicts,
                        rng.random() < 0.2,
                        done,
                        finished,
                        door.handlers,
                    ),
                )
                for i, t in enumerate(info["tables"])
            ]
            for t in threads:
                t.start()
            # Wait until every table's phones have had their answer, then close the round
            # and seat the next (a phone still sending to a closed round is told
            # "not saved", which is right, but would blur the figures).
            deadline = time.monotonic() + ROUND_TIMEOUT
            for _ in info["tables"]:
                finished.acquire(timeout=max(0.1, deadline - time.monotonic()))
            # The conflicting pairs left disputes: the host closes keeping the first entry.
            status = host.post(
                f"/events/{night['slug']}/rounds/{number}/close/", {"keep_first_entry": "on"}
            )
            if status != 302:
                stats.error(f"close round {number}: HTTP {status}")
            done.set()
            for t in threads:
                t.join(timeout=ROUND_TIMEOUT)
            if number < args.rounds:
                begin_next(host, env, night, number + 1)
            print(
                f"{night['slug'][:24]} round {number:>2}: {len(info['tables'])} tables saved",
                flush=True,
            )
    finally:
        stop.set()
        watcher.join(timeout=30)


def begin_next(host: Host, env, night: dict, number: int) -> None:
    """Seat the next round and begin it. A busy machine may plan it in the task queue
    (the page says "seating…"): begin is tried again until the round is seated."""
    host.post(f"/events/{night['slug']}/rounds/next/")
    deadline = time.monotonic() + ROUND_TIMEOUT
    while time.monotonic() < deadline:
        host.post(f"/events/{night['slug']}/rounds/{number}/begin/")
        info = tables_now(env, night["event"])
        if info["round"] == number and info["status"] == "playing":
            return
        time.sleep(1)


class Door:
    """Where phones knock: one server, or Caddy in front of several (--servers N)."""

    def __init__(self, env: dict, args, scratch: Path) -> None:
        self.front = CaddyFront(scratch, health_interval="5s") if args.servers > 1 else None
        if self.front is not None:
            env = app_env(env, self.front.url)
        env["ROOKERY_CPU_LOG"] = str(scratch / "cpu.log")
        self.env = env
        self.servers = [
            Server(env, workers=args.workers, threads=args.threads) for _ in range(args.servers)
        ]

    def start(self) -> Door:
        for server in self.servers:
            server.start()
        if self.front is not None:
            self.front.start([s.port for s in self.servers])
        return self

    @property
    def url(self) -> str:
        return self.front.url if self.front else self.servers[0].url

    @property
    def handlers(self) -> tuple:
        return (self.front.handler(),) if self.front else ()

    def cpu_seconds(self) -> float:
        return sum(server_cpu_seconds(s) for s in self.servers)

    def stop(self) -> None:
        if self.front is not None:
            self.front.stop()
        for server in self.servers:
            server.stop()


LIVE_SETUP = """
import json
from tourney.models import Event
event = Event.objects.get(pk={event})
print(json.dumps({{"token": event.live_token,
    "players": list(event.players.values_list("pk", flat=True))}}))
"""

POLL_URL = re.compile(r'hx-get="([^"]+)"')


def view_live(
    base: str, viewers: list[dict], stats: Stats, stop: threading.Event, handlers: tuple = ()
) -> None:
    """Some phones on the live standings, taking turns on one thread: each loads the
    page, then asks every LIVE_EVERY seconds with the version it shows (bounded)."""
    deadline = time.monotonic() + ROUND_TIMEOUT * 12
    opener = urllib.request.build_opener(*handlers)

    def ask(viewer: dict) -> None:
        headers = {"HX-Request": "true"} if viewer["poll"] else {}
        if viewer["player"] is not None:  # a phone that entered or confirmed as a player
            headers["Cookie"] = f"rookery_name={viewer['player']}"
        request = urllib.request.Request(base + (viewer["poll"] or viewer["page"]), headers=headers)
        with opener.open(request, timeout=30) as response:
            body = response.read().decode()
        if response.status == 200:
            found = POLL_URL.search(body)
            if found is None:
                raise OSError("live page without its poll address")
            viewer["poll"] = unescape(found.group(1))

    while not stop.is_set() and time.monotonic() < deadline:
        due = min(viewers, key=lambda v: v["next"])
        if stop.wait(max(0.0, due["next"] - time.monotonic())):
            break
        timed(stats, "live", lambda v=due: ask(v))
        due["next"] += LIVE_EVERY


def start_viewers(
    env,
    base: str,
    event: int,
    count: int,
    stats: Stats,
    stop: threading.Event,
    rng,
    handlers: tuple = (),
) -> list[threading.Thread]:
    """``count`` phones on the live page, spread evenly over the first LIVE_EVERY seconds;
    the first of them remember a player (their row is marked, their next seat shown)."""
    if not count:
        return []
    live = json.loads(run_django(env, LIVE_SETUP.format(event=event)))
    page = f"/live/{live['token']}/"
    players = live["players"]
    start = time.monotonic()
    viewers = [
        {
            "page": page,
            "poll": "",
            "player": players[i] if i < len(players) else None,
            "next": start + rng.uniform(0, LIVE_EVERY),
        }
        for i in range(count)
    ]
    threads = [
        threading.Thread(
            target=view_live,
            args=(base, viewers[i : i + LIVE_PER_THREAD], stats, stop, handlers),
        )
        for i in range(0, count, LIVE_PER_THREAD)
    ]
    for t in threads:
        t.start()
    return threads


def live_verdict(stats: Stats, viewers: int) -> bool:
    """With viewers: the live page and submit p95 each at most twice the floor's p95."""
    if not viewers:
        return True
    floor95 = percentile(stats.latency["floor"], 95)
    ok = True
    for kind in ("live", "submit"):
        p95 = percentile(stats.latency[kind], 95)
        ratio = p95 / floor95
        ok = ok and ratio <= 2
        print(
            f"{kind} p95 {p95:.1f} ms is {ratio:.2f}x the floor p95 {floor95:.1f} ms (at most 2x)"
        )
    return ok


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--db", choices=["sqlite", "postgres"], default="sqlite")
    parser.add_argument("--tables", type=int, default=30)
    parser.add_argument("--rounds", type=int, default=11)
    parser.add_argument("--nights", type=int, default=1, help="nights played at once")
    parser.add_argument("--servers", type=int, default=1, help="app servers (>1: behind Caddy)")
    parser.add_argument("--pool", type=int, default=0, help="ROOKERY_DB_POOL (PostgreSQL)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--threads", type=int, default=4)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument(
        "--viewers", type=int, default=0, help="phones on the live standings pages (every 10 s)"
    )
    args = parser.parse_args()
    global ROUND_TIMEOUT
    ROUND_TIMEOUT *= max(1, args.nights // 2)  # many nights on one machine: rounds take longer
    rng = random.Random(args.seed)
    scratch = Path(tempfile.mkdtemp(prefix="rookery-load-"))
    env = server_env(scratch / "load.sqlite3" if args.db == "sqlite" else None)
    if args.db == "postgres" and "DATABASE_URL" not in env:
        print("--db postgres needs DATABASE_URL", file=sys.stderr)
        return 2
    if args.pool:
        env["ROOKERY_DB_POOL"] = str(args.pool)
    migrate(env)
    nights = [
        build_night(env, players=args.tables * 4, rounds=args.rounds) for _ in range(args.nights)
    ]
    run_django(
        env,
        "from django.contrib.auth import get_user_model\n"
        "u = get_user_model().objects.get(username='load-host')\n"
        "u.set_password('load-test-password-1'); u.save()\n",
    )
    door = Door(env, args, scratch).start()
    stats = Stats()
    started = time.perf_counter()
    cpu_before = door.cpu_seconds()
    (scratch / "cpu.log").write_text("")  # start counting here: start-up requests aside
    stop = threading.Event()
    try:
        floorer = threading.Thread(target=floor, args=(door.url, stats, stop, door.handlers))
        floorer.start()
        viewing = [
            t
            for i, night in enumerate(nights)
            for t in start_viewers(
                env,
                door.url,
                night["event"],
                args.viewers // len(nights) + (i < args.viewers % len(nights)),
                stats,
                stop,
                rng,
                door.handlers,
            )
        ]
        players = [
            threading.Thread(
                target=play_night, args=(door, env, night, args, stats, random.Random(rng.random()))
            )
            for night in nights
        ]
        for t in players:
            t.start()
        for t in players:
            t.join(timeout=ROUND_TIMEOUT * (args.rounds + 2))
        stop.set()
        floorer.join(timeout=30)
        for t in viewing:
            t.join(timeout=60)
    finally:
        stop.set()  # every helper thread ends, whatever happened
        elapsed = time.perf_counter() - started
        cpu_spent = door.cpu_seconds() - cpu_before
        door.stop()
    path = scratch / "accepted.json"
    path.write_text(json.dumps(stats.accepted))
    verdicts = [
        json.loads(run_django(env, VERIFY.format(path=str(path), event=night["event"])))
        for night in nights
    ]
    problems = [p for v in verdicts for p in v["problems"]]

    print()
    print(
        f"database: {args.db}; {args.nights} night(s) of {args.tables} tables, "
        f"{args.nights * args.tables * 4} phones, {args.rounds} rounds; {args.servers} "
        f"server(s){' behind Caddy' if args.servers > 1 else ''}, granian {args.workers} "
        f"workers x {args.threads} threads"
        + (f"; pool {args.pool}" if args.pool else "")
        + (f"; {args.viewers} phones on the live standings" if args.viewers else "")
    )
    print(f"{'request':<10} {'count':>7} {'p50 ms':>8} {'p95 ms':>8} {'p99 ms':>8}")
    for kind, values in stats.latency.items():
        print(
            f"{kind:<10} {len(values):>7} {percentile(values, 50):>8.1f} "
            f"{percentile(values, 95):>8.1f} {percentile(values, 99):>8.1f}"
        )
    submit95, floor95 = (percentile(stats.latency[k], 95) for k in ("submit", "floor"))
    print(
        f"floor (bare view, same server, same run): p50 "
        f"{percentile(stats.latency['floor'], 50):.1f} ms, p95 {floor95:.1f} ms; "
        f"submit p95 is {submit95 / floor95:.1f}x the floor p95"
    )
    print(f"requests: {stats.requests} in {elapsed:.1f} s = {stats.requests / elapsed:.0f} req/s")
    print(f"errors: {len(stats.errors)}")
    kinds: dict[str, int] = {}
    for error in stats.errors:
        kinds[error[:120]] = kinds.get(error[:120], 0) + 1
    for error, count in sorted(kinds.items(), key=lambda kv: -kv[1])[:10]:
        print(f"  {count:>5} x {error}")
    print()
    report_cpu(scratch / "cpu.log", cpu_spent)
    print()
    outcomes = {}
    for a in stats.accepted:
        outcomes[a["outcome"]] = outcomes.get(a["outcome"], 0) + 1
    print(f"accepted submissions: {len(stats.accepted)} {outcomes}")
    print(
        f"stored: {sum(v['entries'] for v in verdicts)} table entries; "
        f"{sum(v['disputed'] for v in verdicts)} disputing sets kept "
        "beside the first entry, which the host kept at close"
    )
    print(f"lost, doubled or overwritten: {len(problems)}")
    for problem in problems[:10]:
        print("  ", problem)
    ok = live_verdict(stats, args.viewers) and not stats.errors and not problems
    print("RESULT:", "PASS" if ok else "FAIL")
    return 0 if ok else 1


# Request types for the CPU report: (name, method, path). Add a line for a new page.
REQUEST_TYPES = [
    ("poll", "GET", re.compile(r"^/t/[^/]+/status/$")),
    ("submit", "POST", re.compile(r"^/t/[^/]+/$")),
    ("page", "GET", re.compile(r"^/t/[^/]+/$")),
    ("sheet", "GET", re.compile(r"^/events/[^/]+/sheet/$")),
    ("board", "GET", re.compile(r"^/events/[^/]+/projector/$")),
    ("live", "GET", re.compile(r"/live/|/standings/")),  # the phones' live standings page
    ("floor", "GET", re.compile(r"^/health/live$")),
]


def request_type(method: str, path: str) -> str:
    return next(
        (name for name, m, pattern in REQUEST_TYPES if m == method and pattern.search(path)),
        "other",
    )


def server_cpu_seconds(server: Server) -> float:
    """User + system CPU of a server's processes (its process group), from /proc; the
    task worker beside it aside (it polls its queue whatever the load)."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            cmdline = (entry / "cmdline").read_bytes()
        except OSError:
            continue
        fields = stat.rsplit(")", 1)[1].split()
        if int(fields[2]) != server.proc.pid or b"db_worker" in cmdline:
            continue  # fields[2] is the process group
        total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / tick


def report_cpu(log: Path, process_seconds: float) -> None:
    """CPU ms per request type: each request's own thread time in Django (the log), plus
    an equal share of what the processes spent outside Django (HTTP, the event loop),
    and the phones one core serves at the table page's 5 s poll."""
    rows: dict[str, list[tuple[float, int]]] = {}
    for line in log.read_text().splitlines():
        method, path, status, cpu_ms, queries = line.split()[:5]
        kind = request_type(method, path)
        if kind == "poll":
            kind = "poll 204" if status == "204" else "poll 200"
        rows.setdefault(kind, []).append((float(cpu_ms), int(queries)))
        if kind.startswith("poll"):
            rows.setdefault("poll", []).append((float(cpu_ms), int(queries)))
    counted = sum(len(v) for k, v in rows.items() if k != "poll")
    django_ms = sum(ms for k, v in rows.items() if k != "poll" for ms, _ in v)
    outside = max(0.0, process_seconds * 1000 - django_ms) / max(counted, 1)
    print(
        f"server CPU: {process_seconds:.1f} s over {counted} requests; "
        f"{outside:.2f} ms a request outside Django (HTTP, event loop), added below"
    )
    print(f"{'request':<10} {'count':>7} {'Django ms':>10} {'CPU ms':>8} {'queries':>8}")
    order = [name for name, _, _ in REQUEST_TYPES]
    order[1:1] = ["poll 204", "poll 200"]
    for kind in [*order, "other"]:
        values = rows.get(kind)
        if not values:
            continue
        ms = sum(v for v, _ in values) / len(values)
        queries = sum(q for _, q in values) / len(values)
        print(f"{kind:<10} {len(values):>7} {ms:>10.2f} {ms + outside:>8.2f} {queries:>8.1f}")
    quiet, redrawn = rows.get("poll 204"), rows.get("poll 200")
    if quiet and redrawn:
        # This run squeezes a round into seconds, so most of its polls redraw. In a real
        # round (about 12 minutes: 144 polls at 5 s) a table page redraws about 3 times:
        # its own save, its confirmation, the round closing.
        per_quiet = sum(v for v, _ in quiet) / len(quiet) + outside
        per_redraw = sum(v for v, _ in redrawn) / len(redrawn) + outside
        share = 3 / 144
        per_poll = per_quiet * (1 - share) + per_redraw * share
        print(
            f"phones one core serves at the 5 s poll: {5000 / per_poll:.0f} "
            f"({per_poll:.2f} ms a poll: {per_quiet:.2f} unchanged, {per_redraw:.2f} redrawn, "
            f"3 redraws in a 12-minute round)"
        )


if __name__ == "__main__":
    sys.exit(main())
