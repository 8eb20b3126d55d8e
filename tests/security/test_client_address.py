"""One client-address rule everywhere: the socket's peer, or the LAST entry of a configured proxy header; a
client-supplied X-Forwarded-For never reaches auth, the policies (via request.headers) or a function."""

from __future__ import annotations

import uuid

import httpx
import psycopg
import pytest

from tests.conftest import make_settings
from tests.support.applications import APPLICATION
from tests.support.live import LiveGateway, run_gateway

VERSIONED = {"X-Supabase-Api-Version": "2024-01-01"}
FORGED = {"X-Forwarded-For": "203.0.113.7"}


def sign_up(gateway: LiveGateway, headers: dict[str, str]) -> str:
    email = f"ip-{uuid.uuid4().hex[:8]}@example.com"
    response = httpx.post(f"{gateway.url}/auth/v1/signup", json={"email": email, "password": "a long passphrase"},
                          headers={**gateway.headers(), **VERSIONED, **headers}, timeout=30)
    assert response.status_code == 200, response.text
    return email


def audit_address(db: psycopg.Connection, email: str) -> str:
    return db.execute("select ip_address from auth.audit_log_entries where payload->>'actor_username' = %s"
                      " order by created_at desc limit 1", (email,)).fetchone()[0]


def test_auth_ignores_a_client_supplied_forwarded_for(gateway: LiveGateway, db: psycopg.Connection):
    assert audit_address(db, sign_up(gateway, FORGED)) == "127.0.0.1"


def test_policies_count_visitors_by_their_socket_address_not_a_forged_header(gateway: LiveGateway,
                                                                             db: psycopg.Connection):
    name = f"Forged Header {uuid.uuid4().hex[:6]} LLC"
    response = httpx.post(f"{gateway.url}/rest/v1/partners",
                          json={**APPLICATION, "company_name": name,
                                "primary_contact_email": f"{uuid.uuid4().hex[:8]}@forged.example"},
                          headers={**gateway.headers(), **FORGED, "Prefer": "return=minimal"}, timeout=10)
    assert response.status_code == 201, response.text
    keys = [row[0] for row in db.execute("select client_key from private.partner_registration_attempts")]
    assert "ip:203.0.113.7" not in keys
    assert keys[-1] == "ip:127.0.0.1"


def test_functions_store_the_socket_address_not_a_forged_header(gateway: LiveGateway, db: psycopg.Connection):
    email = f"{uuid.uuid4().hex[:8]}@contact.example"
    response = httpx.post(f"{gateway.url}/functions/v1/send-contact-email",
                          json={"name": "Nadia", "email": email, "message": "Hello"},
                          headers={**gateway.headers(), **FORGED}, timeout=30)
    assert response.status_code == 200, response.text
    stored = db.execute("select client_ip from contact_messages where email = %s", (email,)).fetchone()[0]
    assert stored == "127.0.0.1"


@pytest.fixture(scope="module")
def proxied(database_url, tmp_path_factory):
    settings = make_settings(database_url, tmp_path_factory.mktemp("proxied"), trusted_proxy_header="X-Forwarded-For")
    with run_gateway(settings) as live:
        yield live


def test_behind_a_trusted_proxy_auth_takes_the_last_entry_the_proxy_appended(proxied: LiveGateway,
                                                                            db: psycopg.Connection):
    email = sign_up(proxied, {"X-Forwarded-For": "198.51.100.66, 192.0.2.10"})
    assert audit_address(db, email) == "192.0.2.10"


def test_behind_a_trusted_proxy_policies_see_the_same_address(proxied: LiveGateway, db: psycopg.Connection):
    response = httpx.post(f"{proxied.url}/rest/v1/partners",
                          json={**APPLICATION, "company_name": f"Proxied {uuid.uuid4().hex[:6]} LLC",
                                "primary_contact_email": f"{uuid.uuid4().hex[:8]}@proxied.example"},
                          headers={**proxied.headers(), "X-Forwarded-For": "198.51.100.66, 192.0.2.11",
                                   "Prefer": "return=minimal"}, timeout=10)
    assert response.status_code == 201, response.text
    keys = {row[0] for row in db.execute("select client_key from private.partner_registration_attempts")}
    assert "ip:192.0.2.11" in keys
    assert "ip:198.51.100.66" not in keys
