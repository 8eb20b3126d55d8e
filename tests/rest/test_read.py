"""Reads through /rest/v1 on the fixture schema: select grammar, embeds, filters, ordering, paging, counts, media."""

import json
from dataclasses import replace
from pathlib import Path

import httpx
import pytest

from gateway.settings import Settings
from tests.support.live import bind_to_port, run_gateway

TICKET_LIST = ("*,company:fx_companies(name),assignee:fx_people!fx_tickets_assigned_to_fkey(name,email),"
               "creator:fx_people!fx_tickets_created_by_fkey(name,email)")


def ids(response):
    assert response.status_code in (200, 206), response.text
    return [row["id"] for row in response.json()]


def test_ticket_list_embeds_company_assignee_and_creator_by_foreign_key_hint(rest):
    rows = rest.get("/fx_tickets", params={"select": TICKET_LIST, "order": "id"}).json()
    assert rows[0]["company"] == {"name": "Acme"}
    assert rows[0]["assignee"] == {"name": "Ann", "email": "ann@acme.test"}
    assert rows[0]["creator"] == {"name": "Bob", "email": "bob@acme.test"}
    assert rows[3]["assignee"] is None
    assert set(rows[0]) >= {"id", "title", "tags", "data", "company", "assignee", "creator"}


def test_embedding_an_ambiguous_relationship_is_300_with_the_choices_in_the_hint(rest):
    response = rest.get("/fx_tickets", params={"select": "id,fx_people(name)"})
    assert response.status_code == 300
    body = response.json()
    assert body["code"] == "PGRST201"
    assert "fx_people!fx_tickets_assigned_to_fkey" in body["hint"]
    assert "fx_people!fx_tickets_created_by_fkey" in body["hint"]
    assert len(body["details"]) == 2


def test_unknown_relationship_is_pgrst200(rest):
    response = rest.get("/fx_tickets", params={"select": "id,fx_labelz(name)"})
    assert response.status_code == 400 and response.json()["code"] == "PGRST200"


def test_one_to_many_embed_with_its_own_filter_order_and_limit(rest):
    rows = rest.get("/fx_companies", params={
        "select": "name,fx_tickets(id,title)", "order": "id", "fx_tickets.status": "eq.open",
        "fx_tickets.order": "id.desc", "fx_tickets.limit": "1"}).json()
    assert rows[0] == {"name": "Acme", "fx_tickets": [{"id": 5, "title": "Coffee machine"}]}
    assert rows[2] == {"name": "Initech", "fx_tickets": []}


def test_inner_embed_filters_the_parent_rows(rest):
    rows = rest.get("/fx_companies", params={"select": "name,fx_tickets!inner(id)", "fx_tickets.status": "eq.closed"}).json()
    assert rows == [{"name": "Acme", "fx_tickets": [{"id": 2}]}]
    rows = rest.get("/fx_tickets", params={"select": "id,fx_companies!inner(name)", "fx_companies.country": "eq.UK",
                                           "order": "id"}).json()
    assert [r["id"] for r in rows] == [3, 4]


def test_many_to_many_through_the_junction(rest):
    rows = rest.get("/fx_tickets", params={"select": "id,fx_labels(name)", "order": "id", "id": "in.(1,2)"}).json()
    assert rows == [{"id": 1, "fx_labels": [{"name": "bug"}, {"name": "hardware"}]}, {"id": 2, "fx_labels": []}]


def test_spread_pulls_the_embedded_columns_up(rest):
    rows = rest.get("/fx_tickets", params={"select": "id,...fx_companies(company_name:name,country)", "id": "eq.3"}).json()
    assert rows == [{"id": 3, "company_name": "Globex", "country": "UK"}]


def test_aliases_casts_and_json_paths(rest):
    rows = rest.get("/fx_tickets", params={
        "select": "ident:id::text,floor:data->floor,room:data->room->>name,floor_text:data->>floor", "id": "eq.1"}).json()
    assert rows == [{"ident": "1", "floor": 2, "room": "lab", "floor_text": "2"}]


def test_unknown_column_and_unknown_cast_are_client_errors(rest):
    assert rest.get("/fx_tickets", params={"select": "nope"}).json()["code"] == "42703"
    assert rest.get("/fx_tickets", params={"select": "id::nosuchtype"}).status_code == 400
    assert rest.get("/fx_tickets", params={"nope": "eq.1"}).status_code == 400


