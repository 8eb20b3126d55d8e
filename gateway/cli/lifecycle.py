"""`gateway start` and `gateway stop`, as `supabase start` and `supabase stop`: `gateway serve` for the project in the
background (its output in the data folder's serve.log), returned from once it answers; and its end, database
included, as Ctrl-C ends it."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx

from gateway.server.status import running_pid, running_status
from gateway.settings import Settings

LOG_FILE = "serve.log"
START_TIMEOUT_SECONDS = 300  # a first start compiles the extensions and initialises the database
STOP_TIMEOUT_SECONDS = 60
_POLL_SECONDS = 0.2


def start(settings: Settings) -> int:
    running = running_status(settings)
    if running is not None:
        print(f"gateway serve is already running for this project at {running['api_url']}; `gateway stop` stops it.",
              file=sys.stderr)
        return 0
    settings.data_dir.mkdir(parents=True, exist_ok=True)
    log_path = settings.data_dir / LOG_FILE
    print(f"Starting gateway serve in the background (its output: {settings.project.shown(log_path)}) ...",
          file=sys.stderr, flush=True)
    with log_path.open("ab") as log:
        process = subprocess.Popen([sys.executable, "-m", "gateway", "--workdir", str(settings.project.root), "serve"],
                                   stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
                                   start_new_session=True)
    if not _answers(settings, process):
        print(f"gateway serve did not start; the end of {settings.project.shown(log_path)}:", file=sys.stderr)
        print("".join(log_path.read_text(errors="replace").splitlines(True)[-20:]), file=sys.stderr, end="")
        return 1
    print(f"Started gateway serve (pid {process.pid}); `gateway status` prints its URLs and keys, "
          "`gateway stop` stops it.")
    return 0


def stop(settings: Settings) -> int:
    pid = running_pid(settings)
    if pid is None or not _is_gateway(pid):
        print("gateway serve is not running for this project.")
        return 0
    os.kill(pid, signal.SIGTERM)
    deadline = time.monotonic() + STOP_TIMEOUT_SECONDS
    while _alive(pid):
        if time.monotonic() > deadline:
            print(f"gateway serve (pid {pid}) is still stopping after {STOP_TIMEOUT_SECONDS} s.", file=sys.stderr)
            return 1
        time.sleep(_POLL_SECONDS)
    print(f"Stopped gateway serve (pid {pid}) and its database.")
    return 0


def _answers(settings: Settings, process: subprocess.Popen[bytes]) -> bool:
    """Waits until the started server answers /health, or has ended."""
    host = "127.0.0.1" if settings.api_host in ("0.0.0.0", "::", "") else settings.api_host
    url = f"http://{host}:{settings.api_port}/health"
    deadline = time.monotonic() + START_TIMEOUT_SECONDS
    while time.monotonic() < deadline and process.poll() is None:
        if running_pid(settings) == process.pid:
            try:
                if httpx.get(url, timeout=2).status_code == 200:
                    return True
            except httpx.HTTPError:
                pass
        time.sleep(_POLL_SECONDS)
    return False


def _is_gateway(pid: int) -> bool:
    """The recorded pid is still a gateway (not a process that got the number since)."""
    try:
        return b"gateway" in Path(f"/proc/{pid}/cmdline").read_bytes()
    except FileNotFoundError:
        return False
    except OSError:  # no /proc here: trust the record
        return _alive(pid)


def _alive(pid: int) -> bool:
    """Running, and not a zombie left for a parent that does not reap it."""
    try:
        os.kill(pid, 0)
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except ProcessLookupError:
        return False
    except OSError:  # no /proc here
        return True
