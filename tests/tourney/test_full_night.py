"""A whole 11-round Toonerville night through the host's pages, for 13 and 60 players."""

import random

import pytest
from django.urls import reverse

from tests.factories import night
from tourney.models import Entry, Round, Score

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("players", [13, 60], ids=["13-players", "60-players"])
def test_host_runs_a_whole_night(host_client, host, players):
    event = night(players, owner=host)
    rng = random.Random(players)
    for number in range(1, 12):
        response = host_client.post(reverse("round_seat_next", args=[event.slug]))
        assert response["Location"] == reverse("round_detail", args=[event.slug, number])
        host_client.post(reverse("round_begin", args=[event.slug, number]))
        rnd = event.rounds.get(number=number)
        for table in rnd.tables.all():
            seats = list(table.seats.order_by("position"))
            out = rng.randrange(len(seats))
            # Round 11 is laid down at once (RULES.md): the others hold all 12 cards or
            # more, from one inventory (a 12 and a 16 at one table would need 20 ones).
            least = 30 if number == 11 else 3
            data = {
                f"p{s.player_id}": 0 if i == out else rng.randint(least, 90)
                for i, s in enumerate(seats)
            }
            response = host_client.post(
                reverse("table_scores_host", args=[event.slug, number, table.number]), data
            )
            assert response.status_code == 302
        response = host_client.post(reverse("round_close", args=[event.slug, number]))
        assert response.status_code == 302
        assert Round.objects.get(pk=rnd.pk).status == "closed"
    # Every player has exactly one current score in every round, all played.
    scores = Score.objects.filter(entry__round__event=event, entry__state=Entry.State.CURRENT)
    assert scores.count() == players * 11
    assert not scores.filter(played=False).exists()
    page = host_client.get(reverse("event_detail", args=[event.slug])).content.decode()
    assert page.count(">Closed<") == 11
    assert "Seat round" not in page