def test_unknown_table_is_404_pgrst205_with_a_suggestion(rest):
    body = rest.get("/fx_ticket").json()
    assert body["code"] == "PGRST205"
    assert "fx_tickets" in body["hint"]


@pytest.mark.parametrize("params,expected", [
    ({"id": "eq.2"}, [2]),
    ({"id": "neq.2"}, [1, 3, 4, 5]),
    ({"priority": "gt.1"}, [1, 3]),
    ({"priority": "gte.2"}, [1, 3]),
    ({"priority": "lt.2"}, [2, 5]),
    ({"priority": "lte.1"}, [2, 5]),
    ({"title": "like.*o*"}, [1, 2, 3, 4, 5]),
    ({"title": "ilike.p*"}, [1, 2]),
    ({"title": "match.^V"}, [3]),
    ({"title": "imatch.^v"}, [3]),
    ({"status": "in.(closed,in-progress)"}, [2, 4]),
    ({"status": 'in.("closed","x,y")'}, [2]),
    ({"priority": "is.null"}, [4]),
    ({"priority": "not.is.null"}, [1, 2, 3, 5]),
    ({"priority": "isdistinct.1"}, [1, 3, 4]),
    ({"tags": "cs.{hardware}"}, [1, 5]),
    ({"tags": "cd.{hardware,urgent,network}"}, [1, 3, 4, 5]),
    ({"tags": "ov.{urgent,account}"}, [1, 2]),
    ({"search": "fts.printer"}, [1]),
    ({"search": "plfts(english).printers fire"}, [1]),
    ({"search": "phfts.printer on fire"}, [1]),
    ({"title": "wfts(english).vpn or laptop"}, [3, 4]),
    ({"status": "not.eq.open"}, [2, 4]),
    ({"title": "like(any).{Printer*,VPN*}"}, [1, 3]),
    ({"title": "ilike(all).{*p*,*r*}"}, [1, 2]),
    ({"priority": "eq(any).{1,2}"}, [2, 3, 5]),
    ({"data->>floor": "eq.2"}, [1]),
    ({"data->floor": "gt.1"}, [1, 5]),
    ({"or": "(status.eq.closed,priority.gte.3)"}, [1, 2]),
    ({"or": "(status.eq.closed,and(status.eq.open,priority.is.null))"}, [2]),
    ({"or": "(id.eq.4,and(status.eq.open,priority.not.eq.3))"}, [3, 4, 5]),
    ({"not.or": "(status.eq.open,priority.is.null)"}, [2]),
    ({"and": "(status.eq.open,or(priority.eq.1,priority.eq.3))"}, [1, 5]),
    ({"or": '(title.eq."Printer on fire",title.in.("VPN down",x))'}, [1, 3]),
    ({"fx_title_upper": "eq.VPN DOWN"}, [3]),
])
def test_filters(rest, params, expected):
    assert sorted(ids(rest.get("/fx_tickets", params={"select": "id", **params}))) == expected


def test_order_nulls_first_and_last(rest):
    assert ids(rest.get("/fx_tickets", params={"select": "id", "order": "priority.desc.nullslast,id"})) == [1, 3, 2, 5, 4]
    assert ids(rest.get("/fx_tickets", params={"select": "id", "order": "priority.asc.nullsfirst,id.desc"})) == [4, 5, 2, 3, 1]


def test_order_by_a_to_one_embed(rest):
    rows = rest.get("/fx_tickets", params={"select": "id,fx_companies(name)", "order": "fx_companies(name).desc,id"}).json()
    assert [r["id"] for r in rows] == [3, 4, 1, 2, 5]


def test_limit_offset_and_content_range(rest):
    response = rest.get("/fx_tickets", params={"select": "id", "order": "id", "limit": "2", "offset": "1"})
    assert ids(response) == [2, 3]
    assert response.headers["content-range"] == "1-2/*"


def test_range_header_and_exact_count_give_206(rest):
    response = rest.get("/fx_tickets", params={"select": "id", "order": "id"},
                        headers={"Range": "0-1", "Prefer": "count=exact"})
    assert response.status_code == 206
    assert response.headers["content-range"] == "0-1/5"
    assert response.headers["preference-applied"] == "count=exact"
    full = rest.get("/fx_tickets", params={"select": "id"}, headers={"Prefer": "count=exact"})
    assert full.status_code == 200 and full.headers["content-range"] == "0-4/5"


def test_offset_past_the_end_with_a_count_is_416(rest):
    response = rest.get("/fx_tickets", params={"offset": "10"}, headers={"Prefer": "count=exact"})
    assert response.status_code == 416 and response.json()["code"] == "PGRST103"


