"""Back up one event as JSON on standard output: `manage.py export_event SLUG > night.json`."""

import json

from django.core.management.base import BaseCommand, CommandError

from tourney.club.backup import export_event
from tourney.models import Event


class Command(BaseCommand):
    help = "Write an event, with its players, seats, scores and every score version, as JSON."

    def add_arguments(self, parser):
        parser.add_argument("slug")

    def handle(self, *args, slug: str, **options):
        event = Event.objects.filter(slug=slug).first()
        if event is None:
            known = ", ".join(Event.objects.values_list("slug", flat=True)[:20]) or "none"
            raise CommandError(f"No event “{slug}”. Events here: {known}.")
        self.stdout.write(json.dumps(export_event(event), ensure_ascii=False, indent=1))
