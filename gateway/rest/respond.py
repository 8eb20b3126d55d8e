"""Result → HTTP response: status, Content-Range, Preference-Applied, Location and the body PostgreSQL built."""

from __future__ import annotations

from urllib.parse import quote

from starlette.responses import Response

from gateway.rest import errors
from gateway.rest.execute import Result
from gateway.rest.plan import Action

_MEDIA = {
    "json": "application/json; charset=utf-8",
    "object": "application/vnd.pgrst.object+json; charset=utf-8",
    "csv": "text/csv; charset=utf-8",
    "geojson": "application/geo+json; charset=utf-8",
}


def content_range(first: int, page: int, total: int | None) -> str:
    total_text = "*" if total is None else str(total)
    if page == 0:
        return f"*/{total_text}"
    return f"{first}-{first + page - 1}/{total_text}"


def range_headers(first: int, page: int, total: int | None) -> dict[str, str]:
    """Content-Range with the Range-Unit PostgREST documents next to it."""
    return {"Content-Range": content_range(first, page, total), "Range-Unit": "items"}


def respond(action: Action, result: Result) -> Response:
    headers: dict[str, str] = {}
    if action.applied:
        headers["Preference-Applied"] = ", ".join(action.applied)
    if action.media.kind == "plan":
        return Response(result.body, 200, headers, media_type=f"{action.media.plan_media}; charset=utf-8")
    body = result.body
    if action.media.kind == "csv":
        # PostgREST's: the first row's keys unquoted (none without rows), a newline, then the rows.
        body = (",".join(action.labels) if result.page else "") + "\n" + body
    if action.kind == "mutate":
        status = _mutation_status(action, result)
        # PostgREST gives an insert no row range ("*/*"), updates and deletes the rows they touched.
        touched = 0 if action.method == "POST" else result.page
        headers.update(range_headers(0, touched, result.page if action.prefer.count else None))
        if result.location and action.table is not None:
            query = "&".join(f"{quote(c)}=eq.{quote(str(v))}" for c, v in zip(action.table.pk, result.location))
            headers["Location"] = f"/{action.table.name}?{query}"
        if status == 204 or action.prefer.return_ != "representation":
            return Response(None, status, headers)
        return Response(body, status, headers, media_type=_MEDIA[action.media.kind])
    if action.void:
        return Response(None, 204, headers)
    status = 200
    headers.update(range_headers(action.offset, result.page, result.total))
    if result.total is not None:
        if result.page == 0 and action.offset > 0 and action.offset >= result.total:
            refused = errors.bad_range("Requested range not satisfiable",
                                       f"An offset of {action.offset} was requested, but there are only "
                                       f"{result.total} rows.")
            refused.headers = range_headers(0, 0, result.total)
            raise refused
        if action.offset > 0 or action.offset + result.page < result.total:
            status = 206
    if action.method == "HEAD":
        return Response(None, status, headers, media_type=_MEDIA.get(action.media.kind))
    return Response(body, status, headers, media_type=_MEDIA[action.media.kind])


def _mutation_status(action: Action, result: Result) -> int:
    """PostgREST's: an insert 201, unless a merging upsert inserted nothing (200); a PUT 201 when it inserted, else
    200, with the representation (204 without); updates and deletes 200 with it, 204 without."""
    representation = action.prefer.return_ == "representation"
    inserted = bool(result.total)
    if action.method == "POST":
        return 200 if action.merges and not inserted else 201
    if not representation:
        return 204
    return (201 if inserted else 200) if action.method == "PUT" else 200
