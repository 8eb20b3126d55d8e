"""The planned-statement cache: keyed by request and role, dropped when the schema cache is replaced."""

from gateway.rest.plan_cache import PlanCache, payload_shape, request_key


def test_hits_only_for_the_same_request_role_and_schema():
    cache, schema = PlanCache(size=2), object()
    key = request_key("GET", "t", b"select=id", {"accept": "text/csv"}, "anon")
    cache.put(key, schema, "plan")
    assert cache.get(key, schema) == "plan"
    assert cache.get(request_key("GET", "t", b"select=id", {"accept": "text/csv"}, "authenticated"), schema) is None
    assert cache.get(request_key("GET", "t", b"select=id", {}, "anon"), schema) is None
    assert cache.get(key, object()) is None
    assert cache.get(key, schema) is None


def test_least_recently_used_entries_are_evicted():
    cache, schema = PlanCache(size=2), object()
    cache.put("a", schema, 1)
    cache.put("b", schema, 2)
    cache.get("a", schema)
    cache.put("c", schema, 3)
    assert (cache.get("a", schema), cache.get("b", schema), cache.get("c", schema)) == (1, None, 3)


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
