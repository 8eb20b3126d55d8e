"""Query plans (Accept: application/vnd.pgrst.plan+...) are off by default, as PostgREST's db-plan-enabled: such a
request is answered as an unknown media type (406 PGRST107), or with the next acceptable one; DB_PLAN_ENABLED
turns them on."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import httpx
import pytest

from gateway.settings import Settings
from tests.rest.conftest import ALICE, RestClient
from tests.support.live import bind_to_port, run_gateway

PLAN_JSON = {"Accept": "application/vnd.pgrst.plan+json"}
PLAN_TEXT = {"Accept": 'application/vnd.pgrst.plan+text; for="application/json"'}


@pytest.fixture(scope="module")
def planning(fixture_schema, settings):
    with run_gateway(bind_to_port(replace(settings, db_plan_enabled=True))) as live:
        with httpx.Client(base_url=f"{live.url}/rest/v1", timeout=30) as client:
            yield RestClient(client, live)


def test_plans_are_off_by_default():
    env = {"DATABASE_URL": "postgresql://x@y/z", "JWT_SECRET": "s" * 40}
    assert Settings.from_env(env, env_file=Path("/nonexistent/.env")).db_plan_enabled is False
    assert Settings.from_env({**env, "DB_PLAN_ENABLED": "true"}, env_file=Path("/nonexistent/.env")).db_plan_enabled


@pytest.mark.parametrize("who", [None, ALICE, "service"])
@pytest.mark.parametrize("path", ["/fx_tickets", "/fx_hidden", "/rpc/fx_add?a=1&b=2"])
def test_a_plan_is_406_pgrst107_for_every_caller(rest, who, path):
    for accept in (PLAN_JSON, PLAN_TEXT):
        response = rest.get(path, who=who, headers=accept)
        assert response.status_code == 406, response.text
        assert response.json()["code"] == "PGRST107"
        assert "Plan" not in response.text and "Scan" not in response.text


def test_with_another_acceptable_type_the_plan_is_skipped(rest):
    response = rest.get("/fx_tickets", params={"select": "id"},
                        headers={"Accept": "application/vnd.pgrst.plan+json, application/json"})
    assert response.status_code == 200 and isinstance(response.json(), list)
    assert response.headers["content-type"].startswith("application/json")


def test_db_plan_enabled_serves_plans(planning):
    response = planning.get("/fx_tickets", params={"select": "id"}, headers=PLAN_JSON)
    assert response.status_code == 200
    assert "Plan" in response.json()[0]
    text = planning.get("/fx_tickets", headers={"Accept": "application/vnd.pgrst.plan+text"})
    assert "Scan" in text.text
