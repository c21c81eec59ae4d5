"""The players' pages: one table's private link, opened from the QR code on the table.

No sign-in: the unguessable token is the key, and it reaches only its own table
of the round being played now. The page asks ``services.table_state`` for what it
shows and sends scores to ``services.submit_table_scores``, which asks
``scoring.rules`` and never overwrites what another phone saved.
These views sit apart from the host's pages because they answer
to a token rather than a signed-in host.
"""

from __future__ import annotations

import functools
import re
import secrets
import uuid
from collections import defaultdict

from django import forms
from django.conf import settings
from django.db import connection
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from scoring import rules
from scoring.formfields import WholeNumberField, not_a_number, parse_points
from tourney import services
from tourney.accounts.signin import client_ip
from tourney.club.history import person_history
from tourney.models import (
    CODE_ALPHABET,
    CODE_LENGTH,
    Event,
    JoinAttempt,
    Player,
    Round,
    Seat,
    TableCard,
    normalise_table_code,
    score_stamp,
)
from tourney.night.live import rating_change
from tourney.night.sheet import build_sheet
from tourney.server.middleware import PRIVATE
from tourney.views.players import player_context

NAME_COOKIE = "rookery_name"  # the id of the player who last entered scores on this phone
DEVICE_COOKIE = "rookery_device"
COOKIE_AGE = 60 * 60 * 24 * 30
POLL_SECONDS = 5
MOST_BUYS = 50  # with unlimited buys, still a number a database column holds
TOKEN = re.compile(r"[A-Za-z0-9_-]{16,64}")
OUTCOMES = {
    "saved": "Saved. Ask another player at the table to confirm.",
    "same": "Those scores were already saved.",
    "repeat": "Saved (your phone sent it twice; it was recorded once).",
    "disputed": "Not saved over the scores already there: yours are kept as a dispute "
    "for the host to settle.",
}


class TableScoresForm(forms.Form):
    """A table's scores as typed on a phone; the rules engine judges them.

    Who enters them is one of the players seated at the table, chosen from a list
    like the confirmer (never typed): a confirmation can then be checked against
    the very player who entered. A one-phone family game may leave it blank.
    """

    entrant = forms.TypedChoiceField(
        label="Your name",
        coerce=int,
        error_messages={
            "required": "Choose your name, so the table knows who entered these.",
            "invalid_choice": "Choose your name from the players at this table.",
        },
    )
    round = WholeNumberField(
        min_value=1,
        max_value=99,
        widget=forms.HiddenInput,
        error_messages={"required": "This form is from an older page: reload it and try again."},
    )
    based_on = WholeNumberField(min_value=0, widget=forms.HiddenInput)
    key = forms.CharField(max_length=64, widget=forms.HiddenInput)
    high_confirmed = forms.BooleanField(required=False, widget=forms.HiddenInput)

    def __init__(
        self,
        *args,
        seats: list[Seat],
        max_buys: int | None,
        record_buys: bool,
        entrant_required: bool = True,
        **kw,
    ):
        super().__init__(*args, **kw)
        self.seats = seats
        self.record_buys = record_buys
        entrant = self.fields["entrant"]
        entrant.choices = [("", "Choose your name"), *((s.player_id, s.player.name) for s in seats)]
        entrant.required = entrant_required
        entrant.empty_value = None
        for seat in seats:
            self.fields[f"p{seat.player_id}"] = forms.CharField(
                label=seat.player.name, required=False, max_length=12, strip=True
            )
            if record_buys:
                self.fields[f"b{seat.player_id}"] = WholeNumberField(
                    label=f"{seat.player.name}'s buys",
                    required=False,
                    min_value=0,
                    max_value=max_buys if max_buys is not None else MOST_BUYS,
                    error_messages={
                        "max_value": f"{seat.player.name}: at most %(limit_value)s buys a hand.",
                        "min_value": f"{seat.player.name}: buys can't be negative.",
                        "invalid": f"{seat.player.name}: buys are a whole number.",
                    },
                )

    def clean(self):
        data = super().clean()
        points: dict[int, int | None] = {}
        for seat in self.seats:
            field = f"p{seat.player_id}"
            try:
                points[seat.player_id] = parse_points(data.get(field) or "")
            except ValueError as exc:
                self.add_error(field, not_a_number(seat.player.name, str(exc)))
        data["points"] = points
        return data

    def typed_points(self) -> dict[int, int | str | None] | None:
        """Every score as typed (a number, None for blank, the text when it is no number):
        the rules engine judges them even though another field is refused, so one save
        says every problem (issue 26: "abc" first, two zeros only on the next save)."""
        if not hasattr(self, "cleaned_data"):
            return None
        points = dict(self.cleaned_data.get("points") or {})
        for seat in self.seats:
            field = f"p{seat.player_id}"
            if field in self.errors:  # said beside the player; the engine skips it
                points[seat.player_id] = str(self.data.get(field, "")) or "?"
        return points

    def entrant_player(self) -> Player | None:
        chosen = self.cleaned_data.get("entrant")
        return next((s.player for s in self.seats if s.player_id == chosen), None)

    def buys(self) -> dict[int, int | None] | None:
        if not self.record_buys:
            return None
        return {s.player_id: self.cleaned_data.get(f"b{s.player_id}") for s in self.seats}


