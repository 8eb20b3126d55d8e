"""The SQL editor's statements, run as a chosen role: the owner (`postgres`), or an API role with the claims a
request of that caller would carry, set as REST sets them, so that a query sees exactly what RLS lets that caller
see."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import psycopg

from gateway.database.transactions import queue_settings

OWNER = "postgres"
ROLES = (OWNER, "service_role", "authenticated", "anon")
STATEMENT_TIMEOUT = "5min"
MAX_ROWS = 1000


@dataclass(frozen=True)
class SqlError(Exception):
    message: str
    code: str | None
    detail: str | None
    hint: str | None
    line: int | None
    column: int | None

    def as_json(self) -> dict[str, Any]:
        return {"message": self.message, "code": self.code, "detail": self.detail, "hint": self.hint,
                "line": self.line, "column": self.column}


async def run(conn: psycopg.AsyncConnection, text: str, *, role: str, claims: dict[str, Any] | None,
              run_id: str) -> dict[str, Any]:
    """Every statement of `text` in one transaction, committed if all succeed; the last statement's result is
    returned (at most MAX_ROWS rows). The session is named for `run_id` while it runs, so that cancel() finds it
    from any worker. Raises SqlError with the database's own message and where in `text` it failed."""
    try:
        async with conn.transaction():
            await conn.execute("select set_config('statement_timeout', %s, true),"
                               " set_config('application_name', %s, true)", (STATEMENT_TIMEOUT, _name(run_id)))
            if role != OWNER:
                await queue_settings(conn, role=role, claims=claims, method="POST", path="/_/api/sql")
            # Without parameters psycopg sends the text as one simple query: each statement leaves a result.
            cur = await conn.execute(text.encode(), prepare=False)
            while cur.nextset():
                pass
            return _result(cur, await cur.fetchmany(MAX_ROWS + 1) if cur.description else [])
    except psycopg.Error as error:
        raise _sql_error(error, text) from error


async def cancel(conn: psycopg.AsyncConnection, run_id: str) -> bool:
    """Cancels the statement of run `run_id`, on a connection of the same login role as the run's (the one
    PostgreSQL lets cancel it without further rights)."""
    cur = await conn.execute("select pg_cancel_backend(pid) from pg_stat_activity where application_name = %s",
                             (_name(run_id),))
    return any(cancelled for (cancelled,) in await cur.fetchall())


def _name(run_id: str) -> str:
    return f"gateway studio {run_id}"[:63]


def _result(cur: psycopg.AsyncCursor, rows: list[tuple]) -> dict[str, Any]:
    columns = [{"name": c.name, "type_oid": c.type_code} for c in cur.description or []]
    return {"command": cur.statusmessage, "columns": columns, "rows": [list(r) for r in rows[:MAX_ROWS]],
            "truncated": len(rows) > MAX_ROWS, "row_count": cur.rowcount}


def _sql_error(error: psycopg.Error, text: str) -> SqlError:
    diag = error.diag
    line = column = None
    if diag.statement_position:
        before = text[: int(diag.statement_position) - 1]
        line = before.count("\n") + 1
        column = len(before) - (before.rfind("\n") + 1) + 1
    return SqlError(message=diag.message_primary or str(error).strip(), code=diag.sqlstate, detail=diag.message_detail,
                    hint=diag.message_hint, line=line, column=column)
