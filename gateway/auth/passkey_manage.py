"""A user's passkeys once registered: GET /passkeys, PATCH and DELETE /passkeys/{id}, and the admin API's
GET /admin/users/{id}/passkeys and DELETE /admin/users/{id}/passkeys/{passkey_id} (GoTrue's passkey_manage.go and
passkey_admin.go)."""

from __future__ import annotations

from typing import Any

from fastapi.responses import Response
from psycopg import AsyncConnection

from gateway.auth import audit
from gateway.auth.admin_factors import existing_user
from gateway.auth.context import AuthContext, text_field
from gateway.auth.errors import AuthError, not_found, validation_failed
from gateway.auth.guards import is_uuid
from gateway.auth.passkeys import PASSKEY_JSON, require_management_aal
from gateway.database.transactions import one, privileged_tx

MAX_NAME_LENGTH = 120


async def list_own(ctx: AuthContext) -> list[dict[str, Any]]:
    async with privileged_tx(ctx.pool) as conn:
        return await _list(conn, ctx.user_id)


async def update(ctx: AuthContext) -> dict[str, Any]:
    passkey_id = _passkey_id(ctx)
    name = text_field(ctx.body, "friendly_name")
    if not name:
        raise validation_failed("friendly_name is required")
    if len(name) > MAX_NAME_LENGTH:
        raise validation_failed(f"friendly_name must be {MAX_NAME_LENGTH} characters or less")
    async with privileged_tx(ctx.pool) as conn:
        cur = await conn.execute(f"update auth.webauthn_credentials c set friendly_name = %s, updated_at = now()"
                                 f" where c.id = %s and c.user_id = %s returning {PASSKEY_JSON}",
                                 (name, passkey_id, ctx.user_id))
        row = await cur.fetchone()
        if row is None:
            raise _passkey_not_found()
        await audit.record(conn, ctx, "passkey_updated", ctx.user_id, traits={"passkey_id": passkey_id})
    return row[0]


async def delete_own(ctx: AuthContext) -> Response:
    async with privileged_tx(ctx.pool) as conn:
        await require_management_aal(ctx, conn)
        passkey_id = _passkey_id(ctx)
        await _delete(conn, passkey_id, ctx.user_id)
        await audit.record(conn, ctx, "passkey_deleted", ctx.user_id, traits={"passkey_id": passkey_id})
    return Response(status_code=204)


async def admin_list(ctx: AuthContext) -> list[dict[str, Any]]:
    async with privileged_tx(ctx.pool) as conn:
        return await _list(conn, await existing_user(ctx, conn))


async def admin_delete(ctx: AuthContext) -> Response:
    async with privileged_tx(ctx.pool) as conn:
        user_id = await existing_user(ctx, conn)
        passkey_id = _passkey_id(ctx)
        await _delete(conn, passkey_id, user_id)
        await audit.record_admin(conn, ctx, "passkey_deleted", {"id": user_id},
                                 traits={"user_id": user_id, "passkey_id": passkey_id})
    return Response(status_code=204)


async def _list(conn: AsyncConnection, user_id: str) -> list[dict[str, Any]]:
    cur = await conn.execute(f"select coalesce(jsonb_agg({PASSKEY_JSON} order by c.created_at), '[]')"
                             " from auth.webauthn_credentials c where c.user_id = %s", (user_id,))
    return one(await cur.fetchone())[0]


async def _delete(conn: AsyncConnection, passkey_id: str, user_id: str) -> None:
    cur = await conn.execute("delete from auth.webauthn_credentials where id = %s and user_id = %s returning id",
                             (passkey_id, user_id))
    if await cur.fetchone() is None:
        raise _passkey_not_found()


def _passkey_id(ctx: AuthContext) -> str:
    passkey_id = ctx.path_param("passkey_id")
    if not is_uuid(passkey_id):
        raise _passkey_not_found()
    return passkey_id


def _passkey_not_found() -> AuthError:
    return not_found("validation_failed", "Passkey not found")
