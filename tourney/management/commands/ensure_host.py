"""Make sure a host account exists, so a newcomer can sign in straight away.

The password is generated fresh and printed once, on creation; Rookery never
ships a fixed password.
"""

import secrets

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand

# A host runs game nights on Rookery's own pages, which show them only their own
# records. The admin (/admin/) shows every host's records, so it is for superusers
# only (see tourney.admin_site): the host made here is not one unless asked with
# --superuser, and has no admin permissions, so a stolen host password can't read
# another host's roster or card tokens there.


class Command(BaseCommand):
    help = "Create the host account 'host' if no host exists, printing its new password once."

    def add_arguments(self, parser):
        parser.add_argument("--username", default="host")
        parser.add_argument(
            "--superuser",
            action="store_true",
            help="make the host a superuser, who can also open the admin (/admin/)",
        )

    def handle(self, *args, username: str, superuser: bool, **options):
        User = get_user_model()
        if User.objects.filter(is_staff=True).exists():
            self.stdout.write("A host account already exists; sign in with it.")
            return
        password = secrets.token_urlsafe(12)
        # is_staff marks the account a host (the first host owns imports and the demo).
        host = User.objects.create_user(
            username=username, email="", password=password, is_staff=True, is_superuser=superuser
        )
        line = "=" * 64
        self.stdout.write(
            self.style.SUCCESS(
                f"{line}\n{'Superuser' if host.is_superuser else 'Host'} account created. "
                f"Sign in at /accounts/login/ with\n"
                f"  username: {username}\n  password: {password}\n"
                f"This password is shown only now: write it down.\n"
                "(Change it later with: .venv/bin/python manage.py changepassword "
                f"{username})\n{line}"
            )
        )
