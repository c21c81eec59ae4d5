"""Play a 30-table night against Rookery served on loopback by its own server.

120 simulated phones poll their table pages and submit scores for 11 rounds,
with random double submits and pairs of phones submitting conflicting scores
at the same instant; a projector and the master sheet refresh all the while.
A bare view (`/health/live`, no database) is timed on the same server in the
same run: the floor a request pays for the server alone, which the submit p95
is reported against. ``--viewers N`` adds N phones on the night's live standings
page, each asking every 10 s with the version it shows (an empty 204 while nothing
changed); the run then passes only when the live page's p95 and the submit p95 are
each at most twice the floor's. Then the database is checked: every accepted
submission is there exactly once and no table's first saved scores were overwritten.

    python bench/loadtest.py                 # SQLite (WAL), a scratch file
    python bench/loadtest.py --viewers 500   # and 500 phones on the live standings
    DATABASE_URL=postgres://... python bench/loadtest.py --db postgres

Every loop is bounded in count and in time; the run stops by itself.
"""

from __future__ import annotations

import argparse
import html
import json
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
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

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

    def __init__(self, base: str, slug: str) -> None:
        self.base = base
        self.slug = slug
        self.phone = Phone(base, "x")  # reuse its cookie jar and CSRF scraping
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
    base, table, rnd, stats, rng, conflict: bool, double: bool, done: threading.Event, finished
):
    players = table["players"]
    phones = [Phone(base, table["token"]) for _ in range(4)]
    # The four players open the page over the first two seconds of the round.
    for phone in phones:
        time.sleep(rng.uniform(0, 0.5))
        if timed(stats, "poll", phone.get) is None:
            finished.release()
            return
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
                        "round": rnd,
                        "table": table["number"],
                        "outcome": outcome,
                        "points": fields,
                    }
                )

    time.sleep(rng.uniform(0.5, 4))  # the hand is counted, then someone taps Save
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
            timed(stats, "poll", lambda p=phone: p.get(f"status/?round={rnd}"))
        done.wait(POLL_EVERY)


def seat_and_begin(host: Host, env, night: dict, number: int) -> bool:
    """Seat round ``number`` and begin it. Seating goes through the task queue: on a
    busy machine the host's click may answer "seating…" before the round exists, so
    begin is asked again until it takes (bounded)."""
    host.post(f"/events/{night['slug']}/rounds/next/")
    deadline = time.monotonic() + ROUND_TIMEOUT
    while time.monotonic() < deadline:
        if host.post(f"/events/{night['slug']}/rounds/{number}/begin/") == 302:
            now = tables_now(env, night["event"])
            if now["round"] == number and now["status"] == "playing":
                return True
        time.sleep(1)
    return False


def watch(host: Host, stats: Stats, stop: threading.Event) -> None:
    """The projector and the host's open master sheet, refreshing (bounded)."""
    deadline = time.monotonic() + ROUND_TIMEOUT * 12
    while not stop.is_set() and time.monotonic() < deadline:
        timed(stats, "board", lambda: host.get(f"/events/{host.slug}/projector/"))
        timed(stats, "sheet", lambda: host.get(f"/events/{host.slug}/sheet/"))
        stop.wait(1.0)


def floor(base: str, stats: Stats, stop: threading.Event) -> None:
    """The bare view, four times a second, under the same load (bounded)."""
    deadline = time.monotonic() + ROUND_TIMEOUT * 12

    def bare():
        with urllib.request.urlopen(base + "/health/live", timeout=10) as response:
            return response.read()

    while not stop.is_set() and time.monotonic() < deadline:
        timed(stats, "floor", bare)
        stop.wait(0.25)


LIVE_SETUP = """
import json
from tourney.models import Event
event = Event.objects.get(pk={event})
print(json.dumps({{"token": event.live_token,
    "players": list(event.players.values_list("pk", flat=True))}}))
"""

POLL_URL = re.compile(r'hx-get="([^"]+)"')


def view_live(base: str, viewers: list[dict], stats: Stats, stop: threading.Event) -> None:
    """Some phones on the live standings, taking turns on one thread: each loads the
    page, then asks every LIVE_EVERY seconds with the version it shows (bounded)."""
    deadline = time.monotonic() + ROUND_TIMEOUT * 12

    def ask(viewer: dict) -> None:
        headers = {"HX-Request": "true"} if viewer["poll"] else {}
        if viewer["player"] is not None:  # a phone that entered or confirmed as a player
            headers["Cookie"] = f"rookery_name={viewer['player']}"
        request = urllib.request.Request(base + (viewer["poll"] or viewer["page"]), headers=headers)
        with urllib.request.urlopen(request, timeout=30) as response:
            body = response.read().decode()
        if response.status == 200:
            found = POLL_URL.search(body)
            if found is None:
                raise OSError("live page without its poll address")
            viewer["poll"] = html.unescape(found.group(1))

    while not stop.is_set() and time.monotonic() < deadline:
        due = min(viewers, key=lambda v: v["next"])
        if stop.wait(max(0.0, due["next"] - time.monotonic())):
            break
        timed(stats, "live", lambda v=due: ask(v))
        due["next"] += LIVE_EVERY


