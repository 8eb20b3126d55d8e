"""GoTrue's validation errors and disabled-feature answers: through supabase-js, and over HTTP where no client
method reaches them."""

from __future__ import annotations

import pytest

from tests.auth.helpers import client
from tests.support.node import run_node_test


def test_errors_as_supabase_js_reports_them(gateway):
    run_node_test("auth-errors.test.mjs", gateway, passes=4)


@pytest.mark.parametrize("page, message", [
    ("-1", 'Bad Pagination Parameters: strconv.ParseUint: parsing "-1": invalid syntax'),
    ("99999999999999999999", 'Bad Pagination Parameters: strconv.ParseUint: parsing "99999999999999999999": value out of range'),
])
def test_admin_list_pages(gateway, page, message):
    with client(gateway) as auth:
        response = auth.get("/admin/users", params={"page": page},
                            headers={"Authorization": f"Bearer {gateway.service_key}"})
    assert response.status_code == 400 and response.json() == {"code": "validation_failed", "message": message}


@pytest.mark.parametrize("body, status, expected", [
    ({"chain": "solana", "message": "m", "signature": "s"}, 422,
     {"code": "web3_provider_disabled", "message": "Web3 provider is disabled"}),
])
def test_web3_grant_is_disabled(gateway, body, status, expected):
    with client(gateway) as auth:
        response = auth.post("/token?grant_type=web3", json=body)
    assert response.status_code == status and response.json() == expected


@pytest.mark.parametrize("body, expected", [
    ({"provider": "google"}, {"error": "invalid request", "error_description": "id_token required"}),
    ({"id_token": "x"}, {"error": "invalid request", "error_description": "provider or client_id and issuer required"}),
])
def test_id_token_grant_oauth_errors(gateway, body, expected):
    with client(gateway) as auth:
        response = auth.post("/token?grant_type=id_token", json=body)
    assert response.status_code == 400 and response.json() == expected


def test_unknown_grant_type_and_empty_email(gateway):
    with client(gateway) as auth:
        grant = auth.post("/token?grant_type=magic", json={})
        assert grant.status_code == 400
        assert grant.json() == {"code": "invalid_credentials", "message": "unsupported_grant_type"}
        admin = {"Authorization": f"Bearer {gateway.service_key}"}
        empty = auth.post("/invite", json={"email": ""}, headers=admin)
        assert empty.json() == {"code": "validation_failed", "message": "An email address is required"}
        nothing = auth.post("/admin/users", json={}, headers=admin)
        assert nothing.json() == {"code": "validation_failed",
                                  "message": "Cannot create a user without either an email or phone"}
        get_verify = auth.get("/verify", params={"type": "signup"}, follow_redirects=False)
        assert get_verify.status_code == 400
        assert get_verify.json()["message"] == "Verify requires a token or a token hash"
