"""Serve Rookery: `python -m tourney.server.serve` on this computer, `--room` for a game night.

Granian serves the app. Its HTTP side is asynchronous (Rust, tokio), so a phone
on weak Wi-Fi that sends its headers a byte at a time costs a few bytes and no
worker, and the room's other phones are answered meanwhile. It runs several
worker processes, so every core of the laptop serves the room, and it has wheels
for Linux, macOS and Windows, so a host's laptop can be any of them.

Granian hands Django's threads a request as soon as its headers are in, and has
no time limit for the body (its issue #728, closed "wontfix"): sixteen phones
sending a form a byte at a time held every thread and the room stopped. So
Granian runs its ASGI interface and `BodyFirst` (below) reads each body on the
event loop, where waiting costs no thread, within ROOKERY_BODY_SECONDS and
ROOKERY_MAX_REQUEST_BYTES (408 and 413 otherwise), and only then runs Django's
WSGI application in a pool of worker threads.

`--room` listens on every interface, works out the address phones use (the
laptop's address on the hall's network) unless ROOKERY_URL says it, and prints
that address and a QR code of a one-time sign-in link for the host's phone.

Beside the server runs the task queue's worker (see `start_task_worker`), which
plans seatings too slow for the host's click to wait on.
"""

from __future__ import annotations

import argparse
import asyncio
import io
import logging
import os
import socket
import subprocess
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor

from tourney.server.network import is_loopback, lan_address, public_url

log = logging.getLogger(__name__)

NO_NETWORK = (
    "No local network found: this computer isn't on a Wi-Fi or wired network that\n"
    "phones could join. Rookery is serving on this computer only ({url}).\n"
    "Join the hall's Wi-Fi (or turn on a phone hotspot and join it), then run\n"
    "`make night` again."
)


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m tourney.server.serve", description=__doc__)
    parser.add_argument("--room", action="store_true", help="serve every phone in the room")
    parser.add_argument("--host", default=None, help="address to listen on (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8000")))
    parser.add_argument("--workers", type=int, default=int(os.environ.get("ROOKERY_WORKERS", "2")))
    parser.add_argument("--threads", type=int, default=int(os.environ.get("ROOKERY_THREADS", "4")))
    parser.add_argument("--quiet", action="store_true", help="no access log")
    parser.add_argument("--host-user", default="host", help="who the sign-in link is for")
    return parser.parse_args(argv)


def room_address(port: int) -> tuple[str, str]:
    """(listen address, the URL phones use) for a night in a hall."""
    if os.environ.get("ROOKERY_URL"):
        return "0.0.0.0", public_url(os.environ["ROOKERY_URL"])
    address = lan_address()
    if address is None:
        url = f"http://127.0.0.1:{port}"
        print(NO_NETWORK.format(url=url), flush=True)
        return "127.0.0.1", url
    return "0.0.0.0", f"http://{address}:{port}"


def welcome(url: str, host_user: str) -> None:
    """Print where phones join, and the host's sign-in link as a terminal QR code."""
    import segno

    from tourney.accounts.signin_links import issue_link

    line = "=" * 64
    print(line)
    if is_loopback(url):
        print(f"Rookery is serving on this computer only: {url}/")
    else:
        print(f"Phones join at {url}/")
    issued = issue_link(host_user, base=url)
    if issued is None:
        print(f"No host account named {host_user!r}: create one with `make run` first.")
    else:
        print("\nHost: scan this with your phone to sign in there (works once, for 12 hours):")
        qr = segno.make(issued, error="l")
        try:
            qr.terminal(compact=True)  # half blocks: a small square on most terminals
        except UnicodeEncodeError:
            qr.terminal()  # a console that can't print them (old Windows code pages)
        print(issued)
    print("\nThen print the table cards: My events > your event > Table cards.")
    print("Ctrl-C stops Rookery.")
    print(line, flush=True)


