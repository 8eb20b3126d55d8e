"""Hostile input at the external sign-in endpoints answers GoTrue's 4xx, never a 500: an ID token signed by a key the
provider does not publish (whose key set is read again at most once a while, not on every such token), and a NUL in
/authorize's parameters. Anonymous /authorize calls keep a bounded number of flows, per address and in all, and the
flows never completed go once expired."""

from __future__ import annotations

import time
from dataclasses import replace

import httpx
import pytest
from joserfc import jwt
from joserfc.jwk import RSAKey

from gateway.auth.external import flow_states
from gateway.settings import Settings
from tests.auth.oauth.conftest import PROVIDER


@pytest.fixture(scope="module")
def gateway_settings(gateway_settings: Settings) -> Settings:
    """Behind a proxy of the site's own, so that the tests can call from several addresses."""
    return replace(gateway_settings, trusted_proxy_header="X-Forwarded-For")


def start_flow(gateway, address: str) -> httpx.Response:
    return httpx.get(f"{gateway.url}/auth/v1/authorize", params={"provider": PROVIDER}, follow_redirects=False,
                     headers={"X-Forwarded-For": address}, timeout=30)


def waiting_flows(db, address: str) -> int:
    return db.execute("select count(*) from auth.flow_state where client_address = %s", (address,)).fetchone()[0]


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


def test_one_address_keeps_a_bounded_number_of_flows_and_another_address_is_not_held_up(gateway, db):
    answers = [start_flow(gateway, "203.0.113.7").status_code for _ in range(flow_states.WAITING_PER_ADDRESS + 20)]
    assert answers == [302] * flow_states.WAITING_PER_ADDRESS + [429] * 20
    refused = start_flow(gateway, "203.0.113.7")
    assert (refused.status_code, refused.json()) == (429, {"code": 429, "error_code": "over_request_rate_limit",
                                                           "msg": "Request rate limit reached"})
    assert waiting_flows(db, "203.0.113.7") == flow_states.WAITING_PER_ADDRESS
    assert start_flow(gateway, "203.0.113.8").status_code == 302


def test_all_addresses_together_keep_a_bounded_number_of_flows(gateway, db):
    db.execute("insert into auth.flow_state (provider_type, authentication_method, client_address, created_at)"
               " select %s, 'oauth', '198.51.100.' || (n %% 250), now() - interval '4 minutes'"
               " from generate_series(1, %s) as n", (PROVIDER, flow_states.WAITING_IN_ALL))
    try:
        assert start_flow(gateway, "203.0.113.9").status_code == 429
        assert waiting_flows(db, "203.0.113.9") == 0
    finally:
        db.execute("delete from auth.flow_state where client_address like '198.51.100.%'")
    assert start_flow(gateway, "203.0.113.9").status_code == 302


def test_flows_never_completed_go_once_expired_and_others_stay(gateway, db):
    def flow(method: str, age: str) -> str:
        return str(db.execute("insert into auth.flow_state (provider_type, authentication_method, created_at)"
                              " values (%s, %s, now() - %s::interval) returning id", (PROVIDER, method, age)).fetchone()[0])
    expired, waiting, other_kind = flow("oauth", "6 minutes"), flow("oauth", "4 minutes"), flow("magiclink", "6 minutes")
    assert start_flow(gateway, "203.0.113.10").status_code == 302
    left = {str(row[0]) for row in db.execute("select id from auth.flow_state where id in (%s, %s, %s)",
                                              (expired, waiting, other_kind))}
    assert left == {waiting, other_kind}
