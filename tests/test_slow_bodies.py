"""Slow or huge request bodies can't stall the room: the real server reads a body
whole, within a time limit and a size cap, before Django's threads see it.

Sixteen connections send a POST's headers, then its body a byte at a time
(more connections than the server has threads); meanwhile the health URL, a
table page and the sign-in page must each answer within a second. A body that
takes too long is cut off with 408; a body over the cap is refused with 413
before any of it lands in a temporary file.
"""

import contextlib
import http.cookiejar
import re
import socket
import threading
import time
import urllib.error
import urllib.parse
import urllib.request

import pytest

from tests.liveserver import (
    NoRedirect,
    Server,
    build_night,
    migrate,
    run_django,
    server_env,
    tables_now,
)

SLOW_CONNECTIONS = 16
ANSWER_WITHIN = 1.0  # seconds
BODY_SECONDS = 4  # the server's limit for a body to arrive, shortened for the test
MAX_BYTES = 2_000_000  # the server's cap on a request, shortened for the test
BUFFER_BYTES = 5_000_000  # each server process's cap on bodies held at once, likewise

SLOW_HEAD = (
    b"POST /accounts/login/ HTTP/1.1\r\nHost: 127.0.0.1\r\n"
    b"Cookie: csrftoken=" + b"x" * 32 + b"\r\n"  # a made-up one: Django reads the form
    b"Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 100000\r\n\r\n"
)


@pytest.fixture
def server(tmp_path):
    env = server_env(tmp_path / "slow.sqlite3")
    temp = tmp_path / "tmp"
    temp.mkdir()
    env.update(
        TMPDIR=str(temp),
        ROOKERY_BODY_SECONDS=str(BODY_SECONDS),
        ROOKERY_MAX_REQUEST_BYTES=str(MAX_BYTES),
        ROOKERY_BUFFER_BYTES=str(BUFFER_BYTES),
    )
    migrate(env)
    night = build_night(env, players=12)
    srv = Server(env).start()
    yield srv, env, night, temp
    srv.stop()


def read_status(sock: socket.socket, within: float) -> int | None:
    """The status code of the server's answer on ``sock``, or None if it closed
    without one (or said nothing within ``within`` seconds)."""
    sock.settimeout(within)
    data = b""
    try:
        while b"\r\n" not in data:
            chunk = sock.recv(4096)
            if not chunk:
                break
            data += chunk
    except (TimeoutError, OSError):
        pass
    if not data.startswith(b"HTTP/1.1 "):
        return None
    return int(data.split(b" ", 2)[1])


def trickle_body(port: int, stop: threading.Event, sent: list[int], index: int) -> None:
    """POST headers at once, then the body one byte every 200 ms until told to stop."""
    with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
        sock.sendall(SLOW_HEAD)
        while not stop.is_set():
            try:
                sock.sendall(b"a")
            except OSError:
                break  # the server closed it: the test below judges when
            sent[index] += 1
            stop.wait(0.2)


def probe(url: str) -> float:
    """Seconds to fetch ``url`` whole (10 when it doesn't answer within 10 s)."""
    started = time.monotonic()
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            assert response.status == 200
            response.read()
    except (TimeoutError, urllib.error.URLError):
        return 10.0
    return time.monotonic() - started


def test_slow_bodies_do_not_stall_other_pages(server):
    srv, env, night, _temp = server
    token = tables_now(env, night["event"])["tables"][0]["token"]
    stop = threading.Event()
    sent = [0] * SLOW_CONNECTIONS
    slow = [
        threading.Thread(target=trickle_body, args=(srv.port, stop, sent, i))
        for i in range(SLOW_CONNECTIONS)
    ]
    for t in slow:
        t.start()
    try:
        time.sleep(1.5)  # every slow phone has sent its headers and part of its body
        assert all(n >= 1 for n in sent), sent
        timings = []
        for _ in range(3):
            for path in ("/health/live", f"/t/{token}/", "/accounts/login/"):
                timings.append((path, probe(srv.url + path)))
        still_sending = sum(1 for n in sent if n > 5)
    finally:
        stop.set()
        for t in slow:
            t.join(timeout=10)
    print("probe seconds under 16 slow bodies:", [f"{p} {s:.3f}" for p, s in timings])
    assert still_sending == SLOW_CONNECTIONS, "the slow bodies were still arriving"
    slowest = max(timings, key=lambda t: t[1])
    assert slowest[1] < ANSWER_WITHIN, f"{slowest[0]} took {slowest[1]:.2f} s"


