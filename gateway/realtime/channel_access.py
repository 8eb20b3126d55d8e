"""Realtime Authorization for private channels, as Supabase Realtime does it: RLS policies on `realtime.messages`
decide, per extension, who may read (join, receive) and write (send, track). Every check runs in a transaction
that is rolled back, as the caller's role and claims, with `realtime.topic` set so policies can call
`realtime.topic()`."""

from __future__ import annotations

import logging
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

import psycopg
from psycopg_pool import AsyncConnectionPool

from gateway.database.transactions import queue_settings

log = logging.getLogger("gateway.realtime")
BROADCAST = "broadcast"
PRESENCE = "presence"


def unauthorized_read(topic: str) -> str:
    return f"Unauthorized: You do not have permissions to read from this Channel topic: {topic}"


@dataclass
class Policies:
    """What one caller may do on one private topic; an extension not yet checked is absent (neither yes nor no)."""
    read: dict[str, bool] = field(default_factory=dict)
    write: dict[str, bool] = field(default_factory=dict)

    def can_read(self, extension: str) -> bool:
        return self.read.get(extension, False)

    def read_revoked_by(self, current: Policies) -> bool:
        return any(allowed and current.read.get(ext) is False for ext, allowed in self.read.items())


class ChannelAuthorizer:
    def __init__(self, pool: AsyncConnectionPool) -> None:
        self.pool = pool

    async def read(self, role: str, claims: Mapping[str, Any], topic: str, extensions: Iterable[str]) -> dict[str, bool]:
        """Probe rows are inserted by the gateway's own user, then selected as the caller: those RLS shows are read."""
        extensions = list(extensions)
        try:
            async with self.pool.connection() as conn, conn.transaction(force_rollback=True):
                rows = await (await conn.execute(
                    "insert into realtime.messages (topic, extension) select %s, unnest(%s::text[])"
                    " returning id, extension", (topic, extensions))).fetchall()
                await self._become(conn, role, claims, topic)
                seen = {row[0] for row in await (await conn.execute(
                    "select id from realtime.messages where id = any(%s)", ([row[0] for row in rows],))).fetchall()}
                return {extension: id_ in seen for id_, extension in rows}
        except psycopg.Error as exc:
            log.warning("realtime.read_policy_error topic_len=%d error=%s", len(topic), type(exc).__name__)
            return {extension: False for extension in extensions}

    async def write(self, role: str, claims: Mapping[str, Any], topic: str, extensions: Iterable[str]) -> dict[str, bool]:
        """Each extension is one INSERT as the caller: allowed when RLS lets the row in."""
        allowed: dict[str, bool] = {}
        try:
            async with self.pool.connection() as conn, conn.transaction(force_rollback=True):
                await self._become(conn, role, claims, topic)
                for extension in extensions:
                    try:
                        async with conn.transaction():
                            await conn.execute("insert into realtime.messages (topic, extension) values (%s, %s)",
                                               (topic, extension))
                        allowed[extension] = True
                    except psycopg.errors.InsufficientPrivilege:
                        allowed[extension] = False
        except psycopg.Error as exc:
            log.warning("realtime.write_policy_error topic_len=%d error=%s", len(topic), type(exc).__name__)
            return {extension: False for extension in extensions}
        return allowed

    @staticmethod
    async def _become(conn: psycopg.AsyncConnection, role: str, claims: Mapping[str, Any], topic: str) -> None:
        await queue_settings(conn, role=role, claims=claims, method="GET", path="/realtime/v1")
        sub = claims.get("sub")
        await conn.execute(
            "select set_config('realtime.topic', %s, true), set_config('request.jwt.claim.sub', %s, true),"
            " set_config('request.jwt.claim.role', %s, true)",
            (topic, sub if isinstance(sub, str) else "", role))
