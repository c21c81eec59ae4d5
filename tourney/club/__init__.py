"""The club: what a host keeps across nights.

people (the roster: who a typed name is, merge, rename, CSV/xlsx import and
export), roster_forms (its forms and upload handler), seasons (a season's
standings), history (a person's nights across the host's nights), backup and
backup_check (one event as a file, checked whole before anything is stored)
and club_backup (the roster, seasons and events as one file), season_forms (the
season forms).

May import tourney.models, the night's plain values (tourney.night.sheet, the
table sizes in tourney.night.forms), tourney.seating and scoring; never the
views (tourney.views) or the server (tourney.server).
"""
