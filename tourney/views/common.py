"""What host pages share: the signed-in host's event and round, refusals, and file downloads."""

from __future__ import annotations

import io

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render

from tourney import seating
from tourney.accounts import roles
from tourney.models import Event, Round, has_club

# What a page needs of the signed-in account, least to most. A role (issue 28) grants
# one level and everything below it: a viewer may "view", a scorer "score", the desk
# "desk", a co-host "run"; only the club's own host may "own" (delete, manage roles).
NEEDS = roles.NEEDS

CLUB = "rookery.club"  # session: the pk of the club (host account) whose pages are shown


def _allow(request: HttpRequest, needs: set[str], need: str) -> None:
    if need not in NEEDS:
        raise ValueError(f"unknown need {need!r}: one of {', '.join(NEEDS)}")
    if need not in needs:
        raise PermissionDenied(roles.refusal(need, needs))
    request.can = {n: n in needs for n in NEEDS}


def host_event(request: HttpRequest, slug: str, need: str = "own") -> Event:
    """The event at `slug` if the signed-in account may do `need` there.

    Every host-side event page comes through here, so who may do what is decided in
    one place (tourney.accounts.roles): the host may do everything; a helper what
    their role grants, for the whole club or this night (else 403, saying who may);
    anyone else meets a 404, as if the night weren't there.
    """
    event = get_object_or_404(Event.objects.select_related("owner"), slug=slug)
    needs = roles.granted(request.user, event.owner_id, event.pk)
    if not needs:
        why = roles.taken_back(request.user, event.owner_id, event.pk)
        if why:  # a helper whose role went: they knew the night, so say what happened
            raise PermissionDenied(why)
        raise Http404("No night of yours has that address.")
    _allow(request, needs, need)
    return event


def can(request: HttpRequest) -> dict:
    """Templates' ``can.desk``, ``can.run``...: what the signed-in account may do on this
    page's night or club (set by host_event / host_club), so a helper isn't shown
    buttons their role would refuse. Pages of one's own: everything."""
    return {"can": getattr(request, "can", None) or dict.fromkeys(NEEDS, True)}


NO_CLUB = (
    "Your account helps at other clubs' nights and has no club of its own: My events "
    "lists the nights you help at. A club's people and seasons open here once its host "
    "gives you a role for the whole club."
)


def _no_club(request: HttpRequest) -> PermissionDenied:
    """The 403 for a page only a club's own host has: 403.html then also offers
    "Start a club of my own" (``request.no_club``)."""
    request.no_club = True
    return PermissionDenied(NO_CLUB)


def current_club(request: HttpRequest):
    """The club whose people and seasons the signed-in account is looking at: one they
    chose with the club switcher (while they still help there), else their own (for a
    helper, who has none, the first club they help at; 403 when there is none)."""
    chosen = request.session.get(CLUB)
    if chosen and chosen != request.user.pk:
        club = get_user_model().objects.filter(pk=chosen).first()
        if club is not None and roles.granted(request.user, club.pk):
            return club
        request.session.pop(CLUB, None)
        name = club.get_username() if club else "that club"
        back = "; you're back at your own" if has_club(request.user) else ""
        raise PermissionDenied(f"You no longer help at {name}'s club{back}.")
    club = roles.home_club(request.user)
    if club is None:
        raise _no_club(request)
    return club


def own_club(request: HttpRequest):
    """The signed-in account's own club, for what only a club's host does on it (the
    Team page, a game at one table): 403 for a helper, who has none."""
    if not has_club(request.user):
        raise _no_club(request)
    return request.user


def host_club(request: HttpRequest, need: str = "own"):
    """The club (its host's account) for a club-wide page (people, seasons), if the
    signed-in account may do `need` there (else 403 saying who may)."""
    club = current_club(request)
    _allow(request, roles.granted(request.user, club.pk), need)
    return club


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


def poll_unchanged(request: HttpRequest, event: Event, *, also: str = "") -> tuple[bool, str]:
    """For a polling page: (the stamp it showed is still current, the address to poll).

    The page polls its own address plus ``since=<the stamp it shows>`` (htmx reads the
    address afresh after each swap). ``since`` is taken off ``request.GET`` so links
    rendered from the query (the sheet's sort links) never carry a stamp. ``also`` is
    what else the page shows that can change (arrivals waiting at the door, minutes
    over a round's time), added to the event's stamp.
    """
    query = request.GET.copy()
    since = query.pop("since", [None])[-1]
    request.GET = query
    stamp = event.score_stamp() + (f".{also}" if also else "")
    poll = query.copy()
    poll["since"] = stamp
    return since == stamp, f"{request.path}?{poll.urlencode()}"


def someone_sits_out(event: Event, present: int) -> bool:
    """Whether re-seating could not seat everyone present: the tables don't split
    (7 at tables of 4 to 6) and no 3-player table is allowed, so someone sits out."""
    if event.allow_short_tables:
        return False
    return not room_splits(event, present)


def room_splits(event: Event, present: int) -> bool:
    """Whether ``present`` players split into the night's tables with nobody left over."""
    try:
        seating.table_sizes(
            present,
            min_size=event.min_table_size,
            max_size=event.max_table_size,
            preferred=event.preferred_table_size,
        )
    except (seating.SeatingError, ValueError):
        return False
    return True
