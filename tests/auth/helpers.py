"""HTTP helpers for the auth tests: what supabase-js sends, and reading the development mailbox."""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs, urlsplit

import httpx

from tests.support.live import LiveGateway
from tests.support.mailbox import latest_mail

VERSIONED = {"X-Supabase-Api-Version": "2024-01-01"}


def client(gateway: LiveGateway) -> httpx.Client:
    return httpx.Client(base_url=f"{gateway.url}/auth/v1", headers={**gateway.headers(), **VERSIONED}, timeout=30)


def admin(gateway: LiveGateway) -> httpx.Client:
    """What a server holding the service role key sends to /auth/v1/admin."""
    headers = {"apikey": gateway.service_key, "Authorization": f"Bearer {gateway.service_key}", **VERSIONED}
    return httpx.Client(base_url=f"{gateway.url}/auth/v1", headers=headers, timeout=30)


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def mail_link(gateway: LiveGateway, to: str) -> str:
    return next(link for link in latest_mail(gateway, to)["links"] if "/auth/v1/verify" in link)


def mail_code(gateway: LiveGateway, to: str) -> str:
    text = latest_mail(gateway, to)["text"]
    return text.split("Or enter this code: ")[1].split()[0]


def fragment(location: str) -> dict[str, str]:
    return {key: values[0] for key, values in parse_qs(urlsplit(location).fragment).items()}


def sign_up(auth: httpx.Client, email: str, password: str = "correct horse", **body: Any) -> dict[str, Any]:
    response = auth.post("/signup", json={"email": email, "password": password, **body})
    assert response.status_code == 200, response.text
    return response.json()


def confirm(gateway: LiveGateway, email: str) -> dict[str, str]:
    """Follows the confirmation link as a browser would; returns the session in the redirect's fragment."""
    response = httpx.get(mail_link(gateway, email), follow_redirects=False, timeout=10)
    assert response.status_code == 303, response.text
    return fragment(response.headers["location"])


def signed_in(gateway: LiveGateway, auth: httpx.Client, email: str, password: str = "correct horse") -> dict[str, Any]:
    """A confirmed account with a fresh password session."""
    if "access_token" not in sign_up(auth, email, password):  # confirmations on: the link in the mail first
        confirm(gateway, email)
    response = auth.post("/token?grant_type=password", json={"email": email, "password": password})
    assert response.status_code == 200, response.text
    return response.json()
