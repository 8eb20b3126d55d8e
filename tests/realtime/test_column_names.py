"""postgres_changes for tables whose column names shadow every name of the statement that checks a change under
RLS, and a check that raises told to its subscribers: through the real supabase-js, see
tests/node/realtime-column-names.test.mjs."""

from __future__ import annotations

from tests.realtime.conftest import sql_writer_env
from tests.support.node import run_node_test


def test_any_column_names_and_failed_checks_through_supabase_js(gateway, database_url):
    run_node_test("realtime-column-names.test.mjs", gateway, passes=3, extra_env=sql_writer_env(database_url))