def test_a_body_that_takes_too_long_is_cut_off_with_408(server):
    srv, *_ = server
    with socket.create_connection(("127.0.0.1", srv.port), timeout=5) as sock:
        sock.sendall(SLOW_HEAD)
        started = time.monotonic()
        status = None
        while time.monotonic() - started < BODY_SECONDS + 6:
            try:
                sock.sendall(b"a")
            except OSError:
                break
            status = read_status(sock, within=0.5)
            if status is not None:
                break
        waited = time.monotonic() - started
        if status is None:
            status = read_status(sock, within=1)
        assert status == 408, f"no 408 after {waited:.1f} s of a trickling body"
        assert BODY_SECONDS - 0.5 <= waited <= BODY_SECONDS + 2, waited
        # ...and the connection is closed, not kept for another slow request.
        sock.settimeout(3)
        try:
            rest = sock.recv(65536)
            while rest:
                rest = sock.recv(65536)
        except ConnectionResetError:
            pass


def largest_file(folder) -> int:
    return max((p.stat().st_size for p in folder.rglob("*") if p.is_file()), default=0)


def send_until_refused(sock: socket.socket, chunks, temp) -> int:
    """Send ``chunks`` until the server stops reading; return the largest temporary
    file seen meanwhile."""
    largest = 0
    for chunk in chunks:
        try:
            sock.sendall(chunk)
        except OSError:
            break
        largest = max(largest, largest_file(temp))
    time.sleep(0.5)
    return max(largest, largest_file(temp))


def test_an_oversized_upload_is_refused_before_a_temporary_file_grows(server):
    srv, _env, _night, temp = server
    boundary = b"rookery-boundary"
    head = (
        b"POST /accounts/login/ HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        b"Cookie: csrftoken=" + b"x" * 32 + b"\r\n"
        b"Content-Type: multipart/form-data; boundary=" + boundary + b"\r\n"
        b"Content-Length: 600000000\r\n\r\n"
        b"--" + boundary + b"\r\n"
        b'Content-Disposition: form-data; name="roster"; filename="big.csv"\r\n'
        b"Content-Type: text/csv\r\n\r\n"
    )
    with socket.create_connection(("127.0.0.1", srv.port), timeout=5) as sock:
        sock.sendall(head)
        largest = send_until_refused(sock, (b"name\n" * 200_000 for _ in range(20)), temp)
        status = read_status(sock, within=3)
    assert largest < 100_000, f"a temporary file grew to {largest} bytes"
    assert status == 413


