"""Presence shared by every gateway process: entries live in realtime.presences, diffs travel on the bus."""

from __future__ import annotations

import json
import secrets
from collections.abc import Iterable
from typing import Any

from psycopg_pool import AsyncConnectionPool

from gateway.database.transactions import privileged_tx
from gateway.realtime.bus import presence_diff_message, publish_in

PresenceMap = dict[str, dict[str, list[dict[str, Any]]]]


def _as_map(rows: Iterable[tuple[str, str, dict[str, Any]]]) -> PresenceMap:
    """Rows of (presence_key, presence_ref, meta) in Phoenix's `{key: {metas: [{phx_ref, ...}]}}` shape."""
    state: PresenceMap = {}
    for key, ref, meta in rows:
        state.setdefault(key, {"metas": []})["metas"].append({**meta, "phx_ref": ref})
    return state


class PresenceStore:
    def __init__(self, pool: AsyncConnectionPool, node_id: str) -> None:
        self.pool = pool
        self.node_id = node_id

    async def state(self, topic: str) -> PresenceMap:
        async with privileged_tx(self.pool) as conn:
            rows = await (await conn.execute(
                "select presence_key, presence_ref, meta from realtime.presences where topic = %s order by updated_at",
                (topic,))).fetchall()
        return _as_map(rows)

    async def track(self, topic: str, key: str, meta: dict[str, Any], previous_ref: str | None) -> str:
        ref = secrets.token_hex(8)
        async with privileged_tx(self.pool) as conn:
            left = await self._delete(conn, previous_ref)
            await conn.execute(
                "insert into realtime.presences (presence_ref, topic, presence_key, node_id, meta)"
                " values (%s, %s, %s, %s, %s::jsonb)",
                (ref, topic, key, self.node_id, json.dumps(meta)))
            await publish_in(conn, presence_diff_message(topic, _as_map([(key, ref, meta)]), _as_map(left)))
        return ref

    async def untrack(self, topic: str, ref: str | None) -> None:
        if ref is None:
            return
        async with privileged_tx(self.pool) as conn:
            left = await self._delete(conn, ref)
            if left:
                await publish_in(conn, presence_diff_message(topic, {}, _as_map(left)))

    async def keep_alive(self) -> None:
        """Mark this process alive, and clear (announcing the leaves) presences of processes that are not."""
        async with privileged_tx(self.pool) as conn:
            await conn.execute("insert into realtime.nodes (id) values (%s)"
                               " on conflict (id) do update set seen_at = now()", (self.node_id,))
            rows = await (await conn.execute(
                "select topic, presence_key, presence_ref, meta from realtime.cleanup()")).fetchall()
            await self._announce_leaves(conn, rows)

    async def forget_node(self) -> None:
        async with privileged_tx(self.pool) as conn:
            rows = await (await conn.execute(
                "delete from realtime.presences where node_id = %s returning topic, presence_key, presence_ref, meta",
                (self.node_id,))).fetchall()
            await conn.execute("delete from realtime.nodes where id = %s", (self.node_id,))
            await self._announce_leaves(conn, rows)

    @staticmethod
    async def _delete(conn, ref: str | None) -> list[tuple[str, str, dict[str, Any]]]:
        if ref is None:
            return []
        return await (await conn.execute(
            "delete from realtime.presences where presence_ref = %s returning presence_key, presence_ref, meta",
            (ref,))).fetchall()

    @staticmethod
    async def _announce_leaves(conn, rows: list[tuple[str, str, str, dict[str, Any]]]) -> None:
        by_topic: dict[str, list[tuple[str, str, dict[str, Any]]]] = {}
        for topic, key, ref, meta in rows:
            by_topic.setdefault(topic, []).append((key, ref, meta))
        for topic, left in by_topic.items():
            await publish_in(conn, presence_diff_message(topic, {}, _as_map(left)))
