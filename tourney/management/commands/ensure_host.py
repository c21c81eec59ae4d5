"""Make sure a host account exists, so a newcomer can sign in straight away.

The password is generated fresh and printed once, on creation; Rookery never
ships a fixed password.
"""

import secrets

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from django.core.management.base import BaseCommand

# A host runs game nights: the back office (/admin/) for those records, and
# nothing more. Managing accounts is for a superuser made by hand
# (manage.py createsuperuser), so a stolen host password can't make new ones.
HOST_APPS = ("tourney", "scoring")


class Command(BaseCommand):
    help = "Create the host account 'host' if no host exists, printing its new password once."

    def add_arguments(self, parser):
        parser.add_argument("--username", default="host")

    def handle(self, *args, username: str, **options):
        User = get_user_model()
        if User.objects.filter(is_staff=True).exists():
            self.stdout.write("A host account already exists; sign in with it.")
            return
        password = secrets.token_urlsafe(12)
        host = User.objects.create_user(
            username=username, email="", password=password, is_staff=True
        )
        host.user_permissions.set(Permission.objects.filter(content_type__app_label__in=HOST_APPS))
        line = "=" * 64
        self.stdout.write(
            self.style.SUCCESS(
                f"{line}\nHost account created. Sign in at /accounts/login/ with\n"
                f"  username: {username}\n  password: {password}\n"
                f"This password is shown only now: write it down.\n"
                "(Change it later with: .venv/bin/python manage.py changepassword "
                f"{username})\n{line}"
            )
        )