def test_planned_and_estimated_counts_are_numbers(rest):
    for mode in ("planned", "estimated"):
        response = rest.get("/fx_tickets", params={"select": "id", "limit": "1"}, headers={"Prefer": f"count={mode}"})
        assert response.status_code in (200, 206)
        assert response.headers["content-range"].split("/")[1].isdigit()


def test_head_returns_headers_and_no_body(rest):
    response = rest.request("HEAD", "/fx_tickets", headers={"Prefer": "count=exact"})
    assert response.status_code == 200 and response.content == b""
    assert response.headers["content-range"] == "0-4/5"


def test_singular_object_and_pgrst116(rest):
    one = rest.get("/fx_tickets", params={"select": "id,title", "id": "eq.3"},
                   headers={"Accept": "application/vnd.pgrst.object+json"})
    assert one.status_code == 200 and one.json() == {"id": 3, "title": "VPN down"}
    assert one.headers["content-type"].startswith("application/vnd.pgrst.object+json")
    many = rest.get("/fx_tickets", headers={"Accept": "application/vnd.pgrst.object+json"})
    assert many.status_code == 406
    assert many.json()["code"] == "PGRST116" and many.json()["details"] == "The result contains 5 rows"
    none = rest.get("/fx_tickets", params={"id": "eq.99"}, headers={"Accept": "application/vnd.pgrst.object+json"})
    assert none.status_code == 406 and none.json()["details"] == "The result contains 0 rows"


def test_csv_output(rest):
    response = rest.get("/fx_companies", params={"select": "id,name,country", "order": "id"},
                        headers={"Accept": "text/csv"})
    assert response.status_code == 200 and response.headers["content-type"].startswith("text/csv")
    assert response.text.splitlines() == ['id,name,country', '1,Acme,US', '2,Globex,UK', '3,Initech,']  # PostgREST's


def test_stripped_nulls(rest):
    response = rest.get("/fx_companies", params={"select": "id,country", "id": "eq.3"},
                        headers={"Accept": "application/vnd.pgrst.array+json;nulls=stripped"})
    assert response.json() == [{"id": 3}]


def test_unacceptable_media_type_is_406(rest):
    assert rest.get("/fx_companies", headers={"Accept": "image/png"}).status_code == 406


def test_max_rows_caps_the_page(fixture_schema, database_url, tmp_path_factory):
    import httpx

    from tests.conftest import make_settings
    from tests.support.live import run_gateway

    settings = make_settings(database_url, tmp_path_factory.mktemp("capped"), max_rows=2)
    with run_gateway(settings) as live:
        response = httpx.get(f"{live.url}/rest/v1/fx_tickets", headers=live.headers(),
                             params={"select": "id", "order": "id"})
        assert [r["id"] for r in response.json()] == [1, 2]


def test_aggregates_group_by_the_other_columns(rest):
    rows = rest.get("/fx_tickets", params={"select": "status,count(),max_priority:priority.max()", "order": "status"}).json()
    assert rows == [{"status": "closed", "count": 1, "max_priority": 1},
                    {"status": "in-progress", "count": 1, "max_priority": None},
                    {"status": "open", "count": 3, "max_priority": 3}]
    total = rest.get("/fx_tickets", params={"select": "priority.sum(),priority.avg()::int"}).json()
    assert total == [{"sum": 7, "avg": 2}]


def test_computed_column_and_computed_relationship(rest):
    rows = rest.get("/fx_tickets", params={"select": "id,fx_title_upper,fx_labels_of(name)", "id": "eq.1"}).json()
    assert rows == [{"id": 1, "fx_title_upper": "PRINTER ON FIRE",
                     "fx_labels_of": [{"name": "bug"}, {"name": "hardware"}]}]


def test_logic_tree_on_an_embedded_resource(rest):
    rows = rest.get("/fx_companies", params={"select": "id,fx_tickets(id)", "id": "eq.1",
                                             "fx_tickets.or": "(priority.eq.3,priority.is.null)"}).json()
    assert rows == [{"id": 1, "fx_tickets": [{"id": 1}]}]


def test_filter_on_an_embed_missing_from_select_is_pgrst108(rest):
    response = rest.get("/fx_companies", params={"select": "id", "fx_tickets.id": "eq.1"})
    assert response.status_code == 400 and response.json()["code"] == "PGRST108"


