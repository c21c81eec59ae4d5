"""Rookery settings, read from the environment.

Every value a deployment changes comes from an environment variable (listed in
``.env.example``) so the same code runs on a laptop, in CI and on a public server.
"""

import datetime
import os
from pathlib import Path
from urllib.parse import urlsplit

import dj_database_url
import dj_email_url
from django.utils.csp import CSP

from tourney.server.network import public_url

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool = False) -> bool:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str = "") -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


DEBUG = env_bool("DJANGO_DEBUG", False)

# Without DJANGO_SECRET_KEY a development key is used; its "django-insecure-"
# prefix makes `manage.py check --deploy` fail, so it cannot slip into production.
SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY") or (
    "django-insecure-rookery-development-key-not-for-production"
)

ALLOWED_HOSTS = env_list("DJANGO_ALLOWED_HOSTS", "localhost,127.0.0.1,[::1]")
CSRF_TRUSTED_ORIGINS = env_list("DJANGO_CSRF_TRUSTED_ORIGINS")

# The address phones and printed cards use: `https://rook.example.org` on a
# club's server, `http://192.168.1.23:8000` in a hall (`make night` sets it).
# Its host is allowed and its origin trusted without listing them again.
ROOKERY_URL = public_url(os.environ.get("ROOKERY_URL", ""))
if ROOKERY_URL:
    ROOKERY_HOST = urlsplit(ROOKERY_URL).hostname
    ALLOWED_HOSTS.append(f"[{ROOKERY_HOST}]" if ":" in ROOKERY_HOST else ROOKERY_HOST)
    CSRF_TRUSTED_ORIGINS.append(ROOKERY_URL)

INSTALLED_APPS = [
    "tourney.admin_site.RookeryAdminConfig",  # django.contrib.admin, superusers only
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_htmx",
    "django_tables2",
    "health_check",
    "axes",
    "django_tasks_db",
    "tourney",
    "scoring",
]

MIDDLEWARE = [
    "tourney.server.middleware.secure_cookies",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "tourney.server.middleware.private_host_pages",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "tourney.server.middleware.too_big",
    "tourney.server.middleware.friendly_405",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # Last, as django-axes asks: it turns a locked-out sign-in into the lockout page.
    "axes.middleware.AxesMiddleware",
]

# `make loadtest` measures each request's CPU time (tourney.server.cpu): outermost, so
# it counts every other middleware too.
if os.environ.get("ROOKERY_CPU_LOG"):
    MIDDLEWARE.insert(0, "tourney.server.cpu.cpu_log")

ROOT_URLCONF = "tourney.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "tourney.views.common.can",
            ],
        },
    },
]

WSGI_APPLICATION = "tourney.wsgi.application"
ASGI_APPLICATION = "tourney.asgi.application"

