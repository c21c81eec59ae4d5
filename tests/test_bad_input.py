"""Property tests: whatever a phone or a browser sends, the answer is a 4xx or the form
back with a message; never a server error, never half a save."""

from urllib.parse import quote, urlencode

import pytest
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.factories import night
from tourney import services
from tourney.models import Entry, Event, Player, TableCard

pytestmark = pytest.mark.django_db

FUZZ = settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
junk = st.one_of(
    st.text(max_size=30),
    st.integers(min_value=-(10**30), max_value=10**30).map(str),
    st.sampled_from(
        [
            "",
            " ",
            "0",
            "-0",
            "1e9",
            "٣",
            "１２",
            "NaN",
            "Infinity",
            "0x10",
            "\x00",
            "<script>",
            "=1+1",
            "9" * 400,
            "12.5",
            "−5",
        ]
    ),
)


@pytest.fixture
def table_in_play(host):
    event = night(12, owner=host)
    rnd = services.seat_next_round(event)
    services.begin_round(rnd)
    table = rnd.tables.get(number=1)
    card = TableCard.objects.get(event=event, number=1)
    seats = list(table.seats.order_by("position"))
    return event, rnd, table, card, seats


def assert_whole_or_nothing(before: int, table) -> None:
    entries = Entry.objects.filter(table=table)
    assert entries.count() in (before, before + 1)
    for entry in entries:
        assert entry.scores.count() == table.seats.count()  # never half a table


@FUZZ
@given(data=st.data())
def test_table_page_never_fails(client, table_in_play, data):
    _event, _rnd, table, card, seats = table_in_play
    fields = {}
    for seat in seats:
        if data.draw(st.booleans()):
            fields[f"p{seat.player_id}"] = data.draw(junk)
    for name in ("entrant", "based_on", "key", "high_confirmed", "went_out"):
        if data.draw(st.booleans()):
            fields[name] = data.draw(junk)
    before = Entry.objects.filter(table=table).count()
    response = client.post(reverse("table_page", args=[card.token]), fields)
    assert response.status_code < 500
    assert response.status_code in (200, 303, 400, 409, 422)
    assert_whole_or_nothing(before, table)


@FUZZ
@given(version=junk, name=junk, extra=st.dictionaries(st.text(max_size=8), junk, max_size=3))
def test_confirm_never_fails(client, table_in_play, version, name, extra):
    *_, card, _ = table_in_play
    response = client.post(
        reverse("table_confirm", args=[card.token]), {"version": version, "name": name, **extra}
    )
    assert response.status_code < 500


@FUZZ
@given(token=st.text(min_size=1, max_size=200), round_param=junk)
def test_forged_tokens_and_params_are_404_or_fine(client, table_in_play, token, round_param):
    token = quote(token, safe="")
    if not token.strip("."):
        token = "x" + token
    for url in (
        f"/t/{token}/",
        f"/t/{token}/status/?" + urlencode({"round": round_param}),
    ):
        response = client.get(url)
        assert response.status_code in (200, 404), url


@pytest.mark.parametrize("method", ["put", "patch", "delete"])
def test_wrong_methods_are_refused(client, table_in_play, method):
    *_, card, _ = table_in_play
    response = getattr(client, method)(reverse("table_page", args=[card.token]))
    assert response.status_code == 405


@FUZZ
@given(data=st.data())
def test_host_score_form_never_fails(host_client, table_in_play, data):
    event, _rnd, table, _card, seats = table_in_play
    fields = {f"p{s.player_id}": data.draw(junk) for s in seats if data.draw(st.booleans())}
    if data.draw(st.booleans()):
        fields["high_confirmed"] = data.draw(junk)
    before = Entry.objects.filter(table=table).count()
    url = reverse("table_scores_host", args=[event.slug, 1, 1])
    response = host_client.post(url, fields)
    assert response.status_code in (200, 302, 422)
    assert_whole_or_nothing(before, table)


