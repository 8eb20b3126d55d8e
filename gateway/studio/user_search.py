"""Searching all users, which the auth admin API's list does not do: by email, phone or id, case-insensitive,
a page of GoTrue's user objects at a time, newest first as that list orders them."""

from __future__ import annotations

from typing import Any

from psycopg import AsyncConnection

from gateway.auth.paging import Page
from gateway.auth.users import USER_JSON

# strpos rather than like: the text is searched for as typed, with no wildcard to escape.
MATCHING = f"""
select count(*) over (), {USER_JSON} from auth.users u
where u.deleted_at is null
  and (strpos(lower(coalesce(u.email, '')), %(needle)s) > 0
       or strpos(coalesce(u.phone, ''), ltrim(%(needle)s, '+')) > 0  -- stored without its +, as GoTrue does
       or strpos(u.id::text, %(needle)s) > 0)
order by u.created_at desc, u.id limit %(size)s offset %(offset)s
"""


async def search(conn: AsyncConnection, text: str, page: Page) -> dict[str, Any]:
    cur = await conn.execute(MATCHING, {"needle": text.strip().lower(), "size": page.size, "offset": page.offset})
    rows = await cur.fetchall()
    return {"users": [row[1] for row in rows], "total": rows[0][0] if rows else 0}
