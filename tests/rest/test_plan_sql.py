"""Planner and SQL stage against an in-memory schema cache, table-driven: query string → plan → SQL. No database."""

import pytest

from gateway.rest import plan, statements
from gateway.rest.errors import PostgrestError, _status_for
from gateway.rest.request import parse_request
from gateway.rest.schema_cache import Column, ForeignKey, SchemaCache, Table

ROLES = frozenset({"anon", "authenticated", "service_role"})


def _table(name, *columns, pk=("id",), roles=ROLES):
    return Table("public", name, "r", {c: Column(c, "text", "text", True, False) for c in columns}, pk, (), roles)


def make_cache() -> SchemaCache:
    tables = {
        ("public", "companies"): _table("companies", "id", "name"),
        ("public", "people"): _table("people", "id", "company_id", "name"),
        ("public", "tickets"): _table("tickets", "id", "title", "company_id", "assigned_to", "created_by"),
        ("public", "secrets"): _table("secrets", "id", roles=frozenset({"service_role"})),
    }
    fks = [
        ForeignKey("people_company_id_fkey", ("public", "people"), ("company_id",), ("public", "companies"), ("id",)),
        ForeignKey("tickets_company_id_fkey", ("public", "tickets"), ("company_id",), ("public", "companies"), ("id",)),
        ForeignKey("tickets_assigned_to_fkey", ("public", "tickets"), ("assigned_to",), ("public", "people"), ("id",)),
        ForeignKey("tickets_created_by_fkey", ("public", "tickets"), ("created_by",), ("public", "people"), ("id",)),
    ]
    return SchemaCache(("public",), tables, fks, {}, {"text": ("pg_catalog", "text"), "int4": ("pg_catalog", "int4")})


def sql_for(method, path, query, headers=None, body=b"", role="anon"):
    req = parse_request(method, path, query, headers or {}, body, ("public",))
    statement = statements.compose(plan.plan_action(make_cache(), req, role, None)[1])
    return statement.text, statement.params


def page_of(text: str) -> str:
    """The page query inside the statement's pgrst_source wrapper."""
    return text[text.index("(") + 1:text.index(") SELECT ")]


@pytest.mark.parametrize("query,page,params", [
    ([("select", "id,name")],
     'SELECT "companies"."id" AS "id", "companies"."name" AS "name" FROM "public"."companies" AS "companies"', {}),
    ([("select", "n:name::text"), ("id", "eq.1")],
     ('SELECT ("companies"."name")::"pg_catalog"."text" AS "n" FROM "public"."companies" AS "companies" '
      'WHERE ("companies"."id" = %(p0)s)'), {"p0": "1"}),
    ([("select", "id"), ("or", "(id.eq.1,name.is.null)"), ("order", "name.desc.nullslast"), ("limit", "2")],
     ('SELECT "companies"."id" AS "id" FROM "public"."companies" AS "companies" WHERE '
      '(("companies"."id" = %(p0)s) OR ("companies"."name" IS NULL)) ORDER BY "companies"."name" DESC NULLS LAST '
      'LIMIT %(p1)s::bigint'), {"p0": "1", "p1": 2}),
    ([("select", "id"), ("name", "in.(a,b)"), ("id", "not.like.1*")],
     ('SELECT "companies"."id" AS "id" FROM "public"."companies" AS "companies" WHERE ("companies"."name" IN '
      '(%(p0)s, %(p1)s)) AND NOT ("companies"."id" LIKE %(p2)s)'), {"p0": "a", "p1": "b", "p2": "1%"}),
])
def test_reads_become_one_parameterised_statement(query, page, params):
    text, bound = sql_for("GET", "companies", query)
    assert page_of(text).startswith(page)
    assert bound == params
    assert "json_agg(pgrst_t)" in text


def test_values_never_reach_the_sql_text():
    hostile = "'; drop table companies; --"
    text, params = sql_for("GET", "companies", [("name", f"eq.{hostile}"), ("select", "id")])
    assert hostile not in text and hostile in params.values()


