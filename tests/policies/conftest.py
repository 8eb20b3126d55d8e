"""Fixtures of the access matrix: the world of people and rows, and the printed matrix at the end of the run."""

from __future__ import annotations

import pytest

from gateway.keys import JwtKeys
from tests.conftest import TEST_JWT_SECRET
from tests.policies.report import render
from tests.policies.world import World, build_world


@pytest.fixture(scope="module")
def world(db) -> World:
    return build_world(db, JwtKeys(TEST_JWT_SECRET))


def pytest_terminal_summary(terminalreporter) -> None:
    lines = render()
    if lines:
        terminalreporter.section("access matrix checked")
        for line in lines:
            terminalreporter.write_line(line)
