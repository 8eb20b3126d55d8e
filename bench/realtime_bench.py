"""Realtime postgres_changes under RLS: N websocket subscribers with mixed claims, changes written at a steady rate.

Prints, per subscriber count, the delivery latency (commit → frame received: median, p95, p99), delivered
messages per second and how many expected deliveries never arrived.

    .venv/bin/python bench/realtime_bench.py --subscribers 100 500 1000 --rate 40 --duration 15

Runs `gateway serve` as shipped (its embedded PostgreSQL in a temporary folder, or DATABASE_URL, which must be a
scratch database; API_WORKERS processes, one per core by default, or --workers). The benchmark client and the
writer run in this process.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import json
import multiprocessing
import os
import shutil
import signal
import socket
import statistics
import struct
import subprocess
import sys
import tempfile
import time
import uuid
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from urllib.parse import urlencode

import httpx
import psycopg

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from gateway.database.embedded import tcp_url  # noqa: E402
from gateway.jwt_keys import JwtKeys  # noqa: E402

SECRET = "bench-only-jwt-secret-0123456789abcdef0123456789"
POLICY = """
drop policy if exists "Bench: members read their company's tickets" on public.tickets;
create policy "Bench: members read their company's tickets" on public.tickets for select to authenticated
    using (company_id in (select cu.company_id from public.company_users cu where cu.user_id = auth.uid()));
"""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def cpu_seconds(root: int) -> float:
    """User + system CPU time of a process and its descendants alive now (Linux /proc)."""
    total, pending = 0.0, [root]
    while pending:
        pid = pending.pop()
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
            pending += [int(c) for c in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
        except (FileNotFoundError, ProcessLookupError):
            continue
    return total


def postmaster_pid(data_dir: Path) -> int:
    """The embedded server's postmaster (0 with DATABASE_URL: not counted)."""
    pid_file = data_dir / "pg" / "postmaster.pid"
    return int(pid_file.read_text().split()[0]) if pid_file.exists() else 0


def start_gateway(data_dir: Path, port: int, db_port: int, workers: int | None) -> subprocess.Popen:
    """`gateway serve` as a user starts it; only the secret (to sign the users' tokens) and the port are set."""
    env = {**os.environ, "DATA_DIR": str(data_dir), "API_PORT": str(port), "JWT_SECRET": SECRET,
           "DB_PORT": str(db_port), "REQUEST_LOG": "false"}
    if workers:
        env["API_WORKERS"] = str(workers)
    process = subprocess.Popen([sys.executable, "-m", "gateway", "serve"], cwd=ROOT, env=env,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(600):
        if process.poll() is not None:
            raise SystemExit(f"gateway serve exited with {process.returncode}")
        try:
            if httpx.get(f"http://127.0.0.1:{port}/health", timeout=1).status_code == 200:
                return process
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    raise SystemExit("gateway serve did not become healthy")


def prepare(url: str, users: int) -> list[tuple[str, str]]:
    """`users` accounts, each the member of its own company; returns (user_id, company_id) pairs."""
    pairs = []
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(POLICY)
        for index in range(users):
            company = conn.execute("insert into public.companies (name) values (%s) returning id",
                                   (f"Bench company {uuid.uuid4().hex[:8]}",)).fetchone()[0]
            user = uuid.uuid4()
            email = f"bench-{user.hex[:8]}@example.com"
            conn.execute("insert into auth.users (id, email, aud, role) values (%s, %s, 'authenticated', 'authenticated')",
                         (user, email))
            conn.execute("insert into public.company_users (user_id, company_id, name, email) values (%s, %s, %s, %s)",
                         (user, company, f"user {index}", email))
            pairs.append((str(user), str(company)))
    return pairs


class FrameReader(asyncio.Protocol):
    """The receiving end of one websocket, kept lean so that the benchmark measures the gateway rather than its
    own client: the upgrade, then server frames (never masked, never fragmented by the gateway) parsed straight off
    the socket, each stamped with its arrival time as soon as it is read."""

    def __init__(self, on_frame) -> None:
        self.on_frame = on_frame
        self.transport: asyncio.Transport | None = None
        self.buffer = bytearray()
        self.upgraded = asyncio.get_running_loop().create_future()
        self.closed = asyncio.get_running_loop().create_future()

    def connection_made(self, transport) -> None:
        self.transport = transport

    def send_text(self, text: str) -> None:
        data, mask = text.encode(), os.urandom(4)
        size = len(data)
        head = bytes([0x81]) + (bytes([0x80 | size]) if size < 126 else struct.pack("!BH", 0x80 | 126, size))
        self.transport.write(head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(data)))

    def data_received(self, data: bytes) -> None:
        received = time.time()
        self.buffer += data
        if not self.upgraded.done():
            end = self.buffer.find(b"\r\n\r\n")
            if end < 0:
                return
            if not self.buffer.startswith(b"HTTP/1.1 101"):
                self.upgraded.set_exception(ConnectionError(bytes(self.buffer[:end]).decode(errors="replace")))
                return
            del self.buffer[:end + 4]
            self.upgraded.set_result(None)
        buffer, offset = self.buffer, 0
        while len(buffer) - offset >= 2:
            opcode, size, start = buffer[offset] & 0x0F, buffer[offset + 1] & 0x7F, offset + 2
            if size == 126:
                if len(buffer) - offset < 4:
                    break
                size, start = struct.unpack_from("!H", buffer, offset + 2)[0], offset + 4
            elif size == 127:
                if len(buffer) - offset < 10:
                    break
                size, start = struct.unpack_from("!Q", buffer, offset + 2)[0], offset + 10
            if len(buffer) < start + size:
                break
            if opcode == 0x1:
                self.on_frame(bytes(buffer[start:start + size]), received)
            offset = start + size
        del buffer[:offset]

    def connection_lost(self, exc) -> None:
        if not self.upgraded.done():
            self.upgraded.set_exception(exc or ConnectionError("closed during the upgrade"))
        if not self.closed.done():
            self.closed.set_result(None)


