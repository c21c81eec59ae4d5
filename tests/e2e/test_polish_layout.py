"""What the host and players see, measured in Chromium: wrapping, spacing, tap
targets, focus and the keyboard (issue 15's rough edges)."""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from scoring import services as scoring_services
from scoring.models import HandInput
from tests.e2e.demo import build_night, sign_in
from tourney.models import TableCard

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

LAPTOP = {"viewport": {"width": 1366, "height": 768}}

# Every word inside the matched elements that the browser split over two lines.
BROKEN_WORDS = """(selector) => {
  const broken = [];
  for (const el of document.querySelectorAll(selector)) {
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const m of node.textContent.matchAll(/\\S+/g)) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const tops = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
        if (tops.size > 1) broken.push(m[0]);
      }
    }
  }
  return broken;
}"""

# Lines an element's text takes.
LINES = """(el) => {
  const range = document.createRange();
  range.selectNodeContents(el);
  const rects = [...range.getClientRects()].filter(r => r.height).sort((a, b) => a.top - b.top);
  let lines = 0, bottom = -Infinity;
  for (const r of rects) {
    if (r.top >= bottom - 1) lines += 1;
    bottom = Math.max(bottom, r.bottom);
  }
  return lines;
}"""


# Visible controls smaller than 44 x 44 CSS px: (text, width, height).
TARGETS = ", ".join(
    f"main {kind}"
    for kind in (
        "a",
        "button",
        "summary",
        "select",
        "input:not([type=hidden]):not([type=radio]):not([type=checkbox])",
        "label:has(input[type=radio])",
        "label:has(input[type=checkbox])",
    )
)
SMALL_TARGETS = """(selector) => [...document.querySelectorAll(selector)]
  .filter(el => el.getClientRects().length && getComputedStyle(el).visibility !== 'hidden'
          && !el.closest('[aria-hidden=true], .visually-hidden,'
                         + ' details:not([open]) > :not(summary)'))
  .map(el => [el.innerText.trim().slice(0, 40) || el.name || el.id, el.getBoundingClientRect()])
  .filter(([, r]) => r.width < 44 || r.height < 44)
  .map(([t, r]) => [t, Math.round(r.width), Math.round(r.height)])"""

NO_SIDEWAYS_SCROLL = "document.documentElement.scrollWidth <= screen.width"


def contrast(page, a: str, b: str) -> float:
    return page.evaluate(
        """([a, b]) => {
          const lum = c => {
            const [r, g, bl] = c.match(/[\\d.]+/g).slice(0, 3).map(v => {
              v = v / 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
            });
            return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
          };
          const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
          return (x + 0.05) / (y + 0.05);
        }""",
        [a, b],
    )


@pytest.fixture
def night(db):
    return build_night()


def test_host_pages_at_1366(live_server, browser, night):
    _host, event, _family = night
    context = browser.new_context(**LAPTOP)
    page = context.new_page()
    page.set_default_timeout(20_000)
    sign_in(page, live_server.url)

    # My events: the card's contents sit inside its border, not against it.
    card = page.locator("li.card").first
    gap = card.evaluate(
        "c => c.querySelector('h3').getBoundingClientRect().left - c.getBoundingClientRect().left"
    )
    assert gap >= 12

    # Round monitor: "30 out" stays on one line beside the name; no space above "Table N".
    page.goto(live_server.url + reverse("round_detail", args=[event.slug, 4]))
    outs = page.locator(".seats .score", has_text="out")
    assert outs.count() >= 2
    for i in range(outs.count()):
        score = outs.nth(i)
        assert score.evaluate(LINES) == 1, score.inner_text()
        assert score.evaluate("s => s.parentElement.getClientRects().length") == 1
        line = score.evaluate("s => parseFloat(getComputedStyle(s.parentElement).lineHeight)")
        assert score.evaluate("s => s.parentElement.getBoundingClientRect().height") < 2 * line
    for table in page.locator(".table-card").all():
        space = table.evaluate(
            "c => c.querySelector('h2').getBoundingClientRect().top - c.getBoundingClientRect().top"
        )
        assert space <= 20, space

    # Standings name the closed rounds.
    page.goto(live_server.url + reverse("standings", args=[event.slug]))
    expect(page.get_by_role("heading", level=1)).to_have_text("Standings after 3 of 11 rounds")

    # The versions page's badge is whole.
    page.goto(live_server.url + reverse("table_history", args=[event.slug, 4, 2]))
    expect(page.locator("table.versions thead .badge.bad")).to_have_text("Disputed")

    # A Toonerville event hides Shanghai's 3-player tables; Shanghai shows them.
    page.goto(live_server.url + reverse("event_create"))
    short = page.get_by_label("Allow 3-player tables (Shanghai's fewer-than-4 rules)")
    expect(short).to_be_hidden()
    page.get_by_label("Game").select_option("shanghai")
    expect(short).to_be_visible()

    # The amber focus ring stands out 3:1 from the page behind it.
    page.goto(live_server.url + reverse("host_home"))
    page.keyboard.press("Tab")  # the skip link, on the navy header
    page.keyboard.press("Tab")  # "Rookery"
    page.locator("main").get_by_role("link", name="New event").focus()
    ring, width = page.evaluate(
        "() => { const s = getComputedStyle(document.activeElement);"
        " return [s.outlineColor, s.outlineWidth]; }"
    )
    assert width == "3px"
    paper = page.evaluate("getComputedStyle(document.body).backgroundColor")
    assert contrast(page, ring, paper) >= 3
    context.close()


