"""A user's sessions, which the auth admin API does not list, and signing the user out of all of them."""

from __future__ import annotations

import uuid
from typing import Any

from psycopg import AsyncConnection
from psycopg.rows import dict_row

from gateway.auth.sessions import end_sessions
from gateway.studio.identities import UnknownUser

SESSIONS = """
select id, aal, created_at, updated_at, refreshed_at, user_agent, host(ip) as ip
from auth.sessions where user_id = %s order by created_at desc
"""


async def sessions_of(conn: AsyncConnection, user_id: str) -> list[dict[str, Any]]:
    await _existing(conn, user_id)
    cur = conn.cursor(row_factory=dict_row)
    await cur.execute(SESSIONS, (user_id,))
    return await cur.fetchall()


async def sign_out_everywhere(conn: AsyncConnection, user_id: str) -> None:
    """As the auth service's global logout does: every session ends, and its refresh tokens with it."""
    await _existing(conn, user_id)
    await end_sessions(conn, user_id, None, "global")


async def _existing(conn: AsyncConnection, user_id: str) -> None:
    try:
        uuid.UUID(user_id)
    except ValueError:
        raise UnknownUser(f"No user with id {user_id}.") from None
    cur = await conn.execute("select 1 from auth.users where id = %s", (user_id,))
    if await cur.fetchone() is None:
        raise UnknownUser(f"No user with id {user_id}.")
