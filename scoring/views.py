"""Score pads: start a game, keep its sheet hand by hand on one phone, correct, undo, export.

Thin function views: a form reads what was typed, ``scoring.services`` saves it
after ``scoring.rules`` has accepted it, and the page is rendered again. With
htmx the hand form is swapped in place (``pad_detail.html#entry``) and the
board and sheet refresh themselves on the ``padChanged`` event; without
JavaScript every form is a normal POST.
"""

from __future__ import annotations

import io
from collections import defaultdict
from collections.abc import Sequence

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.http import HttpResponseClientRedirect, trigger_client_event

from scoring import exports, rules, services
from scoring.forms import HandForm, StartPadForm, UndoForm
from scoring.models import GameChoice, Hand, HandInput, Pad, PadSheet
from scoring.once import answered_once
from scoring.rules.tricks import (
    HAND_POINTS,
    PARTNERSHIP_BIDS,
    R42_OPENING_BID,
)
from scoring.tables import AFTER_GAME, pad_sheet_table

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
CHANGED = "padChanged"
GAME_BLURBS = {
    GameChoice.ROOK_FOR_TWO: "Two players and a Dummy, 44 cards, first to 150.",
    GameChoice.PARTNERSHIP: "Four players in two sides, partners across, first side to 1000.",
    GameChoice.PARTNERSHIP_5: "Five players; the bidder calls a partner; each keeps a score.",
}


def _pad(request: HttpRequest, pk: int) -> Pad:
    return get_object_or_404(Pad, pk=pk, owner=request.user)


def _who(request: HttpRequest) -> str:
    return request.user.get_username()


# -- list and start ---------------------------------------------------------------


@login_required
@require_GET
def pad_list(request: HttpRequest) -> HttpResponse:
    pads = Pad.objects.for_owner(request.user).prefetch_related("sides")
    games = [(choice, GAME_BLURBS[choice]) for choice in GameChoice]
    return render(request, "scoring/pad_list.html", {"pads": pads, "games": games})


@login_required
@require_http_methods(["GET", "POST"])
@answered_once
def pad_start(request: HttpRequest, game: str) -> HttpResponse:
    if game not in GameChoice.values:
        raise Http404("There is no such game to keep score for.")
    form = StartPadForm(request.POST or None, game_slug=game)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        pad = services.start_pad(
            owner=request.user,
            name=data["name"],
            game_slug=game,
            house_rules=data["house_rules"],
            players=data["players"],
            first_dealer=data["first_dealer"],
            side_names=data["side_names"],
        )
        messages.success(request, f"“{pad.name}” is ready: enter the first hand when it's played.")
        return redirect(pad)
    status = 422 if form.is_bound else 200
    return render(
        request,
        "scoring/pad_start.html",
        {"form": form, "game": GameChoice(game), "blurb": GAME_BLURBS[GameChoice(game)]},
        status=status,
    )


# -- the game page ---------------------------------------------------------------


def _places(
    pad: Pad, entry: HandInput | None, problems: Sequence[rules.Problem]
) -> tuple[dict[str, list[str]], list[str]]:
    """Each rules problem beside the field of the player or side it names; the rest on top."""
    if pad.is_two:
        keys = {player.name: f"player_{player.pk}" for player in pad.seats}
    elif pad.is_partnership and entry is not None and entry.bidder is not None:
        bidding = entry.bidder.side
        keys = {s.name: "taken" if s == bidding else "other_taken" for s in pad.scorers}
    elif pad.is_five and entry is not None:
        bidders = {p.pk for p in (entry.bidder, entry.partner) if p is not None}
        keys = {p.name: "taken" if p.pk in bidders else "other_taken" for p in pad.seats}
    else:
        keys = {}
    places: dict[str, list[str]] = defaultdict(list)
    general = []
    for problem in problems:
        found = sorted({keys[name] for name in problem.players if name in keys})
        for key in found:
            places[key].append(problem.message)
        if not found:
            general.append(problem.message)
    return dict(places), general


def _form_context(pad: Pad, form: HandForm | None, problems: Sequence[rules.Problem] = ()) -> dict:
    entry = getattr(form, "cleaned_data", {}).get("entry") if form is not None else None
    places, general = _places(pad, entry, problems)
    rows = []
    if form is not None and pad.is_two:
        for player, tricks, count in form.player_rows():
            messages_ = list(tricks.errors) + list(count.errors)
            messages_ += places.get(f"player_{player.pk}", [])
            rows.append({"player": player, "tricks": tricks, "count": count, "messages": messages_})
    return {
        "form": form,
        "rows": rows,
        "general_problems": general,
        "problems": list(problems),
        "taken_messages": places.get("taken", []),
        "other_messages": places.get("other_taken", []),
        "hand_points": HAND_POINTS,
        "bid_help": _bid_help(pad),
    }


