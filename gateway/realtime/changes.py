"""A captured row change, the table facts needed to deliver it, and the postgres_changes frame payload."""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from typing import Any, Mapping

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
    """Column names and types and the primary key per table, as the REST schema cache knows them (the exposed
    schemas, DB_SCHEMAS): one cache for the process, reloaded on the DDL watch's notice."""

    def __init__(self, schema: LiveSchemaCache) -> None:
        self.schema = schema
        self._built_from: SchemaCache | None = None
        self._infos: dict[tuple[str, str], TableInfo | None] = {}

    def info(self, schema: str, table: str) -> TableInfo | None:
        cache = self.schema.current
        if cache is not self._built_from:
            self._built_from, self._infos = cache, {}
        key = (schema, table)
        if key not in self._infos:
            found = cache.table(schema, table) if cache is not None else None
            self._infos[key] = None if found is None else TableInfo(
                columns=tuple({"name": c.name, "type": c.base} for c in found.columns.values()),
                key_columns=found.pk)
        return self._infos[key]

    async def reloaded(self) -> None:
        """Wait for the reloads asked for so far, so that changes committed after a DDL are described by it; a
        reload that does not come in time leaves the cache as it is."""
        try:
            await asyncio.wait_for(self.schema.settled(), timeout=SETTLE_TIMEOUT_SECONDS)
        except asyncio.TimeoutError:
            log.warning("realtime.schema_reload_late waited=%.0fs", SETTLE_TIMEOUT_SECONDS)
