"""Health URLs for systemd, Caddy and uptime checks.

`/health/` is django-health-check's database check (a `SELECT 1` on a fresh
connection): 200 when the database answers, 503 when it does not, so a proxy
or monitor reads "unavailable" rather than "the app is broken". `/health/live`
touches nothing: it answers while the server process runs, and is the floor
`make loadtest` measures the score path against.
"""

from django.http import HttpRequest, HttpResponse
from django.views.decorators.cache import never_cache
from health_check.views import HealthCheckView


class DatabaseHealth(HealthCheckView):
    checks = ("health_check.checks.Database",)

    async def get(self, request, *args, **kwargs):
        response = await super().get(request, *args, **kwargs)
        if response.status_code == 500:
            response.status_code = 503
        return response


@never_cache
def live(request: HttpRequest) -> HttpResponse:
    return HttpResponse("ok\n", content_type="text/plain")
