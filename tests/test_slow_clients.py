"""Phones on weak Wi-Fi can't stall the room: the real server keeps answering.

Twelve connections send their request headers a byte at a time and never
finish; meanwhile the sign-in page, a table page and the health URL must each
answer within a second, as they would for the other phones in the hall.
"""

import socket
import threading
import time
import urllib.request

import pytest

from tests.liveserver import Server, build_night, migrate, server_env, tables_now

SLOW_CONNECTIONS = 12
ANSWER_WITHIN = 1.0  # seconds
SLOW_FOR = 8.0  # seconds the slow phones keep trickling (bounded)


@pytest.fixture
def server(tmp_path):
    env = server_env(tmp_path / "slow.sqlite3")
    migrate(env)
    night = build_night(env, players=12)
    srv = Server(env).start()
    yield srv, env, night
    srv.stop()


def trickle(port: int, stop: threading.Event, sent: list[int], index: int) -> None:
    """Open a connection and send an endless header one byte every 50 ms."""
    head = b"GET /accounts/login/ HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Weak-Wifi: " + b"a" * 10_000
    with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
        deadline = time.monotonic() + SLOW_FOR
        for byte in head:
            if stop.is_set() or time.monotonic() > deadline:
                break
            try:
                sock.sendall(bytes([byte]))
            except OSError:
                break  # the server may close a connection it finds abusive: fine
            sent[index] += 1
            stop.wait(0.05)


def test_slow_headers_do_not_stall_other_pages(server):
    srv, env, night = server
    token = tables_now(env, night["event"])["tables"][0]["token"]
    stop = threading.Event()
    sent = [0] * SLOW_CONNECTIONS
    slow = [
        threading.Thread(target=trickle, args=(srv.port, stop, sent, i))
        for i in range(SLOW_CONNECTIONS)
    ]
    for t in slow:
        t.start()
    try:
        time.sleep(1.0)  # every slow phone is connected and part-way through its headers
        assert all(n > 5 for n in sent), sent
        timings = []
        for _ in range(3):
            for path in ("/accounts/login/", f"/t/{token}/", "/health/live"):
                started = time.monotonic()
                with urllib.request.urlopen(srv.url + path, timeout=5) as response:
                    assert response.status == 200
                    response.read()
                timings.append((path, time.monotonic() - started))
        assert all(n > 20 for n in sent), "the slow phones were still sending"
    finally:
        stop.set()
        for t in slow:
            t.join(timeout=10)
    slowest = max(timings, key=lambda t: t[1])
    assert slowest[1] < ANSWER_WITHIN, f"{slowest[0]} took {slowest[1]:.2f} s"
