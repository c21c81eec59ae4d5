"""The club site on a phone with names as the host chose, and a rating that moves when
the host corrects a closed night's score."""

import random
import re

import pytest
from django.urls import reverse

from tests.factories import PASSWORD
from tests.tourney.club.test_ratings import NAMES, club_night
from tourney.models import ClubSite, Person, Season

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

NO_SIDEWAYS_SCROLL = "document.documentElement.scrollWidth <= screen.width"
AHEAD = re.compile(r"Ann W\. is expected to finish ahead of \w+ \w\. \d+ times in 10")


def sign_in(page, base, host):
    page.goto(base + reverse("login"))
    page.get_by_label("Username").fill(host.username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    page.get_by_role("heading", name="My events").wait_for()


def test_a_host_publishes_the_club_and_a_player_reads_it_on_a_phone(
    live_server, browser, phone, host
):
    rng = random.Random(21)
    spring = Season.objects.create(owner=host, name="Spring 2027")
    nights = [club_night(host, n, rng, season=spring) for n in (1, 2)]
    for n, person in enumerate(Person.objects.filter(owner=host)):
        person.email, person.phone = f"member{n}@example.org", f"+1 555 020{n}"
        person.save()

    host_context = browser.new_context(**phone)
    host_context.set_default_timeout(20_000)
    page = host_context.new_page()
    sign_in(page, live_server.url, host)
    page.goto(live_server.url + reverse("roster"))
    page.get_by_role("link", name="Club site").click()
    page.get_by_label("Publish the club site").check()
    page.get_by_label("Club name").fill("Tuesday Rook")
    page.get_by_label("First name and initial (Ann W.)").check()
    page.get_by_label("Bo Lind").check()
    assert page.locator("label", has_text="Bo Lind").bounding_box()["height"] >= 44
    assert page.evaluate(NO_SIDEWAYS_SCROLL)
    page.get_by_role("button", name="Save").click()
    page.get_by_text("It is published at the address below").wait_for()
    address = page.locator(".club-address a").get_attribute("href")
    host_context.close()

    context = browser.new_context(**phone)
    context.set_default_timeout(20_000)
    page = context.new_page()
    page.goto(live_server.url + address)
    page.get_by_role("heading", name="Tuesday Rook").wait_for()
    assert page.locator('meta[name="robots"]').get_attribute("content") == "noindex"
    seen = [page.content()]
    link = page.get_by_role("link", name=nights[1].name)
    assert link.bounding_box()["height"] >= 44
    link.click()
    rows = page.locator("table.club-night tbody tr")
    rows.first.wait_for()
    assert rows.count() == len(NAMES)
    names = [rows.nth(i).locator("td").nth(1).inner_text() for i in range(rows.count())]
    expected = {f"{n.split()[0]} {n.split()[1][0]}." for n in NAMES if n != "Bo Lind"}
    assert set(names) == expected | {"A player"}
    assert page.evaluate(NO_SIDEWAYS_SCROLL)
    seen.append(page.content())
    page.get_by_role("link", name="Ann W.").click()
    page.get_by_role("heading", name="Ann W.").wait_for()
    assert page.locator(".rating-figure").is_visible()
    assert page.get_by_text(AHEAD).first.is_visible()
    assert page.locator(".rating-chart svg circle").count() == 2
    assert page.evaluate(NO_SIDEWAYS_SCROLL)
    seen.append(page.content())
    page.goto(live_server.url + address + f"seasons/{spring.slug}/")
    seen.append(page.content())
    html = "\n".join(seen)
    assert "Bo L" not in html and "Ann Whitaker" not in html
    assert "@example.org" not in html and "555 02" not in html
    context.close()
    assert ClubSite.objects.get(owner=host).published


def test_correcting_a_closed_nights_score_moves_the_rating_on_the_person_page(
    live_server, browser, host
):
    rng = random.Random(22)
    first = club_night(host, 1, rng)
    club_night(host, 2, rng)
    ann = Person.objects.get(owner=host, name="Ann Whitaker")
    table = first.rounds.get(number=1).tables.get(seats__player__person=ann)
    others = [s.player.name for s in table.seats.select_related("player") if s.player.person != ann]

    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(20_000)
    page = context.new_page()
    sign_in(page, live_server.url, host)
    page.goto(live_server.url + reverse("person_detail", args=[ann.pk]))
    before = float(page.locator(".rating-figure strong").inner_text())

    page.goto(live_server.url + reverse("table_scores_host", args=[first.slug, 1, table.number]))
    page.get_by_role("button", name=f"Reopen round 1 to correct table {table.number}").click()
    page.get_by_label("Ann Whitaker").fill("90")
    page.get_by_label(others[0]).fill("0")
    page.get_by_label(others[1]).fill("12")
    page.get_by_role("button", name="Save scores").click()
    page.goto(live_server.url + reverse("round_detail", args=[first.slug, 1]))
    page.get_by_role("button", name="Close round 1").click()
    page.get_by_text("Round 1 is closed.").wait_for()

    page.goto(live_server.url + reverse("person_detail", args=[ann.pk]))
    after = float(page.locator(".rating-figure strong").inner_text())
    assert after < before
    context.close()
