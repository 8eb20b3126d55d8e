"""RPC through /rest/v1/rpc: named arguments, GET for stable functions, result shapes, overloads, errors."""

from tests.rest.conftest import ALICE


def test_scalar_function_by_post_and_get_with_defaults(rest):
    assert rest.post("/rpc/fx_add", json={"a": 1, "b": 2}).json() == 3
    assert rest.post("/rpc/fx_add", json={"a": 1}).json() == 11
    assert rest.get("/rpc/fx_add", params={"a": "5", "b": "6"}).json() == 11


def test_set_returning_function_takes_select_filters_order_and_count(rest):
    response = rest.post("/rpc/fx_tickets_by_status", params={"select": "id,title,fx_companies(name)",
                                                              "priority": "gte.2", "order": "id.desc"},
                         json={"st": "open"}, headers={"Prefer": "count=exact"})
    assert response.status_code == 200, response.text
    assert response.json() == [{"id": 3, "title": "VPN down", "fx_companies": {"name": "Globex"}},
                               {"id": 1, "title": "Printer on fire", "fx_companies": {"name": "Acme"}}]
    assert response.headers["content-range"] == "0-1/2"
    by_get = rest.get("/rpc/fx_tickets_by_status", params={"st": "open", "select": "id", "priority": "lt.3",
                                                           "limit": "1", "order": "id"})
    assert by_get.json() == [{"id": 3}]


def test_table_and_composite_results(rest):
    assert rest.post("/rpc/fx_company_summary", json={"cid": 1}).json() == [{"name": "Acme", "tickets": 3}]
    assert rest.post("/rpc/fx_company", json={"cid": 2}).json() == {"id": 2, "name": "Globex", "country": "UK"}


def test_array_arguments_become_sql_arrays(rest):
    assert rest.post("/rpc/fx_tags_of", json={"tags": ["a", "b", "c"]}).json() == 3
    assert rest.get("/rpc/fx_tags_of", params={"tags": "{a,b}"}).json() == 2


def test_void_function_is_204(rest):
    response = rest.post("/rpc/fx_noop", json={})
    assert response.status_code == 204 and response.content == b""


def test_function_sees_the_callers_claims(rest):
    assert rest.post("/rpc/fx_whoami", who=ALICE).json() == ALICE
    assert rest.post("/rpc/fx_whoami").json() is None


def test_overloads_are_chosen_by_argument_names_and_ambiguity_is_pgrst203(rest):
    response = rest.post("/rpc/fx_echo", json={"x": "hi"})
    assert response.status_code == 300 and response.json()["code"] == "PGRST203"


def test_unknown_function_or_arguments_is_pgrst202(rest):
    unknown = rest.post("/rpc/fx_nope", json={})
    assert unknown.status_code == 404 and unknown.json()["code"] == "PGRST202"
    wrong = rest.post("/rpc/fx_add", json={"z": 1})
    assert wrong.status_code == 404 and "fx_add(z)" in wrong.json()["message"]


def test_raised_exception_is_400_with_the_hint(rest):
    body = rest.post("/rpc/fx_fail", json={}).json()
    assert body == {"code": "P0001", "message": "deliberate failure", "details": None, "hint": "as planned"}


def test_function_without_execute_grant_is_refused(rest):
    assert rest.post("/rpc/fx_secret", json={}).status_code == 401
    assert rest.post("/rpc/fx_secret", json={}, who="service").json() == 42


def test_a_single_unnamed_json_parameter_receives_the_whole_body(rest):
    assert rest.post("/rpc/fx_body", json={"a": [1, 2], "b": {"c": None}}).json() == {"a": [1, 2], "b": {"c": None}}
