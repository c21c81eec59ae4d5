"""The admin site: for superusers only.

The admin shows every host's records (rosters with emails and phones, events,
table-card tokens) and has no notion of whose they are. Rather than teach each
model admin to filter by owner (and keep every inline, raw-id lookup and
autocomplete filtered too), only a superuser may open it: a host does all their
work on Rookery's own pages, which already show a host only their own nights.
"""

from django.contrib import admin
from django.contrib.admin.apps import AdminConfig


class SuperuserAdminSite(admin.AdminSite):
    site_header = "Rookery back office (superusers only)"

    def has_permission(self, request) -> bool:
        return request.user.is_active and request.user.is_superuser


class RookeryAdminConfig(AdminConfig):
    default_site = "tourney.admin_site.SuperuserAdminSite"
