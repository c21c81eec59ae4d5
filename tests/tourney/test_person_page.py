"""A person's page: every figure equals a computation straight from the Score and Seat rows.

Four club nights with the same people (one with a player leaving, one with a
table filled in by the missed-round rule, one still in play), a night Ann was
registered for but never played, and another host's Ann who must never show.
"""

import datetime
import math
import random
from collections import defaultdict
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from html.parser import HTMLParser

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.factories import EventFactory, UserFactory
from tourney import services
from tourney.club.history import person_history
from tourney.models import Entry, Person, Player, Round, Score, Season, Seat, TableCard

pytestmark = pytest.mark.django_db

NAMES = ["Ann Whitaker", "Bo Lind", "Cy Moss", "Di Park", "Ed Ruiz", "Fay Quinn", "Gus Hale"]
HAL = "Hal Ives"


def new_night(host, number, names, *, season=None, rounds=3):
    event = EventFactory(
        owner=host,
        name=f"Club night {number}",
        date=datetime.date(2027, 3, 3) + datetime.timedelta(weeks=number - 1),
        rounds_planned=rounds,
        season=season,
    )
    services.add_players(event, names)
    return event


def play_round(event, rng, *, skip_table=None, only_table=None, close=True):
    rnd = services.seat_next_round(event)
    services.begin_round(rnd)
    for table in rnd.tables.order_by("number"):
        if table.number == skip_table or (only_table and table.number != only_table):
            continue
        seats = list(table.seats.order_by("position"))
        out = rng.randrange(len(seats))
        points = {s.player_id: 0 if i == out else rng.randint(2, 80) for i, s in enumerate(seats)}
        services.submit_scores(table, points, entered_by="test")
    if close:
        services.close_round(rnd, fill_empty_tables=True)
    return rnd


def play_night(event, rng, *, rounds=3, **kw):
    for _ in range(rounds):
        play_round(event, rng, **kw)


@pytest.fixture
def club(host):
    rng = random.Random(18)
    spring = Season.objects.create(owner=host, name="Spring 2027")
    nights = [new_night(host, 1, [*NAMES, HAL], season=spring)]
    play_night(nights[0], rng)
    # Night 2: no Hal; Bo leaves after the first round (filled in, not played).
    nights.append(new_night(host, 2, NAMES, season=spring))
    play_round(nights[1], rng)
    services.set_player_status(nights[1].players.get(name="Bo Lind"), Player.Status.LEFT)
    play_round(nights[1], rng)
    play_round(nights[1], rng)
    # Night 3, outside the season: round 2's table 2 never sends scores (filled).
    nights.append(new_night(host, 3, [*NAMES, HAL]))
    play_round(nights[2], rng)
    play_round(nights[2], rng, skip_table=2)
    play_round(nights[2], rng)
    # Night 4, in play: round 1 closed, round 2 has only table 1's scores so far.
    nights.append(new_night(host, 4, [*NAMES, HAL], season=spring))
    play_round(nights[3], rng)
    play_round(nights[3], rng, only_table=1, close=False)
    # Night 5: Ann was expected but never came; nothing played.
    absent = new_night(host, 5, [])
    services.add_players(absent, ["Ann Whitaker"], status=Player.Status.ABSENT)
    # Another host's Ann Whitaker, with a night of her own.
    other = UserFactory(username="other-host")
    elsewhere = new_night(other, 1, NAMES[:4])
    play_night(elsewhere, rng, rounds=1)
    ann = Person.objects.get(owner=host, name="Ann Whitaker")
    ann.email, ann.phone = "ann@example.com", "555-0101"
    ann.save()
    return {"nights": nights, "spring": spring, "ann": ann, "other": other}


# ---- the direct computation, from Score and Seat rows only ----------------------------


