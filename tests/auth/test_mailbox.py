"""The development mailbox: a page with clickable links and a JSON feed, absent unless switched on."""

from __future__ import annotations

import httpx
import pytest

from tests.auth.helpers import client, sign_up
from tests.conftest import make_settings
from tests.support.live import run_gateway
from tests.support.other_site import other_site


def test_the_page_lists_mail_newest_first_with_clickable_links(gateway):
    with client(gateway) as auth:
        sign_up(auth, "first@example.com")
        sign_up(auth, "second@example.com")
    page = httpx.get(f"{gateway.url}/_dev/mailbox")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert page.text.index("second@example.com") < page.text.index("first@example.com")
    assert f'<a href="{gateway.settings.api_external_url}/auth/v1/verify?token=' in page.text


def test_the_json_feed_filters_by_address_latest_first(gateway):
    with client(gateway) as auth:
        sign_up(auth, "feed@example.com")
    body = httpx.get(f"{gateway.url}/_dev/mailbox/api/messages", params={"to": "FEED@example.com"}).json()
    assert body["count"] == 1
    message = body["messages"][0]
    assert message["to"] == "feed@example.com" and message["subject"] == "Confirm your signup"
    assert message["html"].startswith("<h2>") and message["created_at"]
    assert message["links"][0].startswith(f"{gateway.settings.api_external_url}/auth/v1/verify?")


def test_the_mailbox_does_not_exist_when_switched_off(database_url, tmp_path):
    # Without a built site, so its single-page fallback does not answer for the missing route.
    with run_gateway(make_settings(database_url, tmp_path, dev_mailbox=False, web_dist=tmp_path / "no-site")) as live:
        page, messages = httpx.get(f"{live.url}/_dev/mailbox"), httpx.get(f"{live.url}/_dev/mailbox/api/messages")
    for response in (page, messages):
        assert response.status_code == 404 and response.json() == {"message": "no Route matched with those values"}


FOREIGN = {"Origin": "http://attacker.example"}
# What a browser's request for another site's page carries when it sends no Origin (a GET with `mode: no-cors`).
CROSS_SITE = {"Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "no-cors"}


@pytest.mark.parametrize("path", ["/_dev/mailbox", "/_dev/mailbox/api/messages"])
@pytest.mark.parametrize("headers", [FOREIGN, CROSS_SITE], ids=["foreign-origin", "cross-site"])
def test_another_sites_request_is_refused_with_no_cors_headers(gateway, path, headers):
    answer = httpx.get(f"{gateway.url}{path}", headers=headers)
    assert answer.status_code == 403
    assert answer.json() == {"message": "The development mailbox answers only pages of its own origin."}
    assert not [name for name in answer.headers if name.startswith("access-control-")]


def test_a_preflight_from_another_site_is_not_allowed(gateway):
    answer = httpx.options(f"{gateway.url}/_dev/mailbox/api/messages",
                           headers={**FOREIGN, "Access-Control-Request-Method": "GET"})
    assert "access-control-allow-origin" not in answer.headers


def test_the_own_origins_page_reads_it(gateway):
    host = gateway.url.removeprefix("http://")
    for headers in ({"Origin": gateway.url}, {"Sec-Fetch-Site": "same-origin"}, {"Sec-Fetch-Site": "none"}):
        answer = httpx.get(f"{gateway.url}/_dev/mailbox/api/messages", headers={**headers, "Host": host})
        assert answer.status_code == 200 and "access-control-allow-origin" not in answer.headers


READ_MAILBOX = """async (url) => {
  try {
    const response = await fetch(url)
    return `read: ${response.status} ${await response.text()}`
  } catch (error) {
    return `refused: ${error}`
  }
}"""


def test_a_page_on_another_origin_cannot_read_the_mailbox_in_chromium(gateway, browser):
    with client(gateway) as auth:
        sign_up(auth, "other-site@example.com")
    with other_site() as origin:
        context = browser.new_context()
        page = context.new_page()
        page.goto(f"{origin}/")
        try:
            answer = page.evaluate(READ_MAILBOX, f"{gateway.url}/_dev/mailbox/api/messages")
        finally:
            context.close()
    assert answer == "refused: TypeError: Failed to fetch"
