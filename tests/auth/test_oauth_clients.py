"""GoTrue's OAuth 2.1 server admin API (/admin/oauth/clients) through supabase-js, supabase-py and HTTP: the wire
shape, GoTrue's validation messages, secrets kept only as hashes, admins only, and 404 while the server is off."""

from __future__ import annotations

import base64
import hashlib
from collections.abc import Iterator

import httpx
import pytest
from supabase_auth.errors import AuthApiError
from supabase_auth.types import CreateOAuthClientParams, PageParams, UpdateOAuthClientParams

from supabase import ClientOptions, create_client
from tests.auth.helpers import bearer, client, signed_in
from tests.conftest import make_settings
from tests.support.live import LiveGateway, run_gateway
from tests.support.node import run_node_test

CALLBACK = "https://app.example.com/callback"


@pytest.fixture(scope="module")
def enabled(database_url, tmp_path_factory) -> Iterator[LiveGateway]:
    settings = make_settings(database_url, tmp_path_factory.mktemp("oauth"), oauth_server_enabled=True)
    with run_gateway(settings) as live:
        yield live


def admin(gateway: LiveGateway) -> httpx.Client:
    return httpx.Client(base_url=f"{gateway.url}/auth/v1", headers=gateway.headers(gateway.service_key), timeout=30)


def test_supabase_js_admin_oauth_clients(enabled):
    # First in the module: auth-js reads only the first digit of the Link header's page numbers.
    run_node_test("auth-oauth-clients.test.mjs", enabled, passes=5)


def test_supabase_py_admin_oauth_clients(enabled):
    with httpx.Client(timeout=30) as http:
        oauth = create_client(enabled.url, enabled.service_key, ClientOptions(httpx_client=http)).auth.admin.oauth
        # supabase-py's parameter models send every field, unset ones as null: GoTrue takes null as absent.
        created = oauth.create_client(CreateOAuthClientParams(
            client_name="py client", redirect_uris=[CALLBACK], logo_uri="https://app.example.com/logo.png")).client
        assert created.client_secret and created.client_type == "confidential"
        assert created.logo_uri == "https://app.example.com/logo.png" and created.client_uri is None
        assert created.response_types == ["code"] and created.registration_type == "manual"

        fetched = oauth.get_client(created.client_id).client
        assert fetched.client_secret is None and fetched.client_name == "py client"
        renamed = oauth.update_client(created.client_id, UpdateOAuthClientParams(client_name="renamed")).client
        assert (renamed.client_name, renamed.logo_uri, renamed.redirect_uris) == (
            "renamed", "https://app.example.com/logo.png", [CALLBACK])
        regenerated = oauth.regenerate_client_secret(created.client_id).client
        assert regenerated.client_secret not in (None, created.client_secret)

        page = oauth.list_clients(PageParams(page=1, per_page=1))
        assert len(page.clients) == 1 and page.total >= 1 and page.last_page == page.total
        assert created.client_id in [c.client_id for c in oauth.list_clients().clients]

        oauth.delete_client(created.client_id)
        with pytest.raises(AuthApiError) as missing:
            oauth.get_client(created.client_id)
        assert missing.value.status == 404 and missing.value.code == "oauth_client_not_found"


def test_the_secret_is_stored_only_as_gotrues_hash(enabled, db):
    with admin(enabled) as http:
        created = http.post("/admin/oauth/clients", json={"redirect_uris": [CALLBACK]})
    assert created.status_code == 201, created.text
    body = created.json()
    stored = db.execute("select client_secret_hash, registration_type::text from auth.oauth_clients where id = %s",
                        (body["client_id"],)).fetchone()
    digest = base64.urlsafe_b64encode(hashlib.sha256(body["client_secret"].encode()).digest()).rstrip(b"=").decode()
    assert stored == (digest, "manual")
    # GoTrue's field order: the secret right after the id; empty names are left out.
    assert list(body)[:3] == ["client_id", "client_secret", "client_type"] and "client_name" not in body


