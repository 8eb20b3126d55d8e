"""A captured row change, the table facts needed to deliver it, and the postgres_changes frame payload."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from psycopg_pool import AsyncConnectionPool

from gateway.database.transactions import privileged_tx
from gateway.rest.cache_state import LiveSchemaCache
from gateway.rest.schema_cache import SchemaCache

log = logging.getLogger("gateway.realtime")
CHANGE_TYPES = ("INSERT", "UPDATE", "DELETE")
SETTLE_TIMEOUT_SECONDS = 10.0


@dataclass(frozen=True)
class Change:
    schema: str
    table: str
    type: str
    commit_timestamp: str
    record: dict[str, Any] | None
    old_record: dict[str, Any] | None

    @classmethod
    def from_message(cls, message: Mapping[str, Any]) -> Change:
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
    """`record` is the new row as the subscriber was allowed to see it (see ChangeAccess), not the captured one."""
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
    """Column names and types and the primary key per table, as the REST schema cache knows them. A published
    table outside the exposed schemas (storage.objects) is read from pg_catalog instead, and forgotten with the
    schema cache it was read alongside, so both change on the same reload notice."""

    def __init__(self, schema: LiveSchemaCache, pool: AsyncConnectionPool) -> None:
        self.schema = schema
        self.pool = pool
        self._built_from: SchemaCache | None = None
        self._infos: dict[tuple[str, str], TableInfo | None] = {}

    async def info(self, schema: str, table: str) -> TableInfo | None:
        cache = self.schema.current
        if cache is not self._built_from:
            self._built_from, self._infos = cache, {}
        key = (schema, table)
        if key not in self._infos:
            found = cache.table(schema, table)
            if found is not None:
                self._infos[key] = TableInfo(
                    columns=tuple({"name": c.name, "type": c.base} for c in found.columns.values()),
                    key_columns=found.pk)
            else:
                self._infos[key] = await self._unexposed(schema, table)
        return self._infos[key]

    async def _unexposed(self, schema: str, table: str) -> TableInfo | None:
        async with privileged_tx(self.pool) as conn:
            rows = await (await conn.execute(
                "select a.attname, t.typname, coalesce(a.attnum = any(i.indkey), false)"
                " from pg_attribute a join pg_type t on t.oid = a.atttypid"
                " left join pg_index i on i.indrelid = a.attrelid and i.indisprimary"
                " where a.attrelid = to_regclass(format('%%I.%%I', %s::text, %s::text))"
                " and a.attnum > 0 and not a.attisdropped order by a.attnum",
                (schema, table))).fetchall()
        if not rows:
            return None
        return TableInfo(columns=tuple({"name": name, "type": type_name} for name, type_name, _ in rows),
                         key_columns=tuple(name for name, _, is_key in rows if is_key))

    async def reloaded(self) -> None:
        """Wait for the reloads asked for so far, so that changes committed after a DDL are described by it; a
        reload that does not come in time leaves the cache as it is."""
        try:
            await asyncio.wait_for(self.schema.settled(), timeout=SETTLE_TIMEOUT_SECONDS)
        except TimeoutError:
            log.warning("realtime.schema_reload_late waited=%.0fs", SETTLE_TIMEOUT_SECONDS)
