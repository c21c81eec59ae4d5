"""The desk screen: a whole round typed from paper slips, one table block at a time.

Every table of the round is a small form of its own (the host's table form, with the
table's prefix); Enter saves that table through the same judging as the host's table
page (``rounds.save_host_scores``) and htmx swaps that block only, so what is typed in
the others stays. A table a phone entered shows its scores; saving them unchanged
confirms them for the desk (``services.confirm_at_desk``), a change is a correction.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET, require_POST

from tourney import services
from tourney.models import Entry, Event, GameTable, Round
from tourney.night.forms import HostScoresForm
from tourney.views.common import host_event, host_round
from tourney.views.rounds import error_summary, problems_by_player, save_host_scores

TEMPLATE = "tourney/round_desk.html"


def _form(table: GameTable, seats, current: Entry | None, data=None) -> HostScoresForm:
    initial = {
        f"p{pid}": pts for pid, pts in (current.points_by_player() if current else {}).items()
    }
    return HostScoresForm(data, seats=seats, initial=initial, prefix=f"t{table.number}")


def _block(
    event: Event,
    rnd: Round,
    table: GameTable,
    *,
    form: HostScoresForm | None = None,
    problems=(),
    needs_confirmation: bool = False,
    refusal: str = "",
    done: str = "",
) -> dict:
    """One table's block: its players in seat order, its fields and where it stands."""
    seats = list(table.seats.all())
    entries = list(
        table.entries.exclude(state=Entry.State.DISMISSED)
        .select_related("table")
        .prefetch_related("scores")
    )
    current = next((e for e in entries if e.state == Entry.State.CURRENT), None)
    form = form or _form(table, seats, current)
    by_player, general = problems_by_player(list(problems), seats)
    fields = [(form[f"p{s.player_id}"], s, by_player.get(s.player_id, [])) for s in seats]
    refused = bool(problems or needs_confirmation or refusal or (form.is_bound and form.errors))
    to_confirm = (
        current is not None
        and current.source == Entry.Source.PHONE
        and current.confirmed_at is None
        and not any(e.state == Entry.State.DISPUTED for e in entries)
    )
    return {
        "event": event,
        "round": rnd,
        "table": table,
        "form": form,
        "fields": fields,
        "summary": error_summary(fields, general) if refused else [],
        "refused": refused,
        "refusal": refusal,
        "needs_confirmation": needs_confirmation,
        "current": current,
        "disputes": [e for e in entries if e.state == Entry.State.DISPUTED],
        "to_confirm": to_confirm,
        "done": done,
        "playing": rnd.status == Round.Status.PLAYING,
    }


def _tables(rnd: Round):
    return rnd.tables.all()  # host_round prefetched the seats with their players, in order


@login_required
@require_GET
def round_desk(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    event = host_event(request, slug, need="score")
    rnd = host_round(event, number)
    blocks = [_block(event, rnd, t) for t in _tables(rnd)]
    waiting = next((b for b in blocks if b["current"] is None or b["to_confirm"]), None)
    if waiting is not None:
        waiting["autofocus"] = True
    return render(request, TEMPLATE, {"event": event, "round": rnd, "blocks": blocks})


@login_required
@require_POST
def desk_table(request: HttpRequest, slug: str, number: int, table: int) -> HttpResponse:
    """Save (or confirm) one table's scores from the desk; htmx gets that block back."""
    event = host_event(request, slug, need="score")
    rnd = host_round(event, number)
    gtable = get_object_or_404(_tables(rnd), number=table)
    seats = list(gtable.seats.select_related("player").order_by("position"))
    current = gtable.entries.filter(state=Entry.State.CURRENT).select_related("table").first()
    form = _form(gtable, seats, current, request.POST)
    block: dict
    if rnd.status != Round.Status.PLAYING:
        refusal = f"Round {rnd.number} is {rnd.get_phase_display().lower()}: nothing was saved."
        block = _block(event, rnd, gtable, form=form, refusal=refusal)
    elif _confirms(form, current, gtable):
        try:
            services.confirm_at_desk(current, user=request.user, version=current.version)
        except services.ConfirmError as exc:
            block = _block(event, rnd, gtable, form=form, refusal=str(exc))
        else:
            done = f"Confirmed: version {current.version}, as {current.author} entered it."
            block = _block(event, rnd, gtable, done=done)
    else:
        saved = save_host_scores(request, gtable, form, current)
        if saved.result is None:
            block = _block(
                event,
                rnd,
                gtable,
                form=form,
                problems=saved.problems,
                needs_confirmation=saved.needs_confirmation,
                refusal=saved.refusal,
            )
        else:
            block = _block(event, rnd, gtable, done=_saved_words(saved.result))
    status = 200
    if block["refusal"]:
        status = 409
    elif block["refused"]:
        status = 422
    if request.htmx:
        return render(request, TEMPLATE + "#table", {"block": block}, status=status)
    if status == 200:
        messages.success(request, f"Table {table}: {block['done']}")
        return redirect("round_desk", slug=slug, number=number)
    blocks = [block if t.pk == gtable.pk else _block(event, rnd, t) for t in _tables(rnd)]
    context = {"event": event, "round": rnd, "blocks": blocks}
    return render(request, TEMPLATE, context, status=status)


def _confirms(form: HostScoresForm, current: Entry | None, table: GameTable) -> bool:
    """Saving a phone's unconfirmed scores unchanged, with no dispute open, confirms them."""
    if current is None or current.source != Entry.Source.PHONE or current.confirmed_at:
        return False
    if not form.is_valid() or table.entries.filter(state=Entry.State.DISPUTED).exists():
        return False
    points = {pid: p for pid, p in form.points().items() if p is not None}
    return current.same_scores_as(points)


def _saved_words(result: services.SubmitResult) -> str:
    if result.outcome == "same":
        return f"unchanged (version {result.entry.version}); any dispute is settled."
    return f"saved as version {result.entry.version}."
