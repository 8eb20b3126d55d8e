"""The `gateway` command run as a user runs it, in its own process: one-shot commands and `gateway serve`."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import httpx

from tests.support.live import free_port
from tests.support.waits import eventually

TIMEOUT = 90
# Settings a developer's shell may hold that would leak into a gateway the test means to configure itself.
ISOLATED = {"DATABASE_URL", "JWT_SECRET", "API_PORT", "DATA_DIR", "SEED_DEMO", "MAIL_AUTOCONFIRM", "RATE_LIMITS",
            "DEV_MAILBOX", "DB_PORT", "API_HOST", "PUBLISHABLE_KEY", "SECRET_KEY", "PUBLISHABLE_KEYS", "SECRET_KEYS"}


def gateway_env(**values) -> dict[str, str]:
    """The environment with none of ISOLATED, `values` added, a free database port (the default, 54322, the
    Supabase CLI's, may be held by a developer's own project or by another test's gateway) and no request log."""
    env = {k: v for k, v in os.environ.items() if k not in ISOLATED}
    env["DB_PORT"] = str(free_port())
    # Read only when the process ends: a line per request would fill the pipe and stall the server.
    env["REQUEST_LOG"] = "false"
    env.update({k: str(v) for k, v in values.items()})
    return env


def wait_healthy(process: subprocess.Popen, health_url: str, output: Callable[[], str]) -> None:
    """Until `health_url` answers 200; fails with the process's `output` if it exits first."""
    def healthy() -> bool:
        if process.poll() is not None:
            raise AssertionError(f"{' '.join(map(str, process.args))} exited early:\n{output()}")
        try:
            return httpx.get(health_url, timeout=1).status_code == 200
        except httpx.HTTPError:
            return False

    eventually(healthy, f"{health_url} to answer", timeout=TIMEOUT, interval=0.1)


def stop_processes(*processes: subprocess.Popen, timeout: float = 15) -> None:
    """SIGTERM to each, then a wait; one still running after `timeout` s is killed."""
    for process in processes:
        process.terminate()
    for process in processes:
        try:
            process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def run_cli(*args, cwd: Path | None = None, **env) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "gateway", *args], env=gateway_env(**env), cwd=cwd,
                          capture_output=True, text=True, timeout=TIMEOUT)


def db_url(data_dir: Path) -> str:
    """The embedded server of a data folder as its superuser, over its socket (whose file name carries the server's
    port, the fourth line of postmaster.pid)."""
    port = (data_dir / "pg" / "postmaster.pid").read_text().splitlines()[3]
    return f"postgresql://supabase_admin@/postgres?host={data_dir / 'pg'}&port={port}"


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

    def __exit__(self, failure, *exc) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        output, _ = self.proc.communicate(timeout=TIMEOUT)
        if failure is not None:
            # Shown in the failing test's report: what the gateway said up to then.
            print(f"gateway serve output (last 60 lines):\n{''.join(output.splitlines(True)[-60:])}")

    def wait_healthy(self) -> None:
        wait_healthy(self.proc, f"http://127.0.0.1:{self.port}/health", lambda: self.proc.communicate()[0])

    def stop(self) -> str:
        self.proc.send_signal(signal.SIGINT)
        output, _ = self.proc.communicate(timeout=TIMEOUT)
        assert self.proc.returncode == 0, output
        return output
