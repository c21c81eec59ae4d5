"""Who did what (issue 28, item 3): every change to a night, made through the pages a
host and a table's phone use, appears once on the event's Activity page with its
author; a repeated tap that changes nothing adds nothing; backups carry it."""

import re
from html import unescape

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import UserFactory, night
from tourney import services
from tourney.club.backup import export_event, import_event
from tourney.models import Activity, Entry, Player, TableCard
from tourney.views.table import DEVICE_COOKIE

pytestmark = pytest.mark.django_db

ROW = re.compile(
    r'<li class="card activity-row action-(\w+)">.*?'
    r'<p class="activity-author"><strong>(.*?)</strong></p>\s*'
    r'<p class="activity-detail">(.*?)</p>',
    re.S,
)


def shown(client, event, **query) -> list[tuple[str, str, str]]:
    """The Activity page's rows, newest first: (action, author, what)."""
    response = client.get(reverse("event_activity", args=[event.slug]), query)
    assert response.status_code == 200
    return [tuple(unescape(x) for x in row) for row in ROW.findall(response.content.decode())]


class Log:
    """Reads the page after each step: exactly one new row, or none for a repeat."""

    def __init__(self, client, event):
        self.client, self.event, self.seen = client, event, 0

    def one(self, action: str, author: str, *words: str) -> str:
        rows = shown(self.client, self.event)
        new = rows[: len(rows) - self.seen]
        assert len(new) == 1, f"expected one new row ({action}), got {new}"
        got_action, got_author, what = new[0]
        assert (got_action, got_author) == (action, author), new[0]
        for word in words:
            assert word in what, (word, what)
        self.seen = len(rows)
        return what

    def none(self) -> None:
        rows = shown(self.client, self.event)
        assert len(rows) == self.seen, rows[: len(rows) - self.seen]


def typed(rnd, number: int, values: str, *, prefix: str = "") -> dict:
    """A host's form for table ``number``: the values in seat order."""
    seats = rnd.tables.get(number=number).seats.order_by("position")
    return {f"{prefix}p{s.player_id}": v for s, v in zip(seats, values.split(), strict=True)}


class Phone:
    """A phone at a table: its own cookies (a device id, given on the first visit)."""

    def __init__(self, card: TableCard):
        self.client, self.card = Client(), card
        self.client.get(reverse("table_page", args=[card.token]))
        assert self.client.cookies[DEVICE_COOKIE].value

    def enter(self, seats, entrant, values, *, key: str, based_on: int = 0):
        data = {"round": 1, "based_on": based_on, "key": key, "entrant": entrant.pk}
        data.update({f"p{s.player_id}": v for s, v in zip(seats, values, strict=True)})
        response = self.client.post(reverse("table_page", args=[self.card.token]), data)
        assert response.status_code == 303, response.content.decode()[:400]

    def confirm(self, player, version: int):
        url = reverse("table_confirm", args=[self.card.token])
        response = self.client.post(url, {"player": player.pk, "version": version, "round": 1})
        assert response.status_code == 200


