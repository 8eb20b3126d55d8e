"""A project in a folder whose path has a space or a plus serves: the database's socket path travels quoted."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

import httpx

from tests.support.live import free_port
from tests.support.serve import ServeProcess, run_cli


def test_serve_in_a_folder_with_a_space_and_a_plus():
    root = Path(tempfile.mkdtemp(prefix="gateway spaced+"))
    try:
        folder = root / "my app"
        folder.mkdir()
        for path in (root, folder):
            path.chmod(0o755)  # the embedded server's system user reaches its data folder
        assert run_cli("init", cwd=folder).returncode == 0
        port = free_port()
        with ServeProcess(folder / ".data", port, cwd=folder) as server:
            server.wait_healthy()
            assert httpx.get(f"http://127.0.0.1:{port}/rest/v1/").status_code == 200
            output = server.stop()
        assert "Traceback" not in output
    finally:
        shutil.rmtree(root, ignore_errors=True)
