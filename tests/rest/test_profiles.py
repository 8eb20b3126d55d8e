"""Several exposed schemas: Accept-Profile picks the schema read, Content-Profile the schema written."""

import httpx
import pytest

from tests.conftest import make_settings
from tests.support.live import run_gateway


@pytest.fixture(scope="module")
def two_schemas(db, database_url, tmp_path_factory):
    db.execute("""
        create schema fx_api;
        grant usage on schema fx_api to anon, authenticated, service_role;
        create table fx_api.widgets (id int primary key, name text);
        create table public.widgets (id int primary key, name text);
        grant all on fx_api.widgets, public.widgets to anon, authenticated, service_role;
        insert into fx_api.widgets values (1, 'api widget');
        insert into public.widgets values (1, 'public widget');
        create function fx_api.where_am_i() returns text language sql as $$ select 'fx_api' $$;
        grant execute on function fx_api.where_am_i() to anon;
    """)
    settings = make_settings(database_url, tmp_path_factory.mktemp("profiles"), db_schemas=("public", "fx_api"))
    with run_gateway(settings) as live, httpx.Client(base_url=f"{live.url}/rest/v1", headers=live.headers(),
                                                     timeout=30) as client:
        yield client


def test_accept_profile_selects_the_schema_read(two_schemas):
    assert two_schemas.get("/widgets").json() == [{"id": 1, "name": "public widget"}]
    assert two_schemas.get("/widgets", headers={"Accept-Profile": "fx_api"}).json() == [{"id": 1, "name": "api widget"}]
    assert two_schemas.get("/rpc/where_am_i", headers={"Accept-Profile": "fx_api"}).json() == "fx_api"


def test_content_profile_selects_the_schema_written(two_schemas):
    response = two_schemas.post("/widgets", json={"id": 2, "name": "written"},
                                headers={"Content-Profile": "fx_api", "Prefer": "return=representation"})
    assert response.status_code == 201 and response.json() == [{"id": 2, "name": "written"}]
    assert [w["id"] for w in two_schemas.get("/widgets", headers={"Accept-Profile": "fx_api"}).json()] == [1, 2]
    assert [w["id"] for w in two_schemas.get("/widgets").json()] == [1]


def test_a_schema_not_exposed_is_pgrst106_naming_the_exposed_ones(two_schemas):
    body = two_schemas.get("/widgets", headers={"Accept-Profile": "auth"}).json()
    assert body["code"] == "PGRST106" and body["message"].endswith("public, fx_api")
