"""The project API key where Supabase's API gateway (Kong's key-auth) requires it: auth, REST and realtime's HTTP
API answer Kong's 401 with no key or a junk one; the routes Kong leaves open stay open."""

from __future__ import annotations

import time

import httpx
import pytest

PROTECTED = [("POST", "/auth/v1/signup"), ("POST", "/auth/v1/token?grant_type=password"), ("GET", "/auth/v1/user"),
             ("GET", "/auth/v1/settings"), ("GET", "/rest/v1/companies?select=id"), ("POST", "/rest/v1/rpc/now"),
             ("POST", "/realtime/v1/api/broadcast")]
NO_KEY = {"message": "No API key found in request"}
BAD_KEY = {"message": "Invalid authentication credentials"}


def call(gateway, method: str, path: str, headers: dict[str, str] | None = None) -> httpx.Response:
    return httpx.request(method, f"{gateway.url}{path}", headers=headers or {},
                         json={"email": "nobody@example.com", "password": "x" * 12} if method == "POST" else None)


@pytest.mark.parametrize(("method", "path"), PROTECTED)
def test_protected_routes_refuse_a_request_without_a_key(gateway, method, path):
    answer = call(gateway, method, path)
    assert (answer.status_code, answer.json()) == (401, NO_KEY)


@pytest.mark.parametrize(("method", "path"), PROTECTED)
def test_protected_routes_refuse_a_junk_or_foreign_key(gateway, method, path):
    for junk in ("junk", "eyJhbGciOiJIUzI1NiJ9.e30.c2lnbmF0dXJl"):
        answer = call(gateway, method, path, {"apikey": junk})
        assert (answer.status_code, answer.json()) == (401, BAD_KEY)


def test_a_users_token_is_not_a_project_key(gateway):
    now = int(time.time())
    user = gateway.keys.sign({"sub": "00000000-0000-0000-0000-000000000001", "role": "authenticated",
                              "aud": "authenticated", "iat": now, "exp": now + 600})
    answer = call(gateway, "GET", "/rest/v1/companies?select=id", {"apikey": user, "Authorization": f"Bearer {user}"})
    assert (answer.status_code, answer.json()) == (401, BAD_KEY)


def test_the_anon_and_service_keys_pass_in_the_header_or_the_query(gateway):
    assert call(gateway, "GET", "/auth/v1/settings", {"apikey": gateway.anon_key}).status_code == 200
    assert call(gateway, "GET", "/rest/v1/companies?select=id", {"apikey": gateway.service_key}).status_code == 200
    assert call(gateway, "GET", f"/auth/v1/settings?apikey={gateway.anon_key}").status_code == 200


def test_the_routes_kong_leaves_open_need_no_key(gateway):
    assert call(gateway, "GET", "/auth/v1/.well-known/jwks.json").status_code == 200
    verify = call(gateway, "GET", "/auth/v1/verify?token=nonsense&type=signup&redirect_to=http://127.0.0.1/")
    assert verify.status_code in (303, 302)
    # Storage checks its callers itself (S3 clients send no apikey): its own answer, not the gateway's 401.
    assert call(gateway, "GET", "/storage/v1/bucket").json() != NO_KEY
    assert call(gateway, "GET", "/health").status_code == 200


def test_a_preflight_passes_without_a_key(gateway):
    answer = httpx.options(f"{gateway.url}/auth/v1/signup", headers={
        "Origin": "http://example.com", "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "apikey, content-type"})
    assert answer.status_code == 200


def test_a_browser_can_read_the_refusal(gateway):
    answer = call(gateway, "POST", "/auth/v1/signup", {"Origin": "http://example.com"})
    assert answer.status_code == 401
    assert answer.headers["access-control-allow-origin"] in ("*", "http://example.com")
