"""Restore an event from `export_event`'s JSON: `manage.py import_event night.json`."""

from django.core.management.base import BaseCommand, CommandError

from tourney.club.backup import (
    IMPORT_ERRORS,
    BackupError,
    failure_message,
    import_event,
    read_backup,
    rules_warning,
)


class Command(BaseCommand):
    help = "Read an event backup (JSON from export_event) into this database."

    def add_arguments(self, parser):
        parser.add_argument("path")

    def handle(self, *args, path: str, **options):
        try:
            data = read_backup(path)
        except BackupError as exc:
            raise CommandError(str(exc)) from exc
        try:
            event = import_event(data)
        except IMPORT_ERRORS as exc:
            raise CommandError(f"Not imported (nothing was saved): {failure_message(exc)}") from exc
        self.stdout.write(self.style.SUCCESS(f"Imported “{event.name}” as {event.slug}."))
        if warning := rules_warning(event):
            self.stdout.write(self.style.WARNING(warning))