# SQLite by default, in WAL mode with a busy timeout and IMMEDIATE transactions,
# so many phones writing at once queue for the write lock instead of failing
# with "database is locked". DATABASE_URL switches to PostgreSQL.
SQLITE_PATH = Path(os.environ.get("ROOKERY_SQLITE_PATH", BASE_DIR / "db.sqlite3"))
DATABASE_URL = os.environ.get("DATABASE_URL", "")
SQLITE_OPTIONS = {
    "timeout": 20,
    "transaction_mode": "IMMEDIATE",
    "init_command": (
        "PRAGMA journal_mode=WAL;"
        "PRAGMA synchronous=NORMAL;"
        "PRAGMA busy_timeout=20000;"
        "PRAGMA foreign_keys=ON;"
    ),
}
# Each server thread keeps its SQLite connection: opening one (the file, the pragmas
# above, the functions Django registers on it) cost a poll 2 ms of its 2.7 ms of CPU.
SQLITE_CONN_MAX_AGE = int(os.environ.get("DJANGO_CONN_MAX_AGE", "600"))
# Django's SQLite backend, whose write transactions take turns within a process first
# (tourney/db/sqlite/base.py says why).
SQLITE_ENGINE = "tourney.db.sqlite"
if DATABASE_URL:
    DATABASES = {
        "default": dj_database_url.parse(
            DATABASE_URL, conn_max_age=int(os.environ.get("DJANGO_CONN_MAX_AGE", "60"))
        )
    }
    # ROOKERY_DB_POOL=N: each server process keeps a pool of up to N PostgreSQL
    # connections (Django's own, psycopg_pool), shared by its threads, instead of one
    # connection per thread kept DJANGO_CONN_MAX_AGE seconds. bench/loadtest.py
    # --pool measures both; see the note in issue 30 for which won.
    pool = int(os.environ.get("ROOKERY_DB_POOL", "0") or 0)
    if pool and DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
        DATABASES["default"]["CONN_MAX_AGE"] = 0
        DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
            "min_size": 1,
            "max_size": pool,
            "timeout": 10,
        }
    if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
        # A SQLite file named by URL queues for the write lock like the default one.
        DATABASES["default"]["CONN_MAX_AGE"] = SQLITE_CONN_MAX_AGE
        DATABASES["default"]["OPTIONS"] = dict(SQLITE_OPTIONS)
        DATABASES["default"]["ENGINE"] = SQLITE_ENGINE
else:
    DATABASES = {
        "default": {
            "ENGINE": SQLITE_ENGINE,
            "NAME": SQLITE_PATH,
            "OPTIONS": dict(SQLITE_OPTIONS),
            "CONN_MAX_AGE": SQLITE_CONN_MAX_AGE,
        }
    }

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# App servers share nothing but the database (issue 30): sessions (Django's database
# sessions), sign-in limits (django-axes' database handler), wrong table codes
# (JoinAttempt), one-time links, the task queue and night plans are all rows in it.
# No cache: one in a process's memory (Django's default) would answer differently on
# each server, so anything that reaches for Django's cache gets nothing kept.
CACHES = {"default": {"BACKEND": "django.core.cache.backends.dummy.DummyCache"}}
SESSION_ENGINE = "django.contrib.sessions.backends.db"

# Seating a big night takes seconds: the host's request hands it to Django's task
# framework, stored in this same database (django-tasks-db), and a worker process
# started beside the server (tourney.server.serve) plans it.
TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}


# Email, for sending players their night's result and for "forgot password" (Django's
# reset views; without email the sign-in page says to ask the site admin): none unless
# configured, by EMAIL_URL (dj-email-url: smtp://user:password@host:587/?tls=True, console://) or
# by Django's usual EMAIL_HOST, EMAIL_PORT, EMAIL_HOST_USER, EMAIL_HOST_PASSWORD,
# EMAIL_USE_TLS / EMAIL_USE_SSL. Either becomes Django 6.1's MAILERS["default"]
# (the EMAIL_* settings themselves are deprecated); without either, no mailer is
# set, nothing is sent and the host's Email button is explained instead. (An empty
# MAILERS or a dummy mailer would fail the deploy checks.)
def email_mailers() -> dict:
    url = os.environ.get("EMAIL_URL", "")
    if url:
        conf = dj_email_url.parse(url)
    elif os.environ.get("EMAIL_HOST"):
        conf = {
            "EMAIL_BACKEND": "django.core.mail.backends.smtp.EmailBackend",
            "EMAIL_HOST": os.environ["EMAIL_HOST"],
            "EMAIL_PORT": int(os.environ.get("EMAIL_PORT", "25")),
            "EMAIL_HOST_USER": os.environ.get("EMAIL_HOST_USER", ""),
            "EMAIL_HOST_PASSWORD": os.environ.get("EMAIL_HOST_PASSWORD", ""),
            "EMAIL_USE_TLS": env_bool("EMAIL_USE_TLS", False),
            "EMAIL_USE_SSL": env_bool("EMAIL_USE_SSL", False),
            "EMAIL_TIMEOUT": 30,
        }
    else:
        return {}
    backend = conf["EMAIL_BACKEND"]
    options: dict = {}
    if backend.endswith(".smtp.EmailBackend"):
        options = {
            "host": conf["EMAIL_HOST"],
            "port": conf["EMAIL_PORT"],
            "username": conf["EMAIL_HOST_USER"],
            "password": conf["EMAIL_HOST_PASSWORD"],
            "use_tls": conf["EMAIL_USE_TLS"],
            "use_ssl": conf["EMAIL_USE_SSL"],
            "timeout": conf.get("EMAIL_TIMEOUT") or 30,
        }
    elif backend.endswith(".filebased.EmailBackend"):
        options = {"file_path": conf["EMAIL_FILE_PATH"]}
    return {"default": {"BACKEND": backend, "OPTIONS": options}}


