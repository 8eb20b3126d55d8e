"""Policies read the client's address from request.headers; a client must not be able to choose it."""

from dataclasses import replace

import httpx
import pytest

from tests.support.live import bind_to_port, run_gateway

PROBE = """
create or replace function public.seen_client_address() returns text
language sql stable as $$ select current_setting('request.headers', true)::json ->> 'x-forwarded-for' $$;
grant execute on function public.seen_client_address() to anon;
notify pgrst, 'reload schema';
"""


@pytest.fixture(scope="module")
def probe(db):
    db.execute(PROBE)


def seen_address(base_url: str, key: str, forwarded: str) -> str:
    response = httpx.post(f"{base_url}/rest/v1/rpc/seen_client_address", json={},
                          headers={"apikey": key, "X-Forwarded-For": forwarded}, timeout=10)
    assert response.status_code == 200, response.text
    return response.json()


def test_a_forged_forwarded_for_is_replaced_by_the_socket_address(probe, gateway):
    assert seen_address(gateway.url, gateway.anon_key, "203.0.113.9") == "127.0.0.1"


def test_behind_a_trusted_proxy_the_proxy_appended_entry_is_used(probe, settings):
    proxied = bind_to_port(replace(settings, trusted_proxy_header="X-Forwarded-For"))
    with run_gateway(proxied) as live:
        assert seen_address(live.url, live.anon_key, "203.0.113.9, 198.51.100.7") == "198.51.100.7"