def test_accept_profile_must_name_an_exposed_schema(rest):
    response = rest.get("/fx_tickets", headers={"Accept-Profile": "auth"})
    assert response.status_code == 406 and response.json()["code"] == "PGRST106"
    assert rest.get("/fx_tickets", headers={"Accept-Profile": "public"}).status_code == 200


def test_server_timing_is_off_by_default_as_in_postgrest(rest):
    response = rest.get("/fx_companies")
    assert response.status_code == 200 and "server-timing" not in response.headers


def test_server_timing_names_every_stage_when_enabled(fixture_schema, settings):
    with run_gateway(bind_to_port(replace(settings, server_timing_enabled=True))) as live:
        response = httpx.get(f"{live.url}/rest/v1/fx_companies", headers=live.headers(), timeout=30)
    assert response.status_code == 200
    stages = [entry.partition(";dur=") for entry in response.headers["server-timing"].split(", ")]
    assert [name for name, _, _ in stages] == ["jwt", "parse", "plan", "query", "transaction", "response"]
    assert all(float(ms) >= 0 for _, _, ms in stages)


def test_server_timing_is_read_from_the_environment():
    env = {"DATABASE_URL": "postgresql://x@y/z", "JWT_SECRET": "s" * 40}
    assert Settings.from_env(env, env_file=Path("/nonexistent/.env")).server_timing_enabled is False
    assert Settings.from_env({**env, "SERVER_TIMING_ENABLED": "true"},
                             env_file=Path("/nonexistent/.env")).server_timing_enabled


def test_openapi_lists_what_the_role_can_use(rest):
    document = rest.get("/").json()
    assert document["swagger"] == "2.0"
    assert "/fx_tickets" in document["paths"] and "/rpc/fx_add" in document["paths"]
    assert "/fx_hidden" not in document["paths"] and "/rpc/fx_secret" not in document["paths"]
    assert "fx_hidden" in json.dumps(rest.get("/", who="service").json()["paths"])


def test_exact_count_applies_the_filters_and_inner_embeds(rest):
    response = rest.get("/fx_tickets", params={"select": "id,fx_companies!inner(name)", "status": "eq.open",
                                               "fx_companies.country": "eq.US", "limit": "1"},
                        headers={"Prefer": "count=exact"})
    assert response.status_code == 206 and response.headers["content-range"] == "0-0/2"


def test_views_are_read_and_embedded_through_their_base_tables_foreign_keys(rest):
    rows = rest.get("/fx_open_tickets", params={"select": "id,fx_companies(name),fx_people(name)", "order": "id"}).json()
    assert rows[0] == {"id": 1, "fx_companies": {"name": "Acme"}, "fx_people": {"name": "Ann"}}
    assert [r["id"] for r in rows] == [1, 3, 5]
    companies = rest.get("/fx_companies", params={"select": "name,fx_open_tickets(id)", "id": "eq.2"}).json()
    assert companies == [{"name": "Globex", "fx_open_tickets": [{"id": 3}]}]


def test_an_empty_inner_embed_only_filters(rest):
    rows = rest.get("/fx_companies", params={"select": "name,fx_tickets!inner()", "fx_tickets.status": "eq.closed"}).json()
    assert rows == [{"name": "Acme"}]


def test_embeds_nest_and_to_many_spreads_give_arrays_per_column(rest):
    rows = rest.get("/fx_tickets", params={
        "select": "id,assignee:fx_people!fx_tickets_assigned_to_fkey!left(name,fx_companies(name))", "id": "eq.3"}).json()
    assert rows == [{"id": 3, "assignee": {"name": "Cyd", "fx_companies": {"name": "Globex"}}}]
    spread = rest.get("/fx_companies", params={"select": "name,...fx_people(names:name)", "id": "eq.1"}).json()
    assert spread == [{"name": "Acme", "names": ["Ann", "Bob"]}] or spread == [{"name": "Acme", "names": ["Bob", "Ann"]}]


def test_null_filtering_on_embedded_resources(rest):
    assigned = rest.get("/fx_tickets", params={"select": "id,fx_people!fx_tickets_assigned_to_fkey(name)",
                                               "fx_people": "not.is.null", "order": "id"},
                        headers={"Prefer": "count=exact"})
    assert [r["id"] for r in assigned.json()] == [1, 2, 3] and assigned.headers["content-range"] == "0-2/3"
    without = rest.get("/fx_companies", params={"select": "name,fx_tickets()", "fx_tickets": "is.null"}).json()
    assert without == [{"name": "Initech"}]
    either = rest.get("/fx_tickets", params={
        "select": "id,a:fx_people!fx_tickets_assigned_to_fkey(name),c:fx_people!fx_tickets_created_by_fkey(name)",
        "fx_people.name": "eq.Bob", "or": "(a.not.is.null,c.not.is.null)", "order": "id"}).json()
    assert [r["id"] for r in either] == [1, 2]


