"""The server: what runs Rookery, below the pages.

serve (`python -m tourney.server.serve`: Granian, `--room` for a game night),
network (the LAN address, loopback checks, the public URL), health (the
health URLs) and middleware (headers, private pages, too-big requests).

Settings-level: settings.py imports network, so nothing here imports the
views or the services at import time; serve imports only what it serves (the
WSGI application, and a sign-in link for `--room`).
"""