def direct(person, *, season=None):
    """What the page must say, computed without tourney.night.sheet or tourney.club.history."""
    players = Player.objects.filter(person=person).select_related("event")
    if season is not None:
        players = players.filter(event__season=season)
    scores = defaultdict(lambda: defaultdict(list))  # event id -> player id -> [Score]
    # The standings count closed rounds only: a round still coming in is not final.
    for s in Score.objects.filter(
        entry__state=Entry.State.CURRENT, entry__round__status=Round.Status.CLOSED
    ).select_related("entry__round", "player"):
        scores[s.entry.round.event_id][s.player_id].append(s)

    def key(event_scores, pid):
        mine = event_scores[pid]
        played = [s.points for s in mine if s.played]
        worst = max(played) if played else math.inf
        return (sum(s.points for s in mine), -played.count(0), worst)

    nights = []
    for player in players:
        event = player.event
        event_scores = scores[event.pk]
        played = [s for s in event_scores[player.pk] if s.played]
        if not played:
            continue
        mine = key(event_scores, player.pk)
        others = [key(event_scores, pid) for pid in event_scores if pid != player.pk]
        closed = event.rounds.filter(status=Round.Status.CLOSED).count()
        nights.append(
            {
                "event": event,
                "player": player,
                "place": 1 + sum(k < mine for k in others),
                "tied": mine in others,
                "field": len(event_scores),
                "total": sum(s.points for s in event_scores[player.pk]),
                "finished": closed == event.rounds_planned,
                "rounds": len(played),
                "went_out": sum(s.points == 0 for s in played),
                "points": sum(s.points for s in played),
                "places": {
                    Player.objects.get(pk=pid).person_id: 1
                    + sum(
                        key(event_scores, o) < key(event_scores, pid)
                        for o in event_scores
                        if o != pid
                    )
                    for pid in event_scores
                    if any(s.played for s in event_scores[pid])
                },
            }
        )
    nights.sort(key=lambda n: n["event"].date)

    mine_ids = {n["player"].pk for n in nights}
    tables = defaultdict(set)  # opponent person id -> tables shared
    own_tables = {
        seat.table_id
        for seat in Seat.objects.filter(player_id__in=mine_ids).select_related("round")
        if seat.round.status != Round.Status.PLANNED
    }
    for seat in Seat.objects.filter(table_id__in=own_tables).select_related("player"):
        if seat.player_id not in mine_ids:
            tables[seat.player.person_id].add(seat.table_id)
    h2h = {}
    for pid, shared in tables.items():
        both = [n for n in nights if pid in n["places"]]
        done = [n for n in both if n["finished"]]
        h2h[pid] = {
            "tables": len(shared),
            "nights": len(both),
            "ahead": sum(n["places"][person.pk] < n["places"][pid] for n in done),
            "behind": sum(n["places"][person.pk] > n["places"][pid] for n in done),
            "level": sum(n["places"][person.pk] == n["places"][pid] for n in done),
        }
    return nights, h2h


def half_up(value: Fraction, places: str) -> str:
    exact = Decimal(value.numerator) / Decimal(value.denominator)
    return str(exact.quantize(Decimal(places), rounding=ROUND_HALF_UP))


# ---- reading the page -------------------------------------------------------------------


class Tables(HTMLParser):
    """Rows of cell texts of every <table class=...>, and the texts of <li>s in a list."""

    def __init__(self):
        super().__init__()
        self.tables, self.lists = defaultdict(list), defaultdict(list)
        self.table = self.list = None
        self.cell = self.item = None
        self.hrefs = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "table":
            self.table = attrs.get("class", "")
        elif tag == "ul":
            self.list = attrs.get("class", "")
        elif tag == "tr" and self.table is not None:
            self.tables[self.table].append([])
        elif tag in ("td", "th") and self.table is not None:
            self.cell = []
        elif tag == "li" and self.list is not None:
            self.item = []
        elif tag == "br" and self.cell is not None:
            self.cell.append(" ")
        elif tag == "a":
            self.hrefs.append(attrs.get("href", ""))

    def handle_endtag(self, tag):
        if tag == "table":
            self.table = None
        elif tag == "ul":
            self.list = None
        elif tag in ("td", "th") and self.cell is not None:
            self.tables[self.table][-1].append(" ".join("".join(self.cell).split()))
            self.cell = None
        elif tag == "li" and self.item is not None:
            self.lists[self.list].append(" ".join("".join(self.item).split()))
            self.item = None

    def handle_data(self, data):
        if self.cell is not None:
            self.cell.append(data)
        if self.item is not None:
            self.item.append(data)


def read(response):
    assert response.status_code == 200
    parser = Tables()
    parser.feed(response.content.decode())
    return parser


