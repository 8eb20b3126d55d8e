"""Publishable and secret keys as Supabase's API gateway maps them: a publishable key acts as the anon role, a secret
key as the service role, a user's token in Authorization still decides the user; every named key works, any other
`sb_` string is refused."""

from __future__ import annotations

import httpx
import pytest

from gateway.api_keys import ApiKey, ApiKeys, configured_api_keys, derived_key
from gateway.config_values import ConfigError
from gateway.functions.deno.environment import function_env
from gateway.jwt_keys import JwtKeys
from tests.keys.conftest import MOBILE_KEY, SERVER_KEY, WEB_KEY

REVOKED = "sb_publishable_revokedREVOKED0123456_deadbeef"
BAD_KEY = {"message": "Invalid authentication credentials"}


def call(gateway, method: str, path: str, headers: dict[str, str], **kwargs) -> httpx.Response:
    return httpx.request(method, f"{gateway.url}{path}", headers=headers, timeout=30, **kwargs)


def as_client(key: str, token: str | None = None) -> dict[str, str]:
    """What supabase-js sends: the key as apikey, and the user's token or else the key itself as the bearer."""
    return {"apikey": key, "Authorization": f"Bearer {token or key}"}


def sign_in(gateway, email: str) -> str:
    body = {"email": email, "password": "correct horse battery"}
    created = call(gateway, "POST", "/auth/v1/signup", as_client(WEB_KEY), json=body)
    assert created.status_code == 200, created.text
    return created.json()["access_token"]


def notes(gateway, headers: dict[str, str]) -> list[str]:
    answer = call(gateway, "GET", "/rest/v1/key_notes?select=body&order=id", headers)
    assert answer.status_code == 200, answer.text
    return [row["body"] for row in answer.json()]


def test_publishable_keys_act_as_anon_and_a_users_token_decides_the_user(keys_gateway):
    ann = sign_in(keys_gateway, "ann@keys.example")
    bob = sign_in(keys_gateway, "bob@keys.example")
    for token, body in ((ann, "ann's"), (bob, "bob's")):
        written = call(keys_gateway, "POST", "/rest/v1/key_notes", as_client(MOBILE_KEY, token), json={"body": body})
        assert written.status_code == 201, written.text
    assert notes(keys_gateway, as_client(WEB_KEY, ann)) == ["ann's"]
    assert notes(keys_gateway, as_client(MOBILE_KEY, bob)) == ["bob's"]
    assert notes(keys_gateway, as_client(WEB_KEY)) == []  # anon: no policy lets it read
    assert {"ann's", "bob's"} <= set(notes(keys_gateway, as_client(SERVER_KEY)))
    refused = call(keys_gateway, "POST", "/rest/v1/key_notes", as_client(WEB_KEY), json={"body": "anon's"})
    assert refused.status_code == 401 and refused.json()["code"] == "42501"


def test_the_secret_key_is_the_service_role_on_the_auth_admin_api(keys_gateway):
    listed = call(keys_gateway, "GET", "/auth/v1/admin/users", as_client(SERVER_KEY))
    assert listed.status_code == 200, listed.text
    refused = call(keys_gateway, "GET", "/auth/v1/admin/users", as_client(WEB_KEY))
    assert refused.status_code == 403


def test_the_apikey_decides_when_the_bearer_is_an_api_key_as_kong_does(keys_gateway):
    # A bearer that is a publishable key yields to the secret apikey (Kong replaces it), not the other way round.
    headers = {"apikey": SERVER_KEY, "Authorization": f"Bearer {WEB_KEY}"}
    assert call(keys_gateway, "GET", "/auth/v1/admin/users", headers).status_code == 200


@pytest.mark.parametrize("path", ["/rest/v1/key_notes?select=body", "/auth/v1/settings", "/auth/v1/user"])
def test_a_revoked_or_mistyped_key_is_refused(keys_gateway, path):
    answer = call(keys_gateway, "GET", path, as_client(REVOKED))
    assert (answer.status_code, answer.json()) == (401, BAD_KEY)


