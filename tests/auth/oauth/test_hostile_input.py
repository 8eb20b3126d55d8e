"""Hostile input at the external sign-in endpoints answers GoTrue's 4xx, never a 500: an ID token signed by a key the
provider does not publish (whose key set is read again at most once a while, not on every such token), and a NUL in
/authorize's parameters."""

from __future__ import annotations

import time

import httpx
import pytest
from joserfc import jwt
from joserfc.jwk import RSAKey

from tests.auth.oauth.conftest import PROVIDER


def key_set_reads(identity_provider) -> int:
    return httpx.get(f"{identity_provider.issuer}/test/key-set-reads", timeout=10).json()["count"]


def token_of_an_unknown_key(identity_provider) -> str:
    """Claims the provider could have issued, signed by a key it never published."""
    now = int(time.time())
    claims = {"iss": identity_provider.issuer, "aud": identity_provider.client_id, "sub": "mallory",
              "email": "mallory@example.com", "iat": now, "exp": now + 600}
    key = RSAKey.generate_key(2048, parameters={"kid": "rotated-away"})
    return jwt.encode({"alg": "RS256", "kid": "rotated-away"}, claims, key)


def test_an_id_token_of_an_unknown_key_is_a_bad_id_token_and_the_keys_are_not_read_each_time(gateway,
                                                                                             identity_provider):
    token = token_of_an_unknown_key(identity_provider)
    answers = []
    for _ in range(2):  # the first may read the keys again: the provider could have rotated them since
        answers.append(httpx.post(f"{gateway.url}/auth/v1/token?grant_type=id_token", headers=gateway.headers(),
                                  json={"provider": PROVIDER, "id_token": token}, timeout=30))
    reads = key_set_reads(identity_provider)
    for _ in range(5):
        answers.append(httpx.post(f"{gateway.url}/auth/v1/token?grant_type=id_token", headers=gateway.headers(),
                                  json={"provider": PROVIDER, "id_token": token}, timeout=30))
    assert [(answer.status_code, answer.json()) for answer in answers] == \
        [(400, {"error": "invalid request", "error_description": "Bad ID token"})] * 7
    assert key_set_reads(identity_provider) == reads


@pytest.mark.parametrize("parameter", ["provider", "redirect_to", "scopes", "code_challenge", "login_hint"])
def test_a_nul_in_an_authorize_parameter_is_refused_and_records_no_flow(gateway, db, parameter):
    flows = db.execute("select count(*) from auth.flow_state").fetchone()[0]
    query = {"provider": PROVIDER, "code_challenge": "c" * 43, "code_challenge_method": "s256"}
    query[parameter] = query.get(parameter, "x") + "\x00"
    answer = httpx.get(f"{gateway.url}/auth/v1/authorize", params=query, follow_redirects=False, timeout=30)
    assert (answer.status_code, answer.json()) == (400, {"code": 400, "error_code": "validation_failed",
                                                         "msg": "Query parameters must not contain NUL characters"})
    assert db.execute("select count(*) from auth.flow_state").fetchone()[0] == flows
