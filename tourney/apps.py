from django.apps import AppConfig
from django.db.models.signals import post_migrate


class TourneyConfig(AppConfig):
    name = "tourney"
    verbose_name = "Tournament nights"

    def ready(self) -> None:
        from tourney.accounts.roles import ensure_groups

        # After Django has made the permissions (its own post_migrate handler runs first).
        post_migrate.connect(ensure_groups, sender=self, dispatch_uid="rookery-role-groups")
