from django.apps import AppConfig


class OnceConfig(AppConfig):
    name = "once"
    verbose_name = "Create forms answered once"
