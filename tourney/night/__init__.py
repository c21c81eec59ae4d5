"""The night: what a host and the tables see of one event.

sheet (the master sheet as plain values: fill-ins, totals, places, marks, worked
out from the current scores every time), tables (django-tables2: the master
sheet and the standings), links (absolute links for cards, QR codes and movement
cards) and forms (the host's forms for the night: the event, players, seating,
closing a round, host scores, family games, blank sheets).

May import tourney.models, scoring, tourney.server.network (the LAN address a
link falls back on) and, for the player forms, the club's roster lookup
(tourney.club.people); never the views (tourney.views) or the services. The
night's models live in tourney.models and its workflows in tourney.services.
"""
