from django.apps import AppConfig


class TourneyConfig(AppConfig):
    name = "tourney"
    verbose_name = "Tournament nights"