def test_hinted_embeds_join_on_their_own_foreign_key():
    text, _ = sql_for("GET", "tickets", [("select", "a:people!tickets_assigned_to_fkey(name),c:people!created_by(name)")])
    # The first embed of people reads it as PostgREST does ("people_1"), the second under an alias of its own.
    assert '"people_1"."id" = "tickets"."assigned_to"' in text
    assert '"pgrst_3"."id" = "tickets"."created_by"' in text


def test_one_to_many_embed_aggregates_into_an_array():
    text, _ = sql_for("GET", "companies", [("select", "name,people(name)")])
    assert "json_agg(pgrst_e) AS body" in text and "COALESCE(\"pgrst_1\".\"body\", '[]') AS \"people\"" in text


def test_exact_count_adds_a_count_of_the_same_rows():
    text, _ = sql_for("GET", "companies", [("id", "gt.1")], {"prefer": "count=exact"})
    assert "(SELECT pg_catalog.count(*) FROM (SELECT 1 FROM" in text


@pytest.mark.parametrize("path,query,code,status", [
    ("tickets", [("select", "people(name)")], "PGRST201", 300),
    ("tickets", [("select", "nothing(name)")], "PGRST200", 400),
    ("tickets", [("select", "nope")], "42703", 400),
    ("nowhere", [], "PGRST205", 404),
    ("companies", [("select", "id"), ("people.name", "eq.x")], "PGRST108", 400),
    ("companies", [("select", "id::notatype")], "42704", 400),
])
def test_planning_errors(path, query, code, status):
    with pytest.raises(PostgrestError) as caught:
        sql_for("GET", path, query)
    assert (caught.value.code, caught.value.status) == (code, status)


def test_hints_never_name_tables_the_role_cannot_see():
    with pytest.raises(PostgrestError) as caught:
        sql_for("GET", "secret", [])
    assert caught.value.hint is None
    with pytest.raises(PostgrestError) as caught:
        sql_for("GET", "secret", [], role="service_role")
    assert "secrets" in caught.value.hint


def test_insert_reads_rows_with_json_populate_recordset_and_returns_minimal():
    text, params = sql_for("POST", "companies", [], {"content-type": "application/json"}, b'[{"id":"1","name":"x"}]')
    assert 'INSERT INTO "public"."companies" AS "pgrst_m" ("id", "name") SELECT "id", "name" FROM ' \
           'json_populate_recordset(NULL::"public"."companies", %(body)s::json)' in text
    assert "RETURNING 1" in text
    assert params == {"body": '[{"id": "1", "name": "x"}]'}


def test_insert_of_an_unknown_column_is_pgrst204():
    with pytest.raises(PostgrestError) as caught:
        sql_for("POST", "companies", [], {}, b'{"nme":"x"}')
    assert caught.value.code == "PGRST204"


def test_update_and_delete_keep_their_filters():
    text, _ = sql_for("PATCH", "companies", [("id", "eq.1")], {}, b'{"name":"y"}')
    assert 'UPDATE "public"."companies" AS "pgrst_m" SET "name" = pgrst_body."name"' in text
    assert 'WHERE ("pgrst_m"."id" = %(p' in text
    text, _ = sql_for("DELETE", "companies", [("id", "eq.1")])
    assert 'DELETE FROM "public"."companies" AS "pgrst_m" WHERE ("pgrst_m"."id" = %(p0)s)' in text


def test_upsert_uses_on_conflict():
    text, _ = sql_for("POST", "companies", [("on_conflict", "name")], {"prefer": "resolution=merge-duplicates"},
                      b'{"id":"1","name":"x"}')
    assert 'ON CONFLICT ("name") DO UPDATE SET "id" = EXCLUDED."id"' in text


@pytest.mark.parametrize("sqlstate,anonymous,status", [
    ("42501", True, 401), ("42501", False, 403), ("23505", False, 409), ("23503", False, 409),
    ("42P01", False, 404), ("42883", False, 404), ("P0001", False, 400), ("P0002", False, 500),
    ("25006", False, 405), ("25001", False, 500), ("08006", False, 503), ("53300", False, 503),
    ("40001", False, 500), ("XX000", False, 500), ("22P02", False, 400), ("23502", False, 400),
])
def test_sqlstate_to_http_status(sqlstate, anonymous, status):
    assert _status_for(sqlstate, anonymous) == status
