"""Prints the cold start of a Deno function and warm requests/s and latency of hello-world, and of one select of
five rows (supabase-js through the gateway's REST in Deno, the service-role connection in Python), as a Deno
function beside the same as a Python handler, at 2 and 16 connections (the gateway and the load in one process, as
tests/functions/bench_functions.py measures).

    .venv/bin/python -m bench.deno_functions_bench [--requests 400]

Uses TEST_DATABASE_URL's server when set, otherwise a throw-away embedded PostgreSQL.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import tempfile
import time
from contextlib import ExitStack
from pathlib import Path

import httpx

from gateway.project.folder import Project
from tests.conftest import make_settings
from tests.functions.bench_functions import bench_database, hammer, report
from tests.support.live import run_gateway

DENO = 'Deno.serve(async (req) => Response.json({ message: `Hello ${(await req.json()).n}!` }));\n'
PYTHON = """\
from gateway.functions.api import FunctionResponse


async def handle(request, ctx):
    return FunctionResponse({"message": f"Hello {request.body['n']}!"})
"""


DENO_SELECT = """\
import { createClient } from "npm:@supabase/supabase-js@2";

const admin = createClient(Deno.env.get("SUPABASE_URL")!, Deno.env.get("SUPABASE_SERVICE_ROLE_KEY")!, {
  auth: { persistSession: false },
});

Deno.serve(async () => {
  const { data, error } = await admin.from("companies").select("name").order("name").limit(5);
  return error ? Response.json({ error: error.message }, { status: 500 }) : Response.json(data);
});
"""
PYTHON_SELECT = """\
from gateway.functions.api import FunctionResponse


async def handle(request, ctx):
    async with ctx.db.transaction() as conn:
        cursor = await conn.execute("select name from public.companies order by name limit 5")
        return FunctionResponse([{"name": name} for (name,) in await cursor.fetchall()])
"""
FUNCTIONS = {
    "hello-deno": {"index.ts": DENO},
    "hello_python": {"function.toml": "verify_jwt = true\n", "handler.py": PYTHON},
    "select-deno": {"index.ts": DENO_SELECT},
    "select_python": {"function.toml": "verify_jwt = true\n", "handler.py": PYTHON_SELECT},
}


def write_project(root: Path) -> Project:
    for folder, files in FUNCTIONS.items():
        (root / "supabase" / "functions" / folder).mkdir(parents=True)
        for name, text in files.items():
            (root / "supabase" / "functions" / folder / name).write_text(text)
    return Project.load(root)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--requests", type=int, default=400)
    args = parser.parse_args()
    with ExitStack() as stack:
        database_url = bench_database(stack, "bench_deno")
        root = Path(tempfile.mkdtemp(prefix="bench-deno-project-"))
        stack.callback(shutil.rmtree, root, ignore_errors=True)
        project = write_project(root)
        live = stack.enter_context(run_gateway(make_settings(database_url, root / ".data", project=project,
                                                             functions_dir=project.functions_dir)))
        started = time.perf_counter()
        first = httpx.post(f"{live.url}/functions/v1/hello-deno", json={"n": 0}, headers=live.headers(), timeout=60)
        assert first.status_code == 200, first.text
        print(f"cold start of a Deno function (first request): {(time.perf_counter() - started) * 1000:.0f} ms")
        print(f"{args.requests} requests per run, {os.cpu_count()} cores", flush=True)
        warm = httpx.post(f"{live.url}/functions/v1/select-deno", json={}, headers=live.headers(), timeout=120)
        assert warm.status_code == 200, warm.text
        for work in ("hello", "select"):
            for concurrency in (2, 16):
                for label in ("Deno", "Python"):
                    elapsed, latencies, failures = asyncio.run(hammer(
                        f"{live.url}/functions/v1/{work}-{label.lower()}", live.headers(), lambda n: {"n": n},
                        args.requests, concurrency, 0))
                    report(f"{work}, {label}, {concurrency} connections", elapsed, latencies, failures)


if __name__ == "__main__":
    main()