def assert_page_matches(page, person, nights, h2h):
    finished = [n for n in nights if n["finished"]]
    figures = page.lists["history-figures"]
    assert figures[0].startswith(f"{len(nights)} nights played")
    if len(finished) < len(nights):
        assert figures[0].endswith(f"{len(nights) - len(finished)} in play")
    average = Fraction(sum(n["place"] for n in finished), len(finished))
    assert figures[1].startswith(f"{half_up(average, '0.01')} average place")
    best = min(finished, key=lambda n: n["place"])
    assert figures[2].startswith(f"{best['place']} best place of {best['field']}")
    rounds = sum(n["rounds"] for n in nights)
    went_out = sum(n["went_out"] for n in nights)
    percent = round(Fraction(went_out * 100, rounds))
    assert figures[3] == f"{percent}% went out ({went_out} of {rounds} rounds played)"
    points = sum(n["points"] for n in nights)
    assert (
        figures[4] == f"{half_up(Fraction(points, rounds), '0.1')} average score per round played"
    )

    rows = page.tables["history-nights"][1:]
    assert len(rows) == len(nights)
    for row, n in zip(rows, nights, strict=True):
        assert row[1].startswith(n["event"].name)
        place = f"{'=' if n['tied'] else ''}{n['place']} of {n['field']}"
        assert row[2] == (place if n["finished"] else f"{place} in play")
        assert row[3:] == [str(n["total"]), f"{n['went_out']} of {n['rounds']}"]

    rows = page.tables["head-to-head"][1:]
    names = {p.pk: p.name for p in Person.objects.filter(pk__in=h2h)}
    order = sorted(h2h, key=lambda pid: (-h2h[pid]["tables"], names[pid].casefold()))
    assert [r[0] for r in rows] == [names[pid] for pid in order]
    for row in rows:
        pid = next(k for k in names if names[k] == row[0])
        them = h2h[pid]
        assert row[1:3] == [str(them["tables"]), str(them["nights"])]
        if them["ahead"] + them["behind"] + them["level"]:
            expected = f"{them['ahead']}–{them['behind']}"
            if them["level"]:
                expected += f" ({them['level']} level)"
            assert row[3] == expected
        else:
            assert row[3] == "none finished"


# ---- the tests --------------------------------------------------------------------------


def test_every_figure_on_the_host_page_equals_a_direct_computation(host_client, club):
    ann = club["ann"]
    nights, h2h = direct(ann)
    # The data is what the test means it to be: a night in play, missed rounds, opponents.
    assert len(nights) == 4 and [n["finished"] for n in nights] == [True, True, True, False]
    assert Score.objects.filter(played=False, entry__state="current").exists()
    assert len(h2h) == 7
    page = read(host_client.get(reverse("person_detail", args=[ann.pk])))
    assert_page_matches(page, ann, nights, h2h)
    # Opponents link to their own pages; each night to its per-night page.
    for pid in h2h:
        assert reverse("person_detail", args=[pid]) in page.hrefs
    for n in nights:
        assert reverse("player_detail", args=[n["event"].slug, n["player"].pk]) in page.hrefs


def test_a_person_who_missed_rounds_counts_only_the_rounds_played(host_client, club):
    bo = Person.objects.get(owner=club["ann"].owner, name="Bo Lind")
    nights, h2h = direct(bo)
    left = next(n for n in nights if n["event"] == club["nights"][1])
    assert left["rounds"] == 1  # then left: two rounds filled, not played
    history = person_history(bo)
    assert history.rounds_played == sum(n["rounds"] for n in nights)
    assert history.average_score == Fraction(
        sum(n["points"] for n in nights), sum(n["rounds"] for n in nights)
    )
    page = read(host_client.get(reverse("person_detail", args=[bo.pk])))
    assert_page_matches(page, bo, nights, h2h)


def test_a_player_whose_table_was_filled_in_counts_only_the_rounds_played(host_client, club):
    filled = Score.objects.filter(
        entry__round__event=club["nights"][2], entry__state="current", played=False
    ).first()
    someone = filled.player.person
    nights, h2h = direct(someone)
    scores = Score.objects.filter(player__person=someone, entry__state="current").count()
    assert sum(n["rounds"] for n in nights) < scores  # the filled round is not a round played
    page = read(host_client.get(reverse("person_detail", args=[someone.pk])))
    assert_page_matches(page, someone, nights, h2h)


