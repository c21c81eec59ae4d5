"""The score pad pages: start a game, enter hands (full page and htmx partial), fix, export."""

import csv
import io
import json
import re

import pytest
from django.urls import reverse
from django.utils import timezone
from openpyxl import load_workbook

from scoring import services
from scoring.demo import build_pads
from scoring.models import Hand, HandInput, Pad
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}


@pytest.fixture
def four(host):
    return services.start_pad(
        owner=host,
        name="Friday four",
        game_slug="partnership-rook",
        house_rules={},
        players=["Ann", "Bo", "Cy", "Di"],
        first_dealer=1,
    )


@pytest.fixture
def two(host):
    return services.start_pad(
        owner=host,
        name="Eve v Finn",
        game_slug="rook-for-two",
        house_rules={},
        players=["Eve", "Finn"],
        first_dealer=0,
    )


def seat(pad, name):
    return next(p for p in pad.seats if p.name == name)


def hand_data(pad, number=1, **fields):
    data = {"number": number}
    for key, value in fields.items():
        data[key] = seat(pad, value).pk if key in ("bidder", "partner") else value
    return data


def url(name, pad, *args):
    return reverse(f"scoring:{name}", args=[pad.pk, *args])


# -- list and start ---------------------------------------------------------------------


def test_pads_need_a_sign_in(client):
    response = client.get(reverse("scoring:pad_list"))
    assert response.status_code == 302 and "/accounts/login/" in response.url


def test_the_list_shows_my_games_only_and_how_to_start_one(host_client, four):
    other = UserFactory(username="someone-else")
    services.start_pad(
        owner=other,
        name="Not mine",
        game_slug="rook-for-two",
        house_rules={},
        players=["X", "Y"],
        first_dealer=0,
    )
    page = host_client.get(reverse("scoring:pad_list")).content.decode()
    assert "Friday four" in page and "Not mine" not in page
    for slug in ("rook-for-two", "partnership-rook", "partnership-rook-5"):
        assert reverse("scoring:pad_start", args=[slug]) in page


def test_someone_elses_pad_is_not_found(client, four):
    client.force_login(UserFactory(username="nosy"))
    assert client.get(url("pad_detail", four)).status_code == 404
    assert client.post(url("hand_add", four), {"number": 1}).status_code == 404


def test_start_form_shows_the_house_rules_with_their_defaults_explained(host_client):
    page = host_client.get(reverse("scoring:pad_start", args=["rook-for-two"])).content.decode()
    assert "Bids rise by" in page and "the 1914 rules leave the step open" in page
    assert 'name="rule_target"' in page and 'value="150"' in page
    assert page.count('name="first_dealer"') == 2
    page = host_client.get(reverse("scoring:pad_start", args=["partnership-rook"])).content.decode()
    assert 'value="1000"' in page and "Partners sit across" in page
    assert page.index("Seat 1") < page.index("Seat 3") < page.index("Seat 2") < page.index("Seat 4")


def test_starting_a_partnership_game(host_client, host):
    response = host_client.post(
        reverse("scoring:pad_start", args=["partnership-rook"]),
        {
            "name": "Club night",
            "player_0": "Ann",
            "player_1": "Bo",
            "player_2": "Cy",
            "player_3": "Di",
            "side_0": "The Aces",
            "side_1": "",
            "first_dealer": "3",
            "rule_target": "500",
        },
    )
    pad = Pad.objects.get(owner=host)
    assert response.status_code == 302 and response.url == pad.get_absolute_url()
    assert (pad.name, pad.target, pad.house_rules, pad.first_dealer) == (
        "Club night",
        500,
        {"target": 500},
        3,
    )
    assert [side.name for side in pad.scorers] == ["The Aces", "Bo & Di"]
    page = host_client.get(pad.get_absolute_url()).content.decode()
    assert 'Hand 1 <span class="deals">· Di deals</span>' in page


def test_start_refuses_a_repeated_name_and_keeps_what_was_typed(host_client):
    response = host_client.post(
        reverse("scoring:pad_start", args=["rook-for-two"]),
        {"player_0": "Eve", "player_1": "eve", "first_dealer": "0", "rule_target": "150"},
    )
    page = response.content.decode()
    assert response.status_code == 422
    assert "eve is already in another seat" in page
    assert 'value="Eve"' in page and 'value="eve"' in page
    assert not Pad.objects.exists()


