"""Settings for the test suite: the real settings, with fast password hashing
and static files served from the finders (no collectstatic needed)."""

from tourney.settings import *  # noqa: F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = True
ALLOWED_HOSTS = ["*"]

# A file database for tests (not SQLite's shared in-memory one), so tests with
# several threads meet the same WAL locking and busy timeout as production.
if "sqlite" in DATABASES["default"]["ENGINE"]:  # noqa: F405
    DATABASES["default"]["TEST"] = {"NAME": str(BASE_DIR / ".test-db.sqlite3")}  # noqa: F405

# Tasks run at once, in the request, unless a test is about the queue itself
# (tests/tourney/test_seating_queue.py runs the database backend with a real worker).
TASKS = {"default": {"BACKEND": "django.tasks.backends.immediate.ImmediateBackend"}}

# The live page builds each new version at once (views.live): tests that save then poll
# see the save; tests/tourney/test_live_standings.py sets a window where it is the subject.
ROOKERY_LIVE_FRESH_SECONDS = 0
