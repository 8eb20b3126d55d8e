"""`gateway policies test [FILE...]`: find the files, check them all, run each in its own rolled-back transaction."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path
from typing import TextIO

from gateway.cli.policy_tests import report, spec
from gateway.cli.policy_tests.run import Verdict, run_file
from gateway.config_values import ConfigError
from gateway.keys import JwtKeys
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
        results = asyncio.run(_run_all(url, files, settings, keys))
    out.write(report.as_json(results) if as_json else report.text(results))
    return 0 if all(v.passed for _, verdicts in results for v in verdicts) else 1


def discover(paths: list[Path]) -> list[spec.PolicyFile]:
    """Every file is read and checked before anything runs. In a folder, files without cases (shared users and
    setup, for `include`) are not run on their own."""
    files = []
    for path in paths:
        if path.is_dir():
            found = [spec.load(p) for p in sorted(path.glob("*.toml"))]
            files += [f for f in found if f.cases]
        elif path.is_file():
            files.append(spec.load(path))
        else:
            raise ConfigError(f"{path}: no such policy test file or folder")
    if not files:
        raise ConfigError(f"no policy tests found in {', '.join(map(str, paths))} (files named *.toml with [[case]])")
    return files


async def _run_all(url: str, files: list[spec.PolicyFile], settings: Settings,
                   keys: JwtKeys) -> list[tuple[Path, list[Verdict]]]:
    return [(f.path, await run_file(url, f, settings, keys)) for f in files]
