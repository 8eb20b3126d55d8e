"""POST /logout?scope=global|local|others: ends sessions (their refresh tokens go with them)."""

from __future__ import annotations

from fastapi import Response

from gateway.auth import audit
from gateway.auth.context import AuthContext
from gateway.auth.errors import validation_failed
from gateway.auth.sessions import end_sessions
from gateway.database.transactions import privileged_tx

SCOPES = ("global", "local", "others")


async def handle(ctx: AuthContext) -> Response:
    scope = ctx.query.get("scope") or "global"
    if scope not in SCOPES:
        raise validation_failed(f"Unsupported logout scope {scope!r}")
    async with privileged_tx(ctx.pool) as conn:
        await end_sessions(conn, ctx.user_id, ctx.session_id, scope)
        await audit.record(conn, ctx, "logout", ctx.user_id, session_id=ctx.session_id)
    return Response(status_code=204)
