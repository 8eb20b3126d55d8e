"""A function run as its own process (`python -m gateway functions serve <slug>`), as an operator would."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from gateway.settings import PROJECT_ROOT, Settings
from tests.support.live import free_port
from tests.support.serve import stop_processes, wait_healthy


@contextmanager
def function_process(settings: Settings, slug: str, log_path: Path) -> Iterator[str]:
    """Yields the process's base URL once it answers its health check; stops it afterwards."""
    port = free_port()
    env = {
        **os.environ,
        "DATABASE_URL": settings.database_url,
        "JWT_SECRET": settings.jwt_secret,
        # It sits behind the gateway, which passes on the client address it resolved in X-Forwarded-For.
        "TRUSTED_PROXY_HEADER": "x-forwarded-for",
    }
    log_file = log_path.open("w")
    process = subprocess.Popen(
        [sys.executable, "-m", "gateway", "functions", "serve", slug, "--port", str(port)],
        cwd=PROJECT_ROOT, env=env, stdout=log_file, stderr=subprocess.STDOUT,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        wait_healthy(process, f"{url}/_health", log_path.read_text)
        yield url
    finally:
        stop_processes(process)
        log_file.close()