def test_a_deleted_client_keeps_its_row_and_is_gone_from_the_api(enabled, db):
    with admin(enabled) as http:
        client_id = http.post("/admin/oauth/clients", json={"redirect_uris": [CALLBACK]}).json()["client_id"]
        deleted = http.delete(f"/admin/oauth/clients/{client_id}")
        again = http.delete(f"/admin/oauth/clients/{client_id}")
        listed = http.get("/admin/oauth/clients")
    assert deleted.status_code == 204 and deleted.content == b""
    assert again.status_code == 404 and again.json()["error_code"] == "oauth_client_not_found"
    # Unpaged, as GoTrue answers it: every client, no paging headers.
    assert client_id not in [c["client_id"] for c in listed.json()["clients"]] and "link" not in listed.headers
    kept = db.execute("select deleted_at is not null from auth.oauth_clients where id = %s", (client_id,)).fetchone()
    assert kept == (True,)


@pytest.mark.parametrize(("body", "message"), [
    ({}, "redirect_uris is required"),
    ({"redirect_uris": [CALLBACK] * 11}, "redirect_uris cannot exceed 10 items"),
    ({"redirect_uris": [""]}, "invalid redirect_uri '': redirect URI cannot be empty"),
    ({"redirect_uris": ["/callback"]}, "invalid redirect_uri '/callback': must have scheme and host"),
    ({"redirect_uris": ["com.example.app:/cb"]},
     "invalid redirect_uri 'com.example.app:/cb': must have scheme and host"),
    ({"redirect_uris": ["https://bad host/cb"]}, "invalid redirect_uri 'https://bad host/cb': invalid URL format"),
    ({"redirect_uris": ["https://app.example.com/cb#x"]},
     "invalid redirect_uri 'https://app.example.com/cb#x': fragment not allowed in redirect URI"),
    ({"redirect_uris": ["http://app.example.com/cb"]},
     "invalid redirect_uri 'http://app.example.com/cb': HTTP scheme only allowed for localhost"),
    ({"redirect_uris": ["JavaScript://alert(1)"]},
     "invalid redirect_uri 'JavaScript://alert(1)': scheme 'javascript' is not allowed for security reasons"),
    ({"redirect_uris": [CALLBACK], "grant_types": ["client_credentials"]},
     "grant_types must only contain 'authorization_code' and/or 'refresh_token'"),
    ({"redirect_uris": [CALLBACK], "client_name": "é" * 513}, "client_name cannot exceed 1024 characters"),
    ({"redirect_uris": [CALLBACK], "client_uri": "app.example.com"}, "client_uri must be a valid URL"),
    ({"redirect_uris": [CALLBACK], "logo_uri": "https://" + "l" * 2041}, "logo_uri cannot exceed 2048 characters"),
    ({"redirect_uris": [CALLBACK], "client_type": "native"}, "client_type must be 'public' or 'confidential'"),
    ({"redirect_uris": [CALLBACK], "token_endpoint_auth_method": "private_key_jwt"},
     "token_endpoint_auth_method must be one of: [none client_secret_basic client_secret_post]"),
    ({"redirect_uris": [CALLBACK], "client_type": "public", "token_endpoint_auth_method": "client_secret_post"},
     "client_type 'public' is inconsistent with token_endpoint_auth_method 'client_secret_post'"
     " (expected client_type 'confidential')"),
])
def test_registration_is_refused_with_gotrues_messages(enabled, body, message):
    with admin(enabled) as http:
        response = http.post("/admin/oauth/clients", json=body)
    # GoTrue's admin registration wraps the rule's error, its "400: " included; legacy shape without the API header.
    assert response.status_code == 400
    assert response.json() == {"code": 400, "error_code": "validation_failed", "msg": f"400: {message}"}


def test_registration_defaults_follow_the_auth_method_and_allow_native_schemes(enabled):
    with admin(enabled) as http:
        post = http.post("/admin/oauth/clients", json={
            "redirect_uris": ["myapp://callback", "http://[::1]:8080/cb"], "token_endpoint_auth_method": "none",
            "grant_types": ["authorization_code"]}).json()
        basic = http.post("/admin/oauth/clients", json={"redirect_uris": [CALLBACK],
                                                        "token_endpoint_auth_method": "client_secret_post"}).json()
    assert post["client_type"] == "public" and "client_secret" not in post
    assert post["grant_types"] == ["authorization_code"]
    assert (basic["client_type"], basic["token_endpoint_auth_method"]) == ("confidential", "client_secret_post")


