"""A run of policy test files: find them, check them all, run each in its own rolled-back transaction."""

from __future__ import annotations

from pathlib import Path

from gateway.config_values import ConfigError
from gateway.jwt_keys import JwtKeys
from gateway.policy_tests import spec
from gateway.policy_tests.run import Verdict, run_file
from gateway.settings import Settings


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


async def run_all(url: str, files: list[spec.PolicyFile], settings: Settings,
                  keys: JwtKeys) -> list[tuple[Path, list[Verdict]]]:
    return [(f.path, await run_file(url, f, settings, keys)) for f in files]
