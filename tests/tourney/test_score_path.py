"""The score path under real use (issue 14): stale forms, retries, disputes,
confirmation, table links, numbers and editing a night that has started."""

import html
import uuid

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import night, valid_points
from tourney import services
from tourney.models import Entry, Event, TableCard

pytestmark = pytest.mark.django_db


@pytest.fixture
def playing(host):
    event = night(12, owner=host)
    rnd = services.begin_round(services.seat_next_round(event))
    table = rnd.tables.get(number=1)
    return event, rnd, table, TableCard.objects.get(event=event, number=1)


def form_data(table, points, *, seat=0, entrant=None, based_on=0, key=None, rnd=None):
    if entrant is None:  # who enters: a seated player, chosen from the list
        entrant = table.seats.order_by("position")[seat].player_id
    data = {
        "entrant": entrant,
        "round": rnd if rnd is not None else table.round.number,
        "based_on": based_on,
        "key": key or uuid.uuid4().hex,
    }
    data.update({f"p{pid}": "" if pts is None else pts for pid, pts in points.items()})
    return data


def url(card, name="table_page"):
    return reverse(name, args=[card.token])


def next_round(event, rnd, host=None):
    for table in rnd.tables.all():
        if not table.entries.filter(state="current").exists():
            services.submit_scores(table, valid_points(table), source="host")
    services.close_round(rnd)
    return services.begin_round(services.seat_next_round(event))


# 1. Forms know what they were loaded for ---------------------------------------------


def test_a_round_1_form_sent_after_round_2_starts_is_not_saved_and_says_so(client, playing):
    event, rnd, table, card = playing
    page = client.get(url(card)).content.decode()
    assert 'name="round" value="1"' in page
    stale = form_data(table, valid_points(table, base=40))
    services.submit_scores(table, valid_points(table), source="host")
    round_2 = next_round(event, rnd)
    response = client.post(url(card), stale)
    html = response.content.decode()
    assert response.status_code == 409
    assert (
        "Round 1 is over; these scores were not saved. This table is now playing round 2." in html
    )
    assert "<h1>Round 2:" in html  # the round the table is playing now
    assert not Entry.objects.filter(round=round_2).exclude(source="host").exists()
    assert Entry.objects.filter(round=rnd, table=table).count() == 1


def test_a_form_for_a_reopened_round_counts_there_not_in_the_round_playing_now(client, playing):
    event, rnd, table, card = playing
    stale = form_data(table, valid_points(table, base=40))
    round_2 = next_round(event, rnd)  # round 1 closes with the host's scores
    services.reopen_round(rnd)  # to correct it, while round 2 plays on
    response = client.post(url(card), stale)
    assert response.status_code == 303
    assert response["Location"].endswith("?done=disputed")
    assert Entry.objects.filter(round=rnd, table=table, state="disputed").count() == 1
    assert not Entry.objects.filter(round=round_2, source="phone").exists()


def family(host, names=("Mom", "Dad", "Kim")):
    event = services.start_table_game(
        owner=host, name="Family", game_slug="shanghai", players=list(names), house_rules={}
    )
    return event, TableCard.objects.get(event=event)


def hand_points(event):
    table = event.round_in_play().tables.get()
    return table, valid_points(table)


def test_dads_identical_hand_1_after_moms_is_not_stored_as_hand_2(host):
    event, card = family(host)
    table, points = hand_points(event)
    mom, dad = Client(), Client()
    mom_form, dad_form = form_data(table, points), form_data(table, points, seat=1)
    assert mom.post(url(card), mom_form)["Location"].endswith("?done=saved")
    response = dad.post(url(card), dad_form)
    assert response["Location"].endswith("?done=same")
    assert event.round_in_play().number == 2
    assert not Entry.objects.filter(round__number=2).exists()


def test_dads_different_hand_1_after_moms_is_refused_and_shows_hand_2(host):
    event, card = family(host)
    table, points = hand_points(event)
    Client().post(url(card), form_data(table, points))
    other = dict(points)
    first, second = list(other)[:2]
    other[first], other[second] = other[second], other[first]
    response = Client().post(url(card), form_data(table, other, seat=1))
    html = response.content.decode()
    assert response.status_code == 409
    assert "Hand 1 is over; these scores were not saved. This table is now playing hand 2." in html
    assert not Entry.objects.filter(round__number=2).exists()


