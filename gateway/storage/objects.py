"""Object operations: each one transaction as the caller, so the policies on storage.objects decide."""

from __future__ import annotations

import json
import uuid
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import anyio
import psycopg
from psycopg.abc import Params
from psycopg.rows import dict_row
from starlette.requests import Request

from gateway.claims import Caller
from gateway.database.transactions import one
from gateway.storage import errors
from gateway.storage.access import API, Access, owner_of, privileged, transaction_of
from gateway.storage.limits import BucketLimits
from gateway.storage.store import Blob, Stored, new_version
from gateway.storage.uploads import UploadBody

OBJECT_COLUMNS = ("id, bucket_id, name, owner, owner_id, version, metadata, user_metadata, created_at, updated_at,"
                  " last_accessed_at")


def iso(value: datetime | None) -> str | None:
    """Timestamps as supabase/storage's JSON renders them (JavaScript's Date.toISOString)."""
    if value is None:
        return None
    return value.astimezone(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def jsonable(row: dict) -> dict:
    return {key: iso(value) if isinstance(value, datetime) else str(value) if isinstance(value, uuid.UUID)
            else value for key, value in row.items()}


async def fetch_dicts(conn: psycopg.AsyncConnection, query: str, params: Params) -> list[dict[str, Any]]:
    cur = conn.cursor(row_factory=dict_row)
    await cur.execute(query, params)
    return await cur.fetchall()


def owner_columns(owner: str | None) -> tuple[str | None, str | None]:
    """(owner uuid, owner_id text): a subject that is not a UUID is kept in owner_id only."""
    if owner is None:
        return None, None
    try:
        return str(uuid.UUID(owner)), owner
    except ValueError:
        return None, owner


def _write_sql(upsert: bool) -> str:
    sql = ("insert into storage.objects (id, bucket_id, name, owner, owner_id, metadata, user_metadata, version)"
           " values (%s, %s, %s, %s, %s, %s, %s, %s)")
    if upsert:
        sql += (" on conflict (bucket_id, name) do update set owner = excluded.owner, owner_id = excluded.owner_id,"
                " metadata = excluded.metadata, user_metadata = excluded.user_metadata, version = excluded.version,"
                " last_accessed_at = now()")
    return sql


async def _write_row(conn: psycopg.AsyncConnection, bucket: str, name: str, owner: str | None, metadata: dict,
                     user_metadata: dict | None, version: str, upsert: bool) -> None:
    owner_uuid, owner_id = owner_columns(owner)
    await conn.execute(_write_sql(upsert), (str(uuid.uuid4()), bucket, name, owner_uuid, owner_id,
                                            json.dumps(metadata), json.dumps(user_metadata)
                                            if user_metadata is not None else None, version))


@dataclass
class Written:
    id: str
    transaction: int | None


async def _read_back(conn: psycopg.AsyncConnection, bucket: str, name: str) -> Written:
    await privileged(conn)
    cur = await conn.execute("select id from storage.objects where bucket_id = %s and name = %s", (bucket, name))
    return Written(id=str(one(await cur.fetchone())[0]), transaction=await transaction_of(conn))


async def check_can_write(access: Access, request: Request, caller: Caller, operation: str, bucket: str,
                          name: str, upsert: bool, metadata: dict, user_metadata: dict | None) -> None:
    """supabase/storage's canUpload: the row is written as the caller and rolled back, before any byte is kept."""
    async with access.as_caller(request, caller, operation) as conn:
        async with conn.transaction(force_rollback=True):
            await _write_row(conn, bucket, name, owner_of(caller), metadata, user_metadata, "pending", upsert)


def file_metadata(stored: Stored, mime: str, cache_control: str) -> dict:
    return {"eTag": stored.etag, "size": stored.size, "mimetype": mime, "cacheControl": cache_control,
            "lastModified": iso(datetime.now(UTC)), "contentLength": stored.size, "httpStatusCode": 200}


async def store_upload(access: Access, request: Request, caller: Caller, operation: str, bucket: str, name: str,
                       upsert: bool, body: UploadBody, max_bytes: int, owner: str | None) -> str:
    """Receive the bytes as a new version, then write the row as the caller; the version becomes reachable only
    when that commits."""
    version = new_version()
    stored = await access.store.put(version, body.chunks, max_bytes)
    # Storage's uploader keeps `{ ...userMetadata }`: an upload without metadata has `{}`, not null.
    return await keep_stored(access, request, caller, operation, bucket, name, upsert, version,
                             file_metadata(stored, body.mime, body.cache_control), body.user_metadata or {}, owner)


async def keep_stored(access: Access, request: Request, caller: Caller, operation: str, bucket: str, name: str,
                      upsert: bool, version: str, metadata: dict, user_metadata: dict | None,
                      owner: str | None) -> str:
    """Write the row of a stored `version` as the caller; a refused write removes the version again."""
    try:
        async with access.as_caller(request, caller, operation) as conn:
            await _write_row(conn, bucket, name, owner, metadata, user_metadata, version, upsert)
            written = await _read_back(conn, bucket, name)
    except BaseException:
        with anyio.CancelScope(shield=True):
            await access.store.remove([version])
        raise
    await access.release_by(written.transaction)
    return written.id


@dataclass
class Opened:
    row: dict
    blob: Blob


async def open_object(access: Access, request: Request, caller: Caller | None, operation: str, bucket: str,
                      name: str) -> Opened:
    """The row as the caller sees it (or as the API, for public and signed reads: caller None) and its version,
    opened right after (a version is never rewritten; one replaced meanwhile is gone, and the new row is read)."""
    for _ in range(3):
        row = await find_object(access, request, caller, operation, bucket, name)
        try:
            blob = await access.store.open(row["version"])
        except FileNotFoundError:
            continue
        return Opened(row=row, blob=blob)
    raise errors.no_such_key()


async def find_object(access: Access, request: Request, caller: Caller | None, operation: str, bucket: str,
                      name: str) -> dict:
    query = f"select {OBJECT_COLUMNS} from storage.objects where bucket_id = %s and name = %s"
    async with access.as_caller(request, caller or API, operation) as conn:
        rows = await fetch_dicts(conn, query, (bucket, name))
    if not rows:
        raise errors.no_such_key()
    return rows[0]


async def existing_names(access: Access, request: Request, caller: Caller, operation: str, bucket: str,
                         names: list[str]) -> set[str]:
    async with access.as_caller(request, caller, operation) as conn:
        cur = await conn.execute("select name from storage.objects where bucket_id = %s and name = any(%s)",
                                 (bucket, names))
        return {row[0] for row in await cur.fetchall()}


async def remove_objects(access: Access, request: Request, caller: Caller, bucket: str, names: list[str]) -> list[dict]:
    async with access.as_caller(request, caller, "storage.object.delete_many", deleting=True) as conn:
        removed = await fetch_dicts(conn, "delete from storage.objects where bucket_id = %s and name = any(%s)"
                                    f" returning {OBJECT_COLUMNS}", (bucket, names))
        transaction = await transaction_of(conn)
    await access.release_by(transaction)
    return [jsonable(row) for row in removed]


async def remove_object(access: Access, request: Request, caller: Caller, bucket: str, name: str) -> None:
    async with access.as_caller(request, caller, "storage.object.delete", deleting=True) as conn:
        cur = await conn.execute("delete from storage.objects where bucket_id = %s and name = %s", (bucket, name))
        deleted = cur.rowcount
        await privileged(conn)
        if not deleted:
            cur = await conn.execute("select 1 from storage.objects where bucket_id = %s and name = %s",
                                     (bucket, name))
            raise errors.access_denied() if await cur.fetchone() else errors.no_such_key()
        transaction = await transaction_of(conn)
    await access.release_by(transaction)


async def move_object(access: Access, request: Request, caller: Caller, bucket: str, source: str,
                      target_bucket: str, target: str, limits: BucketLimits) -> str:
    """A rename of the row: files are named by version, so no byte moves. The moved object must fit the target
    bucket's `limits` (checked before the rename commits)."""
    owner_uuid, owner_id = owner_columns(owner_of(caller))
    async with access.as_caller(request, caller, "storage.object.move") as conn:
        cur = await conn.execute(
            "update storage.objects set bucket_id = %s, name = %s, owner = %s, owner_id = %s"
            " where bucket_id = %s and name = %s returning metadata",
            (target_bucket, target, owner_uuid, owner_id, bucket, source))
        moved = await cur.fetchone()
        if moved is not None:
            check_fits(limits, target, moved[0])
        await privileged(conn)
        if moved is None:
            cur = await conn.execute("select 1 from storage.objects where bucket_id = %s and name = %s",
                                     (bucket, source))
            raise errors.access_denied() if await cur.fetchone() else errors.no_such_key()
        cur = await conn.execute("select id from storage.objects where bucket_id = %s and name = %s",
                                 (target_bucket, target))
        return str(one(await cur.fetchone())[0])


def check_fits(limits: BucketLimits, name: str, metadata: dict | None) -> None:
    """An existing object's type and size (its metadata) against the limits of a bucket it is to enter."""
    metadata = metadata or {}
    size = metadata.get("size")
    limits.check(name, metadata.get("mimetype"), size if isinstance(size, int) else None)


async def copy_object(access: Access, request: Request, caller: Caller, bucket: str, source: str,
                      target_bucket: str, target: str, limits: BucketLimits, upsert: bool, copy_metadata: bool,
                      metadata: dict | None, user_metadata: dict | None) -> dict:
    version = new_version()
    copied = False
    try:
        async with access.as_caller(request, caller, "storage.object.copy") as conn:
            rows = await fetch_dicts(conn, "select version, metadata, user_metadata from storage.objects"
                                     " where bucket_id = %s and name = %s", (bucket, source))
            if not rows:
                raise errors.no_such_key()
            origin = rows[0]
            new_metadata = dict(origin["metadata"] or {})
            if not copy_metadata:
                for key, field in (("cacheControl", "cacheControl"), ("mimetype", "mimetype")):
                    if metadata and metadata.get(field) is not None:
                        new_metadata[key] = metadata[field]
            new_metadata["lastModified"] = iso(datetime.now(UTC))
            check_fits(limits, target, new_metadata)
            try:
                await access.store.copy(origin["version"], version)
            except FileNotFoundError:
                raise errors.no_such_key() from None
            copied = True
            await _write_row(conn, target_bucket, target, owner_of(caller), new_metadata,
                             origin["user_metadata"] if copy_metadata else user_metadata, version, upsert)
            await privileged(conn)
            rows = await fetch_dicts(
                conn, f"select {OBJECT_COLUMNS} from storage.objects where bucket_id = %s and name = %s",
                (target_bucket, target))
            transaction = await transaction_of(conn)
    except BaseException:
        if copied:
            with anyio.CancelScope(shield=True):
                await access.store.remove([version])
        raise
    await access.release_by(transaction)
    return jsonable(rows[0])


def escape_like(text: str) -> str:
    return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


async def search(access: Access, request: Request, caller: Caller, bucket: str, prefix: str, limit: int,
                 offset: int, search_text: str, column: str, order: str) -> list[dict]:
    if prefix and not prefix.endswith("/"):
        prefix += "/"
    safe_prefix, safe_search = escape_like(prefix), escape_like(search_text)
    levels = len((safe_prefix + safe_search).split("/"))
    async with access.as_caller(request, caller, "storage.object.list") as conn:
        rows = await fetch_dicts(
            conn, "select * from storage.search(%s, %s, %s, %s, %s, %s, %s, %s)",
            (safe_prefix, bucket, limit, levels, offset, safe_search, column, order))
    return [jsonable(row) for row in rows]