class Subscriber:
    def __init__(self, kind: str, company: str | None) -> None:
        self.kind = kind
        self.company = company
        self.latencies: list[float] = []
        self.joined = asyncio.get_running_loop().create_future()

    def on_frame(self, raw: bytes, received: float) -> None:
        # Only the change frames need the JSON parsed, and only for the time the writer put in the row.
        if b',"postgres_changes",' in raw:
            frame = json.loads(raw)
            if frame[3] == "postgres_changes":
                self.latencies.append(received - float(frame[4]["data"]["record"]["description"]))
        elif not self.joined.done():
            frame = json.loads(raw)
            if frame[3] == "phx_reply" and frame[1] == "1":
                if frame[4]["status"] == "ok":
                    self.joined.set_result(None)
                else:
                    self.joined.set_exception(RuntimeError(f"join refused: {frame}"))

    async def run(self, port: int, query: str, token: str, joined: asyncio.Event, stop: asyncio.Event,
                  counter: list[int]) -> None:
        transport, reader = await asyncio.get_running_loop().create_connection(
            lambda: FrameReader(self.on_frame), "127.0.0.1", port)
        try:
            key = base64.b64encode(os.urandom(16)).decode()
            transport.write((f"GET /realtime/v1/websocket?{query} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                             f"Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                             "Sec-WebSocket-Version: 13\r\n\r\n").encode())
            await asyncio.wait_for(reader.upgraded, timeout=60)
            reader.send_text(json.dumps(["1", "1", "realtime:bench", "phx_join", {
                "config": {"postgres_changes": [{"event": "INSERT", "schema": "public", "table": "tickets"}]},
                "access_token": token}]))
            await asyncio.wait_for(self.joined, timeout=60)
            counter[0] += 1
            if counter[0] == counter[1]:
                joined.set()
            ref = 1000
            while not stop.is_set():
                try:
                    await asyncio.wait_for(stop.wait(), timeout=20)
                except TimeoutError:
                    ref += 1
                    reader.send_text(json.dumps([None, str(ref), "phoenix", "heartbeat", {}]))
        finally:
            transport.close()


def write_changes(url: str, companies: list[str], rate: float, duration: float) -> tuple[list[str], float]:
    """Insert tickets at `rate` per second for `duration` seconds; each records its send time. Run in a process of
    its own, so that the subscribers' event loop does not hold the writer back."""
    written = []
    with psycopg.connect(url, autocommit=True) as conn:
        start = time.perf_counter()
        for index in range(int(rate * duration)):
            delay = start + index / rate - time.perf_counter()
            if delay > 0:
                time.sleep(delay)
            company = companies[index % len(companies)]
            conn.execute("insert into public.tickets (title, company_id, description) values (%s, %s, %s)",
                         (f"bench {index}", company, repr(time.time())))
            written.append(company)
    return written, time.perf_counter() - start