def test_the_season_filter_keeps_only_that_seasons_nights(host_client, club):
    ann, spring = club["ann"], club["spring"]
    nights, h2h = direct(ann, season=spring)
    assert len(nights) == 3
    url = reverse("person_detail", args=[ann.pk]) + f"?season={spring.slug}"
    assert_page_matches(read(host_client.get(url)), ann, nights, h2h)


def test_contact_is_shown_to_the_host(host_client, club):
    ann = club["ann"]
    page = host_client.get(reverse("person_detail", args=[ann.pk])).content.decode()
    assert "ann@example.com" in page and "555-0101" in page


def test_a_player_link_shows_the_same_history_without_contact_or_links(client, club):
    ann, tonight = club["ann"], club["nights"][3]
    player = tonight.players.get(person=ann)
    seat = Seat.objects.get(player=player, round__number=2)
    card = TableCard.objects.get(event=tonight, number=seat.table.number)
    response = client.get(reverse("table_player", args=[card.token, player.pk]))
    page = read(response)
    nights, h2h = direct(ann)
    assert_page_matches(page, ann, nights, h2h)
    html = response.content.decode()
    assert "ann@example.com" not in html and "555-0101" not in html and "mailto:" not in html
    assert not [h for h in page.hrefs if "/people/" in h or "/events/" in h]
    # Ann of an earlier night is not at this table: a plain 404, as is another host's player.
    earlier = club["nights"][0].players.get(person=ann)
    assert client.get(reverse("table_player", args=[card.token, earlier.pk])).status_code == 404
    stranger = Player.objects.get(event__owner=club["other"], name="Ann Whitaker")
    assert client.get(reverse("table_player", args=[card.token, stranger.pk])).status_code == 404


def test_the_night_page_links_to_all_nights_of_the_person(host_client, club):
    ann, night = club["ann"], club["nights"][0]
    player = night.players.get(person=ann)
    page = host_client.get(reverse("player_detail", args=[night.slug, player.pk])).content.decode()
    assert f'href="{reverse("person_detail", args=[ann.pk])}"' in page
    assert "All nights of Ann Whitaker" in page


def test_another_hosts_person_or_season_is_a_404_and_signed_out_is_sent_to_sign_in(
    host_client, client, club
):
    theirs = Person.objects.get(owner=club["other"], name="Ann Whitaker")
    assert host_client.get(reverse("person_detail", args=[theirs.pk])).status_code == 404
    their_season = Season.objects.create(owner=club["other"], name="Their season")
    url = reverse("person_detail", args=[club["ann"].pk])
    assert host_client.get(url + f"?season={their_season.slug}").status_code == 404
    assert host_client.get(url + "?season=no-such-season").status_code == 404
    client.logout()  # host_client is the same client, signed in
    response = client.get(url)
    assert response.status_code == 302 and reverse("login") in response["Location"]


def test_a_person_with_no_nights_yet_gets_an_empty_state(host_client, host):
    newcomer = Person.objects.create(owner=host, name="Ida Newcomb", email="ida@example.com")
    page = host_client.get(reverse("person_detail", args=[newcomer.pk])).content.decode()
    assert "No nights played yet" in page
    assert "history-nights" not in page and "head-to-head" not in page


def test_the_page_takes_the_same_number_of_queries_for_two_nights_or_six(
    host_client, host, django_assert_max_num_queries
):
    rng = random.Random(4)
    for number in (1, 2):
        play_night(new_night(host, number, NAMES), rng, rounds=2)
    ann = Person.objects.get(owner=host, name="Ann Whitaker")
    url = reverse("person_detail", args=[ann.pk])
    with CaptureQueriesContext(connection) as two:
        read(host_client.get(url))
    for number in (3, 4, 5, 6):
        play_night(new_night(host, number, [*NAMES, HAL]), rng, rounds=2)
    with django_assert_max_num_queries(len(two.captured_queries)):
        page = read(host_client.get(url))
    assert len(page.tables["history-nights"]) == 1 + 6
