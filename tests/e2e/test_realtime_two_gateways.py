"""Issue 7's promise in a browser: the ticket list follows changes written through another gateway process."""

from __future__ import annotations

import uuid

import httpx
from playwright.sync_api import expect

from tests.e2e.conftest import open_page
from tests.e2e.test_ticketing import POWER, sign_in, ticket_rows, wait_for_tickets
from tests.support.live import bind_to_port, run_gateway


def password_session(base_url: str, anon_key: str, email: str, password: str) -> str:
    response = httpx.post(f"{base_url}/auth/v1/token", params={"grant_type": "password"},
                          json={"email": email, "password": password}, headers={"apikey": anon_key}, timeout=10)
    response.raise_for_status()
    return response.json()["access_token"]


def test_ticket_list_follows_changes_written_through_a_second_gateway(browser, site):
    with run_gateway(bind_to_port(site.settings)) as other:
        page, errors = open_page(browser, site)
        sign_in(page, POWER)
        wait_for_tickets(page)

        token = password_session(other.url, other.anon_key, *POWER)
        headers = {"apikey": other.anon_key, "Authorization": f"Bearer {token}", "Prefer": "return=representation"}
        company = httpx.get(f"{other.url}/rest/v1/companies", params={"select": "id", "name": "eq.Pearl Bay Bank"},
                            headers=headers, timeout=10).json()[0]["id"]
        title = f"Card skimming report {uuid.uuid4().hex[:6]}"
        created = httpx.post(f"{other.url}/rest/v1/tickets", json={"title": title, "company_id": company},
                             headers=headers, timeout=10)
        assert created.status_code == 201, created.text
        expect(ticket_rows(page).filter(has_text=title)).to_have_count(1, timeout=15000)

        renamed = f"{title} (escalated)"
        updated = httpx.patch(f"{other.url}/rest/v1/tickets", params={"id": f"eq.{created.json()[0]['id']}"},
                              json={"title": renamed, "priority": "critical"}, headers=headers, timeout=10)
        assert updated.status_code == 200, updated.text
        expect(ticket_rows(page).filter(has_text=renamed)).to_have_count(1, timeout=15000)

        deleted = httpx.delete(f"{other.url}/rest/v1/tickets", params={"id": f"eq.{created.json()[0]['id']}"},
                               headers=headers, timeout=10)
        assert deleted.status_code in (200, 204), deleted.text
        expect(ticket_rows(page).filter(has_text=renamed)).to_have_count(0, timeout=15000)
        assert errors == []
        page.context.close()
