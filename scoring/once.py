"""Create forms answered once: a double tap on "Create" makes one object.

A create form carries a one-time token in a hidden field (``{% once_field %}``).
The view, wrapped in ``@answered_once``, claims the token in the same transaction
that makes the object; the database's unique token makes a second request with the
same token wait for the first and then get the first one's answer (its redirect and
its message), never a second object or a 500. Below both ``tourney`` and ``scoring``,
so both use it; it imports neither.
Lives in `scoring` beside formfields.py (what both apps use lives below both: scoring
never imports tourney).
"""

from __future__ import annotations

import re
from functools import wraps

from django.contrib import messages
from django.db import IntegrityError, transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils import timezone

from scoring.models import FormSubmission

FIELD = "once"
TOKEN = re.compile(r"[A-Za-z0-9_-]{16,64}")
REDIRECTS = {301, 302, 303, 307, 308}


def _earlier_answer(request: HttpRequest, token: str) -> HttpResponse | None:
    sent = FormSubmission.objects.filter(owner=request.user, token=token).first()
    if sent is None or not sent.url:
        return None
    for level, text in sent.messages:
        messages.add_message(request, level, text)
    return redirect(sent.url)


def _shown_messages(request: HttpRequest) -> list[tuple[int, str]]:
    storage = messages.get_messages(request)
    shown = [(m.level, str(m.message)) for m in storage]
    storage.used = False  # listing them here must not stop the next page showing them
    return shown


def answered_once(view):
    """Run ``view`` once per form token. A POST whose token was already used (a double
    tap, a resend) gets the first request's redirect and messages; one sent while the
    first is still running waits on the token's unique row, then gets the same. A POST
    without a token (an old page) runs as before. An answer that is not a redirect (the
    form was refused) frees the token, so the corrected form can be sent."""

    @wraps(view)
    def wrapper(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        token = request.POST.get(FIELD, "") if request.method == "POST" else ""
        if not TOKEN.fullmatch(token) or not request.user.is_authenticated:
            return view(request, *args, **kwargs)
        if (earlier := _earlier_answer(request, token)) is not None:
            return earlier
        try:
            with transaction.atomic():
                sent = FormSubmission.objects.create(owner=request.user, token=token)
                response = view(request, *args, **kwargs)
                if response.status_code in REDIRECTS:
                    sent.url = response["Location"]
                    sent.messages = _shown_messages(request)
                    sent.save(update_fields=["url", "messages"])
                else:
                    sent.delete()
        except IntegrityError:
            # Another request with this token committed first (we waited for it here).
            if (earlier := _earlier_answer(request, token)) is None:
                raise
            return earlier
        FormSubmission.objects.filter(created_at__lt=timezone.now() - FormSubmission.KEEP).delete()
        return response

    return wrapper
