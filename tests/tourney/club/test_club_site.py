"""The public club site: names as the host chose, hidden people absent, no contact details,
noindex, off means 404, and only the host's own club behind the address."""

import random
import re
from html.parser import HTMLParser
from types import SimpleNamespace

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import UserFactory
from tests.tourney.club.test_ratings import NAMES, club_night
from tourney.models import ClubSite, Person, Season
from tourney.night.sheet import build_sheet

pytestmark = pytest.mark.django_db


class Links(HTMLParser):
    def __init__(self):
        super().__init__()
        self.hrefs = []

    def handle_starttag(self, tag, attrs):
        if tag == "a" and (href := dict(attrs).get("href")):
            self.hrefs.append(href)


def crawl(client, start):
    """Every page of the site reachable from its home page: {path: html}."""
    pages, todo = {}, [start]
    while todo:
        path = todo.pop()
        if path in pages:
            continue
        response = client.get(path)
        assert response.status_code == 200, path
        pages[path] = response.content.decode()
        parser = Links()
        parser.feed(pages[path])
        todo += [h for h in parser.hrefs if h.startswith(start)]
    return pages


@pytest.fixture
def club(host):
    rng = random.Random(11)
    spring = Season.objects.create(owner=host, name="Spring 2027")
    nights = [club_night(host, n, rng, season=spring) for n in (1, 2)]
    for n, person in enumerate(Person.objects.filter(owner=host)):
        person.email = f"contact{n}@example.org"
        person.phone = f"+1 555 010{n}"
        person.save()
    site = ClubSite.objects.create(owner=host, published=True, title="Tuesday Rook")
    return SimpleNamespace(site=site, spring=spring, nights=nights)


def test_the_site_shows_first_names_and_initials_and_no_contact_anywhere(club):
    site = club.site
    pages = crawl(Client(), site.get_absolute_url())
    assert len(pages) >= 1 + 2 + 1 + len(NAMES)  # home, nights, season, people
    html = "\n".join(pages.values())
    for name in NAMES:
        first, last = name.split()
        assert f"{first} {last[0]}." in html
        assert name not in html
    assert "@example.org" not in html and "555" not in html
    assert not re.search(r"mailto:|tel:", html)


def test_full_names_when_the_host_chooses_them(club, client):
    site = club.site
    site.names = ClubSite.Names.FULL
    site.save()
    html = client.get(reverse("club_night", args=[site.key, club.nights[0].slug])).content.decode()
    assert all(name in html for name in NAMES)


def test_a_hidden_person_is_a_player_in_standings_and_absent_everywhere_else(club, client, host):
    site = club.site
    bo = Person.objects.get(owner=host, name="Bo Lind")
    site.hidden.add(bo)
    pages = crawl(client, site.get_absolute_url())
    html = "\n".join(pages.values())
    assert "Bo L." not in html and "Bo Lind" not in html
    assert reverse("club_person", args=[site.key, bo.pk]) not in html
    assert client.get(reverse("club_person", args=[site.key, bo.pk])).status_code == 404
    # The night's standings keep the row, as "A player", so the places are the host's.
    night = pages[reverse("club_night", args=[site.key, club.nights[0].slug])]
    assert night.count("A player") == 1
    places = re.findall(r'<tr(?: class="first")?><td class="num">=?(\d+)</td>', night)
    assert [int(p) for p in places] == [r.place for r in build_sheet(club.nights[0]).rows]
    season = pages[reverse("club_season", args=[site.key, club.spring.slug])]
    assert season.count("A player") == 1


def test_pages_say_noindex_unless_the_host_lets_search_engines_list_them(club, client):
    site = club.site
    for path in crawl(client, site.get_absolute_url()):
        response = client.get(path)
        assert response["X-Robots-Tag"] == "noindex"
        assert '<meta name="robots" content="noindex">' in response.content.decode()
    site.indexable = True
    site.save()
    response = client.get(site.get_absolute_url())
    assert "X-Robots-Tag" not in response
    assert 'name="robots"' not in response.content.decode()


