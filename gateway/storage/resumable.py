"""Resumable uploads: TUS 1.0.0 (core, creation, creation-with-upload, termination) at /upload/resumable, as
supabase/storage offers them.

An upload is created with its length and `Upload-Metadata` (bucketName, objectName, contentType, cacheControl,
metadata) and `x-upsert`; its chunks are appended to the store's partial <id>; the object appears only when the
last byte has arrived: that request makes the partial the version <id> and writes the row as its caller. Policies
decide at creation, at every chunk and at completion, as supabase/storage checks them. The state is a row in
gateway_meta.storage_uploads, so any gateway process can take the next chunk; the request appending holds a lease
on the row (renewed while bytes flow) so that two requests never write one upload at once.

At /upload/resumable/sign the permission is a signed upload token (`createSignedUploadUrl`'s, in the header
`x-signature`) instead of the caller's JWT: the upload runs as the API, owned by whoever signed the token, with its
`upsert`, as supabase/storage's signed TUS routes do.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import time
import uuid
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass

import anyio
from starlette.requests import Request

from gateway.claims import Caller
from gateway.database.transactions import one
from gateway.server import json_input
from gateway.storage import errors, limits, objects
from gateway.storage.access import Access, owner_of
from gateway.storage.names import bucket_id as valid_bucket_id
from gateway.storage.names import object_key
from gateway.storage.store import is_version, new_version

TUS_VERSION = "1.0.0"
EXTENSIONS = "creation,creation-with-upload,termination"
EXPIRES_HOURS = 24
LEASE_SECONDS = 120
RENEW_AFTER_SECONDS = 30
CHUNK_CONTENT_TYPE = "application/offset+octet-stream"
_UPLOAD_COLUMNS = ("id, bucket_id, name, upsert, upload_length, upload_offset, content_type, cache_control,"
                   " user_metadata")


def tus_error(status: int, message: str) -> errors.StorageError:
    return errors.StorageError(status, "InvalidRequest" if status < 500 else "InternalError", message,
                               http_status=status)


def not_found() -> errors.StorageError:
    return tus_error(404, "The file for this url was not found")


@dataclass(frozen=True)
class Quota:
    """Per owner (JWT subject): how many uploads may be open at once, and how many bytes they may declare in all.
    An open upload is one not complete and not expired."""
    uploads: int
    bytes: int


@dataclass
class Upload:
    id: str
    bucket_id: str
    name: str
    upsert: bool
    upload_length: int
    upload_offset: int
    content_type: str
    cache_control: str
    user_metadata: dict | None

    @property
    def complete(self) -> bool:
        return self.upload_offset == self.upload_length

    @property
    def url_id(self) -> str:
        """supabase/storage's upload id: base64url of bucket/name/version."""
        raw = f"{self.bucket_id}/{self.name}/{self.id}".encode()
        return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def check_version(request: Request) -> None:
    if request.headers.get("tus-resumable") != TUS_VERSION:
        raise tus_error(412, "Unsupported version")


def parse_metadata(header: str | None) -> dict[str, str]:
    """`Upload-Metadata`: comma-separated `key base64value` pairs (a key alone has an empty value)."""
    found: dict[str, str] = {}
    for pair in (header or "").split(","):
        if not pair.strip():
            continue
        key, _, value = pair.strip().partition(" ")
        try:
            found[key] = base64.b64decode(value, validate=True).decode() if value else ""
        except (binascii.Error, UnicodeDecodeError):
            raise errors.StorageError(400, "InvalidParameter", "Invalid Upload-Metadata header",
                                      http_status=400) from None
    return found


def _integer_header(request: Request, name: str) -> int:
    value = request.headers.get(name, "")
    if not value.isdigit():
        raise tus_error(400, f"{name.title()} header required")
    return int(value)


def user_metadata_of(text: str | None) -> dict | None:
    try:
        value = json_input.parse(text) if text else None
    except ValueError:
        return None
    return value if isinstance(value, dict) else None


def is_chunk(request: Request) -> bool:
    return request.headers.get("content-type", "").split(";")[0].strip() == CHUNK_CONTENT_TYPE


