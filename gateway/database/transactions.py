"""Connection pool and the per-request transaction that hands access decisions to PostgreSQL."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Mapping
from contextlib import asynccontextmanager, suppress
from typing import Any, TypeVar

import psycopg
from psycopg_pool import AsyncConnectionPool

from gateway.database.health import ResilientPool
from gateway.database.round_trip import Query

# The roles a request's transaction may switch to.
API_ROLES = frozenset({"anon", "authenticated", "service_role"})
Row = TypeVar("Row")


def one(row: Row | None) -> Row:
    """A value that is sure to be there: the row of a statement that always returns one (`insert ... returning`,
    `select exists (...)`), a user the transaction holds, the key of a relationship whose kind has one."""
    if row is None:
        raise RuntimeError("a value that is always present was missing")
    return row


async def open_pool(url: str, *, min_size: int = 2, max_size: int = 10, name: str = "gateway") -> ResilientPool:
    # Autocommit connections with explicit transactions: a nested transaction() would become a savepoint
    # and a transaction-local setting could outlive the request. The pool fails fast and recovers on its own while
    # the database is away (gateway.database.health).
    pool = ResilientPool(
        url,
        min_size=min_size,
        max_size=max_size,
        kwargs={"autocommit": True},
        name=name,
        open=False,
    )
    await pool.open(wait=True, timeout=30)
    return pool


SETTINGS_SQL = (
    "select set_config('search_path', %s, true), set_config('role', %s, true),"
    " set_config('request.jwt.claims', %s, true), set_config('request.method', %s, true),"
    " set_config('request.path', %s, true), set_config('request.headers', %s, true)"
)
# Only ever switched on: switching it off would fail on a read replica.
READ_ONLY_SETTINGS_SQL = SETTINGS_SQL + ", set_config('transaction_read_only', 'on', true)"
# The search_path of a statement that names no schema of a request (realtime, functions, policy tests).
DEFAULT_SEARCH_PATH = "public, extensions"
SETTINGS_QUERY = Query.of(SETTINGS_SQL)
READ_ONLY_SETTINGS_QUERY = Query.of(READ_ONLY_SETTINGS_SQL)


async def queue_settings(
    conn: psycopg.AsyncConnection,
    *,
    role: str,
    claims: Mapping[str, Any] | None,
    method: str = "GET",
    path: str = "/",
    headers: Mapping[str, str] | None = None,
    read_only: bool = False,
    search_path: str = DEFAULT_SEARCH_PATH,
) -> None:
    """PostgREST's one `set_config` statement, every setting local to the transaction; in pipeline mode, queued.

    The transaction is an explicit BEGIN's, or the implicit one that lasts up to a pipeline's sync.
    """
    await conn.execute(READ_ONLY_SETTINGS_SQL if read_only else SETTINGS_SQL,
                       settings_values(role=role, claims=claims, method=method, path=path, headers=headers,
                                       search_path=search_path))


def settings_statement(*, role: str, claims: Mapping[str, Any] | None, method: str, path: str,
                       headers: Mapping[str, str] | None, search_path: str,
                       read_only: bool = False) -> tuple[Query, tuple[str, ...]]:
    """queue_settings' statement and parameters, for a caller that queues it itself (gateway.database.round_trip)."""
    return (READ_ONLY_SETTINGS_QUERY if read_only else SETTINGS_QUERY,
            settings_values(role=role, claims=claims, method=method, path=path, headers=headers,
                            search_path=search_path))


def settings_values(*, role: str, claims: Mapping[str, Any] | None, method: str, path: str,
                    headers: Mapping[str, str] | None, search_path: str) -> tuple[str, ...]:
    if role not in API_ROLES:
        raise ValueError(f"unknown API role {role!r}")
    return (search_path, role, json.dumps(dict(claims or {"role": role})), method, path,
            json.dumps({k.lower(): v for k, v in (headers or {}).items()}))


async def discard_transaction(conn: psycopg.AsyncConnection) -> None:
    """After a failure: whatever the pipeline left open (an aborted transaction) ends before the pool takes it back."""
    if conn.info.transaction_status in (psycopg.pq.TransactionStatus.INTRANS, psycopg.pq.TransactionStatus.INERROR):
        # A connection that broke is left to the pool, which throws it away.
        with suppress(psycopg.OperationalError):
            await conn.execute("ROLLBACK")


@asynccontextmanager
async def request_tx(
    pool: AsyncConnectionPool,
    **settings: Any,
) -> AsyncIterator[psycopg.AsyncConnection]:
    """One transaction, opened the way PostgREST opens it (see queue_settings), BEGIN and settings in one round trip.

    Ends with COMMIT; with ROLLBACK when the block raises (psycopg.Rollback is swallowed, as in conn.transaction()).
    """
    async with pool.connection() as conn:
        try:
            async with conn.pipeline():
                await conn.execute("BEGIN")
                await queue_settings(conn, **settings)
            yield conn
        except psycopg.Rollback:
            await discard_transaction(conn)
            return
        except BaseException:
            await discard_transaction(conn)
            raise
        await conn.execute("COMMIT")


@asynccontextmanager
async def privileged_tx(pool: AsyncConnectionPool) -> AsyncIterator[psycopg.AsyncConnection]:
    """A transaction as the gateway's own database user, for the auth service, the mailer and the realtime broker."""
    async with pool.connection() as conn:
        async with conn.transaction():
            yield conn
