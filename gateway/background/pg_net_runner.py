"""pg_net's worker, in the gateway: takes the requests queued in net.http_request_queue, makes them concurrently,
and answers each into net._http_response (deleting its queue row in the same transaction, so a runner that dies
mid-request leaves it queued for the next one). Woken by the queue's NOTIFY (through the process's one listener,
which every process subscribes it to), and otherwise only when the oldest response is due to expire: idle, with
nothing to expire, it sends the database nothing. pg_net is in every database, so that is what most gateways do."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from dataclasses import dataclass
from urllib.parse import urlsplit, urlunsplit

import httpx
import psycopg
from psycopg.types.json import Jsonb
from psycopg_pool import AsyncConnectionPool

from gateway.database.health import one_line

log = logging.getLogger("gateway.background.pg_net")
LOCK = 1
CHANNEL = "pg_net_request"
# Responses are deleted at most this long after their ttl, however close together their expiries fall.
EXPIRY_SLACK_SECONDS = 1.0
USER_AGENT = "pg_net/0.20.4"
DEFAULT_BATCH_SIZE = 200
# Where the CLI's local stack sends a function call from inside its database container: its API gateway on the
# Docker network, and the host's API port through Docker's host alias. Here both are this gateway.
CLI_API_HOSTS = {("kong", 8000)}
DOCKER_HOST_ALIAS = "host.docker.internal"

TAKE = """
    select id, method, url,
           case when jsonb_typeof(headers) = 'object' then (select jsonb_object_agg(key, value)
                                                            from jsonb_each_text(headers)) end,
           body, timeout_milliseconds
    from net.http_request_queue
    where id <> all(%s::bigint[])
    order by id
    limit %s
"""
BATCH_SIZE = "select coalesce(nullif(current_setting('pg_net.batch_size', true), '')::int, %s)"
ANSWER = """
    insert into net._http_response (id, status_code, content_type, headers, content, timed_out, error_msg)
    values (%s, %s, %s, %s, %s, %s, %s)
