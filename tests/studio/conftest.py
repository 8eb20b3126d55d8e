"""The studio against a real gateway in production shape (DATABASE_URL given) with the studio enabled and an admin
password, and a Chromium signed in to it."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace

import pytest
from playwright.sync_api import Browser, Page

from gateway.settings import Settings
from gateway.studio.pages import DIST
from tests.support.live import LiveGateway, run_gateway

PASSWORD = "correct horse battery staple"
DESKTOP = {"width": 1280, "height": 800}


@contextmanager
def studio_gateway(settings: Settings, **env: str) -> Iterator[LiveGateway]:
    """The gateway with the studio's environment (STUDIO_*) exactly `env` (the studio reads it at start-up)."""
    with pytest.MonkeyPatch.context() as patch:
        for name in ("STUDIO_ENABLED", "STUDIO_PASSWORD"):
            patch.delenv(name, raising=False)
        for name, value in env.items():
            patch.setenv(name, value)
        with run_gateway(settings) as live:
            yield live


@pytest.fixture(scope="module")
def studio(settings: Settings) -> Iterator[LiveGateway]:
    if not (DIST / "index.html").exists():
        pytest.fail("gateway/studio/dist is missing: build the studio first (scripts/setup does)")
    loggers = [logging.getLogger(name) for name in ("gateway", "functions")]
    levels = [logger.level for logger in loggers]
    for logger in loggers:
        logger.setLevel(logging.INFO)  # as `gateway serve` logs, for the Logs view
    try:
        with studio_gateway(replace(settings, trusted_proxy_header="X-Forwarded-For", request_log=True),
                            STUDIO_ENABLED="true", STUDIO_PASSWORD=PASSWORD) as live:
            yield live
    finally:
        for logger, level in zip(loggers, levels, strict=True):
            logger.setLevel(level)


@pytest.fixture()
def page(browser: Browser, studio: LiveGateway) -> Iterator[Page]:
    """A page signed in to the studio with the admin password, as an operator would; nothing the studio does may
    be refused by its own content policy."""
    refused: list[str] = []
    for page in signed_in_page(browser, studio):
        page.on("console", lambda message: "Content Security Policy" in message.text and refused.append(message.text))
        yield page
    assert refused == []


@pytest.fixture()
def checked_page(browser: Browser, studio: LiveGateway) -> Iterator[Page]:
    """The same, letting a test inject axe-core, whose inline script the studio's content policy refuses."""
    yield from signed_in_page(browser, studio, bypass_csp=True)


def signed_in_page(browser: Browser, studio: LiveGateway, **options) -> Iterator[Page]:
    context = browser.new_context(base_url=studio.url, viewport=DESKTOP, **options)
    page = context.new_page()
    page.goto("/_/")
    page.get_by_label("Service-role key or admin password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    page.get_by_role("navigation", name="Studio").wait_for()
    yield page
    context.close()
