"""GET /verify (the link in a mail: 303 to redirect_to with the session) and POST /verify (a code or token hash)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode

from fastapi.responses import RedirectResponse
from psycopg import AsyncConnection
from psycopg.rows import dict_row

from gateway.auth import audit, pkce
from gateway.auth.context import AuthContext, text_field
from gateway.auth.errors import AuthError, forbidden, validation_failed
from gateway.auth.links import OTP_EXPIRY_SECONDS, allowed_redirect, token_hash
from gateway.auth.sessions import start_session
from gateway.auth.users import add_email_identity, mark_email_confirmed
from gateway.db import privileged_tx

# type -> (token columns to look in, sent-at column per token column, amr method)
VERIFY_TYPES: dict[str, tuple[tuple[tuple[str, str], ...], str]] = {
    "signup": ((("confirmation_token", "confirmation_sent_at"),), "otp"),
    "invite": ((("confirmation_token", "confirmation_sent_at"),), "invite"),
    "recovery": ((("recovery_token", "recovery_sent_at"),), "recovery"),
    "magiclink": ((("recovery_token", "recovery_sent_at"),), "magiclink"),
    "email_change": ((("email_change_token_new", "email_change_sent_at"),), "email_change"),
    "email": ((("confirmation_token", "confirmation_sent_at"), ("recovery_token", "recovery_sent_at")), "otp"),
}
EXPIRED = "Token has expired or is invalid"


@dataclass
class VerifyParams:
    type: str
    token_hash: str
    email: str
    code: str
    redirect_to: str

    def validate(self) -> None:
        if self.type not in VERIFY_TYPES:
            raise validation_failed(f"Verify requires a verification type, one of {', '.join(VERIFY_TYPES)}")
        if not self.token_hash and not (self.email and self.code):
            raise validation_failed("Verify requires either a token hash, or an email and a token")

    @property
    def hashed(self) -> str:
        return self.token_hash or token_hash(self.email, self.code)


async def handle_get(ctx: AuthContext) -> RedirectResponse:
    redirect_to = allowed_redirect(ctx.settings, ctx.query.get("redirect_to"))
    params = VerifyParams(type=ctx.query.get("type", ""), token_hash=ctx.query.get("token", ""),
                          email="", code="", redirect_to=redirect_to)
    try:
        params.validate()
        async with privileged_tx(ctx.pool) as conn:
            user_id, action = await _consume(ctx, conn, params)
            code = await pkce.pending_code(conn, user_id)
            if code:
                return RedirectResponse(f"{redirect_to}{'&' if '?' in redirect_to else '?'}code={code}", 303)
            session = await start_session(ctx, conn, user_id, VERIFY_TYPES[params.type][1], action=action)
    except AuthError as error:
        fragment = urlencode({"error": "access_denied", "error_code": error.code,
                              "error_description": "Email link is invalid or has expired"})
        return RedirectResponse(f"{redirect_to}#{fragment}", 303)
    fragment = urlencode({
        "access_token": session["access_token"], "expires_at": session["expires_at"],
        "expires_in": session["expires_in"], "refresh_token": session["refresh_token"],
        "token_type": "bearer", "type": params.type,
    })
    return RedirectResponse(f"{redirect_to}#{fragment}", 303)


async def handle_post(ctx: AuthContext) -> dict[str, Any]:
    params = VerifyParams(
        type=text_field(ctx.body, "type"), token_hash=text_field(ctx.body, "token_hash"),
        email=text_field(ctx.body, "email"), code=text_field(ctx.body, "token"),
        redirect_to=allowed_redirect(ctx.settings, text_field(ctx.body, "redirect_to")),
    )
    params.validate()
    async with privileged_tx(ctx.pool) as conn:
        user_id, action = await _consume(ctx, conn, params)
        return await start_session(ctx, conn, user_id, VERIFY_TYPES[params.type][1], action=action)


async def _consume(ctx: AuthContext, conn: AsyncConnection, params: VerifyParams) -> tuple[str, str | None]:
    """Finds the user holding this token, checks its age, applies what it confirms.

    Returns the user id and the audit action of the session it opens: a first confirmation signs the user up, a
    later link signs in, and an email change is recorded as user_modified when it is applied."""
    columns, _ = VERIFY_TYPES[params.type]
    cur = conn.cursor(row_factory=dict_row)
    for token_column, sent_column in columns:
        await cur.execute(
            f"select *, {sent_column} < now() - make_interval(secs => %s) as token_expired"
            f" from auth.users where {token_column} = %s"
            + (" and (lower(email) = lower(%s) or lower(email_change) = lower(%s))" if params.email else "")
            + " for update",
            (OTP_EXPIRY_SECONDS, params.hashed, *((params.email, params.email) if params.email else ())),
        )
        user = await cur.fetchone()
        if user is not None:
            break
    else:
        raise forbidden("otp_expired", EXPIRED)
    if user["token_expired"]:
        raise forbidden("otp_expired", EXPIRED)
    user_id = str(user["id"])
    action: str | None = "login" if user["email_confirmed_at"] else "user_signedup"
    if token_column == "email_change_token_new":
        await _apply_email_change(conn, user_id, user["email_change"])
        await audit.record(conn, ctx, "user_modified", user_id)
        action = None
    elif token_column == "recovery_token":
        await conn.execute("update auth.users set recovery_token = null where id = %s", (user_id,))
    await mark_email_confirmed(conn, user_id)
    return user_id, action


async def _apply_email_change(conn: AsyncConnection, user_id: str, new_email: str) -> None:
    await conn.execute(
        "update auth.users set email = email_change, email_change = '', email_change_token_new = null,"
        " email_change_token_current = '', email_change_confirm_status = 0, updated_at = now() where id = %s",
        (user_id,),
    )
    await conn.execute(
        "update auth.users set is_anonymous = false,"
        " raw_app_meta_data = raw_app_meta_data || '{\"provider\": \"email\", \"providers\": [\"email\"]}'::jsonb"
        " where id = %s and is_anonymous", (user_id,))
    await add_email_identity(conn, user_id, new_email, verified=True)
