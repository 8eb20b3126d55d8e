"""[api] extra_search_path (DB_EXTRA_SEARCH_PATH): the REST transaction's search_path is the request's schema and
then these, as PostgREST's db-extra-search-path; unqualified names in SQL the request runs resolve through it."""

from dataclasses import replace

import httpx
import pytest

from tests.support.live import bind_to_port, run_gateway

PROBE = """
create schema if not exists tools;
create or replace function tools.shout(value text) returns text language sql immutable as $$ select upper(value) $$;
grant usage on schema tools to anon;
grant execute on function tools.shout(text) to anon;
-- Not schema-qualified and without its own search_path: it sees the request's.
create or replace function public.shout_back(value text) returns json language plpgsql stable
as $$ begin return json_build_object('path', current_setting('search_path'), 'shouted', shout(value)); end $$;
grant execute on function public.shout_back(text) to anon;
notify pgrst, 'reload schema';
"""


@pytest.fixture(scope="module")
def probe(db):
    db.execute(PROBE)


def call(live) -> httpx.Response:
    return httpx.post(f"{live.url}/rest/v1/rpc/shout_back", json={"value": "hi"},
                      headers={"apikey": live.anon_key}, timeout=10)


def test_the_default_is_supabase_s_public_and_extensions(probe, gateway):
    response = call(gateway)
    assert response.status_code == 404 and response.json()["message"] == "function shout(text) does not exist", response.text


def test_extra_schemas_join_the_request_s_search_path(probe, settings):
    with run_gateway(bind_to_port(replace(settings, db_extra_search_path=("extensions", "tools")))) as live:
        response = call(live)
    assert response.status_code == 200, response.text
    assert response.json() == {"path": '"public", "extensions", "tools"', "shouted": "HI"}
