"""What row-level security costs: the ticket list (the ticketing shell's main read) as the service role (no
policies), a super-admin, a power-user and a read-user, in the gateway's request transaction.

Run: .venv/bin/python -m tests.policies.bench_policies [tickets] [rounds]
Prints milliseconds per read and rows returned per actor. Not a test: figures, no assertions.
"""

from __future__ import annotations

import asyncio
import shutil
import sys
import tempfile
import time
from pathlib import Path

import psycopg

from gateway.claims import Caller
from gateway.database import embedded, migrate
from gateway.database.transactions import open_pool, request_tx
from gateway.jwt_keys import JwtKeys
from gateway.project.folder import Project
from gateway.settings import PROJECT_ROOT
from tests.policies.conftest import make_people

LIST_TICKETS = ("select coalesce(json_agg(t), '[]') from (select * from public.tickets"
                " order by created_at desc limit 1000) t")


def fill_tickets(db: psycopg.Connection, count: int) -> None:
    db.execute("insert into companies (name) select 'Bench company ' || n from generate_series(1, 50) n")
    db.execute(
        "insert into tickets (title, company_id, created_at)"
        " select 'Bench ticket ' || n, (select array_agg(id order by name) from companies)[1 + n %% 52],"
        " now() - make_interval(mins => n) from generate_series(1, %s) n", (count,))
    db.execute("analyze")


async def read_once(pool, caller) -> int:
    async with request_tx(pool, role=caller.role, claims=caller.claims, read_only=True) as conn:
        return len((await (await conn.execute(LIST_TICKETS)).fetchone())[0])


async def measure(url: str, caller: Caller, rounds: int) -> tuple[float, int]:
    pool = await open_pool(url, min_size=1, max_size=1, name="bench")
    try:
        rows = await read_once(pool, caller)  # warm the connection and the plan cache
        started = time.perf_counter()
        for _ in range(rounds):
            await read_once(pool, caller)
        return (time.perf_counter() - started) * 1000 / rounds, rows
    finally:
        await pool.close()


def main(tickets: int = 20000, rounds: int = 50) -> None:
    data_dir = Path(tempfile.mkdtemp(prefix="bench-policies-"))
    server = embedded.start(data_dir)
    try:
        migrate.apply_pending(server.url, Project.load(PROJECT_ROOT))
        people = make_people(server.url, JwtKeys("bench-only-jwt-secret-0123456789abcdef0123456789"))
        with psycopg.connect(server.url, autocommit=True) as db:
            fill_tickets(db, tickets)
        print(f"ticket list (latest 1000 of {tickets} tickets, 52 companies), {rounds} reads each")
        for actor in ("service_role", "admin", "power", "reader", "signup"):
            ms, rows = asyncio.run(measure(server.url, people.identities[actor].caller, rounds))
            print(f"  {actor:12} {ms:7.2f} ms/read  {rows:5} rows")
    finally:
        server.stop()
        shutil.rmtree(data_dir, ignore_errors=True)


if __name__ == "__main__":
    main(*(int(arg) for arg in sys.argv[1:3]))
