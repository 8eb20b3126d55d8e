"""The `gateway` command run as a user runs it, in its own process: one-shot commands and `gateway serve`."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx

TIMEOUT = 90
# Settings a developer's shell may hold that would leak into a gateway the test means to configure itself.
ISOLATED = {"DATABASE_URL", "JWT_SECRET", "API_PORT", "DATA_DIR", "SEED_DEMO", "MAIL_AUTOCONFIRM", "RATE_LIMITS",
            "DEV_MAILBOX"}


def gateway_env(**values) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ISOLATED}
    env.update({k: str(v) for k, v in values.items()})
    return env


def run_cli(*args, cwd: Path | None = None, **env) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "gateway", *args], env=gateway_env(**env), cwd=cwd,
                          capture_output=True, text=True, timeout=TIMEOUT)


def db_url(data_dir: Path) -> str:
    """The embedded server of a data folder, over its socket."""
    return f"postgresql://postgres@/postgres?host={data_dir / 'pg'}"


class ServeProcess:
    """`gateway serve [args]` with DATA_DIR and API_PORT set, plus `env`; stopped by stop() or at the block's end."""

    def __init__(self, data_dir: Path, port: int, cwd: Path | None = None, args: tuple[str, ...] = (), **env):
        self.port = port
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "gateway", "serve", *args], env=gateway_env(DATA_DIR=data_dir, API_PORT=port, **env),
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, cwd=cwd,
        )

    def __enter__(self) -> ServeProcess:
        return self

    def __exit__(self, *exc) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.communicate(timeout=TIMEOUT)

    def wait_healthy(self) -> None:
        deadline = time.monotonic() + TIMEOUT
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                output, _ = self.proc.communicate()
                raise AssertionError(f"serve exited early:\n{output}")
            try:
                if httpx.get(f"http://127.0.0.1:{self.port}/health", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.2)
        raise AssertionError("serve did not become healthy")

    def stop(self) -> str:
        self.proc.send_signal(signal.SIGINT)
        output, _ = self.proc.communicate(timeout=TIMEOUT)
        assert self.proc.returncode == 0, output
        return output
