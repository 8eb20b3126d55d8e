"""The gateway installed like a tool: its wheel, installed into a fresh virtual environment with nothing of this
repository (no checkout on the path, no npm), makes a project in an empty folder and serves the APIs and the studio."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.support.live import free_port
from tests.support.waits import eventually

ROOT = Path(__file__).resolve().parents[2]

pytestmark = [
    # The wheel serves its own embedded PostgreSQL, never the suite's database: a second pass would repeat the first.
    pytest.mark.skipif(bool(os.environ.get("TEST_DATABASE_URL")),
                       reason="runs its own PostgreSQL; covered by the suite's first pass"),
    pytest.mark.slow,  # builds a wheel and installs it with its dependencies into a new environment
]


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Iterator[Path]:
    """The `gateway` command of a fresh environment holding the wheel built from this tree."""
    source, wheels = tmp_path_factory.mktemp("source"), tmp_path_factory.mktemp("wheels")
    tool = tmp_path_factory.mktemp("tool") / "venv"
    # Built from a copy, so no build folder of this checkout (with files deleted since) goes into it.
    shutil.copy(ROOT / "pyproject.toml", source)
    shutil.copytree(ROOT / "gateway", source / "gateway", ignore=shutil.ignore_patterns("__pycache__"))
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir", str(wheels),
                    str(source)], check=True)
    [wheel] = wheels.glob("gateway-*.whl")
    subprocess.run([sys.executable, "-m", "venv", str(tool)], check=True)
    # The lock file's versions, as `pipx install` would resolve them today, then the wheel itself.
    subprocess.run([tool / "bin" / "pip", "install", "--quiet", "--require-hashes", "-r", ROOT / "requirements.lock"],
                   check=True)
    subprocess.run([tool / "bin" / "pip", "install", "--quiet", "--no-deps", str(wheel)], check=True)
    yield tool / "bin" / "gateway"


@pytest.fixture()
def empty_folder() -> Iterator[Path]:
    folder = Path(tempfile.mkdtemp(prefix="gateway-wheel-"))
    folder.chmod(0o755)  # the embedded server's system user reaches its data folder
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


def test_the_wheel_makes_and_serves_a_project_with_its_studio(installed, empty_folder):
    env = {key: value for key, value in os.environ.items()
           if key not in ("PYTHONPATH", "DATABASE_URL", "TEST_DATABASE_URL", "VIRTUAL_ENV")}
    port = free_port()
    env.update(API_PORT=str(port), DB_PORT=str(free_port()), REQUEST_LOG="false")
    subprocess.run([installed, "init"], cwd=empty_folder, env=env, check=True, capture_output=True)
    lines: list[str] = []
    with subprocess.Popen([installed, "serve"], cwd=empty_folder, env=env, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True) as server:
        assert server.stdout is not None
        threading.Thread(target=lambda: lines.extend(server.stdout), daemon=True).start()  # type: ignore[arg-type]
        try:
            api = f"http://127.0.0.1:{port}"
            eventually(lambda: _answers(f"{api}/health"), "the installed gateway's /health", timeout=240)
            assert httpx.get(f"{api}/rest/v1/").status_code == 200
            assert httpx.get(f"{api}/auth/v1/health").json()["name"] == "GoTrue"
            link = eventually(lambda: re.search(r"Studio URL: (\S+\?token=\S+)", "".join(lines)), "the sign-in link")
            with httpx.Client(follow_redirects=True) as browser:
                studio = browser.get(link.group(1))
                assert studio.status_code == 200 and "__STUDIO_CONFIG__" in studio.text, studio.text[:300]
                script = re.search(r'src="(/_/assets/[^"]+\.js)"', studio.text)
                assert script, studio.text[:300]
                asset = browser.get(f"{api}{script.group(1)}")
                assert asset.status_code == 200 and "javascript" in asset.headers["content-type"]
        finally:
            server.terminate()
            server.wait(timeout=60)
    assert str(ROOT) not in "".join(lines), "the installed gateway uses nothing of this checkout"


def _answers(url: str) -> bool:
    try:
        return httpx.get(url, timeout=2).status_code == 200
    except httpx.HTTPError:
        return False