def test_start_refuses_a_house_rule_out_of_range(host_client):
    response = host_client.post(
        reverse("scoring:pad_start", args=["rook-for-two"]),
        {
            "player_0": "Eve",
            "player_1": "Finn",
            "first_dealer": "0",
            "rule_target": "5",
            "rule_raise_step": "5",
        },
    )
    assert response.status_code == 422
    assert "greater than or equal to 50" in response.content.decode()


def test_there_is_no_pad_for_the_rummy_games(host_client):
    assert host_client.get(reverse("scoring:pad_start", args=["shanghai"])).status_code == 404


# -- the game page and the hand form --------------------------------------------------------


def test_game_page_for_partnership(host_client, four):
    page = host_client.get(url("pad_detail", four)).content.decode()
    assert "<title>Friday four · Rookery</title>" in page
    assert 'Hand 1 <span class="deals">· Bo deals</span>' in page
    groups = re.findall(r'<span class="pill-side">(.*?)</span>(.*?)</div>', page, re.S)
    assert [(side, re.findall(r"> (\w+)</label>", pills)) for side, pills in groups] == [
        ("Ann &amp; Cy", ["Ann", "Cy"]),
        ("Bo &amp; Di", ["Bo", "Di"]),
    ]
    assert "70 to 200, in steps of 5." in page
    assert "Took all 13 tricks" in page
    assert 'data-total="200"' in page
    assert page.count('inputmode="numeric"') == 3
    assert 'hx-trigger="padChanged from:body"' in page


def test_game_page_for_rook_for_two_reminds_of_the_nest_and_the_dummy(host_client, two):
    page = host_client.get(url("pad_detail", two)).content.decode()
    assert "The nest and the Dummy's captures are out of play" in page
    assert "Opens at 30 and rises by 5, up to 125." in page
    assert page.count('inputmode="numeric"') == 5  # the bid, and tricks and count each


def test_refused_hand_in_the_htmx_partial_beside_both_sides_typed_values_kept(host_client, four):
    data = hand_data(four, bidder="Ann", bid="120", taken="120", other_taken="90")
    response = host_client.post(url("hand_add", four), data, headers=HTMX)
    html = response.content.decode()
    assert response.status_code == 422  # site.js swaps a refusal's region in
    assert html.lstrip().startswith('<section id="entry"')
    assert "Not saved." in html
    message = (
        "Ann &amp; Cy took 120 and Bo &amp; Di took 90, 210 in all: the two sides&#x27; "
        "points must add up to exactly 200"
    )
    assert html.count(message) == 2  # beside the bidding side's and the other side's points
    assert 'value="120"' in html and 'value="90"' in html
    assert re.search(r'<input type="radio" name="bidder" value="\d+"[^>]*checked', html)
    assert not Hand.objects.exists()


def test_refused_hand_without_javascript_is_the_full_page(host_client, four):
    data = hand_data(four, bidder="Ann", bid="125", taken="abc")
    response = host_client.post(url("hand_add", four), data)
    page = response.content.decode()
    assert response.status_code == 422
    assert '<h1 class="pad-title">Friday four</h1>' in page
    assert "“abc” is not a number" in page
    assert not Hand.objects.exists()


def test_a_rules_problem_with_no_player_goes_on_top(host_client, four):
    response = host_client.post(
        url("hand_add", four), hand_data(four, bidder="Bo", bid="65", taken="100"), headers=HTMX
    )
    box = response.content.decode().split('<div class="errorlist-box"')[1].split("</div>")[0]
    assert "A bid of 65 is not allowed: bids are multiples of 5 from 70 to 200" in box


def test_the_bidder_must_be_chosen(host_client, four):
    response = host_client.post(url("hand_add", four), {"number": 1, "bid": "100"}, headers=HTMX)
    assert "Say who won the bid." in response.content.decode()
    assert not Hand.objects.exists()