def test_players_phone_pages(live_server, browser, phone, night):
    _host, event, _family = night
    context = browser.new_context(**phone)
    page = context.new_page()
    page.set_default_timeout(20_000)
    card = TableCard.objects.get(event=event, number=3)
    link = live_server.url + reverse("table_page", args=[card.token])
    page.goto(link)
    page.locator("form.score-form").wait_for()
    assert page.evaluate(NO_SIDEWAYS_SCROLL)
    assert page.evaluate(SMALL_TARGETS, TARGETS) == []
    footer = page.locator(".nights a")
    assert footer.count() >= 4
    for box in (footer.nth(i).bounding_box() for i in range(footer.count())):
        assert box["height"] >= 44 and box["width"] >= 44

    # Four "Count my hand" controls, each named for its player.
    names = [
        s.evaluate("el => el.textContent.replace(/\\s+/g, ' ').trim()")
        for s in page.locator("details.counter summary").all()
    ]
    assert len(names) == len(set(names)) == 4
    assert all(n.startswith("Count my hand (") for n in names)

    # The keypad's "Use 0" looks disabled until a card is tapped; Escape closes it.
    keypad = page.locator("details.counter").first
    keypad.locator("summary").click()
    use = keypad.get_by_role("button", name="Use 0")
    expect(use).to_be_disabled()
    looks = "b => [getComputedStyle(b).backgroundColor, getComputedStyle(b).cursor]"
    assert use.evaluate(looks) == ["rgb(236, 238, 241)", "not-allowed"]
    keypad.get_by_role("button", name="Rook", exact=True).click()
    assert keypad.get_by_role("button", name="Use 20").evaluate(looks) == [
        "rgb(31, 58, 95)",
        "pointer",
    ]
    page.keyboard.press("Escape")
    expect(keypad).not_to_have_attribute("open", "")
    assert keypad.locator("summary").evaluate("s => s === document.activeElement")

    # A player's night: headers break between words only; "← Back to the table" is a tap target.
    page.get_by_role("link", name=footer.first.inner_text()).click()
    page.get_by_role("heading", level=1).wait_for()
    assert page.evaluate(BROKEN_WORDS, "main th") == []
    assert page.evaluate(NO_SIDEWAYS_SCROLL)
    back = page.get_by_role("link", name="← Back to the table").bounding_box()
    assert back["height"] >= 44 and back["width"] >= 44
    assert page.evaluate(SMALL_TARGETS, TARGETS) == []
    context.close()


def test_pad_sheet_on_a_phone(live_server, browser, phone, night):
    host, _event, _family = night
    pad = scoring_services.start_pad(
        owner=host,
        name="Grandma's kitchen",
        game_slug="rook-for-two",
        house_rules={},
        players=["Grandma", "Grandpa"],
        first_dealer=0,
    )
    grandma, grandpa = pad.seats
    scoring_services.record_hand(
        pad,
        HandInput(
            bidder=grandma,
            bid=40,
            tricks={grandma.pk: 7, grandpa.pk: 6},
            count={grandma.pk: 60, grandpa.pk: 40},
        ),
        number=1,
        entered_by="host",
        user=host,
    )
    context = browser.new_context(**phone)
    page = context.new_page()
    page.set_default_timeout(20_000)
    sign_in(page, live_server.url)
    page.goto(live_server.url + reverse("scoring:pad_detail", args=[pad.pk]))
    dealt = page.locator(".pad-sheet .dealer").first
    expect(dealt).to_have_text("Grandma dealt")
    assert dealt.evaluate(LINES) == 1
    fix = page.get_by_role("link", name="Fix hand 1", exact=True)
    assert fix.bounding_box()["height"] >= 44
    assert page.evaluate(NO_SIDEWAYS_SCROLL)

    # The host's navigation, on every host page, is tapped on a phone too.
    nav = page.locator(".site-header nav").locator("a, button")
    assert nav.count() == 6  # My events, Seasons, Players, Score pads, the club (account), Sign out
    small = [
        (nav.nth(i).inner_text(), round(box["width"]), round(box["height"]))
        for i in range(nav.count())
        if (box := nav.nth(i).bounding_box())["height"] < 44 or box["width"] < 44
    ]
    assert small == []

    # A checkbox's label is a whole tap target: "Record buys" on a new family game.
    page.goto(live_server.url + reverse("table_game_create"))
    buys = page.locator("label:has(#id_record_buys)").bounding_box()
    assert buys["height"] >= 44 and buys["width"] >= 44
    assert page.evaluate(NO_SIDEWAYS_SCROLL)
    context.close()
