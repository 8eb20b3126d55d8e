"""Tokens, the error shape and the schema cache reload."""

import json
import time

from tests.rest.conftest import ALICE, user_claims
from tests.support.waits import eventually


def test_the_anon_key_without_authorization_runs_as_anon(rest):
    response = rest.client.get("/fx_companies", params={"select": "id", "order": "id"},
                               headers={"apikey": rest.gateway.anon_key})
    assert response.status_code == 200 and [r["id"] for r in response.json()] == [1, 2, 3]


def test_bad_token_is_401_pgrst301(rest):
    response = rest.client.get("/fx_companies", headers={"apikey": rest.gateway.anon_key,
                                                        "Authorization": "Bearer not.a.jwt"})
    assert response.status_code == 401 and response.json()["code"] == "PGRST301"


def test_token_signed_with_another_secret_is_401(rest):
    from gateway.jwt_keys import JwtKeys

    forged = JwtKeys("another-secret-that-is-long-enough-0123456789").sign(user_claims(ALICE))
    response = rest.client.get("/fx_companies", headers={"apikey": rest.gateway.anon_key,
                                                        "Authorization": f"Bearer {forged}"})
    assert response.status_code == 401 and response.json()["code"] == "PGRST301"


def test_expired_token_is_401_pgrst303(rest):
    claims = {**user_claims(ALICE), "exp": int(time.time()) - 3600}
    response = rest.client.get("/fx_companies", headers={"apikey": rest.gateway.anon_key,
                                                        "Authorization": f"Bearer {rest.gateway.keys.sign(claims)}"})
    assert response.status_code == 401
    assert response.json() == {"code": "PGRST303", "details": None, "hint": None, "message": "JWT expired"}


def test_malformed_query_strings_are_pgrst100(rest):
    for params in ({"select": "id,(("}, {"id": "nope"}, {"or": "id.eq.1"}, {"limit": "x"}, {"order": "id.sideways"}):
        response = rest.get("/fx_companies", params=params)
        assert response.status_code == 400, params
        assert set(response.json()) == {"code", "message", "details", "hint"}


def test_bad_range_header_is_416(rest):
    response = rest.get("/fx_companies", headers={"Range": "5-2"})
    assert response.status_code == 416 and response.json()["code"] == "PGRST103"


def test_invalid_value_for_a_typed_column_is_400_with_sqlstate(rest):
    response = rest.get("/fx_companies", params={"id": "eq.abc"})
    assert response.status_code == 400 and response.json()["code"] == "22P02"


def test_strict_handling_refuses_unknown_preferences(rest):
    response = rest.get("/fx_companies", headers={"Prefer": "handling=strict, bogus=1"})
    assert response.status_code == 400 and response.json()["code"] == "PGRST122"


def test_new_tables_appear_after_notify_reload_schema(rest, db):
    assert rest.get("/fx_later").status_code == 404
    db.execute("create table public.fx_later (id int primary key); insert into public.fx_later values (7);"
               " notify pgrst, 'reload schema'")
    eventually(lambda: rest.get("/fx_later").status_code != 404, "the schema cache to pick up fx_later")
    assert rest.get("/fx_later").json() == [{"id": 7}]


def test_cors_exposes_content_range(rest):
    response = rest.client.options("/fx_companies", headers={
        "Origin": "http://example.test", "Access-Control-Request-Method": "GET",
        "Access-Control-Request-Headers": "apikey,authorization,prefer,range,accept-profile"})
    assert response.status_code == 200
    assert response.headers["access-control-allow-origin"] == "*"
    assert response.headers["access-control-allow-headers"] == "apikey,authorization,prefer,range,accept-profile"
    got = rest.client.get("/fx_companies", headers={"Origin": "http://example.test", "apikey": rest.gateway.anon_key})
    assert "content-range" in got.headers["access-control-expose-headers"].lower()


def test_nul_characters_are_client_errors_and_never_reach_the_sql_text(rest):
    for params in ({"select": "a\x00b:id"}, {"select": "id", "id": "eq.a\x00b"}, {"data->a\x00": "eq.1"},
                   {'select': '"x\x00"'}, {"or": "(id.eq.\x00)"}):
        response = rest.get("/fx_tickets", params=params)
        assert response.status_code == 400, (params, response.text)
        assert response.json()["code"] in ("PGRST100", "22021")


def test_hints_never_name_tables_the_caller_cannot_use(rest):
    anon = rest.get("/fx_hidde").json()
    assert anon["code"] == "PGRST205" and "fx_hidden" not in json.dumps(anon)
    service = rest.get("/fx_hidde", who="service").json()
    assert "fx_hidden" in service["hint"]
