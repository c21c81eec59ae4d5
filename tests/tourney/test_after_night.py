"""After the night (issue 29, item 4): each player's table link opens their own night
for 7 days, and the host can email every rostered player with an address their
result, through the task queue, never twice."""

import datetime

import pytest
import time_machine
from django.core import mail
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from tests.factories import night, valid_points
from tourney import services
from tourney.models import TableCard
from tourney.night.sheet import build_sheet

pytestmark = pytest.mark.django_db

LOCMEM = {"default": {"BACKEND": "django.core.mail.backends.locmem.EmailBackend"}}


def finished_night(owner=None, rounds=2):
    """Eight players at two tables, every round played and closed."""
    fields = {"owner": owner} if owner else {}
    event = night(8, rounds_planned=rounds, min_table_size=4, max_table_size=4, **fields)
    for _ in range(rounds):
        rnd = services.seat_next_round(event)
        services.begin_round(rnd)
        for i, table in enumerate(rnd.tables.all()):
            services.submit_scores(table, valid_points(table, out_index=i), entered_by="x")
        services.close_round(rnd)
    assert event.is_over()
    return event


def give_addresses(event, names=("P01", "P02", "P03")):
    for player in event.players.filter(name__in=names).select_related("person"):
        player.person.email = f"{player.name.lower()}@example.org"
        player.person.phone = "555-0100"
        player.person.save()


@pytest.fixture
def email_on(settings):
    settings.ROOKERY_EMAIL = True
    settings.MAILERS = LOCMEM


def test_the_host_emails_each_player_with_an_address_their_result_once(host_client, host, email_on):
    event = finished_night(owner=host)
    give_addresses(event)
    page = host_client.get(event.get_absolute_url()).content.decode()
    assert "Email each player their result (3 to send)" in page

    response = host_client.post(reverse("event_results_email", args=[event.slug]), follow=True)
    assert "Sending the night&#x27;s result to 3 players." in response.content.decode()
    # The test settings run the queue's task at once, as a worker would.
    assert sorted(m.to[0] for m in mail.outbox) == [
        "p01@example.org",
        "p02@example.org",
        "p03@example.org",
    ]
    sheet = build_sheet(event)
    for message in mail.outbox:
        row = next(r for r in sheet.rows if r.player.name.lower() == message.to[0][:3])
        assert message.subject == f"{event.name}: your result"
        assert f"Hello {row.player.name}," in message.body
        assert f"{row.place} of 8 with {row.total} points" in message.body
        assert "Round 1: " in message.body and "Round 2: " in message.body
        assert "/t/" in message.body and f"/players/{row.player.pk}/" in message.body
        assert "@example.org" not in message.body and "555-0100" not in message.body

    # A second click, and the task run again by hand: nobody gets theirs twice.
    response = host_client.post(reverse("event_results_email", args=[event.slug]), follow=True)
    assert "Every player with an email address already has their result." in (
        response.content.decode()
    )
    assert services.send_night_results.call(event.pk, "http://testserver") == 0
    assert len(mail.outbox) == 3
    # A player given an address later is sent theirs, alone.
    give_addresses(event, names=("P04",))
    host_client.post(reverse("event_results_email", args=[event.slug]))
    assert [m.to[0] for m in mail.outbox[3:]] == ["p04@example.org"]


def test_a_failed_message_is_unclaimed_and_sent_on_the_next_try(host, email_on, settings):
    event = finished_night(owner=host)
    give_addresses(event, names=("P01",))
    refused = {"host": "127.0.0.1", "port": 9, "timeout": 1}  # nothing listens there
    settings.MAILERS = {
        "default": {"BACKEND": "django.core.mail.backends.smtp.EmailBackend", "OPTIONS": refused}
    }
    assert services.send_night_results.call(event.pk, "http://testserver") == 0
    assert event.players.get(name="P01").result_emailed_at is None
    settings.MAILERS = LOCMEM
    assert services.send_night_results.call(event.pk, "http://testserver") == 1
    assert [m.to for m in mail.outbox] == [["p01@example.org"]]


def test_without_email_configured_the_button_is_explained_and_sending_refused(
    host_client, host, settings
):
    settings.ROOKERY_EMAIL = False
    event = finished_night(owner=host)
    give_addresses(event)
    page = host_client.get(event.get_absolute_url()).content.decode()
    assert "Email isn't set up on this server" in page and "EMAIL_URL" in page
    assert reverse("event_results_email", args=[event.slug]) not in page
    response = host_client.post(reverse("event_results_email", args=[event.slug]), follow=True)
    assert "results can&#x27;t be sent" in response.content.decode()
    assert mail.outbox == []