@pytest.mark.django_db(transaction=True)
def test_two_phones_at_the_same_instant_advance_a_family_game_once(host):
    import threading

    from django.db import connection

    event, card = family(host)
    table, points = hand_points(event)
    forms = [form_data(table, points, seat=n) for n in (0, 1)]
    barrier = threading.Barrier(2)
    answers = []

    def phone(data):
        try:
            barrier.wait(timeout=10)
            answers.append(Client().post(url(card), data).status_code)
        finally:
            connection.close()

    threads = [threading.Thread(target=phone, args=(f,)) for f in forms]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(answers) == [303, 303]
    assert event.round_in_play().number == 2
    assert Entry.objects.filter(round__event=event).exclude(table=None).count() == 1


# 2. Retries --------------------------------------------------------------------------


def test_a_retry_key_sent_with_changed_scores_is_a_new_submission(client, playing):
    _, _, table, card = playing
    client.get(url(card))
    key = uuid.uuid4().hex
    first = client.post(url(card), form_data(table, valid_points(table), key=key))
    # Its reply never arrived ("Not saved"); the player fixes a score and sends again.
    changed = client.post(url(card), form_data(table, valid_points(table, base=30), key=key))
    assert first["Location"].endswith("?done=saved")
    assert changed["Location"].endswith("?done=saved")
    versions = [(e.state, e.points_by_player()) for e in Entry.objects.order_by("version")]
    assert versions == [
        ("replaced", valid_points(table)),
        ("current", valid_points(table, base=30)),
    ]


def test_a_retry_key_reused_by_another_phone_with_other_scores_is_kept_as_a_dispute(playing):
    _, _, table, card = playing
    key = uuid.uuid4().hex
    Client().post(url(card), form_data(table, valid_points(table), key=key))
    other = Client().post(url(card), form_data(table, valid_points(table, base=30), key=key))
    assert other["Location"].endswith("?done=disputed")
    assert table.entries.get(state="disputed").points_by_player() == valid_points(table, base=30)


def test_a_retry_after_the_host_closes_the_round_is_answered_saved(client, playing):
    _event, rnd, table, card = playing
    data = form_data(table, valid_points(table))
    assert client.post(url(card), data)["Location"].endswith("?done=saved")
    for other in rnd.tables.exclude(pk=table.pk):
        services.submit_scores(other, valid_points(other), source="host")
    services.close_round(rnd)
    retry = client.post(url(card), data)
    assert retry.status_code == 303
    assert retry["Location"].endswith("?done=repeat")
    assert Entry.objects.filter(table=table).count() == 1


# 3. Disputes -------------------------------------------------------------------------


@pytest.fixture
def disputed(client, playing):
    event, rnd, table, card = playing
    client.post(url(card), form_data(table, valid_points(table), seat=0))
    Client().post(url(card), form_data(table, valid_points(table, base=30), seat=1))
    assert table.entries.filter(state="disputed").count() == 1
    return event, rnd, table, card


def test_the_host_can_keep_the_first_version(host_client, disputed):
    event, _rnd, table, _ = disputed
    history = reverse("table_history", args=[event.slug, 1, 1])
    page = host_client.get(history).content.decode()
    assert "Keep v1" in page and "Keep v2" in page
    response = host_client.post(
        reverse("table_restore", args=[event.slug, 1, 1]), {"version": 1}, follow=True
    )
    assert "Table 1 keeps version 1; the dispute is settled." in response.content.decode()
    assert table.entries.get(state="current").version == 1
    assert not table.entries.filter(state="disputed").exists()
    assert table.entries.get(version=2).state == "dismissed"


def test_an_identical_host_correction_settles_the_dispute(host_client, disputed):
    event, _, table, _ = disputed
    data = {f"p{pid}": pts for pid, pts in valid_points(table).items()}
    host_client.post(reverse("table_scores_host", args=[event.slug, 1, 1]), data)
    assert not table.entries.filter(state="disputed").exists()
    assert table.entries.get(state="current").version == 1


def test_closing_a_round_with_a_dispute_is_refused_with_the_tables(host_client, disputed):
    event, rnd, table, _ = disputed
    for other in rnd.tables.exclude(pk=table.pk):
        services.submit_scores(other, valid_points(other), source="host")
    close = reverse("round_close", args=[event.slug, 1])
    response = host_client.post(close, follow=True)
    refused = "Table 1 has disputed scores. Settle it, or choose to close keeping the first entry."
    assert refused in response.content.decode()
    rnd.refresh_from_db()
    assert rnd.status == "playing"
    host_client.post(close, {"keep_first_entry": "on"})
    rnd.refresh_from_db()
    assert rnd.status == "closed"
    dismissed = table.entries.get(version=2)
    assert dismissed.state == "dismissed"
    assert dismissed.note == "Settled by hostess: closed round 1 keeping the first entry"
    assert table.entries.get(state="current").version == 1


