"""Print a one-time link that lets a new host make their own account.

The same link the Hosts page (/hosts/, site admins only) makes: it works once and
for 7 days; the new host chooses a user name, club name and password, and starts
with an empty club.
"""

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from tourney.accounts.invites import issue_invite
from tourney.models import HostInvite


class Command(BaseCommand):
    help = "Print a one-time invitation link for a new host (works once, for 7 days)."

    def add_arguments(self, parser):
        parser.add_argument("--club", default="", help="a suggested club name")
        parser.add_argument(
            "--url",
            default="",
            help="the site's public address (default: ROOKERY_URL)",
        )

    def handle(self, *args, club: str, url: str, **options):
        base = url or settings.ROOKERY_URL
        if not base:
            raise CommandError(
                "Give the site's address with --url https://rook.example.org (or set ROOKERY_URL)."
            )
        link = issue_invite(made_by=None, club_name=club.strip()[:80], base=base)
        days = HostInvite.LIFETIME.days
        self.stdout.write(f"Send this link to the new host (it works once, for {days} days):")
        self.stdout.write(link)
