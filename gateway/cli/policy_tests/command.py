"""`gateway policies test [FILE...]`: the project's policy test files run against its database, as a matrix."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path
from typing import TextIO

from gateway.jwt_keys import JwtKeys
from gateway.policy_tests import report
from gateway.policy_tests.suite import discover, run_all
from gateway.settings import Settings


def test(settings: Settings, paths: list[Path], *, as_json: bool, out: TextIO | None = None) -> int:
    out = out or sys.stdout
    files = discover(paths or [settings.project.policy_tests_dir])
    from gateway.cli.db_commands import database
    from gateway.database import migrate

    with database(settings) as url:
        if settings.embedded:
            # A developer's own database follows the project's files, as `gateway serve` would make it.
            applied = migrate.apply_pending(url, settings.project)
            if applied and not as_json:
                out.write(f"Migrations: {len(applied)} applied.\n")
        keys = JwtKeys.from_settings(settings)
        results = asyncio.run(run_all(url, files, settings, keys))
    out.write(report.as_json(results) if as_json else report.text(results))
    return 0 if all(v.passed for _, verdicts in results for v in verdicts) else 1
