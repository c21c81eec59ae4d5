"""A name holding a control character a spreadsheet cell can't hold (stored before
backups refused them, or by some other way in) never turns an export into a 500:
every workbook leaves the character out and keeps the rest of the name."""

import io

import pytest
from django.urls import reverse
from openpyxl import load_workbook

from scoring.demo import build_pads
from scoring.models import Pad, PadPlayer
from tests.factories import night, valid_points
from tourney import services
from tourney.models import Person, Player, Season

pytestmark = pytest.mark.django_db

BELL = "\x07"  # PostgreSQL stores it (NUL it refuses); openpyxl refuses both
NAMES = {"Ann": f"Ann{BELL}W", "Bo": f"Bo{BELL}\x1bX"}


def texts(content: bytes) -> set[str]:
    book = load_workbook(io.BytesIO(content))
    return {
        c.value for ws in book for row in ws.iter_rows() for c in row if isinstance(c.value, str)
    }


@pytest.fixture
def stored(host):
    season = Season.objects.create(owner=host, name=f"Autumn{BELL}")
    event = night(4, owner=host, name=f"Week{BELL} 1", season=season)
    for player, name in zip(
        Player.objects.filter(event=event).order_by("name"), NAMES.values(), strict=False
    ):
        person = Person.objects.create(owner=host, name=name)
        Player.objects.filter(pk=player.pk).update(name=name, person=person)
    rnd = services.seat_next_round(event)
    services.begin_round(rnd)
    for table in rnd.tables.all():
        services.submit_scores(table, valid_points(table), entered_by=NAMES["Ann"])
    services.close_round(rnd)
    services.end_event(event)  # the season counts ended nights
    build_pads(host)
    pad = Pad.objects.filter(owner=host).first()
    PadPlayer.objects.filter(pk=pad.seats[0].pk).update(name=NAMES["Bo"])
    return event, season, pad


def test_every_export_leaves_out_a_stored_control_character(host_client, stored):
    event, season, pad = stored
    urls = {
        "roster": reverse("roster_export", args=["xlsx"]),
        "master sheet": reverse("export_sheet", args=[event.slug, "xlsx"]),
        "standings": reverse("export_standings", args=[event.slug, "xlsx"]),
        "score sheets": reverse("export_score_sheets", args=[event.slug]),
        "season": reverse("season_export", args=[season.slug]),
        "pad": reverse("scoring:pad_export", args=[pad.pk, "xlsx"]),
    }
    answers = {what: host_client.get(url) for what, url in urls.items()}
    assert {what: r.status_code for what, r in answers.items()} == dict.fromkeys(urls, 200)
    for what in ("roster", "master sheet", "standings", "score sheets", "season"):
        assert {"AnnW", "BoX"} <= texts(answers[what].content), what
    assert "BoX" in texts(answers["pad"].content)