ROOKERY_EMAIL = bool(email_mailers())
if ROOKERY_EMAIL:
    MAILERS = email_mailers()
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "Rookery <rookery@localhost>")

# How long the host's click waits for a seating before the page says "seating…".
ROOKERY_SEATING_WAIT = float(os.environ.get("ROOKERY_SEATING_WAIT", "1"))

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# Sign-in throttling (django-axes): five failures in fifteen minutes for one user
# name from one address, and that name waits at that address. Counting the name
# and the address together means a stranger guessing the host's password locks
# only themselves out, never the host on their own phone. It counts every
# authenticate() call, so /accounts/login/ and /admin/login/ share the limit.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_HANDLER = "axes.handlers.database.AxesDatabaseHandler"
AXES_FAILURE_LIMIT = 5
AXES_COOLOFF_TIME = datetime.timedelta(minutes=15)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_USERNAME_CALLABLE = "tourney.accounts.signin.username_key"
AXES_CLIENT_IP_CALLABLE = "tourney.accounts.signin.client_ip"
AXES_LOCKOUT_CALLABLE = "tourney.accounts.signin.locked_out"
AXES_HTTP_RESPONSE_CODE = 429
# Behind a reverse proxy every request comes from the proxy's address, so five bad
# guesses by anyone would lock out every host. Name the header the proxy sets
# (e.g. X-Forwarded-For) to count per client instead. Off by default: without a
# proxy that overwrites it, anyone can send that header.
ROOKERY_CLIENT_IP_HEADER = os.environ.get("ROOKERY_CLIENT_IP_HEADER", "")

# How often the host's live pages (round monitor, master sheet, projector board) ask
# whether anything changed; an unchanged answer is an empty 204.
ROOKERY_POLL_SECONDS = int(os.environ.get("ROOKERY_POLL_SECONDS", "5"))
# ...and of the players' live standings page (hundreds of phones: less often).
ROOKERY_LIVE_POLL_SECONDS = int(os.environ.get("ROOKERY_LIVE_POLL_SECONDS", "10"))
# While scores come in (a new version of the night every second or so), each server
# process builds the live page at most once in this many seconds and answers phones
# from its latest build meanwhile: a save shows within the poll plus this (views.live).
ROOKERY_LIVE_FRESH_SECONDS = float(os.environ.get("ROOKERY_LIVE_FRESH_SECONDS", "3"))

