"""Fixtures of the access matrix: the world of people and rows, and the printed matrix at the end of the run."""

from __future__ import annotations

import pytest

from gateway.keys import JwtKeys
from tests.conftest import TEST_JWT_SECRET, make_settings
from tests.policies.report import render
from tests.policies.world import World, build_world


@pytest.fixture(scope="module")
def settings(database_url, tmp_path_factory):
    """As deployed behind an edge proxy that sets X-Forwarded-For, so cases can act as distinct visitors."""
    return make_settings(database_url, tmp_path_factory.mktemp("data"), trusted_proxy_header="x-forwarded-for")


@pytest.fixture(scope="module")
def world(db) -> World:
    return build_world(db, JwtKeys(TEST_JWT_SECRET))


def pytest_terminal_summary(terminalreporter) -> None:
    lines = render()
    if lines:
        terminalreporter.section("access matrix checked")
        for line in lines:
            terminalreporter.write_line(line)
