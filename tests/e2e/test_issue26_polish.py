"""Issue 26's small things a player or host sees, measured in Chromium: the offline
banner, names in line with their numbers, the 5-player pad on a small phone."""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.factories import PASSWORD, night
from tourney import services
from tourney.models import Entry, TableCard

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_the_offline_banner_sits_above_the_heading_and_drops_try_now_once_sent(
    live_server, browser, phone, host
):
    event = night(8, owner=host)
    rnd = services.seat_next_round(event)
    services.begin_round(rnd)
    table = rnd.tables.get(number=1)
    names = [s.player.name for s in table.seats.order_by("position").select_related("player")]
    card = TableCard.objects.get(event=event, number=1)
    context = browser.new_context(**phone)
    context.set_default_timeout(20_000)
    page = context.new_page()
    page.goto(live_server.url + reverse("table_page", args=[card.token]))
    heading = page.get_by_role("heading", name="Round 1: two sets")
    for name, points in zip(names, ("0", "25", "40", "35"), strict=False):
        page.get_by_label(name, exact=True).fill(points)
    page.get_by_label("Your name").select_option(label=names[0])

    def no_saves(route):
        if route.request.method == "POST":
            route.abort("internetdisconnected")
        else:
            route.continue_()

    page.route("**/t/**", no_saves)
    page.get_by_role("button", name="Save scores").click()
    banner = page.locator("#send-failed")
    expect(banner).to_contain_text("Not saved, will retry")
    retry = banner.get_by_role("button", name="Try now")
    expect(retry).to_be_visible()
    # The banner takes its own room at the top: the heading is below it, not under it.
    page.evaluate("window.scrollTo(0, 0)")
    assert (
        heading.bounding_box()["y"] >= banner.bounding_box()["y"] + banner.bounding_box()["height"]
    )
    box = heading.bounding_box()
    assert heading.evaluate(
        "(h, [x, y]) => h.contains(document.elementFromPoint(x, y))",
        [box["x"] + 4, box["y"] + box["height"] / 2],
    ), "something covers the heading"

    page.unroute("**/t/**", no_saves)
    retry.click()
    expect(banner).to_contain_text("Sent.")
    expect(banner).to_contain_text("Saved.")
    expect(retry).to_be_hidden()
    assert Entry.objects.filter(table=table).count() == 1
    context.close()


# Per row: how far the link's text baseline sits below the first number's (CSS px).
# A text range's bottom is its line box's bottom; same font, same size: equal when aligned.
BASELINE_GAPS = """(selector) => [...document.querySelectorAll(selector)].map(row => {
  const link = row.querySelector('a.tap');
  const cells = [...row.querySelectorAll('td.num')].filter(td => !td.contains(link));
  const textBottom = el => {
    const range = document.createRange();
    range.selectNodeContents(el);
    const rects = [...range.getClientRects()].filter(r => r.height);
    return rects.length ? rects[0].bottom : null;
  };
  const name = textBottom(link);
  return cells.map(td => textBottom(td)).filter(b => b !== null).map(b => Math.abs(name - b));
})"""