def test_aggregates_group_by_a_to_one_embed(rest):
    rows = rest.get("/fx_tickets", params={"select": "count(),fx_companies(name)",
                                           "order": "fx_companies(name)"}).json()
    assert rows == [{"count": 3, "fx_companies": {"name": "Acme"}}, {"count": 2, "fx_companies": {"name": "Globex"}}]


def test_openapi_describes_filters_and_bodies_per_table(rest):
    document = rest.get("/").json()
    get = document["paths"]["/fx_tickets"]["get"]
    assert {"$ref": "#/parameters/rowFilter.fx_tickets.status"} in get["parameters"]
    assert document["parameters"]["rowFilter.fx_tickets.tags"]["format"] == "text[]"
    assert document["definitions"]["fx_tickets"]["properties"]["tags"]["type"] == "array"
    assert "title" in document["definitions"]["fx_tickets"]["required"]


def test_aggregates_group_by_a_to_many_embed(rest):
    rows = rest.get("/fx_people", params={"select": "count(),fx_tickets!fx_tickets_assigned_to_fkey(status)"}).json()
    assert sorted(rows, key=lambda r: r["count"]) == [
        {"count": 1, "fx_tickets": [{"status": "closed"}]}, {"count": 2, "fx_tickets": [{"status": "open"}]}]
    filtered = rest.get("/fx_people", params={"select": "count(),...fx_tickets!fx_tickets_assigned_to_fkey(status)",
                                              "fx_tickets.status": "eq.open"}).json()
    assert sorted(filtered, key=lambda r: r["count"]) == [{"count": 1, "status": []}, {"count": 2, "status": ["open"]}]


def test_an_exact_count_of_an_aggregate_counts_its_groups(rest):
    whole = rest.get("/fx_tickets", params={"select": "count()"}, headers={"Prefer": "count=exact"})
    assert whole.status_code == 200 and whole.json() == [{"count": 5}] and whole.headers["content-range"] == "0-0/1"
    grouped = rest.get("/fx_people", params={"select": "count(),fx_tickets!fx_tickets_assigned_to_fkey(status)"},
                       headers={"Prefer": "count=exact"})
    assert grouped.status_code == 200 and grouped.headers["content-range"] == "0-1/2"
    paged = rest.get("/fx_tickets", params={"select": "status,count()", "order": "status", "limit": "1"},
                     headers={"Prefer": "count=exact"})
    assert paged.status_code == 206 and paged.json() == [{"status": "closed", "count": 1}]
    assert paged.headers["content-range"] == "0-0/3"


def test_count_as_a_column_counts_rows_as_postgresql_reads_t_count(rest):
    # PostgreSQL's attribute notation makes `t.count` the aggregate count(t): PostgREST's backwards-compatible count.
    assert rest.get("/fx_tickets", params={"select": "count"}).json() == [{"count": 5}]
    assert rest.get("/fx_tickets", params={"select": "n:count::text"}).json() == [{"n": "5"}]
    embedded = rest.get("/fx_companies", params={"select": "id,fx_tickets(count)", "order": "id"}).json()
    listed = rest.get("/fx_companies", params={"select": "id,fx_tickets(id)", "order": "id"}).json()
    assert embedded == [{"id": c["id"], "fx_tickets": [{"count": len(c["fx_tickets"])}]} for c in listed]
    assert sum(c["fx_tickets"][0]["count"] for c in embedded) == 5


def test_a_missing_relationship_is_hinted_by_the_tables_relationships_reach(rest):
    # PostgREST suggests among the related tables, a computed relationship's being the table its function returns.
    hinted = rest.get("/fx_tickets", params={"select": "id,fx_label(name)"}).json()
    assert hinted["code"] == "PGRST200" and hinted["hint"] == "Perhaps you meant 'fx_labels' instead of 'fx_label'."
    function_named = rest.get("/fx_tickets", params={"select": "id,fx_labels_off(name)"}).json()
    assert function_named["code"] == "PGRST200" and "fx_labels_of'" not in str(function_named["hint"])
