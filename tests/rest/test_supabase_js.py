"""The real @supabase/supabase-js against the gateway's REST API (tests/node/rest.test.mjs)."""

from tests.support.node import run_node_test


def test_supabase_js_builder_methods(rest, gateway):
    run_node_test("rest.test.mjs", gateway, passes=7)