@FUZZ
@given(
    fields=st.dictionaries(
        st.sampled_from(
            [
                "name",
                "date",
                "place",
                "game_slug",
                "rounds_planned",
                "seating_method",
                "min_table_size",
                "max_table_size",
                "allow_short_tables",
                "toonerville__rook_value",
                "toonerville__round_11_cards",
                "toonerville__buy_cap",
                "toonerville__missed_round",
                "toonerville__missed_round_points",
                "toonerville__card_values__3",
                "shanghai__three_decks",
            ]
        ),
        junk,
    )
)
def test_event_form_never_fails(host_client, fields):
    count = Event.objects.count()
    response = host_client.post(reverse("event_create"), fields)
    assert response.status_code in (200, 302)
    assert Event.objects.count() in (count, count + 1)


@FUZZ
@given(names=st.text(max_size=300), roster=st.lists(junk, max_size=3), check_in=junk)
def test_player_form_never_fails(host_client, host, names, roster, check_in):
    event = Event.objects.filter(owner=host).first() or night(0, owner=host)
    before = Player.objects.filter(event=event).count()
    response = host_client.post(
        reverse("player_list", args=[event.slug]),
        {"names": names, "roster": roster, "check_in": check_in},
    )
    assert response.status_code in (200, 302)
    after = Player.objects.filter(event=event).count()
    assert after == before or response.status_code == 302


@FUZZ
@given(data=st.data())
def test_round_actions_never_fail(host_client, table_in_play, data):
    event, _rnd, *_ = table_in_play
    number = data.draw(st.sampled_from([1, 2, 0, 99]))
    action = data.draw(st.sampled_from(["swap", "reseat", "begin", "close", "reopen"]))
    fields = data.draw(
        st.dictionaries(
            st.sampled_from(
                ["player", "other", "table", "method", "fallback", "fill_empty_tables"]
            ),
            junk,
            max_size=4,
        )
    )
    response = host_client.post(f"/events/{event.slug}/rounds/{number}/{action}/", fields)
    assert response.status_code in (200, 302, 404, 409, 422)
    for entry in Entry.objects.filter(round__event=event).exclude(table=None):
        assert entry.scores.count() == entry.table.seats.count()
    assert {r.status for r in event.rounds.all()} <= {"planned", "playing", "closed"}


@FUZZ
@given(
    params=st.dictionaries(
        st.sampled_from(
            ["game", "players", "three_decks", "black_14s_wild", "round_11_cards", "buys"]
        ),
        junk,
    )
)
def test_blank_sheet_params_never_fail(client, params):
    response = client.get(reverse("blank_sheet"), params)
    assert response.status_code == 200


@pytest.mark.parametrize(
    ("where", "fields"),
    [
        ("restore", {"version": "abc"}),
        ("restore", {"version": "99999999999999999999"}),
        ("restore", {"version": "١"}),
        ("confirm", {"player": "1\x00", "version": "1", "round": "1"}),
        ("login", {"username": "ann\x00", "password": "x"}),
        ("scores", {"entrant": "1\x00", "round": "1", "based_on": "0", "key": "k"}),
    ],
    ids=[
        "restore-text",
        "restore-huge",
        "restore-arabic-digit",
        "confirm-nul",
        "login-nul",
        "scores-nul-name",
    ],
)
def test_control_characters_and_odd_numbers_are_handled(host_client, table_in_play, where, fields):
    client = Client()  # a phone, not the signed-in host
    event, _rnd, table, card, seats = table_in_play
    services.submit_scores(
        table, {s.player_id: 0 if i == 0 else 9 + i for i, s in enumerate(seats)}, entered_by="Ann"
    )
    if where == "restore":
        response = host_client.post(reverse("table_restore", args=[event.slug, 1, 1]), fields)
        assert response.status_code in (302, 404)  # an Arabic-Indic 1 is no version: 0
    elif where == "confirm":
        response = client.post(reverse("table_confirm", args=[card.token]), fields)
        assert response.status_code == 409
        assert "Choose your name from the players at this table." in response.content.decode()
        assert table.entries.get(state="current").confirmed_at is None
    elif where == "login":
        response = client.post(reverse("login"), fields)
        assert response.status_code == 200
    else:
        data = dict(
            fields, **{f"p{s.player_id}": 0 if i == 0 else 20 + i for i, s in enumerate(seats)}
        )
        response = client.post(reverse("table_page", args=[card.token]), data)
        assert response.status_code == 422
        assert "Choose your name from the players at this table." in response.content.decode()


