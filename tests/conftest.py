"""Shared fixtures: factories' users, a signed-in host, and real Chromium for e2e tests."""

import os
import shutil

import pytest

from tests import factories

CHROMIUM = os.environ.get("ROOKERY_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-quic",
    "--no-first-run",
]


def chromium_available() -> bool:
    return bool(shutil.which(CHROMIUM) or os.path.exists(CHROMIUM))


def pytest_collection_modifyitems(config, items):
    """Browser tests run whenever Chromium is installed; in CI a missing one is a failure."""
    if chromium_available():
        return
    e2e = [item for item in items if "e2e" in item.keywords]
    if not e2e:
        return
    if os.environ.get("CI") == "true":
        raise pytest.UsageError(
            f"CI=true but Chromium was not found at {CHROMIUM}: browser tests cannot run. "
            "Install it with 'apt-get install -y chromium'."
        )
    skip = pytest.mark.skip(reason=f"Chromium not installed at {CHROMIUM}")
    for item in e2e:
        item.add_marker(skip)


@pytest.fixture
def host(db):
    return factories.UserFactory(username="hostess")


@pytest.fixture
def host_client(client, host):
    client.force_login(host)
    return client


@pytest.fixture(scope="session")
def playwright():
    # Playwright's sync API runs an event loop in this thread; the live server's
    # ORM calls happen in another thread, and test set-up code is synchronous.
    os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        yield pw


@pytest.fixture(scope="session")
def browser(playwright):
    browser = playwright.chromium.launch(
        executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True
    )
    yield browser
    browser.close()


@pytest.fixture(scope="session")
def phone(playwright):
    """Options for a phone-sized browser context (Pixel 7)."""
    device = dict(playwright.devices["Pixel 7"])
    device.pop("default_browser_type", None)
    return device


@pytest.fixture
def phone_page(browser, phone):
    context = browser.new_context(**phone)
    page = context.new_page()
    page.set_default_timeout(20_000)
    yield page
    context.close()
