"""axe-core on every page a host, a player or a projector shows, at three sizes,
and on the live pages after what changes them: the round monitor across three polls,
the players page across check-ins, the master sheet across a sort (focus kept).

axe-core 4.14.1 is vendored (tests/e2e/vendor/axe-core, MPL-2.0, from `npm pack axe-core`)
and injected into each page, so the check needs no network. Experimental rules are
on and any violation, of any impact, fails the test with the page, size and nodes.
"""

from pathlib import Path

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from scoring.models import Pad
from tests.e2e.demo import build_night, sign_in
from tourney.models import ClubSite, Event, Season, TableCard
from tourney.night.sheet import build_sheet

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

AXE = Path(__file__).parent / "vendor" / "axe-core" / "axe.min.js"

RUN_AXE = """async () => {
  const result = await axe.run(document, {
    runOnly: {type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa",
                                    "wcag22aa", "best-practice", "experimental"]},
    resultTypes: ["violations"],
  });
  return result.violations.map(v => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.slice(0, 5).map(n => n.target.join(" ") + " :: " + n.failureSummary),
  }));
}"""


def sizes(phone):
    return {
        "phone": phone,
        "laptop": {"viewport": {"width": 1366, "height": 768}},
        "1920x1080": {"viewport": {"width": 1920, "height": 1080}},
    }


def page_list(event, family):
    """(who, name, path) for every page; who is host, player or projector."""
    slug = event.slug
    cards = {c.number: c.token for c in TableCard.objects.filter(event=event)}
    family_card = TableCard.objects.get(event=family).token
    table = event.rounds.get(number=4).tables.get(number=1)
    player = table.seats.order_by("position").first().player
    partnership = Pad.objects.get(game_slug="partnership-rook")
    two = Pad.objects.get(game_slug="rook-for-two")
    person = player.person_id
    season = Season.objects.get(events=event).slug
    urls = [
        ("player", "home", reverse("home")),
        ("player", "sign in", reverse("login")),
        ("player", "join", reverse("join")),
        ("player", "blank score sheet", reverse("blank_sheet")),
        ("player", "table page: saved, waiting to confirm", reverse("table_page", args=[cards[1]])),
        ("player", "table page: disputed", reverse("table_page", args=[cards[2]])),
        ("player", "table page: score form", reverse("table_page", args=[cards[3]])),
        ("player", "family game table page", reverse("table_page", args=[family_card])),
        ("player", "player's night", reverse("table_player", args=[cards[1], player.pk])),
        ("player", "door check-in", reverse("door", args=[event.door_token])),
        ("player", "page not found", "/t/no-such-card/"),
        ("host", "my events", reverse("host_home")),
        ("host", "new event", reverse("event_create")),
        ("host", "new table game", reverse("table_game_create")),
        ("host", "event", reverse("event_detail", args=[slug])),
        ("host", "edit event", reverse("event_edit", args=[slug])),
        ("host", "delete event", reverse("event_delete", args=[slug])),
        ("host", "players", reverse("player_list", args=[slug])),
        ("host", "rename player", reverse("player_rename", args=[slug, player.pk])),
        ("host", "player", reverse("player_detail", args=[slug, player.pk])),
        ("host", "round monitor (playing)", reverse("round_detail", args=[slug, 4])),
        ("host", "closed round", reverse("round_detail", args=[slug, 3])),
        ("host", "enter scores", reverse("table_scores_host", args=[slug, 4, 3])),
        ("host", "correct a closed round", reverse("table_scores_host", args=[slug, 3, 1])),
        ("host", "table versions (dispute)", reverse("table_history", args=[slug, 4, 2])),
        ("host", "table lists to print", reverse("round_tables_print", args=[slug, 4])),
        ("host", "desk: a round from paper slips", reverse("round_desk", args=[slug, 4])),
        ("host", "activity", reverse("event_activity", args=[slug])),
        ("host", "movement cards", reverse("movement_cards", args=[slug])),
        ("host", "master sheet", reverse("master_sheet", args=[slug])),
        ("host", "table cards", reverse("table_cards", args=[slug])),
        ("host", "door card", reverse("door_card", args=[slug])),
        ("host", "family game", reverse("event_detail", args=[family.slug])),
        ("host", "score pads", reverse("scoring:pad_list")),
        ("host", "new partnership pad", reverse("scoring:pad_start", args=["partnership-rook"])),
        ("host", "new Rook for Two pad", reverse("scoring:pad_start", args=["rook-for-two"])),
        ("host", "partnership pad", reverse("scoring:pad_detail", args=[partnership.pk])),
        ("host", "Rook for Two pad (won)", reverse("scoring:pad_detail", args=[two.pk])),
        ("host", "hand", reverse("scoring:hand_detail", args=[partnership.pk, 2])),
        ("host", "roster", reverse("roster")),
        ("host", "import players", reverse("roster_import")),
        ("host", "person", reverse("person_detail", args=[person])),
        (
            "host",
            "person in a season",
            reverse("person_detail", args=[person]) + "?season=" + season,
        ),
        ("host", "edit person", reverse("person_edit", args=[person])),
        ("host", "merge person", reverse("person_merge", args=[person])),
        ("host", "seasons", reverse("season_list")),
        ("host", "season", reverse("season_detail", args=[season])),
        ("host", "edit season", reverse("season_edit", args=[season])),
        ("host", "delete season", reverse("season_delete", args=[season])),
        ("projector", "standings", reverse("standings", args=[slug])),
        ("projector", "season board", reverse("season_projector", args=[season])),
        ("projector", "projector board", reverse("projector", args=[slug])),
        ("projector", "seating chart", reverse("seating_chart", args=[slug, 4])),
        ("host", "club site settings", reverse("club_site_settings")),
    ]
    site = ClubSite.objects.create(owner=event.owner, published=True, title="Friday Rook")
    done = next(e for e in Event.objects.filter(owner=event.owner) if build_sheet(e).finished)
    urls += [
        ("player", "club site", reverse("club_home", args=[site.key])),
        ("player", "club site night", reverse("club_night", args=[site.key, done.slug])),
        ("player", "club site season", reverse("club_season", args=[site.key, season])),
        ("player", "club site person", reverse("club_person", args=[site.key, person])),
    ]
    return urls


