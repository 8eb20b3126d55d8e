"""The site's access rules, written as policy test files (tests/policies/cases/), run by `gateway policies test`
against a migrated database: one test per file."""

from __future__ import annotations

import pytest

from gateway.cli import main as cli
from gateway.settings import PROJECT_ROOT
from tests.conftest import TEST_JWT_SECRET

CASES = PROJECT_ROOT / "tests" / "policies" / "cases"
FILES = sorted(path for path in CASES.glob("*.toml") if "[[case]]" in path.read_text())


@pytest.fixture()
def gateway_env(database_url, monkeypatch):
    monkeypatch.setenv("DATABASE_URL", database_url)
    monkeypatch.setenv("JWT_SECRET", TEST_JWT_SECRET)


@pytest.mark.parametrize("path", FILES, ids=lambda path: path.stem)
def test_access_rules(path, gateway_env, capsys):
    code = cli.main(["--workdir", str(PROJECT_ROOT), "policies", "test", str(path)])
    output = capsys.readouterr().out
    assert code == 0, output
    assert " 0 failed" in output, output
