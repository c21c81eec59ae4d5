"""A family plays Rook Shanghai at one table with one phone (3 players)."""

import pytest

from tests.factories import PASSWORD

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_three_player_shanghai_on_one_phone(live_server, browser, phone, host):
    context = browser.new_context(**phone)
    page = context.new_page()
    page.set_default_timeout(20_000)
    page.goto(live_server.url + "/accounts/login/")
    page.get_by_label("Username").fill(host.username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    page.get_by_role("link", name="New game at one table").click()
    page.get_by_label("Game", exact=True).select_option("shanghai")
    page.get_by_label("Players, one per line").fill("Grandma\nJo\nSam")
    page.get_by_role("button", name="Start the game").click()

    page.get_by_role("heading", name="Hand 1: two sets").wait_for()
    assert "Table 1" not in page.locator("body").inner_text()
    assert page.get_by_label("Your name").count() == 0  # one phone: nobody is asked
    assert "7 cards dealt" in page.locator(".deal-facts").inner_text()
    # 160 is more than a 3-player hand 1 can hold (150): refused, nothing saved.
    page.get_by_role("button", name="Went out (Grandma)").click()
    page.get_by_label("Jo", exact=True).fill("160")
    page.get_by_label("Sam", exact=True).fill("35")
    page.get_by_role("button", name="Save scores").click()
    page.get_by_text("more than a hand can hold in hand 1 (150").wait_for()
    assert page.get_by_label("Jo", exact=True).input_value() == "160"
    page.get_by_label("Jo", exact=True).fill("150")
    page.get_by_role("button", name="Save scores").click()
    page.get_by_role("heading", name="Hand 2: one set, one run").wait_for()
    assert "8 cards dealt" in page.locator(".deal-facts").inner_text()
    totals = page.locator("table.running .total-row").inner_text()
    assert "150" in totals
    assert "35" in totals
    assert page.evaluate("document.documentElement.scrollWidth <= screen.width")

    # Play the other six hands; Jo goes out every time.
    for n in range(2, 8):
        page.get_by_label("Grandma", exact=True).fill("10")
        page.get_by_label("Jo", exact=True).fill("0")
        page.get_by_label("Sam", exact=True).fill("5")
        page.get_by_role("button", name="Save scores").click()
        page.get_by_text(f"Saved hand {n}.").wait_for()
    page.get_by_text("Final totals").wait_for()
    main = page.locator("main").inner_text()
    assert "Grandma wins with 60!" in main  # 0 + 6 x 10; Sam 65, Jo 150
    assert page.locator(".score-form").count() == 0  # the game is over
    context.close()


def test_the_rows_never_move_on_the_phone_while_the_deal_passes_left(
    live_server, browser, phone, host
):
    """Scores typed down the rows, hand after hand, land on the same people."""
    context = browser.new_context(**phone)
    page = context.new_page()
    page.set_default_timeout(20_000)
    page.goto(live_server.url + "/accounts/login/")
    page.get_by_label("Username").fill(host.username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    page.get_by_role("link", name="New game at one table").click()
    page.get_by_label("Game", exact=True).select_option("shanghai")
    page.get_by_label("Players, one per line").fill("Mom\nDad\nKid")
    page.get_by_role("button", name="Start the game").click()
    typed = {1: ["0", "10", "20"], 2: ["5", "0", "30"], 3: ["7", "9", "0"]}
    for number, scores in typed.items():
        page.get_by_role("heading", name=f"Hand {number}:").wait_for()
        rows = page.locator(".score-rows .player-name")
        assert [rows.nth(i).locator("label").inner_text() for i in range(3)] == [
            "Mom",
            "Dad",
            "Kid",
        ]
        dealer = ["Mom", "Dad", "Kid"][number - 1]
        assert rows.filter(has_text="deals").inner_text().startswith(dealer)
        boxes = page.locator(".score-rows .score-input")
        for i, value in enumerate(scores):
            boxes.nth(i).fill(value)
        page.get_by_role("button", name="Save scores").click()
        page.get_by_text(f"Saved hand {number}.").wait_for()
    heads = page.locator("table.running thead th").all_inner_texts()
    assert heads == ["Hand", "Mom", "Dad", "Kid"]
    totals = page.locator("table.running .total-row td").all_inner_texts()
    assert totals == ["12", "19", "50"]
    assert page.evaluate("document.documentElement.scrollWidth <= screen.width")
    context.close()