Authorise = Callable[[str, str], tuple[Caller, bool]]


def as_caller(caller: Caller, request: Request) -> Authorise:
    """The caller's JWT decides, and `x-upsert`."""
    upsert = request.headers.get("x-upsert") == "true"
    return lambda bucket, name: (caller, upsert)


async def create(access: Access, request: Request, authorise: Authorise, global_limit: int, quota: Quota,
                 chunks: AsyncIterator[bytes]) -> Upload:
    """A POST; its body, when it is a chunk (creation-with-upload, as Supabase's guide sets tus-js-client up), is
    the upload's first bytes. `authorise(bucket, name)` gives who uploads, and whether it may replace; what they
    hold open already must leave room for it under `quota`."""
    check_version(request)
    if "upload-defer-length" in request.headers:
        raise tus_error(400, "Upload-Defer-Length is not supported")
    length = _integer_header(request, "upload-length")
    metadata = parse_metadata(request.headers.get("upload-metadata"))
    bucket = valid_bucket_id(metadata.get("bucketName"))
    name = object_key(metadata.get("objectName"))
    caller, upsert = authorise(bucket, name)
    content_type = metadata.get("contentType") or limits.UNKNOWN_TYPE
    try:
        (await limits.of(access, bucket, global_limit)).check(name, content_type, length)
    except errors.StorageError as refused:
        if refused.code == "EntityTooLarge":
            raise tus_error(413, "Maximum size exceeded") from None  # the TUS server's own words
        raise
    cache = metadata.get("cacheControl", "")
    upload = Upload(id=new_version(), bucket_id=bucket, name=name, upsert=upsert, upload_length=length,
                    upload_offset=0,
                    content_type=content_type,
                    cache_control=f"max-age={cache}" if re.fullmatch(r"-?\d+", cache) else "no-cache",
                    user_metadata=user_metadata_of(metadata.get("metadata")))
    await _check_can_write(access, request, caller, "storage.tus.upload.create", upload)
    await access.store.start_partial(upload.id)
    try:
        await _open(access, upload, owner_of(caller), quota)
    except BaseException:
        with anyio.CancelScope(shield=True):
            await access.store.discard_partial(upload.id)
        raise
    if length == 0:
        await complete(access, request, caller, upload)
    elif is_chunk(request):
        upload.upload_offset = await write(access, request, caller, upload, 0, chunks)
    return upload


async def _open(access: Access, upload: Upload, owner: str | None, quota: Quota) -> None:
    """Records the upload, if its owner's open uploads leave room for it (counted under a lock per owner, so
    parallel creations cannot all take the last place)."""
    async with access.pool.connection() as conn, conn.transaction():
        await conn.execute("select pg_advisory_xact_lock(hashtextextended(%s, 0))",
                           (f"storage.tus.owner:{owner or ''}",))
        cur = await conn.execute(
            "select count(*), coalesce(sum(upload_length), 0) from gateway_meta.storage_uploads"
            " where owner is not distinct from %s and upload_offset < upload_length"
            f" and created_at > now() - interval '{EXPIRES_HOURS} hours'", (owner,))
        count, declared = one(await cur.fetchone())
        if count >= quota.uploads:
            raise errors.StorageError(429, "SlowDown", f"Too many open uploads: at most {quota.uploads} at once",
                                      http_status=429)
        if declared + upload.upload_length > quota.bytes:
            raise errors.entity_too_large("open uploads", f"{quota.bytes} bytes")
        await conn.execute(
            f"insert into gateway_meta.storage_uploads ({_UPLOAD_COLUMNS}, owner) values"
            " (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s)",
            (upload.id, upload.bucket_id, upload.name, upload.upsert, upload.upload_length, 0, upload.content_type,
             upload.cache_control, json.dumps(upload.user_metadata) if upload.user_metadata is not None else None,
             owner))


async def _check_can_write(access: Access, request: Request, caller: Caller, operation: str, upload: Upload) -> None:
    await objects.check_can_write(access, request, caller, operation, upload.bucket_id, upload.name, upload.upsert,
                                  {"mimetype": upload.content_type, "contentLength": upload.upload_length},
                                  upload.user_metadata)


