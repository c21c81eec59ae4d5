"""WSGI entry point, served by gunicorn: `gunicorn tourney.wsgi`."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tourney.settings")

application = get_wsgi_application()
