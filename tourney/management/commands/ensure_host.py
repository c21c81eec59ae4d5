"""Make sure a host account exists, so a newcomer can sign in straight away.

The password is generated fresh and printed once, on creation; Rookery never
ships a fixed password.
"""

import secrets

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand


class Command(BaseCommand):
    help = "Create the host account 'host' if no host exists, printing its new password once."

    def add_arguments(self, parser):
        parser.add_argument("--username", default="host")

    def handle(self, *args, username: str, **options):
        User = get_user_model()
        if User.objects.filter(is_superuser=True).exists():
            self.stdout.write("A host account already exists; sign in with it.")
            return
        password = secrets.token_urlsafe(12)
        User.objects.create_superuser(username=username, email="", password=password)
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
