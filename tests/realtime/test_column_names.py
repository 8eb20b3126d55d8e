"""postgres_changes for tables whose column names shadow every name of the statement that checks a change under
RLS, and a check that raises told to its subscribers: through the real supabase-js, see
tests/node/realtime-column-names.test.mjs."""

from __future__ import annotations

import sys
from pathlib import Path

from tests.support.node import run_node_test


def test_any_column_names_and_failed_checks_through_supabase_js(gateway, database_url):
    run_node_test("realtime-column-names.test.mjs", gateway, passes=3, extra_env={
        "DATABASE_URL": database_url,
        "PYTHON": sys.executable,
        "SQL_WRITER": str(Path(__file__).with_name("sql_writer.py")),
    })
