"""What two app servers must agree on is never kept in one server's memory (issue 30).

tests/test_two_servers.py shows it with two real servers on PostgreSQL; these check
the pieces on any database: the settings that keep state in the database, and the
seating planner's in-process memo, which may only ever give the answer every other
process would.
"""

import json
import os
import subprocess
import sys

from django.conf import settings
from django.core.cache import cache

from tests.liveserver import ROOT

PLAN = """
import json
from tourney.seating import plan_night
plans = plan_night(list(range(1, 31)), rounds=4, min_size=3, max_size=5, preferred=4,
                   seed="event-7|night", effort=0.2, prior={frozenset((1, 2)): 3})
print(json.dumps([p.tables for p in plans]))
"""


def test_a_night_plan_is_the_same_in_every_process():
    """The planner's lru_cache is only a memo: two processes (different hash seeds, as
    two servers have) plan the same night alike, so a cached plan never differs."""
    plans = []
    for seed in ("1", "2"):
        env = dict(os.environ, PYTHONHASHSEED=seed, PYTHONPATH=str(ROOT))
        out = subprocess.run(
            [sys.executable, "-c", PLAN],
            env=env,
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=120,
            check=True,
        )
        plans.append(json.loads(out.stdout))
    assert plans[0] == plans[1]
    assert len(plans[0]) == 4


def test_sessions_and_sign_in_limits_are_rows_and_nothing_is_cached_in_memory():
    assert settings.SESSION_ENGINE == "django.contrib.sessions.backends.db"
    assert settings.AXES_HANDLER == "axes.handlers.database.AxesDatabaseHandler"
    cache.set("seen", "on this server")
    assert cache.get("seen") is None  # no per-process cache answers differently
