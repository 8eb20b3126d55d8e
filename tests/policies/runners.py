"""Two ways to put an operation to the database as a client: the REST API over HTTP, or the statement PostgREST
would run, inside the gateway's own request transaction (gateway.db.request_tx with the caller the gateway
resolves from the same headers). The matrix runs through both."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import httpx
import psycopg
from psycopg import sql

from gateway.claims import resolve_caller
from gateway.db import open_pool, request_tx
from gateway.keys import JwtKeys
from tests.policies.cases import Op, Outcome


class SqlRunner:
    """Runs the statement PostgREST would generate in the gateway's request transaction."""

    def __init__(self, database_url: str, keys: JwtKeys) -> None:
        self.keys = keys
        self.loop = asyncio.new_event_loop()
        self.pool = self.loop.run_until_complete(open_pool(database_url, min_size=1, max_size=2, name="policies"))

    def close(self) -> None:
        self.loop.run_until_complete(self.pool.close())
        self.loop.close()

    def run(self, op: Op, headers: dict[str, str]) -> Outcome:
        return self.loop.run_until_complete(self._run(op, {k.lower(): v for k, v in headers.items()}))

    async def _run(self, op: Op, headers: dict[str, str]) -> Outcome:
        caller = resolve_caller(self.keys, headers)
        statement, params = build_statement(op)
        try:
            async with request_tx(self.pool, role=caller.role, claims=caller.claims, method=HTTP_METHODS[op.kind],
                                  path=f"/rest/v1/{op.target}", headers=headers,
                                  read_only=op.kind == "select") as conn:
                cursor = await conn.execute(statement, params)
                rows = [row[0] for row in await cursor.fetchall()] if cursor.description else None
        except psycopg.Error as exc:
            return Outcome(error=exc.sqlstate, message=exc.diag.message_primary)
        return Outcome(rows=rows)


HTTP_METHODS = {"select": "GET", "insert": "POST", "update": "PATCH", "delete": "DELETE", "rpc": "POST"}


def build_statement(op: Op) -> tuple[sql.Composable, list[Any]]:
    table = sql.Identifier("public", op.target)
    where, params = _where(op.where)
    returning = sql.SQL(" returning to_jsonb(t)") if op.returning else sql.SQL("")
    if op.kind == "select":
        return sql.SQL("select to_jsonb(t) from {} t{}").format(table, where), params
    if op.kind == "delete":
        return sql.SQL("delete from {} t{}{}").format(table, where, returning), params
    columns = [sql.Identifier(c) for c in op.body]
    if op.kind == "insert":
        return sql.SQL("insert into {} as t ({}) select {} from json_populate_record(null::{}, %s::json){}").format(
            table, sql.SQL(", ").join(columns), sql.SQL(", ").join(columns), table, returning), [json.dumps(op.body)]
    if op.kind == "update":
        assignments = sql.SQL(", ").join(sql.SQL("{} = body.{}").format(c, c) for c in columns)
        return sql.SQL("update {} t set {} from json_populate_record(null::{}, %s::json) body{}{}").format(
            table, assignments, table, where, returning), [json.dumps(op.body), *params]
    arguments = sql.SQL(", ").join(sql.SQL("{} => %s").format(sql.Identifier(name)) for name in op.body)
    return sql.SQL("select to_jsonb(r) from {}({}) r").format(table, arguments), list(op.body.values())


def _where(filters: dict[str, Any]) -> tuple[sql.Composable, list[Any]]:
    if not filters:
        return sql.SQL(""), []
    conditions = sql.SQL(" and ").join(sql.SQL("t.{}::text = %s").format(sql.Identifier(c)) for c in filters)
    return sql.SQL(" where ") + conditions, [str(v) for v in filters.values()]


class HttpRunner:
    """Sends the operation to the gateway's /rest/v1 as supabase-js would."""

    def __init__(self, base_url: str) -> None:
        self.client = httpx.Client(base_url=f"{base_url}/rest/v1", timeout=30)

    def close(self) -> None:
        self.client.close()

    def run(self, op: Op, headers: dict[str, str]) -> Outcome:
        params = {column: f"eq.{value}" for column, value in op.where.items()}
        prefer = {"Prefer": "return=representation" if op.returning else "return=minimal"}
        if op.kind == "rpc":
            response = self.client.post(f"/rpc/{op.target}", json=op.body, headers=headers)
        elif op.kind == "select":
            response = self.client.get(f"/{op.target}", params={**params, "select": "*"}, headers=headers)
        elif op.kind == "insert":
            response = self.client.post(f"/{op.target}", json=op.body, headers={**headers, **prefer})
        elif op.kind == "update":
            response = self.client.patch(f"/{op.target}", params=params, json=op.body, headers={**headers, **prefer})
        else:
            response = self.client.delete(f"/{op.target}", params=params, headers={**headers, **prefer})
        body = response.json() if response.content else None
        if response.status_code >= 400:
            return Outcome(error=body.get("code"), message=body.get("message"), http_status=response.status_code)
        if op.kind in ("insert", "update", "delete") and not op.returning:
            return Outcome(http_status=response.status_code)
        rows = body if isinstance(body, list) else [body]
        return Outcome(rows=rows, http_status=response.status_code)
