"""SQL and identifier injection through every user-controlled input outside the REST grammar (whose own hostile
input tests live in tests/rest), plus a few REST probes: each is refused or stored as plain data, never run."""

from __future__ import annotations

import asyncio
import uuid

import httpx
import psycopg
import pytest

from tests.realtime.client import PhoenixClient
from tests.support.live import LiveGateway

VERSIONED = {"X-Supabase-Api-Version": "2024-01-01"}
PAYLOADS = ["x'; drop table public.tickets; --", "\"; drop table public.tickets; --", "1) or (1=1",
            "$$; drop table public.tickets; $$", "\\'; select pg_sleep(10); --"]


@pytest.fixture(autouse=True)
def tables_survive(db: psycopg.Connection):
    yield
    assert db.execute("select to_regclass('public.tickets') is not null and to_regclass('auth.users') is not null"
                      " and to_regclass('public.partners') is not null").fetchone()[0]


def auth(gateway: LiveGateway, method: str, path: str, **kwargs) -> httpx.Response:
    headers = {**gateway.headers(kwargs.pop("token", None)), **VERSIONED}
    return httpx.request(method, f"{gateway.url}/auth/v1{path}", headers=headers, timeout=30, **kwargs)


@pytest.mark.parametrize("payload", PAYLOADS)
def test_auth_body_fields_are_data(gateway: LiveGateway, db: psycopg.Connection, payload: str):
    local = payload.replace(" ", "").replace("@", "") or "x"
    email = f"{local}{uuid.uuid4().hex[:6]}@example.com"
    signed_up = auth(gateway, "POST", "/signup", json={"email": email, "password": payload + "pad",
                                                     "data": {payload: payload}})
    assert signed_up.status_code in (200, 400), signed_up.text
    if signed_up.status_code == 200:
        stored = db.execute("select raw_user_meta_data ->> %s from auth.users where email = lower(%s)",
                            (payload, email)).fetchone()
        assert stored == (payload,)
    login = auth(gateway, "POST", "/token?grant_type=password", json={"email": payload, "password": payload})
    assert login.status_code == 400 and login.json()["code"] in ("invalid_credentials", "validation_failed")
    for kind in ("signup", payload):
        verified = auth(gateway, "POST", "/verify", json={"type": kind, "token_hash": payload})
        assert verified.status_code in (400, 403), verified.text
    recovered = auth(gateway, "POST", "/recover", json={"email": payload})
    assert recovered.status_code == 400 and recovered.json()["code"] == "validation_failed"


@pytest.mark.parametrize("payload", PAYLOADS)
def test_admin_path_and_query_parameters_are_data(gateway: LiveGateway, payload: str):
    key = gateway.service_key
    one = auth(gateway, "GET", f"/admin/users/{payload}", token=key)
    assert one.status_code in (400, 404), one.text
    listed = auth(gateway, "GET", "/admin/users", params={"page": payload, "per_page": payload}, token=key)
    assert listed.status_code in (200, 400), listed.text
    audit = auth(gateway, "GET", "/admin/audit", params={"query": f"author:{payload}"}, token=key)
    assert audit.status_code == 200 and audit.json() == []


@pytest.mark.parametrize("payload", PAYLOADS)
def test_realtime_subscription_names_and_filters_are_data(gateway: LiveGateway, payload: str):
    async def join() -> list[dict]:
        client = await PhoenixClient.connect(gateway.url, gateway.service_key)
        try:
            replies = []
            for entry in ({"event": "*", "schema": payload, "table": "tickets"},
                          {"event": "*", "schema": "public", "table": payload},
                          {"event": "*", "schema": "public", "table": "tickets", "filter": f"id=eq.{payload}"},
                          {"event": "*", "schema": "public", "table": "tickets", "filter": f"{payload}=eq.1"},
                          {"event": "*", "schema": "public", "table": "tickets", "filter": f"id=in.({payload})"}):
                reply = await client.join(f"realtime:inj-{uuid.uuid4().hex[:6]}", {"postgres_changes": [entry]})
                replies.append(reply["payload"])
            return replies
        finally:
            await client.close()

    for reply in asyncio.run(join()):
        assert reply["status"] in ("ok", "error"), reply


def test_function_bodies_are_stored_verbatim(gateway: LiveGateway, db: psycopg.Connection):
    # One message carrying every payload: the form allows one message per client address a minute.
    email = f"inj-{uuid.uuid4().hex[:8]}@example.com"
    message = "\n".join(PAYLOADS)
    response = httpx.post(f"{gateway.url}/functions/v1/send-contact-email", headers=gateway.headers(), timeout=30,
                          json={"name": PAYLOADS[0], "email": email, "message": message, "company": PAYLOADS[1]})
    assert response.status_code == 200, response.text
    stored = db.execute("select name, company, message from contact_messages where email = %s", (email,)).fetchone()
    assert stored == (PAYLOADS[0], PAYLOADS[1], message)


REST_PROBES = [
    "tickets?select=id,(select 1)", "tickets?select=id;drop table tickets", "tickets?order=id;drop table tickets",
    "tickets?id=eq.1);drop table tickets;--", 'tickets?select="id\\";drop table tickets;--"',
    "tickets?or=(id.eq.1,title.eq.x)')--", "tickets?select=id::text;drop table tickets",
    "tickets?title=like.*'*", "tickets?select=*,companies!inner(id;drop table tickets)",
    "rpc/pg_sleep?seconds=10", "pg_catalog.pg_authid", "tickets?limit=1;drop table tickets",
    "tickets?id=in.(1,2);drop table tickets", "tickets?title=fts(english'';drop).x",
]


@pytest.mark.parametrize("probe", REST_PROBES)
def test_rest_probes_are_refused_in_postgrest_shape(gateway: LiveGateway, probe: str):
    response = httpx.get(f"{gateway.url}/rest/v1/{probe}", headers=gateway.headers(gateway.service_key), timeout=15)
    assert response.status_code in (200, 206, 400, 404), (probe, response.status_code, response.text)
    if response.status_code >= 400:
        assert set(response.json()) == {"code", "message", "details", "hint"}, response.text
