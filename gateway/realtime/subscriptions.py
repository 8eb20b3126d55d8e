"""A channel's postgres_changes subscriptions, as parsed from the join payload and echoed in the join reply."""

from __future__ import annotations

import json
import zlib
from dataclasses import dataclass
from typing import Any

import psycopg
from psycopg import sql
from psycopg_pool import AsyncConnectionPool

from gateway.database.health import connection_lost
from gateway.database.transactions import privileged_tx
from gateway.realtime.changes import TableCatalog
from gateway.realtime.filters import FilterError, RowFilter, parse_filter

EVENTS = ("*", "INSERT", "UPDATE", "DELETE")


class SubscriptionError(ValueError):
    pass


@dataclass(frozen=True)
class PostgresSubscription:
    id: int
    event: str
    schema: str
    table: str | None
    row_filter: RowFilter | None  # evaluated by PostgreSQL, with RLS (see ChangeAccess)
    params: dict[str, Any]

    def wants(self, schema: str, table: str, event: str) -> bool:
        """Whether changes of this table and event (INSERT, UPDATE or DELETE) are what this subscription asked for
        (its filter aside)."""
        if self.schema not in ("*", schema):
            return False
        if self.table not in (None, "*", table):
            return False
        return self.event == "*" or self.event.upper() == event

    def reply(self) -> dict[str, Any]:
        return {**self.params, "id": self.id}

    def unable(self, reason: str) -> SubscriptionError:
        """Supabase Realtime's words for a subscription its database refused."""
        return SubscriptionError(
            "Unable to subscribe to changes with given parameters. An exception happened so please check your"
            f" connect parameters: [event: {self.event}, schema: {self.schema}, table: {self.table},"
            f" filters: {self.row_filter.text if self.row_filter else ''}]. Exception: {reason}")


def parse_subscription(params: Any) -> PostgresSubscription:
    if not isinstance(params, dict):
        raise SubscriptionError("each postgres_changes entry must be an object")
    event = params.get("event")
    schema = params.get("schema")
    table = params.get("table")
    filter_text = params.get("filter")
    if not isinstance(event, str) or event.upper() not in EVENTS:
        raise SubscriptionError(f"event must be one of {', '.join(EVENTS)}")
    if schema is None and isinstance(table, str) and filter_text is None:
        schema = "public"  # as Realtime reads a subscription naming only its table
    if not isinstance(schema, str) or not schema:
        raise SubscriptionError("No subscription params provided. Please provide at least a `schema` or `table` to"
                                " subscribe to")
    if table is not None and not isinstance(table, str):
        raise SubscriptionError("table must be a string")
    if filter_text is not None and not isinstance(filter_text, str):
        raise SubscriptionError("filter must be a string")
    try:
        row_filter = parse_filter(filter_text)
    except FilterError as exc:
        raise SubscriptionError(f"Error parsing `filter` params: {exc}") from None
    if row_filter and table in (None, "*"):
        raise SubscriptionError("a filter needs a table")
    # A stable id per distinct parameters, like Realtime's phash2 of the params.
    subscription_id = zlib.crc32(json.dumps(params, sort_keys=True).encode()) & 0x7FFFFFF
    return PostgresSubscription(id=subscription_id, event=event, schema=schema, table=table,
                                row_filter=row_filter, params=dict(params))


async def check_filters(subscriptions: list[PostgresSubscription], catalog: TableCatalog,
                        pool: AsyncConnectionPool) -> None:
    """As Realtime's `subscription_check_filters`: a filter's table must be known, its columns must exist and its
    values must read as their columns' types, so that evaluating it with each change cannot fail."""
    for subscription in subscriptions:
        if subscription.row_filter is None:
            continue
        assert subscription.table is not None
        if await catalog.info(subscription.schema, subscription.table) is None:
            await catalog.reloaded()  # a table created a moment ago may be on its way into the cache
        if await catalog.info(subscription.schema, subscription.table) is None:
            raise subscription.unable(f"no table {subscription.schema}.{subscription.table}")
        query = sql.SQL("select from {}.{} as k where false and {}").format(
            sql.Identifier(subscription.schema), sql.Identifier(subscription.table), subscription.row_filter.sql("k"))
        try:
            async with privileged_tx(pool) as conn:
                await conn.execute(query)
        except psycopg.Error as exc:
            if connection_lost(exc):
                raise
            raise subscription.unable(exc.diag.message_primary or type(exc).__name__) from None


def parse_subscriptions(entries: Any) -> list[PostgresSubscription]:
    if entries is None:
        return []
    if not isinstance(entries, list):
        raise SubscriptionError("postgres_changes must be a list")
    return [parse_subscription(entry) for entry in entries]
