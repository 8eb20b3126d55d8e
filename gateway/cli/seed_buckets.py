"""`[storage.buckets.<name>]` of config.toml, made real at start and reset as `supabase seed buckets` does: each
bucket created (or its public, file_size_limit and allowed_mime_types updated), then every file under its
`objects_path` (relative to supabase/) uploaded to `<name>/<path in that folder>`, replacing what was there.
"""

from __future__ import annotations

import json
import mimetypes
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import anyio
import psycopg

from gateway.config_values import ConfigError, parse_size
from gateway.project.config import lookup
from gateway.project.folder import Project
from gateway.settings import Settings
from gateway.storage.errors import StorageError
from gateway.storage.limits import UNKNOWN_TYPE, BucketLimits
from gateway.storage.objects import file_metadata
from gateway.storage.routes import object_store
from gateway.storage.store import new_version

CACHE_CONTROL = "max-age=3600"  # the CLI's upload default
_CHUNK = 1024 * 1024


@dataclass(frozen=True)
class Bucket:
    name: str
    public: bool | None
    file_size_limit: int | None
    allowed_mime_types: list[str] | None
    objects_path: Path | None


def configured_buckets(project: Project) -> list[Bucket]:
    return [_bucket(project, name, table) for name, table in lookup(project.config, "storage.buckets").items()]


def _bucket(project: Project, name: str, table: Any) -> Bucket:
    label = f"{project.config_file}: [storage.buckets.{name}]"
    if not isinstance(table, dict):
        raise ConfigError(f"{label} must be a table")
    public = table.get("public")
    if public is not None and not isinstance(public, bool):
        raise ConfigError(f"{label} public must be true or false")
    size = table.get("file_size_limit")
    limit = parse_size(size) if isinstance(size, (str, int)) and not isinstance(size, bool) else None
    if size is not None and limit is None:
        raise ConfigError(f"{label} file_size_limit must be a size such as \"50MiB\", got {size!r}")
    mime_types = table.get("allowed_mime_types")
    if mime_types is not None and not (isinstance(mime_types, list) and all(isinstance(m, str) for m in mime_types)):
        raise ConfigError(f"{label} allowed_mime_types must be a list of strings")
    objects = table.get("objects_path")
    if objects is not None and not isinstance(objects, str):
        raise ConfigError(f"{label} objects_path must be a path")
    return Bucket(name, public, limit or None, mime_types or None,
                  (project.root / "supabase" / objects).resolve() if objects else None)


def seed_buckets(settings: Settings, url: str, log: Callable[[str], None]) -> None:
    buckets = configured_buckets(settings.project)
    if buckets:
        anyio.run(_seed, settings, url, buckets, log)


async def _seed(settings: Settings, url: str, buckets: list[Bucket], log: Callable[[str], None]) -> None:
    store = object_store(settings)
    await store.prepare()
    try:
        async with await psycopg.AsyncConnection.connect(url, autocommit=True) as conn:
            for bucket in buckets:
                await _upsert_bucket(conn, bucket, log)
            for bucket in buckets:
                limits = BucketLimits(bucket.allowed_mime_types, bucket.file_size_limit,
                                      settings.storage_file_size_limit)
                for path, name in _files(bucket):
                    log(f"Uploading: {path} => {bucket.name}/{name}")
                    mime = mimetypes.guess_type(path.name)[0] or UNKNOWN_TYPE
                    try:
                        limits.check(name, mime, path.stat().st_size)
                    except StorageError as exc:
                        raise ConfigError(f"{path}: {exc} ([storage.buckets.{bucket.name}])") from None
                    version = new_version()
                    stored = await store.put(version, _chunks(path), limits.max_bytes(name))
                    await conn.execute(
                        "insert into storage.objects (bucket_id, name, metadata, version) values (%s, %s, %s, %s)"
                        " on conflict (bucket_id, name) do update set metadata = excluded.metadata,"
                        " version = excluded.version, owner = null, owner_id = null, updated_at = now()",
                        (bucket.name, name, json.dumps(file_metadata(stored, mime, CACHE_CONTROL)), version))
    finally:
        await store.close()


async def _upsert_bucket(conn: psycopg.AsyncConnection, bucket: Bucket, log: Callable[[str], None]) -> None:
    exists = await (await conn.execute("select 1 from storage.buckets where id = %s", (bucket.name,))).fetchone()
    log(f"{'Updating' if exists else 'Creating'} Storage bucket: {bucket.name}")
    await conn.execute(
        "insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)"
        " values (%(name)s, %(name)s, coalesce(%(public)s, false), %(limit)s, %(mime)s)"
        " on conflict (id) do update set public = coalesce(%(public)s, storage.buckets.public),"
        " file_size_limit = excluded.file_size_limit, allowed_mime_types = excluded.allowed_mime_types,"
        " updated_at = now()",
        {"name": bucket.name, "public": bucket.public, "limit": bucket.file_size_limit,
         "mime": bucket.allowed_mime_types})


def _files(bucket: Bucket) -> list[tuple[Path, str]]:
    """(file, object name): the files under objects_path by their path in it, or the one file it names."""
    folder = bucket.objects_path
    if folder is None:
        return []
    if folder.is_file():
        return [(folder, folder.name)]
    if not folder.is_dir():
        raise ConfigError(f"[storage.buckets.{bucket.name}] objects_path {folder}: no such file or folder")
    return [(path, path.relative_to(folder).as_posix()) for path in sorted(folder.rglob("*")) if path.is_file()]


async def _chunks(path: Path) -> AsyncIterator[bytes]:
    with path.open("rb") as handle:
        while chunk := await anyio.to_thread.run_sync(handle.read, _CHUNK):
            yield chunk
