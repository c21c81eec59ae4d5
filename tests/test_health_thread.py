"""The proxy's health check has a thread of its own in each server process
(tourney/server/serve.py, BodyFirst): a room busy enough to queue requests behind every
thread must not look dead to Caddy, which would then answer every phone 503."""

import asyncio
import threading
import time

from tourney.server.serve import BodyFirst


def app_with_a_slow_page(release: threading.Event):
    def app(environ, start_response):
        if environ["PATH_INFO"] == "/slow/":
            release.wait(timeout=10)
        start_response("200 OK", [("Content-Type", "text/plain")])
        return [environ["PATH_INFO"].encode()]

    return app


async def ask(server: BodyFirst, path: str) -> tuple[int, float]:
    scope = {"type": "http", "method": "GET", "path": path, "headers": [], "query_string": b""}
    sent = []

    async def receive():
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message):
        sent.append(message)

    start = time.perf_counter()
    await server(scope, receive, send)
    return sent[0]["status"], time.perf_counter() - start


def test_the_health_check_answers_while_every_request_thread_is_busy():
    release = threading.Event()
    server = BodyFirst(app_with_a_slow_page(release), threads=2, body_seconds=5, max_bytes=10_000)

    async def scenario():
        busy = [asyncio.create_task(ask(server, "/slow/")) for _ in range(3)]
        await asyncio.sleep(0.2)  # both threads held, a third request waiting
        status, seconds = await ask(server, "/health/")
        floor = asyncio.create_task(ask(server, "/health/live"))
        await asyncio.sleep(0.2)
        floor_waiting = not floor.done()  # the floor is a request like any other
        release.set()
        await asyncio.gather(*busy, floor)
        return status, seconds, floor_waiting

    # A loop of its own, in a thread of its own: another test's loop may run in this one.
    outcome = []
    runner = threading.Thread(target=lambda: outcome.append(asyncio.run(scenario())))
    runner.start()
    runner.join(timeout=30)
    status, seconds, floor_waiting = outcome[0]
    assert status == 200
    assert seconds < 0.5
    assert floor_waiting
