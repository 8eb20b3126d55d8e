"""Who reaches the studio and its admin API: nothing of it without a sign-in (a loopback caller included), only the
service-role key at the admin API, and nothing at all in production shape unless enabled."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace

import httpx
import pytest

from gateway.settings import Settings
from tests.studio.conftest import PASSWORD, studio_gateway
from tests.support.live import LiveGateway, bind_to_port

ELSEWHERE = {"X-Forwarded-For": "203.0.113.7"}  # a client on another machine, as the gateway's own proxy reports it
ADMIN_PATHS = ["/_/api/catalog", "/_/api/policies"]


def user_token(studio: LiveGateway) -> str:
    account = {"email": "studio-access@example.com", "password": "a long password 123"}
    service = {"apikey": studio.service_key, "Authorization": f"Bearer {studio.service_key}"}
    created = httpx.post(f"{studio.url}/auth/v1/admin/users", headers=service, json={**account, "email_confirm": True})
    assert created.status_code == 200, created.text
    answer = httpx.post(f"{studio.url}/auth/v1/token?grant_type=password", headers=studio.headers(), json=account)
    assert answer.status_code == 200, answer.text
    return answer.json()["access_token"]


@contextmanager
def signed_in(studio: LiveGateway, **headers: str) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=studio.url, headers=headers) as client:
        answer = client.post("/_/api/session", data={"secret": PASSWORD})
        assert answer.status_code == 303 and answer.headers["location"] == "/_/"
        yield client


def test_off_in_production_shape_unless_enabled(settings: Settings) -> None:
    with studio_gateway(bind_to_port(replace(settings, web_dist=None))) as live:
        for path in ["/_/", "/_/assets/index.js", *ADMIN_PATHS]:
            answer = httpx.get(f"{live.url}{path}", headers={"Authorization": f"Bearer {live.service_key}"})
            assert answer.status_code == 404, path
            assert "__STUDIO_CONFIG__" not in answer.text and live.service_key not in answer.text
        assert httpx.post(f"{live.url}/_/api/session", data={"secret": live.service_key}).status_code == 404


@pytest.mark.parametrize("path", ["/_/", "/_/tables", "/_/assets/anything.js", *ADMIN_PATHS])
def test_nothing_answers_without_a_sign_in(studio: LiveGateway, path: str) -> None:
    for headers in ({}, ELSEWHERE):
        answer = httpx.get(f"{studio.url}{path}", headers=headers)
        assert answer.status_code == 401
        assert studio.service_key not in answer.text and "__STUDIO_CONFIG__" not in answer.text


def test_the_page_without_a_sign_in_is_the_sign_in_form(studio: LiveGateway) -> None:
    answer = httpx.get(f"{studio.url}/_/", headers=ELSEWHERE)
    assert answer.status_code == 401
    assert 'action="/_/api/session"' in answer.text and "service-role key" in answer.text


def test_a_wrong_password_does_not_sign_in(studio: LiveGateway) -> None:
    answer = httpx.post(f"{studio.url}/_/api/session", data={"secret": "guess"}, headers=ELSEWHERE)
    assert answer.status_code == 401
    assert "is not right" in answer.text and "set-cookie" not in answer.headers


def test_the_password_signs_in_from_elsewhere(studio: LiveGateway) -> None:
    with signed_in(studio, **ELSEWHERE) as client:
        page = client.get("/_/")
        assert page.status_code == 200 and "__STUDIO_CONFIG__" in page.text
        catalog = client.get("/_/api/catalog")
        assert catalog.status_code == 200 and catalog.json()["schemas"] == ["public"]
        cookie = client.cookies.jar
        assert all(c.has_nonstandard_attr("HttpOnly") for c in cookie)


def test_the_service_role_key_signs_in_and_opens_the_admin_api(studio: LiveGateway) -> None:
    answer = httpx.post(f"{studio.url}/_/api/session", data={"secret": studio.service_key}, headers=ELSEWHERE)
    assert answer.status_code == 303
    catalog = httpx.get(f"{studio.url}/_/api/catalog", headers={**ELSEWHERE,
                                                                "Authorization": f"Bearer {studio.service_key}"})
    assert catalog.status_code == 200


def test_anon_and_user_tokens_are_refused_by_the_admin_api(studio: LiveGateway) -> None:
    for token in (studio.anon_key, user_token(studio)):
        for path in ADMIN_PATHS:
            answer = httpx.get(f"{studio.url}{path}", headers={"Authorization": f"Bearer {token}", "apikey": token})
            assert answer.status_code == 403, path
            assert answer.json() == {"message": "The studio's admin API takes only the service-role key; this "
                                                "token is for another role."}
        sql = httpx.post(f"{studio.url}/_/api/sql", headers={"Authorization": f"Bearer {token}"},
                         json={"sql": "select 1", "role": "postgres"})
        assert sql.status_code == 403
        policy_tests = httpx.post(f"{studio.url}/_/api/policy-tests", headers={"Authorization": f"Bearer {token}"})
        assert policy_tests.status_code == 403
        sign_out = httpx.post(f"{studio.url}/_/api/users/{uuid.uuid4()}/sign-out",
                              headers={"Authorization": f"Bearer {token}"})
        assert sign_out.status_code == 403


@pytest.mark.parametrize("user_id", [str(uuid.uuid4()), "not-a-uuid"])
def test_an_unknown_user_has_no_sessions_to_show_or_end(studio: LiveGateway, user_id: str) -> None:
    admin = {"Authorization": f"Bearer {studio.service_key}"}
    for answer in (httpx.get(f"{studio.url}/_/api/users/{user_id}/sessions", headers=admin),
                   httpx.post(f"{studio.url}/_/api/users/{user_id}/sign-out", headers=admin)):
        assert answer.status_code == 404
        assert answer.json() == {"message": f"No user with id {user_id}."}


def test_another_sites_page_is_refused_even_when_signed_in(studio: LiveGateway) -> None:
    with signed_in(studio) as client:
        answer = client.get("/_/api/catalog", headers={"Origin": "http://evil.example"})
        assert answer.status_code == 401
        sql = client.post("/_/api/sql", headers={"Origin": "http://evil.example"},
                          json={"sql": "drop table if exists anything", "role": "postgres"})
        assert sql.status_code == 401


def test_the_studios_own_origin_behind_a_tls_proxy_is_let_in(studio: LiveGateway) -> None:
    host = studio.url.removeprefix("http://")
    with signed_in(studio) as client:
        answer = client.get("/_/api/catalog", headers={"Origin": f"https://{host}"})
        assert answer.status_code == 200


def test_a_session_cookie_made_up_is_refused(studio: LiveGateway) -> None:
    answer = httpx.get(f"{studio.url}/_/api/catalog", cookies={"gateway_studio": "99999999999.deadbeef"})
    assert answer.status_code == 401


def test_sign_in_attempts_share_the_auth_services_budget(settings: Settings) -> None:
    limited = bind_to_port(replace(settings, rate_limits_enabled=True, rate_limit_token_per_hour=3))
    with studio_gateway(limited, STUDIO_ENABLED="true", STUDIO_PASSWORD=PASSWORD) as live:
        tries = [httpx.post(f"{live.url}/_/api/session", data={"secret": "guess"},
                            headers={"X-Forwarded-For": "198.51.100.4"}).status_code for _ in range(4)]
        assert tries == [401, 401, 401, 429]
        refused = httpx.post(f"{live.url}/_/api/session", data={"secret": PASSWORD},
                             headers={"X-Forwarded-For": "198.51.100.4"})
        assert refused.status_code == 429 and "Too many sign-in attempts" in refused.text


def test_the_page_runs_only_its_own_scripts_and_no_other_site_frames_it(studio: LiveGateway) -> None:
    with signed_in(studio) as client:
        page = client.get("/_/")
    policy = page.headers["content-security-policy"]
    assert "frame-ancestors 'none'" in policy and "script-src 'self' 'sha256-" in policy
    assert "unsafe-inline" not in policy.split("script-src", 1)[1].split(";", 1)[0]
    assert page.headers["referrer-policy"] == "no-referrer"


@pytest.mark.parametrize("path", ["/_/", *ADMIN_PATHS])
def test_a_caller_on_this_machine_without_a_sign_in_gets_nothing(studio: LiveGateway, path: str) -> None:
    host = studio.url.removeprefix("http://")
    for headers in ({}, {"Origin": studio.url}, {"Sec-Fetch-Site": "same-origin", "Host": host}):
        answer = httpx.get(f"{studio.url}{path}", headers=headers)
        assert answer.status_code == 401 and "__STUDIO_CONFIG__" not in answer.text


@pytest.mark.parametrize("body", [b"{", b"[]", b'"secret"', b'{"secret": 5}', b'{"secret": null}', b"\xff\xfe"])
def test_a_sign_in_that_is_not_a_json_object_is_a_400_in_the_admin_apis_shape(studio: LiveGateway,
                                                                               body: bytes) -> None:
    answer = httpx.post(f"{studio.url}/_/api/session", content=body, headers={"Content-Type": "application/json"})
    assert answer.status_code == 400 and "set-cookie" not in answer.headers
    assert answer.json() == {"message": 'Send a JSON object with the key or password as "secret".'}


def test_a_json_sign_in_with_the_password_signs_in(studio: LiveGateway) -> None:
    answer = httpx.post(f"{studio.url}/_/api/session", json={"secret": PASSWORD})
    assert answer.status_code == 303 and "gateway_studio=" in answer.headers["set-cookie"]