def test_wrong_types_and_missing_bodies_are_gotrues_bad_json(enabled):
    with admin(enabled) as http:
        wrong_type = http.post("/admin/oauth/clients", json={"redirect_uris": CALLBACK})
        no_body = http.post("/admin/oauth/clients")
        client_id = http.post("/admin/oauth/clients", json={"redirect_uris": [CALLBACK]}).json()["client_id"]
        no_update = http.put(f"/admin/oauth/clients/{client_id}")
    for response in (wrong_type, no_body, no_update):
        assert response.status_code == 400
        assert response.json() == {"code": 400, "error_code": "bad_json", "msg": "Invalid JSON body"}


@pytest.mark.parametrize(("body", "message"), [
    ({"client_type": "public", "client_name": None}, "No fields provided for update"),
    ({"redirect_uris": []}, "redirect_uris cannot be empty"),
    ({"grant_types": []}, "grant_types cannot be empty"),
    ({"logo_uri": "logo.png"}, "logo_uri must be a valid URL"),
    ({"token_endpoint_auth_method": "none"},
     "token_endpoint_auth_method 'none' is not valid for client_type 'confidential';"
     " valid methods: [client_secret_basic client_secret_post]"),
    ({"token_endpoint_auth_method": "tls"},
     "invalid token_endpoint_auth_method: must be one of [none client_secret_basic client_secret_post]"),
])
def test_update_is_refused_with_gotrues_messages(enabled, body, message):
    with admin(enabled) as http:
        client_id = http.post("/admin/oauth/clients", json={"redirect_uris": [CALLBACK]}).json()["client_id"]
        response = http.put(f"/admin/oauth/clients/{client_id}", json=body)
    assert response.status_code == 400
    assert response.json() == {"code": 400, "error_code": "validation_failed", "msg": message}


def test_an_empty_name_clears_it(enabled):
    with admin(enabled) as http:
        created = http.post("/admin/oauth/clients", json={"redirect_uris": [CALLBACK], "client_name": "named"}).json()
        cleared = http.put(f"/admin/oauth/clients/{created['client_id']}", json={"client_name": ""}).json()
    assert "client_name" not in cleared and cleared["redirect_uris"] == [CALLBACK]


def test_client_ids_are_checked(enabled):
    with admin(enabled) as http:
        malformed = http.get("/admin/oauth/clients/not-a-uuid")
        unknown = http.post("/admin/oauth/clients/00000000-0000-0000-0000-000000000001/regenerate_secret")
    assert malformed.status_code == 400
    assert malformed.json() == {"code": 400, "error_code": "validation_failed", "msg": "invalid client_id format"}
    assert unknown.status_code == 404
    assert unknown.json() == {"code": 404, "error_code": "oauth_client_not_found", "msg": "OAuth client not found"}


def test_only_admins_may_manage_clients(enabled):
    with client(enabled) as auth:
        user = signed_in(enabled, auth, "oauth-user@example.com")
        anonymous = auth.get("/admin/oauth/clients")
        no_token = httpx.get(f"{enabled.url}/auth/v1/admin/oauth/clients", headers={"apikey": enabled.anon_key})
        as_user = auth.post("/admin/oauth/clients", json={"redirect_uris": [CALLBACK]},
                            headers=bearer(user["access_token"]))
    assert anonymous.status_code == 403 and anonymous.json() == {"code": "not_admin", "message": "User not allowed"}
    assert as_user.status_code == 403 and as_user.json()["code"] == "not_admin"
    assert no_token.status_code == 401 and no_token.json()["error_code"] == "no_authorization"


def test_a_disabled_oauth_server_answers_404_after_the_admin_check(gateway):
    with client(gateway) as auth:
        refused = auth.get("/admin/oauth/clients")
        disabled = auth.post("/admin/oauth/clients", json={"redirect_uris": [CALLBACK]},
                             headers=bearer(gateway.service_key))
    assert refused.status_code == 403 and refused.json()["code"] == "not_admin"
    assert disabled.status_code == 404
    assert disabled.json() == {"code": "feature_disabled", "message": "OAuth server is disabled"}