async def run_round(port: int, keys: JwtKeys, pairs: list[tuple[str, str]], db_url: str,
                    subscribers: int, rate: float, duration: float, server_cpu) -> dict:
    now = int(time.time())
    population = []
    for index in range(subscribers):
        slot = index % 10
        if slot == 0:
            population.append((Subscriber("anon", None), keys.anon_key))
        elif slot == 1:
            population.append((Subscriber("service", None), keys.service_role_key))
        else:
            user, company = pairs[index % len(pairs)]
            token = keys.sign({"sub": user, "role": "authenticated", "aud": "authenticated", "iat": now,
                               "exp": now + 3600})
            population.append((Subscriber("user", company), token))
    joined, stop = asyncio.Event(), asyncio.Event()
    counter = [0, subscribers]
    tasks = []
    for index, (subscriber, token) in enumerate(population):
        query = urlencode({"apikey": keys.anon_key, "vsn": "2.0.0"})
        tasks.append(asyncio.create_task(subscriber.run(port, query, token, joined, stop, counter)))
        if index % 50 == 49:
            await asyncio.sleep(0.05)
    await asyncio.wait_for(joined.wait(), timeout=120)
    # CPU from the first write on, the joins left out: the gateway's, PostgreSQL's and this process's own (the
    # writer runs in a process of its own).
    cpu_before = (*server_cpu(), time.process_time())
    with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as writer:
        written, write_seconds = await asyncio.get_running_loop().run_in_executor(
            writer, write_changes, db_url, [company for _, company in pairs], rate, duration)
    await asyncio.sleep(3)
    stop.set()
    await asyncio.gather(*tasks, return_exceptions=True)
    gateway_cpu, pg_cpu, client_cpu = (after - before for after, before in zip(
        (*server_cpu(), time.process_time()), cpu_before))

    expected = 0
    for subscriber, _ in population:
        if subscriber.kind == "service":
            expected += len(written)
        elif subscriber.kind == "user":
            expected += sum(1 for company in written if company == subscriber.company)
    latencies = sorted(ms for subscriber, _ in population for ms in subscriber.latencies)
    leaked = sum(len(s.latencies) for s, _ in population if s.kind == "anon")

    def pct(p: float) -> float:
        return latencies[min(len(latencies) - 1, int(p * len(latencies)))] * 1000 if latencies else float("nan")

    return {
        "subscribers": subscribers,
        "changes": len(written),
        "changes_per_s": len(written) / write_seconds,
        "delivered": len(latencies),
        "expected": expected,
        "leaked_to_anon": leaked,
        "messages_per_s": len(latencies) / write_seconds,
        "median_ms": statistics.median(latencies) * 1000 if latencies else float("nan"),
        "p95_ms": pct(0.95),
        "p99_ms": pct(0.99),
        # per message delivered: what the round costs whatever else the machine runs.
        "gateway_us": gateway_cpu * 1e6 / max(1, len(latencies)),
        "pg_us": pg_cpu * 1e6 / max(1, len(latencies)),
        "client_us": client_cpu * 1e6 / max(1, len(latencies)),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--subscribers", type=int, nargs="+", default=[100, 500, 1000])
    parser.add_argument("--rate", type=float, default=40.0, help="changes written per second")
    parser.add_argument("--duration", type=float, default=15.0, help="seconds of writing per round")
    parser.add_argument("--users", type=int, default=20, help="distinct signed-in users (claims sets)")
    parser.add_argument("--workers", type=int, help="API_WORKERS for gateway serve (default: its own, one per core)")
    args = parser.parse_args()

    data_dir = Path(tempfile.mkdtemp(prefix="realtime-bench-"))
    port, db_port = free_port(), free_port()
    gateway = start_gateway(data_dir, port, db_port, args.workers)
    try:
        db_url = os.environ.get("DATABASE_URL") or tcp_url(db_port)
        pairs = prepare(db_url, args.users)
        keys = JwtKeys(SECRET)
        print(f"gateway serve workers={args.workers or 'default'} rate={args.rate}/s duration={args.duration}s "
              f"users={args.users} (10% anon, 10% service_role, 80% users; RLS checked per distinct claims set); "
              f"load average before: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
        print(f"{'subs':>6} {'changes/s':>9} {'delivered':>10} {'expected':>9} {'leaks':>5} {'msgs/s':>8} "
              f"{'median ms':>9} {'p95 ms':>8} {'p99 ms':>8} {'load':>5} {'gw µs/msg':>9} {'pg µs/msg':>9} {'client µs/msg':>13}")
        for count in args.subscribers:
            postmaster = postmaster_pid(data_dir)
            result = asyncio.run(run_round(port, keys, pairs, db_url, count, args.rate, args.duration,
                                           lambda pm=postmaster: (cpu_seconds(gateway.pid), cpu_seconds(pm))))
            print(f"{result['subscribers']:>6} {result['changes_per_s']:>9.1f} {result['delivered']:>10} "
                  f"{result['expected']:>9} {result['leaked_to_anon']:>5} {result['messages_per_s']:>8.0f} "
                  f"{result['median_ms']:>9.1f} {result['p95_ms']:>8.1f} {result['p99_ms']:>8.1f} "
                  f"{os.getloadavg()[0]:>5.1f} {result['gateway_us']:>9.0f} {result['pg_us']:>9.0f} "
                  f"{result['client_us']:>13.0f}", flush=True)
    finally:
        gateway.send_signal(signal.SIGINT)
        try:
            gateway.wait(timeout=60)
        except subprocess.TimeoutExpired:
            gateway.kill()
        shutil.rmtree(data_dir, ignore_errors=True)


if __name__ == "__main__":
    main()