def main(argv: list[str] | None = None) -> None:
    args = parse_args(argv)
    if args.room:
        listen, url = room_address(args.port)
        os.environ["ROOKERY_URL"] = url
    else:
        listen = args.host or "127.0.0.1"
        url = os.environ.get("ROOKERY_URL") or f"http://{listen}:{args.port}"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tourney.settings")

    import django

    django.setup()
    try:
        port_is_free(listen, args.port)
    except OSError as exc:
        sys.exit(
            f"Rookery can't listen on port {args.port}: {exc.strerror}. Is Rookery (or "
            f"something else) already running there? Stop it, or pick another port: "
            f"make {'night' if args.room else 'run'} PORT={args.port + 1}"
        )
    if args.room:
        welcome(url, args.host_user)
    else:
        print(f"Rookery is serving on {url}/  (Ctrl-C stops it)", flush=True)
    from django.db import connections

    connections.close_all()  # the workers open their own
    worker = start_task_worker()
    try:
        serve(listen, args.port, workers=args.workers, threads=args.threads, quiet=args.quiet)
    finally:
        stop_task_worker(worker)


def start_task_worker() -> TaskWorker | None:
    """The task queue's worker (django-tasks-db's `db_worker`), beside the server.

    Seating a big night takes seconds of CPU: in a process of its own it neither
    holds a request thread nor slows a server process's other requests (one
    Python process runs one thread at a time), and the queue is in the database,
    so no other server is needed. ROOKERY_TASK_WORKER=0 leaves it out (a host
    running workers elsewhere).
    """
    if os.environ.get("ROOKERY_TASK_WORKER", "1") == "0":
        return None
    return TaskWorker([sys.executable, "-m", "django", "db_worker", "--interval", "0.2"])


class TaskWorker:
    """The worker process, started again when it stops on its own (killed, out of
    memory): a seating it was on is let go by the seating page (it saved nothing), and
    the next one finds a worker. Not more than ``RESTARTS`` times a minute: a worker that
    cannot start (a broken install) is left stopped, saying so, and the seating page
    offers to seat in the request instead."""

    RESTARTS = 5
    CHECK_EVERY = 1.0

    def __init__(self, command: list[str]) -> None:
        self.command = command
        self.env = {**os.environ, "PYTHONPATH": os.getcwd()}
        self.process = subprocess.Popen(command, env=self.env)
        self.stopping = threading.Event()
        self.watcher = threading.Thread(target=self.watch, name="task-worker", daemon=True)
        self.watcher.start()

    def watch(self) -> None:
        started: deque[float] = deque()
        while not self.stopping.wait(self.CHECK_EVERY):
            code = self.process.poll()
            if code is None:
                continue
            now = time.monotonic()
            while started and started[0] < now - 60:
                started.popleft()
            if len(started) >= self.RESTARTS:
                print(
                    f"The task queue's worker stopped {self.RESTARTS} times in a minute "
                    "(see above); it is left stopped. Seating still works: the seating "
                    "page offers to seat in the request.",
                    flush=True,
                )
                return
            started.append(now)
            print(f"The task queue's worker stopped (exit {code}); starting it again.", flush=True)
            self.process = subprocess.Popen(self.command, env=self.env)

    def stop(self) -> None:
        self.stopping.set()
        self.watcher.join(timeout=5)
        if self.process.poll() is not None:
            return
        self.process.terminate()  # db_worker finishes the seating it is on, then stops
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()


def stop_task_worker(worker: TaskWorker | None) -> None:
    if worker is not None:
        worker.stop()


def port_is_free(address: str, port: int) -> None:
    """Raise OSError now, with its reason, rather than after telling phones to come."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        probe.bind((address, port))


def serve(address: str, port: int, *, workers: int, threads: int, quiet: bool) -> None:
    from granian import Granian
    from granian.constants import HTTPModes, Interfaces
    from granian.log import LogLevels

    os.environ["ROOKERY_THREADS"] = str(threads)  # read by each worker's room_application
    Granian(
        "tourney.server.serve:room_application",
        factory=True,
        address=address,
        port=port,
        interface=Interfaces.ASGINL,
        http=HTTPModes.http1,
        websockets=False,
        workers=workers,
        respawn_failed_workers=True,
        log_level=LogLevels.warning,
        log_access=not quiet,
    ).serve()


def room_application() -> BodyFirst:
    """What each Granian worker serves: Django, behind `BodyFirst`."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tourney.settings")
    from django.conf import settings
    from django.core.wsgi import get_wsgi_application

    return BodyFirst(
        get_wsgi_application(),
        threads=int(os.environ.get("ROOKERY_THREADS", "4")),
        body_seconds=settings.ROOKERY_BODY_SECONDS,
        max_bytes=settings.ROOKERY_MAX_REQUEST_BYTES,
        buffer_bytes=settings.ROOKERY_BUFFER_BYTES,
    )


