"""Keeps the Deno workers of one gateway process: started on a function's first request and kept warm, at most
`max_workers` at once (the least recently used idle one makes room), started again after one died or broke a limit.
A worker that broke a limit takes no new request and stops once the other callers' requests on it are over."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from gateway.functions.deno.discovery import DenoFunction
from gateway.functions.deno.worker import DenoWorker, Launch

log = logging.getLogger("gateway.functions.deno")


class NoWorkerFree(Exception):
    """Every worker slot serves a request right now."""


class Supervisor:
    def __init__(self, launch: Launch):
        self.launch = launch
        self._workers: dict[str, DenoWorker] = {}
        self._starting: dict[str, asyncio.Lock] = {}
        # Out of the rotation, each stopped by the release of its last request.
        self._retired: set[DenoWorker] = set()
        self._stops: set[asyncio.Task[None]] = set()

    async def acquire(self, function: DenoFunction) -> DenoWorker:
        """A running worker of `function`, counted busy (never made room with) until `release`.

        Raises BootError (the function does not start) or NoWorkerFree."""
        worker = await self._running(function)
        worker.in_flight += 1
        return worker

    def release(self, worker: DenoWorker) -> None:
        worker.in_flight -= 1
        worker.last_used = time.monotonic()
        if worker in self._retired and worker.in_flight == 0:
            self._retired.discard(worker)
            stop = asyncio.get_running_loop().create_task(worker.stop())
            self._stops.add(stop)
            stop.add_done_callback(self._stops.discard)

    @asynccontextmanager
    async def worker(self, function: DenoFunction) -> AsyncIterator[DenoWorker]:
        """`acquire` for the length of the block."""
        worker = await self.acquire(function)
        try:
            yield worker
        finally:
            self.release(worker)

    async def _running(self, function: DenoFunction) -> DenoWorker:
        async with self._starting.setdefault(function.slug, asyncio.Lock()):
            current = self._workers.get(function.slug)
            if current is not None and current.alive:
                return current
            if current is not None:
                log.warning("function %s: its worker had stopped; starting a new one", function.slug)
                del self._workers[function.slug]
                await current.stop()
            await self._make_room()
            worker = await DenoWorker.start(function, self.launch)
            self._workers[function.slug] = worker
            return worker

    async def _make_room(self) -> None:
        if len(self._workers) + len(self._retired) < self.launch.limits.max_workers:
            return
        idle = [w for w in self._workers.values() if w.in_flight == 0]
        if not idle:
            raise NoWorkerFree()
        oldest = min(idle, key=lambda w: w.last_used)
        del self._workers[oldest.slug]
        await oldest.stop()

    async def retire(self, worker: DenoWorker) -> None:
        """For a worker that broke a limit (or died) while serving the caller's request: the function's next request
        starts a fresh one; this one stops now if the caller's is its only request, else once the others are over."""
        if self._workers.get(worker.slug) is worker:
            del self._workers[worker.slug]
        if worker.in_flight > 1:
            self._retired.add(worker)
            return
        self._retired.discard(worker)
        await worker.stop()

    async def reload(self, slugs: set[str] | None = None) -> None:
        """Stops the workers of changed functions (all when None): their next request runs the new code."""
        for slug in [s for s in self._workers if slugs is None or s in slugs]:
            await self._workers.pop(slug).stop()

    async def close(self) -> None:
        await self.reload()
        while self._retired:
            await self._retired.pop().stop()
        await asyncio.gather(*self._stops, return_exceptions=True)
