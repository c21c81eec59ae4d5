"""URL converters shared by the apps' URLconfs (registered once, on import)."""

from django.urls import register_converter


class ExportFormat:
    """Only the formats Rookery exports: anything else is a 404, not a server error."""

    regex = "xlsx|csv"

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value


register_converter(ExportFormat, "export_format")
