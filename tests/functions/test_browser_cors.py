"""A real Chromium calling functions from another origin: the preflight, the status and the body reach the page."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from playwright.sync_api import Browser, Page

from tests.support.live import LiveGateway

# The headers supabase-js sends with functions.invoke, plus the site's own x-platform.
CALL = """async ([url, key, body]) => {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'Authorization': `Bearer ${key}`, 'apikey': key, 'x-client-info': 'supabase-js-web/2.109.0',
      'Content-Type': 'application/json', 'x-platform': 'partner',
    },
    body: JSON.stringify(body),
  })
  return { status: response.status, body: await response.json(), requestId: response.headers.get('x-request-id') }
}"""


@contextmanager
def page_on_another_origin(browser: Browser, gateway: LiveGateway) -> Iterator[Page]:
    """A page on http://localhost:<port>; the gateway is called as http://127.0.0.1:<port>, another origin."""
    context = browser.new_context()
    page = context.new_page()
    page.goto(gateway.url.replace("127.0.0.1", "localhost") + "/health")
    try:
        yield page
    finally:
        context.close()


@pytest.fixture(scope="module")
def other_origin_page(browser: Browser, functions_gateway: LiveGateway) -> Iterator[Page]:
    with page_on_another_origin(browser, functions_gateway) as page:
        yield page


def test_a_cross_origin_browser_call_passes_the_preflight(functions_gateway: LiveGateway, other_origin_page: Page):
    body = {"name": "Browser", "email": "browser@example.com", "message": "Sent from Chromium"}
    url = f"{functions_gateway.url}/functions/v1/send-contact-email"
    first = other_origin_page.evaluate(CALL, [url, functions_gateway.anon_key, body])
    assert first["status"] == 200 and first["body"]["success"] is True
    assert first["requestId"]
    again = other_origin_page.evaluate(CALL, [url, functions_gateway.anon_key, body])
    assert again["status"] == 429 and again["body"]["error"].startswith("Please wait")