def _bid_help(pad: Pad) -> str:
    """The bids the rules allow, in words beside the box (the rules check them)."""
    game = pad.game
    if isinstance(game, rules.RookForTwo):
        return (
            f"Opens at {R42_OPENING_BID} and rises by {game.raise_step}, up to {game.highest_bid}."
        )
    lowest, highest, step = PARTNERSHIP_BIDS
    return f"{lowest} to {highest}, in steps of {step}."


def _page_context(
    pad: Pad,
    *,
    form: HandForm | None = None,
    problems: Sequence[rules.Problem] = (),
    notice: str = "",
    notice_bad: bool = False,
) -> dict:
    sheet = pad.sheet()
    over = sheet.winner is not None
    if form is None and not over:
        form = HandForm(pad=pad, initial={"number": sheet.next_number})
    if over:
        form = None
    return {
        "pad": pad,
        "sheet": sheet,
        "table": pad_sheet_table(sheet),
        "undo_form": UndoForm(initial={"number": sheet.next_number - 1}),
        "notice": notice,
        "notice_bad": notice_bad,
        "action": reverse("scoring:hand_add", args=[pad.pk]),
        **_form_context(pad, form, problems),
    }


def _saved_notice(sheet: PadSheet, number: str) -> str:
    row = next((r for r in sheet.rows if str(r.hand.number) == number), None)
    return f"Saved. {row.summary()}" if row else ""


@login_required
@require_GET
def pad_detail(request: HttpRequest, pk: int) -> HttpResponse:
    pad = _pad(request, pk)
    context = _page_context(pad)
    context["notice"] = _saved_notice(context["sheet"], request.GET.get("saved", ""))
    return render(request, "scoring/pad_detail.html", context)


@login_required
@require_GET
def pad_board(request: HttpRequest, pk: int) -> HttpResponse:
    """The totals, leader and winner; refreshed by htmx whenever a hand is saved."""
    return _pad_partial(request, pk, "board")


@login_required
@require_GET
def pad_sheet(request: HttpRequest, pk: int) -> HttpResponse:
    """The sheet of hands; refreshed by htmx whenever a hand is saved."""
    return _pad_partial(request, pk, "sheet")


def _pad_partial(request: HttpRequest, pk: int, partial: str) -> HttpResponse:
    """One region of the pad's page, as htmx refreshes it."""
    pad = _pad(request, pk)
    return render(request, f"scoring/pad_detail.html#{partial}", _page_context(pad))


def _entry_response(
    request: HttpRequest, context: dict, status: int, *, changed: bool = False
) -> HttpResponse:
    """The hand form again: its region alone for htmx (site.js swaps a refusal's region
    in too), else the page."""
    if not request.htmx:
        return render(request, "scoring/pad_detail.html", context, status=status)
    response = render(request, "scoring/pad_detail.html#entry", context, status=status)
    return trigger_client_event(response, CHANGED) if changed else response


@login_required
@require_POST
@answered_once  # a double tap on "Save hand" gets the first tap's answer, not a 409
def hand_add(request: HttpRequest, pk: int) -> HttpResponse:
    pad = _pad(request, pk)
    form = HandForm(request.POST, pad=pad)
    if not form.is_valid():
        return _entry_response(request, _page_context(pad, form=form), 422)
    number = form.cleaned_data["number"]
    try:
        services.record_hand(
            pad,
            form.cleaned_data["entry"],
            number=number,
            entered_by=_who(request),
            user=request.user,
        )
    except rules.InvalidScore as exc:
        context = _page_context(pad, form=form, problems=exc.problems)
        return _entry_response(request, context, 422)
    except services.PadStateError as exc:
        pad = _pad(request, pk)
        context = _page_context(pad, notice=f"Not saved: {exc}", notice_bad=True)
        return _entry_response(request, context, 409, changed=True)
    pad = _pad(request, pk)
    if not request.htmx:
        response = redirect(reverse("scoring:pad_detail", args=[pad.pk]) + f"?saved={number}")
        response.status_code = 303
        return response
    context = _page_context(pad)
    context["notice"] = _saved_notice(context["sheet"], str(number))
    response = render(request, "scoring/pad_detail.html#entry", context)
    return trigger_client_event(response, CHANGED)


@login_required
@require_POST
def hand_undo(request: HttpRequest, pk: int) -> HttpResponse:
    pad = _pad(request, pk)
    form = UndoForm(request.POST)
    if not form.is_valid():
        messages.error(request, "Not undone: reload the page and try again.")
    else:
        number = form.cleaned_data["number"]
        try:
            services.undo_last_hand(pad, number=number, entered_by=_who(request), user=request.user)
        except services.PadStateError as exc:
            messages.error(request, f"Not undone: {exc}")
        else:
            messages.success(
                request,
                f"Hand {number} is off the sheet (kept in its history). "
                f"Enter hand {number} again when it's played.",
            )
    response = redirect(pad)
    response.status_code = 303
    return response