def test_name_links_sit_on_the_same_line_as_the_numbers(live_server, browser, host):
    from tests.tourney.club.test_seasons import play_night
    from tourney.models import Event, Person, Season

    nights = [
        play_night(host, ["Ann", "Bo", "Cy", "Di"], day=1),
        play_night(host, ["Bo", "Ann", "Cy"], day=8),
    ]
    season = Season.objects.create(owner=host, name="Autumn")
    Event.objects.filter(pk__in=[e.pk for e in nights]).update(season=season)
    ann = Person.objects.get(owner=host, name="Ann")
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.set_default_timeout(20_000)
    page.goto(live_server.url + reverse("login"))
    page.get_by_label("Username").fill(host.username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_url("**/")
    for url, rows in (
        (reverse("season_detail", args=[season.slug]), "table.season-standings tbody tr"),
        (reverse("person_detail", args=[ann.pk]), "table.head-to-head tbody tr"),
    ):
        page.goto(live_server.url + url)
        gaps = page.evaluate(BASELINE_GAPS, rows)
        assert gaps and all(gap for gap in gaps), url
        assert max(max(row) for row in gaps) <= 1, (url, gaps)
    context.close()


IPHONE_SE = {
    "viewport": {"width": 375, "height": 667},
    "device_scale_factor": 2,
    "is_mobile": True,
    "has_touch": True,
}


def test_the_five_player_pad_fits_an_iphone_se_or_says_it_scrolls(live_server, browser, host):
    from scoring import services as pad_services
    from scoring.models import HandInput

    names = ["Annabelle", "Bartholomew", "Cy", "Dorothea", "Ed"]
    pad = pad_services.start_pad(
        owner=host,
        name="Five on Friday",
        game_slug="partnership-rook-5",
        house_rules={},
        players=names,
        first_dealer=0,
    )
    seats = {p.name: p for p in pad.seats}
    for number, (bidder, partner, bid, taken) in enumerate(
        [
            ("Annabelle", "Cy", 120, 130),
            ("Bartholomew", "Ed", 150, 90),
            ("Dorothea", None, 100, 140),
        ],
        start=1,
    ):
        entry = HandInput(
            bidder=seats[bidder],
            partner=seats[partner] if partner else None,
            bid=bid,
            taken=taken,
        )
        pad_services.record_hand(pad, entry, number=number, entered_by="hostess")

    context = browser.new_context(**IPHONE_SE)
    page = context.new_page()
    page.set_default_timeout(20_000)
    page.goto(live_server.url + reverse("login"))
    page.get_by_label("Username").fill(host.username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_url("**/")
    page.goto(live_server.url + pad.get_absolute_url())
    wrap = page.locator(".table-wrap").filter(has=page.locator("table.pad-sheet"))
    hint = page.locator(".scroll-hint")
    width, shown = wrap.evaluate("el => [el.scrollWidth, el.clientWidth]")
    assert page.evaluate("document.documentElement.scrollWidth <= screen.width")
    if width > shown:  # five columns of names don't fit 375 px: the page says it scrolls
        expect(hint).to_be_visible()
        expect(hint).to_contain_text("Swipe the sheet sideways")
        hint_box, wrap_box = hint.bounding_box(), wrap.bounding_box()
        assert hint_box["y"] + hint_box["height"] <= wrap_box["y"] + 1  # just above the sheet
        assert hint_box["x"] >= 0 and hint_box["x"] + hint_box["width"] <= 375
        assert "gradient" in wrap.evaluate("el => getComputedStyle(el).backgroundImage")
        # Swiping brings the last player's column into view.
        wrap.evaluate("el => { el.scrollLeft = el.scrollWidth; }")
        last = page.locator("table.pad-sheet thead th").last
        box = last.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 375 + 1, box
        expect(last).to_have_text("Ed")
    else:
        expect(hint).to_be_hidden()

    page.set_viewport_size({"width": 1280, "height": 800})  # a laptop: room for every column
    width, shown = wrap.evaluate("el => [el.scrollWidth, el.clientWidth]")
    assert width <= shown
    expect(hint).to_be_hidden()
    context.close()


def test_a_phone_left_open_drops_scores_wrong_once_the_round_closes(
    live_server, browser, phone, host
):
    from tests.factories import valid_points

    event = night(8, owner=host)
    rnd = services.seat_next_round(event)
    services.begin_round(rnd)
    for table in rnd.tables.all():
        services.submit_scores(table, valid_points(table))
    card = TableCard.objects.get(event=event, number=1)
    context = browser.new_context(**phone)
    context.set_default_timeout(20_000)
    page = context.new_page()
    page.goto(live_server.url + reverse("table_page", args=[card.token]))
    offer = page.get_by_text("Scores wrong? Enter them as you see them")
    expect(offer).to_be_visible()
    services.close_round(rnd)
    # The next poll (every few seconds) takes the form away: it could only be refused.
    expect(page.get_by_text("Only the host can reopen it")).to_be_visible(timeout=20_000)
    expect(offer).to_have_count(0)
    expect(page.locator("form.score-form")).to_have_count(0)
    context.close()
