"""Every hostile token is refused by every surface; the real keys are accepted, so the refusals mean something."""

from __future__ import annotations

import asyncio
import json

import httpx
import pytest
import websockets

from tests.realtime.client import PhoenixClient
from tests.security.forge import hostile_tokens
from tests.support.live import LiveGateway

HOSTILE = hostile_tokens()
VERSIONED = {"X-Supabase-Api-Version": "2024-01-01"}


def rest(gateway: LiveGateway, headers: dict[str, str]) -> httpx.Response:
    return httpx.get(f"{gateway.url}/rest/v1/partners?select=id", headers=headers, timeout=10)


def function(gateway: LiveGateway, headers: dict[str, str]) -> httpx.Response:
    # An invalid body: a call that got past the JWT gate answers 400, never the 401 asserted below.
    return httpx.post(f"{gateway.url}/functions/v1/send-contact-email", json={}, headers=headers, timeout=10)


def socket_status(gateway: LiveGateway, apikey: str) -> int:
    async def connect() -> int:
        try:
            client = await PhoenixClient.connect(gateway.url, apikey)
        except websockets.exceptions.InvalidStatus as refused:
            return refused.response.status_code
        await client.close()
        return 101

    return asyncio.run(connect())


def join_reply(gateway: LiveGateway, access_token: str) -> dict:
    async def join() -> dict:
        client = await PhoenixClient.connect(gateway.url, gateway.anon_key)
        try:
            return (await client.join("realtime:security", {"postgres_changes": [
                {"event": "*", "schema": "public", "table": "tickets"}]}, access_token=access_token))["payload"]
        finally:
            await client.close()

    return asyncio.run(join())


def test_the_real_service_key_passes_every_gate(gateway: LiveGateway):
    key = gateway.service_key
    rows = rest(gateway, {"apikey": key, "Authorization": f"Bearer {key}"})
    assert rows.status_code == 200 and isinstance(rows.json(), list)
    refused_body = function(gateway, {"apikey": key, "Authorization": f"Bearer {key}"})
    assert refused_body.status_code == 400
    assert refused_body.json() == {"error": "Please fill in all required fields"}
    assert socket_status(gateway, key) == 101
    assert join_reply(gateway, key)["status"] == "ok"
    admin = httpx.get(f"{gateway.url}/auth/v1/admin/users", headers={"apikey": key, "Authorization": f"Bearer {key}"})
    assert admin.status_code == 200 and isinstance(admin.json()["users"], list)


@pytest.mark.parametrize("name", HOSTILE)
def test_rest_refuses_the_token_as_bearer_and_as_apikey(gateway: LiveGateway, name: str):
    token = HOSTILE[name]
    as_bearer = rest(gateway, {"apikey": gateway.anon_key, "Authorization": f"Bearer {token}"})
    assert as_bearer.status_code == 401, (name, as_bearer.text)
    assert as_bearer.json()["code"] == ("PGRST303" if name == "expired" else "PGRST301")
    # As the apikey it is not a project key: the API gateway's refusal, before REST.
    as_key = rest(gateway, {"apikey": token})
    assert (as_key.status_code, as_key.json()) == (401, {"message": "Invalid authentication credentials"})
    assert token not in as_bearer.text + as_key.text


@pytest.mark.parametrize("name", HOSTILE)
def test_functions_refuse_the_token(gateway: LiveGateway, name: str):
    token = HOSTILE[name]
    response = function(gateway, {"apikey": gateway.anon_key, "Authorization": f"Bearer {token}"})
    assert response.status_code == 401, (name, response.text)
    assert response.json() == {"code": 401, "message": "Invalid JWT"}


@pytest.mark.parametrize("name", HOSTILE)
def test_realtime_refuses_the_token_on_connect_and_on_join(gateway: LiveGateway, name: str):
    token = HOSTILE[name]
    assert socket_status(gateway, token) == 403
    reply = join_reply(gateway, token)
    assert reply["status"] == "error", (name, reply)
    assert token not in json.dumps(reply)


@pytest.mark.parametrize("name", HOSTILE)
def test_auth_refuses_the_token_for_user_and_admin_endpoints(gateway: LiveGateway, name: str):
    token = HOSTILE[name]
    headers = {"apikey": gateway.anon_key, "Authorization": f"Bearer {token}", **VERSIONED}
    for path in ("/auth/v1/user", "/auth/v1/admin/users"):
        response = httpx.get(f"{gateway.url}{path}", headers=headers, timeout=10)
        if name == "role_supabase_admin" and path.endswith("/admin/users"):
            # Signed with the project's secret: GoTrue's default JWT_ADMIN_ROLES accept it for the admin API.
            assert response.status_code == 200, response.text
            continue
        assert response.status_code == 403, (name, path, response.text)
        assert response.json()["code"] in {"bad_jwt", "not_admin"}
        assert token not in response.text


def test_a_service_role_token_without_a_user_is_no_user(gateway: LiveGateway):
    key = gateway.service_key
    response = httpx.get(f"{gateway.url}/auth/v1/user",
                         headers={"apikey": key, "Authorization": f"Bearer {key}", **VERSIONED})
    assert response.status_code == 403
    assert response.json()["code"] == "bad_jwt"
