"""PostgREST 14's exact behaviour through the real supabase-js (tests/node/rest-fidelity.test.mjs), on a schema of
their own (tests/rest/fidelity_schema.sql, exposed as `fid`)."""

from pathlib import Path

import pytest

from tests.conftest import make_settings
from tests.support.node import run_node_test

FIDELITY_SQL = (Path(__file__).parent / "fidelity_schema.sql").read_text()


@pytest.fixture(scope="module")
def settings(database_url, tmp_path_factory):
    return make_settings(database_url, tmp_path_factory.mktemp("data"), db_schemas=("public", "fid"),
                         db_plan_enabled=True)


@pytest.fixture(scope="module")
def fidelity_schema(db) -> None:
    db.execute(FIDELITY_SQL)


def test_supabase_js_sees_postgrest_14(fidelity_schema, gateway):
    run_node_test("rest-fidelity.test.mjs", gateway, passes=26)
