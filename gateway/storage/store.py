"""Where object bytes live, behind one small interface: a folder (disk.py) or an S3-compatible service (s3.py),
chosen by STORAGE_BACKEND.

Bytes are kept per object *version* (a random hex name made by `new_version`), never per object name: a version is
written once, whole, and never changed, so no name can reach outside the store, no reader sees a partial version
and a move is only a rename of the row. A version becomes reachable when the row naming it commits; a write that
fails leaves no version behind, and the versions a committed change released are removed after it (access.py).
Resumable uploads keep their bytes so far as a *partial* until the last byte makes it a version.
"""

from __future__ import annotations

import re
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from typing import BinaryIO, Protocol

from gateway.storage import errors

_VERSION = re.compile(r"^[0-9a-f]{32}$")
Keep = Callable[[], Awaitable[None]]


def new_version() -> str:
    return uuid.uuid4().hex


def is_version(value: object) -> bool:
    return isinstance(value, str) and bool(_VERSION.match(value))


@dataclass
class Stored:
    size: int
    md5: str

    @property
    def etag(self) -> str:
        return f'"{self.md5}"'


async def limited(chunks: AsyncIterator[bytes], max_bytes: int) -> AsyncIterator[bytes]:
    """Refuses (EntityTooLarge) as soon as more than `max_bytes` have arrived, before they are written."""
    size = 0
    async for chunk in chunks:
        size += len(chunk)
        if size > max_bytes:
            raise errors.entity_too_large()
        yield chunk


class Blob(Protocol):
    """One version, opened for reading: its size, and its bytes streamed or (bounded by the caller) whole."""
    size: int

    def stream(self, start: int, length: int) -> AsyncIterator[bytes]:
        """`length` bytes from `start`; the blob is closed when the stream ends or is abandoned."""

    async def whole(self) -> BinaryIO:
        """A seekable file of the whole version (for the image renderer, which bounds the size first)."""

    def close(self) -> None: ...


class ObjectStore(Protocol):
    async def prepare(self) -> None: ...

    async def close(self) -> None: ...

    async def put(self, version: str, chunks: AsyncIterator[bytes], max_bytes: int) -> Stored:
        """Streams `chunks` in as `version`, refusing more than `max_bytes`; a failure leaves nothing."""

    async def open(self, version: str) -> Blob:
        """Raises FileNotFoundError when the version is gone (its row was replaced meanwhile)."""

    async def copy(self, source: str, target: str) -> None:
        """Raises FileNotFoundError when `source` is gone."""

    async def remove(self, versions: list[str]) -> None: ...

    async def start_partial(self, upload_id: str) -> None: ...

    async def append_partial(self, upload_id: str, offset: int, chunks: AsyncIterator[bytes], keep: Keep) -> int:
        """Writes `chunks` at `offset` (calling `keep` before each write) and returns the offset after the bytes
        that are safely stored; what a failing stream had delivered so far counts only when the stream ended."""

    async def finish_partial(self, upload_id: str) -> Stored:
        """The partial becomes the version `upload_id`."""

    async def discard_partial(self, upload_id: str) -> None: ...
