"""Start-up and idle memory of `gateway serve`: seconds from launch to the first healthy answer, cold (a project
fresh from `gateway init`, a new data folder: initdb, the platform's migrations) and warm (the same folder again),
for that new project and for the site; then the idle PSS of the gateway and its embedded PostgreSQL.

Run: .venv/bin/python bench/startup_bench.py [rounds]
Prints figures, asserts nothing. Compare figures taken in one run: these machines are noisy.
"""

from __future__ import annotations

import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.support.live import free_port  # noqa: E402


def serve(project: Path, data_dir: Path) -> tuple[subprocess.Popen, int, float]:
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "JWT_SECRET", "SEED_DEMO"}}
    env.update(DATA_DIR=str(data_dir), API_PORT=str(port), DB_PORT=str(free_port()))
    started = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-m", "gateway", "--workdir", str(project), "serve"], env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    while True:
        if proc.poll() is not None:
            raise SystemExit(f"gateway serve exited with {proc.returncode}")
        try:
            if httpx.get(f"http://127.0.0.1:{port}/health", timeout=0.5).status_code == 200:
                return proc, port, time.perf_counter() - started
        except httpx.HTTPError:
            pass
        time.sleep(0.02)


def stop(proc: subprocess.Popen) -> None:
    proc.send_signal(signal.SIGINT)
    proc.wait(timeout=60)


def pss_mib(root_pid: int, pgdata: Path) -> tuple[float, float]:
    """Proportional set size of the gateway's process tree and of the embedded server's processes."""
    def pss(pid: int) -> int:
        try:
            for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
                if line.startswith("Pss:"):
                    return int(line.split()[1])
        except OSError:
            pass
        return 0

    gateway, postgres = 0, 0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            cmdline = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
            stat = (entry / "stat").read_text().split()
        except OSError:
            continue
        pid, ppid = int(entry.name), int(stat[3])
        if str(pgdata) in cmdline or (ppid and _is_postgres_child(ppid, pgdata)):
            postgres += pss(pid)
        elif pid == root_pid or ppid == root_pid:
            gateway += pss(pid)
    return gateway / 1024, postgres / 1024


def _is_postgres_child(ppid: int, pgdata: Path) -> bool:
    try:
        return str(pgdata) in (Path(f"/proc/{ppid}/cmdline").read_bytes().replace(b"\0", b" ").decode())
    except OSError:
        return False


def main(rounds: int = 3) -> None:
    results: dict[str, list[float]] = {}
    memory = None
    for _ in range(rounds):
        for name, source in (("new project", None), ("the site", ROOT)):
            base = Path(tempfile.mkdtemp(prefix="startup-bench-"))
            base.chmod(0o755)
            project = source or base / "project"
            if source is None:
                project.mkdir()
                subprocess.run([sys.executable, "-m", "gateway", "--workdir", str(project), "init"], check=True,
                               stdout=subprocess.DEVNULL)
            data_dir = base / "data"
            try:
                proc, _, cold = serve(project, data_dir)
                stop(proc)
                proc, _, warm = serve(project, data_dir)
                if name == "the site":
                    time.sleep(3)
                    memory = pss_mib(proc.pid, data_dir / "pg")
                stop(proc)
            finally:
                shutil.rmtree(base, ignore_errors=True)
            results.setdefault(f"{name}, cold", []).append(cold)
            results.setdefault(f"{name}, warm", []).append(warm)
    print(f"gateway serve to first healthy answer, {rounds} rounds (seconds: min / median / max)")
    for name, values in results.items():
        print(f"  {name:22} {min(values):5.2f} / {statistics.median(values):5.2f} / {max(values):5.2f}")
    if memory:
        print(f"idle PSS, the site: gateway {memory[0]:.0f} MiB + embedded PostgreSQL {memory[1]:.0f} MiB"
              f" = {sum(memory):.0f} MiB")


if __name__ == "__main__":
    main(*(int(arg) for arg in sys.argv[1:2]))
