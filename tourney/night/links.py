"""Absolute links for paper and phones: what a card, a QR code or a movement card prints.

They start with ROOKERY_URL when it is set (the address phones really use), and
otherwise with the address this request came in on.
"""

from django.conf import settings
from django.http import HttpRequest

from tourney.server.network import is_loopback


def site_url(request: HttpRequest) -> str:
    return settings.ROOKERY_URL or f"{request.scheme}://{request.get_host()}"


def absolute_url(request: HttpRequest, path: str) -> str:
    return site_url(request) + path


def phones_cannot_open(request: HttpRequest) -> bool:
    """True when printed links would point at this computer itself."""
    return is_loopback(site_url(request))
