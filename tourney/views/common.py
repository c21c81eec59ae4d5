"""What every host page needs first: the signed-in host's event, and one of its rounds."""

from __future__ import annotations

from django.http import HttpRequest
from django.shortcuts import get_object_or_404

from tourney.models import Event, Round


def host_event(request: HttpRequest, slug: str) -> Event:
    return get_object_or_404(Event, slug=slug, owner=request.user)


def host_round(event: Event, number: int) -> Round:
    return get_object_or_404(event.rounds.with_tables(), number=number)