# Request size and time. The server (tourney/server/serve.py) reads a request's body whole
# before Django sees it: it must arrive within ROOKERY_BODY_SECONDS (else 408) and
# be at most ROOKERY_MAX_REQUEST_BYTES (else 413, before any of it is stored). The
# largest form a host sends is a roster or a backup file of a few megabytes.
ROOKERY_BODY_SECONDS = float(os.environ.get("ROOKERY_BODY_SECONDS", "15"))
ROOKERY_MAX_REQUEST_BYTES = int(os.environ.get("ROOKERY_MAX_REQUEST_BYTES", str(10 * 1_000_000)))
# ...and each server process holds at most ROOKERY_BUFFER_BYTES of bodies at once
# (those arriving and those Django is answering): a request that would go over is
# answered 503 with Retry-After, so many slow near-cap bodies can't exhaust memory.
ROOKERY_BUFFER_BYTES = int(os.environ.get("ROOKERY_BUFFER_BYTES", str(64 * 1_000_000)))
# Django's own caps, within that: a form's fields (uploaded files aside) at most
# 2.5 MB, and an uploaded file kept in memory up to 2.5 MB (a larger one goes to a
# temporary file, which the request cap above bounds). Over a cap, the host sees a
# page saying so (tourney.server.middleware.too_big), not an error.
DATA_UPLOAD_MAX_MEMORY_SIZE = 2_621_440
FILE_UPLOAD_MAX_MEMORY_SIZE = 2_621_440
DATA_UPLOAD_MAX_NUMBER_FILES = 20
# A form's fields: the roster import's preview sends one answer per doubtful row, up
# to its 2,000 rows (tourney.club.people.MAX_ROWS), and the admin's list pages one
# per selected row; Django's default of 1,000 refused a preview of 1,000 doubtful rows.
DATA_UPLOAD_MAX_NUMBER_FIELDS = 5_000


LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "host_home"
LOGOUT_REDIRECT_URL = "home"

LANGUAGE_CODE = "en-us"
TIME_ZONE = os.environ.get("DJANGO_TIME_ZONE", "America/Chicago")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "whitenoise.storage.CompressedManifestStaticFilesStorage"
            if env_bool("ROOKERY_MANIFEST_STATIC", not DEBUG)
            else "django.contrib.staticfiles.storage.StaticFilesStorage"
        )
    },
}
# Tests and `make run` serve straight from the finders; production collects.
WHITENOISE_USE_FINDERS = env_bool("ROOKERY_STATIC_FINDERS", DEBUG)

# Security: strict by default when served over HTTPS (DJANGO_HTTPS=1).
HTTPS = env_bool("DJANGO_HTTPS", False)
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https") if HTTPS else None
SECURE_SSL_REDIRECT = HTTPS
# The proxy checks health over plain http on loopback: don't send it to https.
SECURE_REDIRECT_EXEMPT = [r"^health/"]
SESSION_COOKIE_SECURE = HTTPS
CSRF_COOKIE_SECURE = HTTPS
LANGUAGE_COOKIE_SECURE = HTTPS
# ...and every other cookie, deletions included: tourney.server.middleware.secure_cookies.
SECURE_HSTS_SECONDS = int(os.environ.get("DJANGO_HSTS_SECONDS", "31536000" if HTTPS else "0"))
SECURE_HSTS_INCLUDE_SUBDOMAINS = HTTPS
SECURE_HSTS_PRELOAD = HTTPS
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
# Content-Security-Policy (Django's own, since 6.0): scripts and styles only from
# our static files, so an injected <script> or on*= attribute does nothing.
SECURE_CSP = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF],
    "style-src": [CSP.SELF],
    "img-src": [CSP.SELF, "data:"],
    "connect-src": [CSP.SELF],
    "object-src": [CSP.NONE],
    "base-uri": [CSP.SELF],
    "form-action": [CSP.SELF],
    "frame-ancestors": [CSP.NONE],
}
# No script reads a cookie: the CSRF token reaches htmx through hx-headers.
CSRF_COOKIE_HTTPONLY = True
X_FRAME_OPTIONS = "DENY"
SESSION_COOKIE_HTTPONLY = True
# Hosts sign in for a whole game night.
SESSION_COOKIE_AGE = 60 * 60 * 24 * 14

DJANGO_TABLES2_TEMPLATE = "django_tables2/table.html"

# A refused request (403, 404...) is one warning line; only a 5xx logs its traceback
# (tourney.server.logs: Django attaches PermissionDenied to the 403's record).
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"refusals_in_one_line": {"()": "tourney.server.logs.RefusalsInOneLine"}},
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "loggers": {"django.request": {"filters": ["refusals_in_one_line"]}},
    "root": {"handlers": ["console"], "level": os.environ.get("DJANGO_LOG_LEVEL", "WARNING")},
}
