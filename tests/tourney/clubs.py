"""A host's whole club for the account tests: a night with scores, a roster person with
contact details, a season, a score pad with a hand, a seating rule, a sign-in link and
the club's name. Every name carries `tag`, so a page that leaks it is easy to spot."""

from __future__ import annotations

from django.core import serializers

from scoring import services as pads
from scoring.models import Hand, HandInput, HandScore, Pad, PadPlayer, PadSide
from tests.factories import UserFactory, night, valid_points
from tourney import services
from tourney.accounts.signin_links import issue_link
from tourney.models import (
    Entry,
    Event,
    GameTable,
    HostAccount,
    Person,
    Player,
    Round,
    Score,
    Season,
    Seat,
    SeatingConstraint,
    SignInLink,
    TableCard,
)


def full_club(username: str, tag: str, *, superuser: bool = False):
    host = UserFactory(username=username, is_superuser=superuser, email=f"{username}@example.org")
    HostAccount.objects.create(user=host, club_name=f"{tag} Club")
    season = Season.objects.create(owner=host, name=f"{tag} Season")
    event = night(8, owner=host, name=f"{tag} Night", rounds_planned=3, season=season)
    players = list(event.players.order_by("name"))
    SeatingConstraint.objects.create(event=event, kind="apart", player=players[0], other=players[1])
    rnd = services.seat_next_round(event)
    services.begin_round(rnd)
    table = rnd.tables.get(number=1)
    services.submit_scores(table, valid_points(table), entered_by="Ann")
    person = Person.objects.create(
        owner=host, name=f"{tag} Person", email=f"{tag.lower()}@club.example", phone="555 0142"
    )
    pad = pads.start_pad(
        owner=host,
        name=f"{tag} Pad",
        game_slug="partnership-rook",
        house_rules={},
        players=["Ann", "Bo", "Cy", "Di"],
        first_dealer=1,
    )
    ann = pad.players.get(name="Ann")
    pads.record_hand(pad, HandInput(bidder=ann, bid=120, taken=130), number=1)
    issue_link(username, base="http://testserver")
    return {
        "host": host,
        "event": event,
        "person": person,
        "season": season,
        "pad": pad,
        "player": players[0],
        "constraint": SeatingConstraint.objects.get(event=event),
        "card": TableCard.objects.filter(event=event).first(),
        "secrets": [
            f"{tag} Club",
            f"{tag} Season",
            f"{tag} Night",
            f"{tag} Person",
            f"{tag.lower()}@club.example",
            f"{tag} Pad",
            *TableCard.objects.filter(event=event).values_list("token", flat=True),
        ],
    }


def snapshot(host) -> str:
    """Every row of `host`'s club, serialised: equal before and after means untouched."""
    querysets = [
        type(host).objects.filter(pk=host.pk),
        HostAccount.objects.filter(user=host),
        SignInLink.objects.filter(user=host),
        Person.objects.filter(owner=host),
        Season.objects.filter(owner=host),
        Event.objects.filter(owner=host),
        Player.objects.filter(event__owner=host),
        Round.objects.filter(event__owner=host),
        GameTable.objects.filter(round__event__owner=host),
        Seat.objects.filter(round__event__owner=host),
        Entry.objects.filter(round__event__owner=host),
        Score.objects.filter(entry__round__event__owner=host),
        TableCard.objects.filter(event__owner=host),
        SeatingConstraint.objects.filter(event__owner=host),
        Pad.objects.filter(owner=host),
        PadSide.objects.filter(pad__owner=host),
        PadPlayer.objects.filter(pad__owner=host),
        Hand.objects.filter(pad__owner=host),
        HandScore.objects.filter(hand__pad__owner=host),
    ]
    rows = [serializers.serialize("json", qs.order_by("pk")) for qs in querysets]
    assert all(row != "[]" for row in rows), "the club should have every kind of record"
    return "\n".join(rows)