def upload_id_of(url_id: str) -> str:
    """The version at the end of a base64url `bucket/name/version`; anything else is not an upload."""
    try:
        raw = base64.urlsafe_b64decode(url_id + "=" * (-len(url_id) % 4)).decode()
    except (binascii.Error, UnicodeDecodeError, ValueError):
        raise not_found() from None
    version = raw.rsplit("/", 1)[-1]
    if not is_version(version):
        raise not_found()
    return version


async def find(access: Access, url_id: str) -> Upload:
    async with access.pool.connection() as conn:
        cur = await conn.execute(
            f"select {_UPLOAD_COLUMNS} from gateway_meta.storage_uploads where id = %s"
            f" and created_at > now() - interval '{EXPIRES_HOURS} hours'", (upload_id_of(url_id),))
        row = await cur.fetchone()
    if row is None:
        raise not_found()
    upload = Upload(*row)
    if upload.url_id != url_id.rstrip("="):
        raise not_found()
    return upload


class Lease:
    """The right to append to one upload: taken atomically, renewed while bytes flow, given back at the end."""

    def __init__(self, access: Access, upload_id: str) -> None:
        self.access = access
        self.upload_id = upload_id
        self.token = uuid.uuid4().hex
        self.renewed = 0.0

    async def take(self) -> None:
        async with self.access.pool.connection() as conn:
            cur = await conn.execute(
                "update gateway_meta.storage_uploads set lease = %s,"
                f" lease_expires = now() + interval '{LEASE_SECONDS} seconds'"
                " where id = %s and (lease is null or lease_expires < now())", (self.token, self.upload_id))
            if cur.rowcount != 1:
                raise tus_error(423, "file currently locked")
        self.renewed = time.monotonic()

    async def keep(self) -> None:
        """Called before each write: a lease not renewed for RENEW_AFTER_SECONDS is renewed, or the write stops."""
        if time.monotonic() - self.renewed < RENEW_AFTER_SECONDS:
            return
        async with self.access.pool.connection() as conn:
            cur = await conn.execute(
                f"update gateway_meta.storage_uploads set lease_expires = now() + interval '{LEASE_SECONDS} seconds'"
                " where id = %s and lease = %s", (self.upload_id, self.token))
            if cur.rowcount != 1:
                raise tus_error(423, "file currently locked")
        self.renewed = time.monotonic()

    async def release(self, offset: int) -> None:
        async with self.access.pool.connection() as conn:
            await conn.execute("update gateway_meta.storage_uploads set upload_offset = %s, lease = null,"
                               " lease_expires = null where id = %s and lease = %s",
                               (offset, self.upload_id, self.token))


async def append(access: Access, request: Request, authorise: Authorise, url_id: str,
                 chunks: AsyncIterator[bytes]) -> int:
    """A PATCH: the body is written at the upload's offset; returns the new offset. The request that brings the
    last byte completes the upload (the object appears)."""
    check_version(request)
    if not is_chunk(request):
        raise tus_error(415, "Content-Type must be application/offset+octet-stream")
    claimed = _integer_header(request, "upload-offset")
    upload = await find(access, url_id)
    caller, _ = authorise(upload.bucket_id, upload.name)
    await _check_may_follow(access, request, caller, "storage.tus.upload.part", upload)
    if upload.complete:
        if claimed != upload.upload_length:
            raise tus_error(409, "Upload-Offset header does not match current offset")
        return claimed
    return await write(access, request, caller, upload, claimed, chunks)


async def progress(access: Access, request: Request, authorise: Authorise, url_id: str) -> Upload:
    """A HEAD: the upload's offset, for whoever may write it."""
    check_version(request)
    upload = await find(access, url_id)
    caller, _ = authorise(upload.bucket_id, upload.name)
    await _check_may_follow(access, request, caller, "storage.tus.upload.head", upload)
    return upload


