"""The access matrix, each case run as the statement PostgREST would send, in the gateway's request transaction."""

from __future__ import annotations

import pytest

from tests.policies.checking import check_case
from tests.policies.matrix import MATRIX
from tests.policies.runners import SqlRunner


@pytest.fixture(scope="module")
def runner(database_url, world):
    sql_runner = SqlRunner(database_url, world.keys)
    yield sql_runner
    sql_runner.close()


@pytest.mark.parametrize("case", MATRIX, ids=lambda case: case.id)
def test_access_rule(case, world, db, runner):
    check_case(case, world, db, runner, "sql")
