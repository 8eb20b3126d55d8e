"""Who runs a Storage operation: the caller's role and claims in one transaction (gateway.database.transactions.request_tx) on the
request pool, the `authenticator` login REST uses, so RLS on storage.buckets / storage.objects decides with exactly
the rights a REST request has.

Some steps of an operation are the API's own, not the caller's: looking up a bucket's limits, reading back the row
the caller was allowed to write, telling "not allowed" from "not found", public and signed reads. supabase/storage
runs them "as superuser", which is its service key's role: here too they run as `service_role` on the request
pool (`as_caller` with `API`, or `privileged(conn)` to end the caller's part of a transaction after RLS has
decided).

The owner pool serves only the gateway's own bookkeeping in `gateway_meta`, which no API role can reach: the
versions a committed change released (found by the transaction's id after it commits) and resumable uploads.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass

import psycopg
from psycopg.rows import dict_row
from psycopg_pool import AsyncConnectionPool
from starlette.requests import Request

from gateway.claims import Caller
from gateway.database.transactions import one, request_tx
from gateway.storage import errors
from gateway.storage.store import ObjectStore

log = logging.getLogger("gateway.storage")
SWEEP_GRACE = "1 minute"



def owner_of(caller: Caller) -> str | None:
    sub = caller.claims.get("sub")
    return sub if isinstance(sub, str) and sub else None


API = Caller(role="service_role", claims={"role": "service_role"}, token=None)


@dataclass
class Access:
    requests: AsyncConnectionPool
    pool: AsyncConnectionPool
    store: ObjectStore

    @asynccontextmanager
    async def as_caller(self, request: Request | None, caller: Caller, operation: str, *,
                        deleting: bool = False) -> AsyncIterator[psycopg.AsyncConnection]:
        where = {} if request is None else {"method": request.method, "path": request.url.path,
                                             "headers": request.headers}
        try:
            async with request_tx(self.requests, role=caller.role, claims=caller.claims, **where) as conn:
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
        async with self.as_caller(None, API, "storage.bucket.get") as conn:
            cur = conn.cursor(row_factory=dict_row)
            await cur.execute(query, (bucket_id,))
            row = await cur.fetchone()
            if row is None:
                raise errors.no_such_bucket()
            return row

    async def release_by(self, transaction: int | None) -> None:
        """After `transaction` committed: remove the versions it released (`transaction_of` names it)."""
        if transaction is None:
            return
        async with self.pool.connection() as conn:
            cur = await conn.execute("select version from gateway_meta.storage_released_versions"
                                     " where released_by = %s::text::xid8", (str(transaction),))
            versions = [row[0] for row in await cur.fetchall()]
        await self.release(versions)

    async def release(self, versions: list[str]) -> None:
        """Remove the bytes of versions a committed change released, then their entries."""
        if not versions:
            return
        await self.store.remove(versions)
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
    await conn.execute("select set_config('role', 'service_role', true),"
                       " set_config('request.jwt.claims', '{\"role\": \"service_role\"}', true)")


async def transaction_of(conn: psycopg.AsyncConnection) -> int | None:
    """The transaction's id, if it wrote anything: after it commits, `Access.release_by` removes what it released."""
    cur = await conn.execute("select pg_current_xact_id_if_assigned()::text")
    value = one(await cur.fetchone())[0]
    return int(value) if value is not None else None