def test_every_change_appears_once_with_its_author(host_client, host):
    event = night(12, owner=host)
    log = Log(host_client, event)
    slug = event.slug
    p12 = event.players.get(name="P12")

    # check-out and check-in; the same tap twice changes nothing and says nothing
    status = reverse("player_status", args=[slug, p12.pk])
    host_client.post(status, {"status": Player.Status.ABSENT})
    log.one("check_out", "hostess", "P12: checked in → absent.")
    host_client.post(status, {"status": Player.Status.ABSENT})
    log.none()
    host_client.post(status, {"status": Player.Status.PRESENT})
    log.one("check_in", "hostess", "P12: absent → checked in.")

    # seating: seat round 1, re-seat it, swap two players, move one and back
    host_client.post(reverse("round_seat_next", args=[slug]))
    log.one("seat", "hostess", "Seated round 1: 12 players at 3 tables.")
    host_client.post(reverse("round_reseat", args=[slug, 1]), {"method": "random"})
    log.one("reseat", "hostess", "Re-seated round 1 by random")
    rnd = event.rounds.get(number=1)
    t1, t2 = (list(rnd.tables.get(number=n).seats.order_by("position")) for n in (1, 2))
    swap = reverse("round_swap", args=[slug, 1])
    host_client.post(swap, {"player": t1[3].player_id, "other": t2[3].player_id})
    log.one("swap", "hostess", f"swapped {t1[3].player.name} (now table 2)")
    host_client.post(swap, {"player": t1[3].player_id, "table": "2"})
    log.none()  # already at table 2: nothing moves
    host_client.post(swap, {"player": t1[3].player_id, "table": "3"})
    log.one("move", "hostess", f"moved {t1[3].player.name} from table 2 to table 3")
    host_client.post(swap, {"player": t1[3].player_id, "table": "2"})
    log.one("move", "hostess", f"moved {t1[3].player.name} from table 3 to table 2")
    host_client.post(reverse("round_begin", args=[slug, 1]))
    log.one("begin", "hostess", "Started round 1.")

    # table 1's phones: an entry, its retry, a confirmation, a differing entry
    card = TableCard.objects.get(event=event, number=1)
    seats = list(rnd.tables.get(number=1).seats.order_by("position").select_related("player"))
    ann, bob = seats[0].player, seats[1].player
    first, second = Phone(card), Phone(card)
    first.enter(seats, ann, ["0", "15", "20", "25"], key="a" * 32)
    log.one("scores", f"{ann.name} on table 1's phone", "Round 1, table 1: scores entered")
    first.enter(seats, ann, ["0", "15", "20", "25"], key="a" * 32)
    log.none()  # the phone sent it twice: recorded once
    second.confirm(bob, 1)
    log.one("confirm", f"{bob.name} on table 1's phone", "version 1 confirmed")
    second.confirm(bob, 1)
    log.none()
    second.enter(seats, bob, ["0", "15", "20", "30"], key="b" * 32, based_on=1)
    log.one("dispute", f"{bob.name} on table 1's phone", "differing scores kept as a dispute")

    # the host settles it, enters and corrects table 2, the desk types table 3
    host_client.post(reverse("table_restore", args=[slug, 1, 1]), {"version": 2})
    log.one("settle", "hostess", "version 2's scores restored as version 3")
    host_scores = reverse("table_scores_host", args=[slug, 1, 2])
    host_client.post(host_scores, typed(rnd, 2, "0 5 10 15"))
    log.one("scores", "hostess", "Round 1, table 2: scores entered (version 1)")
    host_client.post(host_scores, typed(rnd, 2, "0 5 10 15"))
    log.none()  # the same scores again: nothing changed
    host_client.post(host_scores, typed(rnd, 2, "0 5 10 20"))
    log.one("correction", "hostess", "version 1 replaced by 2")
    desk = reverse("desk_table", args=[slug, 1, 3])
    host_client.post(desk, typed(rnd, 3, "5 0 10 15", prefix="t3-"))
    log.one("scores", "hostess", "Round 1, table 3: scores entered")

    # close, reopen, close again; end the night, a second End, reopen it
    host_client.post(reverse("round_close", args=[slug, 1]))
    log.one("close", "hostess", "Closed round 1.")
    host_client.post(reverse("round_reopen", args=[slug, 1]))
    log.one("reopen", "hostess", "Reopened round 1")
    host_client.post(reverse("round_reopen", args=[slug, 1]))
    log.none()  # refused: it is open
    host_client.post(reverse("round_close", args=[slug, 1]))
    log.one("close", "hostess", "Closed round 1.")
    host_client.post(reverse("event_end", args=[slug]))
    log.one("end", "hostess", "Ended the night.")
    host_client.post(reverse("event_end", args=[slug]))
    log.none()
    host_client.post(reverse("event_reopen", args=[slug]))
    log.one("reopen_night", "hostess", "Reopened the night.")

    # planning the rest of the night, and check everyone in (nobody expected: nothing)
    host_client.post(reverse("round_plan_night", args=[slug]))
    log.one("plan", "hostess", "Planned the rest of the night: rounds 2 to 11")
    host_client.post(reverse("player_check_in_all", args=[slug]))
    log.none()

    # a role given, as the roles work records it (its own API; the event names the night)
    helper = UserFactory(username="desk-dana")
    services.record_role(
        club=host,
        by=services.Actor.account(host),
        who=helper.username,
        role="desk",
        given=True,
        event=event,
    )
    log.one("role_given", "hostess", "Gave desk-dana the desk role")


def test_a_change_refused_writes_nothing_and_a_rolled_back_one_takes_its_row(host):
    event = night(12, owner=host)
    rnd = services.seat_next_round(event, by=services.Actor.account(host))
    before = Activity.objects.count()
    with pytest.raises(services.RoundStateError):
        services.close_round(rnd, user=host)  # not started: refused
    assert Activity.objects.count() == before
    table = rnd.tables.get(number=1)
    services.begin_round(rnd, by=services.Actor.account(host))
    points = {s.player_id: 5 for s in table.seats.all()}  # nobody went out: refused
    with pytest.raises(Exception):  # noqa: B017, PT011 (the rules' InvalidScore)
        services.submit_scores(table, points, user=host, source=Entry.Source.HOST)
    assert not Activity.objects.filter(action="scores").exists()


