"""CPU time per request, for `make loadtest` (off unless ROOKERY_CPU_LOG names a file).

Each request's own thread CPU time (``time.thread_time``: what this thread ran,
not the wall clock a busy shared machine stretches) and its database queries are
appended to the file as one line, ``METHOD path status cpu_ms queries wall_ms`` (the
wall time in Django, which takes in waiting: for the GIL, a database lock, a query). One
``write`` of a short line to a file opened for appending lands whole, so every
worker process of every server can share one file. The load test sorts the lines
into request types and adds the share of the server's own work (HTTP, the event
loop) that it reads from the processes' CPU time in /proc.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable

from django.db import connections
from django.http import HttpRequest, HttpResponse


class QueryCounter:
    """Counts the queries run through a connection (a ``connection.execute_wrapper``)."""

    def __init__(self) -> None:
        self.count = 0

    def __call__(self, execute, sql, params, many, context):
        self.count += 1
        return execute(sql, params, many, context)


def cpu_log(
    get_response: Callable[[HttpRequest], HttpResponse],
) -> Callable[[HttpRequest], HttpResponse]:
    path = os.environ.get("ROOKERY_CPU_LOG", "")
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600) if path else None

    def middleware(request: HttpRequest) -> HttpResponse:
        if fd is None:
            return get_response(request)
        counter = QueryCounter()
        start, wall = time.thread_time(), time.perf_counter()
        with connections["default"].execute_wrapper(counter):
            response = get_response(request)
        cpu_ms = (time.thread_time() - start) * 1000
        wall_ms = (time.perf_counter() - wall) * 1000
        line = f"{request.method} {request.path} {response.status_code} {cpu_ms:.3f}"
        os.write(fd, f"{line} {counter.count} {wall_ms:.3f}\n".encode())
        return response

    return middleware