def open_keypad(page):
    page.locator("details.counter summary").first.click()
    page.get_by_role("button", name="Rook", exact=True).click()


def refused_save(page):
    page.keyboard.press("Escape")
    page.get_by_role("button", name="Save scores").click()
    page.locator("#score-errors").wait_for()


def refused_host_save(page):
    page.get_by_role("button", name="Save scores").click()
    page.locator(".errorlist-box").wait_for()


def import_preview(page):
    page.get_by_label("Paste names").fill(
        "Name,Email\nHattie Pruitt,hattie@example.org\nHatty Pruitt\nNew Person\n,x@example.org"
    )
    page.get_by_role("button", name="Preview").click()
    page.locator(".preview-list").wait_for()


def three_polls(page):
    """The monitor across three polls, with a link focused: it keeps focus."""
    link = page.get_by_role("link", name="Enter scores for table 3")
    link.focus()
    for _ in range(3):
        with page.expect_response(lambda r: "since=" in r.url, timeout=10_000):
            pass
    expect(link).to_be_focused()


def check_ins(page):
    """Mark a checked-in player absent, then check them in again, by their buttons."""
    here = page.locator("#roster button[id$='-present'][aria-pressed=true]").first
    pk = here.get_attribute("id").split("-")[1]
    for status in ("absent", "present"):
        button = page.locator(f"#status-{pk}-{status}")
        button.click()
        expect(button).to_have_attribute("aria-pressed", "true")
        expect(button).to_be_focused()


def sort_by_total(page):
    page.get_by_role("link", name="Total", exact=True).click()
    page.wait_for_url("**?sort=total")
    expect(page.locator("th.asc a")).to_be_focused()


# Pages looked at in more than one state: (state, what the user does to reach it).
STATES = {
    "round monitor (playing)": [("as opened", None), ("after three polls", three_polls)],
    "players": [("as opened", None), ("after check-ins", check_ins)],
    "master sheet": [("as opened", None), ("sorted by total", sort_by_total)],
    "table page: score form": [
        ("as opened", None),
        ("keypad open", open_keypad),
        ("after a refused save", refused_save),
    ],
    "enter scores": [("as opened", None), ("after a refused save", refused_host_save)],
    "import players": [("as opened", None), ("preview", import_preview)],
}


def test_axe_finds_nothing_on_any_page_at_any_size(live_server, browser, phone, settings):
    settings.ROOKERY_POLL_SECONDS = 1  # the live pages' polls, looked at after three
    _host, event, family = build_night()
    pages = page_list(event, family)
    base = live_server.url
    script = AXE.read_text(encoding="utf-8")
    found, checked = [], []
    for size, options in sizes(phone).items():
        for signed_in in (False, True):
            context = browser.new_context(**options)
            context.add_init_script(script)
            page = context.new_page()
            page.set_default_timeout(20_000)
            if signed_in:
                sign_in(page, base)
            for who, name, path in pages:
                if (who == "host") != signed_in:
                    continue
                response = page.goto(base + path)
                assert response.status == (404 if "not found" in name else 200), (name, size)
                page.wait_for_load_state("load")
                for state, act in STATES.get(name, [("", None)]):
                    if act:
                        act(page)
                    label = f"{name}, {state}" if state else name
                    for violation in page.evaluate(RUN_AXE):
                        found.append((size, label, path, violation))
                    checked.append(f"{size:9} {who:9} {label}: {path}")
            context.close()
    print("axe-core checked these pages:\n  " + "\n  ".join(checked))
    report = "\n".join(
        f"[{size}] {name} ({path}): {v['id']} ({v['impact']}) {v['help']}\n    "
        + "\n    ".join(v["nodes"])
        for size, name, path, v in found
    )
    assert not found, f"{len(found)} axe violations:\n{report}"
    states = sum(len(STATES.get(name, [1])) for _who, name, _path in pages)
    assert len(checked) == 3 * states
