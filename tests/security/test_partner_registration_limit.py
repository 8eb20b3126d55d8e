"""The partner-registration limit (5 per hour) counts every caller by client address: fresh anonymous accounts
(POST /auth/v1/signup {}) do not buy more registrations."""

from __future__ import annotations

import uuid

import httpx

from tests.policies.matrix import APPLICATION
from tests.support.live import LiveGateway


def anonymous_token(gateway: LiveGateway) -> str:
    response = httpx.post(f"{gateway.url}/auth/v1/signup", json={}, headers=gateway.headers(), timeout=30)
    assert response.status_code == 200, response.text
    return response.json()["access_token"]


def register(gateway: LiveGateway, token: str) -> httpx.Response:
    tag = uuid.uuid4().hex[:8]
    return httpx.post(f"{gateway.url}/rest/v1/partners", timeout=10,
                      json={**APPLICATION, "company_name": f"Sybil {tag} LLC", "primary_contact_email": f"{tag}@sybil.example"},
                      headers={**gateway.headers(token), "Prefer": "return=minimal"})


def test_three_anonymous_accounts_from_one_address_share_five_registrations(gateway: LiveGateway, db):
    db.execute("delete from private.partner_registration_attempts")
    statuses = [register(gateway, token).status_code
                for token in [anonymous_token(gateway) for _ in range(3)] for _ in range(5)]
    assert statuses == [201] * 5 + [429] * 10
    assert db.execute("select count(*) from partners where company_name like 'Sybil %'").fetchone()[0] == 5