def test_saved_with_htmx_the_form_moves_on_and_the_sheet_is_told(host_client, four):
    data = hand_data(four, bidder="Ann", bid="120", taken="130")
    response = host_client.post(url("hand_add", four), data, headers=HTMX)
    html = response.content.decode()
    assert response.status_code == 200
    assert json.loads(response["HX-Trigger"]) == {"padChanged": {}}
    assert (
        "Saved. Hand 1: Ann &amp; Cy bid 120 and made it. Ann &amp; Cy +130; Bo &amp; Di +70."
        in (html)
    )
    assert 'Hand 2 <span class="deals">· Cy deals</span>' in html
    hand = Hand.objects.get()
    assert (hand.taken, hand.other_taken, hand.entered_by) == (130, 70, "hostess")
    board = host_client.get(url("pad_board", four), headers=HTMX).content.decode()
    assert board.lstrip().startswith('<div id="board"')
    assert re.search(r'leader">\s*<span class="pad-board-name">Ann &amp; Cy', board)
    sheet = host_client.get(url("pad_sheet", four), headers=HTMX).content.decode()
    assert sheet.lstrip().startswith('<section id="sheet"')
    assert 'id="hand-1"' in sheet and "Undo hand 1" in sheet


def test_saved_without_javascript_redirects_and_the_server_fills_in_200_minus(host_client, four):
    data = hand_data(four, bidder="Bo", bid="100", other_taken="115")
    response = host_client.post(url("hand_add", four), data)
    assert response.status_code == 303
    assert response.url == url("pad_detail", four) + "?saved=1"
    page = host_client.get(response.url).content.decode()
    assert "Bo &amp; Di bid 100 and were set. Ann &amp; Cy +115; Bo &amp; Di −100." in page
    hand = Hand.objects.get()
    assert (hand.taken, hand.other_taken) == (85, 115)


def test_the_same_hand_sent_twice_is_saved_once(host_client, four):
    data = hand_data(four, bidder="Ann", bid="120", taken="130")
    host_client.post(url("hand_add", four), data, headers=HTMX)
    response = host_client.post(url("hand_add", four), data, headers=HTMX)
    assert "Not saved: Hand 1 has already been saved" in response.content.decode()
    assert 'Hand 2 <span class="deals">' in response.content.decode()
    assert json.loads(response["HX-Trigger"]) == {"padChanged": {}}  # the sheet catches up
    assert Hand.objects.count() == 1


def test_rook_for_two_set_hand_shows_the_doubled_score(host_client, two):
    data = hand_data(
        two,
        bidder="Finn",
        bid="60",
        **{
            f"tricks_{seat(two, 'Eve').pk}": "6",
            f"count_{seat(two, 'Eve').pk}": "25",
            f"tricks_{seat(two, 'Finn').pk}": "5",
            f"count_{seat(two, 'Finn').pk}": "35",
        },
    )
    response = host_client.post(url("hand_add", two), data, follow=True)
    page = response.content.decode()
    assert "Finn bid 60 and was set. Eve scores double, 2 × 37 = 74; Finn scores 0." in page
    assert '<small class="took">took 37 ×2</small>' in page
    assert '<span class="badge bad">set</span>' in page


def test_rook_for_two_problem_sits_beside_the_player(host_client, two):
    eve, finn = seat(two, "Eve"), seat(two, "Finn")
    data = hand_data(
        two,
        bidder="Eve",
        bid="40",
        **{
            f"tricks_{eve.pk}": "1",
            f"count_{eve.pk}": "35",
            f"tricks_{finn.pk}": "5",
            f"count_{finn.pk}": "0",
        },
    )
    html = host_client.post(url("hand_add", two), data, headers=HTMX).content.decode()
    errors = re.search(rf'<ul class="errorlist" id="err-{eve.pk}">(.*?)</ul>', html).group(1)
    assert "Eve&#x27;s 1 trick holds 3 cards: at most 30 count" in errors
    assert f'id="err-{finn.pk}"' not in html


def test_winner_is_announced_and_the_form_gives_way(host_client, host):
    build_pads(host)
    pad = Pad.objects.get(name="Rook for Two with Finn")
    page = host_client.get(pad.get_absolute_url()).content.decode()
    assert "</svg> Eve wins with 171!" in page
    assert "Game over" in page and 'name="bid"' not in page


# -- undo, correction, history --------------------------------------------------------------


