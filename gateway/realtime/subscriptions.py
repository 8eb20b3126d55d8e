"""A channel's postgres_changes subscriptions, as parsed from the join payload and echoed in the join reply."""

from __future__ import annotations

import json
import zlib
from dataclasses import dataclass
from typing import Any

from gateway.realtime.changes import Change
from gateway.realtime.filters import Condition, FilterError, parse_filter

EVENTS = ("*", "INSERT", "UPDATE", "DELETE")


class SubscriptionError(ValueError):
    pass


@dataclass(frozen=True)
class PostgresSubscription:
    id: int
    event: str
    schema: str
    table: str | None
    filter: str | None
    conditions: tuple[Condition, ...]
    params: dict[str, Any]

    def matches(self, change: Change) -> bool:
        """Whether the change, as captured, is one this subscription asked for."""
        if self.schema not in ("*", change.schema):
            return False
        if self.table not in (None, "*", change.table):
            return False
        if self.event != "*" and self.event.upper() != change.type:
            return False
        return self.accepts(change.image)

    def accepts(self, row: dict[str, Any]) -> bool:
        """Whether a row image passes the filter."""
        return all(condition.matches(row) for condition in self.conditions)

    def reply(self) -> dict[str, Any]:
        return {**self.params, "id": self.id}


def parse_subscription(params: Any) -> PostgresSubscription:
    if not isinstance(params, dict):
        raise SubscriptionError("each postgres_changes entry must be an object")
    event = params.get("event")
    schema = params.get("schema")
    table = params.get("table")
    filter_text = params.get("filter")
    if not isinstance(event, str) or event.upper() not in EVENTS:
        raise SubscriptionError(f"event must be one of {', '.join(EVENTS)}")
    if not isinstance(schema, str) or not schema:
        raise SubscriptionError("schema is required")
    if table is not None and not isinstance(table, str):
        raise SubscriptionError("table must be a string")
    if filter_text is not None and not isinstance(filter_text, str):
        raise SubscriptionError("filter must be a string")
    try:
        conditions = parse_filter(filter_text)
    except FilterError as exc:
        raise SubscriptionError(f"Error parsing `filter` params: {exc}") from None
    if conditions and table in (None, "*"):
        raise SubscriptionError("a filter needs a table")
    # A stable id per distinct parameters, like Realtime's phash2 of the params.
    subscription_id = zlib.crc32(json.dumps(params, sort_keys=True).encode()) & 0x7FFFFFF
    return PostgresSubscription(id=subscription_id, event=event, schema=schema, table=table, filter=filter_text,
                                conditions=conditions, params=dict(params))


def parse_subscriptions(entries: Any) -> list[PostgresSubscription]:
    if entries is None:
        return []
    if not isinstance(entries, list):
        raise SubscriptionError("postgres_changes must be a list")
    return [parse_subscription(entry) for entry in entries]
