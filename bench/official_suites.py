"""The official clients' own test suites, unmodified, against `gateway serve` on a real PostgreSQL.

Each suite ships a Supabase project folder (its `supabase/config.toml`, migrations and seed) that its CI hands to
`supabase start`; here that folder is copied into a temporary directory and served by the gateway instead, on the
ports of its config.toml (which the suite hard-codes), and the suite runs as its CI runs it. Prints passed, failed and
skipped counts per suite and the names of the failures.

Run: .venv/bin/python bench/official_suites.py [--supabase-js DIR] [--supabase-py DIR] [--logs DIR] [SUITE ...]
Without --supabase-js or --supabase-py, the tagged monorepo is cloned with git into ~/.cache/gateway-suites. Needs
node, npm and git; a suite of supabase-js is installed with the monorepo's pnpm (npx pnpm@10), a supabase-py package
with pip into a venv of its own. Suites: postgrest-js, auth-js, supabase-js (its integration suite), storage-js,
py-storage, py-realtime.
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import tomllib
from dataclasses import dataclass
from pathlib import Path
from xml.etree import ElementTree

import httpx
import psycopg

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gateway.database.embedded import tcp_url  # noqa: E402
from tests.support.live import free_port  # noqa: E402

SUPABASE_JS_TAG = "v2.112.2"
SUPABASE_JS_URL = "https://github.com/supabase/supabase-js"
SUPABASE_PY_TAG = "v2.30.0"
SUPABASE_PY_URL = "https://github.com/supabase/supabase-py"
CACHE = Path.home() / ".cache" / "gateway-suites"


@dataclass(frozen=True)
class Suite:
    name: str
    package: str  # the package's folder in the monorepo
    project: str  # the Supabase project folder its CI starts, relative to the package
    jest_args: tuple[str, ...]
    prepare: tuple[str, ...] = ()  # commands its CI runs in the package before `supabase start`
    env: tuple[str, ...] = ()  # env() references of its config.toml its CI leaves unset (the CLI tolerates them)
    # Its SQL needs postgis, which the embedded PostgreSQL lacks: served from a PostgreSQL 15 cluster instead, where
    # the gateway refuses the CLI's published JWT secret (a suite that hard-codes keys runs on the embedded one).
    postgis: bool = False
    setup_sql: tuple[str, ...] = ()  # what its CI runs with psql once the stack is up
    repo: str = "supabase-js"
    pip: tuple[str, ...] = ()  # a supabase-py package: what pytest needs beside it (its `tests` dependency group)
    node: str | None = None  # a Node major its tests need, from npm's `node` package, when newer than the machine's

    @property
    def pnpm_filter(self) -> str:
        return f"@supabase/{self.name}..."


SUITES = {
    "postgrest-js": Suite("postgrest-js", "packages/core/postgrest-js", "test",
                          ("--runInBand", "--testPathIgnorePatterns=test/v12/"), postgis=True),
    "auth-js": Suite("auth-js", "packages/core/auth-js", "test", ("--config", "jest.config.cli.js", "--runInBand"),
                     ("node test/generate-signing-keys.js",),
                     ("SUPABASE_AUTH_EXTERNAL_GOOGLE_SECRET", "SUPABASE_AUTH_SMS_TWILIO_AUTH_TOKEN")),
    "supabase-js": Suite("supabase-js", "packages/core/supabase-js", ".",
                         ("--runInBand", "--detectOpenHandles", "test/integration.test.ts"),
                         # the client imports the workspace's other packages from their builds
                         ("npx -y pnpm@10 --config.manage-package-manager-versions=false"
                          " --filter '@supabase/supabase-js^...' run build",),
                         # scripts/setup-supabase.sh
                         setup_sql=("truncate public.todos cascade",
                                    "insert into storage.buckets (id, name, public) values ('test-bucket',"
                                    " 'test-bucket', false) on conflict (id) do nothing"),
                         node="22"),  # realtime-js needs Node's native WebSocket
    "py-storage": Suite("storage3", "src/storage", "infra", ("tests",), repo="supabase-py",
                        pip=("pytest", "pytest-asyncio", "python-dotenv")),
    "py-realtime": Suite("realtime", "src/realtime", "infra", ("tests",), repo="supabase-py",
                         pip=("aiohttp", "pytest", "pytest-asyncio", "python-dotenv")),
    "storage-js": Suite("storage-js", "packages/core/storage-js", "test", ("--runInBand",),
                        env=("SUPABASE_AUTH_EXTERNAL_APPLE_SECRET", "SUPABASE_AUTH_SMS_TWILIO_AUTH_TOKEN")),
}


def checkout(given: str | None, url: str, tag: str) -> Path:
    if given:
        return Path(given).resolve()
    target = CACHE / f"{url.rsplit('/', 1)[1]}-{tag}"
    if not target.exists():
        target.parent.mkdir(parents=True, exist_ok=True)
        subprocess.run(["git", "clone", "--quiet", "--depth", "1", "--branch", tag, url, str(target)], check=True)
    return target


def install(repo: Path, suite: Suite) -> None:
    if suite.pip:
        venv = CACHE / f"venv-{suite.name}"
        if not venv.exists():
            subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
        subprocess.run([str(venv / "bin" / "pip"), "install", "--quiet", "-e", str(repo / suite.package),
                        *suite.pip], check=True)
        return
    # The monorepo pins pnpm 11, which needs a newer node than many machines have; pnpm 10 reads its lockfile.
    subprocess.run(["npx", "-y", "pnpm@10", "install", "--config.manage-package-manager-versions=false",
                    "--frozen-lockfile", "--ignore-scripts", "--silent", "--filter", suite.pnpm_filter],
                   cwd=repo, check=True)


def postgres(root: Path, pg_bin: Path) -> tuple[subprocess.Popen, str]:
    """A throwaway cluster of the given PostgreSQL: the suites' SQL wants extensions (postgis) the embedded one lacks."""
    pgdata, port = root / "pg", free_port()
    pgdata.mkdir(parents=True)
    user = "postgres" if os.geteuid() == 0 else None  # initdb refuses to run as root
    if user:
        root.parent.chmod(0o755)
        shutil.chown(root, user, user)
        shutil.chown(pgdata, user, user)
    subprocess.run([str(pg_bin / "initdb"), "-D", str(pgdata), "-U", "postgres", "--auth=trust", "--no-sync",
                    "-E", "UTF8", "--locale=C.UTF-8"], check=True, capture_output=True, user=user)
    proc = subprocess.Popen([str(pg_bin / "postgres"), "-D", str(pgdata), "-p", str(port), "-c",
                             "listen_addresses=127.0.0.1", "-c", f"unix_socket_directories={root}", "-c", "fsync=off"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, user=user)
    url = f"postgresql://postgres@127.0.0.1:{port}/postgres"
    for _ in range(300):
        if subprocess.run([str(pg_bin / "pg_isready"), "-q", "-d", url]).returncode == 0:
            return proc, url
        time.sleep(0.1)
    raise SystemExit("postgres did not start")


def serve(project: Path, data_dir: Path, database_url: str | None, log: Path, suite: Suite) -> subprocess.Popen:
    env = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "JWT_SECRET", "SEED_DEMO", "API_PORT",
                                                              "DB_PORT"}}
    db_port = free_port()  # the suites reach the database only through the API, and their setup SQL
    env.update(DATA_DIR=str(data_dir), DB_PORT=str(db_port))
    if database_url:
        # As `supabase start` does, the seed runs (an external database is otherwise left unseeded).
        env.update(DATABASE_URL=database_url, JWT_SECRET=secrets.token_hex(32), SEED_DEMO="true")
    env.update({name: "unset" for name in suite.env if name not in env})
    proc = subprocess.Popen([sys.executable, "-m", "gateway", "--workdir", str(project), "serve"], env=env,
                            stdout=log.open("wb"), stderr=subprocess.STDOUT)
    config = tomllib.loads((project / "supabase" / "config.toml").read_text())
    health = f"http://127.0.0.1:{config.get('api', {}).get('port', 54321)}/health"
    deadline = time.monotonic() + 180
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"gateway serve exited with {proc.returncode}:\n{log.read_text()[-3000:]}")
        try:
            if httpx.get(health, timeout=0.5).status_code == 200:
                with psycopg.connect(database_url or tcp_url(db_port), autocommit=True) as conn:
                    for statement in suite.setup_sql:
                        conn.execute(statement)
                return proc
        except httpx.HTTPError:
            pass
        time.sleep(0.2)
    proc.kill()
    raise SystemExit(f"gateway serve did not become healthy:\n{log.read_text()[-3000:]}")


