"""GET /reauthenticate mails a code (the nonce); with SECURITY_UPDATE_PASSWORD_REQUIRE_REAUTHENTICATION a password
change from a session older than 24 hours needs it, as GoTrue's secure password change does."""

from __future__ import annotations

from typing import Any

from psycopg import AsyncConnection

from gateway.auth import audit
from gateway.auth.context import AuthContext
from gateway.auth.errors import bad_request, unprocessable
from gateway.auth.guards import lock_caller
from gateway.auth.links import new_otp, token_hash
from gateway.auth.mails import check_resend_window, queue_mail
from gateway.database.transactions import privileged_tx
from gateway.mail.templates import auth_mail

RECENT_SESSION_SECONDS = 24 * 3600
INVALID_NONCE = "Nonce has expired or is invalid"


async def handle(ctx: AuthContext) -> dict[str, Any]:
    async with privileged_tx(ctx.pool) as conn:
        user = await lock_caller(ctx, conn)
        if not user["email"]:
            raise bad_request("validation_failed",
                              "Reauthentication requires the user to have an email or a phone number")
        if user["email_confirmed_at"] is None:
            raise unprocessable("email_not_confirmed", "Please verify your email first.")
        check_resend_window(ctx, user["reauthentication_sent_at"])
        otp = new_otp(ctx.settings)
        await conn.execute("update auth.users set reauthentication_token = %s, reauthentication_sent_at = now()"
                           " where id = %s", (token_hash(user["email"], otp), ctx.user_id))
        await audit.record(conn, ctx, "user_reauthenticate_requested", ctx.user_id, session_id=ctx.session_id)
        await queue_mail(ctx, conn, auth_mail("reauthentication", to=user["email"], link="", otp=otp))
    return {}


async def check_password_change(ctx: AuthContext, conn: AsyncConnection, user: dict[str, Any],
                                nonce: str | None) -> None:
    """Passes a recent session; otherwise needs the mailed nonce, which it spends."""
    if not ctx.settings.password_change_requires_reauthentication:
        return
    cur = await conn.execute("select created_at > now() - make_interval(secs => %s) from auth.sessions"
                             " where id = %s", (RECENT_SESSION_SECONDS, ctx.session_id))
    row = await cur.fetchone()
    if row is not None and row[0]:
        return
    if not nonce:
        raise bad_request("reauthentication_needed", "Password update requires reauthentication")
    cur = await conn.execute(
        "select reauthentication_token = %s and reauthentication_sent_at > now() - make_interval(secs => %s)"
        " from auth.users where id = %s and reauthentication_token <> ''",
        (token_hash(user["email"] or "", nonce), ctx.settings.mail_otp_expiry, ctx.user_id))
    row = await cur.fetchone()
    if row is None or not row[0]:
        raise unprocessable("reauthentication_not_valid", INVALID_NONCE)
    await conn.execute("update auth.users set reauthentication_token = '', reauthentication_sent_at = null"
                       " where id = %s", (ctx.user_id,))
