"""Deleting a host's account and everything in it, in one transaction.

Only the host's own rows are named: their events (with rounds, tables, seats,
score versions, players, table cards and seating plans), score pads, seasons,
roster, links and the account. Another host's records are never touched; if
anything still pointed at this host's roster from elsewhere, the database's
PROTECT would refuse and nothing at all would be deleted.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import ProtectedError, RestrictedError

from scoring.models import Pad
from tourney.models import Event, Round


class AccountError(Exception):
    """A deletion the site doesn't allow, said to the host."""


@transaction.atomic
def delete_host(*, user) -> None:
    User = get_user_model()
    user = User.objects.select_for_update().get(pk=user.pk)
    if user.is_superuser:
        others = User.objects.filter(is_superuser=True, is_active=True).exclude(pk=user.pk)
        if not others.exists():
            raise AccountError(
                "You are the only site admin: make another host a site admin first, "
                "so someone can still invite hosts."
            )
    try:
        # Seats and scores protect their players, so the rounds go before the events.
        Round.objects.filter(event__owner=user).delete()
        Event.objects.filter(owner=user).delete()
        Pad.objects.filter(owner=user).delete()
        user.delete()  # seasons, roster, sign-in links and the club's name go with it
    except (ProtectedError, RestrictedError) as error:
        # Raised inside the transaction, so everything deleted so far comes back.
        raise AccountError(
            "Some of your records are still used by another club, so nothing was deleted. "
            "Ask the site admin to look."
        ) from error