def test_the_versions_page_is_in_seat_order_and_marks_the_differences(host_client, disputed):
    event, _, table, _ = disputed
    page = host_client.get(reverse("table_history", args=[event.slug, 1, 1])).content.decode()
    seats = list(table.seats.order_by("position").select_related("player"))
    positions = [page.index(f">{s.player.name}") for s in seats]
    assert positions == sorted(positions)
    # Version 2 (base 30) differs from v1 (base 10) for everyone except the one who went out.
    assert page.count('<td class="num differs">') == len(seats) - 1


# 4. Confirmation ---------------------------------------------------------------------


def test_confirming_means_choosing_a_seated_player_other_than_the_one_who_entered(client, playing):
    _event, rnd, table, card = playing
    seats = list(table.seats.order_by("position").select_related("player"))
    client.post(url(card), form_data(table, valid_points(table), seat=0))
    page = Client().get(url(card)).content.decode()
    choices = page[page.index('id="confirm-player"') :]
    choices = choices[: choices.index("</select>")]
    assert [f">{s.player.name}</option>" in choices for s in seats] == [False] + [True] * (
        len(seats) - 1
    )
    stranger = rnd.seats.exclude(table=table).first().player
    entry = Entry.objects.get()
    response = Client().post(
        url(card, "table_confirm"), {"player": stranger.pk, "version": entry.version, "round": 1}
    )
    assert response.status_code == 409
    assert "Choose your name from the players at this table." in response.content.decode()
    entry.refresh_from_db()
    assert entry.confirmed_at is None


# 5. Table links ----------------------------------------------------------------------


def test_once_the_night_is_over_cards_show_the_standings_and_take_no_scores(
    host_client, client, playing
):
    event, rnd, table, card = playing
    stale = form_data(table, valid_points(table, base=40))
    for t in rnd.tables.all():
        services.submit_scores(t, valid_points(t), source="host")
    services.close_round(rnd)
    host_client.post(reverse("event_end", args=[event.slug]))
    page = client.get(url(card)).content.decode()
    assert "The night is over" in page and "Final standings" in page
    assert 'name="key"' not in page  # no score form
    response = client.post(url(card), stale)
    assert "The night is over; these scores were not saved." in response.content.decode()
    assert Entry.objects.filter(table=table).count() == 1
    assert event.players.first().name in page


def test_the_last_round_closing_ends_the_night_for_the_cards(client, host):
    event = night(8, owner=host, rounds_planned=1)
    rnd = services.begin_round(services.seat_next_round(event))
    for t in rnd.tables.all():
        services.submit_scores(t, valid_points(t), source="host")
    services.close_round(rnd)
    card = TableCard.objects.get(event=event, number=1)
    assert "Final standings" in client.get(url(card)).content.decode()


def test_the_host_reissues_a_lost_card(host_client, client, playing):
    event, _, _, card = playing
    old = card.token
    response = host_client.post(reverse("table_card_reissue", args=[event.slug, 1]), follow=True)
    card.refresh_from_db()
    assert card.token != old
    assert "Table 1 has a new link" in response.content.decode()
    assert client.get(reverse("table_page", args=[old])).status_code == 404
    assert client.get(url(card)).status_code == 200


# 6. Numbers --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "typed",
    ["²", "①", "5²", "٣", "３５", "--5", "+5", "1e3", "½"],
    ids=[
        "superscript",
        "circled",
        "5-squared",
        "arabic",
        "fullwidth",
        "double-minus",
        "plus",
        "exponent",
        "fraction",
    ],
)
def test_a_score_that_is_not_ascii_digits_is_named_beside_the_player(client, playing, typed):
    _, _, table, card = playing
    seats = list(table.seats.order_by("position").select_related("player"))
    points = valid_points(table)
    points[seats[1].player_id] = typed
    response = client.post(url(card), form_data(table, points))
    html = response.content.decode()
    assert response.status_code == 422
    assert f"{seats[1].player.name}: “{typed}” is not a number of points." in html
    assert "Type a whole number, like 35" in html
    assert not Entry.objects.exists()


