"""pg_graphql's interface as Supabase's image has it: the extension (installed in every database), graphql.resolve
answering with a GraphQL error while queries are not resolved, and graphql_public.graphql over /rest/v1/rpc."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import psycopg
import pytest

from tests.conftest import make_settings
from tests.support.live import LiveGateway, run_gateway

NOT_SERVED = ("GraphQL is not served by this gateway yet: pg_graphql's schema is installed, but graphql.resolve "
              "answers no queries")


def one(conn: psycopg.Connection, query: str, *params):
    return conn.execute(query, params).fetchone()[0]


@pytest.fixture(scope="module")
def gateway(database_url, tmp_path_factory) -> Iterator[LiveGateway]:
    """Exposing graphql_public as a Supabase project's config.toml does by default."""
    settings = make_settings(database_url, tmp_path_factory.mktemp("data"), db_schemas=("public", "graphql_public"))
    with run_gateway(settings) as live:
        yield live


def test_installed_in_every_database_and_a_projects_create_is_a_no_op(db):
    assert db.execute("select extversion, extnamespace::regnamespace::text from pg_extension "
                      "where extname = 'pg_graphql'").fetchone() == ("1.5.11", "graphql")
    db.execute('create extension if not exists "pg_graphql" with schema "graphql"')
    db.execute("create extension if not exists pg_graphql")


@pytest.mark.parametrize("role", ["anon", "authenticated", "service_role", "postgres"])
def test_resolve_answers_in_graphqls_error_shape_for_every_api_role(db, role):
    with db.transaction():
        db.execute(f"set local role {role}")
        answer = one(db, "select graphql.resolve($$query { __typename }$$)")
        named = one(db, """select graphql.resolve(query := '{ accountCollection { edges { node { id } } } }',
                                                  variables := '{"first": 1}', "operationName" := 'Accounts',
                                                  extensions := null)""")
    assert answer == named == {"errors": [{"message": NOT_SERVED}]}


def test_graphql_public_graphql_passes_through_to_resolve(db):
    assert one(db, "select graphql_public.graphql(query := '{ __typename }')") == {"errors": [{"message": NOT_SERVED}]}
    assert one(db, "select graphql_public.graphql('Op', '{ __typename }', null, null)") == {
        "errors": [{"message": NOT_SERVED}]}


def test_graphql_over_rest_as_supabase_js_graphql_calls_it(gateway):
    answer = httpx.post(f"{gateway.url}/rest/v1/rpc/graphql", json={"query": "{ __typename }"},
                        headers={**gateway.headers(), "Content-Profile": "graphql_public"})
    assert answer.status_code == 200 and answer.json() == {"errors": [{"message": NOT_SERVED}]}


def test_without_the_extension_graphql_public_answers_as_the_images_placeholder(db):
    with db.transaction(force_rollback=True):
        db.execute("drop extension pg_graphql")
        assert one(db, "select graphql_public.graphql(query := '{ __typename }')") == {
            "errors": [{"message": "pg_graphql extension is not enabled."}]}
        db.execute("create extension pg_graphql with schema graphql")
        assert one(db, "select graphql_public.graphql(query := '{ __typename }')") == {
            "errors": [{"message": NOT_SERVED}]}
