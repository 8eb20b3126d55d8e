"""`pip install .` gives a gateway that runs anywhere: its platform SQL and templates inside the package, the
site's own folders (functions, schema, policies) not in it, and nothing found relative to the source tree."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Path:
    target = tmp_path_factory.mktemp("installed")
    build = tmp_path_factory.mktemp("build")
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--target", str(target),
                    str(ROOT)], check=True, cwd=build, timeout=300,
                   env={**os.environ, "PIP_DISABLE_PIP_VERSION_CHECK": "1"})
    return target


def run_installed(installed: Path, *args: str, cwd: Path) -> subprocess.CompletedProcess:
    # The console script, so that neither the working folder nor the source tree is on sys.path.
    return subprocess.run([str(installed / "bin" / "gateway"), *args], cwd=cwd, capture_output=True, text=True,
                          timeout=60, env={**os.environ, "PYTHONPATH": str(installed)})


def test_the_package_holds_the_platform_and_not_the_site(installed: Path):
    platform = sorted(p.name for p in (installed / "gateway" / "database" / "migrations").glob("*.sql"))
    assert platform and platform == sorted(p.name for p in (ROOT / "gateway" / "database" / "migrations").glob("*.sql"))
    assert (installed / "gateway" / "database" / "pg_extensions" / "pgcrypto" / "pgcrypto.c").is_file()
    assert (installed / "gateway" / "project" / "init_template" / "config.toml").is_file()
    assert (installed / "gateway" / "functions" / "api.py").is_file()
    # What runs a Deno function and what `gateway functions new` writes.
    assert (installed / "gateway" / "functions" / "deno" / "bootstrap.ts").is_file()
    assert {p.name for p in (installed / "gateway" / "functions" / "templates").iterdir()} >= {
        "index.ts", "handler.py", "function.toml"}
    assert {"schema_diff.ts", "schema_diff.lock"} <= {p.name for p in (installed / "gateway" / "cli").iterdir()}, \
        "what `gateway db diff` runs on Deno"
    assert not (installed / "functions").exists() and not (installed / "schema").exists()


def test_the_installed_gateway_creates_a_project_in_an_empty_folder(installed: Path, tmp_path: Path):
    done = run_installed(installed, "init", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "supabase" / "config.toml").is_file()
    check = subprocess.run([str(installed / "bin" / "gateway"), "--help"], cwd=tmp_path, capture_output=True,
                           text=True, env={**os.environ, "PYTHONPATH": str(installed)}, timeout=60)
    assert check.returncode == 0 and "serve" in check.stdout
    where = subprocess.run([sys.executable, "-c", "import gateway, gateway.functions.api as a; print(gateway.__file__)"],
                           cwd=tmp_path, capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(installed)})
    assert where.stdout.strip().startswith(str(installed)), where.stderr
