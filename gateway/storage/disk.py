"""Object bytes in a folder (STORAGE_BACKEND=file): one immutable file per object version, written atomically.

An upload streams into `tmp/` (same filesystem), is flushed to disk and then renamed to `objects/<v[:2]>/<v>`:
no reader ever sees a partial file, and a failed or aborted upload leaves nothing behind (its temp file is removed
on every exit path). A resumable upload's partial is `tmp/tus-<id>`, written in place at each chunk's offset.
"""

from __future__ import annotations

import hashlib
import os
import time
import uuid
from collections.abc import AsyncIterator
from pathlib import Path
from typing import BinaryIO

import anyio

from gateway.storage import errors
from gateway.storage.store import Keep, Stored, is_version, limited

WRITE_BUFFER_BYTES = 1024 * 1024
READ_BLOCK_BYTES = 256 * 1024
STALE_TEMP_SECONDS = 24 * 3600


class DiskBlob:
    def __init__(self, handle: BinaryIO) -> None:
        self.handle = handle
        self.size = os.fstat(handle.fileno()).st_size

    async def stream(self, start: int, length: int) -> AsyncIterator[bytes]:
        try:
            remaining, position = length, start
            while remaining > 0:
                block = await anyio.to_thread.run_sync(os.pread, self.handle.fileno(),
                                                       min(READ_BLOCK_BYTES, remaining), position)
                if not block:
                    break
                position += len(block)
                remaining -= len(block)
                yield block
        finally:
            self.handle.close()

    async def whole(self) -> BinaryIO:
        return self.handle

    def close(self) -> None:
        self.handle.close()


