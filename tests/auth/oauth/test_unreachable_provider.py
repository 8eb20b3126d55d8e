"""signInWithIdToken while the provider's OpenID configuration cannot be read (no network, a provider down): a token
that is no JWT at all is GoTrue's "Bad ID token" without asking the provider; a well-formed one answers GoTrue's 500,
with the reason in the log and no traceback."""

from __future__ import annotations

import logging
from collections.abc import Iterator

import httpx
import pytest

from gateway.project.auth_providers import ProviderConfig
from tests.conftest import make_settings
from tests.support.live import LiveGateway, free_port, run_gateway

WELL_FORMED = "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl"


@pytest.fixture(scope="module")
def gateway(database_url, tmp_path_factory) -> Iterator[LiveGateway]:
    nobody_listens = f"http://127.0.0.1:{free_port()}/realms/down"
    provider = ProviderConfig(name="keycloak", client_ids=("app",), secret="s", redirect_uri="", url=nobody_listens,
                              skip_nonce_check=True)
    settings = make_settings(database_url, tmp_path_factory.mktemp("unreachable"),
                             external_providers={"keycloak": provider})
    with run_gateway(settings) as live:
        yield live


def grant(gateway: LiveGateway, id_token: str) -> httpx.Response:
    return httpx.post(f"{gateway.url}/auth/v1/token?grant_type=id_token", headers=gateway.headers(),
                      json={"provider": "keycloak", "id_token": id_token})


@pytest.mark.parametrize("id_token", ["mock-id-token", "a.b", "not.a.token"])
def test_a_token_that_is_no_jwt_is_a_bad_id_token(gateway, id_token):
    answer = grant(gateway, id_token)
    assert (answer.status_code, answer.json()) == (400, {"error": "invalid request",
                                                         "error_description": "Bad ID token"})


def test_a_well_formed_token_answers_gotrues_500_and_logs_why(gateway, caplog):
    with caplog.at_level(logging.WARNING, logger="gateway.auth"):
        answer = grant(gateway, WELL_FORMED)
    assert answer.status_code == 500
    assert answer.json()["error_code"] == "unexpected_failure"
    assert answer.json()["msg"] == "Unable to reach the external provider"
    lines = [record for record in caplog.records if record.name == "gateway.auth"]
    assert any("external provider unreachable provider=keycloak" in record.getMessage() for record in lines)
    assert all(record.exc_info is None for record in lines)
