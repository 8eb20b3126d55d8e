"""How many real public Supabase projects start with `gateway serve` as they are, and why the others do not.

Each project of manifest.toml is taken at its commit: its supabase/ folder alone, unchanged, in a new folder with a
new data folder (the embedded PostgreSQL), then `gateway serve` until /health answers (started) or the process ends
(failed: the reason is its last `error:` line). The repositories are read from git clones in CLONES/<owner>/<name>
(bare or not); a missing one is cloned from GitHub first.

Run: .venv/bin/python bench/real_projects/run.py [--clones DIR] [--only OWNER/NAME ...]
Prints one line per project and the count; asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import subprocess
import sys
import tarfile
import tempfile
import time
import tomllib
from dataclasses import dataclass
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.support.live import free_port  # noqa: E402

MANIFEST = Path(__file__).with_name("manifest.toml")
START_TIMEOUT = 300.0
# Settings of the developer's shell that would point the gateway elsewhere than the fresh folders made here.
ISOLATED = {"DATABASE_URL", "JWT_SECRET", "API_PORT", "DATA_DIR", "DB_PORT", "API_HOST", "SEED_DEMO"}


@dataclass(frozen=True)
class Project:
    repo: str
    commit: str
    kind: str


@dataclass(frozen=True)
class Outcome:
    started: bool
    seconds: float
    reason: str  # the failure's error line; for a start, the warnings it printed, if any


def projects() -> list[Project]:
    entries = tomllib.loads(MANIFEST.read_text())["project"]
    return [Project(entry["repo"], entry["commit"], entry["kind"]) for entry in entries]


def clone(project: Project, clones: Path) -> Path:
    where = clones / project.repo
    if not where.exists():
        where.parent.mkdir(parents=True, exist_ok=True)
        subprocess.run(["git", "clone", "--quiet", "--bare", f"https://github.com/{project.repo}", str(where)],
                       check=True)
    return where


def unpack(git_dir: Path, commit: str, target: Path) -> None:
    """The commit's supabase/ folder into target, as the repository holds it."""
    archive = subprocess.run(["git", "--git-dir", str(_git_dir(git_dir)), "archive", "--format=tar", commit,
                              "supabase"], check=True, capture_output=True).stdout
    with tempfile.TemporaryFile() as buffer:
        buffer.write(archive)
        buffer.seek(0)
        with tarfile.open(fileobj=buffer) as tar:
            tar.extractall(target, filter="data")


def _git_dir(clone_dir: Path) -> Path:
    return clone_dir / ".git" if (clone_dir / ".git").exists() else clone_dir


def start(project_dir: Path, data_dir: Path, log: Path) -> Outcome:
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k not in ISOLATED}
    env.update(DATA_DIR=str(data_dir), API_PORT=str(port), DB_PORT=str(free_port()), REQUEST_LOG="false")
    started = time.monotonic()
    with log.open("w") as output:
        process = subprocess.Popen([sys.executable, "-m", "gateway", "--workdir", str(project_dir), "serve"],
                                   env=env, stdout=output, stderr=subprocess.STDOUT)
        try:
            healthy = _wait_healthy(process, port)
        finally:
            if process.poll() is None:
                process.send_signal(signal.SIGINT)
                try:
                    process.wait(timeout=60)
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait()
    seconds = time.monotonic() - started
    text = log.read_text(errors="replace").replace(f"{project_dir}/", "")
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    if healthy:
        return Outcome(True, seconds, " / ".join(line for line in lines if line.startswith("warning:")))
    errors = [line for line in lines if line.startswith("error:")]
    reason = errors[-1] if errors else (lines[-1] if lines else f"exited with {process.returncode}, no output")
    if healthy is None:
        reason = f"no answer on /health after {START_TIMEOUT:.0f} s; last line: {reason}"
    return Outcome(False, seconds, reason)


def _wait_healthy(process: subprocess.Popen, port: int) -> bool | None:
    """True once /health answers, False if the process ends first, None at the timeout."""
    deadline = time.monotonic() + START_TIMEOUT
    while time.monotonic() < deadline:
        if process.poll() is not None:
            return False
        try:
            if httpx.get(f"http://127.0.0.1:{port}/health", timeout=1).status_code == 200:
                return True
        except httpx.HTTPError:
            pass
        time.sleep(0.2)
    return None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clones", type=Path, default=ROOT / ".data" / "real-projects",
                        help="folder of git clones, CLONES/<owner>/<name> (default: .data/real-projects)")
    parser.add_argument("--only", nargs="*", default=[], help="owner/name of the projects to run (default: all)")
    parser.add_argument("--keep", action="store_true", help="keep each project's folder, data and log")
    args = parser.parse_args()
    chosen = [project for project in projects() if not args.only or project.repo in args.only]
    work = Path(tempfile.mkdtemp(prefix="gateway-real-projects-"))
    count = 0
    for project in chosen:
        folder = work / project.repo.replace("/", "+")
        unpack(clone(project, args.clones.resolve()), project.commit, folder / "project")
        outcome = start(folder / "project", folder / "data", folder / "serve.log")
        count += outcome.started
        verdict = "starts" if outcome.started else "FAILS "
        print(f"{verdict} {project.repo}@{project.commit[:12]} ({project.kind}, {outcome.seconds:.0f} s)"
              + (f": {outcome.reason}" if outcome.reason else ""), flush=True)
    print(f"{count} of {len(chosen)} projects start with `gateway serve`")
    if args.keep:
        print(f"folders, data and logs kept in {work}")
    else:
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
