"""Back up a host's club as JSON on standard output: `manage.py export_club > club.json`."""

import json

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from tourney.club.club_backup import export_club


class Command(BaseCommand):
    help = (
        "Write a host's whole club (roster with contact, seasons, and every event with its "
        "scores and score versions) as JSON."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--owner", help="the host's username (default: the only host, if there is one)"
        )

    def handle(self, *args, owner: str | None, **options):
        hosts = get_user_model().objects.filter(is_staff=True).order_by("pk")
        if owner is not None:
            user = get_user_model().objects.filter(username=owner).first()
            if user is None:
                known = ", ".join(h.get_username() for h in hosts[:20]) or "none"
                raise CommandError(f"No account “{owner}”. Hosts here: {known}.")
        elif hosts.count() == 1:
            user = hosts.get()
        else:
            known = ", ".join(h.get_username() for h in hosts[:20]) or "none"
            raise CommandError(f"Say whose club with --owner USERNAME. Hosts here: {known}.")
        self.stdout.write(json.dumps(export_club(user), ensure_ascii=False, indent=1))
