"""Postgres-function hooks, run as GoTrue runs them: inside the caller's transaction, as `supabase_auth_admin`
(so the grants and policies Supabase's guides write for that role apply), under a 2-second statement timeout."""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

import psycopg
from psycopg import AsyncConnection

from gateway.config_values import ConfigError
from gateway.database.transactions import one
from gateway.project.auth_hooks import HookConfig

TIMEOUT_MS = 2000
HOOK_ROLE = "supabase_auth_admin"


async def call(conn: AsyncConnection, hook: HookConfig, payload: dict[str, Any]) -> Any:
    """The function's result, decoded; raises psycopg.Error when the function fails or runs too long."""
    await conn.execute(f"set local statement_timeout to {TIMEOUT_MS}")
    await conn.execute(f"set local role {HOOK_ROLE}")
    # An untyped parameter, so a function declared with `json` resolves as well as one with `jsonb`.
    cur = await conn.execute(f"select {hook.qualified_function}(%s)", (json.dumps(payload),))
    (result,) = one(await cur.fetchone())
    await conn.execute("reset role")
    await conn.execute("set local statement_timeout to default")
    return json.loads(result) if isinstance(result, str) else result


def check_functions_exist(database_url: str, hooks: Iterable[HookConfig]) -> None:
    """A start-up check: every pg-functions hook names a function that exists."""
    postgres_hooks = [hook for hook in hooks if hook.is_postgres]
    if not postgres_hooks:
        return
    with psycopg.connect(database_url, autocommit=True) as conn:
        for hook in postgres_hooks:
            schema, function = hook.function
            found = conn.execute(
                "select 1 from pg_proc p join pg_namespace n on n.oid = p.pronamespace"
                " where n.nspname = %s and p.proname = %s", (schema, function)).fetchone()
            if found is None:
                raise ConfigError(f"auth hook {hook.name}: function {schema}.{function} named by {hook.uri} does not"
                                  " exist (create it in a migration, or turn the hook off)")
