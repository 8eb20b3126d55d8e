"""Broadcast and presence messages between gateway processes, through PostgreSQL NOTIFY."""

from __future__ import annotations

import base64
import json
from typing import Any

import psycopg
from psycopg_pool import AsyncConnectionPool

from gateway.database.transactions import privileged_tx
from gateway.realtime.feed import BUS_CHANNEL


def encode_user_payload(payload: Any) -> Any:
    return {"$binary": base64.b64encode(payload).decode()} if isinstance(payload, bytes) else payload


def decode_user_payload(payload: Any) -> Any:
    if isinstance(payload, dict) and set(payload) == {"$binary"}:
        return base64.b64decode(payload["$binary"])
    return payload


async def publish_in(conn: psycopg.AsyncConnection, message: dict[str, Any]) -> None:
    """Publish inside the caller's transaction, so the message goes out exactly when its data commits."""
    await conn.execute("select realtime.publish(%s, %s::jsonb)", (BUS_CHANNEL, json.dumps(message)))


class Bus:
    def __init__(self, pool: AsyncConnectionPool) -> None:
        self.pool = pool

    async def publish(self, message: dict[str, Any]) -> None:
        async with privileged_tx(self.pool) as conn:
            await publish_in(conn, message)

    async def broadcast(self, topic: str, event: str, payload: Any, *, sender: str | None = None) -> None:
        await self.publish({"kind": "broadcast", "topic": topic, "event": event,
                            "payload": encode_user_payload(payload), "sender": sender})



def presence_diff_message(topic: str, joins: dict[str, Any], leaves: dict[str, Any]) -> dict[str, Any]:
    return {"kind": "presence_diff", "topic": topic, "joins": joins, "leaves": leaves}