@require_http_methods(["GET", "POST"])
def join(request: HttpRequest) -> HttpResponse:
    """The typed fallback for a QR code: the short code printed on a table's card."""
    typed = request.POST.get("code", "")[:40] if request.method == "POST" else ""
    error, status = "", 200
    if request.method == "POST":
        ip = client_ip(request)
        code = normalise_table_code(typed)
        minutes = int(JoinAttempt.WINDOW.total_seconds() // 60)
        too_many = (
            f"Too many wrong codes from this phone. Wait {minutes} minutes and try again, "
            "or scan the QR code on the card."
        )
        if JoinAttempt.objects.too_many(ip):
            error, status = too_many, 429
        elif not code:
            error = "Type the 8-character code printed on your table's card."
        elif len(code) != CODE_LENGTH or any(ch not in CODE_ALPHABET for ch in code):
            error = (
                f"“{typed.strip()}” isn't a table code: codes have {CODE_LENGTH} letters and "
                "digits, like 7KQM-2XHD, and never use 0, O, 1 or I."
            )
        elif (attempt := JoinAttempt.objects.take_a_try(ip)) is None:
            error, status = too_many, 429  # a parallel burst used up the tries meanwhile
        else:
            card = TableCard.objects.filter(code=code).first()
            if card is not None:
                attempt.delete()  # the right code isn't a wrong try
                return redirect("table_page", token=card.token)
            door = Event.objects.filter(door_code=code).first()
            if door is not None:  # the door card's code: check-in at the door
                attempt.delete()
                return redirect("door", token=door.door_token)
            error = (
                f"No table has the code {code[:4]}-{code[4:]}. Check each character "
                "against the card and try again."
            )
    return render(request, "tourney/join.html", {"typed": typed, "error": error}, status=status)


def _card(token: str) -> TableCard:
    if not TOKEN.fullmatch(token):
        raise Http404("No such table card.")
    return get_object_or_404(TableCard.objects.select_related("event"), token=token)


def _form(state: dict, data=None, *, request: HttpRequest, **initial) -> TableScoresForm:
    event = state["event"]
    current = state.get("current")
    base = {
        "entrant": _remembered_player(request, state["seats"]),
        "round": state["round"].number if state.get("round") else None,
        "based_on": current.version if current else 0,
        "key": uuid.uuid4().hex,
    }
    base.update(initial)
    form = TableScoresForm(
        data,
        seats=state["seats"],
        max_buys=event.game.max_buys if hasattr(event.game, "max_buys") else None,
        record_buys=event.record_buys,
        entrant_required=not event.is_table_game,  # one phone: nobody is asked who they are
        initial=base,
    )
    return form


def _remembered_player(request: HttpRequest, seats: list[Seat]) -> int | None:
    """The player this phone last entered scores as, when they sit at this table."""
    value = request.COOKIES.get(NAME_COOKIE, "")
    if not (value.isascii() and value.isdigit() and len(value) < 12):
        return None
    return next((s.player_id for s in seats if s.player_id == int(value)), None)


DEVICE_SHAPE = re.compile(r"[0-9a-f]{32}")  # what _phone_cookies sets: secrets.token_hex(16)


def device_id(request: HttpRequest) -> str:
    """The phone's device id, as this app set it (32 hex digits), or "" for anything
    else: a cookie made up or mangled is no id (and _phone_cookies replaces it), so the
    id an entry stores and the one a confirmation compares with it are the same text."""
    value = request.COOKIES.get(DEVICE_COOKIE, "")
    return value if DEVICE_SHAPE.fullmatch(value) else ""


def set_phone_cookie(response: HttpResponse, name: str, value: str) -> None:
    """Set one of the table page's own cookies (the device id, the entrant's player id).

    Values are ASCII (hex, digits): a name in any script never reaches a cookie, so a
    browser never gets one it mangles (raw UTF-8 once hid the CSRF cookie on the
    next POST). HttpOnly, as no script reads them; Secure whenever the session
    cookie is (DJANGO_HTTPS=1), since a name on the phone is a person's data.
    """
    response.set_cookie(
        name,
        value,
        max_age=COOKIE_AGE,
        samesite="Lax",
        httponly=True,
        secure=settings.SESSION_COOKIE_SECURE,
    )


def _phone_cookies(request: HttpRequest, response: HttpResponse) -> HttpResponse:
    """Give a phone its device id, and clear a name cookie an older version set as text.

    A name set as raw UTF-8 ("Łukasz") made the server drop the phone's whole Cookie
    header, CSRF cookie included, so every POST from it was refused. Such a cookie
    can't even be read: a phone whose cookies all went unseen (new, or locked out
    like that) has it cleared, as has a name cookie that isn't a player id.
    """
    unseen = not request.COOKIES.get(DEVICE_COOKIE)
    if not device_id(request):  # new, or not an id this app set: a fresh one
        set_phone_cookie(response, DEVICE_COOKIE, secrets.token_hex(16))
    remembered = request.COOKIES.get(NAME_COOKIE, "")
    text = bool(remembered) and not (remembered.isascii() and remembered.isdigit())
    if NAME_COOKIE not in response.cookies and ((unseen and not remembered) or text):
        set_phone_cookie(response, NAME_COOKIE, "")
        response.cookies[NAME_COOKIE]["max-age"] = 0
        response.cookies[NAME_COOKIE]["expires"] = "Thu, 01 Jan 1970 00:00:00 GMT"
    return response


def _fields(form: TableScoresForm, problems: list[rules.Problem]):
    """(score field, buys field, seat, messages) per seat, rules messages beside names."""
    by_name = defaultdict(list)
    for problem in problems:
        for name in problem.players:
            by_name[name].append(problem.message)
    rows = []
    for seat in form.seats:
        score = form[f"p{seat.player_id}"]
        buys = form[f"b{seat.player_id}"] if form.record_buys else None
        messages = list(score.errors) + by_name.get(seat.player.name, [])
        if buys is not None:
            messages += list(buys.errors)
        rows.append({"field": score, "buys": buys, "seat": seat, "messages": messages})
    return rows


def _render(
    request, state, form, *, problems=(), needs_confirmation=False, notice=None, status=200
):
    general = [p.message for p in problems if not p.players]
    context = dict(
        state,
        form=form,
        rows=_fields(form, list(problems)) if form is not None else [],
        problems=list(problems),
        general_problems=general,
        needs_confirmation=needs_confirmation,
        notice=notice,
        poll_seconds=POLL_SECONDS,
        card_values=_card_values(state["event"]),
    )
    template = "tourney/table_page.html"
    if request.htmx and not request.htmx.boosted:
        template += "#sheet"  # a refusal too: site.js swaps its region in
    return _phone_cookies(request, render(request, template, context, status=status))


def _card_values(event) -> dict[str, int]:
    game = event.game
    values = {str(n): game.card_value(n) for n in range(1, 15)}
    values["rook"] = game.card_value("rook")
    return {k: v for k, v in values.items() if v is not None}


def _form_round(card: TableCard, data) -> Round | None:
    """The round a posted form was loaded for (its hidden "round" field)."""
    number = data.get("round", "")
    if not (number.isascii() and number.isdigit() and len(number) <= 2):
        return None
    return card.event.rounds.filter(number=int(number)).first()


def private(view):
    """A table's pages hold its players' names and scores: no cache (a proxy, the
    phone's back button after the night) keeps a copy."""

    @functools.wraps(view)
    def wrapped(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        response = view(request, *args, **kwargs)
        response["Cache-Control"] = PRIVATE
        return response

    return wrapped


@private
@require_http_methods(["GET", "POST"])
def table_page(request: HttpRequest, token: str) -> HttpResponse:
    card = _card(token)
    if request.method == "GET":
        return _show_table(request, card)

    # A form counts for the round it was loaded for, never the one playing now.
    form_round = _form_round(card, request.POST)
    state = services.table_state(card=card, round=form_round, to_save=True)
    form = None
    if state["table"] is not None and form_round is not None:
        if request.POST.get("went_out"):
            state = services.table_state(card=card, round=form_round)
            return _went_out_without_javascript(request, state)
        form = _form(state, request.POST, request=request)
    complete = form is not None and form.is_valid()
    data = form.cleaned_data if form is not None and hasattr(form, "cleaned_data") else {}
    answer = services.submit_table_scores(
        table=state["table"] if form is not None else None,
        round=form_round,
        # Only a form with a field unread asks (its scores are judged, not saved).
        playing=bool(state.get("playing")) and (complete or not card.event.is_over()),
        points=data["points"] if complete else (form.typed_points() if form else None),
        complete=complete,
        entered_by_player=form.entrant_player() if complete else None,
        based_on=data.get("based_on"),
        idempotency_key=data.get("key"),
        high_confirmed=data.get("high_confirmed"),
        device=device_id(request),
        buys=form.buys() if form is not None else None,
    )
    if answer.outcome == "stale":
        return _stale(request, card, message=answer.message)
    if answer.outcome in ("invalid", "refused"):
        # Shown again: the whole page, the form as it was typed.
        state = services.table_state(card=card, round=form_round)
    if answer.outcome == "invalid":
        return _render(
            request,
            state,
            form,
            problems=answer.problems,
            needs_confirmation=answer.needs_confirmation,
            status=422,
        )
    if answer.outcome == "refused":
        return _render(request, state, form, notice=f"Not saved: {answer.message}", status=409)
    response = _saved(request, card, answer, entrant=form.cleaned_data["entrant"])
    if form.cleaned_data["entrant"] is not None:
        # The next form on this phone starts with the same name chosen: its player id.
        set_phone_cookie(response, NAME_COOKIE, str(form.cleaned_data["entrant"]))
    return _phone_cookies(request, response)


def _show_table(request: HttpRequest, card: TableCard) -> HttpResponse:
    """The table's page as it is now, with what the last save did (after a redirect)."""
    since = card.event.score_stamp(table=card.number)  # before the state: see table_status
    state = services.table_state(card=card)
    state["since"] = since
    notice = OUTCOMES.get(request.GET.get("done", ""))
    if card.event.kind == card.event.Kind.TABLE and request.GET.get("done") == "saved":
        notice = "Saved. On to the next hand."
    form = _form(state, request=request) if state.get("playing") else None
    return _render(request, state, form, notice=notice)


def _went_out_without_javascript(request: HttpRequest, state: dict) -> HttpResponse:
    """Without JavaScript, "went out" sets that player's score to 0 and shows the form
    again with everything typed so far; nothing is saved."""
    kept = {
        k: v
        for k, v in request.POST.items()
        if k in ("entrant", "round", "based_on", "key") or (k[:1] in "pb" and k[1:].isdigit())
    }
    kept[f"p{request.POST['went_out']}"] = "0"
    return _render(request, state, _form(state, request=request, **kept))


def _saved(
    request: HttpRequest, card: TableCard, answer: services.TableAnswer, *, entrant: int | None
) -> HttpResponse:
    """A save that took (or was already there): a redirect, or the fresh page for htmx."""
    if not request.htmx:
        response = redirect(reverse("table_page", args=[card.token]) + f"?done={answer.outcome}")
        response.status_code = 303
        return response
    notice = OUTCOMES[answer.outcome]
    if card.event.kind == card.event.Kind.TABLE and answer.outcome == "saved":
        notice = f"Saved hand {answer.entry.round.number}."
    since = card.event.score_stamp(table=card.number)
    state = services.table_state(card=card)
    state["since"] = since
    form = _form(state, request=request, entrant=entrant) if state.get("playing") else None
    return _render(request, state, form, notice=notice)


def _stale(request: HttpRequest, card: TableCard, *, message: str) -> HttpResponse:
    """Nothing saved: the form's round no longer takes scores. Say so, and show the
    round the table is playing now with a fresh form."""
    state = services.table_state(card=card)
    form = _form(state, request=request) if state.get("playing") else None
    return _render(request, state, form, notice=message, status=409)


@private
@require_GET
def table_status(request: HttpRequest, token: str) -> HttpResponse:
    """The part of the table page that changes under the players' feet; polled by htmx.

    The poll carries the stamp it last showed (``since``: the event's, with only this
    table's scores counted): while it stands, the answer is an empty 204 after four
    small queries, so a room of phones polling costs little while other tables save,
    and after the night. The stamp is read before the state, so a change made
    meanwhile is never hidden behind it.
    """
    if not TOKEN.fullmatch(token):
        raise Http404("No such table card.")
    # Only what the stamp needs, in two statements: the event's house rules and the rest
    # are read on a redraw.
    with connection.cursor() as cursor:
        cursor.execute("SELECT event_id, number FROM tourney_tablecard WHERE token = %s", [token])
        found = cursor.fetchone()
    if found is None:
        raise Http404("No such table card.")
    stamp = score_stamp(found[0], table=found[1])
    if request.GET.get("since") == stamp:
        return HttpResponse(status=204)
    card = _card(token)
    state = services.table_state(card=card, standings=False)
    shown = request.GET.get("round", "")
    number = rules.read_whole(shown)
    state["round_changed"] = (
        bool(state["round"]) and number is not None and number != state["round"].number
    )
    return render(
        request,
        "tourney/table_page.html#status",
        dict(state, poll_seconds=POLL_SECONDS, shown_round=shown, polled=True, since=stamp),
    )


class ConfirmForm(forms.Form):
    """Who confirms: one of the players seated at the table, chosen from a list."""

    player = forms.TypedChoiceField(
        label="Your name",
        coerce=int,
        error_messages={
            "required": "Choose your name, so the table knows who confirmed.",
            "invalid_choice": "Choose your name from the players at this table.",
        },
    )
    version = WholeNumberField(min_value=1, widget=forms.HiddenInput)
    round = WholeNumberField(min_value=1, widget=forms.HiddenInput)

    def __init__(self, *args, players: list[Player], **kwargs):
        super().__init__(*args, **kwargs)
        self.players = {p.pk: p for p in players}
        choices = [(p.pk, p.name) for p in players]
        self.fields["player"].choices = [("", "Choose your name"), *choices]


@private
@require_POST
def table_confirm(request: HttpRequest, token: str) -> HttpResponse:
    card = _card(token)
    state = services.table_state(card=card)
    current = state.get("current")
    seated = [s.player for s in state["seats"]]
    form = ConfirmForm(request.POST, players=seated)
    error = None
    already = ""  # who confirmed these scores before this phone's tap, if someone did
    if current is None:
        error = "There are no saved scores to confirm yet."
    elif not form.is_valid():
        error = " ".join(e for errors in form.errors.values() for e in errors)
    elif form.cleaned_data["round"] != state["round"].number:
        error = (
            f"Those scores were for {card.event.round_word} {form.cleaned_data['round']}: "
            f"this table is now playing {card.event.round_word} {state['round'].number}."
        )
    else:
        player = form.players[form.cleaned_data["player"]]
        try:
            confirmed = services.confirm_entry(
                current,
                player=player,
                version=form.cleaned_data["version"],
                device=device_id(request),
            )
        except services.ConfirmError as exc:
            error = str(exc)
        else:
            if confirmed.confirmed_by.casefold() != player.name[:60].casefold():
                already = f"Already confirmed by {confirmed.confirmed_by}."
    if not request.htmx:
        state = services.table_state(card=card)
        response = _render(
            request,
            state,
            _form(state, request=request) if state.get("playing") else None,
            notice=error or already or "Confirmed. Thank you!",
            status=409 if error else 200,
        )
        return _remember_confirmer(response, None if error else form)
    state = services.table_state(card=card)
    response = render(
        request,
        "tourney/table_page.html#status",
        dict(
            state,
            poll_seconds=POLL_SECONDS,
            confirm_error=error,
            confirmed=not error and not already,
            already_confirmed=already,
        ),
        status=409 if error else 200,
    )
    return _remember_confirmer(_phone_cookies(request, response), None if error else form)


def _remember_confirmer(response: HttpResponse, form: ConfirmForm | None) -> HttpResponse:
    """A phone that confirmed as a player is that player's phone from now on: its next
    score form starts with their name, and the live standings mark their row."""
    if form is not None:
        set_phone_cookie(response, NAME_COOKIE, str(form.cleaned_data["player"]))
    return response


@private
@require_GET
def table_player(request: HttpRequest, token: str, pk: int) -> HttpResponse:
    """A player's night so far, for the players seated at this table now. A while after
    the night ends (the event's table_history_days) the link shows only the standings:
    a card found weeks later must not open anyone's history."""
    card = _card(token)
    if not card.event.table_links_open_players():
        context = {"event": card.event, "token": token}
        return render(request, "tourney/table_player_closed.html", context, status=410)
    state = services.table_state(card=card)
    seat = next((s for s in state["seats"] if s.player_id == pk), None)
    if seat is None and state["over"]:
        # After the night, the card opens the night of anyone who sat at its table.
        seat = (
            Seat.objects.filter(round__event=card.event, table__number=card.number, player_id=pk)
            .select_related("player__person")
            .first()
        )
    if seat is None:
        raise Http404("That player is not at this table.")
    context = player_context(build_sheet(card.event), seat.player)
    context["token"] = token
    context["rating_change"] = rating_change(seat.player)
    if seat.player.person_id is not None:  # no contact, no links: the template is told so
        context["history"] = person_history(seat.player.person)
    return render(request, "tourney/player_detail.html", context)
