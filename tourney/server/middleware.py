"""Response headers Django's settings don't cover."""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.core.exceptions import RequestDataTooBig, TooManyFieldsSent, TooManyFilesSent
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import Resolver404, resolve, reverse

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


def secure_cookies(
    get_response: Callable[[HttpRequest], HttpResponse],
) -> Callable[[HttpRequest], HttpResponse]:
    """Under DJANGO_HTTPS=1 every cookie is sent Secure, whoever set it: Django's own
    settings cover the session, CSRF and messages cookies when set, but not their
    deletion (sign-out, a message shown), nor a view's own cookies. Outermost in
    MIDDLEWARE, so it sees every cookie of the response."""

    def middleware(request: HttpRequest) -> HttpResponse:
        response = get_response(request)
        if settings.HTTPS:
            for morsel in response.cookies.values():
                morsel["secure"] = True
        return response

    return middleware


def too_big_page(
    request: HttpRequest, refused: RequestDataTooBig | TooManyFilesSent | TooManyFieldsSent
) -> HttpResponse:
    """The 413 page naming the cap a form went over; nothing was saved."""
    if isinstance(refused, TooManyFilesSent):
        reason = f"That form sends more than {settings.DATA_UPLOAD_MAX_NUMBER_FILES} files at once."
    elif isinstance(refused, TooManyFieldsSent):
        reason = (
            f"That form sends more than {settings.DATA_UPLOAD_MAX_NUMBER_FIELDS:,} fields at once."
        )
    else:
        mb = settings.DATA_UPLOAD_MAX_MEMORY_SIZE / 1_000_000
        reason = f"That form holds more than Rookery takes at once ({mb:.1f} MB)."
    return render(request, "413.html", {"reason": reason}, status=413)


def reads_its_own_upload(view: Callable) -> Callable:
    """Mark a view that sets its own upload limit (it installs an upload handler, so
    the form must not be read before the view runs); ``too_big`` leaves it alone."""
    view.reads_its_own_upload = True
    return view


def _reads_its_own_upload(request: HttpRequest) -> bool:
    try:
        return getattr(resolve(request.path_info).func, "reads_its_own_upload", False)
    except Resolver404:
        return False


def too_big(
    get_response: Callable[[HttpRequest], HttpResponse],
) -> Callable[[HttpRequest], HttpResponse]:
    """A form over Django's caps (DATA_UPLOAD_MAX_MEMORY_SIZE, DATA_UPLOAD_MAX_NUMBER_FILES,
    DATA_UPLOAD_MAX_NUMBER_FIELDS) gets a page saying so, 413, instead of Django's bare
    "Bad Request (400)".

    The form is read here, before any view or the CSRF check would read it (they
    then reuse it), because Django turns the refusal into a 400 before a view's or
    a middleware's own handling could see it.
    """

    def middleware(request: HttpRequest) -> HttpResponse:
        if request.method == "POST" and not _reads_its_own_upload(request):
            try:
                request.POST  # noqa: B018 (reading it is the point)
            except (RequestDataTooBig, TooManyFilesSent, TooManyFieldsSent) as refused:
                return too_big_page(request, refused)
        return get_response(request)

    return middleware


ROUND_ROUTE = "events/<str:slug>/rounds/<int:number>/"


def _way_back(request: HttpRequest) -> tuple[str, str]:
    """The page a POST-only address belongs to, as (label, url)."""
    try:
        match = resolve(request.path_info)
    except Resolver404:
        return "Rookery's home page", reverse("home")
    kw, route = match.kwargs, match.route
    if match.namespace == "scoring" and "pk" in kw:
        return "the score pad", reverse("scoring:pad_detail", args=[kw["pk"]])
    if "token" in kw:
        return "the table's page", reverse("table_page", args=[kw["token"]])
    if route.startswith(ROUND_ROUTE):
        return f"round {kw['number']}", reverse("round_detail", args=[kw["slug"], kw["number"]])
    if route.startswith("events/<str:slug>/"):
        return "the event's page", reverse("event_detail", args=[kw["slug"]])
    if route.startswith("seasons/<str:slug>/"):
        return "the season's page", reverse("season_detail", args=[kw["slug"]])
    if route.startswith("seasons"):
        return "the seasons", reverse("season_list")
    if route.startswith("club-site/"):
        return "the club site's settings", reverse("club_site_settings")
    if route.startswith("people/"):
        return "the players' roster", reverse("roster")
    if request.user.is_authenticated:
        return "your events", reverse("host_home")
    return "Rookery's home page", reverse("home")


def friendly_405(
    get_response: Callable[[HttpRequest], HttpResponse],
) -> Callable[[HttpRequest], HttpResponse]:
    """An address that only takes a button's press (POST), opened as a page (a restored
    tab on /rounds/next/, a bookmark) gets a page in the site's layout with the way back,
    not Django's empty 405: the browser showed a blank white page."""

    def middleware(request: HttpRequest) -> HttpResponse:
        response = get_response(request)
        if response.status_code != 405 or response.content:
            return response
        label, url = _way_back(request)
        page = render(request, "405.html", {"back_label": label, "back_url": url}, status=405)
        page["Allow"] = response.get("Allow", "POST")
        return page

    return middleware
