"""SQLite write transactions take turns within a server process (tourney/db/sqlite): many
threads writing at once all land, a failed transaction hands the turn on, and a
connection closed mid-transaction does too."""

import threading

import pytest
from django.contrib.auth.models import Group
from django.db import connection, connections, transaction

from tourney.db.sqlite import base

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        "sqlite" not in connection.settings_dict["ENGINE"], reason="the SQLite backend's own"
    ),
]


def turn_is_free() -> bool:
    if base._writing.acquire(blocking=False):
        base._writing.release()
        return True
    return False


def test_eight_threads_writing_at_once_all_land_and_the_turn_is_free_after():
    barrier = threading.Barrier(8)
    problems = []

    def writer(n: int) -> None:
        try:
            barrier.wait(timeout=10)
            for i in range(10):
                with transaction.atomic():
                    Group.objects.create(name=f"writer {n} row {i}")
                    Group.objects.filter(name=f"writer {n} row {i}").update(name=f"w{n}-{i}")
        except Exception as exc:
            problems.append(f"thread {n}: {exc!r}")
        finally:
            connections.close_all()

    threads = [threading.Thread(target=writer, args=(n,)) for n in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    assert problems == []
    written = Group.objects.filter(name__startswith="w").values_list("name", flat=True)
    assert sorted(written) == sorted(f"w{n}-{i}" for n in range(8) for i in range(10))
    assert turn_is_free()


def save_then_fail() -> None:
    with transaction.atomic():
        Group.objects.create(name="never kept")
        raise ValueError("a rule refused it half-way")


def test_a_failed_transaction_hands_the_turn_on():
    with pytest.raises(ValueError, match="half-way"):
        save_then_fail()
    assert turn_is_free()
    assert not Group.objects.filter(name="never kept").exists()
    with transaction.atomic():  # and the next one begins at once
        Group.objects.create(name="kept")
    assert Group.objects.filter(name="kept").exists()


def test_a_connection_closed_in_a_transaction_hands_the_turn_on():
    with transaction.atomic():
        Group.objects.create(name="left open")
        assert not turn_is_free()
        connection.close()  # a server thread's connection dropped mid-save
        assert turn_is_free()
    assert not Group.objects.filter(name="left open").exists()
