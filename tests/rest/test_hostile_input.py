"""Random and hostile query strings, headers and bodies: always a PostgREST-shaped 4xx or a correct result.

Never a 5xx, never a traceback, and never a SQL syntax error (42601), which would mean input reached the SQL text.
"""

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

NAMES = st.sampled_from(["id", "title", "status", "priority", "tags", "data", "search", "company_id", "nope",
                         "fx_companies", "fx_people", "fx_labels", "fx_title_upper", "count", "x y", '"q"', "*"])
TOKENS = st.sampled_from(["(", ")", ",", ".", ":", "::", "!", "->", "->>", "...", "*", '"', "'", ";", "--", " ",
                          "eq", "in", "is", "not", "or", "and", "inner", "desc", "nullslast", "text", "int", "null",
                          "sum()", "count()", "{", "}", "%", "\\", "\x00", "drop table fx_labels", "$1", "é"])
GRAMMAR = st.lists(st.one_of(NAMES, TOKENS), max_size=12).map("".join)
OPERATORS = st.sampled_from(["eq", "neq", "gt", "lt", "like", "ilike", "in", "is", "cs", "ov", "fts", "wfts", "not.eq",
                             "eq(any)", "match", "isdistinct", "adj", "bogus", ""])
FILTER = st.tuples(OPERATORS, GRAMMAR).map(lambda p: f"{p[0]}.{p[1]}" if p[0] else p[1])
PARAMS = st.lists(st.one_of(
    st.tuples(st.just("select"), GRAMMAR),
    st.tuples(st.just("order"), GRAMMAR),
    st.tuples(st.sampled_from(["limit", "offset", "fx_companies.limit"]), st.one_of(GRAMMAR, st.integers(-5, 10**12).map(str))),
    st.tuples(st.sampled_from(["or", "and", "not.or", "fx_companies.or"]), GRAMMAR.map(lambda s: f"({s})")),
    st.tuples(st.one_of(NAMES, GRAMMAR), FILTER),
    st.tuples(st.sampled_from(["columns", "on_conflict"]), GRAMMAR),
), max_size=5)
HEADERS = st.fixed_dictionaries({}, optional={
    "Prefer": st.lists(st.sampled_from(["return=representation", "return=minimal", "count=exact", "count=planned",
                                        "resolution=merge-duplicates", "handling=strict", "max-affected=0",
                                        "tx=rollback", "missing=default", "bogus", "return=="]), max_size=4).map(",".join),
    "Accept": st.sampled_from(["application/json", "text/csv", "application/vnd.pgrst.object+json", "*/*",
                               "application/vnd.pgrst.plan+json", "application/vnd.pgrst.array+json;nulls=stripped",
                               "image/png", ";;;", ""]),
    "Range": st.one_of(GRAMMAR.filter(lambda s: s.isascii() and s.isprintable()).map(str.strip), st.sampled_from(["0-1", "5-2", "0-", "items=1-3", "-1"])),
    "Accept-Profile": st.sampled_from(["public", "auth", "pg_catalog", ""]),
    "Content-Profile": st.sampled_from(["public", "auth"]),
})
JSON_VALUES = st.recursive(st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False), st.text()),
                           lambda children: st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=8), children, max_size=3),
                           max_leaves=8)
BODIES = st.one_of(
    st.dictionaries(st.one_of(NAMES, st.text(max_size=8)), JSON_VALUES, max_size=4).map(json.dumps),
    st.lists(st.dictionaries(NAMES, JSON_VALUES, max_size=3), max_size=3).map(json.dumps),
    JSON_VALUES.map(json.dumps),
    st.text(max_size=30),
)
PATHS = st.sampled_from(["/fx_tickets", "/fx_labels", "/fx_notes", "/fx_hidden", "/nope", "/rpc/fx_add",
                         "/rpc/fx_tickets_by_status", "/rpc/fx_echo", "/rpc/fx_fail", "/rpc/nope", "/", "/a/b/c"])
METHODS = st.sampled_from(["GET", "HEAD", "POST", "PATCH", "PUT", "DELETE"])
WHO = st.sampled_from([None, "00000000-0000-4000-8000-00000000a11c", "service"])


def check(response):
    assert response.status_code < 500, (response.status_code, response.text)
    if response.status_code >= 400 and response.content:
        body = response.json()
        assert set(body) == {"code", "message", "details", "hint"}, body
        assert body["code"] != "42601", body
        assert "Traceback" not in response.text


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(method=METHODS, path=PATHS, params=PARAMS, headers=HEADERS, body=BODIES, who=WHO)
def test_any_request_gets_a_postgrest_shaped_answer(rest, method, path, params, headers, body, who):
    # Writes are rolled back so the fixture data the other tests read stays as it is.
    if method not in ("GET", "HEAD"):
        headers = {**headers, "Prefer": ",".join(filter(None, [headers.get("Prefer", ""), "tx=rollback"]))}
    content = body.encode() if method in ("POST", "PATCH", "PUT") else None
    response = rest.request(method, path, params=params, headers={"Content-Type": "application/json", **headers},
                            content=content, who=who if who != "service" else "service")
    check(response)
