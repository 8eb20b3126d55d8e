"""Inputs deep or large enough to break a naive parser get PostgREST's 4xx shapes, never a 500."""

import httpx
import pytest

DEEP = 600


@pytest.fixture(scope="module")
def client(gateway):
    with httpx.Client(base_url=f"{gateway.url}/rest/v1", headers=gateway.headers(), timeout=30) as http:
        yield http


def test_a_deeply_nested_select_is_a_bad_query(client):
    select = "id," + "companies(" * DEEP + "id" + ")" * DEEP
    response = client.get("/tickets", params={"select": select})
    assert response.status_code == 400
    assert response.json()["code"] == "PGRST100"


def test_a_deeply_nested_json_body_is_a_bad_body(client):
    response = client.post("/tickets", content=b"[" * 100_000 + b"]" * 100_000,
                           headers={"Content-Type": "application/json"})
    assert response.status_code == 400
    assert response.json()["code"] == "PGRST102"


def test_a_range_beyond_bigint_is_not_satisfiable(client):
    response = client.get("/tickets", headers={"Range": "99999999999999999999-99999999999999999999"})
    assert response.status_code == 416
    assert response.json()["code"] == "PGRST103"
