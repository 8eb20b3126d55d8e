"""Run a planned statement in the caller's transaction (PostgREST's MainTx): role and claims first, then the one
statement."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import psycopg
from psycopg_pool import AsyncConnectionPool

from gateway.claims import Caller
from gateway.database import round_trip
from gateway.database.round_trip import BEGIN, COMMIT, ROLLBACK, Query
from gateway.database.transactions import discard_transaction, one, request_tx, settings_statement
from gateway.rest import errors
from gateway.rest.plan import Action
from gateway.rest.query import Statement, count_of, explain


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


def transaction_settings(caller: Caller, action: Action, *, path: str, headers: Mapping[str, str],
                         extra_search_path: tuple[str, ...]) -> dict[str, Any]:
    """What the request's transaction is set to before its statement runs: the caller's role and claims, the method,
    path and headers, the search path. `gateway policies test` sets its cases' transactions with it too."""
    return dict(role=caller.role, claims=caller.claims, method=action.method, path=path, headers=headers,
                read_only=action.read_only, search_path=search_path(action.schema, extra_search_path))


async def run(pool: AsyncConnectionPool, caller: Caller, action: Action, statement: Statement, *, path: str,
              headers: Mapping[str, str], max_rows: int | None, extra_search_path: tuple[str, ...]) -> Result:
    settings = transaction_settings(caller, action, path=path, headers=headers, extra_search_path=extra_search_path)
    try:
        if action.media.kind == "plan" or (action.prefer.count in ("planned", "estimated")
                                           and statement.count_query is not None):
            return await _run_in_steps(pool, action, statement, settings, max_rows)
        return await _run_in_one_round_trip(pool, action, statement, settings)
    except psycopg.Error as exc:
        raise errors.from_database(exc, anonymous=caller.role == "anon") from None


async def _run_in_one_round_trip(pool: AsyncConnectionPool, action: Action, statement: Statement,
                                 settings: dict[str, Any]) -> Result:
    """The settings and the statement behind one pipeline sync (gateway.database.round_trip): PostgreSQL runs
    everything up to a sync as one implicit transaction, committed at the sync (rolled back if a statement fails), so
    its end costs nothing.

    An explicit BEGIN only when that end is not COMMIT: Prefer tx=rollback (a ROLLBACK queued the same way), or a
    write whose result a check may still refuse, which ends after the check, in a second round trip.
    """
    # A read's end cannot change anything, so its result is checked after the end.
    settled = action.read_only or not _may_refuse(action)
    end = ROLLBACK if action.prefer.tx == "rollback" else COMMIT
    explicit = not settled or end is ROLLBACK
    queued: list[tuple[Query, Mapping[str, Any] | Sequence[Any]]] = [
        settings_statement(**settings), (statement.wire, statement.params)]
    if explicit:
        queued.insert(0, (BEGIN, ()))
        if settled:
            queued.append((end, ()))
    # The round trip ends its transaction itself, so the connection goes back as it came, without the commit that
    # `pool.connection()` would add.
    conn = await pool.getconn()
    try:
        row = (await round_trip.first_rows(conn, queued))[2 if explicit else 1]
        result = Result(row[0], row[1], row[2], row[3])
        _check(action, result)
        if not settled:
            await round_trip.first_rows(conn, [(end, ())])
    except BaseException:
        await discard_transaction(conn)
        raise
    finally:
        await pool.putconn(conn)
    return result


async def _run_in_steps(pool: AsyncConnectionPool, action: Action, statement: Statement, settings: dict[str, Any],
                        max_rows: int | None) -> Result:
    """EXPLAIN and the estimated counts, which need a statement's answer before the next statement."""
    result: Result | None = None
    async with request_tx(pool, **settings) as conn:
        result = await run_action(conn, action, statement, max_rows)
        if action.prefer.tx == "rollback":
            raise psycopg.Rollback()
    assert result is not None
    return result


async def run_action(conn: psycopg.AsyncConnection, action: Action, statement: Statement,
                     max_rows: int | None) -> Result:
    """The statement and its checks, in a transaction that already runs as the caller (step by step: EXPLAIN,
    estimated counts, policy tests)."""
    if action.media.kind == "plan":
        return await _explain(conn, action, statement)
    row = one(await (await conn.execute(statement.query, statement.params)).fetchone())
    result = Result(row[0], row[1], row[2], row[3])
    if action.prefer.count in ("planned", "estimated") and statement.count_query is not None:
        result.total = await _estimate(conn, statement.count_query, statement.params, action.prefer.count, max_rows)
    _check(action, result)
    return result


def _may_refuse(action: Action) -> bool:
    """Whether _check can refuse this request's result (and so undo its write)."""
    singular = action.media.kind == "object" and not action.void
    return singular or (action.kind != "read" and action.prefer.handling == "strict"
                        and action.prefer.max_affected is not None)


def _check(action: Action, result: Result) -> None:
    """Raised inside the transaction, so a failed check also undoes the write."""
    if action.media.kind == "object" and result.page != 1 and not action.void:
        raise errors.singular(result.page)
    limit = action.prefer.max_affected
    if action.kind != "read" and action.prefer.handling == "strict" and limit is not None and result.page > limit:
        raise errors.max_affected(result.page, limit)


async def _estimate(conn: psycopg.AsyncConnection, count_query: psycopg.sql.Composable, params: dict[str, Any],
                    mode: str, max_rows: int | None) -> int:
    plan = one(await (await conn.execute(
        psycopg.sql.SQL("EXPLAIN (FORMAT JSON) {}").format(count_query), params)).fetchone())[0]
    planned = int(plan[0]["Plan"]["Plan Rows"])
    if mode == "planned" or (max_rows is not None and planned > max_rows):
        return planned
    row = one(await (await conn.execute(psycopg.sql.SQL("SELECT {}").format(count_of(count_query)),
                                        params)).fetchone())
    return int(row[0])


async def _explain(conn: psycopg.AsyncConnection, action: Action, statement: Statement) -> Result:
    text = action.media.plan_format == "text"
    rows = await (await conn.execute(explain(action.media, statement.query), statement.params)).fetchall()
    body = "\n".join(r[0] for r in rows) if text else json.dumps(rows[0][0])
    return Result(None, 1, body, None)
