"""Absolute links for paper and phones: what a card, a QR code or a movement card prints.

They start with ROOKERY_URL when it is set (the address phones really use), and
otherwise with the address this request came in on.
"""

import segno
from django.conf import settings
from django.http import HttpRequest
from django.urls import reverse

from tourney.server.network import is_loopback


def site_url(request: HttpRequest) -> str:
    return settings.ROOKERY_URL or f"{request.scheme}://{request.get_host()}"


def absolute_url(request: HttpRequest, path: str) -> str:
    return site_url(request) + path


def phones_cannot_open(request: HttpRequest) -> bool:
    """True when printed links would point at this computer itself."""
    return is_loopback(site_url(request))


def qr_svg(url: str, scale: int = 6, light: str | None = None) -> str:
    """A QR code of ``url`` as inline SVG (segno: no image files, prints sharp);
    ``light`` fills the light modules (on a dark projector screen)."""
    return segno.make(url, error="m").svg_inline(scale=scale, border=2, light=light)


def live_url(request: HttpRequest, event) -> str:
    """The night's live standings for phones (no sign-in), or "" when the host turned
    them off: the Standings QR codes on the projector, the table cards and the door card."""
    if not event.live_standings:
        return ""
    return absolute_url(request, reverse("live_standings", args=[event.live_token]))
