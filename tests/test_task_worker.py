"""The task queue's worker beside the server (`make run`, `make night`): started again
when it stops on its own, so a killed worker doesn't leave every later seating waiting
for "Seat here instead"; left stopped, saying so, when it can't stay up."""

import subprocess
import sys
import time

from tourney.server.serve import TaskWorker

SLEEPER = [sys.executable, "-c", "import time; time.sleep(60)"]


def wait_for(check, seconds=10.0):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if check():
            return True
        time.sleep(0.05)
    return False


def test_a_killed_worker_is_started_again_and_stopped_with_the_server(monkeypatch, capsys):
    monkeypatch.setattr(TaskWorker, "CHECK_EVERY", 0.05)
    worker = TaskWorker(SLEEPER)
    try:
        first = worker.process
        first.kill()
        first.wait()
        assert wait_for(lambda: worker.process is not first and worker.process.poll() is None)
        assert "The task queue's worker stopped (exit -9); starting it again." in (
            capsys.readouterr().out
        )
    finally:
        worker.stop()
    assert worker.process.poll() is not None  # stopped with the server, not started again
    time.sleep(0.2)
    assert worker.process.poll() is not None


def test_a_worker_that_cannot_stay_up_is_left_stopped_saying_so(monkeypatch, capsys):
    monkeypatch.setattr(TaskWorker, "CHECK_EVERY", 0.05)
    worker = TaskWorker([sys.executable, "-c", "raise SystemExit(3)"])
    try:
        assert wait_for(lambda: not worker.watcher.is_alive())
        out = capsys.readouterr().out
        assert out.count("starting it again") == TaskWorker.RESTARTS
        assert "stopped 5 times in a minute" in out and "it is left stopped" in out
    finally:
        worker.stop()
    assert isinstance(worker.process, subprocess.Popen)