def test_undo_the_last_hand(host_client, four):
    services.record_hand(four, HandInput(bidder=seat(four, "Ann"), bid=120, taken=130), number=1)
    response = host_client.post(url("hand_undo", four), {"number": 1}, follow=True)
    page = response.content.decode()
    assert "Hand 1 is off the sheet (kept in its history)" in page
    assert "No hands yet." in page
    assert [h.action for h in Hand.objects.order_by("version")] == ["entered", "undone"]
    history = host_client.get(url("hand_detail", four, 1)).content.decode()
    assert "Taken off the sheet" in history and "<strong>120</strong>" in history


def test_correct_a_hand_keeps_the_old_version(host_client, four):
    services.record_hand(four, HandInput(bidder=seat(four, "Ann"), bid=120, taken=130), number=1)
    page = host_client.get(url("hand_detail", four, 1)).content.decode()
    assert 'name="based_on" value="1"' in page and 'value="130"' in page
    data = hand_data(four, bidder="Ann", bid="120", taken="110", based_on=1)
    response = host_client.post(url("hand_correct", four, 1), data, headers=HTMX)
    assert response["HX-Redirect"] == url("pad_detail", four) + "#hand-1"
    page = host_client.get(url("hand_detail", four, 1)).content.decode()
    assert "v2" in page and "v1" in page and "Corrected" in page
    sheet = four.sheet()
    assert [c.points for c in sheet.rows[0].cells] == [-120, 90]


def test_an_impossible_correction_in_the_htmx_partial(host_client, four):
    services.record_hand(four, HandInput(bidder=seat(four, "Ann"), bid=120, taken=130), number=1)
    data = hand_data(four, bidder="Ann", bid="120", taken="125", other_taken="70", based_on=1)
    response = host_client.post(url("hand_correct", four, 1), data, headers=HTMX)
    html = response.content.decode()
    assert html.lstrip().startswith('<section id="entry"')
    assert "Correct hand 1" in html and "195 in all" in html
    assert 'value="125"' in html and 'value="70"' in html
    assert Hand.objects.count() == 1


def test_an_impossible_correction_is_shown_on_the_hand_page(host_client, four):
    services.record_hand(four, HandInput(bidder=seat(four, "Ann"), bid=120, taken=130), number=1)
    data = hand_data(four, bidder="Ann", bid="120", taken="200", all_tricks="other", based_on=1)
    response = host_client.post(url("hand_correct", four, 1), data)
    page = response.content.decode()
    assert response.status_code == 422
    assert "Bo &amp; Di took all 13 tricks, so Ann &amp; Cy kept only the dropped card" in page
    assert Hand.objects.count() == 1


# -- export ----------------------------------------------------------------------------------


def _value(ws, ref):
    """A cell's value, working out the simple formulas the pad sheet uses (=A1, =A1+B2, =SUM)."""
    value = ws[ref].value
    if not (isinstance(value, str) and value.startswith("=")):
        return value
    body = value[1:]
    if body.startswith("SUM("):
        first, last = body[4:-1].split(":")
        return sum(
            _value(ws, f"{first[0]}{row}") for row in range(int(first[1:]), int(last[1:]) + 1)
        )
    return sum(_value(ws, part) for part in body.split("+"))


def test_xlsx_export_has_running_totals_as_formulas(host_client, host):
    build_pads(host)
    pad = Pad.objects.get(name="Thursday partnership")
    response = host_client.get(url("pad_export", pad, "xlsx"))
    assert response.status_code == 200
    date = timezone.localdate(pad.created_at).isoformat()  # the host's day, not UTC's
    assert response["Content-Disposition"] == (
        f'attachment; filename="thursday-partnership-{date}-score-sheet.xlsx"'
    )
    ws = load_workbook(io.BytesIO(response.content)).active
    heads = [ws.cell(4, col).value for col in range(1, 13)]
    assert heads == [
        "Hand",
        "Dealer",
        "Bidder",
        "Bid",
        "Made or set",
        "Notes",
        "Ann & Cy took",
        "Ann & Cy points",
        "Ann & Cy total",
        "Bo & Di took",
        "Bo & Di points",
        "Bo & Di total",
    ]
    assert [ws.cell(row, 5).value for row in range(5, 9)] == ["made", "set", "made", "made"]
    assert ws["I6"].value == "=I5+H6"
    assert [_value(ws, f"I{row}") for row in range(5, 9)] == [70, -30, 270, 375]
    assert [_value(ws, f"L{row}") for row in range(5, 9)] == [130, 245, 245, 340]
    assert ws["A9"].value == "Total"
    assert ws["I9"].value == "=SUM(H5:H8)" and _value(ws, "I9") == 375


