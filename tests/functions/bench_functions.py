"""Prints throughput and latency of function calls: the runtime alone (echo), send-contact-email in-process, and
send-contact-email relayed to its own process.

    .venv/bin/python -m tests.functions.bench_functions [--requests 400] [--concurrency 16]

Uses TEST_DATABASE_URL's server when set, otherwise a throw-away embedded PostgreSQL.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import statistics
import tempfile
import time
from contextlib import ExitStack
from dataclasses import replace
from pathlib import Path

import httpx

from gateway.database import embedded, migrate
from gateway.project.folder import Project
from gateway.settings import PROJECT_ROOT
from tests.conftest import make_settings
from tests.functions.conftest import FORWARDED, SAMPLE_FUNCTIONS
from tests.functions.standalone import function_process
from tests.support.live import bind_to_port, run_gateway
from tests.support.pg import PgCluster


async def hammer(url: str, headers: dict, body_for, requests: int, concurrency: int, subnet: int) -> tuple[float, list[float], dict[int, int]]:
    latencies: list[float] = []
    failures: dict[int, int] = {}
    queue = iter(range(requests))

    async def worker(client: httpx.AsyncClient) -> None:
        for n in queue:
            started = time.perf_counter()
            # One client address per request, and a subnet per run: the cooldown is shared by every process.
            address = f"10.{subnet}.{n // 256 % 256}.{n % 256}"
            response = await client.post(url, json=body_for(n), headers={**headers, FORWARDED: address})
            latencies.append(time.perf_counter() - started)
            if response.status_code != 200:
                failures[response.status_code] = failures.get(response.status_code, 0) + 1

    async with httpx.AsyncClient(timeout=60, limits=httpx.Limits(max_connections=concurrency)) as client:
        started = time.perf_counter()
        await asyncio.gather(*(worker(client) for _ in range(concurrency)))
        elapsed = time.perf_counter() - started
    return elapsed, latencies, failures


def report(name: str, elapsed: float, latencies: list[float], failures: dict[int, int]) -> None:
    cuts = statistics.quantiles(latencies, n=100)
    print(f"{name:<40} {len(latencies) / elapsed:8.0f} req/s   p50 {cuts[49] * 1000:6.1f} ms   "
          f"p95 {cuts[94] * 1000:6.1f} ms   p99 {cuts[98] * 1000:6.1f} ms   non-200: {failures or 'none'}", flush=True)


def contact_body(run: str):
    return lambda n: {"name": "Bench", "email": f"bench-{run}-{n}@example.com", "service": "Other",
                      "message": "Benchmark message"}


def bench_database(stack: ExitStack, name: str) -> str:
    """A migrated database, on TEST_DATABASE_URL's server or a throw-away embedded one, gone when `stack` closes."""
    admin_url = os.environ.get("TEST_DATABASE_URL")
    if not admin_url:
        data_dir = Path(tempfile.mkdtemp(prefix=f"{name}-"))
        stack.callback(shutil.rmtree, data_dir, ignore_errors=True)
        server = embedded.start(data_dir)
        stack.callback(server.stop)
        admin_url = server.url
    cluster = PgCluster(admin_url=admin_url)
    database = cluster.create_database(name)
    stack.callback(cluster.drop_database, database)
    database_url = cluster.url_for(database)
    migrate.apply_pending(database_url, Project.load(PROJECT_ROOT))
    return database_url


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--requests", type=int, default=400)
    parser.add_argument("--concurrency", type=int, default=16)
    args = parser.parse_args()
    with ExitStack() as stack:
        database_url = bench_database(stack, "bench_functions")
        data = Path(tempfile.mkdtemp(prefix="bench-fn-data-"))
        stack.callback(shutil.rmtree, data, ignore_errors=True)

        settings = make_settings(database_url, data, trusted_proxy_header=FORWARDED)
        samples = stack.enter_context(run_gateway(bind_to_port(replace(settings, functions_dir=SAMPLE_FUNCTIONS))))
        local = stack.enter_context(run_gateway(settings))
        process_url = stack.enter_context(function_process(settings, "send-contact-email", data / "fn.log"))
        relayed = stack.enter_context(run_gateway(bind_to_port(replace(
            settings, function_urls={"send-contact-email": process_url}))))

        print(f"{args.requests} requests, {args.concurrency} concurrent, {os.cpu_count()} cores", flush=True)
        runs = [
            ("echo function (runtime only)", f"{samples.url}/functions/v1/probe", samples, lambda n: {"n": n}),
            ("send-contact-email, in-process", f"{local.url}/functions/v1/send-contact-email", local,
             contact_body("local")),
            ("send-contact-email, relayed", f"{relayed.url}/functions/v1/send-contact-email", relayed,
             contact_body("relay")),
        ]
        for subnet, (label, url, gw, body_for) in enumerate(runs):
            elapsed, latencies, failures = asyncio.run(
                hammer(url, gw.headers(), body_for, args.requests, args.concurrency, subnet))
            report(label, elapsed, latencies, failures)


if __name__ == "__main__":
    main()
