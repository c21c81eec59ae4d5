"""Load the demo game night from fixtures/ when the database has no events yet."""

from pathlib import Path

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand

FIXTURE = Path(settings.BASE_DIR) / "fixtures" / "demo_night.json"


class Command(BaseCommand):
    help = "Load fixtures/demo_night.json into an empty database (does nothing otherwise)."

    def handle(self, *args, **options):
        from tourney.models import Event

        if Event.objects.exists():
            self.stdout.write("Events already exist; the demo night was not loaded again.")
            return
        call_command("loaddata", str(FIXTURE), verbosity=0)
        self.stdout.write(self.style.SUCCESS(f"Loaded the demo night ({FIXTURE.name})."))