def test_xlsx_keeps_a_formula_like_name_as_text(host_client, host):
    pad = services.start_pad(
        owner=host,
        name="=cmd",
        game_slug="rook-for-two",
        house_rules={},
        players=["=1+1", "@Bo"],
        first_dealer=0,
    )
    services.record_hand(
        pad,
        HandInput(
            bidder=seat(pad, "=1+1"),
            bid=40,
            tricks={seat(pad, "=1+1").pk: 5, seat(pad, "@Bo").pk: 5},
            count={seat(pad, "=1+1").pk: 30, seat(pad, "@Bo").pk: 35},
        ),
        number=1,
    )
    ws = load_workbook(io.BytesIO(host_client.get(url("pad_export", pad, "xlsx")).content)).active
    assert ws["C5"].value == "=1+1" and ws["C5"].data_type == "s"
    assert ws["G4"].value == "=1+1 took" and ws["G4"].data_type == "s"
    text = host_client.get(url("pad_export", pad, "csv")).content.decode()
    assert "'=1+1 took" in text and ",'=1+1," in text and "'@Bo took" in text


def test_csv_export(host_client, host):
    build_pads(host)
    pad = Pad.objects.get(name="Rook for Two with Finn")
    response = host_client.get(url("pad_export", pad, "csv"))
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert response["Content-Disposition"].endswith('-score-sheet.csv"')
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows[0][6:] == [
        "Eve took",
        "Eve points",
        "Eve total",
        "Finn took",
        "Finn points",
        "Finn total",
    ]
    assert [row[:5] for row in rows[1:]] == [
        ["1", "Finn", "Eve", "40", "made"],
        ["2", "Eve", "Finn", "60", "set"],
        ["3", "Finn", "Eve", "50", "made"],
    ]
    assert [row[6:] for row in rows[1:]] == [
        ["40", "40", "40", "45", "45", "45"],
        ["37", "74", "114", "45", "0", "45"],
        ["57", "57", "171", "40", "40", "85"],
    ]


def test_an_unknown_export_format_is_not_found(host_client, four):
    assert host_client.get(f"/pads/{four.pk}/sheet.pdf").status_code == 404


# -- admin -----------------------------------------------------------------------------------


def test_admin_lists_pads_and_hand_versions(host_client, host):
    build_pads(host)
    pad = Pad.objects.get(name="Thursday partnership")
    hand = pad.hands.get(number=2)
    assert "Thursday partnership" in host_client.get("/admin/scoring/pad/").content.decode()
    assert host_client.get(f"/admin/scoring/pad/{pad.pk}/change/").status_code == 200
    page = host_client.get(f"/admin/scoring/hand/{hand.pk}/change/").content.decode()
    assert "Bo &amp; Di" in page and "-100" in page


@pytest.mark.parametrize("typed", ["²", "٣"], ids=["superscript", "arabic"])
def test_pad_reads_only_ascii_digits(host_client, two, typed):
    eve, finn = seat(two, "Eve"), seat(two, "Finn")
    data = hand_data(
        two,
        bidder="Eve",
        bid="40",
        **{
            f"tricks_{eve.pk}": typed,
            f"count_{eve.pk}": "30",
            f"tricks_{finn.pk}": "5",
            f"count_{finn.pk}": "0",
        },
    )
    response = host_client.post(url("hand_add", two), data)
    assert f"“{typed}” is not a number" in response.content.decode()
    assert not two.hands.exists()


# -- the game ends where the rules say, after a correction too ---------------------------------


