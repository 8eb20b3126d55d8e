"""The planned-statement cache: keyed by request and role, dropped when the schema cache is replaced."""

from gateway.rest.plan_cache import PlanCache, request_key


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
