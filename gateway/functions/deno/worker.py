"""One Deno worker: a process running one function with its env and limits, ready once it announces its port, its
output logged line by line under the function's name."""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import logging
import signal
import time
from collections import deque
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

from gateway.functions.deno.discovery import DenoFunction
from gateway.processes import start_child

BOOTSTRAP = Path(__file__).with_name("bootstrap.ts")
LISTENING = "gateway-worker-listening "
# Deno's (V8's) last words when a heap reaches --max-old-space-size.
OUT_OF_MEMORY = "out of memory"
KEPT_BOOT_LINES = 20
READ_CHUNK = 64 * 1024
MAX_LOGGED_LINE = 64 * 1024
STOP_GRACE_SECONDS = 2.0


class BootError(Exception):
    """The function did not start serving; the message is Deno's own (it names the file and line)."""


@dataclass(frozen=True)
class WorkerLimits:
    # Supabase's edge runtime: 256 MB per worker, 400 s of wall clock (supabase/cli functions serve).
    memory_mb: int = 256
    wall_clock_seconds: float = 400.0
    max_workers: int = 16
    # The first start of a function downloads its npm: packages.
    boot_seconds: float = 60.0


@dataclass(frozen=True)
class Launch:
    """What every worker of a project starts with."""

    deno: str
    env: dict[str, str]
    limits: WorkerLimits
    deno_dir: Path  # DENO_DIR: the npm packages a function may read

    @property
    def scratch_dir(self) -> Path:
        """The one folder a function may write to, as /tmp on Supabase: its TMPDIR."""
        return Path(self.env["TMPDIR"])

    def resolution_flags(self, function: DenoFunction) -> list[str]:
        """How Deno resolves the function's imports: its import map or its own deno.json, and no lockfile written
        into the project."""
        if function.import_map is not None:
            return ["--no-lock", f"--import-map={function.import_map}"]
        if function.deno_config is not None:
            return ["--no-lock", f"--config={function.deno_config}"]
        return ["--no-lock", "--no-config"]

    def command(self, function: DenoFunction, address: tuple[str, int] | None = None) -> list[str]:
        """`deno run` of the function; on a free loopback port unless `address` (host, port) is given."""
        readable = ",".join(str(p) for p in (function.folder.parent, self.deno_dir))
        permissions = ["--no-prompt", "--allow-net", "--allow-env", "--allow-sys", f"--allow-read={readable}",
                       f"--allow-write={self.scratch_dir}", f"--v8-flags=--max-old-space-size={self.limits.memory_mb}"]
        listen = [address[0], str(address[1])] if address else []
        return [self.deno, "run", *permissions, *self.resolution_flags(function), str(BOOTSTRAP),
                function.entrypoint.as_uri(), *listen]


class DenoWorker:
    def __init__(self, slug: str, process: asyncio.subprocess.Process):
        self.slug = slug
        self.port = 0
        self.in_flight = 0
        self.last_used = time.monotonic()
        self.out_of_memory = False
        self._stopping = False
        self._process = process
        self._log = logging.getLogger(f"functions.{slug}")
        self._early_lines: deque[str] = deque(maxlen=KEPT_BOOT_LINES)
        self._ready: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        # The worker outlives the request that started it: what it prints names its own request id, or none.
        self._stderr = asyncio.create_task(self._read_stderr(), context=contextvars.Context())
        self._stdout = asyncio.create_task(self._read_stdout(), context=contextvars.Context())

    @classmethod
    async def start(cls, function: DenoFunction, launch: Launch) -> DenoWorker:
        launch.scratch_dir.mkdir(parents=True, exist_ok=True)
        # Ended with the gateway even while it spins (its stdin's end, which it watches, needs a free event loop),
        # by a signal a function cannot catch.
        process = await start_child(
            *launch.command(function), cwd=function.folder, env=launch.env, stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE, start_new_session=True,
            end_with_parent_by=signal.SIGKILL)
        worker = cls(function.slug, process)
        try:
            async with asyncio.timeout(launch.limits.boot_seconds):
                worker.port = await worker._ready
        except TimeoutError:
            await worker.stop()
            raise BootError(f"{function.slug} did not start serving within {launch.limits.boot_seconds:g}s") from None
        except BaseException:
            await worker.stop()
            raise
        worker._log.info("worker started (pid %s, port %s)", process.pid, worker.port)
        return worker

    @property
    def alive(self) -> bool:
        return self._process.returncode is None

    async def exited(self, within: float) -> bool:
        """Whether the process ended (and all it wrote was read) within `within` seconds."""
        try:
            async with asyncio.timeout(within):
                await asyncio.shield(self._stdout)
        except TimeoutError:
            return False
        return True

    async def stop(self) -> None:
        self._stopping = True
        if self.alive:
            with contextlib.suppress(ProcessLookupError):
                self._process.terminate()
            try:
                async with asyncio.timeout(STOP_GRACE_SECONDS):
                    await self._process.wait()
            except TimeoutError:
                with contextlib.suppress(ProcessLookupError):
                    self._process.kill()
                await self._process.wait()
        await asyncio.gather(self._stdout, self._stderr, return_exceptions=True)

    async def _read_stdout(self) -> None:
        assert self._process.stdout is not None
        async for line in _lines(self._process.stdout):
            if not self._ready.done() and line.startswith(LISTENING):
                self._ready.set_result(int(line.removeprefix(LISTENING)))
            else:
                self._log.info("%s", line)
        # Its output is over: the process ended. Before it served, what it wrote says why.
        await self._stderr
        code = await self._process.wait()
        if not self._ready.done():
            self._ready.set_exception(BootError("\n".join(self._early_lines) or f"exited with status {code}"))
        elif not self._stopping:
            self._log.warning("worker exited with status %s", code)

    async def _read_stderr(self) -> None:
        assert self._process.stderr is not None
        async for line in _lines(self._process.stderr):
            if OUT_OF_MEMORY in line:
                self.out_of_memory = True
            if not self._ready.done():
                self._early_lines.append(line)
            self._log.warning("%s", line)


async def _lines(stream: asyncio.StreamReader) -> AsyncIterator[str]:
    """Each line the worker writes; one longer than MAX_LOGGED_LINE is cut rather than held (a worker whose output
    nobody reads would block on its next write)."""
    pending = bytearray()
    cutting = False
    while chunk := await stream.read(READ_CHUNK):
        pending += chunk
        while (end := pending.find(b"\n")) >= 0:
            line = pending[:end].decode(errors="replace").rstrip()
            del pending[:end + 1]
            if cutting:  # the end of the line that was cut
                cutting = False
            else:
                yield line
        if len(pending) > MAX_LOGGED_LINE:
            if not cutting:
                yield "(a line too long to log was cut)"
            cutting = True
            pending.clear()
    if pending and not cutting:
        yield pending.decode(errors="replace").rstrip()