def test_turning_the_site_off_makes_every_page_404(club, client):
    site = club.site
    paths = list(crawl(client, site.get_absolute_url()))
    site.published = False
    site.save()
    assert [client.get(p).status_code for p in paths] == [404] * len(paths)


def test_another_hosts_club_is_not_reachable_through_this_address(club, client):
    site = club.site
    other = UserFactory()
    theirs = club_night(other, 1, random.Random(3))
    their_season = Season.objects.create(owner=other, name="Their season")
    their_person = Person.objects.filter(owner=other).first()
    ClubSite.objects.create(owner=other, published=False)
    for path in (
        reverse("club_night", args=[site.key, theirs.slug]),
        reverse("club_season", args=[site.key, their_season.slug]),
        reverse("club_person", args=[site.key, their_person.pk]),
        reverse("club_home", args=[ClubSite.objects.get(owner=other).key]),  # not published
        reverse("club_home", args=["not-a-key"]),
    ):
        assert client.get(path).status_code == 404, path
    assert theirs.slug not in client.get(site.get_absolute_url()).content.decode()


def test_a_night_in_play_is_not_published(club, client, host):
    site = club.site
    tonight = club_night(host, 3, random.Random(5), finish=False)
    assert client.get(reverse("club_night", args=[site.key, tonight.slug])).status_code == 404
    assert tonight.name not in client.get(site.get_absolute_url()).content.decode()


def test_the_site_shows_what_the_hosts_pages_show(club, client, host_client):
    site = club.site
    site.names = ClubSite.Names.FULL
    site.save()
    address = reverse("club_night", args=[site.key, club.nights[1].slug])
    public = client.get(address).content.decode()
    own = host_client.get(reverse("standings", args=[club.nights[1].slug])).content.decode()

    def rows(html):
        return [
            re.sub(r"<[^>]+>", " ", tr).split()[:2]
            for tr in re.findall(r"<tr(?: class=\"first\")?><td class=\"num\">.*?</tr>", html)
        ]

    assert rows(public) == rows(own) and len(rows(own)) == len(NAMES)


def test_the_host_publishes_hides_and_renews_the_address(host, host_client, club):
    site = club.site
    ClubSite.objects.filter(pk=site.pk).update(published=False)
    ann = Person.objects.get(owner=host, name="Ann Whitaker")
    page = host_client.get(reverse("club_site_settings"))
    assert page.status_code == 200 and "Not published" in page.content.decode()
    response = host_client.post(
        reverse("club_site_settings"),
        {"published": "on", "title": "Tuesday Rook", "names": "full", "hidden": [ann.pk]},
    )
    assert response.status_code == 302
    site.refresh_from_db()
    assert site.published and site.names == "full" and list(site.hidden.all()) == [ann]
    old = site.get_absolute_url()
    assert Client().get(old).status_code == 200
    host_client.post(reverse("club_site_new_address"))
    site.refresh_from_db()
    assert Client().get(old).status_code == 404
    assert Client().get(site.get_absolute_url()).status_code == 200


def test_another_hosts_person_cannot_be_hidden_and_the_form_says_so(host, host_client, club):
    other = UserFactory()
    stranger = Person.objects.create(owner=other, name="Stranger Danger")
    response = host_client.post(
        reverse("club_site_settings"), {"names": "full", "hidden": [stranger.pk]}
    )
    assert response.status_code == 422
    assert "not on your roster" in response.content.decode()


def test_the_site_is_headed_with_the_clubs_name_from_the_account_unless_titled(club, client, host):
    from tourney.models import HostAccount

    site = ClubSite.objects.get(owner=host)
    site.title = ""
    site.save()
    assert "<h1>Club results</h1>" in client.get(site.get_absolute_url()).content.decode()
    HostAccount.objects.create(user=host, club_name="Tuesday Rookers")
    assert "<h1>Tuesday Rookers</h1>" in client.get(site.get_absolute_url()).content.decode()
    site.title = "Rook at St Mary's"
    site.save()
    assert "<h1>Rook at St Mary&#x27;s</h1>" in client.get(site.get_absolute_url()).content.decode()