def start_viewers(
    env, base: str, event: int, count: int, stats: Stats, stop: threading.Event, rng
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
            target=view_live, args=(base, viewers[i : i + LIVE_PER_THREAD], stats, stop)
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


VERIFY = """
import json
from collections import Counter
from tourney.models import Entry, GameTable
accepted = json.loads(open({path!r}).read())
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
    current = table.entries.get(state="current")
    if current.idempotency_key != a["key"]:
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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--db", choices=["sqlite", "postgres"], default="sqlite")
    parser.add_argument("--tables", type=int, default=30)
    parser.add_argument("--rounds", type=int, default=11)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--threads", type=int, default=4)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument(
        "--viewers", type=int, default=0, help="phones on the live standings page (every 10 s)"
    )
    args = parser.parse_args()
    rng = random.Random(args.seed)
    scratch = Path(tempfile.mkdtemp(prefix="rookery-load-"))
    env = server_env(scratch / "load.sqlite3" if args.db == "sqlite" else None)
    if args.db == "postgres" and "DATABASE_URL" not in env:
        print("--db postgres needs DATABASE_URL", file=sys.stderr)
        return 2
    migrate(env)
    night = build_night(env, players=args.tables * 4, rounds=args.rounds)
    run_django(
        env,
        "from django.contrib.auth import get_user_model\n"
        "u = get_user_model().objects.get(username='load-host')\n"
        "u.set_password('load-test-password-1'); u.save()\n",
    )
    server = Server(env, workers=args.workers, threads=args.threads).start()
    stats = Stats()
    started = time.perf_counter()
    stop = threading.Event()
    try:
        host = Host(server.url, night["slug"])
        watcher = threading.Thread(target=watch, args=(host, stats, stop))
        watcher.start()
        floorer = threading.Thread(target=floor, args=(server.url, stats, stop))
        floorer.start()
        viewing = start_viewers(env, server.url, night["event"], args.viewers, stats, stop, rng)
        for number in range(1, args.rounds + 1):
            info = tables_now(env, night["event"])
            if info["round"] != number or info["status"] != "playing":
                now = f"round {info['round']} is {info['status']}"
                stats.error(f"round {number} is not playing: {now}")
                break
            done = threading.Event()
            finished = threading.Semaphore(0)
            conflicts = set(rng.sample(range(len(info["tables"])), k=3))
            threads = [
                threading.Thread(
                    target=play_table,
                    args=(
                        server.url,
                        t,
                        number,
                        stats,
                        random.Random(rng.random()),
                        i in conflicts,
                        rng.random() < 0.2,
                        done,
                        finished,
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
            if number < args.rounds and not seat_and_begin(host, env, night, number + 1):
                stats.error(f"round {number + 1} was not seated within {ROUND_TIMEOUT:.0f} s")
                break
            print(f"round {number:>2}: {len(info['tables'])} tables saved", flush=True)
        stop.set()
        watcher.join(timeout=30)
        floorer.join(timeout=30)
        for t in viewing:
            t.join(timeout=60)
    finally:
        stop.set()  # every helper thread ends, whatever happened
        elapsed = time.perf_counter() - started
        server.stop()
    path = scratch / "accepted.json"
    path.write_text(json.dumps(stats.accepted))
    verdict = json.loads(run_django(env, VERIFY.format(path=str(path), event=night["event"])))

    print()
    print(
        f"database: {args.db}; {args.tables} tables, {args.tables * 4} phones, "
        f"{args.rounds} rounds; granian, {args.workers} workers x {args.threads} threads"
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
    print(f"errors: {len(stats.errors)}" + (f" (first: {stats.errors[0]})" if stats.errors else ""))
    outcomes = {}
    for a in stats.accepted:
        outcomes[a["outcome"]] = outcomes.get(a["outcome"], 0) + 1
    print(f"accepted submissions: {len(stats.accepted)} {outcomes}")
    print(
        f"stored: {verdict['entries']} table entries; {verdict['disputed']} disputing sets kept "
        "beside the first entry, which the host kept at close"
    )
    print(f"lost, doubled or overwritten: {len(verdict['problems'])}")
    for problem in verdict["problems"][:10]:
        print("  ", problem)
    ok = live_verdict(stats, args.viewers) and not stats.errors and not verdict["problems"]
    print("RESULT:", "PASS" if ok else "FAIL")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
