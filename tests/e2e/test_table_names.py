"""Names in any script: players called Łukasz, Дмитрий and 王芳 save and confirm from
their own phones (Pixel 7), round after round, and the host can still sign in on one."""

import pytest
from django.urls import reverse

from tests.factories import PASSWORD, EventFactory, PlayerFactory
from tourney import services
from tourney.models import Entry, TableCard

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

NAMES = ["Łukasz", "Дмитрий", "王芳"]


def test_names_in_any_script_save_and_confirm_again_and_again(live_server, browser, phone, host):
    event = EventFactory(owner=host, max_table_size=4)
    for name in [*NAMES, "Zoë"]:
        PlayerFactory(event=event, name=name)
    rnd = services.begin_round(services.seat_next_round(event))
    card = TableCard.objects.get(event=event, number=1)
    link = live_server.url + reverse("table_page", args=[card.token])
    contexts = [browser.new_context(**phone) for _ in NAMES]
    pages = [ctx.new_page() for ctx in contexts]
    for page in pages:
        page.set_default_timeout(20_000)

    pks = {p.name: str(p.pk) for p in event.players.all()}
    for number in (1, 2, 3, 4):
        enters, confirms = (number - 1) % 3, number % 3
        table = rnd.tables.get()
        seated = [s.player.name for s in table.seats.order_by("position").select_related("player")]
        page = pages[enters]
        page.goto(link)
        page.locator("form.score-form").wait_for()
        chosen = page.get_by_label("Your name")
        assert chosen.bounding_box()["height"] >= 44  # a tap target, like the confirmer's list
        # A phone that entered or confirmed before starts with its name chosen (round 1's
        # confirmer enters round 2); a phone new to the table starts with none.
        before = any(enters in ((k - 1) % 3, k % 3) for k in range(1, number))
        assert chosen.input_value() == (pks[NAMES[enters]] if before else "")
        for i, name in enumerate(seated):
            page.get_by_label(name, exact=True).fill(str(0 if i == 0 else 5 + 10 * i))
        chosen.select_option(label=NAMES[enters])
        page.get_by_role("button", name="Save scores").click()
        page.get_by_text("Saved. Ask another player at the table to confirm.").wait_for()
        # The same phone fixes its own typo: the name stays chosen, the save goes through.
        page.get_by_text("Scores wrong? Enter them as you see them").click()
        assert page.get_by_label("Your name").input_value() == pks[NAMES[enters]]
        for i, name in enumerate(seated):
            page.get_by_label(name, exact=True).fill(str(0 if i == 0 else 6 + 10 * i))
        page.get_by_role("button", name="Save scores").click()
        page.get_by_text(f"Entered by {NAMES[enters]} at").wait_for()
        page.get_by_text("(version 2)").wait_for()
        page.reload()  # a fresh page: its name cookie still works, and so does CSRF
        assert page.get_by_label("Your name").input_value() == pks[NAMES[enters]]

        other = pages[confirms]
        other.goto(link)
        other.locator("#confirm-player").select_option(label=NAMES[confirms])
        other.get_by_role("button", name="Confirm these scores").click()
        other.get_by_text(f"confirmed by {NAMES[confirms]}").wait_for()
        page.get_by_text(f"confirmed by {NAMES[confirms]}").wait_for()
        assert not other.get_by_text("Not saved").is_visible()

        entry = table.entries.get(state=Entry.State.CURRENT)
        assert (entry.version, entry.entered_by, entry.confirmed_by) == (
            2,
            NAMES[enters],
            NAMES[confirms],
        )
        services.close_round(rnd)
        if number < 4:
            rnd = services.begin_round(services.seat_next_round(event))

    # The host signs in on Łukasz's phone: its cookies don't hide the CSRF cookie.
    page = pages[0]
    page.goto(live_server.url + reverse("login"))
    page.get_by_label("Username").fill(host.username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_url(lambda url: "/login" not in url)
    assert page.evaluate("document.documentElement.scrollWidth <= screen.width")
    for ctx in contexts:
        ctx.close()


def test_a_phone_an_older_name_cookie_locked_out_gets_its_cookies_back(tmp_path):
    """On the real server a raw UTF-8 cookie made the whole Cookie header unreadable
    (the CSRF cookie with it): the next page clears it, and the phone saves again."""
    import http.client
    import http.cookies
    import re
    import urllib.parse

    from tests.liveserver import Server, build_night, migrate, server_env, tables_now

    env = server_env(tmp_path / "names.sqlite3")
    migrate(env)
    night = build_night(env, players=8, rounds=2)
    table = tables_now(env, night["event"])["tables"][0]
    srv = Server(env, workers=1, threads=2).start()
    path = f"/t/{table['token']}/"
    try:
        jar = {"csrftoken": "a" * 32, "rookery_device": "0" * 32, "rookery_name": '"Łukasz"'}

        def send(method, body=None):
            conn = http.client.HTTPConnection("127.0.0.1", srv.port, timeout=20)
            conn.putrequest(method, path)
            cookie = "; ".join(f"{k}={v}" for k, v in jar.items())
            conn.putheader("Cookie", cookie.encode())  # as the browser sends it: raw UTF-8
            if body is not None:
                conn.putheader("Content-Type", "application/x-www-form-urlencoded")
                conn.putheader("Content-Length", str(len(body)))
                conn.putheader("Referer", srv.url + path)
            conn.endheaders(body)
            response = conn.getresponse()
            page = response.read().decode()
            for header in response.headers.get_all("Set-Cookie") or []:
                for name, morsel in http.cookies.SimpleCookie(header).items():
                    if morsel["max-age"] == "0":
                        jar.pop(name, None)
                    else:
                        jar[name] = morsel.coded_value
            return response.status, page

        status, page = send("GET")
        assert status == 200
        assert "rookery_name" not in jar  # the unreadable cookie is gone
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
        fields = {f"p{pid}": 0 if i == 0 else 11 + i for i, pid in enumerate(table["players"])}
        form = {
            "csrfmiddlewaretoken": token,
            "entrant": table["players"][1],
            "round": 1,
            "based_on": 0,
            "key": "k" * 32,
            **fields,
        }
        status, _ = send("POST", urllib.parse.urlencode(form).encode())
        assert status == 303  # saved: not a 403
        assert jar["rookery_name"] == str(table["players"][1])
    finally:
        srv.stop()
