"""A function holds nothing of the gateway's: its worker has none of the gateway's descriptors (with the API's
listening socket, a function could answer the gateway's clients and read their passwords), whatever event loop
starts it, and it ends with the gateway, killed or not, so the next `gateway serve` gets the port."""

from __future__ import annotations

import asyncio
import contextlib
import os
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import httpx
import psutil
import pytest
import uvloop

from gateway.processes import start_child
from gateway.server import workers
from tests.conftest import TEST_JWT_SECRET
from tests.support.live import free_port
from tests.support.serve import ServeProcess
from tests.support.waits import eventually

LISTEN = "0A"  # TCP_LISTEN in /proc/net/tcp
CAPTURED = b"captured"
# A function that spins, takes any descriptor it can listen on, and says what it is.
PROBE = """\
import net from "node:net";

function listenOn(fd: number): Promise<string> {
  return new Promise((resolve) => {
    const server = net.createServer((socket) =>
      socket.end("HTTP/1.1 200 OK\\r\\ncontent-length: 8\\r\\nconnection: close\\r\\n\\r\\ncaptured"));
    server.once("error", (error: { code?: string }) => resolve(error.code ?? String(error)));
    try {
      server.listen({ fd }, () => resolve("listening"));
    } catch (error) {
      resolve(String(error));
    }
  });
}

Deno.serve(async (req) => {
  switch (new URL(req.url).pathname) {
    case "/probe/capture": {
      const outcomes: Record<number, string> = {};
      for (let fd = 3; fd < 64; fd++) outcomes[fd] = await listenOn(fd);
      return Response.json(outcomes);
    }
    case "/probe/spin":
      setTimeout(() => { while (true) { /* a function stuck on its CPU */ } }, 100);
  }
  return Response.json({ pid: Deno.pid });
});
"""


@pytest.fixture
def project(tmp_path: Path) -> Path:
    (tmp_path / "supabase" / "functions" / "probe").mkdir(parents=True)
    (tmp_path / "supabase" / "config.toml").write_text("[functions.probe]\nverify_jwt = false\n")
    (tmp_path / "supabase" / "functions" / "probe" / "index.ts").write_text(PROBE)
    return tmp_path


@pytest.fixture
def gateway(project: Path, database_url: str) -> Iterator[ServeProcess]:
    """`gateway serve` as a user runs it, one process (the one whose socket is the API's)."""
    with ServeProcess(project / ".data", free_port(), cwd=project, DATABASE_URL=database_url,
                      JWT_SECRET=TEST_JWT_SECRET, API_WORKERS=1) as server:
        server.wait_healthy()
        yield server


def call(gateway: ServeProcess, path: str) -> httpx.Response:
    return httpx.get(f"http://127.0.0.1:{gateway.port}/functions/v1/probe{path}", timeout=60)


def held(pid: int) -> dict[int, str]:
    """Process `pid`'s descriptors and what each is (`socket:[inode]`, `pipe:[inode]`, a path)."""
    found = {}
    for name in os.listdir(f"/proc/{pid}/fd"):
        try:
            found[int(name)] = os.readlink(f"/proc/{pid}/fd/{name}")
        except FileNotFoundError:  # closed since the listing (the gateway's pool opens and closes connections)
            continue
    return found


def listening_ports(pid: int) -> set[int]:
    """The TCP ports process `pid` holds a listening socket of."""
    inodes = {target.removeprefix("socket:[").removesuffix("]") for target in held(pid).values()
              if target.startswith("socket:[")}
    ports = set()
    for table in ("tcp", "tcp6"):
        for line in Path(f"/proc/{pid}/net/{table}").read_text().splitlines()[1:]:
            fields = line.split()
            if fields[3] == LISTEN and fields[9] in inodes:
                ports.add(int(fields[1].rsplit(":", 1)[1], 16))
    return ports


def test_a_deno_worker_holds_no_listening_socket_but_its_own(gateway: ServeProcess):
    pid = call(gateway, "").json()["pid"]
    assert gateway.port in listening_ports(gateway.proc.pid), "the check sees the gateway's own socket"
    ports = listening_ports(pid)
    assert gateway.port not in ports
    assert len(ports) == 1, f"one socket, the worker's own server: {ports}"


