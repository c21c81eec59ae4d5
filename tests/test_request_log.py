"""The server's log of refused requests (tourney.server.logs): a helper refused a page
their role doesn't reach is one warning line, with no traceback; a 500 keeps its
traceback. Read from the console handler settings.LOGGING configures."""

from __future__ import annotations

import io
import logging
from contextlib import contextmanager

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import UserFactory, night
from tourney.accounts import roles


@contextmanager
def console_log():
    """What settings.LOGGING's console handler writes meanwhile."""
    [console] = [h for h in logging.getLogger().handlers if h.name == "console"]
    written = io.StringIO()
    before = console.setStream(written)
    try:
        yield written
    finally:
        console.setStream(before)


@pytest.mark.django_db
def test_a_helper_refused_for_their_role_is_one_warning_line_without_a_traceback(host):
    event = night(4, owner=host)
    desk = UserFactory(username="dora-desk", is_superuser=False, is_staff=False)
    roles.grant(club=host, user=desk, level="desk", event=event, by=host)
    phone = Client()
    phone.force_login(desk)
    seating = reverse("event_seating", args=[event.slug])
    with console_log() as log:
        refused = phone.get(seating)
    assert refused.status_code == 403
    assert log.getvalue().splitlines() == [f"Forbidden (Permission denied): {seating}"]


def test_a_server_error_keeps_its_traceback():
    with console_log() as log:
        try:
            raise RuntimeError("a bug")
        except RuntimeError as exc:
            logging.getLogger("django.request").error(
                "Internal Server Error: %s", "/x/", exc_info=exc, extra={"status_code": 500}
            )
    assert "Traceback (most recent call last)" in log.getvalue()
    assert "RuntimeError: a bug" in log.getvalue()
