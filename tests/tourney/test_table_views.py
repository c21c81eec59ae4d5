"""The table page on a phone: full page and htmx partial, versions, disputes, races, scope."""

import threading
import uuid
from html import unescape

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse

from tests.factories import night, valid_points
from tourney import services
from tourney.models import Entry, Round, TableCard

pytestmark = pytest.mark.django_db


@pytest.fixture
def playing(host):
    """A 12-player night with round 1 playing: (event, round, table 1, its card)."""
    event = night(12, owner=host)
    rnd = services.seat_next_round(event)
    services.begin_round(rnd)
    table = rnd.tables.get(number=1)
    return event, rnd, table, TableCard.objects.get(event=event, number=1)


def form_data(table, points, *, seat=0, entrant=None, based_on=0, key=None, **extra):
    if entrant is None:  # who enters: a seated player, chosen from the list
        entrant = table.seats.order_by("position")[seat].player_id
    data = {
        "entrant": entrant,
        "round": table.round.number,
        "based_on": based_on,
        "key": key or uuid.uuid4().hex,
    }
    data.update({f"p{pid}": "" if pts is None else pts for pid, pts in points.items()})
    data.update(extra)
    return data


def url(card, name="table_page"):
    return reverse(name, args=[card.token])


def test_full_page_shows_the_round_and_the_players_in_seat_order(client, playing):
    event, _rnd, table, card = playing
    response = client.get(url(card))
    page = response.content.decode()
    assert response.status_code == 200
    assert f"<title>Table 1 · round 1 · {event.name} · Rookery</title>" in page
    assert "Round 1: two sets" in page
    assert "<strong>12</strong> cards dealt" in page
    assert "Go out with a final discard" in page
    seats = list(table.seats.order_by("position").select_related("player"))
    assert f"<strong>{seats[0].player.name}</strong> deals" in page
    positions = [page.index(f'for="id_p{s.player_id}"') for s in seats]
    assert positions == sorted(positions)
    assert page.count('inputmode="numeric"') >= len(seats)
    assert page.count(">Went out<") == len(seats)
    assert response.cookies["rookery_device"].value


def test_two_zeros_are_refused_beside_both_names_in_the_htmx_partial(client, playing):
    _, _, table, card = playing
    seats = list(table.seats.order_by("position").select_related("player"))
    points = valid_points(table)
    points[seats[1].player_id] = 0
    response = client.post(url(card), form_data(table, points), headers={"HX-Request": "true"})
    html = response.content.decode()
    assert response.status_code == 422  # site.js swaps a refusal's region in
    assert html.lstrip().startswith('<div id="sheet">')
    assert "Not saved." in html
    message = f"{seats[0].player.name} and {seats[1].player.name} both went out (scored 0)"
    assert html.count(message) == 2  # beside each of the two players
    assert f'value="{points[seats[2].player_id]}"' in html  # typed values kept
    assert not Entry.objects.exists()


def test_without_javascript_the_same_form_is_a_normal_post(client, playing):
    _, _, table, card = playing
    points = valid_points(table)
    bad = {pid: (None if i == 0 else pts) for i, (pid, pts) in enumerate(points.items())}
    response = client.post(url(card), form_data(table, bad))
    assert response.status_code == 422
    assert "has no score yet" in response.content.decode()
    response = client.post(url(card), form_data(table, points))
    assert response.status_code == 303
    page = client.get(response["Location"]).content.decode()
    assert "Saved. Ask another player at the table to confirm." in page
    entrant = table.seats.order_by("position").first().player.name
    assert f"Entered by {entrant} at" in page


def test_text_in_a_score_field_names_the_player(client, playing):
    _, _, table, card = playing
    seat = table.seats.order_by("position").select_related("player").first()
    points = valid_points(table)
    data = form_data(table, points)
    data[f"p{seat.player_id}"] = "12a"
    page = client.post(url(card), data).content.decode()
    assert f"{seat.player.name}: “12a” is not a number of points." in page