def test_a_chunked_body_over_the_cap_is_refused(server):
    srv, _env, _night, temp = server
    head = (
        b"POST /accounts/login/ HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        b"Cookie: csrftoken=" + b"x" * 32 + b"\r\n"
        b"Content-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\n\r\n"
    )
    piece = b"a" * 500_000
    chunk = f"{len(piece):x}\r\n".encode() + piece + b"\r\n"
    with socket.create_connection(("127.0.0.1", srv.port), timeout=5) as sock:
        sock.sendall(head)
        largest = send_until_refused(
            sock, (chunk for _ in range(MAX_BYTES // len(piece) + 4)), temp
        )
        status = read_status(sock, within=3)
    assert largest < 100_000, f"a temporary file grew to {largest} bytes"
    assert status == 413


def server_rss_kb(pid: int) -> int:
    """The resident memory (VmRSS) of the server process and all its web workers, in kB.

    The task queue's worker (``db_worker``, started beside the server) reads no request
    bodies and warms up on its own clock, so it is left out of the count.
    """
    total, todo = 0, [pid]
    while todo:
        current = todo.pop()
        try:
            with open(f"/proc/{current}/status") as status_file:
                status = status_file.read()
            with open(f"/proc/{current}/task/{current}/children") as children_file:
                children = children_file.read().split()
            with open(f"/proc/{current}/cmdline", "rb") as cmdline_file:
                command = cmdline_file.read()
        except OSError:
            continue
        if b"db_worker" in command:
            continue
        total += int(re.search(r"VmRSS:\s+(\d+) kB", status).group(1))
        todo.extend(int(c) for c in children)
    return total


NEAR_CAP = MAX_BYTES - 100_000
HELD_BODIES = 24  # 24 x 1.9 MB = 45.6 MB if every one were buffered


def hold_near_cap_body(port: int, stop: threading.Event, answers: list, index: int) -> None:
    """Declare a near-cap body, send all of it but its last byte, then hold the
    connection open until told to stop (or until the server answers early)."""
    head = (
        b"POST /accounts/login/ HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        b"Content-Type: application/x-www-form-urlencoded\r\n"
        b"Content-Length: " + str(NEAR_CAP).encode() + b"\r\n\r\n"
    )
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        try:
            sock.sendall(head)
            sock.settimeout(0.2)  # a server that answers 503 stops reading: stop sending too
            body = memoryview(b"a" * (NEAR_CAP - 1))
            while body and not stop.is_set():
                body = body[sock.send(body[:65536]) :]
        except OSError:
            pass  # it stopped reading (TimeoutError) or closed: see what it said
        sock.settimeout(10)
        data = b""
        with contextlib.suppress(OSError):
            data = sock.recv(4096)
        if data.startswith(b"HTTP/1.1 "):
            answers[index] = (int(data.split(b" ", 2)[1]), b"retry-after:" in data.lower())
        else:
            answers[index] = "held"  # no answer while held open: its body was being read


def test_many_near_cap_bodies_held_open_keep_memory_bounded(server):
    """Twenty-four connections each send 1.9 MB of a 1.9 MB body, then hold it open:
    each server process buffers at most BUFFER_BYTES of them, the rest are told 503
    with Retry-After at once, the server's memory grows by no more than the two
    processes' budgets, and the health URL keeps answering."""
    srv, *_ = server
    before = server_rss_kb(srv.proc.pid)
    stop = threading.Event()
    answers: list = [None] * HELD_BODIES
    holders = [
        threading.Thread(target=hold_near_cap_body, args=(srv.port, stop, answers, i))
        for i in range(HELD_BODIES)
    ]
    for t in holders:
        t.start()
    try:
        time.sleep(2.5)  # every body sent (or refused), and held open
        during = server_rss_kb(srv.proc.pid)
        health = probe(srv.url + "/health/live")
    finally:
        stop.set()
        for t in holders:
            t.join(timeout=15)
    grew_mb = (during - before) / 1000
    print(f"server RSS {before} kB -> {during} kB under {HELD_BODIES} held bodies; {answers}")
    refused = [a for a in answers if isinstance(a, tuple) and a[0] == 503]
    # Two processes, each holding at most two 1.9 MB bodies within its 5 MB: at most
    # four are buffered; every other one is refused 503, saying when to retry.
    assert len(refused) >= HELD_BODIES - 2 * (BUFFER_BYTES // NEAR_CAP), answers
    assert all(retry for _status, retry in refused), answers
    assert grew_mb < 2 * BUFFER_BYTES / 1_000_000 + 8, f"the server grew by {grew_mb:.0f} MB"
    assert health < ANSWER_WITHIN, f"/health/live took {health:.2f} s"


def test_an_ordinary_form_still_works_through_the_buffering(server):
    """The host signs in through the real server: cookies, CSRF and the form all
    reach Django as they were sent."""
    srv, env, *_ = server
    run_django(
        env,
        "from django.contrib.auth import get_user_model\n"
        "get_user_model().objects.create_user('host', password='a long host password 42')\n",
    )
    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar), NoRedirect())
    with opener.open(srv.url + "/accounts/login/", timeout=10) as response:
        page = response.read().decode()
    csrf = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
    form = {"csrfmiddlewaretoken": csrf, "username": "host", "password": "a long host password 42"}
    request = urllib.request.Request(
        srv.url + "/accounts/login/",
        data=urllib.parse.urlencode(form).encode(),
        headers={"Referer": srv.url + "/accounts/login/"},
    )
    with opener.open(request, timeout=10) as response:
        assert response.status == 302
        assert response.headers["Location"] == "/host/"
    assert any(cookie.name == "sessionid" for cookie in jar)


def call_asgi(app, body: bytes, headers=()) -> list[dict]:
    """One POST through an ASGI app in this process; return what it sent."""
    import asyncio

    sent: list[dict] = []
    messages = [{"type": "http.request", "body": body, "more_body": False}]

    async def receive():
        return messages.pop(0)

    async def send(message):
        sent.append(message)

    scope = {
        "type": "http",
        "method": "POST",
        "path": "/t/ł/",
        "query_string": b"a=1",
        "headers": [(b"content-length", str(len(body)).encode()), *headers],
        "client": ("192.168.1.9", 50000),
        "server": ("127.0.0.1", 8000),
        "scheme": "http",
        "http_version": "1.1",
    }
    # In a thread of its own: a browser test earlier in this process may have left
    # Playwright's event loop running in this one, and asyncio.run refuses to nest.
    runner = threading.Thread(target=asyncio.run, args=(app(scope, receive, send),))
    runner.start()
    runner.join(timeout=30)
    return sent


def test_the_buffered_request_reaches_the_application_as_sent():
    """What Django sees through BodyFirst: path, query, address, headers and body."""
    from tourney.server.serve import BodyFirst

    seen = {}

    def app(environ, start_response):
        seen.update(environ, body=environ["wsgi.input"].read())
        start_response("303 See Other", [("Set-Cookie", "rookery_name=Łukasz"), ("X-A", "1")])
        return [b"saved"]

    answer = call_asgi(
        BodyFirst(app, threads=1, body_seconds=5, max_bytes=100),
        b"name=Ann",
        [(b"x-forwarded-for", b"10.0.0.1"), (b"x-forwarded-for", b"10.0.0.2")],
    )
    assert seen["body"] == b"name=Ann"
    assert seen["PATH_INFO"].encode("latin-1").decode() == "/t/ł/"
    assert (seen["QUERY_STRING"], seen["REMOTE_ADDR"]) == ("a=1", "192.168.1.9")
    assert (seen["CONTENT_LENGTH"], seen["HTTP_X_FORWARDED_FOR"]) == ("8", "10.0.0.1,10.0.0.2")
    assert answer[0]["status"] == 303
    # A header Latin-1 can't hold goes out as UTF-8 (as Granian's WSGI side sent it), not a 500.
    assert (b"set-cookie", "rookery_name=Łukasz".encode()) in answer[0]["headers"]
    assert answer[1]["body"] == b"saved"


def test_a_failing_application_is_a_plain_500_not_a_dropped_connection():
    from tourney.server.serve import BodyFirst

    def app(environ, start_response):
        raise RuntimeError("boom")

    answer = call_asgi(BodyFirst(app, threads=1, body_seconds=5, max_bytes=100), b"")
    assert answer[0]["status"] == 500
    assert b"nothing from your last action was saved" in answer[1]["body"]


def run_asgi(app, messages: list[dict], headers=()) -> list[dict]:
    """One POST with these body messages through an ASGI app in this process."""
    import asyncio

    sent: list[dict] = []

    async def receive():
        return messages.pop(0)

    async def send(message):
        sent.append(message)

    scope = {
        "type": "http",
        "method": "POST",
        "path": "/",
        "headers": list(headers),
        "client": ("127.0.0.1", 50000),
        "server": ("127.0.0.1", 8000),
    }
    runner = threading.Thread(target=asyncio.run, args=(app(scope, receive, send),))
    runner.start()
    runner.join(timeout=30)
    return sent


def test_a_chunked_body_counts_against_the_buffer_as_it_grows():
    """A chunked body (no Content-Length) takes from the process's buffer as it
    arrives: past what's left it is refused 503 with Retry-After, and what a
    request held is given back once it is answered."""
    from tourney.server.serve import BodyFirst

    def app(environ, start_response):
        start_response("200 OK", [])
        return [environ["wsgi.input"].read()]

    first = BodyFirst(app, threads=1, body_seconds=5, max_bytes=1000, buffer_bytes=100)
    parts = [{"type": "http.request", "body": b"a" * 60, "more_body": True}] * 2
    answer = run_asgi(first, [*parts, {"type": "http.request", "body": b"", "more_body": False}])
    assert answer[0]["status"] == 503
    assert (b"retry-after", b"5") in answer[0]["headers"]
    assert first.budget.held == 0
    ok = run_asgi(first, [{"type": "http.request", "body": b"b" * 90, "more_body": False}])
    assert (ok[0]["status"], ok[1]["body"]) == (200, b"b" * 90)
    assert first.budget.held == 0
