"""Serve Rookery: `python -m tourney.serve` on this computer, `--room` for a game night.

waitress serves the app. Its I/O thread reads every request whole before a
worker thread sees it, so a phone on weak Wi-Fi that sends its headers a byte
at a time holds no worker, and the room's other phones are answered meanwhile.
It is pure Python, so it runs the same on a host's Mac or Windows laptop as on
a club's Linux server.

`--room` listens on every interface, works out the address phones use (the
laptop's address on the hall's network) unless ROOKERY_URL says it, and prints
that address and a QR code of a one-time sign-in link for the host's phone.
"""

from __future__ import annotations

import argparse
import os
import sys

from tourney.network import is_loopback, lan_address, public_url

NO_NETWORK = (
    "No local network found: this computer isn't on a Wi-Fi or wired network that\n"
    "phones could join. Rookery is serving on this computer only ({url}).\n"
    "Join the hall's Wi-Fi (or turn on a phone hotspot and join it), then run\n"
    "`make night` again."
)


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m tourney.serve", description=__doc__)
    parser.add_argument("--room", action="store_true", help="serve every phone in the room")
    parser.add_argument("--host", default=None, help="address to listen on (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8000")))
    parser.add_argument("--threads", type=int, default=int(os.environ.get("ROOKERY_THREADS", "6")))
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

    from tourney.signin_links import issue_link

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
    from tourney.wsgi import application

    app = application
    if not args.quiet:
        from waitress.utilities import logger

        logger.setLevel("WARNING")
        app = access_log(application)
    try:
        server = listen_on(app, f"{listen}:{args.port}", threads=args.threads)
    except OSError as exc:
        sys.exit(
            f"Rookery can't listen on port {args.port}: {exc.strerror}. Is Rookery (or "
            f"something else) already running there? Stop it, or pick another port: "
            f"make {'night' if args.room else 'run'} PORT={args.port + 1}"
        )
    # Listening now: only then tell anyone to come.
    if args.room:
        welcome(url, args.host_user)
    else:
        print(f"Rookery is serving on {url}/  (Ctrl-C stops it)", flush=True)
    try:
        server.run()
    except KeyboardInterrupt:
        print("\nRookery stopped.")
    finally:
        server.close()


def listen_on(app, listen: str, *, threads: int):
    """A bound waitress server; it believes forwarded headers only from ROOKERY_TRUSTED_PROXY."""
    import waitress
    from django.conf import settings

    proxy = {}
    if settings.ROOKERY_TRUSTED_PROXY:
        proxy = {
            "trusted_proxy": settings.ROOKERY_TRUSTED_PROXY,
            "trusted_proxy_count": 1,
            "trusted_proxy_headers": {"x-forwarded-for", "x-forwarded-proto"},
        }
    return waitress.create_server(
        app,
        listen=listen,
        threads=threads,
        ident="Rookery",
        # Phones keep connections open between polls; let many wait cheaply.
        connection_limit=1000,
        asyncore_use_poll=True,
        channel_timeout=60,
        cleanup_interval=10,
        clear_untrusted_proxy_headers=True,
        **proxy,
    )


def access_log(app):
    """One line per request on stdout: who, what, the answer and how long it took."""
    import time

    def logged(environ, start_response):
        started = time.monotonic()
        seen: dict[str, str] = {}

        def start(status, headers, exc_info=None):
            seen["status"] = status.split(" ", 1)[0]
            return start_response(status, headers, exc_info)

        try:
            return app(environ, start)
        finally:
            ms = (time.monotonic() - started) * 1000
            sys.stdout.write(
                f"{environ.get('REMOTE_ADDR', '-')} {environ['REQUEST_METHOD']} "
                f"{environ.get('PATH_INFO', '')} {seen.get('status', '-')} {ms:.0f}ms\n"
            )
            sys.stdout.flush()

    return logged


if __name__ == "__main__":
    main()