def test_filters_by_table_and_person_and_pages(host_client, host):
    event = night(12, owner=host)
    by = services.Actor.account(host)
    rnd = services.seat_next_round(event, by=by)
    services.begin_round(rnd, by=by)
    ann = rnd.tables.get(number=2).seats.get(position=0).player
    for number in (1, 2, 3):
        table = rnd.tables.get(number=number)
        seats = list(table.seats.order_by("position"))
        points = {s.player_id: 0 if i == 0 else 10 + i for i, s in enumerate(seats)}
        entrant = seats[0].player if number == 2 else None
        services.submit_scores(
            table, points, entered_by_player=entrant, source=Entry.Source.PHONE, device="d" * 32
        )
    at_table_2 = shown(host_client, event, table=2)
    assert [(a, who) for a, who, _ in at_table_2] == [("scores", f"{ann.name} on table 2's phone")]
    by_ann = shown(host_client, event, who=f"p{ann.pk}")
    assert len(by_ann) == 1 and "table 2" in by_ann[0][2]
    by_host = shown(host_client, event, who=f"u{host.pk}")
    assert [a for a, _, _ in by_host] == ["begin", "seat"]  # newest first
    page = host_client.get(reverse("event_activity", args=[event.slug])).content.decode()
    assert f'<option value="p{ann.pk}">{ann.name}</option>' in page
    # a long night pages at 50 rows, newest first; filters stay on the page links
    for n in range(60):
        services.activity.record(event, "check_in", f"row {n}", by=by)
    first = shown(host_client, event)
    assert len(first) == 50 and first[0][2] == "row 59"
    response = host_client.get(reverse("event_activity", args=[event.slug]), {"page": 2})
    assert "row 9" in response.content.decode() and "Page 2 of 2" in response.content.decode()
    # nonsense filters show everything rather than fail
    assert len(shown(host_client, event, who="x1", table="abc")) == 50


def test_the_page_is_the_owners_only(client, host):
    event = night(4, owner=host)
    other = UserFactory(username="stranger")
    client.force_login(other)
    assert client.get(reverse("event_activity", args=[event.slug])).status_code == 404


def test_monitor_and_versions_name_who_entered_each_version(host_client, host):
    event = night(12, owner=host)
    rnd = services.seat_next_round(event)
    services.begin_round(rnd)
    table = rnd.tables.get(number=1)
    seats = list(table.seats.order_by("position"))
    ann = seats[0].player
    phone = {s.player_id: 0 if i == 0 else 10 + i for i, s in enumerate(seats)}
    services.submit_scores(table, phone, entered_by_player=ann, device="a" * 32)
    changed = {**phone, seats[1].player_id: 40}
    services.submit_scores(table, changed, entered_by_player=seats[1].player, device="b" * 32)
    monitor = unescape(
        host_client.get(reverse("round_detail", args=[event.slug, 1])).content.decode()
    )
    assert f"Version 1, by {ann.name} on table 1's phone" in monitor
    assert f"Disputed: version 2, by {seats[1].player.name} on table 1's phone" in monitor
    services.restore_entry(Entry.objects.get(version=2), user=host)
    versions = unescape(
        host_client.get(reverse("table_history", args=[event.slug, 1, 1])).content.decode()
    )
    assert f"{ann.name} on table 1's phone" in versions
    assert "hostess (signed in)" in versions


def test_backups_carry_the_activity_and_restore_it(tmp_path, host):
    event = night(12, owner=host)
    by = services.Actor.account(host)
    rnd = services.seat_next_round(event, by=by)
    services.begin_round(rnd, by=by)
    table = rnd.tables.get(number=1)
    seats = list(table.seats.order_by("position"))
    points = {s.player_id: 0 if i == 0 else 10 + i for i, s in enumerate(seats)}
    services.submit_scores(table, points, entered_by_player=seats[0].player, device="a" * 32)
    doc = export_event(event)
    before = [(a.action, a.author, a.detail, a.at) for a in event.activity.all()]
    assert len(doc["activity"]) == 3
    services.delete_event(event)
    back = import_event(doc)
    after = list(back.activity.all())
    assert [(a.action, a.author, a.detail, a.at) for a in after] == before
    phone_row = next(a for a in after if a.action == "scores")
    assert phone_row.by_player.event == back and phone_row.entry.round.event == back
    assert next(a for a in after if a.action == "begin").user == host
    # a damaged row is refused before anything is stored
    doc["activity"][0]["by_phone"] = "yes"
    with pytest.raises(Exception, match=r"activity\[0\]\.by_phone"):
        import_event(doc)


def test_a_family_game_deals_on_by_the_phone_that_saved_the_hand(host):
    event = services.start_table_game(
        owner=host,
        name="Family",
        game_slug="shanghai",
        players=["Mom", "Dad", "Kid"],
        house_rules={},
    )
    table = event.rounds.get(number=1).tables.get()
    points = {p.pk: 0 if p.name == "Mom" else 25 for p in event.players.all()}
    services.submit_scores(table, points, device="f" * 32)
    rows = [(a.action, a.author) for a in event.activity.order_by("at", "pk")]
    assert rows == [
        ("seat", "hostess"),
        ("begin", "hostess"),
        ("scores", "Table 1's phone"),
        ("close", "Table 1's phone"),
        ("seat", "Table 1's phone"),
        ("begin", "Table 1's phone"),
    ]
