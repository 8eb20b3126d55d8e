"""The floor of bench/peers.py: a bare ASGI callable doing PostgREST's transaction shape and nothing else.

BEGIN, set_config of role and claims (transaction-local), the statement, COMMIT: all four queued in psycopg's
pipeline mode behind one sync (one round trip, parameterised, prepared), then the body PostgreSQL built is sent.
A token cache and a pool; no parsing, planning, routing or middleware. Not a server to use: a measuring stick.

    DATABASE_URL=... JWT_SECRET=... uvicorn bench.floor_app:app --workers 2
"""

from __future__ import annotations

import json
import os
from urllib.parse import parse_qs

import jwt
from psycopg_pool import AsyncConnectionPool

SET_CONFIG = "select set_config('role', %s, true), set_config('request.jwt.claims', %s, true)"
READ_ONE = ("select coalesce((select row_to_json(t)::text from public.bench_items t where id = %s), '')")
READ_LIST = ("select coalesce(json_agg(t)::text, '[]') from (select * from public.bench_items where n > %s"
             " order by created desc limit 50) t")
INSERT = "insert into public.bench_items (title, n) values (%s, %s)"

_tokens: dict[str, str] = {}
_pool: AsyncConnectionPool | None = None


def _claims(scope) -> str | None:
    for name, value in scope["headers"]:
        if name == b"authorization":
            token = value.decode()[7:]
            found = _tokens.get(token)
            if found is None:
                found = json.dumps(jwt.decode(token, os.environ["JWT_SECRET"], algorithms=["HS256"],
                                              audience="authenticated"))
                _tokens[token] = found
            return found
    return None


async def _transaction(claims: str, statement: str, params: tuple, fetch: bool) -> bytes:
    async with _pool.connection() as conn:
        async with conn.pipeline() as pipeline:
            await conn.execute("BEGIN")
            await conn.execute(SET_CONFIG, ("authenticated", claims), prepare=True)
            cursor = await conn.execute(statement, params, prepare=True)
            await conn.execute("COMMIT")
            await pipeline.sync()
            return (await cursor.fetchone())[0].encode() if fetch else b""


async def app(scope, receive, send) -> None:
    global _pool
    if scope["type"] == "lifespan":
        while True:
            message = await receive()
            if message["type"] == "lifespan.startup":
                _pool = AsyncConnectionPool(os.environ["DATABASE_URL"], min_size=4, max_size=8,
                                            kwargs={"autocommit": True}, open=False)
                await _pool.open(wait=True)
                await send({"type": "lifespan.startup.complete"})
            elif message["type"] == "lifespan.shutdown":
                await _pool.close()
                await send({"type": "lifespan.shutdown.complete"})
                return
    claims = _claims(scope)
    path = scope["path"]
    status, body = 200, b""
    if path == "/one":
        body = await _transaction(claims, READ_ONE, (parse_qs(scope["query_string"].decode())["id"][0],), True)
    elif path == "/list":
        body = await _transaction(claims, READ_LIST, (100,), True)
    elif path == "/insert":
        while (await receive()).get("more_body"):
            pass
        status = 201
        await _transaction(claims, INSERT, ("Bench insert", 7), False)
    else:
        status = 404
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})
