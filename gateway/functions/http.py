"""HTTP details shared by the function runtimes and the relay: bounded body, JSON replies."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from fastapi import Request
from fastapi.responses import Response


class BodyTooLarge(Exception):
    pass


async def read_body(request: Request, limit: int) -> bytes:
    """The whole body, refusing it as soon as it passes `limit` bytes (Content-Length may be absent or wrong)."""
    declared = request.headers.get("content-length")
    if declared and declared.isdigit() and int(declared) > limit:
        raise BodyTooLarge()
    chunks = bytearray()
    async for chunk in request.stream():
        chunks += chunk
        if len(chunks) > limit:
            raise BodyTooLarge()
    return bytes(chunks)


def json_reply(body: Any, status: int, headers: Mapping[str, str] | None = None) -> Response:
    return Response(
        json.dumps(body, separators=(",", ":"), ensure_ascii=False, default=str).encode(),
        status_code=status,
        media_type="application/json",
        headers=dict(headers or {}),
    )


def error_reply(message: str, status: int, headers: Mapping[str, str] | None = None) -> Response:
    return json_reply({"error": message}, status, headers)
