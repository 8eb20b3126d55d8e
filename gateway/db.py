"""Connection pool and the per-request transaction that hands access decisions to PostgreSQL."""

from __future__ import annotations

import json
from contextlib import asynccontextmanager
from typing import Any, AsyncIterator, Mapping

import psycopg
from psycopg_pool import AsyncConnectionPool

from gateway.db_health import ResilientPool

API_ROLES = frozenset({"anon", "authenticated", "service_role"})


async def open_pool(url: str, *, min_size: int = 2, max_size: int = 10, name: str = "gateway") -> AsyncConnectionPool:
    # Autocommit connections with explicit transactions: a nested transaction() would become a savepoint
    # and a transaction-local setting could outlive the request. The pool fails fast and recovers on its own while
    # the database is away (gateway.db_health).
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


@asynccontextmanager
async def request_tx(
    pool: AsyncConnectionPool,
    *,
    role: str,
    claims: Mapping[str, Any] | None,
    method: str = "GET",
    path: str = "/",
    headers: Mapping[str, str] | None = None,
    read_only: bool = False,
    search_path: str = "public, extensions",
) -> AsyncIterator[psycopg.AsyncConnection]:
    """One transaction, opened the way PostgREST opens it: one `set_config` statement, all settings local."""
    async with pool.connection() as conn:
        async with conn.transaction():
            await begin_request(conn, role=role, claims=claims, method=method, path=path, headers=headers,
                                read_only=read_only, search_path=search_path)
            yield conn


async def begin_request(
    conn: psycopg.AsyncConnection,
    *,
    role: str,
    claims: Mapping[str, Any] | None,
    method: str = "GET",
    path: str = "/",
    headers: Mapping[str, str] | None = None,
    read_only: bool = False,
    search_path: str = "public, extensions",
) -> None:
    """Become the caller inside an open transaction (or savepoint): everything set here ends with it."""
    if role not in API_ROLES:
        raise ValueError(f"unknown API role {role!r}")
    if read_only:
        await conn.execute("set transaction read only")
    await conn.execute(
        "select set_config('search_path', %s, true), set_config('role', %s, true),"
        " set_config('request.jwt.claims', %s, true), set_config('request.method', %s, true),"
        " set_config('request.path', %s, true), set_config('request.headers', %s, true)",
        (
            search_path,
            role,
            json.dumps(dict(claims or {"role": role})),
            method,
            path,
            json.dumps({k.lower(): v for k, v in (headers or {}).items()}),
        ),
    )


@asynccontextmanager
async def privileged_tx(pool: AsyncConnectionPool) -> AsyncIterator[psycopg.AsyncConnection]:
    """A transaction as the gateway's own database user, for the auth service, the mailer and the realtime broker."""
    async with pool.connection() as conn:
        async with conn.transaction():
            yield conn
