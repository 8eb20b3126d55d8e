"""A captured row change, the table facts needed to deliver it, and the postgres_changes frame payload."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Mapping

from psycopg_pool import AsyncConnectionPool

from gateway.db import privileged_tx

CHANGE_TYPES = ("INSERT", "UPDATE", "DELETE")
CATALOG_TTL_SECONDS = 30.0
CATALOG_MAX_TABLES = 1024  # tables created and dropped under ever-new names must not pile up between reloads


@dataclass(frozen=True)
class Change:
    schema: str
    table: str
    type: str
    commit_timestamp: str
    record: dict[str, Any] | None
    old_record: dict[str, Any] | None

    @classmethod
    def from_message(cls, message: Mapping[str, Any]) -> "Change":
        if message.get("type") not in CHANGE_TYPES:
            raise ValueError("not a change message")
        return cls(schema=message["schema"], table=message["table"], type=message["type"],
                   commit_timestamp=message["commit_timestamp"], record=message.get("record"),
                   old_record=message.get("old_record"))

    @property
    def qualified_table(self) -> str:
        return f'"{self.schema.replace(chr(34), chr(34) * 2)}"."{self.table.replace(chr(34), chr(34) * 2)}"'

    @property
    def image(self) -> dict[str, Any]:
        """The row whose visibility decides delivery: the new row, or the deleted one."""
        return (self.old_record if self.type == "DELETE" else self.record) or {}


@dataclass(frozen=True)
class TableInfo:
    columns: tuple[dict[str, str], ...]
    key_columns: tuple[str, ...]


def frame_payload(change: Change, info: TableInfo, subscription_ids: list[int], record: dict[str, Any]) -> dict[str, Any]:
    """`record` is the new row as the subscriber was allowed to see it (see Authoriser), not the captured one."""
    # An UPDATE's old values may have been invisible to this subscriber (a row moved between companies), so only
    # its key is sent, as Realtime does with the default replica identity.
    old_record: dict[str, Any] = {}
    if change.type == "UPDATE" and change.old_record:
        old_record = {k: change.old_record.get(k) for k in info.key_columns}
    elif change.type == "DELETE":
        old_record = change.old_record or {}
    return {
        "ids": subscription_ids,
        "data": {
            "schema": change.schema,
            "table": change.table,
            "commit_timestamp": change.commit_timestamp,
            "type": change.type,
            "columns": list(info.columns),
            "record": record if change.type != "DELETE" else {},
            "old_record": old_record,
            "errors": None,
        },
    }


class TableCatalog:
    """Column names and types and the primary key per table, read once, forgotten on a schema reload notice and
    refreshed after a while in any case (a notice missed while the listener reconnected); the most recently read
    CATALOG_MAX_TABLES tables are kept."""

    def __init__(self, pool: AsyncConnectionPool) -> None:
        self.pool = pool
        self._cache: dict[tuple[str, str], tuple[float, TableInfo]] = {}

    async def info(self, change: Change) -> TableInfo:
        key = (change.schema, change.table)
        cached = self._cache.get(key)
        if cached and time.monotonic() - cached[0] < CATALOG_TTL_SECONDS:
            return cached[1]
        async with privileged_tx(self.pool) as conn:
            rows = await (await conn.execute(
                "select a.attname, t.typname, coalesce(a.attnum = any(i.indkey), false)"
                " from pg_attribute a join pg_type t on t.oid = a.atttypid"
                " left join pg_index i on i.indrelid = a.attrelid and i.indisprimary"
                " where a.attrelid = %s::regclass and a.attnum > 0 and not a.attisdropped order by a.attnum",
                (change.qualified_table,),
            )).fetchall()
        info = TableInfo(columns=tuple({"name": name, "type": type_name} for name, type_name, _ in rows),
                         key_columns=tuple(name for name, _, is_key in rows if is_key))
        self._cache.pop(key, None)
        self._cache[key] = (time.monotonic(), info)
        if len(self._cache) > CATALOG_MAX_TABLES:
            del self._cache[next(iter(self._cache))]
        return info

    def __len__(self) -> int:
        return len(self._cache)

    def __contains__(self, table: tuple[str, str]) -> bool:
        return table in self._cache

    def forget(self) -> None:
        self._cache.clear()
