"""The admin API's MFA factors of a user: GET /admin/users/{id}/factors, DELETE /admin/users/{id}/factors/{factor}."""

from __future__ import annotations

from typing import Any

from psycopg import AsyncConnection

from gateway.auth import audit
from gateway.auth.admin import user_id_param
from gateway.auth.context import AuthContext
from gateway.auth.errors import not_found
from gateway.auth.factors import downgrade_sessions
from gateway.auth.guards import is_uuid
from gateway.auth.users import FACTOR_JSON
from gateway.database.transactions import one, privileged_tx


async def list_factors(ctx: AuthContext) -> list[dict[str, Any]]:
    async with privileged_tx(ctx.pool) as conn:
        user_id = await existing_user(ctx, conn)
        cur = await conn.execute(f"select coalesce(jsonb_agg({FACTOR_JSON} order by f.created_at), '[]')"
                                 " from auth.mfa_factors f where f.user_id = %s", (user_id,))
        return one(await cur.fetchone())[0]


async def delete_factor(ctx: AuthContext) -> dict[str, Any]:
    async with privileged_tx(ctx.pool) as conn:
        user_id = await existing_user(ctx, conn)
        factor_id = ctx.path_param("factor_id")
        if not is_uuid(factor_id):
            raise not_found("validation_failed", "factor_id must be an UUID")
        cur = await conn.execute(f"delete from auth.mfa_factors f where f.id = %s and f.user_id = %s"
                                 f" returning {FACTOR_JSON}", (factor_id, user_id))
        row = await cur.fetchone()
        if row is None:
            raise not_found("mfa_factor_not_found", "Factor not found")
        await audit.record(conn, ctx, "factor_deleted", user_id, traits={"user_id": user_id, "factor_id": factor_id})
        await downgrade_sessions(conn, factor_id)
        return row[0]


async def existing_user(ctx: AuthContext, conn: AsyncConnection) -> str:
    user_id = user_id_param(ctx)
    if await (await conn.execute("select 1 from auth.users where id = %s", (user_id,))).fetchone() is None:
        raise not_found("user_not_found", "User not found")
    return user_id
