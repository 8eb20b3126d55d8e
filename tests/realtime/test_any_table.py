"""postgres_changes for tables whose column names shadow every name of the statement that checks a change under
RLS, a check that raises told to its subscribers, and a subscription without a schema: through the real
supabase-js, see tests/node/realtime-any-table.test.mjs."""

from __future__ import annotations

from tests.realtime.conftest import sql_writer_env
from tests.support.node import run_node_test


def test_changes_of_any_table_through_supabase_js(gateway, database_url):
    run_node_test("realtime-any-table.test.mjs", gateway, passes=4, extra_env=sql_writer_env(database_url))
