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

import datetime
import re
import time
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


def answered_once(view=None, *, atomic: bool = True):
    """Run ``view`` once per form token. A POST whose token was already used (a double
    tap, a resend) gets the first request's redirect and messages; one sent while the
    first is still running waits on the token's unique row, then gets the same. A POST
    without a token (an old page) runs as before. An answer that is not a redirect (the
    form was refused) frees the token, so the corrected form can be sent.

    ``@answered_once(atomic=False)`` is for a view that hands its work to the task queue
    and waits for it (seating): the worker sees nothing the request has not committed,
    so the view must not run inside the token's transaction (it would wait its whole
    second for a job nobody can see, holding SQLite's write lock). The token is claimed
    in a commit of its own first; a second request with it waits for the first one's
    answer by polling, as the first answers within seconds."""
    if view is None:
        return lambda v: answered_once(v, atomic=atomic)

    @wraps(view)
    def wrapper(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        token = request.POST.get(FIELD, "") if request.method == "POST" else ""
        if not TOKEN.fullmatch(token) or not request.user.is_authenticated:
            return view(request, *args, **kwargs)
        if (earlier := _earlier_answer(request, token)) is not None:
            return earlier
        if not atomic:
            return _claimed_then_run(view, request, token, *args, **kwargs)
        try:
            with transaction.atomic():
                sent = FormSubmission.objects.create(owner=request.user, token=token)
                response = view(request, *args, **kwargs)
                _keep_answer(request, sent, response)
        except IntegrityError:
            # Another request with this token committed first (we waited for it here).
            if (earlier := _earlier_answer(request, token)) is None:
                raise
            return earlier
        _forget_old()
        return response

    return wrapper


# How long a second request with a token waits for the first one's answer (non-atomic).
WAIT_FOR_FIRST = 15.0
# A claim still unanswered after this long was abandoned (its process stopped mid-request).
ABANDONED_AFTER = datetime.timedelta(seconds=60)


def _claimed_then_run(view, request: HttpRequest, token: str, *args, **kwargs) -> HttpResponse:
    deadline = time.monotonic() + WAIT_FOR_FIRST
    while True:
        # A claim never answered long after (its process stopped mid-request) is let go.
        FormSubmission.objects.filter(
            owner=request.user,
            token=token,
            url="",
            created_at__lt=timezone.now() - ABANDONED_AFTER,
        ).delete()
        try:
            with transaction.atomic():
                sent = FormSubmission.objects.create(owner=request.user, token=token)
            break
        except IntegrityError:
            pass  # the first request with this token is still running: wait for its answer
        while time.monotonic() < deadline:
            if (earlier := _earlier_answer(request, token)) is not None:
                return earlier
            if not FormSubmission.objects.filter(owner=request.user, token=token).exists():
                break  # the first was refused and freed the token: this one runs
            time.sleep(0.1)
        if time.monotonic() >= deadline:
            return HttpResponse(
                "This form is still being sent from another tap. Wait a moment, then open "
                "the page again.",
                status=409,
                content_type="text/plain; charset=utf-8",
            )
    try:
        response = view(request, *args, **kwargs)
    except BaseException:
        sent.delete()
        raise
    _keep_answer(request, sent, response)
    _forget_old()
    return response


def _keep_answer(request: HttpRequest, sent: FormSubmission, response: HttpResponse) -> None:
    if response.status_code in REDIRECTS:
        sent.url = response["Location"]
        sent.messages = _shown_messages(request)
        sent.save(update_fields=["url", "messages"])
    else:
        sent.delete()


def _forget_old() -> None:
    FormSubmission.objects.filter(created_at__lt=timezone.now() - FormSubmission.KEEP).delete()
