"""Load the demo game night from fixtures/ when the database has no events yet."""

import json
import tempfile
from pathlib import Path

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError

FIXTURE = Path(settings.BASE_DIR) / "fixtures" / "demo_night.json"


class Command(BaseCommand):
    help = "Load fixtures/demo_night.json into an empty database (does nothing otherwise)."

    def handle(self, *args, **options):
        from tourney.models import Event, new_table_code, new_table_token

        if Event.objects.exists():
            self.stdout.write("Events already exist; the demo night was not loaded again.")
            return
        User = get_user_model()
        owner = (
            User.objects.filter(username="host").first()
            or User.objects.filter(is_staff=True).order_by("pk").first()
        )
        if owner is None:
            raise CommandError("No host account to own the demo night: run ensure_host first.")
        records = json.loads(FIXTURE.read_text(encoding="utf-8"))
        # The fixture names its user by natural key ("host"); give it to this host.
        for record in records:
            for field, value in record["fields"].items():
                if value == ["host"]:
                    record["fields"][field] = [owner.get_username()]
            # The fixture is public: its table links and codes would open this install's
            # demo tables for anyone who read it. Every install makes its own.
            if record["model"] == "tourney.tablecard":
                record["fields"]["token"] = new_table_token()
                record["fields"]["code"] = new_table_code()
        with tempfile.NamedTemporaryFile("w", suffix=".json", encoding="utf-8") as tmp:
            json.dump(records, tmp)
            tmp.flush()
            call_command("loaddata", tmp.name, verbosity=0)
        self.stdout.write(
            self.style.SUCCESS(
                f"Loaded the demo night ({FIXTURE.name}) for {owner.get_username()}."
            )
        )
