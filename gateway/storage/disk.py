"""Object bytes on the local disk: one immutable file per object version, written atomically.

An upload streams into `tmp/` (same filesystem), is flushed to disk and then renamed to `objects/<v[:2]>/<v>`:
no reader ever sees a partial file, and a failed or aborted upload leaves nothing behind (its temp file is removed
on every exit path). Files are named by version, never by object name, so no name can reach outside the root.
"""

from __future__ import annotations

import hashlib
import os
import re
import time
import uuid
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

import anyio

from gateway.storage import errors

WRITE_BUFFER_BYTES = 1024 * 1024
_VERSION = re.compile(r"^[0-9a-f]{32}$")
STALE_TEMP_SECONDS = 24 * 3600


def new_version() -> str:
    return uuid.uuid4().hex


@dataclass
class Staged:
    """A fully received upload, not yet visible: `commit` moves it into place, `discard` removes it."""
    path: Path
    size: int
    md5: str

    @property
    def etag(self) -> str:
        return f'"{self.md5}"'


class DiskStore:
    def __init__(self, root: Path) -> None:
        self.root = root
        self.objects = root / "objects"
        self.tmp = root / "tmp"

    def prepare(self) -> None:
        self.objects.mkdir(parents=True, exist_ok=True)
        self.tmp.mkdir(parents=True, exist_ok=True)
        cutoff = time.time() - STALE_TEMP_SECONDS
        for leftover in self.tmp.iterdir():
            # Temp files of a process that died mid-upload; recent ones may belong to another worker.
            if leftover.stat().st_mtime < cutoff:
                leftover.unlink(missing_ok=True)

    def path_for(self, version: str) -> Path | None:
        if not isinstance(version, str) or not _VERSION.match(version):
            return None
        return self.objects / version[:2] / version

    async def receive(self, chunks: AsyncIterator[bytes], max_bytes: int) -> Staged:
        """Stream `chunks` into a temp file; refuses (EntityTooLarge) as soon as more than `max_bytes` arrive."""
        path = self.tmp / uuid.uuid4().hex
        digest = hashlib.md5(usedforsecurity=False)
        size = 0
        buffer = bytearray()
        handle = await anyio.to_thread.run_sync(_open_exclusive, path)
        try:
            async for chunk in chunks:
                size += len(chunk)
                if size > max_bytes:
                    raise errors.entity_too_large()
                buffer += chunk
                if len(buffer) >= WRITE_BUFFER_BYTES:
                    data = bytes(buffer)
                    buffer.clear()
                    await anyio.to_thread.run_sync(_write, handle, digest, data)
            await anyio.to_thread.run_sync(_finish, handle, digest, bytes(buffer))
        except BaseException:
            with anyio.CancelScope(shield=True):
                await anyio.to_thread.run_sync(_discard, handle, path)
            raise
        return Staged(path=path, size=size, md5=digest.hexdigest())

    def commit(self, staged: Staged, version: str) -> Path:
        target = self.path_for(version)
        assert target is not None, "versions are made by new_version()"
        target.parent.mkdir(exist_ok=True)
        os.replace(staged.path, target)
        return target

    def discard(self, staged: Staged) -> None:
        staged.path.unlink(missing_ok=True)

    def open(self, version: str) -> BinaryIO:
        """Raises FileNotFoundError when the version has no file (its row was replaced meanwhile)."""
        path = self.path_for(version)
        if path is None:
            raise FileNotFoundError(version)
        return open(path, "rb")

    def copy(self, source_version: str, target_version: str) -> None:
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

    def remove(self, version: str) -> None:
        path = self.path_for(version)
        if path is not None:
            path.unlink(missing_ok=True)


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