def run_pytest(package: Path, suite: Suite, report: Path) -> dict:
    """pytest's JUnit report in the shape of jest's, for one summary."""
    python = CACHE / f"venv-{suite.name}" / "bin" / "python"
    subprocess.run([str(python), "-m", "pytest", "-q", "-p", "no:cacheprovider", f"--junitxml={report}",
                    *suite.jest_args], cwd=package, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    counts = {"passed": 0, "failed": 0, "pending": 0}
    files: dict[str, list] = {}
    for case in ElementTree.parse(report).iter("testcase"):
        outcome = next((child for child in case if child.tag in ("failure", "error", "skipped")), None)
        status = {"failure": "failed", "error": "failed", "skipped": "pending"}.get(
            outcome.tag if outcome is not None else "", "passed")
        counts[status] += 1
        files.setdefault(case.get("classname", ""), []).append({
            "fullName": case.get("name"), "status": status,
            "failureMessages": [outcome.get("message") or ""] if outcome is not None else []})
    return {"numPassedTests": counts["passed"], "numFailedTests": counts["failed"],
            "numPendingTests": counts["pending"],
            "testResults": [{"name": name, "status": "", "assertionResults": tests} for name, tests in files.items()]}


def run_jest(package: Path, suite: Suite, report: Path) -> dict:
    jest = ["npx", "-y", f"node@{suite.node}", "node_modules/jest/bin/jest.js"] if suite.node else ["npx", "jest"]
    subprocess.run([*jest, *suite.jest_args, "--json", f"--outputFile={report}"], cwd=package,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return json.loads(report.read_text())


def first_line(messages: list[str]) -> str:
    lines = [line.strip() for message in messages for line in message.splitlines() if line.strip()]
    return lines[0][:160] if lines else ""


def summarise(name: str, result: dict) -> None:
    print(f"{name}: {result['numPassedTests']} passed, {result['numFailedTests']} failed, "
          f"{result['numPendingTests'] + result.get('numTodoTests', 0)} skipped")
    for file in result["testResults"]:
        failed = [f"{t['fullName']}: {first_line(t['failureMessages'])}" for t in file["assertionResults"]
                  if t["status"] == "failed"]
        if not failed and file["status"] == "failed":
            failed = ["(the file did not run) " + file.get("message", "").strip().splitlines()[0]]
        for test in failed:
            print(f"  FAIL {Path(file['name']).name}: {test}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--supabase-js", help="a checkout of the supabase-js monorepo (default: clone the tag)")
    parser.add_argument("--supabase-py", help="a checkout of the supabase-py monorepo (default: clone the tag)")
    parser.add_argument("--pg-bin", default="/usr/lib/postgresql/15/bin",
                        help="a PostgreSQL's bin folder, with postgis installed (Debian: postgresql-15-postgis-3)")
    parser.add_argument("--logs", help="a folder to keep each suite's gateway log in")
    parser.add_argument("suites", nargs="*", default=list(SUITES), choices=list(SUITES))
    args = parser.parse_args()
    for name in args.suites:
        suite = SUITES[name]
        repo = (checkout(args.supabase_js, SUPABASE_JS_URL, SUPABASE_JS_TAG) if suite.repo == "supabase-js" else
                checkout(args.supabase_py, SUPABASE_PY_URL, SUPABASE_PY_TAG))
        install(repo, suite)
        package = repo / suite.package
        for command in suite.prepare:
            subprocess.run(command, shell=True, cwd=package, check=True, stdout=subprocess.DEVNULL)
        with tempfile.TemporaryDirectory(prefix=f"suite-{name}-") as tmp:
            project = Path(tmp) / "project"
            shutil.copytree(package / suite.project, project, ignore=shutil.ignore_patterns(".temp", ".branches"))
            log = Path(tmp) / "gateway.log"
            db, url = postgres(Path(tmp) / "db", Path(args.pg_bin)) if suite.postgis else (None, None)
            try:
                proc = serve(project, Path(tmp) / "data", url, log, suite)
                try:
                    run = run_pytest if suite.pip else run_jest
                    result = run(package, suite, Path(tmp) / "report")
                finally:
                    proc.send_signal(signal.SIGINT)
                    proc.wait(timeout=60)
                    if args.logs:
                        Path(args.logs).mkdir(parents=True, exist_ok=True)
                        shutil.copy(log, Path(args.logs) / f"{name}.gateway.log")
            finally:
                if db:
                    db.terminate()
                    db.wait(timeout=60)
            summarise(name, result)


if __name__ == "__main__":
    main()
