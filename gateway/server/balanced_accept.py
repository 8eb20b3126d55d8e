"""Workers that share one listening socket take new connections by how many each already has open.

Every worker's event loop is woken by a new connection, and the first to run accepts all that are waiting, so two
connections opened together (a browser's, a client pool's, a benchmark's) often end up on one worker while the
other idles: that worker's requests then share one core. Here each worker publishes its open connections
(HTTP and websocket alike: uvicorn's connection set) in a table shared by the workers, accepts one connection at a
time, and a worker with more open connections than another leaves the next one for a moment to the others; of
workers with as many, the lowest-numbered takes it. A worker that left a connection looks again every
HANDOFF_CHECK_SECONDS, and takes it once it comes first (the counts change as the others accept) or once it has
waited HANDOFF_SECONDS (the others are busy). Looking again instead of waiting out the whole handoff matters when
many connections come at once under load (a client pool's, a benchmark's): the first requests on them waited for
their accept, up to about 100 ms for the 16th, while the workers took turns by timer.

Ties are broken by number rather than by who wakes first because a client's connections are not all long-lived:
wrk, for one, opens and closes a connection just before its real ones, so a worker still counting that one ties
with a worker that has a real one; had the latter taken the next connection too, both real ones would share it.
"""

from __future__ import annotations

import asyncio
import ctypes
import errno
import logging
import multiprocessing.sharedctypes
import select
import socket
import sys
from collections.abc import Callable
from typing import Any

log = logging.getLogger("gateway")

HANDOFF_SECONDS = 0.02
HANDOFF_CHECK_SECONDS = 0.001
# As asyncio's own server: out of descriptors, accepting pauses for a second instead of spinning.
RETRY_SECONDS = 1.0
# A worker not (or no longer) accepting: never the one to leave a connection to.
NOT_ACCEPTING = sys.maxsize
RESOURCE_ERRORS = (errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM)


class ConnectionTable:
    """Open connections per worker, in memory shared by the processes forked after it is made; each worker writes
    only its own slot."""

    def __init__(self, workers: int) -> None:
        self._slots: Any = multiprocessing.sharedctypes.RawArray(ctypes.c_long, [NOT_ACCEPTING] * workers)

    def publish(self, worker: int, count: int) -> None:
        self._slots[worker] = count

    def ahead_of(self, worker: int, count: int) -> bool:
        """Whether another accepting worker comes first for the next connection: it has fewer open than `count`,
        or as many and a lower index."""
        return any((other, index) < (count, worker) for index, other in enumerate(self._slots)
                   if index != worker and other != NOT_ACCEPTING)


class WorkerConnections(set):
    """uvicorn's set of a worker's open connections (its protocols add and remove themselves), publishing its size
    plus the connections accepted but not yet opened."""

    def __init__(self, table: ConnectionTable, worker: int) -> None:
        super().__init__()
        self.table = table
        self.worker = worker
        self.opening = 0
        self.accepting = False

    def count(self) -> int:
        return len(self) + self.opening

    def publish(self) -> None:
        self.table.publish(self.worker, self.count() if self.accepting else NOT_ACCEPTING)

    def add(self, item: Any) -> None:
        super().add(item)
        self.publish()

    def discard(self, item: Any) -> None:
        super().discard(item)
        self.publish()

    def remove(self, item: Any) -> None:
        super().remove(item)
        self.publish()


class BalancedListener:
    """Accepts on `sock` for this worker; has the `close()`/`wait_closed()` of the asyncio server it stands in for."""

    def __init__(self, sock: socket.socket, protocol_factory: Callable[[], asyncio.Protocol],
                 connections: WorkerConnections) -> None:
        self._loop = asyncio.get_running_loop()
        self._sock = sock
        self._protocol_factory = protocol_factory
        self._connections = connections
        self._resume: asyncio.TimerHandle | None = None
        self._handoff_ends = 0.0
        self._opening: set[asyncio.Task] = set()
        sock.setblocking(False)
        connections.accepting = True
        connections.publish()
        self._loop.add_reader(sock.fileno(), self._readable)

    def _readable(self) -> None:
        if self._another_first():
            self._handoff_ends = self._loop.time() + HANDOFF_SECONDS
            self._pause(HANDOFF_CHECK_SECONDS)
        else:
            self._accept()

    def _another_first(self) -> bool:
        return self._connections.table.ahead_of(self._connections.worker, self._connections.count())

    def _accept(self) -> None:
        try:
            conn, _ = self._sock.accept()
        except (BlockingIOError, InterruptedError, ConnectionAbortedError):
            return  # another worker took it, or the client gave up
        except OSError as exc:
            if exc.errno not in RESOURCE_ERRORS:
                raise
            log.error("cannot accept a connection (%s); accepting again in %.0f s", exc.strerror, RETRY_SECONDS)
            self._pause(RETRY_SECONDS)
            return
        conn.setblocking(False)
        conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self._connections.opening += 1
        self._connections.publish()
        task = self._loop.create_task(self._open(conn))
        self._opening.add(task)
        task.add_done_callback(self._opening.discard)

    async def _open(self, conn: socket.socket) -> None:
        try:
            _, protocol = await self._loop.connect_accepted_socket(self._protocol_factory, conn)
        except Exception:  # noqa: BLE001 - one connection's failure must not stop accepting
            log.exception("could not open an accepted connection")
            conn.close()
        else:
            if not self._connections.accepting:
                # Accepted before the shutdown began, opened after it asked every open connection to finish: asked
                # now, or a client that keeps it busy would keep the worker serving (an orphan, if the parent died).
                protocol.shutdown()  # type: ignore[attr-defined]  # uvicorn's protocols' graceful end
        finally:
            self._connections.opening -= 1
            self._connections.publish()

    def _pause(self, seconds: float) -> None:
        self._loop.remove_reader(self._sock.fileno())
        self._resume = self._loop.call_later(seconds, self._listen_again)

    def _listen_again(self) -> None:
        self._resume = None
        if _waiting(self._sock):  # left for the others, and none took it yet
            if self._another_first() and self._loop.time() < self._handoff_ends:
                self._resume = self._loop.call_later(HANDOFF_CHECK_SECONDS, self._listen_again)
                return
            self._accept()
        if self._resume is None:  # else accepting failed for want of resources, and waits before it tries again
            self._loop.add_reader(self._sock.fileno(), self._readable)

    def close(self) -> None:
        if not self._connections.accepting:
            return
        self._connections.accepting = False
        if self._resume is not None:
            self._resume.cancel()
        else:
            self._loop.remove_reader(self._sock.fileno())
        self._connections.publish()
        # The listening socket is the parent's and the other workers': only this worker stops watching it.

    async def wait_closed(self) -> None:
        if self._opening:
            await asyncio.gather(*self._opening, return_exceptions=True)


def _waiting(sock: socket.socket) -> bool:
    poll = select.poll()
    poll.register(sock, select.POLLIN)
    return bool(poll.poll(0))