def _eve_wins_at_hand_1_after_a_correction(pad):
    eve, finn = seat(pad, "Eve"), seat(pad, "Finn")
    services.record_hand(
        pad,
        HandInput(
            bidder=eve, bid=30, tricks={eve.pk: 5, finn.pk: 5}, count={eve.pk: 30, finn.pk: 30}
        ),
        number=1,
    )
    services.record_hand(
        pad,
        HandInput(
            bidder=eve, bid=125, tricks={eve.pk: 4, finn.pk: 8}, count={eve.pk: 10, finn.pk: 90}
        ),
        number=2,
    )
    # Corrected on the hand's page: Finn bid 30 and was set, Eve doubled to 152.
    data = {
        "number": 1,
        "based_on": 1,
        "bidder": finn.pk,
        "bid": "30",
        f"tricks_{eve.pk}": "8",
        f"count_{eve.pk}": "60",
        f"tricks_{finn.pk}": "5",
        f"count_{finn.pk}": "15",
    }
    return data


def test_a_correction_that_ends_the_game_sooner_shows_the_later_hands_marked(host_client, two):
    data = _eve_wins_at_hand_1_after_a_correction(two)
    before = host_client.get(two.get_absolute_url()).content.decode()
    assert "</svg> Finn wins with 252!" in before
    response = host_client.post(url("hand_correct", two, 1), data)
    assert response.status_code == 303, response.content.decode()
    page = host_client.get(two.get_absolute_url()).content.decode()
    assert "</svg> Eve wins with 152!" in page and "Finn wins" not in page
    assert "Eve reached 150 first, at hand 1." in page
    assert "Hand 2 was played after the game was decided: kept on the sheet, not counted" in page
    row = re.search(r'<tr [^>]*id="hand-2".*?</tr>', page, re.S).group(0)
    assert "after-game" in row and "played after the game was decided" in row
    assert "not counted" in row and "+212" in row
    totals = re.search(r"<tfoot.*?</tfoot>", page, re.S).group(0)
    assert re.findall(r">(-?\d+)</td>", totals) == ["152", "0"]
    assert 'name="bid"' not in page  # the game is over: no hand 3
    board = host_client.get(url("pad_board", two), headers=HTMX).content.decode()
    assert "</svg> Eve wins with 152!" in board
    later = host_client.get(url("hand_detail", two, 2)).content.decode()
    assert "Played after the game was decided (at hand 1): kept, not counted" in later
    first = host_client.get(url("hand_detail", two, 1)).content.decode()
    assert "Played after the game was decided" not in first


def test_exports_leave_the_hands_after_the_game_out_of_the_totals(host_client, two):
    data = _eve_wins_at_hand_1_after_a_correction(two)
    host_client.post(url("hand_correct", two, 1), data)
    rows = list(
        csv.reader(io.StringIO(host_client.get(url("pad_export", two, "csv")).content.decode()))
    )
    assert [row[6:] for row in rows[1:]] == [
        ["76", "152", "152", "25", "0", "0"],
        ["18", "0", "152", "106", "212", "0"],
    ]
    assert "played after the game was decided" in rows[2][5]
    ws = load_workbook(io.BytesIO(host_client.get(url("pad_export", two, "xlsx")).content)).active
    assert [_value(ws, ref) for ref in ("I5", "I6", "L5", "L6")] == [152, 152, 0, 0]
    assert ws["A7"].value == "Total"
    assert (_value(ws, "I7"), _value(ws, "L7")) == (152, 0)
    assert "played after the game was decided" in ws["F6"].value
    assert ws["A10"].value == "Winner: Eve"


def test_negative_scores_and_totals_use_one_minus_sign(host_client, four):
    """A set side's hand and its running total, footer and board total (minus 100):
    the same true minus sign (U+2212) everywhere, never a hyphen beside it."""
    host_client.post(
        url("hand_add", four), hand_data(four, bidder="Bo", bid="100", other_taken="115")
    )
    page = host_client.get(url("pad_detail", four)).content.decode()
    main = page[page.index("<main") : page.index("</main>")]
    text = " ".join(re.findall(r">([^<]*)<", main))  # what is read, not the attributes
    assert not re.findall(r"(?<![\w-])-\d+", text)
    assert re.search(r'class="running">−100<', main)  # the running total
    assert re.search(r'class="pad-board-total">−100<', main)  # the board
    assert re.search(r"<td[^>]*>−100</td>", main)  # the footer total
    hand = host_client.get(url("hand_detail", four, 1)).content.decode()
    assert "<strong>−100</strong>" in hand and "<strong>-100</strong>" not in hand
