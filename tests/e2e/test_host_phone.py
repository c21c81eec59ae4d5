"""The host's pages on a phone (a co-host or the desk helper walks the hall with one):
no sideways scroll, and every control a 44 px target, measured in Chromium."""

import pytest
from django.urls import reverse

from tests.e2e.demo import build_night, sign_in
from tests.e2e.test_polish_layout import LINES, NO_SIDEWAYS_SCROLL, SMALL_TARGETS, TARGETS
from tests.factories import UserFactory, night
from tourney import services
from tourney.accounts import team_invites
from tourney.models import ClubSite, Event, SeatingConstraint, TableCard
from tourney.night.sheet import build_sheet

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def walk(page, base: str, pages: dict[str, str]) -> dict:
    """Each page's controls under 44 px and whether it scrolls sideways, where any do."""
    problems = {}
    for what, url in pages.items():
        response = page.goto(base + url)
        assert response.status == 200, (what, response.status)
        page.locator("main h1").first.wait_for()
        small = page.evaluate(SMALL_TARGETS, TARGETS)
        sideways = not page.evaluate(NO_SIDEWAYS_SCROLL)
        if small or sideways:
            problems[what] = {"small": small, "sideways": sideways}
    return problems


def test_every_host_page_fits_a_phone_with_44px_targets(live_server, browser, phone):
    _host, event, _family = build_night()
    ann, bo, cy = event.players.order_by("name")[:3]
    SeatingConstraint.objects.create(event=event, kind="pin", player=ann, table=1)
    first, second = sorted([bo, cy], key=lambda p: p.pk)
    SeatingConstraint.objects.create(event=event, kind="apart", player=first, other=second)
    slug = event.slug
    pages = {
        "My events": reverse("host_home"),
        "the night": reverse("event_detail", args=[slug]),
        "players": reverse("player_list", args=[slug]),
        "seating and its rules": reverse("event_seating", args=[slug]),
        "round 4": reverse("round_detail", args=[slug, 4]),
        "the desk": reverse("round_desk", args=[slug, 4]),
        "a table's scores": reverse("table_scores_host", args=[slug, 4, 1]),
        "standings": reverse("standings", args=[slug]),
        "master sheet": reverse("master_sheet", args=[slug]),
        "activity": reverse("event_activity", args=[slug]),
        "team": reverse("team"),
        "account": reverse("account"),
        "roster": reverse("roster"),
        "seasons": reverse("season_list"),
    }
    context = browser.new_context(**phone)
    page = context.new_page()
    page.set_default_timeout(20_000)
    sign_in(page, live_server.url)
    problems = walk(page, live_server.url, pages)
    # Links once measured short on a phone, named so the walk can't lose them: the
    # night's season link (19 px) and its rounds' links (43 px).
    page.goto(live_server.url + pages["the night"])
    for link in (page.locator(".season-link a"), page.get_by_role("link", name="Round 1")):
        assert link.bounding_box()["height"] >= 44, link
    # The skip link, shown when the keyboard reaches it first, is a whole target too.
    page.keyboard.press("Tab")
    skip = page.locator(".skip-link")
    assert skip.evaluate("el => el === document.activeElement")
    assert skip.bounding_box()["height"] >= 44 and skip.bounding_box()["y"] >= 0
    context.close()
    assert problems == {}


def test_every_page_a_player_opens_without_signing_in_fits_a_phone(live_server, browser, phone):
    host, event, _family = build_night()
    site = ClubSite.objects.create(owner=host, published=True, title="Friday Rook")
    past = next(e for e in Event.objects.filter(owner=host) if build_sheet(e).finished)
    person = past.players.exclude(person=None).first().person
    _invite, secret = team_invites.issue(club=host, level="desk", by=host)
    card = TableCard.objects.get(event=event, number=1)
    pages = {
        "the table": reverse("table_page", args=[card.token]),
        "live standings": reverse("live_standings", args=[event.live_token]),
        "the door": reverse("door", args=[event.door_token]),
        "join by code": reverse("join_slash"),
        "sign in": reverse("login"),
        "a team invite": reverse("invite_accept", args=[secret]),
        "the club site": reverse("club_home", args=[site.key]),
        "a night on the club site": reverse("club_night", args=[site.key, past.slug]),
        "a person on the club site": reverse("club_person", args=[site.key, person.pk]),
    }
    context = browser.new_context(**phone)
    page = context.new_page()
    page.set_default_timeout(20_000)
    problems = walk(page, live_server.url, pages)
    # The invite's "Sign in first", for someone who already has an account.
    page.goto(live_server.url + pages["a team invite"])
    assert page.get_by_role("link", name="Sign in first").bounding_box()["height"] >= 44
    context.close()
    assert problems == {}


def test_a_round_seated_but_not_started_fits_a_phone(live_server, browser, phone):
    # Before play the round page has the Re-seat form, whose method list (its longest
    # choice "Rating: tables balanced by club rating") once squeezed the button to a
    # letter a line past the right edge: the page was 419 px on a 412 px Pixel 7. A
    # phone's browser then widens its layout to the page, so the page is measured
    # against the phone's own width, not window.innerWidth.
    host = UserFactory(username="host")
    event = night(13, owner=host)
    rnd = services.seat_next_round(event)
    width = phone["viewport"]["width"]
    context = browser.new_context(**phone)
    page = context.new_page()
    page.set_default_timeout(20_000)
    sign_in(page, live_server.url)
    url = reverse("round_detail", args=[event.slug, rnd.number])
    problems = walk(page, live_server.url, {"round 1, before play": url})
    page_width = page.evaluate("document.documentElement.scrollWidth")
    reseat = page.get_by_role("button", name="Re-seat")
    button, lines = reseat.bounding_box(), reseat.evaluate(LINES)
    method = page.get_by_label("Seating method").bounding_box()
    context.close()
    assert problems == {}
    assert page_width <= width
    assert lines == 1 and button["height"] >= 44 and button["width"] >= 44
    assert button["x"] + button["width"] <= width and method["x"] + method["width"] <= width
