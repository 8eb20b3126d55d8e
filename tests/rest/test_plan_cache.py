"""The planned-statement cache: keyed by request and role, dropped when the schema cache is replaced, bounded in
count and bytes, without request bodies, and filled only by statements that ran."""

import json

from gateway.rest import plan, statements
from gateway.rest.plan_cache import PlanCache, entry_size, payload_shape
from gateway.rest.request import parse_request
from tests.rest.test_plan_sql import make_cache

JSON = {"content-type": "application/json"}


def _lookup(cache, schema, method="GET", path="companies", query=b"select=id", headers=None, role="anon",
            body=b""):
    return cache.lookup(method, path, query, headers or {}, role, body, schema)


def _planned(schema, method="GET", path="companies", query=b"select=id", headers=None, body=b"", role="anon"):
    pairs = [tuple(p.split("=", 1)) for p in query.decode().split("&") if p]
    req = parse_request(method, path, pairs, headers or {}, body, ("public",))
    action, operation = plan.plan_action(schema, req, role, None)
    return statements.Planned(action, statements.compose(operation))


def _run(cache, schema, **request):
    """A request's turn: the cached plan, or a new one kept as if its statement had succeeded."""
    lookup = _lookup(cache, schema, **request)
    if lookup.hit is not None:
        return lookup.hit
    planned = _planned(schema, **request)
    lookup.remember(planned)
    return planned


def test_hits_only_for_the_same_request_role_and_schema():
    cache, schema = PlanCache(1 << 20), make_cache()
    planned = _run(cache, schema, headers={"accept": "text/csv"})
    assert _lookup(cache, schema, headers={"accept": "text/csv"}).hit == planned
    assert _lookup(cache, schema, headers={"accept": "text/csv"}, role="authenticated").hit is None
    assert _lookup(cache, schema).hit is None
    assert _lookup(cache, make_cache(), headers={"accept": "text/csv"}).hit is None
    assert _lookup(cache, schema, headers={"accept": "text/csv"}).hit is None and len(cache) == 0


def test_a_plan_is_kept_only_once_its_statement_ran():
    cache, schema = PlanCache(1 << 20), make_cache()
    _lookup(cache, schema)  # planned, but the statement failed: remember is never called
    assert _lookup(cache, schema).hit is None and len(cache) == 0


def test_a_plan_made_against_a_schema_cache_replaced_meanwhile_is_not_kept():
    cache, old, new = PlanCache(1 << 20), make_cache(), make_cache()
    lookup = _lookup(cache, old)
    planned = _planned(old)
    _lookup(cache, new, query=b"select=name")  # another request, after the reload, while the first one ran
    lookup.remember(planned)
    assert _lookup(cache, new).hit is None and len(cache) == 0


def test_least_recently_used_entries_are_evicted_by_count():
    cache, schema = PlanCache(1 << 20, max_entries=2), make_cache()
    for query in (b"select=id", b"select=name", b"select=id", b"select=id,name"):
        _run(cache, schema, query=query)
    assert [_lookup(cache, schema, query=q).hit is not None for q in (b"select=id", b"select=name",
                                                                       b"select=id,name")] == [True, False, True]


def test_the_cache_stays_within_its_bytes():
    schema = make_cache()
    one = entry_size(next(iter(_filled(PlanCache(1 << 20), schema, 1)._items)), _planned(schema))
    cache = _filled(PlanCache(one * 10), schema, 100)
    assert cache.bytes <= one * 10 and 5 <= len(cache) <= 10
    assert _lookup(cache, schema, query=b"select=id&name=eq.99").hit is not None  # the latest stay
    assert _lookup(cache, schema, query=b"select=id&name=eq.0").hit is None


def _filled(cache, schema, count):
    for n in range(count):
        _run(cache, schema, query=f"select=id&name=eq.{n}".encode())
    return cache


def test_a_write_is_kept_without_its_body_and_takes_the_next_payload():
    cache, schema = PlanCache(1 << 20), make_cache()
    big = json.dumps({"id": "1", "name": "x" * 1_000_000}).encode()
    _run(cache, schema, method="POST", path="companies", query=b"", headers=JSON, body=big)
    assert 0 < cache.bytes < 20_000
    (_size, kept), = cache._items.values()
    assert kept.statement.params["body"] is None
    hit = _lookup(cache, schema, method="POST", path="companies", query=b"", headers=JSON,
                  body=b'{"name": "y", "id": "2"}').hit
    assert json.loads(hit.statement.params["body"]) == [{"name": "y", "id": "2"}]


def test_a_statement_holding_its_payload_otherwise_is_not_kept():
    cache, schema = PlanCache(1 << 20), make_cache()
    # missing=default with rows of different keys binds each row on its own: no other payload fits that statement.
    body = b'[{"id": "1"}, {"id": "2", "name": "b"}]'
    _run(cache, schema, method="POST", path="companies", query=b"columns=id,name",
         headers={**JSON, "prefer": "missing=default"}, body=body)
    assert len(cache) == 0


def test_a_writes_shape_is_its_kind_and_set_of_keys():
    one = payload_shape("POST", "t", b'{"a": 1, "b": 2}', "application/json")
    other = payload_shape("POST", "t", b'{"b": 3, "a": 4}', None)
    assert one[0] == other[0] and one[1] == '[{"a": 1, "b": 2}]' and other[1] == '[{"b": 3, "a": 4}]'
    assert payload_shape("POST", "t", b'[{"a": 1}]', None)[0] != payload_shape("POST", "t", b'{"a": 1}', None)[0]
    assert payload_shape("PATCH", "t", b'{"a": 1}', None)[1] == '{"a": 1}'


def test_only_json_inserts_and_updates_of_tables_have_a_shape():
    assert payload_shape("PUT", "t", b'{"a": 1}', None) is None
    assert payload_shape("POST", "rpc/f", b'{"a": 1}', None) is None
    assert payload_shape("POST", "t", b"a\n1", "text/csv") is None
    assert payload_shape("POST", "t", b"{nope", None) is None
    assert payload_shape("POST", "t", b"[1, 2]", None) is None
    assert payload_shape("PATCH", "t", b'[{"a": 1}]', None) is None
