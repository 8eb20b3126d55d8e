"""Malformed input on every auth route is a 4xx in GoTrue's shape, never a 500: NUL characters in any string (values,
metadata, keys, query and path), integers past 64 bits, NaN and Infinity, and deep JSON. The routes are walked from
the route table itself, with a signed-in user's token and the service-role key, so a new route is fuzzed too."""

from __future__ import annotations

import json
import re
import uuid

import httpx
import pytest

from gateway.auth.routes import ROUTES
from tests.conftest import make_settings
from tests.support.live import run_gateway

FIELDS = ("email", "password", "phone", "token", "token_hash", "type", "code", "redirect_to", "refresh_token",
          "nonce", "factor_type", "friendly_name", "issuer", "challenge_id", "channel", "name", "client_name",
          "client_uri", "ban_duration", "role", "current_password", "code_verifier", "auth_code", "provider",
          "id_token", "access_token", "email_confirm", "phone_confirm", "expires_in", "page", "per_page")
METADATA = ("data", "user_metadata", "app_metadata", "options", "credential", "redirect_uris", "grant_types")
NUL = "a\u0000b"
HUGE = 10 ** 30


def bodies() -> dict[str, bytes]:
    nul_values = {**{f: NUL for f in FIELDS}, **{m: {"k": NUL, NUL: "v"} for m in METADATA}}
    deep = {"email": "deep@example.com", "password": "password-123", "data": {}}
    level = deep["data"]
    for _ in range(400):  # parses, but deeper than anything a user's metadata should be
        level["x"] = {}
        level = level["x"]
    return {
        "nul": json.dumps(nul_values).encode(),
        "nul_in_keys": json.dumps({f"{f}\u0000": "x" for f in FIELDS}).encode(),
        "huge_ints": json.dumps({**{f: HUGE for f in FIELDS}, **{m: {"k": -HUGE} for m in METADATA}}).encode(),
        "nan": b'{"email": NaN, "password": Infinity, "expires_in": -Infinity, "data": {"k": NaN}}',
        "deep_metadata": json.dumps(deep).encode(),
        "very_deep": b'{"data": ' + b"[" * 100_000 + b"]" * 100_000 + b"}",
        "not_an_object": b"[1, 2, 3]",
    }


def concrete(path: str, hostile: str) -> str:
    return re.sub(r"\{[a-z_]+\}", hostile, path)


@pytest.fixture(scope="module")
def gateway(database_url, tmp_path_factory):
    settings = make_settings(database_url, tmp_path_factory.mktemp("fuzz"), oauth_server_enabled=True,
                             passkey_enabled=True, mail_autoconfirm=True)
    with run_gateway(settings) as live:
        yield live


@pytest.fixture(scope="module")
def callers(gateway) -> dict[str, dict[str, str]]:
    email = f"fuzz-{uuid.uuid4().hex[:8]}@example.com"
    with httpx.Client(base_url=f"{gateway.url}/auth/v1", headers={"apikey": gateway.anon_key}) as http:
        signed_up = http.post("/signup", json={"email": email, "password": "fuzz-password-123"})
        assert signed_up.status_code == 200, signed_up.text
        token = signed_up.json()["access_token"]
    return {"anon": {"apikey": gateway.anon_key},
            "user": {"apikey": gateway.anon_key, "Authorization": f"Bearer {token}"},
            "admin": {"apikey": gateway.service_key, "Authorization": f"Bearer {gateway.service_key}"}}


def assert_gotrue_refusal_or_success(answer: httpx.Response, what: str) -> None:
    assert answer.status_code < 500, (what, answer.status_code, answer.text[:300])
    if answer.status_code >= 400:
        body = answer.json()
        assert {"code", "msg"} <= set(body) or {"code", "message"} <= set(body) or "error" in body, (what, body)


@pytest.mark.parametrize("route", ROUTES, ids=lambda r: f"{r.method} {r.path}")
@pytest.mark.parametrize("caller", ["anon", "user", "admin"])
def test_every_route_refuses_malformed_bodies_with_a_4xx(gateway, callers, route, caller):
    path = concrete(route.path, str(uuid.uuid4()))
    with httpx.Client(base_url=f"{gateway.url}/auth/v1", headers=callers[caller], timeout=30) as http:
        for name, body in bodies().items():
            for query in ("", "?grant_type=password", "?grant_type=refresh_token", "?grant_type=pkce"):
                if query and route.path != "/token":
                    continue
                answer = http.request(route.method, path + query, content=body if route.method != "GET" else None,
                                      headers={"Content-Type": "application/json"})
                assert_gotrue_refusal_or_success(answer, f"{caller} {route.method} {path}{query} {name}")


@pytest.mark.parametrize("route", ROUTES, ids=lambda r: f"{r.method} {r.path}")
def test_every_route_refuses_nul_and_huge_numbers_in_the_query_and_the_path(gateway, callers, route):
    path = concrete(route.path, "%00")
    with httpx.Client(base_url=f"{gateway.url}/auth/v1", headers=callers["admin"], timeout=30) as http:
        for query in ({f: NUL for f in FIELDS}, {f: str(HUGE) for f in FIELDS}, {"page": "-1", "per_page": "0"}):
            answer = http.request(route.method, path, params=query)
            assert_gotrue_refusal_or_success(answer, f"{route.method} {path} {query}")