def test_results_go_out_only_once_the_night_is_over(host_client, host, email_on):
    event = night(4, rounds_planned=2, owner=host)
    give_addresses(event)
    services.begin_round(services.seat_next_round(event))
    response = host_client.post(reverse("event_results_email", args=[event.slug]), follow=True)
    assert "The night isn&#x27;t over yet" in response.content.decode()
    assert mail.outbox == []


def test_the_table_link_opens_each_players_own_night_for_seven_days(client):
    start = timezone.now()
    with time_machine.travel(start, tick=False):
        event = finished_night()
    card = TableCard.objects.get(event=event, number=1)
    last = event.rounds.get(number=2).tables.get(number=1)
    earlier = {s.player for s in event.rounds.get(number=1).tables.get(number=1).seats.all()}
    moved = next(iter(earlier - {s.player for s in last.seats.all()}), None)
    with time_machine.travel(start + datetime.timedelta(days=6), tick=False):
        page = client.get(reverse("table_page", args=[card.token])).content.decode()
        assert "Your night, round by round" in page
        for seat in last.seats.all():
            link = reverse("table_player", args=[card.token, seat.player_id])
            assert link in page
        own = client.get(reverse("table_player", args=[card.token, last.seats.first().player_id]))
        assert own.status_code == 200
        text = own.content.decode()
        assert "place <strong>" in text and "Round by round" in text
        # Sat at this table in round 1 only (mix seating moves players): still their night.
        assert moved is not None
        moved_page = client.get(reverse("table_player", args=[card.token, moved.pk]))
        assert moved_page.status_code == 200 and moved.name in moved_page.content.decode()
    with time_machine.travel(start + datetime.timedelta(days=7, minutes=1), tick=False):
        page = client.get(reverse("table_page", args=[card.token])).content.decode()
        assert "Your night, round by round" not in page
        own = client.get(reverse("table_player", args=[card.token, last.seats.first().player_id]))
        assert own.status_code == 410


@pytest.mark.parametrize(
    ("env", "backend", "options"),
    [
        ({}, None, None),
        (
            {"EMAIL_URL": "smtp://rook:secret@mail.example.org:587/?tls=True"},
            "django.core.mail.backends.smtp.EmailBackend",
            {"host": "mail.example.org", "port": 587, "username": "rook", "use_tls": True},
        ),
        (
            {"EMAIL_HOST": "mx.example.org", "EMAIL_PORT": "465", "EMAIL_USE_SSL": "1"},
            "django.core.mail.backends.smtp.EmailBackend",
            {"host": "mx.example.org", "port": 465, "use_ssl": True, "use_tls": False},
        ),
        ({"EMAIL_URL": "console://"}, "django.core.mail.backends.console.EmailBackend", {}),
    ],
    ids=["none-by-default", "email-url", "email-host", "console"],
)
def test_email_comes_from_email_url_or_the_usual_variables(monkeypatch, env, backend, options):
    from tourney.settings import email_mailers

    for name in ("EMAIL_URL", "EMAIL_HOST", "EMAIL_PORT", "EMAIL_USE_SSL", "EMAIL_USE_TLS"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    mailers = email_mailers()
    if backend is None:
        assert mailers == {}
        return
    assert mailers["default"]["BACKEND"] == backend
    assert options.items() <= mailers["default"]["OPTIONS"].items()


def test_sending_a_nights_results_reads_the_clubs_ratings_once_not_once_a_player(host, email_on):
    """Each message says the player's rating change; the club's finished nights are read
    once for the whole mailing, so a bigger night costs a query or two more a player,
    not a replay of the club's history each."""
    event = finished_night(owner=host)
    give_addresses(event, names=("P01", "P02"))
    with CaptureQueriesContext(connection) as two:
        services.send_night_results.call(event.pk, "http://rookery.test")
    give_addresses(event, names=("P03", "P04", "P05", "P06", "P07", "P08"))
    with CaptureQueriesContext(connection) as six:
        services.send_night_results.call(event.pk, "http://rookery.test")
    assert len(mail.outbox) == 8
    assert all("rating" in m.body.lower() for m in mail.outbox)
    per_player = (len(six) - len(two)) / 4
    assert per_player <= 4, [q["sql"][:80] for q in six.captured_queries]
