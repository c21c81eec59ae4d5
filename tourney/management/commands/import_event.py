"""Restore an event from `export_event`'s JSON: `manage.py import_event night.json`."""

import json
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from tourney.backup import BackupError, import_event


class Command(BaseCommand):
    help = "Read an event backup (JSON from export_event) into this database."

    def add_arguments(self, parser):
        parser.add_argument("path")

    def handle(self, *args, path: str, **options):
        try:
            data = json.loads(Path(path).read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise CommandError(f"Can't read {path}: {exc}") from exc
        try:
            event = import_event(data)
        except (BackupError, KeyError, TypeError) as exc:
            raise CommandError(f"Not imported (nothing was saved): {exc}") from exc
        self.stdout.write(self.style.SUCCESS(f"Imported “{event.name}” as {event.slug}."))