def test_a_token_with_a_nul_byte_is_a_404(client, table_in_play):
    assert client.get("/t/%00/").status_code == 404


PAD_FIELDS = [
    "number",
    "based_on",
    "bidder",
    "bid",
    "trump",
    "taken",
    "other_taken",
    "all_tricks",
    "partner",
    "name",
    "target",
    "first_dealer",
    "player_0",
    "player_1",
    "tricks_0",
    "count_0",
]


@pytest.fixture
def pads(host):
    from scoring import services as pad_services

    return [
        pad_services.start_pad(
            owner=host, name=name, game_slug=slug, house_rules={}, players=players, first_dealer=0
        )
        for name, slug, players in [
            ("Four", "partnership-rook", ["Ann", "Bo", "Cy", "Di"]),
            ("Two", "rook-for-two", ["Eve", "Finn"]),
            ("Five", "partnership-rook-5", ["A1", "B2", "C3", "D4", "E5"]),
        ]
    ]


@FUZZ
@given(data=st.data())
def test_score_pad_forms_never_fail(host_client, pads, data):
    from scoring.models import Hand

    pad = data.draw(st.sampled_from(pads))
    action = data.draw(st.sampled_from(["hands/", "undo/", "hands/1/correct/", "hands/2/"]))
    fields = data.draw(st.dictionaries(st.sampled_from(PAD_FIELDS), junk, max_size=8))
    for seat in pad.seats:
        if data.draw(st.booleans()):
            fields[f"tricks_{seat.pk}"] = data.draw(junk)
            fields[f"count_{seat.pk}"] = data.draw(junk)
    before = Hand.objects.filter(pad=pad).count()
    response = host_client.post(f"/pads/{pad.pk}/{action}", fields)
    assert response.status_code in (200, 302, 303, 404, 405, 409, 422)
    assert Hand.objects.filter(pad=pad).count() in (before, before + 1)


@FUZZ
@given(
    game=st.sampled_from(["partnership-rook", "rook-for-two", "partnership-rook-5", "x"]),
    fields=st.dictionaries(st.sampled_from([*PAD_FIELDS, "raise_step", "players"]), junk),
)
def test_starting_a_pad_never_fails(host_client, game, fields):
    response = host_client.post(f"/pads/new/{game}/", fields)
    assert response.status_code in (200, 302, 404, 422)


@pytest.mark.parametrize(
    "typed", ["²", "٣", "１２", "9" * 10], ids=["superscript", "arabic", "wide", "long"]
)
def test_only_ascii_digits_are_a_score_on_the_table_page(table_in_play, typed):
    _event, rnd, table, card, seats = table_in_play
    data = {"entrant": seats[0].player_id, "round": rnd.number, "based_on": "0", "key": "odd"}
    for i, seat in enumerate(seats):
        data[f"p{seat.player_id}"] = typed if i == 1 else (0 if i == 0 else 20 + i)
    response = Client().post(reverse("table_page", args=[card.token]), data)
    assert response.status_code == 422
    name = seats[1].player.name
    assert f"{name}: “{typed}” is not a number of points." in response.content.decode()
    assert not Entry.objects.filter(table=table).exists()


@pytest.mark.parametrize("odd", ["²", "٣", "9" * 5000])
def test_odd_digits_in_confirm_and_status_are_handled(table_in_play, odd):
    _event, _rnd, table, card, seats = table_in_play
    services.submit_scores(
        table, {s.player_id: 0 if i == 0 else 9 + i for i, s in enumerate(seats)}, entered_by="Ann"
    )
    client = Client()
    response = client.post(
        reverse("table_confirm", args=[card.token]), {"version": odd, "name": "Bo"}
    )
    assert response.status_code == 409
    assert table.entries.get(state="current").confirmed_by == ""
    response = client.get(reverse("table_status", args=[card.token]), {"round": odd})
    assert response.status_code == 200
