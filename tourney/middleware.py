"""Response headers Django's settings don't cover."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse

PRIVATE = "private, no-store"


def private_host_pages(
    get_response: Callable[[HttpRequest], HttpResponse],
) -> Callable[[HttpRequest], HttpResponse]:
    """A signed-in host's pages and exports hold a night's names and scores: no shared
    cache (a proxy, the hall's PC's disk) may keep a copy."""

    def middleware(request: HttpRequest) -> HttpResponse:
        response = get_response(request)
        if request.user.is_authenticated:
            response["Cache-Control"] = PRIVATE
        return response

    return middleware
