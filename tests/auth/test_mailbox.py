"""The development mailbox: a page with clickable links and a JSON feed, absent unless switched on."""

from __future__ import annotations

import httpx

from tests.auth.helpers import client, sign_up
from tests.conftest import make_settings
from tests.support.live import run_gateway


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