def test_went_out_without_javascript_sets_zero_and_saves_nothing(client, playing):
    _, _, table, card = playing
    seat = table.seats.order_by("position").last()
    data = form_data(table, {seat.player_id: ""}, went_out=seat.player_id)
    page = client.post(url(card), data).content.decode()
    assert f'id="id_p{seat.player_id}" value="0"' in page
    assert not Entry.objects.exists()


def test_high_score_needs_a_second_tap(client, playing):
    _, _, table, card = playing
    seats = list(table.seats.order_by("position"))
    points = valid_points(table)
    points[seats[1].player_id] = 400
    data = form_data(table, points)
    page = client.post(url(card), data).content.decode()
    assert "Are you sure?" in page
    assert 'name="high_confirmed" value="on"' in page
    assert not Entry.objects.exists()
    data["high_confirmed"] = "on"
    assert client.post(url(card), data).status_code == 303
    assert Entry.objects.get().points_by_player()[seats[1].player_id] == 400


def test_a_retried_submit_is_recorded_once(client, playing):
    _, _, table, card = playing
    data = form_data(table, valid_points(table))
    first = client.post(url(card), data)
    second = client.post(url(card), data)
    assert first.status_code == second.status_code == 303
    assert second["Location"].endswith("?done=repeat")
    assert Entry.objects.count() == 1


PHONE2 = "2" * 32  # a device id as the app sets it (32 hex digits)


def test_another_phone_confirms_but_not_the_one_who_entered(client, playing):
    _, _, table, card = playing
    seats = list(table.seats.order_by("position").select_related("player"))
    entering, other_player = seats[0].player, seats[1].player
    client.get(url(card))  # the phone gets its device cookie
    client.post(url(card), form_data(table, valid_points(table), seat=0))
    entry = Entry.objects.get()
    confirm = {"version": entry.version, "round": 1}
    refused = client.post(
        url(card, "table_confirm"),
        {**confirm, "player": other_player.pk},
        headers={"HX-Request": "true"},
    )
    assert "This phone entered these scores" in refused.content.decode()
    other = Client()
    refused = other.post(
        url(card, "table_confirm"),
        {**confirm, "player": entering.pk},
        headers={"HX-Request": "true"},
    )
    assert "another player at the table confirms them" in refused.content.decode()
    ok = other.post(
        url(card, "table_confirm"),
        {**confirm, "player": other_player.pk},
        headers={"HX-Request": "true", "Cookie": f"rookery_device={PHONE2}"},
    )
    html = ok.content.decode()
    assert html.lstrip().startswith('<div id="status"')
    assert "Confirmed" in html and f"confirmed by {other_player.name}" in html
    entry.refresh_from_db()
    assert (entry.confirmed_by, entry.confirmed_device) == (other_player.name, PHONE2)


def test_different_scores_from_another_phone_become_a_dispute(client, playing, host_client):
    event, _rnd, table, card = playing
    client.post(url(card), form_data(table, valid_points(table), seat=0))
    other = Client()
    response = other.post(
        url(card), form_data(table, valid_points(table, out_index=2), seat=2, based_on=1)
    )
    assert response["Location"].endswith("?done=disputed")
    current = table.entries.get(state="current")
    assert current.points_by_player() == valid_points(table)  # never overwritten
    assert table.entries.filter(state="disputed").count() == 1
    page = host_client.get(reverse("table_history", args=[event.slug, 1, 1])).content.decode()
    assert "v1" in page and "v2" in page and "Disputed" in page
    monitor = host_client.get(reverse("round_detail", args=[event.slug, 1])).content.decode()
    assert "Settle dispute" in monitor
    host_client.post(reverse("table_restore", args=[event.slug, 1, 1]), {"version": 2})
    assert table.entries.get(state="current").points_by_player() == valid_points(table, out_index=2)
    assert table.entries.filter(state="dismissed").count() == 0
    assert table.entries.count() == 3


def test_the_same_phone_may_fix_its_own_unconfirmed_typo(client, playing):
    _, _, table, card = playing
    client.get(url(card))  # the phone gets its device cookie
    client.post(url(card), form_data(table, valid_points(table)))
    client.post(url(card), form_data(table, valid_points(table, base=30), based_on=1))
    assert table.entries.get(state="current").points_by_player() == valid_points(table, base=30)
    assert table.entries.get(version=1).state == "replaced"


