"""Restore a host's club from `export_club`'s JSON: `manage.py import_club club.json`.

The club goes to an existing account (``--owner``, else the one the file names).
A missing account is refused rather than made here: an account made by an import
would have no password anyone knows. Make it first with `ensure_host` or
`createsuperuser`.
"""

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from tourney.club.backup import (
    IMPORT_ERRORS,
    BackupError,
    failure_message,
    read_backup,
    rules_warning,
)
from tourney.club.club_backup import import_club


class Command(BaseCommand):
    help = "Read a club backup (JSON from export_club) into this database for a host."

    def add_arguments(self, parser):
        parser.add_argument("path")
        parser.add_argument(
            "--owner", help="the host to receive the club (default: the account the file names)"
        )

    def handle(self, *args, path: str, owner: str | None, **options):
        try:
            data = read_backup(path)
        except BackupError as exc:
            raise CommandError(str(exc)) from exc
        username = owner or (data.get("owner") if isinstance(data, dict) else None)
        if not username or not isinstance(username, str):
            raise CommandError("Say which host receives the club: --owner USERNAME.")
        user = get_user_model().objects.filter(username=username).first()
        if user is None:
            raise CommandError(
                f"No account “{username}” here: create it first (manage.py createsuperuser, "
                "or ensure_host --username on a new database), or pick another with --owner."
            )
        try:
            result = import_club(data, owner=user)
        except IMPORT_ERRORS as exc:
            raise CommandError(f"Not imported (nothing was saved): {failure_message(exc)}") from exc
        self.stdout.write(self.style.SUCCESS(f"Club imported for {username}: {result.summary()}"))
        for event in result.skipped:
            self.stdout.write(f"Skipped {event}: {username} already has this event.")
        for event in result.events:
            if warning := rules_warning(event):
                self.stdout.write(self.style.WARNING(warning))