# -- one hand: history and correction -----------------------------------------------


def _hand_context(pad: Pad, number: int, form: HandForm | None, problems=()) -> dict:
    versions = list(
        pad.hands.filter(number=number)
        .select_related("bidder__side", "partner")
        .prefetch_related("scores__side")
        .order_by("-version")
    )
    if not versions:
        raise Http404("No such hand.")
    for version in versions:
        version.pad = pad
    current = next(v for v in versions if v.state == Hand.State.CURRENT)
    if form is None and not current.is_undone:
        form = HandForm.for_hand(current, pad=pad)
    if current.is_undone:
        form = None
    history = []
    for version in versions:
        by_side = {score.side_id: score for score in version.scores.all()}
        took = version.took_by_side() if not version.is_undone else {}
        cells = [(side, by_side.get(side.pk), took.get(side.pk)) for side in pad.scorers]
        history.append({"hand": version, "cells": cells})
    sheet = pad.sheet()
    after = any(row.hand.number == number for row in sheet.after_game)
    return {
        "pad": pad,
        "number": number,
        "decided_at": sheet.decided_at if after else None,
        "current": current,
        "history": history,
        "dealer": pad.dealer_of(number),
        "action": reverse("scoring:hand_correct", args=[pad.pk, number]),
        **_form_context(pad, form, problems),
    }


@login_required
@require_GET
def hand_detail(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    pad = _pad(request, pk)
    return render(request, "scoring/hand_detail.html", _hand_context(pad, number, None))


@login_required
@require_POST
def hand_correct(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    pad = _pad(request, pk)
    form = HandForm(request.POST, pad=pad)
    template = "scoring/hand_detail.html#entry" if request.htmx else "scoring/hand_detail.html"
    if not form.is_valid():
        context = _hand_context(pad, number, form)
        return render(request, template, context, status=422)
    try:
        services.correct_hand(
            pad,
            form.cleaned_data["entry"],
            number=number,
            based_on=form.cleaned_data["based_on"] or 0,
            entered_by=_who(request),
            user=request.user,
        )
    except rules.InvalidScore as exc:
        context = _hand_context(pad, number, form, exc.problems)
        return render(request, template, context, status=422)
    except services.PadStateError as exc:
        messages.error(request, f"Not saved: {exc}")
        url = reverse("scoring:hand_detail", args=[pad.pk, number])
        return HttpResponseClientRedirect(url) if request.htmx else redirect(url)
    messages.success(
        request, f"Hand {number} corrected; the earlier figures are kept in its history."
    )
    url = reverse("scoring:pad_detail", args=[pad.pk]) + f"#hand-{number}"
    if request.htmx:
        return HttpResponseClientRedirect(url)
    response = redirect(url)
    response.status_code = 303
    return response


# -- export -------------------------------------------------------------------------


def export_hands(sheet: PadSheet) -> list[exports.PadHand]:
    """The sheet in the shape ``scoring.exports`` takes."""
    hands = []
    for row in sheet.rows:
        hand = row.hand
        notes = []
        if hand.trump:
            notes.append(f"trump {hand.get_trump_display()}")
        if hand.all_tricks:
            notes.append(f"all tricks: {row.all_tricks_side}")
        if row.after_game:
            notes.append(AFTER_GAME + " (not counted)")
        hands.append(
            exports.PadHand(
                number=hand.number,
                dealer=row.dealer.name,
                bidder=hand.bidding_label,
                bid=hand.bid,
                made=row.made,
                took=tuple(cell.took for cell in row.cells),
                points=tuple(cell.points for cell in row.cells),
                note="; ".join(notes),
                counted=not row.after_game,
            )
        )
    return hands


@login_required
@require_GET
def pad_export(request: HttpRequest, pk: int, fmt: str) -> HttpResponse:
    pad = _pad(request, pk)
    sheet = pad.sheet()
    date = timezone.localdate(pad.created_at).isoformat()
    name = exports.filename(pad.name, date, "score-sheet", fmt)
    scorers = [side.name for side in sheet.scorers]
    hands = export_hands(sheet)
    if fmt == "csv":
        # A byte-order mark, so Excel on Windows reads "Sørensen" as UTF-8.
        body: bytes = exports.pad_csv(scorers=scorers, hands=hands).encode("utf-8-sig")
        content_type = "text/csv; charset=utf-8"
    else:
        workbook = exports.pad_workbook(
            pad.game,
            title=pad.name,
            date=date,
            scorers=scorers,
            hands=hands,
            winner=sheet.winner.name if sheet.winner else None,
        )
        buffer = io.BytesIO()
        workbook.save(buffer)
        body, content_type = buffer.getvalue(), XLSX
    response = HttpResponse(body, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response