@pytest.mark.django_db(transaction=True)
def test_two_phones_submitting_at_the_same_instant(playing):
    if connection.vendor == "sqlite" and connection.settings_dict["NAME"].startswith("file:"):
        pytest.skip("needs a file database shared between threads")
    _, _, table, card = playing
    barrier = threading.Barrier(2)
    results = {}

    def phone(seat, points):
        c = Client()
        data = form_data(table, points, seat=seat)
        barrier.wait()
        results[seat] = c.post(url(card), data)

    threads = [
        threading.Thread(target=phone, args=(0, valid_points(table))),
        threading.Thread(target=phone, args=(1, valid_points(table, out_index=1))),
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(r.status_code for r in results.values()) == [303, 303]
    outcomes = sorted(r["Location"].rsplit("=", 1)[1] for r in results.values())
    assert outcomes == ["disputed", "saved"]
    assert table.entries.filter(state="current").count() == 1
    assert table.entries.filter(state="disputed").count() == 1


def test_a_bad_token_is_a_plain_404(client, playing):
    response = client.get("/t/not-a-real-token/")
    assert response.status_code == 404
    assert "Not found" in response.content.decode()


def test_a_token_writes_only_its_own_table(client, playing):
    _event, rnd, _table, card = playing
    other_table = rnd.tables.get(number=2)
    data = form_data(other_table, valid_points(other_table))
    response = client.post(url(card), data)
    # Only this table's players are on its form: the other table's fields are ignored.
    assert response.status_code == 422
    assert "has no score yet" in response.content.decode()
    assert not Entry.objects.exists()


def test_a_closed_round_is_read_only(client, playing):
    _event, rnd, table, card = playing
    for t in rnd.tables.all():
        services.submit_scores(t, valid_points(t))
    services.close_round(rnd)
    page = client.get(url(card)).content.decode()
    assert "Round 1 is closed" in page
    assert 'name="key"' not in page
    response = client.post(url(card), form_data(table, valid_points(table, out_index=1)))
    assert response.status_code == 409
    assert "Not saved" in response.content.decode()
    assert Entry.objects.filter(table=table).count() == 1
    services.reopen_round(Round.objects.get(pk=rnd.pk))
    assert 'name="key"' in client.get(url(card)).content.decode()


def test_status_partial_shows_where_everyone_goes_next(client, playing):
    event, rnd, table, card = playing
    for t in rnd.tables.all():
        services.submit_scores(t, valid_points(t))
    services.close_round(rnd)
    nxt = services.seat_next_round(event)
    html = client.get(url(card, "table_status") + "?round=1").content.decode()
    for seat in table.seats.select_related("player"):
        new = nxt.seats.select_related("table").get(player=seat.player)
        assert f"<strong>{seat.player.name}</strong> → table {new.table.number}, seat " in html
    services.begin_round(nxt)
    html = client.get(url(card, "table_status") + "?round=1").content.decode()
    assert "Round 2 has started." in html


def test_table_cards_page_has_a_qr_code_per_table(host_client, playing):
    event, _rnd, _table, card = playing
    page = host_client.get(reverse("table_cards", args=[event.slug])).content.decode()
    assert page.count('class="table-card-print"') == 3
    # Each card: its own table's code, and the night's small Standings code.
    assert page.count("<svg") == 3 + 3
    assert page.count('class="tc-live"') == 3
    assert f"/t/{card.token}/" in page
    assert len(card.token) >= 22  # 128 bits or more, url-safe


def test_host_monitor_polls_while_playing(host_client, playing):
    event, *_ = playing
    page = host_client.get(reverse("round_detail", args=[event.slug, 1])).content.decode()
    assert 'hx-trigger="every 5s"' in page
    assert page.count(">Waiting<") == 3


# Who entered, who confirms (issue 23) ---------------------------------------------------


def rename(seat, name):
    seat.player.name = name
    seat.player.save(update_fields=["name"])
    return seat.player


def test_who_entered_is_chosen_from_the_seated_players_never_typed(client, playing):
    _, rnd, table, card = playing
    seats = list(table.seats.order_by("position").select_related("player"))
    page = client.get(url(card)).content.decode()
    choices = page[page.index('name="entrant"') :]
    choices = choices[: choices.index("</select>")]
    assert [f">{s.player.name}</option>" in choices for s in seats] == [True] * len(seats)
    assert 'list="seated-names"' not in page  # no free text with suggestions
    stranger = rnd.seats.exclude(table=table).select_related("player").first().player
    for entrant in (stranger.pk, "Fern", ""):
        response = client.post(url(card), form_data(table, valid_points(table), entrant=entrant))
        assert response.status_code == 422
        assert "Choose your name" in response.content.decode()
    assert not Entry.objects.exists()
    client.post(url(card), form_data(table, valid_points(table), seat=2))
    entry = Entry.objects.get()
    assert (entry.entered_by_player, entry.entered_by) == (seats[2].player, seats[2].player.name)


def test_the_entrant_cannot_confirm_on_another_phone_or_without_a_device_cookie(client, playing):
    _, _, table, card = playing
    seats = list(table.seats.order_by("position").select_related("player"))
    fern = rename(seats[0], "Fern Jacobs")
    client.get(url(card))  # the phone gets its device cookie
    client.post(url(card), form_data(table, valid_points(table), seat=0))
    entry = Entry.objects.get()
    confirm = {"version": entry.version, "round": 1}
    # Fern drops the device cookie (a private tab, another phone) and picks her own name.
    for headers in ({}, {"Cookie": "rookery_device=another-phone"}):
        response = Client().post(
            url(card, "table_confirm"), {**confirm, "player": fern.pk}, headers=headers
        )
        assert response.status_code == 409
        assert (
            "Fern Jacobs entered these scores: another player at the table confirms them."
            in response.content.decode()
        )
    # No device cookie at all: nobody can tell which phone this is, so nothing is confirmed.
    response = Client().post(url(card, "table_confirm"), {**confirm, "player": seats[1].player_id})
    assert response.status_code == 409
    assert "This phone hasn't been recognised yet" in unescape(response.content.decode())
    entry.refresh_from_db()
    assert entry.confirmed_at is None
    assert f">{fern.name}</option>" not in client.get(url(card, "table_status")).content.decode()
    other = Client()
    other.get(url(card))  # a second phone, with its own device cookie
    response = other.post(url(card, "table_confirm"), {**confirm, "player": seats[1].player_id})
    assert response.status_code == 200
    assert "Entered by Fern Jacobs at" in response.content.decode()
    entry.refresh_from_db()
    assert entry.confirmed_by == seats[1].player.name


def test_a_long_device_cookie_is_replaced_and_cannot_confirm_its_own_entry(playing):
    """A made-up device cookie longer than the app's 32 hex digits was stored cut to 32
    with the entry but compared whole on confirming, so the phone that entered the
    scores could confirm them as another player. It is no device id at all now."""
    _, _, table, card = playing
    seats = list(table.seats.order_by("position").select_related("player"))
    forged = {"Cookie": "rookery_device=" + "a" * 40}
    page = Client().get(url(card), headers=forged)
    fresh = page.cookies["rookery_device"].value
    assert len(fresh) == 32 and fresh != "a" * 32  # replaced by an id the app made
    Client().post(url(card), form_data(table, valid_points(table), seat=0), headers=forged)
    entry = Entry.objects.get()
    response = Client().post(
        url(card, "table_confirm"),
        {"version": entry.version, "round": 1, "player": seats[1].player_id},
        headers=forged,
    )
    assert response.status_code == 409
    assert "This phone hasn't been recognised yet" in unescape(response.content.decode())
    entry.refresh_from_db()
    assert entry.confirmed_at is None


def test_a_second_confirmer_is_told_who_already_confirmed(client, playing):
    _, _, table, card = playing
    seats = list(table.seats.order_by("position").select_related("player"))
    client.get(url(card))
    client.post(url(card), form_data(table, valid_points(table), seat=0))
    entry = Entry.objects.get()
    first, second = Client(), Client()
    for phone in (first, second):
        phone.get(url(card))  # each phone gets its own device cookie
    confirm = {"version": entry.version, "round": 1}
    response = first.post(url(card, "table_confirm"), {**confirm, "player": seats[1].player_id})
    assert "Confirmed. Thank you!" in response.content.decode()
    # The second phone still shows the form (it loaded before the first confirmed).
    for headers in ({}, {"HX-Request": "true"}):
        response = second.post(
            url(card, "table_confirm"), {**confirm, "player": seats[2].player_id}, headers=headers
        )
        page = unescape(response.content.decode())
        assert f"Already confirmed by {seats[1].player.name}." in page
        assert "Thank you" not in page
    entry.refresh_from_db()
    assert entry.confirmed_by == seats[1].player.name


# Cookies in any script (issue 24) -----------------------------------------------------


@pytest.mark.parametrize("name", ["Łukasz", "Дмитрий", "王芳", "Zoë"])
def test_a_name_in_any_script_round_trips_through_the_cookie_and_csrf_still_works(playing, name):
    _, _, table, card = playing
    seats = list(table.seats.order_by("position").select_related("player"))
    player = rename(seats[1], name)
    phone = Client(enforce_csrf_checks=True)
    for base in (10, 20, 30):  # again and again, each form a fresh page
        page = phone.get(url(card))
        token = page.context["csrf_token"]
        data = form_data(table, valid_points(table, base=base), seat=1, based_on=base // 10 - 1)
        response = phone.post(url(card), {**data, "csrfmiddlewaretoken": str(token)})
        assert response.status_code == 303, response.content.decode()[:300]
        cookie = response.cookies["rookery_name"]
        cookie.output().encode("ascii")  # a browser keeps it as sent: ASCII only
        assert cookie.value == str(player.pk)
        assert cookie["httponly"] and cookie["samesite"] == "Lax"
    page = phone.get(url(card)).content.decode()
    assert f'<option value="{player.pk}" selected>{name}</option>' in page
    assert table.entries.get(state="current").entered_by == name
    assert table.entries.count() == 3


def test_a_name_cookie_an_older_version_set_as_text_is_cleared(client, playing):
    _, _, _, card = playing
    # What the server sees of a raw UTF-8 cookie: its bytes, read as Latin-1.
    client.cookies["rookery_name"] = "Łukasz".encode().decode("latin-1")
    response = client.get(url(card))
    assert response.cookies["rookery_name"].value == ""  # deleted: the next POST is fine
    assert 'name="entrant"' in response.content.decode()


# Caching and Secure cookies (issue 24) --------------------------------------------------


def test_table_pages_and_their_partials_are_never_cached(client, playing):
    _, _, table, card = playing
    responses = [
        client.get(url(card)),
        client.get(url(card, "table_status") + "?round=1"),
        client.post(url(card), form_data(table, valid_points(table))),
        client.post(
            url(card), form_data(table, valid_points(table)), headers={"HX-Request": "true"}
        ),
        client.post(url(card, "table_confirm"), {"player": "", "version": 1, "round": 1}),
        client.get(reverse("table_player", args=[card.token, table.seats.first().player_id])),
    ]
    for response in responses:
        assert response["Cache-Control"] == "private, no-store", response.request["PATH_INFO"]


@pytest.mark.parametrize("https", [False, True])
def test_the_table_cookies_are_secure_exactly_when_served_over_https(client, playing, https):
    from django.test import override_settings

    _, _, table, card = playing
    with override_settings(SESSION_COOKIE_SECURE=https, CSRF_COOKIE_SECURE=https):
        responses = [
            client.get(url(card), secure=https),
            client.post(url(card), form_data(table, valid_points(table)), secure=https),
        ]
    cookies = {n: m for r in responses for n, m in r.cookies.items()}
    assert {"csrftoken", "rookery_device", "rookery_name"} <= set(cookies)
    assert {n: bool(m["secure"]) for n, m in cookies.items()} == dict.fromkeys(cookies, https)


def test_django_https_makes_the_table_cookies_secure(tmp_path):
    from tests.liveserver import run_django, server_env

    code = (
        "from django.http import HttpResponse\n"
        "from tourney.views.table import set_phone_cookie\n"
        "r = HttpResponse()\n"
        "set_phone_cookie(r, 'rookery_device', 'abc')\n"
        "print(r.cookies['rookery_device'].output())\n"
    )
    for flag, secure in (("1", True), ("0", False)):
        env = server_env(tmp_path / "unused.sqlite3")
        env["DJANGO_HTTPS"] = flag
        header = run_django(env, code)
        assert ("; Secure" in header) is secure, header
        assert "HttpOnly" in header


# A confirmation racing a correction (issue 24) ------------------------------------------


@pytest.mark.django_db(transaction=True)
def test_a_confirmation_racing_a_correction_is_never_silently_overwritten(host):
    """Phone B confirms version 1 at the instant phone A sends a correction: either B
    confirmed first (A's correction is kept as a dispute) or A corrected first (B is
    told the scores changed). Never version 1 confirmed and then replaced."""
    if connection.vendor == "sqlite" and connection.settings_dict["NAME"].startswith("file:"):
        pytest.skip("needs a database shared between threads")
    from django.db import close_old_connections

    event = night(80, owner=host)
    rnd = services.begin_round(services.seat_next_round(event))
    tables = list(rnd.tables.order_by("number"))
    assert len(tables) == 20
    outcomes = []
    for table in tables:
        a, b = (s.player for s in table.seats.order_by("position").select_related("player")[:2])
        first = services.submit_scores(
            table,
            valid_points(table),
            entered_by=a.name,
            device="phone-a",
            idempotency_key=uuid.uuid4().hex,
        ).entry
        barrier = threading.Barrier(2)
        told = {}

        def phone_a(table=table, a=a, barrier=barrier, told=told):
            try:
                barrier.wait(timeout=10)
                told["a"] = services.submit_scores(
                    table,
                    valid_points(table, base=30),
                    entered_by=a.name,
                    based_on=1,
                    device="phone-a",
                    idempotency_key=uuid.uuid4().hex,
                ).outcome
            finally:
                close_old_connections()
                connection.close()

        def phone_b(first=first, b=b, barrier=barrier, told=told):
            try:
                barrier.wait(timeout=10)
                services.confirm_entry(first, player=b, version=1, device="phone-b")
                told["b"] = "confirmed"
            except services.ConfirmError as exc:
                told["b"] = str(exc)
            finally:
                connection.close()

        threads = [threading.Thread(target=phone_a), threading.Thread(target=phone_b)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        v1, v2 = (table.entries.get(version=n) for n in (1, 2))
        if v1.confirmed_at is not None:
            assert (v1.state, v2.state, told) == (
                "current",
                "disputed",
                {"a": "disputed", "b": "confirmed"},
            ), table.number
            outcomes.append("confirmed")
        else:
            assert (v1.state, v2.state, told["a"]) == ("replaced", "current", "saved")
            assert told["b"] == "These scores have changed since you looked: check the new ones."
            outcomes.append("corrected")
    assert len(outcomes) == 20


def test_once_the_round_closes_the_phone_no_longer_offers_to_enter_scores(client, playing):
    """A phone that loaded the page while the round was playing: its next poll takes away
    "Scores wrong? Enter them..." (every save would be refused) and says who can reopen it."""
    _event, rnd, table, card = playing
    services.submit_scores(table, valid_points(table))
    page = client.get(url(card)).content.decode()
    assert "Scores wrong? Enter them as you see them" in page
    quiet = client.get(url(card, "table_status") + "?round=1", headers={"HX-Request": "true"})
    assert 'id="score-entry"' not in quiet.content.decode()  # playing: the form stays

    for t in rnd.tables.all():
        if t != table:
            services.submit_scores(t, valid_points(t))
    services.close_round(rnd)
    polled = client.get(url(card, "table_status") + "?round=1", headers={"HX-Request": "true"})
    html = unescape(polled.content.decode())
    assert '<div id="score-entry" hx-swap-oob="true"></div>' in html  # the form goes
    assert "Round 1 is closed: these are the final scores. Only the host can reopen it." in html
    assert "Scores wrong?" not in html
    page = client.get(url(card)).content.decode()
    assert "Scores wrong?" not in page
    assert 'name="key"' not in page
