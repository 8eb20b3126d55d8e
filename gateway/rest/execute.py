"""Run an Action in the caller's transaction (PostgREST's MainTx): role and claims first, then the one statement."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import psycopg
from psycopg_pool import AsyncConnectionPool

from gateway.claims import Caller
from gateway.db import request_tx
from gateway.rest import errors
from gateway.rest.actions import Action
from gateway.rest.query import count_of, explain
from gateway.rest.request import ApiRequest


@dataclass
class Result:
    total: int | None
    page: int
    body: str
    location: list[Any] | None


def search_path(schema: str, extra: tuple[str, ...]) -> str:
    """PostgREST's: the request's schema first, then db-extra-search-path, each quoted."""
    names = dict.fromkeys((schema, *extra))
    return ", ".join('"' + name.replace('"', '""') + '"' for name in names)


async def run(pool: AsyncConnectionPool, caller: Caller, req: ApiRequest, action: Action, *, path: str,
              headers: Mapping[str, str], max_rows: int | None, extra_search_path: tuple[str, ...]) -> Result:
    result: Result | None = None
    try:
        async with request_tx(pool, role=caller.role, claims=caller.claims, method=req.method, path=path,
                              headers=headers, read_only=req.read_only,
                              search_path=search_path(req.schema, extra_search_path)) as conn:
            result = await run_action(conn, req, action, max_rows)
            if req.prefer.tx == "rollback":
                raise psycopg.Rollback()
    except psycopg.Error as exc:
        raise errors.from_database(exc, anonymous=caller.role == "anon") from None
    assert result is not None
    return result


async def run_action(conn: psycopg.AsyncConnection, req: ApiRequest, action: Action,
                     max_rows: int | None) -> Result:
    """The statement and its checks, in a transaction that already runs as the caller."""
    if action.media.kind == "plan":
        return await _explain(conn, action)
    row = await (await conn.execute(action.statement.query, action.statement.params)).fetchone()
    result = Result(row[0], row[1], row[2], row[3])
    if req.prefer.count in ("planned", "estimated") and action.statement.count_query is not None:
        result.total = await _estimate(conn, action, req.prefer.count, max_rows)
    _check(req, action, result)
    return result


def _check(req: ApiRequest, action: Action, result: Result) -> None:
    """Raised inside the transaction, so a failed check also undoes the write."""
    if action.media.kind == "object" and result.page != 1 and not action.void:
        raise errors.singular(result.page)
    limit = req.prefer.max_affected
    if action.kind != "read" and req.prefer.handling == "strict" and limit is not None and result.page > limit:
        raise errors.max_affected(result.page, limit)


async def _estimate(conn: psycopg.AsyncConnection, action: Action, mode: str, max_rows: int | None) -> int:
    statement = action.statement
    plan = (await (await conn.execute(
        psycopg.sql.SQL("EXPLAIN (FORMAT JSON) {}").format(statement.count_query), statement.params)).fetchone())[0]
    planned = int(plan[0]["Plan"]["Plan Rows"])
    if mode == "planned" or (max_rows is not None and planned > max_rows):
        return planned
    row = await (await conn.execute(psycopg.sql.SQL("SELECT {}").format(count_of(statement.count_query)),
                                    statement.params)).fetchone()
    return int(row[0])


async def _explain(conn: psycopg.AsyncConnection, action: Action) -> Result:
    text = action.media.plan_format == "text"
    rows = await (await conn.execute(explain(action.media, action.statement.query),
                                     action.statement.params)).fetchall()
    body = "\n".join(r[0] for r in rows) if text else json.dumps(rows[0][0])
    return Result(None, 1, body, None)
