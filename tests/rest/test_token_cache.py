"""The cache of verified tokens in JwtKeys.verify: hits skip the signature check, never the clock."""

import base64
import json
import time

import pytest

from gateway.jwt_keys import (
    LEEWAY_SECONDS,
    ExpiredToken,
    InvalidToken,
    JwtKeys,
    VerifiedTokens,
)
from tests.rest.conftest import ALICE, user_claims

SECRET = "token-cache-test-secret-0123456789abcdef0123"


def _expiring_soon(keys: JwtKeys) -> tuple[str, int]:
    """A token that is valid now (within the leeway) and expires about two seconds from now."""
    exp = int(time.time()) - LEEWAY_SECONDS + 2
    return keys.sign({**user_claims(ALICE), "exp": exp}), exp


def _wait_past(exp: int) -> None:
    time.sleep(max(0.0, exp + LEEWAY_SECONDS - time.time()) + 0.05)


def test_a_verified_token_is_remembered_and_gives_the_same_claims():
    keys = JwtKeys(SECRET)
    claims = user_claims(ALICE)
    token = keys.sign(claims)
    first = keys.verify(token)
    assert token in keys.verified_tokens
    assert keys.verify(token) == first == claims


def test_a_cached_token_still_expires():
    keys = JwtKeys(SECRET)
    token, exp = _expiring_soon(keys)
    assert keys.verify(token)["sub"] == ALICE
    assert token in keys.verified_tokens
    _wait_past(exp)
    with pytest.raises(ExpiredToken):
        keys.verify(token)
    assert token not in keys.verified_tokens
    with pytest.raises(ExpiredToken):
        keys.verify(token)


def test_an_expired_token_is_not_remembered():
    keys = JwtKeys(SECRET)
    token = keys.sign({**user_claims(ALICE), "exp": int(time.time()) - 3600})
    with pytest.raises(ExpiredToken):
        keys.verify(token)
    assert len(keys.verified_tokens) == 0


def test_a_forged_token_is_never_cached():
    keys = JwtKeys(SECRET)
    genuine = keys.sign(user_claims(ALICE))
    keys.verify(genuine)
    header, _, signature = genuine.split(".")
    elevated = base64.urlsafe_b64encode(json.dumps({**user_claims(ALICE), "role": "service_role"}).encode())
    tampered = f"{header}.{elevated.decode().rstrip('=')}.{signature}"
    other_secret = JwtKeys("another-secret-that-is-long-enough-0123456789").sign(user_claims(ALICE))
    for forged in (tampered, other_secret, genuine + "x", "not.a.jwt"):
        for _ in range(2):
            with pytest.raises(InvalidToken) as raised:
                keys.verify(forged)
            assert not isinstance(raised.value, ExpiredToken)
        assert forged not in keys.verified_tokens
    assert len(keys.verified_tokens) == 1


def test_the_cache_is_bounded_and_keeps_the_most_recently_used():
    keys = JwtKeys(SECRET, cache_size=8)
    tokens = [keys.sign({**user_claims(ALICE), "n": n}) for n in range(20)]
    for token in tokens:
        keys.verify(token)
    assert len(keys.verified_tokens) == 8
    assert all(t in keys.verified_tokens for t in tokens[-8:])
    keys.verify(tokens[12])  # a hit makes it the most recent
    keys.verify(tokens[0])  # a miss pushes out the least recent
    assert tokens[12] in keys.verified_tokens and tokens[13] not in keys.verified_tokens
    assert len(keys.verified_tokens) == 8


def test_the_cache_is_bounded_in_bytes_too():
    keys = JwtKeys(SECRET)
    cache = VerifiedTokens(4096, max_bytes=64 * 1024)
    # Tokens near the 16 KiB a request head allows: the count alone would keep 4096 of them (about 128 MiB).
    tokens = []
    for n in range(40):
        claims = {**user_claims(ALICE), "user_metadata": {"bio": "x" * 8000, "n": n}}
        tokens.append(keys.sign(claims))
        cache.remember(tokens[-1], claims)
    assert 0 < cache.bytes <= 64 * 1024 and 1 <= len(cache) <= 4 and tokens[-1] in cache
    cache.forget(tokens[-1])
    assert tokens[-1] not in cache and cache.bytes <= 64 * 1024 - 19_000


def test_editing_returned_claims_does_not_change_the_next_verification():
    keys = JwtKeys(SECRET)
    claims = user_claims(ALICE)
    token = keys.sign(claims)
    keys.verify(token)["role"] = "service_role"
    keys.verify(token)["app_metadata"]["provider"] = "tampered"
    assert keys.verify(token) == claims


def test_the_gateway_refuses_a_token_it_served_once_after_it_expires(rest):
    token, exp = _expiring_soon(rest.gateway.keys)
    headers = {"apikey": rest.gateway.anon_key, "Authorization": f"Bearer {token}"}
    assert rest.client.get("/fx_companies", params={"select": "id"}, headers=headers).status_code == 200
    _wait_past(exp)
    response = rest.client.get("/fx_companies", params={"select": "id"}, headers=headers)
    assert response.status_code == 401 and response.json()["code"] == "PGRST303"