async def _check_may_follow(access: Access, request: Request, caller: Caller, operation: str,
                            upload: Upload) -> None:
    """Whoever may write an upload may see and continue it; once it is complete, whoever may read the object it
    became (its write would now be a replacement, which the uploader need not be allowed)."""
    if upload.complete:
        await objects.find_object(access, request, caller, operation, upload.bucket_id, upload.name)
    else:
        await _check_can_write(access, request, caller, operation, upload)


async def write(access: Access, request: Request, caller: Caller, upload: Upload, claimed: int,
                chunks: AsyncIterator[bytes]) -> int:
    lease = Lease(access, upload.id)
    await lease.take()
    offset = upload.upload_offset
    try:
        # The offset is read again under the lease: another request may have moved it since the caller read it.
        upload = await find(access, upload.url_id)
        offset = upload.upload_offset
        if claimed != offset:
            raise tus_error(409, "Upload-Offset header does not match current offset")
        offset = await _write_chunks(access, upload, lease, chunks)
    finally:
        with anyio.CancelScope(shield=True):
            if offset < upload.upload_length:
                await lease.release(offset)
    if offset == upload.upload_length:
        await complete(access, request, caller, upload)
    return offset


async def _write_chunks(access: Access, upload: Upload, lease: Lease, chunks: AsyncIterator[bytes]) -> int:
    """Appends at the upload's offset; the offset returned counts only bytes safely stored (what a client that
    was cut off may resume from)."""
    return await access.store.append_partial(upload.id, upload.upload_offset, _received(upload, chunks), lease.keep)


async def _received(upload: Upload, chunks: AsyncIterator[bytes]) -> AsyncIterator[bytes]:
    """The chunk's bytes up to the upload's length; a client that went away ends them (what arrived is kept, so
    it can resume from there)."""
    total = upload.upload_offset
    try:
        async for chunk in chunks:
            total += len(chunk)
            if total > upload.upload_length:
                raise tus_error(413, "Upload-Length exceeded")
            yield chunk
    except errors.StorageError as error:
        if error.status != 499:
            raise


async def complete(access: Access, request: Request, caller: Caller, upload: Upload) -> None:
    """The last byte is in: the partial becomes the object version, its row written as the caller. The upload then
    reports itself complete (until it expires); a refused write forgets it, so it is never reported complete."""
    try:
        stored = await access.store.finish_partial(upload.id)
        await objects.keep_stored(
            access, request, caller, "storage.tus.upload.complete", upload.bucket_id, upload.name, upload.upsert,
            upload.id, objects.file_metadata(stored, upload.content_type, upload.cache_control),
            upload.user_metadata, owner_of(caller))
    except BaseException:
        with anyio.CancelScope(shield=True):
            await _forget(access, upload.id)
        raise
    async with access.pool.connection() as conn:
        await conn.execute("update gateway_meta.storage_uploads set upload_offset = upload_length, lease = null,"
                           " lease_expires = null where id = %s", (upload.id,))


async def terminate(access: Access, request: Request, authorise: Authorise, url_id: str) -> None:
    check_version(request)
    upload = await find(access, url_id)
    caller, _ = authorise(upload.bucket_id, upload.name)
    if upload.complete:
        raise tus_error(400, "Cannot terminate an already completed upload")
    await _check_can_write(access, request, caller, "storage.tus.upload.delete", upload)
    await Lease(access, upload.id).take()
    await _forget(access, upload.id)


async def _forget(access: Access, upload_id: str) -> None:
    async with access.pool.connection() as conn:
        await conn.execute("delete from gateway_meta.storage_uploads where id = %s", (upload_id,))
    await access.store.discard_partial(upload_id)


async def sweep_expired(access: Access) -> int:
    """Uploads not completed within EXPIRES_HOURS: their state and their bytes go (any process may do this)."""
    async with access.pool.connection() as conn:
        cur = await conn.execute(
            "delete from gateway_meta.storage_uploads"
            f" where created_at < now() - interval '{EXPIRES_HOURS} hours' and (lease is null or lease_expires < now())"
            " returning id")
        expired = [row[0] for row in await cur.fetchall()]
    for upload_id in expired:
        await access.store.discard_partial(upload_id)
    return len(expired)

