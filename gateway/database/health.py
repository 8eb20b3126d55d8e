"""Whether this process can reach PostgreSQL, and the pool that acts on it: while the database is away a request
fails at once (PostgREST answers 503 at once while it reconnects) instead of waiting for a connection that cannot
come, and the pool is refilled the moment the database is back."""

from __future__ import annotations

import asyncio
import logging
import math
import time
from typing import Any

import psycopg
from psycopg_pool import AsyncConnectionPool, PoolTimeout

log = logging.getLogger("gateway.database.transactions")

PROBE_INTERVAL_SECONDS = 0.5
PROBE_CONNECT_TIMEOUT_SECONDS = 2
# A pool slot whose reconnection keeps failing is given up soon, so no slot sleeps through a long backoff after the
# database is back: the probe below refills the pool as soon as a connection succeeds.
POOL_RECONNECT_TIMEOUT_SECONDS = 2.0
# SQLSTATEs of a server going away under an open connection (PostgREST answers these with 503 too).
_LOST_SQLSTATES = frozenset({"57P01", "57P02", "57P03"})
# A server that is up but refuses one more connection (SQLSTATE 53300: max_connections, or a role's or database's
# CONNECTION LIMIT). libpq reports a refused connection by the server's message alone, without its SQLSTATE.
_FULL_MESSAGES = ("too many clients already", "too many connections for", "remaining connection slots are reserved")
FULL_LOG_INTERVAL_SECONDS = 10.0


class DatabaseUnavailable(psycopg.OperationalError):
    """No connection is handed out while the database is known to be unreachable."""


def server_full(exc: BaseException) -> bool:
    """The server answered, but has no connection slot left for this role: the pool keeps serving with the
    connections it has (requests wait for one), where an outage would fail them all."""
    return isinstance(exc, psycopg.OperationalError) and any(message in str(exc) for message in _FULL_MESSAGES)


def connection_lost(exc: BaseException) -> bool:
    """An error that says the database (or the connection to it) went away, not that a statement failed."""
    if not isinstance(exc, psycopg.OperationalError):
        return False
    sqlstate = getattr(exc, "sqlstate", None)
    return sqlstate is None or sqlstate.startswith("08") or sqlstate in _LOST_SQLSTATES


class Availability:
    """Up until a connection attempt fails; then down, probed every half second, until one succeeds."""

    def __init__(self, conninfo: str, name: str) -> None:
        self._conninfo = conninfo
        self._name = name
        self.down_since: float | None = None
        self.reason = ""
        self._up = asyncio.Event()
        self._up.set()
        self._probe: asyncio.Task | None = None
        self._full_logged_at = -math.inf
        self.pool: ResilientPool | None = None

    @property
    def up(self) -> bool:
        return self.down_since is None

    def retry_after(self) -> int:
        """Seconds a client should wait, growing with the outage as PostgREST's backoff does, at most 10."""
        if self.down_since is None:
            return 1
        return max(1, min(10, math.ceil((time.monotonic() - self.down_since) / 3)))

    async def wait_up(self) -> None:
        await self._up.wait()

    def lost(self, exc: BaseException) -> None:
        if self.down_since is not None:
            return
        self.down_since = time.monotonic()
        self.reason = one_line(exc)
        self._up.clear()
        log.warning("database.unavailable pool=%s error=%s", self._name, self.reason)
        if self.pool is not None:
            self.pool.fail_waiting(DatabaseUnavailable(self.reason))
        self._probe = asyncio.get_running_loop().create_task(self._probe_until_up(), name=f"{self._name}-probe")

    def refused(self, exc: BaseException) -> None:
        """The server is full: logged now and then, not an outage (see server_full)."""
        if time.monotonic() - self._full_logged_at >= FULL_LOG_INTERVAL_SECONDS:
            self._full_logged_at = time.monotonic()
            log.warning("database.full pool=%s error=%s", self._name, one_line(exc))

    def reached(self) -> None:
        if self.down_since is None:
            return
        log.warning("database.available pool=%s after=%.1fs", self._name, time.monotonic() - self.down_since)
        self.down_since = None
        self.reason = ""
        self._up.set()

    async def close(self) -> None:
        if self._probe is not None:
            self._probe.cancel()
            await asyncio.gather(self._probe, return_exceptions=True)

    async def _probe_until_up(self) -> None:
        while self.down_since is not None:
            await asyncio.sleep(PROBE_INTERVAL_SECONDS)
            try:
                conn = await psycopg.AsyncConnection.connect(self._conninfo,
                                                             connect_timeout=PROBE_CONNECT_TIMEOUT_SECONDS)
            except psycopg.Error as exc:
                if not server_full(exc):  # a full server is up: the pool gets its connections back as they free
                    self.reason = one_line(exc)
                    continue
            else:
                await conn.close()
            self.reached()
            if self.pool is not None:
                await self.pool.check()


