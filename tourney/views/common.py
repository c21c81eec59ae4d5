"""What host pages share: the signed-in host's event and round, refusals, and file downloads."""

from __future__ import annotations

import io

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render

from tourney.models import Event, Round

# What a page needs of the signed-in account, least to most. A role (issue 28) grants
# one level and everything below it: a viewer may "view", a scorer "score", the desk
# "desk", a co-host "run"; only the club's own host may "own" (delete, manage roles).
NEEDS = ("view", "score", "desk", "run", "own")


def host_event(request: HttpRequest, slug: str, need: str = "own") -> Event:
    """The event at `slug` if the signed-in account may do `need` there, else 404.

    Every host-side event page comes through here, so who may do what is decided in
    one place. Until roles exist, only the event's owner passes, whatever the need.
    """
    if need not in NEEDS:
        raise ValueError(f"unknown need {need!r}: one of {', '.join(NEEDS)}")
    return get_object_or_404(Event, slug=slug, owner=request.user)


def as_pk(value: str | None) -> int | None:
    """An id from a query string, or None when it can't be one ("abc", "1.5", a NUL
    byte, more digits than any id has): the caller answers those as not found."""
    if value and value.isascii() and value.isdigit() and len(value) <= 18:
        return int(value)
    return None


def host_round(event: Event, number: int) -> Round:
    return get_object_or_404(event.rounds.with_tables(), number=number)


def refused(request: HttpRequest, message: str, to) -> HttpResponse:
    """A step the night's state doesn't allow: said on the page it leads back to, or to
    htmx as a 422 holding the message."""
    if request.htmx:
        return render(request, "includes/refusal.html", {"message": message}, status=422)
    messages.error(request, message)
    return redirect(to)


XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
CSV = "text/csv; charset=utf-8"


def download(body: bytes | str, name: str, content_type: str) -> HttpResponse:
    if isinstance(body, str) and content_type.startswith("text/csv"):
        # A byte-order mark, so Excel on Windows reads "Sørensen" as UTF-8.
        body = body.encode("utf-8-sig")
    response = HttpResponse(body, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


def workbook_bytes(workbook) -> bytes:
    buffer = io.BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()


def poll_unchanged(request: HttpRequest, event: Event) -> tuple[bool, str]:
    """For a polling page: (the stamp it showed is still current, the address to poll).

    The page polls its own address plus ``since=<the stamp it shows>`` (htmx reads the
    address afresh after each swap). ``since`` is taken off ``request.GET`` so links
    rendered from the query (the sheet's sort links) never carry a stamp.
    """
    query = request.GET.copy()
    since = query.pop("since", [None])[-1]
    request.GET = query
    stamp = event.score_stamp()
    poll = query.copy()
    poll["since"] = stamp
    return since == stamp, f"{request.path}?{poll.urlencode()}"
