"""Auth throughput: password sign-ins (bcrypt-bound), refresh-token rotations and GET /user, per second.

Starts an embedded PostgreSQL in a temporary folder and one gateway (uvicorn, one worker) on a free port, then
drives it with concurrent httpx clients. Prints figures; asserts nothing.

    .venv/bin/python bench/auth_bench.py [--seconds 5] [--concurrency 8]
"""

from __future__ import annotations

import argparse
import asyncio
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

import httpx
import psycopg

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gateway import embedded, migrate  # noqa: E402
from gateway.project import Project  # noqa: E402
from gateway.seed import hash_password  # noqa: E402
from gateway.settings import PROJECT_ROOT  # noqa: E402
from tests.conftest import make_settings  # noqa: E402
from tests.support.live import run_gateway  # noqa: E402

PASSWORD = "bench-password"
VERSIONED = {"X-Supabase-Api-Version": "2024-01-01"}


async def measure(name: str, seconds: float, concurrency: int, call) -> None:
    latencies: list[float] = []
    deadline = time.monotonic() + seconds

    async def worker(index: int) -> None:
        while time.monotonic() < deadline:
            started = time.perf_counter()
            await call(index)
            latencies.append(time.perf_counter() - started)

    started = time.monotonic()
    await asyncio.gather(*(worker(i) for i in range(concurrency)))
    elapsed = time.monotonic() - started
    latencies.sort()
    p95 = latencies[int(len(latencies) * 0.95) - 1] if latencies else 0
    print(f"{name:<22} {len(latencies) / elapsed:8.1f}/s   median {statistics.median(latencies) * 1000:6.1f} ms"
          f"   p95 {p95 * 1000:6.1f} ms   ({len(latencies)} requests)")


async def run(url: str, anon_key: str, emails: list[str], seconds: float, concurrency: int) -> None:
    headers = {"apikey": anon_key, "Authorization": f"Bearer {anon_key}", **VERSIONED}
    async with httpx.AsyncClient(base_url=f"{url}/auth/v1", headers=headers, timeout=60,
                                 limits=httpx.Limits(max_connections=concurrency)) as client:
        async def sign_in(index: int) -> dict:
            response = await client.post("/token?grant_type=password", json={"email": emails[index], "password": PASSWORD})
            response.raise_for_status()
            return response.json()

        sessions = [await sign_in(i) for i in range(concurrency)]

        async def refresh(index: int) -> None:
            response = await client.post("/token?grant_type=refresh_token",
                                         json={"refresh_token": sessions[index]["refresh_token"]})
            response.raise_for_status()
            sessions[index] = response.json()

        async def get_user(index: int) -> None:
            response = await client.get("/user", headers={"Authorization": f"Bearer {sessions[index]['access_token']}"})
            response.raise_for_status()

        await measure("password sign-in", seconds, concurrency, sign_in)
        await measure("refresh rotation", seconds, concurrency, refresh)
        await measure("GET /user", seconds, concurrency, get_user)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5)
    parser.add_argument("--concurrency", type=int, default=8)
    args = parser.parse_args()
    data_dir = Path(tempfile.mkdtemp(prefix="auth-bench-"))
    server = embedded.start(data_dir / "pg")
    try:
        migrate.apply_pending(server.url, Project.load(PROJECT_ROOT))
        emails = [f"bench{i}@example.com" for i in range(args.concurrency)]
        with psycopg.connect(server.url, autocommit=True) as conn:
            for email in emails:
                conn.execute("insert into auth.users (email, encrypted_password, email_confirmed_at) values (%s, %s, now())",
                             (email, hash_password(PASSWORD)))
        settings = make_settings(server.url, data_dir, web_dist=data_dir / "no-site")
        with run_gateway(settings) as live:
            print(f"auth benchmark: {args.concurrency} concurrent clients, {args.seconds:g} s each, one gateway worker")
            asyncio.run(run(live.url, live.anon_key, emails, args.seconds, args.concurrency))
    finally:
        server.stop()
        shutil.rmtree(data_dir, ignore_errors=True)


if __name__ == "__main__":
    main()
