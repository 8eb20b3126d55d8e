"""An upload request's file: its bytes as a stream, its content type, cache-control and user metadata.

storage-js sends a raw body (headers `content-type`, `cache-control`, `x-metadata` as base64 JSON) or
multipart/form-data (fields `cacheControl`, `metadata`, optional `contentType`, then the file part);
supabase-py sends the multipart form. Everything before the file part is bounded: at most MAX_FIELDS fields, of
MAX_FIELDS_BYTES in all, their names and part headers counted (python-multipart bounds each part's headers); the
file is never buffered.
"""

from __future__ import annotations

import base64
import binascii
from collections.abc import AsyncIterator
from dataclasses import dataclass

from starlette.requests import ClientDisconnect, Request

from gateway.server import json_input
from gateway.storage import errors, multipart
from gateway.storage.limits import BucketLimits

MAX_USER_METADATA_BYTES = 1024 * 1024
MAX_FIELDS_BYTES = 2 * MAX_USER_METADATA_BYTES
MAX_FIELDS = 16  # Supabase's clients send at most three


@dataclass
class UploadBody:
    mime: str
    cache_control: str
    user_metadata: dict | None
    chunks: AsyncIterator[bytes]
    declared_length: int | None


def parse_user_metadata(text: str | None) -> dict | None:
    if text is None:
        return None
    if len(text.encode()) > MAX_USER_METADATA_BYTES:
        raise errors.entity_too_large("user_metadata")
    try:
        value = json_input.parse(text)
    except ValueError:
        return None
    return value if isinstance(value, dict) else None


def metadata_header(value: str | None) -> dict | None:
    if value is None:
        return None
    try:
        return parse_user_metadata(base64.b64decode(value, validate=False).decode())
    except (binascii.Error, UnicodeDecodeError):
        raise errors.invalid_request("Invalid x-metadata header") from None


async def guarded(stream: AsyncIterator[bytes]) -> AsyncIterator[bytes]:
    try:
        async for chunk in stream:
            if chunk:
                yield chunk
    except ClientDisconnect:
        raise errors.StorageError(499, "Aborted", "Request aborted", error="Request aborted") from None


def form_boundary(request: Request) -> str | None:
    """The boundary of a multipart/form-data upload; None for a raw body."""
    content_type = request.headers.get("content-type", "")
    return multipart.boundary_of(content_type) if content_type.startswith("multipart/") else None


async def read_upload(request: Request, object_name: str, limits: BucketLimits) -> UploadBody:
    """Reads up to the file's first byte; refuses what the bucket does not let in (its type, a declared length
    over its limit) before any byte is stored."""
    content_type = request.headers.get("content-type", "")
    declared = request.headers.get("content-length")
    declared_length = int(declared) if declared and declared.isdigit() else None
    boundary = form_boundary(request)
    if boundary is None:
        body = UploadBody(
            mime=content_type or "application/octet-stream",
            cache_control=request.headers.get("cache-control") or "no-cache",
            user_metadata=metadata_header(request.headers.get("x-metadata")),
            chunks=guarded(request.stream()),
            declared_length=declared_length,
        )
    else:
        body = await _multipart_upload(request, boundary, declared_length)
    limits.check(object_name, body.mime, body.declared_length)
    return body


async def _multipart_upload(request: Request, boundary: str, declared_length: int | None) -> UploadBody:
    events = multipart.events(guarded(request.stream()), boundary)
    fields: dict[str, str] = {}
    preamble_bytes = 0
    parts = 0
    name: str | None = None
    value = bytearray()
    async for kind, payload in events:
        if kind == "headers":
            assert isinstance(payload, multipart.PartHeaders)
            parts += 1
            preamble_bytes += payload.size
            if payload.is_file:
                return UploadBody(
                    mime=fields.get("contentType") or payload.content_type or "application/octet-stream",
                    cache_control=f"max-age={fields['cacheControl']}" if fields.get("cacheControl") else "no-cache",
                    user_metadata=parse_user_metadata(fields.get("metadata", fields.get("userMetadata"))),
                    chunks=_file_data(events),
                    declared_length=None,
                )
            if parts > MAX_FIELDS:
                raise errors.entity_too_large("number of form fields", str(MAX_FIELDS))
            name = payload.name
            value.clear()
        elif kind == "data":
            assert isinstance(payload, bytes)
            preamble_bytes += len(payload)
            value.extend(payload)
        if preamble_bytes > MAX_FIELDS_BYTES:
            raise errors.entity_too_large("form fields")
        elif kind == "end" and name is not None:
            fields[name] = value.decode("utf-8", "replace")
            name = None
    raise errors.no_content()


async def _file_data(events: AsyncIterator[multipart.Event]) -> AsyncIterator[bytes]:
    async for kind, payload in events:
        if kind == "data":
            assert isinstance(payload, bytes)
            yield payload
        elif kind == "end":
            return
    raise errors.no_content()
