"""`POST /object/list-v2/{bucket}` (storage-js `listV2`): objects under a prefix, a page at a time, as the caller
sees them (RLS decides, as for `list`).

As supabase/storage answers it: names are whole keys; with `with_delimiter` the keys one level below the prefix
come as `objects` and the deeper ones are grouped into `folders` (`name` ending in `/`), each entry with its `key`
(its name's segment at the prefix's level, storage.search_v2's); pages are at most 1000 entries, in byte order of
the name or by `created_at`/`updated_at` and then name (a folder dated by its oldest object, as
storage.search_by_timestamp dates it), and a truncated page carries `hasNext` and `nextCursor`, a base64 token of
`l:<last key>`, `o:<order>`, `c:<column>`, `a:<last date>` lines, so the next page starts after the last entry
whatever changed meanwhile.
"""

from __future__ import annotations

import base64
import binascii
from dataclasses import dataclass

from starlette.requests import Request

from gateway.claims import Caller
from gateway.storage import errors
from gateway.storage.access import Access
from gateway.storage.objects import escape_like, fetch_dicts, jsonable

MAX_KEYS = 1000
DATE_COLUMNS = ("created_at", "updated_at")
_CURSOR_FIELDS = {"l": "start_after", "o": "order", "c": "column", "a": "after"}
_ROW = "id, name, metadata, updated_at, created_at, last_accessed_at"


@dataclass
class Page:
    prefix: str
    limit: int
    delimiter: bool
    column: str
    order: str
    start_after: str = ""
    after: str = ""


def parse(body: dict) -> Page:
    prefix, limit, cursor = body.get("prefix", ""), body.get("limit", MAX_KEYS), body.get("cursor")
    if not isinstance(prefix, str):
        raise errors.invalid_request("body/prefix must be string")
    if isinstance(limit, bool) or not isinstance(limit, int) or limit < 1:
        raise errors.invalid_request("body/limit must be >= 1")
    sort = body.get("sortBy") or {}
    if not isinstance(sort, dict) or sort.get("column", "name") not in ("name", *DATE_COLUMNS) \
            or sort.get("order", "asc") not in ("asc", "desc"):
        raise errors.invalid_request("body/sortBy must have column name, updated_at or created_at, order asc or desc")
    page = Page(prefix=prefix, limit=min(limit, MAX_KEYS), delimiter=body.get("with_delimiter") is True,
                column=sort.get("column", "name"), order=sort.get("order", "asc"))
    if cursor:
        if not isinstance(cursor, str):
            raise errors.invalid_request("body/cursor must be string")
        for key, value in decode_cursor(cursor).items():
            setattr(page, _CURSOR_FIELDS[key], value)
    return page


def encode_cursor(fields: dict[str, str]) -> str:
    lines = [f"{key}:{fields[name]}" for key, name in _CURSOR_FIELDS.items() if fields.get(name)]
    return base64.b64encode("\n".join(lines).encode()).decode()


def decode_cursor(token: str) -> dict[str, str]:
    try:
        lines = base64.b64decode(token, validate=True).decode().split("\n")
    except (binascii.Error, UnicodeDecodeError):
        raise errors.StorageError(400, "InvalidParameter", "Invalid Parameter continuation token") from None
    found: dict[str, str] = {}
    for line in lines:
        key, colon, value = line.partition(":")
        if not colon or key not in _CURSOR_FIELDS:
            raise errors.StorageError(400, "InvalidParameter", "Invalid Parameter continuation token")
        found[key] = value
    if found.get("o", "asc") not in ("asc", "desc") or found.get("c", "name") not in ("name", *DATE_COLUMNS):
        raise errors.StorageError(400, "InvalidParameter", "Invalid Parameter continuation token")
    return found


def _after_cursor(page: Page, beyond: str) -> tuple[str, list]:
    """The condition for entries after the cursor's, in the listing's order."""
    if page.column in DATE_COLUMNS:
        return (f"(date_trunc('milliseconds', {page.column}), name collate \"C\") {beyond}"
                " (coalesce(nullif(%s, '')::timestamptz, 'epoch'), %s)", [page.after, page.start_after])
    return f"name collate \"C\" {beyond} %s", [page.start_after]


def _order(page: Page) -> str:
    order = f"{page.column} {page.order}, " if page.column in DATE_COLUMNS else ""
    return f" order by {order}name collate \"C\" {page.order}"


def _flat_query(bucket: str, page: Page) -> tuple[str, list]:
    sql = f"select {_ROW} from storage.objects where bucket_id = %s"
    args: list = [bucket]
    if page.prefix:
        sql += " and name like %s"
        args.append(escape_like(page.prefix) + "%")
    if page.start_after:
        condition, values = _after_cursor(page, ">" if page.order == "asc" else "<")
        sql += f" and {condition}"
        args += values
    sql += f"{_order(page)} limit %s"
    args.append(page.limit + 1)
    return sql, args


def _grouped_query(bucket: str, page: Page) -> tuple[str, list]:
    """One entry per key one level below the prefix: a deeper key counts once, as its folder `prefix/name/`."""
    dated = page.column in DATE_COLUMNS
    folder_date = "min(created_at)" if dated else "null::timestamptz"
    sql = ("with under_prefix as ("
           "  select case when slash > 0 then left(name, %s + slash) else name end as entry, slash > 0 as folder,"
           f"  {_ROW} from ("
           "    select strpos(substr(name, %s + 1), '/') as slash, * from storage.objects"
           "    where bucket_id = %s and name like %s) as objects_under_prefix"
           "), entries as ("
           f"  select entry as name, true as folder, null::uuid as id, null::jsonb as metadata,"
           f"  {folder_date} as updated_at, {folder_date} as created_at, null::timestamptz as last_accessed_at"
           "  from under_prefix where folder group by entry"
           "  union all"
           "  select name, false, id, metadata, updated_at, created_at, last_accessed_at from under_prefix"
           "  where not folder"
           ") select split_part(name, '/', %s) as key, folder, id, name, metadata, updated_at, created_at,"
           " last_accessed_at from entries")
    levels = len(page.prefix.split("/")) if page.prefix else 1
    args: list = [len(page.prefix), len(page.prefix), bucket, escape_like(page.prefix) + "%", levels]
    if page.start_after:
        condition, values = _after_cursor(page, ">" if page.order == "asc" else "<")
        sql += f" where {condition}"
        args += values
    sql += f"{_order(page)} limit %s"
    args.append(page.limit + 1)
    return sql, args


async def list_v2(access: Access, request: Request, caller: Caller, bucket: str, page: Page) -> dict:
    sql, args = _grouped_query(bucket, page) if page.delimiter else _flat_query(bucket, page)
    async with access.as_caller(request, caller, "storage.object.list_v2") as conn:
        rows = await fetch_dicts(conn, sql, args)
    shown = rows[:page.limit]
    folders: list[dict] = []
    found: list[dict] = []
    for row in shown:
        (folders if row.pop("folder", False) else found).append(jsonable(row))
    result: dict = {"hasNext": len(rows) > page.limit, "folders": folders, "objects": found}
    if result["hasNext"]:
        last = jsonable(shown[-1])
        after = last.get(page.column) if page.column in DATE_COLUMNS else None
        result["nextCursor"] = encode_cursor({"start_after": last["name"], "order": page.order,
                                              "column": page.column, "after": after or ""})
        result["nextCursorKey"] = last["name"]
    return result
