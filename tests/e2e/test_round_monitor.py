"""The round monitor as a host reads it on a laptop, a TV-sized screen and a phone:
every score on its own player's line, however long the name and its marks."""

import pytest
from django.urls import reverse

from tests.e2e.demo import build_night, sign_in
from tourney.models import Player

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

# A long first-seated name with "deals" and "out" beside it made the score float
# onto the next row at 1280 px and wider ("Wanda 0 out / Zeke 30 15").
LONG_NAMES = [
    "Wanda Featherstonehaugh-Montgomery",
    "Bartholomewandersonsmithingtonshire",
    "Maximiliana Augustina Wolfeschlegel",
]

ROWS = """() => Array.from(document.querySelectorAll('#round-tables .seats li')).map(li => {
  const box = r => ({top: r.top, bottom: r.bottom, left: r.left, right: r.right});
  // The player's name is the row's first text; where its first line is drawn.
  const walker = document.createTreeWalker(li, NodeFilter.SHOW_TEXT,
    {acceptNode: n => n.textContent.trim() ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_SKIP});
  const range = document.createRange();
  range.selectNodeContents(walker.nextNode());
  const first = range.getClientRects()[0];
  const score = li.querySelector('.score');
  return {text: li.innerText.replace(/\\s+/g, ' ').trim(), li: box(li.getBoundingClientRect()),
          first: box(first), score: score ? box(score.getBoundingClientRect()) : null,
          card: box(li.closest('.table-card').getBoundingClientRect())};
})"""


def long_named_night():
    """The demo night with round 4 playing: table 1's dealer went out, and the first
    seat of every table has a long name."""
    _host, event, _family = build_night()
    rnd = event.rounds.get(number=4)
    for table, name in zip(rnd.tables.order_by("number"), LONG_NAMES, strict=False):
        first = table.seats.get(position=0).player
        Player.objects.filter(pk=first.pk).update(name=name)
    return event


def check_rows(rows, size):
    scored = [r for r in rows if r["score"]]
    assert len(scored) >= 8, (size, rows)  # tables 1 and 2 have scores
    for row in scored:
        score, li, first = row["score"], row["li"], row["first"]
        # The score sits inside its own row, level with the first line of the name...
        assert li["top"] - 1 <= score["top"] and score["bottom"] <= li["bottom"] + 1, (size, row)
        assert score["top"] < first["bottom"] and score["bottom"] > first["top"], (size, row)
        # ...to the right of the name, within the card.
        assert score["left"] >= first["right"] - 1, (size, row)
        assert score["right"] <= row["card"]["right"], (size, row)


@pytest.mark.parametrize("width", [1280, 1366, 1920])
def test_every_score_is_on_its_players_line(live_server, browser, width):
    event = long_named_night()
    context = browser.new_context(viewport={"width": width, "height": 900})
    page = context.new_page()
    page.set_default_timeout(20_000)
    sign_in(page, live_server.url)
    page.goto(live_server.url + reverse("round_detail", args=[event.slug, 4]))
    first = page.locator(".seats li", has_text=LONG_NAMES[0])
    assert "deals" in first.inner_text() and "out" in first.inner_text()
    check_rows(page.evaluate(ROWS), f"{width}px")
    context.close()


def test_round_monitor_on_a_phone_keeps_scores_on_their_lines(live_server, browser, phone):
    event = long_named_night()
    context = browser.new_context(**phone)
    page = context.new_page()
    page.set_default_timeout(20_000)
    sign_in(page, live_server.url)
    page.goto(live_server.url + reverse("round_detail", args=[event.slug, 4]))
    check_rows(page.evaluate(ROWS), "Pixel 7")
    assert page.evaluate("document.documentElement.scrollWidth <= screen.width")
    context.close()
