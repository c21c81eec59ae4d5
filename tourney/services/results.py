"""After the night: each rostered player with an email address is sent their result.

The host's click queues ``send_night_results`` (Django's task framework, the same
queue as seating, ``jobs``) and answers at once; the task reads the master sheet
(``night.sheet.build_sheet``, the numbers every page shows) and sends one message
per player. Each player is claimed before their message goes (``result_emailed_at``
set where it is still empty, one statement), so two clicks, two workers or a retry
never send anyone their result twice; a message that fails is unclaimed again.

May import tourney.models, tourney.night and .common.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from django.conf import settings
from django.core.mail import send_mail
from django.db.models import Q
from django.tasks import task
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone

from tourney.club.ratings import club_ratings
from tourney.models import Event, Player, Seat
from tourney.night.live import rating_change
from tourney.night.sheet import build_sheet

from .common import RoundStateError

log = logging.getLogger(__name__)


def email_configured() -> bool:
    """Whether this server can send email (EMAIL_URL or EMAIL_HOST set: see settings)."""
    return settings.ROOKERY_EMAIL


def _with_address(event: Event):
    return event.players.filter(person__isnull=False).exclude(
        Q(person__email="") | Q(person__email__isnull=True)
    )


@dataclass(frozen=True)
class ResultMailing:
    """Who the night's results go to: players with an address, and how many have theirs."""

    with_address: int
    sent: int

    @property
    def to_send(self) -> int:
        return self.with_address - self.sent


def result_mailing(event: Event) -> ResultMailing:
    players = _with_address(event)
    return ResultMailing(
        with_address=players.count(), sent=players.filter(result_emailed_at__isnull=False).count()
    )


def queue_night_results(*, event: Event, site: str) -> ResultMailing:
    """Queue the night's results for every player not sent theirs yet; ``site`` starts
    the links in the messages (the address phones use)."""
    if not email_configured():
        raise RoundStateError("Email isn't set up on this server, so results can't be sent.")
    if not event.is_over():
        raise RoundStateError("The night isn't over yet: send the results once it ends.")
    mailing = result_mailing(event)
    if mailing.to_send:
        send_night_results.enqueue(event.pk, site)
    return mailing


@task()
def send_night_results(event_id: int, site: str) -> int:
    """Send each player with an address, not sent theirs yet, their night's result."""
    event = Event.objects.select_related("owner").get(pk=event_id)
    sheet = build_sheet(event)
    rows = {row.player.pk: row for row in sheet.rows}
    ratings = club_ratings(event.owner)  # once for the night, not once a player
    sent = 0
    for player in (
        _with_address(event).filter(result_emailed_at__isnull=True).select_related("person")
    ):
        row = rows.get(player.pk)
        if row is None:  # on the roster tonight but never played: no result to send
            continue
        claimed = Player.objects.filter(pk=player.pk, result_emailed_at__isnull=True).update(
            result_emailed_at=timezone.now()
        )
        if not claimed:
            continue  # another worker has this one
        try:
            _send_one(event, sheet, row, player, site, ratings)
        except Exception:
            Player.objects.filter(pk=player.pk).update(result_emailed_at=None)
            log.exception("result email to player %s of event %s failed", player.pk, event.pk)
            continue
        sent += 1
    return sent


def _send_one(event: Event, sheet, row, player: Player, site: str, ratings) -> None:
    context = {
        "event": event,
        "sheet": sheet,
        "row": row,
        "player": player,
        "field": len(sheet.rows),
        "rounds": [
            (info, cell) for info, cell in zip(sheet.rounds, row.cells, strict=False) if cell
        ],
        "night_url": _own_night_url(event, player, site),
        "live_url": site + reverse("live_standings", args=[event.live_token])
        if event.live_standings
        else "",
        "rating_change": rating_change(player, ratings),
    }
    body = render_to_string("tourney/email/night_result.txt", context)
    subject = f"{event.name}: your result"
    send_mail(subject, body, None, [player.person.email])


def _own_night_url(event: Event, player: Player, site: str) -> str:
    """The player's own night, from the card of the last table they sat at (it opens
    for the event's table_history_days after the night)."""
    seat = (
        Seat.objects.filter(round__event=event, player=player)
        .select_related("table")
        .order_by("-round__number")
        .first()
    )
    card = event.table_cards.filter(number=seat.table.number).first() if seat else None
    if card is None:
        return ""
    return site + reverse("table_player", args=[card.token, player.pk])
