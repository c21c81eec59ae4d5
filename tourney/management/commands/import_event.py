"""Restore an event from `export_event`'s JSON: `manage.py import_event night.json`."""

import json
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from tourney.backup import IMPORT_ERRORS, failure_message, import_event


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
        except IMPORT_ERRORS as exc:
            raise CommandError(f"Not imported (nothing was saved): {failure_message(exc)}") from exc
        self.stdout.write(self.style.SUCCESS(f"Imported “{event.name}” as {event.slug}."))
