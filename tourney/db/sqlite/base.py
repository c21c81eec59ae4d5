"""Django's SQLite backend, with this process's write transactions taking turns in it.

Every ``transaction.atomic`` block begins ``BEGIN IMMEDIATE`` (settings.SQLITE_OPTIONS),
so writers queue for SQLite's one write lock instead of failing. SQLite's own queue is
a busy handler that sleeps and tries again, 1, 2, 5, ... up to 100 ms at a time: a
writer that has waited a while sleeps 100 ms between tries, may wake just after the
lock was taken again, and a newcomer can get in first. With 30 tables saving in the same
few seconds, the last phones waited many such sleeps. Here the threads of one server
process take turns on a lock of their own first, which hands over the moment the
holder commits or rolls back, so only the server's few processes meet in SQLite's busy
handler. PostgreSQL queues row locks itself and does not use this backend.
"""

from __future__ import annotations

import threading

from django.db.backends.sqlite3 import base

_writing = threading.Lock()


class DatabaseWrapper(base.DatabaseWrapper):
    _holds_turn = False

    def _start_transaction_under_autocommit(self):
        _writing.acquire()
        self._holds_turn = True
        try:
            super()._start_transaction_under_autocommit()
        except BaseException:
            self._end_turn()
            raise

    def _end_turn(self) -> None:
        if self._holds_turn:
            self._holds_turn = False
            _writing.release()

    def _commit(self):
        try:
            return super()._commit()
        finally:
            self._end_turn()

    def _rollback(self):
        try:
            return super()._rollback()
        finally:
            self._end_turn()

    def _close(self):
        try:
            return super()._close()
        finally:
            self._end_turn()
