"""What a bucket lets in: its `allowed_mime_types`, and its `file_size_limit` under the gateway's own ceiling
(FILE_SIZE_LIMIT). One check, called from every path into a bucket (upload, update and upsert, signed upload,
copy, move, resumable upload), as supabase/storage's uploader checks a direct upload. An empty-folder placeholder
is exempt from the bucket's limits, as there."""

from __future__ import annotations

from dataclasses import dataclass

from gateway.storage import errors
from gateway.storage.access import Access
from gateway.storage.names import is_empty_folder, mime_allowed

UNKNOWN_TYPE = "application/octet-stream"


@dataclass(frozen=True)
class BucketLimits:
    allowed_mime_types: list[str] | None
    file_size_limit: int | None
    ceiling: int

    def max_bytes(self, name: str) -> int:
        if is_empty_folder(name) or not self.file_size_limit:
            return self.ceiling
        return min(self.ceiling, self.file_size_limit)

    def check(self, name: str, mime: str | None, size: int | None) -> None:
        """Refuses (InvalidMimeType, EntityTooLarge) an object of type `mime` and `size` bytes (None: not known
        yet, the bytes are then counted as they arrive, against `max_bytes`)."""
        mime = mime or UNKNOWN_TYPE
        if not is_empty_folder(name) and not mime_allowed(mime, self.allowed_mime_types):
            raise errors.invalid_mime_type(mime)
        if size is not None and size > self.max_bytes(name):
            raise errors.entity_too_large()


async def of(access: Access, bucket_id: str, ceiling: int) -> BucketLimits:
    found = await access.bucket(bucket_id)
    return BucketLimits(found["allowed_mime_types"], found["file_size_limit"], ceiling)
