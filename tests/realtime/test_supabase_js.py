"""The Node suite with the real @supabase/supabase-js against two gateway processes on this module's database."""

from __future__ import annotations

from tests.realtime.conftest import sql_writer_env
from tests.support.live import bind_to_port, run_gateway
from tests.support.node import run_node_test


def test_supabase_js_realtime(gateway, settings, world, database_url):
    with run_gateway(bind_to_port(settings)) as second:
        run_node_test("realtime.test.mjs", gateway, passes=6, extra_env={
            "GATEWAY_URL_2": second.url,
            **sql_writer_env(database_url),
            "USER_A": world.user_a,
            "USER_B": world.user_b,
            "COMPANY_A": world.company_a,
        })
