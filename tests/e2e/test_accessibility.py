"""axe-core on every page a host, a player or a projector shows, at three sizes.

axe-core is vendored (tests/e2e/vendor/axe-core, MPL-2.0, from `npm pack axe-core`)
and injected into each page, so the check needs no network. Experimental rules are
on and any violation, of any impact, fails the test with the page, size and nodes.
"""

from pathlib import Path

import pytest
from django.core.management import call_command
from django.urls import reverse

from scoring.models import Pad
from tests.factories import PASSWORD, UserFactory
from tourney import services
from tourney.models import Event, TableCard

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


def build_night():
    """The demo night (3 rounds closed, round 4 playing with one table's scores saved
    and another's disputed), its two score pads, and a family's one-table game."""
    host = UserFactory(username="host")
    call_command("load_demo", verbosity=0)
    event = Event.objects.get()
    rnd = event.rounds.get(number=4)
    services.begin_round(rnd)
    tables = list(rnd.tables.order_by("number"))
    first = tables[0]
    seats = list(first.seats.order_by("position"))
    points = {s.player_id: 0 if i == 0 else 20 + i for i, s in enumerate(seats)}
    services.submit_scores(first, points, entered_by=seats[1].player.name)
    second = tables[1]
    seats2 = list(second.seats.order_by("position"))
    points2 = {s.player_id: 0 if i == 1 else 15 + i for i, s in enumerate(seats2)}
    entry = services.submit_scores(second, points2, entered_by=seats2[0].player.name)
    services.submit_scores(
        second,
        {pid: (p + 5 if p else 0) for pid, p in points2.items()},
        entered_by=seats2[2].player.name,
        based_on=entry.entry.version,
    )
    family = services.start_table_game(
        owner=host,
        name="Sunday Shanghai",
        game_slug="shanghai",
        players=["Grandma", "Ruth", "Sam"],
        house_rules={},
    )
    return host, event, family


def page_list(event, family):
    """(who, name, path) for every page; who is host, player or projector."""
    slug = event.slug
    cards = {c.number: c.token for c in TableCard.objects.filter(event=event)}
    family_card = TableCard.objects.get(event=family).token
    table = event.rounds.get(number=4).tables.get(number=1)
    player = table.seats.order_by("position").first().player
    partnership = Pad.objects.get(game_slug="partnership-rook")
    two = Pad.objects.get(game_slug="rook-for-two")
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
        ("host", "movement cards", reverse("movement_cards", args=[slug])),
        ("host", "master sheet", reverse("master_sheet", args=[slug])),
        ("host", "table cards", reverse("table_cards", args=[slug])),
        ("host", "family game", reverse("event_detail", args=[family.slug])),
        ("host", "score pads", reverse("scoring:pad_list")),
        ("host", "new partnership pad", reverse("scoring:pad_start", args=["partnership-rook"])),
        ("host", "new Rook for Two pad", reverse("scoring:pad_start", args=["rook-for-two"])),
        ("host", "partnership pad", reverse("scoring:pad_detail", args=[partnership.pk])),
        ("host", "Rook for Two pad (won)", reverse("scoring:pad_detail", args=[two.pk])),
        ("host", "hand", reverse("scoring:hand_detail", args=[partnership.pk, 2])),
        ("projector", "standings", reverse("standings", args=[slug])),
        ("projector", "projector board", reverse("projector", args=[slug])),
        ("projector", "seating chart", reverse("seating_chart", args=[slug, 4])),
    ]
    return urls


def sign_in(page, base):
    page.goto(base + reverse("login"))
    page.get_by_label("Username").fill("host")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    page.get_by_role("heading", name="My events").wait_for()


def test_axe_finds_nothing_on_any_page_at_any_size(live_server, browser, phone):
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
                assert response.status == 200, (name, size, response.status)
                page.wait_for_load_state("load")
                for violation in page.evaluate(RUN_AXE):
                    found.append((size, name, path, violation))
                checked.append(f"{size:9} {who:9} {name}: {path}")
            context.close()
    print("axe-core checked these pages:\n  " + "\n  ".join(checked))
    report = "\n".join(
        f"[{size}] {name} ({path}): {v['id']} ({v['impact']}) {v['help']}\n    "
        + "\n    ".join(v["nodes"])
        for size, name, path, v in found
    )
    assert not found, f"{len(found)} axe violations:\n{report}"
    assert len(checked) == 3 * len(pages)
