"""Browser tests: Debian's Chromium driven by Playwright against a real gateway serving the built site."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import pytest
from playwright.sync_api import Browser, Page

from gateway.cli.seed import seed
from gateway.project.folder import Project
from gateway.settings import PROJECT_ROOT
from tests.conftest import make_settings
from tests.support.live import LiveGateway, run_gateway

WEB_DIST = PROJECT_ROOT / "web" / "dist"
DESKTOP = {"width": 1280, "height": 900}
MOBILE = {"width": 390, "height": 844}


@pytest.fixture(scope="module")
def site(database_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveGateway]:
    """The gateway serving web/dist on a database with the demo data, as `scripts/run` would."""
    if not (WEB_DIST / "index.html").exists():
        pytest.fail("web/dist is missing: build the site first (scripts/setup does)")
    seed(database_url, Project.load(PROJECT_ROOT))
    settings = make_settings(database_url, tmp_path_factory.mktemp("data"))
    with run_gateway(replace(settings, web_dist=WEB_DIST)) as live:
        yield live


class ConsoleErrors(list):
    """Console errors and uncaught exceptions a page produced; tests assert it stays empty."""


def open_page(browser: Browser, site: LiveGateway, viewport: dict = DESKTOP) -> tuple[Page, ConsoleErrors]:
    context = browser.new_context(base_url=site.url, viewport=viewport)
    page = context.new_page()
    errors = ConsoleErrors()
    page.on("console", lambda message: message.type == "error" and errors.append(message.text))
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    return page, errors


@pytest.fixture()
def page(browser: Browser, site: LiveGateway) -> Iterator[tuple[Page, ConsoleErrors]]:
    page, errors = open_page(browser, site)
    yield page, errors
    page.context.close()