def test_a_key_with_other_than_ascii_characters_is_refused_not_an_error(keys_gateway):
    odd = "sb_publishable_caf\u00e9\u00e9\u00e9\u00e90123456789ab_01234567"
    answer = call(keys_gateway, "GET", "/rest/v1/key_notes?select=body", {"apikey": odd.encode("latin-1")})
    assert (answer.status_code, answer.json()) == (401, BAD_KEY)
    assert ApiKeys(publishable=(ApiKey("web", WEB_KEY),)).role_of("sb_\ud800") is None


def test_storage_takes_the_keys_and_refuses_a_revoked_one(keys_gateway):
    made = call(keys_gateway, "POST", "/storage/v1/bucket", as_client(SERVER_KEY), json={"name": "key-files"})
    assert made.status_code == 200, made.text
    put = call(keys_gateway, "POST", "/storage/v1/object/key-files/a.txt", {**as_client(SERVER_KEY),
               "content-type": "text/plain"}, content=b"hello")
    assert put.status_code == 200, put.text
    got = call(keys_gateway, "GET", "/storage/v1/object/key-files/a.txt", as_client(SERVER_KEY))
    assert (got.status_code, got.content) == (200, b"hello")
    # A private bucket: the anon role (a publishable key) does not see it.
    assert call(keys_gateway, "GET", "/storage/v1/object/key-files/a.txt", as_client(WEB_KEY)).status_code in (400, 404)
    revoked = call(keys_gateway, "GET", "/storage/v1/object/key-files/a.txt", as_client(REVOKED))
    assert revoked.status_code in (400, 401, 403) and b"hello" not in revoked.content


def test_the_status_and_functions_see_every_named_key(keys_gateway, tmp_path):
    env = function_env(keys_gateway.settings, tmp_path)
    assert env["SUPABASE_PUBLISHABLE_KEYS"] == f'{{"web": "{WEB_KEY}", "mobile": "{MOBILE_KEY}"}}'
    assert env["SUPABASE_SECRET_KEYS"] == f'{{"server": "{SERVER_KEY}"}}'
    assert env["SUPABASE_JWKS"] == '{"keys": []}'  # HS256 only: the secret itself is never handed out
    assert keys_gateway.settings.jwt_secret not in "".join(env.values())


def test_without_configured_keys_one_of_each_is_derived_from_the_secret():
    keys = ApiKeys().or_derived("a" * 40)
    assert keys.default_publishable == derived_key("sb_publishable_", "a" * 40)
    assert keys.default_publishable.startswith("sb_publishable_") and keys.default_secret.startswith("sb_secret_")
    assert keys.role_of(keys.default_publishable) == "anon" and keys.role_of(keys.default_secret) == "service_role"
    assert ApiKeys().or_derived("b" * 40).default_secret != keys.default_secret
    assert JwtKeys("a" * 40, api_keys=keys).api_key_claims(keys.default_secret)["role"] == "service_role"


@pytest.mark.parametrize("env, message", [
    ({"PUBLISHABLE_KEYS": "[1]"}, "PUBLISHABLE_KEYS must be a JSON object"),
    ({"SECRET_KEYS": '{"ci": "sb_publishable_0123456789abcdefgh"}'}, "must start with sb_secret_"),
    ({"SECRET_KEY": "sb_secret_short"}, "at least 16 characters"),
    ({"PUBLISHABLE_KEY": WEB_KEY, "PUBLISHABLE_KEYS": f'{{"web": "{WEB_KEY}"}}'}, "listed twice"),
])
def test_malformed_keys_are_one_line_errors(env, message):
    with pytest.raises(ConfigError, match=message):
        configured_api_keys(env)


def test_the_single_key_is_named_default_beside_the_named_ones():
    keys = configured_api_keys({"PUBLISHABLE_KEY": WEB_KEY, "PUBLISHABLE_KEYS": f'{{"mobile": "{MOBILE_KEY}"}}'})
    assert keys.publishable_by_name == {"default": WEB_KEY, "mobile": MOBILE_KEY}
    assert keys.secret == ()
