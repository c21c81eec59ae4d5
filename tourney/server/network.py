"""Where phones reach Rookery: the public base URL and the laptop's address on the room's network.

Plain Python (settings import it before Django is set up), and no tool that only
Linux has: a host's laptop may be a Mac or run Windows.
"""

from __future__ import annotations

import ipaddress
import socket
from urllib.parse import urlsplit

# Any address outside this machine will do: connecting a UDP socket sends no
# packet, it only asks the operating system which interface would carry it,
# which is the interface of the default route.
ROUTE_PROBE = ("192.0.2.1", 9)  # TEST-NET-1 (RFC 5737): never a real host


def public_url(raw: str) -> str:
    """``ROOKERY_URL`` checked and tidied: scheme and host, maybe a port, no trailing slash."""
    raw = raw.strip()
    if not raw:
        return ""
    parts = urlsplit(raw)
    if parts.scheme not in {"http", "https"} or not parts.hostname:
        raise ValueError(
            f"ROOKERY_URL must look like https://rook.example.org or "
            f"http://192.168.1.23:8000, not {raw!r}"
        )
    if parts.path.strip("/") or parts.query or parts.fragment:
        raise ValueError(f"ROOKERY_URL is the site's address only, without a path: {raw!r}")
    return f"{parts.scheme}://{parts.netloc}"


def is_loopback(url_or_host: str) -> bool:
    """True for addresses only this machine can open: 127.x, localhost, ::1."""
    host = urlsplit(url_or_host).hostname if "://" in url_or_host else url_or_host
    host = (host or "").strip("[]").rstrip(".").lower()
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def lan_address() -> str | None:
    """This machine's address on the local network (the default route's interface).

    None when there is no network to speak of: no interface up, or only loopback.
    """
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(ROUTE_PROBE)
            address = probe.getsockname()[0]
    except OSError:
        return None
    ip = ipaddress.ip_address(address)
    if ip.is_loopback or ip.is_unspecified or ip.is_link_local:
        return None
    return address