class BodyTooLarge(Exception):
    pass


class ClientGone(Exception):
    pass


class BufferFull(Exception):
    pass


class Budget:
    """The bytes of request bodies this process holds at once, at most ``limit``.

    Only the event loop's thread takes and gives back, so no lock is needed."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.held = 0

    def take(self, size: int) -> None:
        if self.held + size > self.limit:
            raise BufferFull
        self.held += size

    def give_back(self, size: int) -> None:
        self.held -= size


REFUSALS = {
    400: "Bad request: the Content-Length isn't a number.",
    408: "The form took too long to arrive. Check the Wi-Fi and send it again.",
    413: "That's too much to send at once (the limit is {mb} MB). Send a smaller file.",
    503: "Rookery is busy receiving other uploads. Wait a few seconds and send it again.",
    500: "Rookery hit an error and nothing from your last action was saved. Try again.",
}


class BodyFirst:
    """An ASGI application that reads a request's body whole, on the event loop, then
    runs a WSGI application with it in a pool of ``threads`` threads.

    A body must arrive within ``body_seconds`` (else 408) and be at most
    ``max_bytes`` (else 413, said before reading it when Content-Length is too big,
    and as soon as a chunked body passes the cap), so a slow or endless body holds
    neither a thread nor a temporary file. The answer is collected in the thread and
    sent from the loop, so a phone slow to read it doesn't hold a thread either.

    The bodies held at once (arriving, or with Django) are at most ``buffer_bytes``
    (default unlimited): a request whose Content-Length won't fit in what's left, or
    a chunked body that grows past it, is answered 503 with Retry-After at once,
    unread. It is not made to wait: what holds the room's memory is bodies that
    arrive slowly, so a wait could last until they time out, the phone showing
    nothing meanwhile; a quick 503 says "busy, send again" and holds nothing.
    """

    RETRY_AFTER = 5  # seconds: a slow body is done (or cut off) within body_seconds

    def __init__(
        self,
        wsgi: Callable,
        *,
        threads: int,
        body_seconds: float,
        max_bytes: int,
        buffer_bytes: int | None = None,
    ) -> None:
        self.wsgi = wsgi
        self.body_seconds = body_seconds
        self.max_bytes = max_bytes
        self.budget = Budget(buffer_bytes if buffer_bytes is not None else sys.maxsize)
        self.pool = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="rookery")
        # Health checks (Caddy's, every few seconds, with a 3 s timeout) have a thread
        # of their own: queued behind a busy room's requests they timed out, Caddy took
        # every server for dead and answered the whole room 503. They ask "is this
        # process up, and its database?", not "is it idle?".
        self.checks = ThreadPoolExecutor(max_workers=1, thread_name_prefix="rookery-health")

    async def __call__(self, scope: dict, receive: Callable, send: Callable) -> None:
        if scope["type"] != "http":
            return  # no websockets; no lifespan under Granian's ASGINL
        length = header(scope, b"content-length")
        if length is not None:
            if not length.isdigit():
                return await refuse(send, 400, self.max_bytes)
            if int(length) > self.max_bytes:
                return await refuse(send, 413, self.max_bytes)
        held = [0]  # what this request holds of the budget
        try:
            await self.answer(scope, receive, send, length, held)
        finally:
            self.budget.give_back(held[0])

    async def answer(
        self, scope: dict, receive: Callable, send: Callable, length: str | None, held: list
    ) -> None:
        try:
            if length is not None:
                self.budget.take(int(length))  # the whole body, before reading any
                held[0] = int(length)
            async with asyncio.timeout(self.body_seconds):
                body = await self.read_body(receive, held)
        except BufferFull:
            return await refuse(send, 503, self.max_bytes, retry_after=self.RETRY_AFTER)
        except TimeoutError:
            return await refuse(send, 408, self.max_bytes)
        except BodyTooLarge:
            return await refuse(send, 413, self.max_bytes)
        except ClientGone:
            return
        loop = asyncio.get_running_loop()
        try:
            # Only the proxy's check: /health/live is the load test's floor, a request
            # like any other.
            pool = self.checks if scope["path"] == "/health/" else self.pool
            status, headers, chunks = await loop.run_in_executor(
                pool, run_wsgi, self.wsgi, wsgi_environ(scope, body)
            )
        except Exception:  # Django answers its own errors; this is the server's
            log.exception("Rookery could not answer %s %s", scope["method"], scope["path"])
            return await refuse(send, 500, self.max_bytes)
        await send({"type": "http.response.start", "status": status, "headers": headers})
        await send({"type": "http.response.body", "body": b"".join(chunks)})

    async def read_body(self, receive: Callable, held: list) -> bytes:
        """The body whole; ``held[0]`` grows with it past what was taken up front (a
        chunked body takes from the budget as it arrives)."""
        parts, size = [], 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                raise ClientGone
            part = message.get("body", b"")
            size += len(part)
            if size > self.max_bytes:
                raise BodyTooLarge
            if size > held[0]:
                self.budget.take(size - held[0])
                held[0] = size
            parts.append(part)
            if not message.get("more_body"):
                return b"".join(parts)


def header(scope: dict, name: bytes) -> str | None:
    for key, value in scope["headers"]:
        if key.lower() == name:
            return value.decode("latin-1").strip()
    return None


async def refuse(
    send: Callable, status: int, max_bytes: int, *, retry_after: int | None = None
) -> None:
    """Answer without reading (the rest of) the body, and close the connection."""
    text = REFUSALS[status].format(mb=max_bytes // 1_000_000) + "\n"
    headers = [(b"content-type", b"text/plain; charset=utf-8"), (b"connection", b"close")]
    if retry_after is not None:
        headers.append((b"retry-after", str(retry_after).encode()))
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": text.encode()})


def wsgi_environ(scope: dict, body: bytes) -> dict:
    """The WSGI environ for an ASGI HTTP scope (PEP 3333 and the ASGI spec's mapping)."""
    root = scope.get("root_path", "")
    path = scope["path"]
    if root and path.startswith(root):
        path = path[len(root) :]
    server = scope.get("server") or ("localhost", 80)
    environ = {
        "REQUEST_METHOD": scope["method"],
        "SCRIPT_NAME": root.encode().decode("latin-1"),
        "PATH_INFO": path.encode().decode("latin-1"),
        "QUERY_STRING": scope.get("query_string", b"").decode("latin-1"),
        "SERVER_NAME": str(server[0]),
        "SERVER_PORT": str(server[1] if server[1] is not None else 80),
        "SERVER_PROTOCOL": f"HTTP/{scope.get('http_version', '1.1')}",
        "wsgi.version": (1, 0),
        "wsgi.url_scheme": scope.get("scheme", "http"),
        "wsgi.input": io.BytesIO(body),
        "wsgi.errors": sys.stderr,
        "wsgi.multithread": True,
        "wsgi.multiprocess": True,
        "wsgi.run_once": False,
    }
    if scope.get("client"):
        environ["REMOTE_ADDR"] = scope["client"][0]
    for key, value in scope["headers"]:
        name = key.decode("latin-1").upper().replace("-", "_")
        if name not in ("CONTENT_LENGTH", "CONTENT_TYPE"):
            name = "HTTP_" + name
        text = value.decode("latin-1")
        environ[name] = f"{environ[name]},{text}" if name in environ else text
    if "CONTENT_LENGTH" not in environ and body:
        environ["CONTENT_LENGTH"] = str(len(body))  # a chunked body, now whole
    return environ


def raw(value: str) -> bytes:
    """A header value as sent: Latin-1, as WSGI says; UTF-8 for a value that isn't
    (a cookie holding a name like Łukasz), as Granian's own WSGI side sends it."""
    try:
        return value.encode("latin-1")
    except UnicodeEncodeError:
        return value.encode("utf-8")


def run_wsgi(app: Callable, environ: dict) -> tuple[int, list, list[bytes]]:
    """Run ``app`` in this worker thread; return its status, headers and body."""
    started: dict = {}

    def start_response(status: str, headers: list, exc_info=None) -> Callable:
        started["status"] = int(status.split(" ", 1)[0])
        started["headers"] = [
            (name.lower().encode("latin-1"), raw(value)) for name, value in headers
        ]
        return lambda data: chunks.append(data)

    chunks: list[bytes] = []
    result: Iterable[bytes] = app(environ, start_response)
    try:
        chunks.extend(result)
    finally:
        close = getattr(result, "close", None)
        if close is not None:
            close()  # Django's request_finished: closes this thread's stale DB connections
    return started["status"], started["headers"], chunks


if __name__ == "__main__":
    main()
