"""Serve Rookery: `python -m tourney.serve` on this computer, `--room` for a game night.

Granian serves the app. Its HTTP side is asynchronous (Rust, tokio), so a phone
on weak Wi-Fi that sends its headers a byte at a time costs a few bytes and no
worker, and the room's other phones are answered meanwhile: a request reaches
Django's threads only once it has arrived whole. It runs several worker
processes, so every core of the laptop serves the room, and it has wheels for
Linux, macOS and Windows, so a host's laptop can be any of them.

`--room` listens on every interface, works out the address phones use (the
laptop's address on the hall's network) unless ROOKERY_URL says it, and prints
that address and a QR code of a one-time sign-in link for the host's phone.
"""

from __future__ import annotations

import argparse
import os
import socket
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
    serve(listen, args.port, workers=args.workers, threads=args.threads, quiet=args.quiet)


def port_is_free(address: str, port: int) -> None:
    """Raise OSError now, with its reason, rather than after telling phones to come."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        probe.bind((address, port))


def serve(address: str, port: int, *, workers: int, threads: int, quiet: bool) -> None:
    from granian import Granian
    from granian.constants import HTTPModes, Interfaces
    from granian.log import LogLevels

    Granian(
        "tourney.wsgi:application",
        address=address,
        port=port,
        interface=Interfaces.WSGI,
        http=HTTPModes.http1,
        websockets=False,
        workers=workers,
        blocking_threads=threads,
        respawn_failed_workers=True,
        log_level=LogLevels.warning,
        log_access=not quiet,
    ).serve()


if __name__ == "__main__":
    main()
