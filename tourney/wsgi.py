"""WSGI entry point, served by Granian through `python -m tourney.server.serve`."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tourney.settings")

application = get_wsgi_application()