def test_a_deno_worker_shares_only_its_stdio_pipes_with_the_gateway(gateway: ServeProcess):
    worker = held(call(gateway, "").json()["pid"])
    shared = set(worker.values()) & set(held(gateway.proc.pid).values())
    # Each end of a socket pair (uvloop's stdio) is an inode of its own; a pipe's two ends share one.
    assert {t for t in shared if t.startswith(("socket:", "pipe:"))} <= {worker[0], worker[1], worker[2]}


def test_a_function_cannot_answer_the_gateways_clients(gateway: ServeProcess):
    outcomes = call(gateway, "/capture").json()
    answers = [httpx.get(f"http://127.0.0.1:{gateway.port}/health", timeout=10).content for _ in range(40)]
    assert CAPTURED not in answers, f"a function answered the gateway's clients (it listened on {outcomes})"


def test_a_deno_worker_ends_when_the_gateway_is_killed_and_the_port_is_free_again(gateway: ServeProcess):
    pid = call(gateway, "/spin").json()["pid"]
    worker = psutil.Process(pid)
    start = worker.cpu_times().user
    # Once it spins, the worker no longer reads its stdin, whose end would tell it the gateway is gone.
    eventually(lambda: worker.cpu_times().user > start + 0.5, "the worker to spin")
    gateway.proc.kill()
    gateway.proc.wait()
    try:
        eventually(lambda: not psutil.pid_exists(pid) or worker.status() == psutil.STATUS_ZOMBIE,
                   "the spinning worker to end with the gateway", timeout=30)
    finally:
        with contextlib.suppress(psutil.NoSuchProcess):
            worker.kill()
    workers.listen("127.0.0.1", gateway.port).close()  # as the next `gateway serve` binds it


def descriptors(pid: int) -> list[int]:
    return sorted(int(name) for name in os.listdir(f"/proc/{pid}/fd"))


LOOPS = {"asyncio": asyncio.new_event_loop, "uvloop": uvloop.new_event_loop}


@pytest.mark.parametrize("loop", LOOPS)
def test_a_child_holds_only_stdin_stdout_and_stderr(loop: str):
    async def child_descriptors() -> list[int]:
        process = await start_child("cat", stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        assert process.stdin is not None and process.stdout is not None
        try:
            # Once cat echoes a line it is past its start (where the loader and locale briefly hold descriptors).
            process.stdin.write(b"ready\n")
            assert await process.stdout.readline() == b"ready\n"
            return descriptors(process.pid)
        finally:
            process.kill()
            await process.wait()

    with socket.create_server(("127.0.0.1", 0)) as handed_on:
        # What the API's socket was: inheritable, which uvloop's spawn passes on whatever close_fds says.
        handed_on.set_inheritable(True)
        with asyncio.Runner(loop_factory=LOOPS[loop]) as runner:
            assert runner.run(child_descriptors()) == [0, 1, 2]


# Starts a child tied to its life, says its pid, and waits to be killed.
PARENT = """\
import asyncio, signal, sys
import uvloop
from gateway.processes import start_child
from gateway.server import workers

async def main():
    child = await start_child("sleep", "60", end_with_parent_by=signal.SIGKILL)
    print(child.pid, flush=True)
    await asyncio.sleep(60)

loops = {"asyncio": asyncio.new_event_loop, "uvloop": uvloop.new_event_loop}
with asyncio.Runner(loop_factory=loops[sys.argv[1]]) as runner:
    runner.run(main())
"""


@pytest.mark.parametrize("loop", LOOPS)
def test_a_child_ends_with_the_process_that_started_it(loop: str):
    with subprocess.Popen([sys.executable, "-c", PARENT, loop], stdout=subprocess.PIPE, text=True,
                          cwd=Path(__file__).resolve().parents[2]) as parent:
        try:
            assert parent.stdout is not None
            child = int(parent.stdout.readline())
            assert psutil.Process(child).status() != psutil.STATUS_ZOMBIE
        finally:
            parent.kill()
    eventually(lambda: not psutil.pid_exists(child) or psutil.Process(child).status() == psutil.STATUS_ZOMBIE,
               "the child to end with its parent", timeout=30)
