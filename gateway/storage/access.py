"""Who runs a Storage operation: the caller's role and claims in one transaction (gateway.db.request_tx), so RLS
on storage.buckets / storage.objects decides, exactly as REST runs a request.

Some steps of an operation are the API's own, not the caller's (supabase/storage runs them "as superuser"):
looking up a bucket's limits, reading back the row the caller was allowed to write, listing the versions a write
released. `privileged(conn)` ends the caller's part of the transaction for those, after RLS has decided.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass

import anyio
import psycopg
from psycopg_pool import AsyncConnectionPool
from starlette.requests import Request

from gateway.claims import Caller, resolve_caller
from gateway.db import request_tx
from gateway.keys import ExpiredToken, InvalidToken, JwtKeys
from gateway.storage import errors
from gateway.storage.disk import DiskStore

log = logging.getLogger("gateway.storage")
SWEEP_GRACE = "1 minute"


def caller_of(request: Request) -> Caller:
    keys: JwtKeys = request.app.state.keys
    try:
        return resolve_caller(keys, request.headers)
    except ExpiredToken:
        raise errors.access_denied("jwt expired") from None
    except InvalidToken:
        raise errors.access_denied("invalid signature") from None


def owner_of(caller: Caller) -> str | None:
    sub = caller.claims.get("sub")
    return sub if isinstance(sub, str) and sub else None


@dataclass
class Access:
    pool: AsyncConnectionPool
    disk: DiskStore

    @asynccontextmanager
    async def as_caller(self, request: Request, caller: Caller, operation: str, *,
                        deleting: bool = False) -> AsyncIterator[psycopg.AsyncConnection]:
        try:
            async with request_tx(self.pool, role=caller.role, claims=caller.claims, method=request.method,
                                  path=request.url.path, headers=request.headers) as conn:
                await conn.execute(
                    "select set_config('storage.operation', %s, true),"
                    " set_config('storage.allow_delete_query', %s, true)",
                    (operation, "true" if deleting else "false"))
                yield conn
        except psycopg.Error as exc:
            raise errors.from_database(exc) from None

    async def bucket(self, bucket_id: str, columns: str = "id, public, file_size_limit, allowed_mime_types",
                     public_only: bool = False) -> dict:
        """The API's own lookup of a bucket (its limits, whether it is public), whatever the caller may see."""
        query = f"select {columns} from storage.buckets where id = %s"
        if public_only:
            query += " and public"
        async with self.pool.connection() as conn:
            cur = await conn.execute(query, (bucket_id,))
            row = await cur.fetchone()
            if row is None:
                raise errors.no_such_bucket()
            return dict(zip([c.name for c in cur.description], row))

    async def release(self, versions: list[str]) -> None:
        """Remove the files of versions a committed change released, then their entries."""
        if not versions:
            return
        await anyio.to_thread.run_sync(lambda: [self.disk.remove(v) for v in versions])
        async with self.pool.connection() as conn:
            await conn.execute("delete from gateway_meta.storage_released_versions where version = any(%s)",
                               (versions,))

    async def sweep(self) -> int:
        """Versions released by a process that died before removing their files (any process may do this)."""
        async with self.pool.connection() as conn:
            cur = await conn.execute(
                "select version from gateway_meta.storage_released_versions"
                f" where released_at < now() - interval '{SWEEP_GRACE}' limit 1000")
            versions = [row[0] for row in await cur.fetchall()]
        await self.release(versions)
        return len(versions)


async def privileged(conn: psycopg.AsyncConnection) -> None:
    await conn.execute("set local role none")


async def released_versions(conn: psycopg.AsyncConnection) -> list[str]:
    """Versions this transaction released (its writes replaced or deleted them); call after `privileged`."""
    cur = await conn.execute("select version from gateway_meta.storage_released_versions"
                             " where released_by = pg_current_xact_id_if_assigned()")
    return [row[0] for row in await cur.fetchall()]
