"""The /join table-code limit holds when wrong codes arrive all at once.

Sixty phones (or one script) from one address send wrong codes in the same
instant, each in its own thread with its own database connection: at most ten
are checked against the cards, the rest are told to wait. Runs on SQLite and, in
CI's PostgreSQL phase, on PostgreSQL.
"""

import threading

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse

from tourney.models import CODE_ALPHABET, JoinAttempt

BURST = 60
LIMIT = JoinAttempt.LIMIT


@pytest.mark.django_db(transaction=True)
def test_a_parallel_burst_of_wrong_codes_gets_at_most_the_limit_of_tries():
    if connection.vendor == "sqlite" and connection.settings_dict["NAME"].startswith("file:"):
        pytest.skip("needs a file database shared between threads")
    barrier = threading.Barrier(BURST)
    answers: list[tuple[int, str]] = []
    lock = threading.Lock()

    def guess(n: int) -> None:
        from django.db import connections

        phone = Client(REMOTE_ADDR="192.168.1.66")
        code = f"{CODE_ALPHABET[n % 32]}{CODE_ALPHABET[n // 32]}345678"
        try:
            barrier.wait()
            response = phone.post(reverse("join"), {"code": code})
            with lock:
                answers.append((response.status_code, response.content.decode()))
        finally:
            connections.close_all()

    threads = [threading.Thread(target=guess, args=(n,)) for n in range(BURST)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(answers) == BURST
    tried = [body for status, body in answers if status == 200 and "No table has the code" in body]
    waited = [body for status, body in answers if status == 429]
    assert 1 <= len(tried) <= LIMIT, f"{len(tried)} wrong codes were checked"
    assert len(tried) + len(waited) == BURST
    assert all("Too many wrong codes from this phone" in body for body in waited)
    assert JoinAttempt.objects.filter(ip="192.168.1.66").count() == len(tried)
    # Another phone in the hall is not held up by this one.
    other = Client(REMOTE_ADDR="192.168.1.40").post(reverse("join"), {"code": "2345-6789"})
    assert other.status_code == 200
    assert "No table has the code 2345-6789" in other.content.decode()
