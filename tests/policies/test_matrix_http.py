"""The access matrix through the gateway's /rest/v1 with real tokens, as supabase-js sends them."""

from __future__ import annotations

import pytest

from tests.policies.checking import check_case
from tests.policies.matrix import MATRIX
from tests.policies.runners import HttpRunner


@pytest.fixture(scope="module")
def runner(gateway, world):
    http_runner = HttpRunner(gateway.url)
    yield http_runner
    http_runner.close()


@pytest.mark.parametrize("case", MATRIX, ids=lambda case: case.id)
def test_access_rule(case, world, db, runner):
    check_case(case, world, db, runner, "http")