def one_line(exc: BaseException) -> str:
    text = str(exc).strip()
    return text.splitlines()[0].strip() if text else type(exc).__name__


# A connection idle longer than this is checked before it is handed out (a restarted server leaves every idle one
# broken); one in steady use is not, which would cost every request a round trip. A request that still meets a
# broken connection answers 503 (PGRST001) as PostgREST's does, and the pool replaces it.
CHECK_AFTER_IDLE_SECONDS = 1.0


class ResilientPool(AsyncConnectionPool):
    """psycopg's pool, checking connections that sat idle before handing them out, and failing fast while the
    database is down (see Availability)."""

    def __init__(self, conninfo: str, *, name: str, **kwargs: Any) -> None:
        self.availability = Availability(conninfo, name)
        super().__init__(conninfo, name=name, connection_class=_reporting_connection(self.availability),
                         reconnect_timeout=POOL_RECONNECT_TIMEOUT_SECONDS, **kwargs)
        self.availability.pool = self

    async def getconn(self, timeout: float | None = None) -> psycopg.AsyncConnection:
        # The check is made here rather than by the pool's `check=` option, whose retry loop waits out a backoff
        # (and then the whole timeout) after a broken connection, where this loop stops as soon as the pool's
        # replacement connection fails.
        deadline = time.monotonic() + (self.timeout if timeout is None else timeout)
        while True:
            if not self.availability.up:
                raise DatabaseUnavailable(self.availability.reason)
            try:
                conn = await super().getconn(max(0.0, deadline - time.monotonic()))
            except PoolTimeout:
                if not self.availability.up:
                    raise DatabaseUnavailable(self.availability.reason) from None
                raise
            if time.monotonic() - getattr(conn, "gateway_idle_since", 0.0) < CHECK_AFTER_IDLE_SECONDS:
                return conn
            try:
                await self.check_connection(conn)
            except psycopg.Error:
                await self.putconn(conn)  # discarded, and replaced by a new connection if the database is there
                continue
            return conn

    async def _get_ready_connection(self, timeout: float | None) -> psycopg.AsyncConnection | None:
        # Most recently returned first (psycopg's pool hands them out in turn): under light load one connection
        # serves request after request, its backend's caches warm, and the others stay idle long enough for the
        # pool to close them (the pool closes the least recently used, from the other end).
        self._pool.rotate(1)
        return await super()._get_ready_connection(timeout)

    async def putconn(self, conn: psycopg.AsyncConnection) -> None:
        conn.gateway_idle_since = time.monotonic()  # type: ignore[attr-defined]
        await super().putconn(conn)

    def fail_waiting(self, error: Exception) -> None:
        """Requests already waiting for a connection get the outage at once, as new ones do (what close() does
        to them, with the pool's own waiting queue)."""
        loop = asyncio.get_running_loop()
        for waiting in list(self._waiting):
            loop.create_task(waiting.fail(error))

    async def close(self, timeout: float = 5.0) -> None:
        await self.availability.close()
        await super().close(timeout)


def _reporting_connection(availability: Availability) -> type[psycopg.AsyncConnection]:
    class ReportingConnection(psycopg.AsyncConnection):
        @classmethod
        async def connect(cls, *args: Any, **kwargs: Any):
            try:
                conn = await super().connect(*args, **kwargs)
            except psycopg.OperationalError as exc:
                if server_full(exc):
                    availability.refused(exc)
                else:
                    availability.lost(exc)
                raise
            availability.reached()
            conn.gateway_idle_since = time.monotonic()  # type: ignore[attr-defined]
            return conn

    return ReportingConnection