class DiskStore:
    def __init__(self, root: Path) -> None:
        self.root = root
        self.objects = root / "objects"
        self.tmp = root / "tmp"

    async def prepare(self) -> None:
        await anyio.to_thread.run_sync(self._prepare)

    def _prepare(self) -> None:
        self.objects.mkdir(parents=True, exist_ok=True)
        self.tmp.mkdir(parents=True, exist_ok=True)
        cutoff = time.time() - STALE_TEMP_SECONDS
        for leftover in self.tmp.iterdir():
            # Temp files of a process that died mid-upload; recent ones may belong to another worker.
            if leftover.stat().st_mtime < cutoff:
                leftover.unlink(missing_ok=True)

    async def close(self) -> None:
        pass

    def path_for(self, version: str) -> Path | None:
        if not is_version(version):
            return None
        return self.objects / version[:2] / version

    def partial_path(self, upload_id: str) -> Path:
        assert is_version(upload_id), "upload ids are made by new_version()"
        return self.tmp / f"tus-{upload_id}"

    async def put(self, version: str, chunks: AsyncIterator[bytes], max_bytes: int) -> Stored:
        """Stream `chunks` into a temp file; refuses (EntityTooLarge) as soon as more than `max_bytes` arrive."""
        path = self.tmp / uuid.uuid4().hex
        digest = hashlib.md5(usedforsecurity=False)
        size = 0
        buffer = bytearray()
        handle = await anyio.to_thread.run_sync(_open_exclusive, path)
        try:
            async for chunk in limited(chunks, max_bytes):
                size += len(chunk)
                buffer += chunk
                if len(buffer) >= WRITE_BUFFER_BYTES:
                    data = bytes(buffer)
                    buffer.clear()
                    await anyio.to_thread.run_sync(_write, handle, digest, data)
            await anyio.to_thread.run_sync(_finish, handle, digest, bytes(buffer))
            await anyio.to_thread.run_sync(self._place, path, version)
        except BaseException:
            with anyio.CancelScope(shield=True):
                await anyio.to_thread.run_sync(_discard, handle, path)
            raise
        return Stored(size=size, md5=digest.hexdigest())

    def _place(self, path: Path, version: str) -> None:
        target = self.path_for(version)
        assert target is not None, "versions are made by new_version()"
        target.parent.mkdir(exist_ok=True)
        os.replace(path, target)

    async def open(self, version: str) -> DiskBlob:
        path = self.path_for(version)
        if path is None:
            raise FileNotFoundError(version)
        return DiskBlob(await anyio.to_thread.run_sync(open, path, "rb"))

    async def copy(self, source: str, target: str) -> None:
        await anyio.to_thread.run_sync(self._copy, source, target)

    def _copy(self, source_version: str, target_version: str) -> None:
        """Versions are immutable, so a copy is a hard link (a byte copy where links are not supported)."""
        source, target = self.path_for(source_version), self.path_for(target_version)
        if source is None or target is None:
            raise FileNotFoundError(source_version)
        target.parent.mkdir(exist_ok=True)
        try:
            os.link(source, target)
        except OSError as exc:
            if isinstance(exc, FileNotFoundError):
                raise
            staging = self.tmp / uuid.uuid4().hex
            try:
                with open(source, "rb") as src, open(staging, "xb") as dst:
                    while block := src.read(WRITE_BUFFER_BYTES):
                        dst.write(block)
                    dst.flush()
                    os.fsync(dst.fileno())
                os.replace(staging, target)
            finally:
                staging.unlink(missing_ok=True)

    async def remove(self, versions: list[str]) -> None:
        await anyio.to_thread.run_sync(self._remove, versions)

    def _remove(self, versions: list[str]) -> None:
        for path in map(self.path_for, versions):
            if path is not None:
                path.unlink(missing_ok=True)

    async def start_partial(self, upload_id: str) -> None:
        await anyio.to_thread.run_sync(_create_file, self.partial_path(upload_id))

    async def append_partial(self, upload_id: str, offset: int, chunks: AsyncIterator[bytes], keep: Keep) -> int:
        handle = await anyio.to_thread.run_sync(_open_for_append, self.partial_path(upload_id))
        buffer = bytearray()
        try:
            async for chunk in chunks:
                buffer += chunk
                if len(buffer) >= WRITE_BUFFER_BYTES:
                    await keep()
                    offset = await anyio.to_thread.run_sync(_write_at, handle, offset, bytes(buffer))
                    buffer.clear()
            if buffer:
                await keep()
                offset = await anyio.to_thread.run_sync(_write_at, handle, offset, bytes(buffer))
            await anyio.to_thread.run_sync(os.fsync, handle.fileno())
        finally:
            handle.close()
        return offset

    async def finish_partial(self, upload_id: str) -> Stored:
        path = self.partial_path(upload_id)
        stored = await anyio.to_thread.run_sync(_measure, path)
        await anyio.to_thread.run_sync(self._place, path, upload_id)
        return stored

    async def discard_partial(self, upload_id: str) -> None:
        await anyio.to_thread.run_sync(lambda: self.partial_path(upload_id).unlink(missing_ok=True))


def _open_exclusive(path: Path) -> BinaryIO:
    return open(path, "xb")


def _write(handle: BinaryIO, digest, data: bytes) -> None:
    digest.update(data)
    handle.write(data)


def _finish(handle: BinaryIO, digest, data: bytes) -> None:
    _write(handle, digest, data)
    handle.flush()
    os.fsync(handle.fileno())
    handle.close()


def _discard(handle: BinaryIO, path: Path) -> None:
    handle.close()
    path.unlink(missing_ok=True)


def _create_file(path: Path) -> None:
    with open(path, "xb"):
        pass


def _open_for_append(path: Path) -> BinaryIO:
    try:
        return open(path, "r+b")
    except FileNotFoundError:
        raise errors.StorageError(404, "InvalidRequest", "The file for this url was not found",
                                  http_status=404) from None


def _write_at(handle: BinaryIO, offset: int, data: bytes) -> int:
    view = memoryview(data)
    while view:
        written = os.pwrite(handle.fileno(), view, offset)
        offset += written
        view = view[written:]
    return offset


def _measure(path: Path) -> Stored:
    digest = hashlib.md5(usedforsecurity=False)
    size = 0
    with open(path, "rb") as handle:
        while block := handle.read(WRITE_BUFFER_BYTES):
            digest.update(block)
            size += len(block)
    return Stored(size=size, md5=digest.hexdigest())