def test_the_host_score_form_takes_ascii_digits_only(host_client, playing):
    event, _, table, _ = playing
    points = {f"p{pid}": pts for pid, pts in valid_points(table).items()}
    first = next(iter(points))
    points[first] = "٣"
    response = host_client.post(reverse("table_scores_host", args=[event.slug, 1, 1]), points)
    assert response.status_code == 422  # refused: the form again with the reason
    assert "Type a whole number, like 35" in response.content.decode()
    assert not Entry.objects.exists()


def test_every_problem_is_reported_in_one_pass(client, playing):
    _, _, table, card = playing
    seats = list(table.seats.order_by("position").select_related("player"))
    points = valid_points(table)
    points[seats[1].player_id] = 0
    response = client.post(url(card), form_data(table, points, entrant=""))
    html = response.content.decode()
    assert response.status_code == 422
    assert "Choose your name, so the table knows who entered these." in html
    assert f"{seats[0].player.name} and {seats[1].player.name} both went out" in html


def test_a_pad_bid_in_other_digits_is_refused(host_client, host):
    from scoring import services as pads

    pad = pads.start_pad(
        owner=host,
        name="Two",
        game_slug="rook-for-two",
        house_rules={},
        players=["Ann", "Bo"],
        first_dealer=0,
    )
    ann, bo = pad.seats
    data = {
        "number": 1,
        "bidder": ann.pk,
        "bid": "١٢٠",
        f"tricks_{ann.pk}": 8,
        f"count_{ann.pk}": 60,
        f"tricks_{bo.pk}": 5,
        f"count_{bo.pk}": 20,
    }
    response = host_client.post(reverse("scoring:hand_add", args=[pad.pk]), data)
    assert "“١٢٠” is not a number" in response.content.decode()
    assert not pad.hands.exists()


# 7. Editing a night ------------------------------------------------------------------


def edit_data(host_client, event, **changes):
    form = host_client.get(reverse("event_edit", args=[event.slug])).context["form"]
    data = {}
    for field in form:
        value = field.value()
        if field.field.disabled or value is None:
            continue
        if isinstance(value, bool):
            if value:
                data[field.html_name] = "on"
            continue
        data[field.html_name] = value
    data.update(changes)
    return data


def test_a_seated_toonerville_night_can_be_renamed(host_client, playing):
    event, *_ = playing
    data = edit_data(host_client, event, name="Renamed night")
    response = host_client.post(reverse("event_edit", args=[event.slug]), data)
    assert response.status_code == 302
    event.refresh_from_db()
    assert event.name == "Renamed night"


def test_fewer_rounds_than_played_is_refused_saying_why(host_client, playing):
    event, rnd, *_ = playing
    next_round(event, rnd)
    data = edit_data(host_client, event, rounds_planned=1)
    response = host_client.post(reverse("event_edit", args=[event.slug]), data)
    assert response.status_code == 422
    assert "Round 2 has been played: the night can't have fewer than 2 rounds" in (
        html.unescape(response.content.decode())
    )
    event.refresh_from_db()
    assert event.rounds_planned == 11


def test_a_house_rule_that_changes_a_played_round_is_refused(host_client, host):
    event = night(8, owner=host)
    rnd = None
    for _ in range(11):
        rnd = services.begin_round(services.seat_next_round(event))
        if rnd.number < 11:
            for t in rnd.tables.all():
                services.submit_scores(t, valid_points(t), source="host")
            services.close_round(rnd)
    assert event.game.round(11).cards_dealt == 12  # the house default since RULES.md changed
    data = edit_data(host_client, event, toonerville__round_11_cards="14")
    response = host_client.post(reverse("event_edit", args=[event.slug]), data)
    assert response.status_code == 422
    assert "Round 11 has been played as" in response.content.decode()
    event = Event.objects.get(pk=event.pk)
    assert event.game.round(11).cards_dealt == 12


def test_a_house_rule_for_later_rounds_applies_from_the_next_round(host_client, playing):
    event, *_ = playing
    data = edit_data(host_client, event, toonerville__round_11_cards="14")
    response = host_client.post(reverse("event_edit", args=[event.slug]), data, follow=True)
    assert "The new house rules apply from round 2; round 1 keeps its scores." in (
        response.content.decode()
    )
    assert Event.objects.get(pk=event.pk).house_rules["round_11_cards"] == 14