"""
TTL = "coalesce(nullif(current_setting('pg_net.ttl', true), ''), '6 hours')::interval"
EXPIRE = f"delete from net._http_response where created < now() - {TTL}"
NEXT_EXPIRY = f"select extract(epoch from min(created) + {TTL} - now())::float8 from net._http_response"


@dataclass(frozen=True)
class Answer:
    status_code: int | None = None
    content_type: str | None = None
    headers: dict[str, str] | None = None
    content: str | None = None
    timed_out: bool = False
    error_msg: str | None = None


class PgNetRunner:
    channels = (CHANNEL,)

    def __init__(self, pool: AsyncConnectionPool, api_url: str, api_port: int) -> None:
        self.pool = pool
        self.api_url = api_url
        self.api_port = api_port
        self.in_flight: dict[int, asyncio.Task[None]] = {}
        self.wake = asyncio.Event()
        self.backlog = False  # the last pass took all it could: more may wait in the queue

    def received(self, channel: str, payload: str) -> None:
        self.wake.set()

    def lost(self) -> None:
        pass

    async def connected(self, conn: psycopg.AsyncConnection) -> None:
        self.wake.set()  # requests queued while the listener was away

    async def run(self, conn: psycopg.AsyncConnection) -> None:
        """While elected: requests are taken on `conn`, which holds the lock, so that a runner whose connection is
        gone (and with it the lock) takes no more; the answers go through the pool."""
        async with httpx.AsyncClient(timeout=None) as client:
            try:
                while True:
                    self.wake.clear()
                    next_expiry = None
                    if await _installed(conn):
                        await self._take(conn, client)
                        await conn.execute(EXPIRE)
                        next_expiry = await _seconds_to_next_expiry(conn)
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(self.wake.wait(), next_expiry)
            finally:
                for task in self.in_flight.values():
                    task.cancel()
                await asyncio.gather(*self.in_flight.values(), return_exceptions=True)

    async def _take(self, conn: psycopg.AsyncConnection, client: httpx.AsyncClient) -> None:
        batch_size = await (await conn.execute(BATCH_SIZE, (DEFAULT_BATCH_SIZE,))).fetchone()
        room = (batch_size[0] if batch_size else DEFAULT_BATCH_SIZE) - len(self.in_flight)
        rows = await (await conn.execute(TAKE, (list(self.in_flight), max(room, 0)))).fetchall()
        self.backlog = len(rows) >= room
        for request_id, method, url, headers, body, timeout_ms in rows:
            self.in_flight[request_id] = asyncio.create_task(
                self._answer(client, request_id, method, url, headers or {}, body, timeout_ms))

    async def _answer(self, client: httpx.AsyncClient, request_id: int, method: str, url: str,
                      headers: dict[str, str], body: bytes | None, timeout_ms: int) -> None:
        try:
            answer = await perform(client, method.upper(), self.resolve(url), headers, body, timeout_ms)
        except Exception as exc:  # noqa: BLE001 - whatever the request holds, it gets an answer, not a retry
            answer = Answer(error_msg=one_line(exc))
        try:
            async with self.pool.connection() as db, db.transaction():
                await db.execute(ANSWER, (request_id, answer.status_code, answer.content_type,
                                          None if answer.headers is None else Jsonb(answer.headers),
                                          answer.content, answer.timed_out, answer.error_msg))
                await db.execute("delete from net.http_request_queue where id = %s", (request_id,))
        except Exception as exc:
            # The request stays queued; the next pass makes it again.
            log.warning("pg_net request %s could not be answered: %s", request_id, one_line(exc))
        finally:
            self.in_flight.pop(request_id, None)
            # Another pass takes what waits, or, after the last answer, sets the wait to the next expiry.
            if self.backlog or not self.in_flight:
                self.wake.set()

    def resolve(self, url: str) -> str:
        """The CLI's names for the project's own API, as its local stack resolves them, point at this gateway."""
        parts = urlsplit(url)
        host, port = parts.hostname, parts.port or (443 if parts.scheme == "https" else 80)
        if (host, port) in CLI_API_HOSTS or (host == DOCKER_HOST_ALIAS and port == self.api_port):
            own = urlsplit(self.api_url)
            return urlunsplit((own.scheme, own.netloc, parts.path, parts.query, parts.fragment))
        return url


async def _installed(conn: psycopg.AsyncConnection) -> bool:
    row = await (await conn.execute("select to_regclass('net.http_request_queue') is not null")).fetchone()
    return bool(row and row[0])


async def _seconds_to_next_expiry(conn: psycopg.AsyncConnection) -> float | None:
    """None when no response is kept: nothing wakes the runner then but a request."""
    row = await (await conn.execute(NEXT_EXPIRY)).fetchone()
    return None if row is None or row[0] is None else max(row[0], 0.0) + EXPIRY_SLACK_SECONDS


async def perform(client: httpx.AsyncClient, method: str, url: str, headers: dict[str, str], body: bytes | None,
                  timeout_ms: int) -> Answer:
    started = time.monotonic()
    try:
        async with asyncio.timeout(timeout_ms / 1000):
            response = await client.request(method, url, headers={"User-Agent": USER_AGENT, **headers},
                                             content=body)
    except TimeoutError:
        elapsed_ms = (time.monotonic() - started) * 1000
        return Answer(timed_out=True, error_msg=f"Timeout of {timeout_ms} ms reached. Total time: {elapsed_ms:f} ms")
    except (httpx.HTTPError, httpx.InvalidURL) as exc:
        return Answer(error_msg=failure(exc))
    raw_headers = {name.decode("latin-1"): value.decode("latin-1") for name, value in response.headers.raw}
    content = response.content.decode("utf-8", errors="replace").replace("\x00", "")
    return Answer(status_code=response.status_code, content_type=response.headers.get("content-type"),
                  headers=raw_headers, content=content or None)


def failure(exc: Exception) -> str:
    """curl's words for the failure, as the original records them."""
    detail = str(exc)
    if isinstance(exc, httpx.ConnectError):
        unresolved = any(hint in detail for hint in ("Name or service not known", "nodename nor servname",
                                                     "Temporary failure in name resolution", "getaddrinfo"))
        return "Couldn't resolve host name" if unresolved else "Couldn't connect to server"
    if isinstance(exc, httpx.UnsupportedProtocol):
        return "Unsupported protocol"
    if isinstance(exc, httpx.InvalidURL | httpx.LocalProtocolError):
        return "URL using bad/illegal format or missing URL"
    if isinstance(exc, httpx.ReadError | httpx.RemoteProtocolError):
        return "Failure when receiving data from the peer"
    if isinstance(exc, httpx.WriteError):
        return "Failed sending data to the peer"
    return detail or type(exc).__name__
