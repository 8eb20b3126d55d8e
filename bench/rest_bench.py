"""REST throughput: the ticket list (50 rows, company and assignee embedded, under RLS as a signed-in user), a
single-row read and an insert, through the gateway with wrk; and the same statements run directly through psycopg
in the same kind of transaction (the floor). Prints figures; asserts nothing.

Starts an embedded PostgreSQL in a temporary folder, applies the migrations and policies, seeds 400 tickets, and
runs two gateway processes (uvicorn, one worker each, driven one at a time): one as shipped, and one whose cache of
verified tokens never keeps a token, so every request pays PyJWT's check. Each scenario runs the three back to
back, so on a noisy machine they share the same conditions.

    .venv/bin/python bench/rest_bench.py [--seconds 10] [--connections 16]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path
from urllib.parse import urlencode

import httpx
import psycopg

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from gateway.database import embedded, migrate
from gateway.database.transactions import open_pool, request_tx
from gateway.jwt_keys import JwtKeys
from gateway.project.folder import Project
from gateway.rest import plan, schema_cache
from gateway.rest.request import parse_request
from gateway.rest.statements import compose
from gateway.settings import PROJECT_ROOT
from tests.support.live import free_port
from tests.support.serve import stop_processes

SECRET = "bench-only-jwt-secret-0123456789abcdef0123456789"
READER, WRITER = str(uuid.uuid4()), str(uuid.uuid4())
LIST_QUERY = [
    ("select", "*,company:companies(name),assignee:company_users!tickets_assigned_to_fkey(name,email)"),
    ("order", "created_at.desc"), ("limit", "50"),
]


def seed(url: str) -> tuple[str, str]:
    with psycopg.connect(url, autocommit=True) as conn:
        for user_id, email in ((READER, "reader@bench.test"), (WRITER, "writer@bench.test")):
            conn.execute("insert into auth.users (id, aud, role, email) values (%s, 'authenticated', 'authenticated', %s)",
                         (user_id, email))
        conn.execute("insert into public.user_roles (user_id, role) values (%s, 'power-user')", (WRITER,))
        mine = conn.execute("insert into public.companies (name) values ('Bench One') returning id").fetchone()[0]
        other = conn.execute("insert into public.companies (name) values ('Bench Two') returning id").fetchone()[0]
        agents = [conn.execute("insert into public.company_users (company_id, name, email, user_id) values"
                               " (%s, %s, %s, %s) returning id", (company, f"Agent {i}", f"agent{i}@bench.test",
                                                                  READER if i == 0 else None)).fetchone()[0]
                  for i, company in enumerate([mine, mine, other])]
        conn.execute(
            "insert into public.tickets (title, description, company_id, assigned_to, priority, status, created_at)"
            " select 'Ticket ' || g, repeat('details ', 10), case when g %% 2 = 0 then %s else %s end::uuid,"
            " case when g %% 4 = 0 then %s when g %% 2 = 0 then %s else %s end::uuid,"
            " (array['low','medium','high'])[1 + g %% 3], 'open', now() - g * interval '1 minute'"
            " from generate_series(1, 400) g",
            (mine, other, agents[0], agents[1], agents[2]))
        conn.execute("analyze")
        one = conn.execute("select id from public.tickets where company_id = %s limit 1", (mine,)).fetchone()[0]
    return str(mine), str(one)


def user_token(keys: JwtKeys, user_id: str) -> str:
    now = int(time.time())
    return keys.sign({"sub": user_id, "aud": "authenticated", "role": "authenticated", "iat": now, "exp": now + 7200,
                      "email": "bench@bench.test", "aal": "aal1", "amr": [], "session_id": str(uuid.uuid4()),
                      "app_metadata": {}, "user_metadata": {}, "is_anonymous": False})


def start_gateway(database_url: str, data_dir: Path, port: int, token_cache: bool = True) -> subprocess.Popen:
    env = {**os.environ, "DATABASE_URL": database_url, "JWT_SECRET": SECRET, "API_PORT": str(port),
           "DATA_DIR": str(data_dir), "RATE_LIMITS": "0", "SEED_DEMO": "0", "DEV_MAILBOX": "0"}
    no_cache = "" if token_cache else "from gateway.keys import VerifiedTokens; VerifiedTokens.remember = lambda *a: None;"
    code = ("import uvicorn; from gateway.app import create_app; from gateway.settings import Settings;" + no_cache +
            f"uvicorn.run(create_app(Settings.from_env()), host='127.0.0.1', port={port}, log_level='warning',"
            " access_log=False)")
    process = subprocess.Popen([sys.executable, "-c", code], cwd=ROOT, env=env)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/health", timeout=1).status_code == 200:
                return process
        except httpx.HTTPError:
            time.sleep(0.1)
    process.kill()
    raise RuntimeError("the gateway did not start")


def wrk(url: str, headers: dict[str, str], seconds: int, connections: int, body: str | None = None,
        lua: str | None = None) -> dict:
    """`lua`: a wrk script of its own (e.g. a `request` function that varies the body), instead of `body`."""
    args = ["wrk", "-t2", f"-c{connections}", f"-d{seconds}s", "--latency"]
    for name, value in headers.items():
        args += ["-H", f"{name}: {value}"]
    with tempfile.NamedTemporaryFile("w", suffix=".lua") as script:
        if body is not None:
            lua = f'wrk.method = "POST"\nwrk.body = {json.dumps(body)}\n'
        if lua is not None:
            script.write(lua)
            script.flush()
            args += ["-s", script.name]
        output = subprocess.run([*args, url], capture_output=True, text=True, check=True).stdout
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", output)
    if errors:
        raise RuntimeError(f"wrk saw {errors.group(1)} failed responses:\n{output}")
    latency = dict(re.findall(r"^\s+(50|90|99)%\s+(\S+)", output, re.MULTILINE))
    return {"rps": float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1)),
            "p50": _ms(latency["50"]), "p99": _ms(latency["99"])}


def _ms(text: str) -> float:
    value, unit = re.match(r"([\d.]+)(\w+)", text).groups()
    return float(value) * {"us": 0.001, "ms": 1, "s": 1000}[unit]


async def psycopg_floor(url: str, statement, role_claims: dict, method: str, seconds: int, concurrency: int) -> dict:
    """The gateway's own statement in the gateway's own transaction shape, with no HTTP, JWT or planning."""
    pool = await open_pool(url, min_size=concurrency, max_size=concurrency, name="bench-floor")
    latencies: list[float] = []
    deadline = time.monotonic() + seconds

    async def worker() -> None:
        while time.monotonic() < deadline:
            started = time.perf_counter()
            async with request_tx(pool, role="authenticated", claims=role_claims, method=method,
                                  read_only=method == "GET") as conn:
                await (await conn.execute(statement.query, statement.params)).fetchone()
            latencies.append((time.perf_counter() - started) * 1000)

    started = time.monotonic()
    await asyncio.gather(*(worker() for _ in range(concurrency)))
    elapsed = time.monotonic() - started
    await pool.close()
    latencies.sort()
    return {"rps": len(latencies) / elapsed, "p50": statistics.median(latencies),
            "p99": latencies[int(len(latencies) * 0.99) - 1]}


async def statements(url: str, company: str, ticket: str) -> dict:
    async with await psycopg.AsyncConnection.connect(url, autocommit=True) as conn:
        cache = await schema_cache.load(conn, ("public",))

    def build(method: str, path: str, query: list, headers: dict, body: bytes = b"") -> object:
        request = parse_request(method, path, query, headers, body, ("public",))
        return compose(plan.plan_action(cache, request, "authenticated", None)[1])

    insert_body = json.dumps({"title": "Bench insert", "company_id": company}).encode()
    return {
        "list": build("GET", "tickets", LIST_QUERY, {}),
        "single": build("GET", "tickets", [("id", f"eq.{ticket}")], {"accept": "application/vnd.pgrst.object+json"}),
        "insert": build("POST", "tickets", [], {"content-type": "application/json"}, insert_body),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=int, default=10)
    parser.add_argument("--connections", type=int, default=16)
    options = parser.parse_args()
    if shutil.which("wrk") is None:
        sys.exit("wrk is needed: apt-get install -y wrk")
    work = Path(tempfile.mkdtemp(prefix="rest-bench-"))
    server = embedded.start(work)
    gateways: list[subprocess.Popen] = []
    try:
        with psycopg.connect(server.url, autocommit=True) as conn:
            conn.execute("create database rest_bench")
        url = server.url.replace("/postgres?", "/rest_bench?")
        migrate.apply_pending(url, Project.load(PROJECT_ROOT))
        company, ticket = seed(url)
        keys = JwtKeys(SECRET)
        ports = {"gateway": free_port(), "gateway, token cache off": free_port()}
        for index, (variant, port) in enumerate(ports.items()):
            data_dir = work / f"gateway-{index}"
            data_dir.mkdir()
            gateways.append(start_gateway(url, data_dir, port, token_cache=variant == "gateway"))
        reader = {"apikey": keys.anon_key, "Authorization": f"Bearer {user_token(keys, READER)}"}
        writer = {"apikey": keys.anon_key, "Authorization": f"Bearer {user_token(keys, WRITER)}",
                  "Content-Type": "application/json"}
        for port in ports.values():
            check = httpx.get(f"http://127.0.0.1:{port}/rest/v1/tickets?{urlencode(LIST_QUERY)}", headers=reader)
            assert check.status_code == 200 and len(check.json()) == 50, check.text[:300]
        built = asyncio.run(statements(url, company, ticket))
        reader_claims = {"sub": READER, "role": "authenticated"}
        writer_claims = {"sub": WRITER, "role": "authenticated"}
        scenarios = [
            ("ticket list, 50 rows + embeds, RLS", f"tickets?{urlencode(LIST_QUERY)}", reader, None,
             built["list"], reader_claims, "GET"),
            ("single row (object)", f"tickets?id=eq.{ticket}",
             {**reader, "Accept": "application/vnd.pgrst.object+json"}, None, built["single"], reader_claims, "GET"),
            ("insert one ticket", "tickets", writer, json.dumps({"title": "Bench insert", "company_id": company}),
             built["insert"], writer_claims, "POST"),
        ]
        print(f"{options.seconds}s per run, {options.connections} connections, 1 gateway worker, "
              f"{os.cpu_count()} cores shared by wrk, gateway and PostgreSQL\n")
        print(f"{'scenario':<38}{'through':<26}{'req/s':>8}{'p50 ms':>9}{'p99 ms':>9}{'/ floor':>9}")
        for name, target, headers, body, statement, claims, method in scenarios:
            floor = asyncio.run(psycopg_floor(url, statement, claims, method, options.seconds, options.connections))
            print(f"{name:<38}{'psycopg (floor)':<26}{floor['rps']:>8.0f}{floor['p50']:>9.1f}{floor['p99']:>9.1f}")
            for variant, port in ports.items():
                run = wrk(f"http://127.0.0.1:{port}/rest/v1/{target}", headers, options.seconds, options.connections,
                          body)
                print(f"{'':<38}{variant:<26}{run['rps']:>8.0f}{run['p50']:>9.1f}{run['p99']:>9.1f}"
                      f"{run['rps'] / floor['rps']:>9.2f}")
    finally:
        stop_processes(*gateways)
        server.stop()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
