"""Load on the production shape: N concurrent clients for S seconds through nginx, on a mix of reads, writes,
sign-ins and realtime subscribers receiving the writes.

    .venv/bin/python bench/load.py --clients 200 --seconds 60

Starts compose.yaml's shape on loopback (tests/operations/cluster.py: a fresh PostgreSQL 15, two `gateway serve`
replicas with compose's settings, both functions, Debian's nginx with compose's config), or drives one already
running with --url/--database-url/--jwt-secret. Each client is one user on its own loopback address (127.0.x.y,
so nginx's X-Forwarded-For gives each its own auth rate-limit bucket, as distinct users have) with one keep-alive
connection. First every client signs in and every subscriber joins, 8 at a time (not measured); then for
--seconds the HTTP clients run closed-loop, each waiting --think seconds on average (exponentially distributed)
between an answer and its next request:

- HTTP clients (power-users, allowed to write tickets) pick at random: a read (the 20 newest tickets of a
  company, under RLS), a write (a ticket in a company, `return=representation`) or a sign-in (a password grant:
  bcrypt, cost 10), in the proportions of --mix;
- realtime clients (--subscribers of the N; read-users, each a member of one company) hold a websocket through
  nginx joined to `postgres_changes` on tickets of their company (Phoenix protocol as supabase-js speaks it,
  heartbeat every 25 s) and record each insert they receive, with its delay from the write's start.

Reports per kind: count, errors (any unexpected status, failed connection, or no answer within 30 s), req/s,
p50/p95/p99; for realtime, deliveries expected (each successful write to a subscriber's company), received,
missed and the delay.
Exits 1 when there was any error or missed delivery.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import sys
import time
import uuid
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlencode

import aiohttp
import psycopg
import websockets

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gateway.jwt_keys import JwtKeys  # noqa: E402

PASSWORD = "load-test-password"
COMPANIES = 20
REQUEST_TIMEOUT = 30.0
HEARTBEAT_SECONDS = 25.0
DRAIN_SECONDS = 10.0
ARRIVALS = 8  # clients signing in at once before the run
EXPECTED_STATUS = {"read": 200, "write": 201, "sign-in": 200}


@dataclass
class Target:
    url: str
    database_url: str
    keys: JwtKeys


@dataclass
class Results:
    latencies: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    errors: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    samples: list[str] = field(default_factory=list)
    writes: list[tuple[str, str]] = field(default_factory=list)  # (ticket id, company id), successful only
    measuring: bool = False
    peak_connections: int = 0
    cpu: dict[str, float] = field(default_factory=dict)  # CPU seconds used in the run, by service
    max_connections: int = 0

    def error(self, kind: str, what: str) -> None:
        self.errors[kind] += 1
        if len(self.samples) < 20:
            self.samples.append(f"{kind}: {what}")


@dataclass
class Subscriber:
    email: str
    company: str
    received: dict[str, float] = field(default_factory=dict)  # ticket id -> delay in seconds


def loopback(index: int) -> str:
    """A loopback address of its own per client (Linux routes all of 127/8 to lo)."""
    return f"127.0.{1 + (index + 2) // 250}.{(index + 2) % 250 + 1}"


def prepare(target: Target, http_clients: int, subscribers: int) -> tuple[list[str], list[str], list[Subscriber]]:
    """Companies, power-users for the HTTP clients and read-user members for the subscribers (created by the auth
    admin API, so their passwords are hashed as sign-up hashes them); returns companies, writer emails, subscribers."""
    run = uuid.uuid4().hex[:6]
    with psycopg.connect(target.database_url, autocommit=True) as conn:
        companies = [str(row[0]) for row in conn.execute(
            "insert into public.companies (name) select 'Load ' || %s || ' ' || n from generate_series(1, %s) n"
            " returning id", (run, COMPANIES)).fetchall()]
    writers = [f"load-{run}-w{n}@example.com" for n in range(http_clients)]
    watchers = [Subscriber(f"load-{run}-s{n}@example.com", companies[n % COMPANIES]) for n in range(subscribers)]
    ids = asyncio.run(_create_users(target, writers + [s.email for s in watchers]))
    with psycopg.connect(target.database_url, autocommit=True) as conn, conn.cursor() as cur:
        cur.executemany("insert into public.user_roles (user_id, role) values (%s, 'power-user')",
                        [(ids[email],) for email in writers])
        cur.executemany("insert into public.company_users (user_id, company_id, name, email) values (%s, %s, %s, %s)",
                        [(ids[s.email], s.company, s.email.split("@")[0], s.email) for s in watchers])
    return companies, writers, watchers


async def _create_users(target: Target, emails: list[str]) -> dict[str, str]:
    key = target.keys.service_role_key
    gate = asyncio.Semaphore(8)
    async with aiohttp.ClientSession(headers={"apikey": key, "Authorization": f"Bearer {key}"}) as session:
        async def create(email: str) -> tuple[str, str]:
            async with gate, session.post(f"{target.url}/auth/v1/admin/users", json={
                    "email": email, "password": PASSWORD, "email_confirm": True}) as response:
                body = await response.json()
                assert response.status == 200, body
                return email, body["id"]

        return dict(await asyncio.gather(*(create(email) for email in emails)))


def session_for(target: Target, index: int) -> aiohttp.ClientSession:
    connector = aiohttp.TCPConnector(limit=1, local_addr=(loopback(index), 0))
    return aiohttp.ClientSession(base_url=target.url, connector=connector,
                                 timeout=aiohttp.ClientTimeout(total=REQUEST_TIMEOUT),
                                 headers={"apikey": target.keys.anon_key})


async def timed(results: Results, kind: str, request) -> object | None:
    """Sends `request` (aiohttp's, not yet sent); records its latency (while measuring) or its error; returns the
    JSON body or None."""
    started = time.perf_counter()
    try:
        async with request as response:
            body = await response.read()
            elapsed = time.perf_counter() - started
            if response.status != EXPECTED_STATUS[kind]:
                results.error(kind, f"{response.status} {body[:200]!r}")
                return None
    except (TimeoutError, aiohttp.ClientError) as exc:
        results.error(kind, f"{type(exc).__name__}: {exc}")
        return None
    if results.measuring:
        results.latencies[kind].append(elapsed)
    return json.loads(body) if body else {}


async def sign_in(session: aiohttp.ClientSession, results: Results, email: str) -> str | None:
    body = await timed(results, "sign-in", session.post(
        "/auth/v1/token", params={"grant_type": "password"}, json={"email": email, "password": PASSWORD}))
    return body["access_token"] if body else None


async def http_client(target: Target, index: int, email: str, companies: list[str], mix: dict[str, float],
                      think: float, results: Results, ready: asyncio.Event, go: asyncio.Event,
                      arrivals: asyncio.Semaphore, rng: random.Random) -> None:
    kinds, weights = list(mix), list(mix.values())
    async with session_for(target, index) as session:
        async with arrivals:
            token = await sign_in(session, results, email)
        ready.set()
        await go.wait()
        while True:
            if think:
                await asyncio.sleep(rng.expovariate(1 / think))
            kind = rng.choices(kinds, weights)[0]
            if token is None or kind == "sign-in":
                token = await sign_in(session, results, email) or token
                continue
            auth = {"Authorization": f"Bearer {token}"}
            company = rng.choice(companies)
            if kind == "read":
                await timed(results, "read", session.get("/rest/v1/tickets", headers=auth, params={
                    "select": "id,title,status,priority,created_at", "company_id": f"eq.{company}",
                    "order": "created_at.desc", "limit": "20"}))
            else:
                row = {"title": f"Load {uuid.uuid4().hex[:8]}", "company_id": company, "description": repr(time.time())}
                body = await timed(results, "write", session.post(
                    "/rest/v1/tickets", params={"select": "id"}, json=row,
                    headers={**auth, "Prefer": "return=representation"}))
                if body and results.measuring:
                    results.writes.append((body[0]["id"], company))


async def realtime_client(target: Target, index: int, subscriber: Subscriber, results: Results,
                          joined: asyncio.Event, stop: asyncio.Event, arrivals: asyncio.Semaphore) -> None:
    async with arrivals, session_for(target, index) as session:
        token = await sign_in(session, results, subscriber.email)
    if token is None:
        joined.set()
        return
    url = target.url.replace("http://", "ws://") + "/realtime/v1/websocket?" + urlencode(
        {"apikey": target.keys.anon_key, "vsn": "2.0.0"})
    try:
        async with websockets.connect(url, local_addr=(loopback(index), 0), max_size=None, open_timeout=60) as ws:
            await ws.send(json.dumps(["1", "1", "realtime:tickets", "phx_join", {
                "config": {"postgres_changes": [{"event": "INSERT", "schema": "public", "table": "tickets",
                                                 "filter": f"company_id=eq.{subscriber.company}"}]},
                "access_token": token}]))
            heartbeat = asyncio.create_task(_heartbeat(ws))
            try:
                while not stop.is_set():
                    try:
                        raw = await asyncio.wait_for(ws.recv(), timeout=0.5)
                    except TimeoutError:
                        continue
                    _, ref, _, event, payload = json.loads(raw)
                    if event == "phx_reply" and ref == "1":
                        if payload["status"] != "ok":
                            results.error("realtime", f"join refused: {payload}")
                            return
                        joined.set()
                    elif event == "postgres_changes":
                        record = payload["data"]["record"]
                        subscriber.received[record["id"]] = time.time() - float(record["description"])
                    elif event in ("phx_error", "phx_close") or (event == "system" and payload.get("status") == "error"):
                        results.error("realtime", f"{event}: {payload}")
            finally:
                heartbeat.cancel()
    except (TimeoutError, OSError, websockets.WebSocketException) as exc:
        results.error("realtime", f"{type(exc).__name__}: {exc}")
    finally:
        joined.set()


async def _heartbeat(ws) -> None:
    ref = 1000
    while True:
        await asyncio.sleep(HEARTBEAT_SECONDS)
        ref += 1
        await ws.send(json.dumps([None, str(ref), "phoenix", "heartbeat", {}]))


async def drive(target: Target, companies: list[str], writers: list[str], watchers: list[Subscriber],
                mix: dict[str, float], think: float, seconds: float, cpu) -> tuple[Results, float]:
    """Every client signs in and every subscriber joins first (a few at a time, not measured), then the HTTP
    clients run for `seconds`."""
    results = Results()
    stop, go = asyncio.Event(), asyncio.Event()
    arrivals = asyncio.Semaphore(ARRIVALS)
    joins = [asyncio.Event() for _ in watchers]
    subscribed = [asyncio.create_task(realtime_client(target, len(writers) + n, s, results, joins[n], stop, arrivals))
                  for n, s in enumerate(watchers)]
    ready = [asyncio.Event() for _ in writers]
    clients = [asyncio.create_task(http_client(target, n, email, companies, mix, think, results, ready[n], go,
                                               arrivals, random.Random(n)))
               for n, email in enumerate(writers)]
    await asyncio.wait_for(asyncio.gather(*(event.wait() for event in joins + ready)), timeout=600)
    results.measuring = True
    sampler = asyncio.create_task(_count_connections(target, results))
    started, cpu_before = time.perf_counter(), cpu()
    go.set()
    await asyncio.sleep(seconds)
    results.measuring = False
    elapsed = time.perf_counter() - started
    results.cpu = {name: used - cpu_before.get(name, 0.0) for name, used in cpu().items()}
    # The HTTP clients end mid-request; the last writes' deliveries get DRAIN_SECONDS, then the websockets close.
    for task in clients:
        task.cancel()
    await asyncio.gather(*clients, return_exceptions=True)
    deadline = time.monotonic() + DRAIN_SECONDS
    while time.monotonic() < deadline and _missed(results, watchers):
        await asyncio.sleep(0.2)
    stop.set()
    sampler.cancel()
    await asyncio.gather(*subscribed, sampler, return_exceptions=True)
    return results, elapsed


async def _count_connections(target: Target, results: Results) -> None:
    """The most client connections PostgreSQL held during the run (sampled each second), against its limit."""
    async with await psycopg.AsyncConnection.connect(target.database_url, autocommit=True) as conn:
        results.max_connections = int((await (await conn.execute("show max_connections")).fetchone())[0])
        while True:
            count = (await (await conn.execute(
                "select count(*) from pg_stat_activity where backend_type = 'client backend'")).fetchone())[0]
            results.peak_connections = max(results.peak_connections, count)
            await asyncio.sleep(1)


def _missed(results: Results, watchers: list[Subscriber]) -> int:
    return sum(1 for s in watchers for ticket, company in results.writes
               if company == s.company and ticket not in s.received)


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p * len(ordered)))] * 1000 if ordered else float("nan")


def report(results: Results, watchers: list[Subscriber], elapsed: float, clients: int, subscribers: int) -> int:
    print(f"\n{clients} clients ({clients - subscribers} HTTP, {subscribers} realtime) for {elapsed:.1f} s")
    print(f"{'kind':<10} {'count':>7} {'errors':>6} {'req/s':>7} {'p50 ms':>8} {'p95 ms':>8} {'p99 ms':>8}")
    total = 0
    for kind in ("read", "write", "sign-in"):
        values = results.latencies[kind]
        total += len(values)
        print(f"{kind:<10} {len(values):>7} {results.errors[kind]:>6} {len(values) / elapsed:>7.1f} "
              f"{percentile(values, .50):>8.1f} {percentile(values, .95):>8.1f} {percentile(values, .99):>8.1f}")
    print(f"{'all HTTP':<10} {total:>7} {sum(results.errors[k] for k in EXPECTED_STATUS):>6} {total / elapsed:>7.1f}")
    delays = [delay for s in watchers for ticket, delay in s.received.items()]
    written = {ticket for ticket, _ in results.writes}
    delivered = sum(1 for s in watchers for ticket in s.received if ticket in written)
    expected = sum(1 for s in watchers for _, company in results.writes if company == s.company)
    missed = _missed(results, watchers)
    print(f"realtime: {expected} deliveries expected, {delivered} received ({delivered / elapsed:.1f}/s), "
          f"{missed} missed, {results.errors['realtime']} errors; write start -> received: "
          f"p50 {percentile(delays, .50):.1f} ms, p95 {percentile(delays, .95):.1f} ms, "
          f"p99 {percentile(delays, .99):.1f} ms")
    print(f"PostgreSQL client connections: at most {results.peak_connections} of max_connections "
          f"{results.max_connections}")
    if results.cpu:
        print(f"CPU seconds used in the {elapsed:.0f} s (of {os.cpu_count() * elapsed:.0f} on the machine): " + ", ".join(
            f"{name} {used:.1f}" for name, used in results.cpu.items()))
    for sample in results.samples:
        print(f"  error {sample}")
    return 1 if sum(results.errors.values()) or missed else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--clients", type=int, default=200)
    parser.add_argument("--subscribers", type=int, default=40, help="how many of the clients are realtime ones")
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--mix", default="read=75,write=20,sign-in=5", help="weights of the HTTP clients' requests")
    parser.add_argument("--think", type=float, default=0.5,
                        help="mean seconds an HTTP client waits between an answer and its next request (exponential;"
                             " 0: none)")
    parser.add_argument("--url", help="an already running cluster's nginx (else one is started)")
    parser.add_argument("--database-url", help="its owner URL (with --url)")
    parser.add_argument("--jwt-secret", help="its JWT secret (with --url)")
    args = parser.parse_args()
    mix = {kind: float(weight) for kind, weight in (part.split("=") for part in args.mix.split(","))}

    cluster = None
    if args.url:
        target = Target(args.url, args.database_url, JwtKeys(args.jwt_secret))
    else:
        from tests.operations.cluster import start

        cluster = start()
        target = Target(cluster.url, cluster.database_url, cluster.keys)
    try:
        companies, writers, watchers = prepare(target, args.clients - args.subscribers, args.subscribers)
        print(f"mix {args.mix}, think {args.think} s", flush=True)
        load_before = os.getloadavg()
        print(f"load average before: {load_before[0]:.2f} {load_before[1]:.2f} {load_before[2]:.2f}, "
              f"{os.cpu_count()} cores", flush=True)
        results, elapsed = asyncio.run(drive(target, companies, writers, watchers, mix, args.think, args.seconds,
                                             cpu=lambda: {**(cluster.cpu_seconds() if cluster else {}),
                                                          "load generator": sum(os.times()[:2])}))
        load_after = os.getloadavg()
        status = report(results, watchers, elapsed, args.clients, args.subscribers)
        print(f"load average after: {load_after[0]:.2f} {load_after[1]:.2f} {load_after[2]:.2f}")
    finally:
        if cluster is not None:
            leftovers = cluster.stop()
            if leftovers:
                print(f"still running after stop: {leftovers}", file=sys.stderr)
    return status


if __name__ == "__main__":
    sys.exit(main())
