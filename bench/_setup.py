"""Shared set-up for the benchmark scripts: Django on a throwaway SQLite database."""

import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def django_with_scratch_db() -> None:
    """Configure Django on a fresh migrated SQLite file, so a benchmark never
    touches the real database."""
    sys.path.insert(0, str(ROOT))
    scratch = Path(tempfile.mkdtemp(prefix="rookery-bench-")) / "bench.sqlite3"
    os.environ["ROOKERY_SQLITE_PATH"] = str(scratch)
    os.environ.pop("DATABASE_URL", None)
    os.environ["DJANGO_SETTINGS_MODULE"] = "tests.settings"
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0)
