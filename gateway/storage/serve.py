"""An object's bytes as an HTTP response: headers as supabase/storage's asset renderer sets them, single byte
ranges (206), `download=` as Content-Disposition, If-None-Match (304), streamed in blocks from the open file;
and a rendered image (images.py) with the same headers.

Objects are served from the API's own origin, where supabase-js keeps its session: nothing stored may run there.
Markup and scripts go out as plain text (as supabase/storage serves HTML), and every object carries `nosniff` and a
sandboxing Content-Security-Policy, so an SVG or XML document that a browser opens runs no script and has an
opaque origin."""

from __future__ import annotations

import re
from datetime import UTC
from email.utils import format_datetime
from urllib.parse import quote

from starlette.requests import Request
from starlette.responses import Response, StreamingResponse

from gateway.storage import errors
from gateway.storage.images import Renderer, Transform
from gateway.storage.objects import Opened

_RANGE = re.compile(r"^bytes=(\d*)-(\d*)$")

# Types a browser would run as a page or a script of the origin that serves them.
_SERVED_AS_TEXT = {"text/html", "application/xhtml+xml", "text/javascript", "application/javascript",
                   "application/x-javascript", "text/ecmascript", "application/ecmascript", "text/jscript",
                   "application/wasm"}
OBJECT_CSP = "default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'; sandbox"


def parse_range(header: str | None, size: int) -> tuple[int, int] | None:
    """(first, last) byte, inclusive; None for the whole file."""
    if not header:
        return None
    match = _RANGE.match(header.strip())
    if not match or match.groups() == ("", ""):
        raise errors.invalid_range()
    first, last = match.groups()
    if first == "":
        length = int(last)
        if length == 0:
            raise errors.invalid_range()
        return max(size - length, 0), size - 1
    start = int(first)
    end = min(int(last), size - 1) if last else size - 1
    if start >= size or end < start:
        raise errors.invalid_range()
    return start, end


def content_disposition(download: str | None) -> str | None:
    if download is None:
        return None
    if download == "":
        return "attachment;"
    name = quote(download, safe="")
    return f"attachment; filename={name}; filename*=UTF-8''{name}"


def object_response(request: Request, opened: Opened, *, download: str | None = None,
                    expires: str | None = None, head: bool = False) -> Response:
    """Takes ownership of `opened.blob`: closed here, or by the streamed body once it is sent."""
    try:
        status, start, length, headers = _headers(request, opened, download, expires)
    except BaseException:
        opened.blob.close()
        raise
    if head or status == 304:
        opened.blob.close()
        return Response(status_code=status, headers=headers)
    return StreamingResponse(opened.blob.stream(start, length), status_code=status, headers=headers)


def object_headers(row: dict, content_type: str | None, download: str | None,
                   expires: str | None) -> dict[str, str]:
    """What a download and a rendered image share: the object's ETag, dates, cache policy, file name."""
    metadata = row["metadata"] or {}
    headers = {
        "Content-Type": inert_type(content_type or metadata.get("mimetype") or "application/octet-stream"),
        "ETag": metadata.get("eTag") or "",
        "X-Robots-Tag": "none",
        "X-Content-Type-Options": "nosniff",
        "Content-Security-Policy": OBJECT_CSP,
    }
    if row["updated_at"] is not None:
        headers["Last-Modified"] = format_datetime(row["updated_at"].astimezone(UTC), usegmt=True)
    if expires:
        headers["Expires"] = expires
    elif metadata.get("cacheControl"):
        headers["Cache-Control"] = metadata["cacheControl"]
    disposition = content_disposition(download)
    if disposition:
        headers["Content-Disposition"] = disposition
    return headers


def inert_type(content_type: str) -> str:
    """The stored type, or plain text (with the stored charset) for a type the browser would run."""
    essence, _, parameters = content_type.partition(";")
    if essence.strip().lower() not in _SERVED_AS_TEXT:
        return content_type
    charset = next((p.strip() for p in parameters.split(";") if p.strip().lower().startswith("charset=")), None)
    return f"text/plain; {charset}" if charset else "text/plain"


def not_modified(request: Request, headers: dict[str, str]) -> bool:
    return bool(headers["ETag"]) and request.headers.get("if-none-match") == headers["ETag"]


def _headers(request: Request, opened: Opened, download: str | None,
             expires: str | None) -> tuple[int, int, int, dict[str, str]]:
    size = opened.blob.size
    headers = {"Accept-Ranges": "bytes", **object_headers(opened.row, None, download, expires)}
    if not_modified(request, headers):
        return 304, 0, 0, headers
    byte_range = parse_range(request.headers.get("range"), size)
    if byte_range is None:
        headers["Content-Length"] = str(size)
        return 200, 0, size, headers
    start, end = byte_range
    headers["Content-Range"] = f"bytes {start}-{end}/{size}"
    headers["Content-Length"] = str(end - start + 1)
    return 206, start, end - start + 1, headers


async def rendered_response(request: Request, opened: Opened, renderer: Renderer, transform: Transform, *,
                            download: str | None = None, expires: str | None = None) -> Response:
    """Takes ownership of `opened.blob`, as object_response does; the rendered image is sent whole (it is at most
    MAX_DIMENSION square). An SVG is sent as it is unless a raster format is asked for, as Storage's imgproxy
    does ("SVGs are not rasterized unless the resulting format is explicitly specified")."""
    if transform.format in (None, "origin") and _is_svg(opened.row):
        response = object_response(request, opened, download=download, expires=expires)
        if segments := transform.segments():
            response.headers["X-Transformations"] = ",".join(segments)
        return response
    try:
        headers = object_headers(opened.row, None, download, expires)
        if transform.format is None:
            headers["Vary"] = "Accept"
        if not_modified(request, headers):
            return Response(status_code=304, headers=headers)
        rendered = await renderer.render(opened.blob, transform, request.headers.get("accept", ""))
    finally:
        opened.blob.close()
    headers["Content-Type"] = rendered.content_type
    if segments := transform.segments():
        headers["X-Transformations"] = ",".join(segments)
    return Response(rendered.body, headers=headers)


def _is_svg(row: dict) -> bool:
    mimetype = (row["metadata"] or {}).get("mimetype") or ""
    return mimetype.partition(";")[0].strip().lower() == "image/svg+xml"
