"""The development mailbox's JSON API (/_dev/mailbox), as the tests read what the gateway sent."""

from __future__ import annotations

from typing import Any

import httpx

from tests.support.live import LiveGateway


def mails_to(gateway: LiveGateway, to: str) -> list[dict[str, Any]]:
    """Every mail for an address, newest first."""
    response = httpx.get(f"{gateway.url}/_dev/mailbox/api/messages", params={"to": to}, timeout=10)
    response.raise_for_status()
    return response.json()["messages"]


def latest_mail(gateway: LiveGateway, to: str) -> dict[str, Any]:
    messages = mails_to(gateway, to)
    assert messages, f"no mail for {to}"
    return messages[0]
