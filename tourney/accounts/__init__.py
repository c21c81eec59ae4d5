"""Accounts: how a host signs in.

signin (django-axes: who a failed sign-in counts against, what a locked-out
host sees) and signin_links (one-time sign-in links, the QR code `make night`
prints), invites (a site admin's one-time link that brings a new host in), forms
(joining, the club's name, a password change that counts wrong old passwords as
django-axes counts failed sign-ins). Roles join here as they arrive.

May import tourney.models and Django's auth (and django-axes); never the views
(tourney.views), the club or the server.
"""
