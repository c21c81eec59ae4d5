"""The night's live page: standings and every round's scores on any phone, no sign-in.

Its address holds the night's own secret (``Event.live_token``), printed as the
Standings QR code on the projector, the table cards and the door card; the host can
turn it off, and then the address answers "turned off". A phone that entered or
confirmed scores as a player (the table page's name cookie) sees that player's row
marked, their scores and where they sit next. No contact details: names and scores.

Hundreds of phones keep it open, so it is cheap three times over. A phone asks with the
version it shows (``Event.score_stamp`` and when it was read) and gets an empty 204,
after two small queries, while nothing changed. When something did, the standings and
rounds (the same for every phone) are built and rendered once per version in each
server process, one thread building while the others wait, and a phone that remembers
nobody gets the whole refreshed region from that one rendering; only a phone's own
player is marked in a copy. And while tables save one after another, a process builds
at most once every ROOKERY_LIVE_FRESH_SECONDS and answers from its latest build
meanwhile, never one older than the phone already shows.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from dataclasses import dataclass, field

from django.conf import settings
from django.db import connection
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_GET

from tourney.models import Event, score_stamp
from tourney.night.live import round_scores, your_night
from tourney.night.sheet import Sheet, build_sheet
from tourney.views.table import NAME_COOKIE, TOKEN, private

KEEP = 16  # versions kept per process: a few nights at once, each a version or two behind


@dataclass
class Board:
    """One version of a night as every phone sees it: the sheet, its standings and rounds
    rendered, and the whole refreshed region as a phone that is nobody in particular gets
    it (``pages[""]``), so most polls after a change cost a lookup."""

    sheet: Sheet
    html: str
    stamp: str  # the night's version it was built from (``score_stamp``)
    read_at: int  # when that stamp was read, in ms since the epoch: orders versions
    pages: dict[str, str] = field(default_factory=dict)

    @property
    def version(self) -> str:
        """What a phone shown this board asks with: the stamp, and when it was read."""
        return f"{self.stamp}_{self.read_at}"


_board: OrderedDict[tuple[int, str, str], Board] = OrderedDict()
_building: dict[tuple[int, str, str], threading.Event] = {}
_board_lock = threading.Lock()
_latest: dict[tuple[int, str], Board] = {}  # (event, token): the latest built here
_clock = time.time


def _now_ms() -> int:
    return int(_clock() * 1000)


def _recent(event_id: int, token: str) -> Board | None:
    """The version of this night built here from a stamp read less than
    ROOKERY_LIVE_FRESH_SECONDS ago, if any. While the tables save one after another (a
    new version every second or so), phones are answered from it rather than each new
    version being built at once: a phone sees a save within its poll interval plus those
    few seconds, and asks with the version it was shown, so it gets the next one. Once
    the window has passed, the first phone to ask builds the new version and the others
    get the latest until it is ready."""
    fresh = settings.ROOKERY_LIVE_FRESH_SECONDS
    with _board_lock:
        board = _latest.get((event_id, token))
        being_built = any(key[:2] == (event_id, token) for key in _building)
    if not fresh or board is None:
        return None
    if _now_ms() - board.read_at < fresh * 1000 or being_built:
        # While a newer version is being built here, phones get the latest at once
        # rather than wait for it or build another: only the builder waits.
        return board
    return None


def remembered_player_id(request: HttpRequest) -> int | None:
    """The player id this phone entered or confirmed scores as (the table page's cookie)."""
    value = request.COOKIES.get(NAME_COOKIE, "")
    if value.isascii() and value.isdigit() and len(value) < 12:
        return int(value)
    return None


def shared_board(event: Event, stamp: str, read_at: int) -> Board:
    """The night's sheet (``build_sheet``, as the host's standings) and its standings and
    rounds rendered for every phone alike, made once per version of the night.

    The stamp is read before the sheet is built, so what is kept under a version is
    never older than it: a phone shown something newer asks again at its next poll.
    Hundreds of phones ask at once after a change: one thread builds the new version
    while the others wait for it (a few seconds at most) rather than build it too.
    """
    key = (event.pk, event.live_token, stamp)  # the token: a test database reuses ids
    while True:
        with _board_lock:
            if key in _board:
                _board.move_to_end(key)
                return _board[key]
            waiting = _building.get(key)
            if waiting is None:
                _building[key] = threading.Event()
                break
        if not waiting.wait(timeout=5):
            break  # the builder is stuck: build it here rather than keep the phone waiting
    try:
        sheet = build_sheet(event)
        html = render_to_string(
            "tourney/live_board.html",
            {"event": event, "sheet": sheet, "rounds": round_scores(sheet)},
        )
        board = Board(sheet, html, stamp, read_at)
        with _board_lock:
            _board[key] = board
            latest = _latest.get(key[:2])
            if latest is None or latest.read_at <= read_at:
                _latest[key[:2]] = board
            for night, kept in list(_latest.items()):  # nights no phone asks for now
                if read_at - kept.read_at > 600_000:
                    del _latest[night]
            while len(_board) > KEEP:
                _board.popitem(last=False)
        return board
    finally:
        with _board_lock:
            done = _building.pop(key, None)
        if done is not None:
            done.set()


def _marked(html: str, player_id: int | None) -> str:
    """The shared board with one player's row and scores marked as this phone's."""
    if player_id is None:
        return html
    row = f'<tr data-player="{player_id}">'
    if row not in html:
        return html
    return (
        html.replace(row, f'<tr data-player="{player_id}" class="you" aria-current="true">')
        .replace(f"<!--you{player_id}-->", ' <span class="badge">you</span>')
        .replace(
            f'<span class="live-score" data-player="{player_id}">',
            f'<span class="live-score you" data-player="{player_id}">',
        )
    )


@private
@require_GET
def live_standings(request: HttpRequest, token: str) -> HttpResponse:
    found = None
    if TOKEN.fullmatch(token):
        # Two small statements answer an unchanged poll: this one and the stamp.
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT id, live_standings FROM tourney_event WHERE live_token = %s", [token]
            )
            found = cursor.fetchone()
    if found is None or not found[1]:
        event = Event.objects.get(pk=found[0]) if found else None
        status = 404 if event is None else 410
        return render(request, "tourney/live_off.html", {"event": event}, status=status)
    partial = bool(request.htmx) and not request.htmx.history_restore_request
    # The version the phone shows: "<stamp>_<when it was read>" (a bare stamp from older
    # pages and tests reads as read at 0).
    shown, _, shown_at = request.GET.get("since", "").partition("_")
    read_at = _now_ms()
    stamp = score_stamp(found[0])
    if partial and shown == stamp:
        return HttpResponse(status=204)  # the phone keeps what it shows
    recent = _recent(found[0], token)
    if recent is not None and recent.stamp != stamp:
        newer_shown = shown_at.isdigit() and int(shown_at) >= recent.read_at
        if partial and (shown == recent.stamp or newer_shown):
            return HttpResponse(status=204)  # what it shows is fresh: the next comes soon
        board: Board | None = recent
    else:
        with _board_lock:
            board = _board.get((found[0], token, stamp))
    player_id = remembered_player_id(request)
    if partial and player_id is None and board is not None and "" in board.pages:
        return HttpResponse(board.pages[""])  # most polls after a change: two queries
    event = Event.objects.get(pk=found[0])
    if board is None:
        board = shared_board(event, stamp, read_at)
    poll_url = f"{request.path}?since={board.version}"
    you = your_night(board.sheet, player_id) if player_id is not None else None
    template = "tourney/live_standings.html" + ("#live" if partial else "")
    if partial and you is None:
        # The refreshed region for a phone that is nobody in particular: the same for
        # every such phone at this version, so rendered once.
        page = board.pages.get("")
        if page is None:
            # No request: nothing of this phone's (its cookies, a signed-in user) is in it.
            page = board.pages[""] = render_to_string(
                template, _context(event, board, None, poll_url)
            )
        return HttpResponse(page)
    return render(request, template, _context(event, board, you, poll_url))


def _context(event: Event, board: Board, you, poll_url: str) -> dict:
    return {
        "event": event,
        "sheet": board.sheet,
        "board": mark_safe(_marked(board.html, you.player_id if you else None)),
        "you": you,
        "poll_url": poll_url,
        "poll_seconds": settings.ROOKERY_LIVE_POLL_SECONDS,
    }
