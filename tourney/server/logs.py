"""What the server's log says of a request refused with a 4xx: one line, no traceback.

Django logs a 403 it made from ``PermissionDenied`` (a helper whose role is too low, a
role taken back) with the exception attached, so the log printed a traceback for
every refusal the visitor was shown on the page. A 4xx is an answer, not a bug: the
warning line ("Forbidden (Permission denied): /events/.../seating/") says all there is.
A 5xx keeps its traceback.

Imports the standard library only.
"""

from __future__ import annotations

import logging


class RefusalsInOneLine(logging.Filter):
    """On ``django.request``: drop the exception from records of 4xx answers."""

    def filter(self, record: logging.LogRecord) -> bool:
        status = getattr(record, "status_code", None)
        if isinstance(status, int) and 400 <= status < 500:
            record.exc_info = None
            record.exc_text = None
        return True
