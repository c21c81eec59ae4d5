"""Opening a POST-only address (a restored tab on /rounds/next/) shows a page, never a
blank white 405: every URL in the URLconf is opened with GET as a signed-in host."""

import re
from html import unescape

import pytest
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from scoring import services as pads
from tests.factories import night
from tourney import services
from tourney.models import ClubSite, Season, TableCard

pytestmark = pytest.mark.django_db

# Addresses that only take a button's press, and the page each one leads back to.
KNOWN_POST_ONLY = {
    "round_seat_next": "event_detail",
    "round_plan_night": "event_detail",
    "player_status": "event_detail",
    "round_swap": "round_detail",
    "round_begin": "round_detail",
    "round_close": "round_detail",
    "table_restore": "round_detail",
    "event_end": "event_detail",
    "table_confirm": "table_page",
    "season_event_remove": "season_detail",
    "club_site_new_address": "club_site_settings",
    "scoring:hand_add": "scoring:pad_detail",
    "scoring:hand_undo": "scoring:pad_detail",
}


def every_pattern(patterns=None, prefix="", namespace=""):
    for p in patterns if patterns is not None else get_resolver().url_patterns:
        if isinstance(p, URLResolver):
            if p.namespace == "admin":
                continue
            ns = f"{p.namespace}:" if p.namespace else namespace
            yield from every_pattern(p.url_patterns, prefix + str(p.pattern), ns)
        elif isinstance(p, URLPattern) and p.name:
            yield namespace + p.name, prefix + str(p.pattern)


@pytest.fixture
def world(host):
    event = night(8, owner=host)
    rnd = services.seat_next_round(event)
    services.begin_round(rnd)
    season = Season.objects.create(owner=host, name="Winter", slug="winter")
    event.season = season
    event.save()
    pad = pads.start_pad(
        owner=host,
        name="Four",
        game_slug="partnership-rook",
        house_rules={},
        players=["Ann", "Bo", "Cy", "Di"],
        first_dealer=1,
    )
    player = event.players.first()
    return {
        "slug": event.slug,
        "event_slug": event.slug,
        "number": 1,
        "table": 1,
        "token": TableCard.objects.filter(event=event).first().token,
        "pk": player.pk,
        "fmt": "csv",
        "game": "partnership-rook",
        "secret": "x" * 20,
        "uidb64": "MQ",
        "season_slug": season.slug,
        "pad": pad.pk,
        "person": player.person_id,
        "key": ClubSite.objects.create(owner=host, published=True).key,
    }


def kwargs_for(route: str, world: dict) -> dict:
    names = re.findall(r"<(?:\w+:)?(\w+)>", route)
    kw = {n: world[n] for n in names}
    if route.startswith("seasons/") and "slug" in kw:
        kw["slug"] = world["season_slug"]
    if route.startswith("pads/") and "pk" in kw:
        kw["pk"] = world["pad"]
    if route.startswith("people/") and "pk" in kw:
        kw["pk"] = world["person"]
    return kw


def test_every_post_only_address_opened_as_a_page_says_so_and_leads_back(host_client, world):
    refused = {}
    for name, route in every_pattern():
        url = reverse(name, kwargs=kwargs_for(route, world))
        response = host_client.get(url)
        if response.status_code >= 400:
            assert response.content.strip(), f"{url} answers {response.status_code} blank"
        if response.status_code == 405:
            refused[name] = response
    assert set(KNOWN_POST_ONLY) <= set(refused)
    for name, response in refused.items():
        page = unescape(response.content.decode())
        assert "This address is for a button" in page, name
        assert "Nothing was changed." in page
        assert '<header class="site-header">' in page  # the site's own layout
        assert "POST" in response["Allow"]
        back = re.search(r'<a class="button primary" href="([^"]+)">Go to ', page).group(1)
        assert host_client.get(back).status_code == 200, f"{name} leads back to {back}"
        if name in KNOWN_POST_ONLY:
            expected = KNOWN_POST_ONLY[name]
            kw = kwargs_for(dict(every_pattern())[expected], world)
            if expected == "scoring:pad_detail":
                kw = {"pk": world["pad"]}
            assert back == reverse(expected, kwargs=kw), name


def test_a_restored_tab_on_rounds_next_is_a_page_not_a_blank(host_client, world):
    response = host_client.get(reverse("round_seat_next", args=[world["slug"]]))
    assert response.status_code == 405
    page = response.content.decode()
    assert f'href="{reverse("event_detail", args=[world["slug"]])}">Go to the event' in page
