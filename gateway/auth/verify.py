"""GET /verify (the link in a mail: 303 to redirect_to with the session) and POST /verify (a code or token hash)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote_plus, urlencode

from fastapi.responses import RedirectResponse
from psycopg import AsyncConnection
from psycopg.rows import dict_row

from gateway.auth import email_change, pkce
from gateway.auth.context import AuthContext, check_email, text_field
from gateway.auth.errors import AuthError, forbidden, unprocessable, validation_failed
from gateway.auth.links import allowed_redirect, token_hash
from gateway.auth.sessions import start_session
from gateway.auth.users import is_banned, mark_email_confirmed
from gateway.database.transactions import privileged_tx

EMAIL_CHANGE_COLUMNS = (("email_change_token_new", "email_change_sent_at"),
                        ("email_change_token_current", "email_change_sent_at"))
# type -> (token columns to look in, sent-at column per token column, amr method)
VERIFY_TYPES: dict[str, tuple[tuple[tuple[str, str], ...], str]] = {
    "signup": ((("confirmation_token", "confirmation_sent_at"),), "otp"),
    "invite": ((("confirmation_token", "confirmation_sent_at"),), "invite"),
    "recovery": ((("recovery_token", "recovery_sent_at"),), "recovery"),
    "magiclink": ((("recovery_token", "recovery_sent_at"),), "magiclink"),
    "email_change": (EMAIL_CHANGE_COLUMNS, "email_change"),
    "email": ((("confirmation_token", "confirmation_sent_at"), ("recovery_token", "recovery_sent_at")), "otp"),
}
E164 = re.compile(r"[1-9]\d{1,14}")
EXPIRED = "Token has expired or is invalid"
LINK_EXPIRED = "Email link is invalid or has expired"
# GoTrue's error parameter for a failed link, by HTTP status.
OAUTH_ERRORS = {400: "invalid_request", 401: "unauthorized_client", 403: "access_denied", 500: "server_error"}


@dataclass(frozen=True)
class Consumed:
    """What a followed link did: whose it was, the audit action of the session it opens (None when the change it
    applied was recorded already), or that the other email-change link is still needed."""

    user_id: str
    action: str | None = None
    awaiting_other_link: bool = False


@dataclass
class VerifyParams:
    type: str
    token_hash: str
    email: str
    code: str
    redirect_to: str
    phone: str = ""

    def validate_get(self) -> None:
        """GET /verify carries the hash as `token`; GoTrue's checks and messages, in its order."""
        if not self.type:
            raise validation_failed("Verify requires a verification type")
        if not self.token_hash:
            raise validation_failed("Verify requires a token or a token hash")
        self._check_hash_type()

    def validate_post(self, body_redirect_to: str) -> None:
        if not self.type:
            raise validation_failed("Verify requires a verification type")
        if bool(self.code) == bool(self.token_hash):
            raise validation_failed("Verify requires either a token or a token hash")
        if self.token_hash:
            if self.email or self.phone or body_redirect_to:
                raise validation_failed("Only the token_hash and type should be provided")
            self._check_hash_type()
            return
        if self.phone and not self.email:
            if not E164.fullmatch(self.phone.removeprefix("+").replace(" ", "")):
                raise validation_failed("Invalid phone number format (E.164 required)")
            raise self.expired()  # no user signs in by phone here, so no phone code is valid
        if not self.email or self.phone:
            raise validation_failed("Only an email address or phone number should be provided on verify")
        try:
            self.email = check_email(self.email)
        except AuthError:
            raise unprocessable("validation_failed", "Invalid email format") from None
        if self.type not in VERIFY_TYPES:
            raise self.expired()  # GoTrue looks the code up and finds no column of that type holding it

    def _check_hash_type(self) -> None:
        if self.type not in VERIFY_TYPES:
            raise validation_failed("Invalid email verification type")

    def expired(self) -> AuthError:
        return forbidden("otp_expired", LINK_EXPIRED if self.token_hash else EXPIRED)

    @property
    def hashed(self) -> str:
        return self.token_hash or token_hash(self.email, self.code)


async def handle_get(ctx: AuthContext) -> RedirectResponse:
    redirect_to = allowed_redirect(ctx.settings, ctx.query.get("redirect_to"))
    params = VerifyParams(type=ctx.query.get("type", ""), token_hash=ctx.query.get("token", ""),
                          email="", code="", redirect_to=redirect_to)
    params.validate_get()
    try:
        async with privileged_tx(ctx.pool) as conn:
            consumed = await _consume(ctx, conn, params)
            if consumed.awaiting_other_link:
                return RedirectResponse(f"{redirect_to}#message={quote_plus(email_change.SINGLE_CONFIRMATION_ACCEPTED)}", 303)
            code = await pkce.pending_code(conn, consumed.user_id)
            if code:
                return RedirectResponse(f"{redirect_to}{'&' if '?' in redirect_to else '?'}code={code}", 303)
            session = await start_session(ctx, conn, consumed.user_id, VERIFY_TYPES[params.type][1],
                                          action=consumed.action)
    except AuthError as error:
        fragment = urlencode({"error": OAUTH_ERRORS.get(error.status, "access_denied"), "error_code": error.code,
                              "error_description": error.message})
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
        email=text_field(ctx.body, "email"), code=text_field(ctx.body, "token"), phone=text_field(ctx.body, "phone"),
        redirect_to=allowed_redirect(ctx.settings, text_field(ctx.body, "redirect_to")),
    )
    params.validate_post(text_field(ctx.body, "redirect_to"))
    async with privileged_tx(ctx.pool) as conn:
        consumed = await _consume(ctx, conn, params)
        if consumed.awaiting_other_link:
            return {"msg": email_change.SINGLE_CONFIRMATION_ACCEPTED, "code": "200"}
        return await start_session(ctx, conn, consumed.user_id, VERIFY_TYPES[params.type][1], action=consumed.action)


async def _consume(ctx: AuthContext, conn: AsyncConnection, params: VerifyParams) -> Consumed:
    """Finds the user holding this token, checks its age, and applies what it confirms."""
    columns, _ = VERIFY_TYPES[params.type]
    cur = conn.cursor(row_factory=dict_row)
    for token_column, sent_column in columns:
        await cur.execute(
            f"select *, {sent_column} < now() - make_interval(secs => %s) as token_expired"
            f" from auth.users where {token_column} = %s"
            + (" and (lower(email) = lower(%s) or lower(email_change) = lower(%s))" if params.email else "")
            + " for update",
            (ctx.settings.mail_otp_expiry, params.hashed, *((params.email, params.email) if params.email else ())),
        )
        user = await cur.fetchone()
        if user is not None:
            break
    else:
        raise params.expired()
    # GoTrue refuses a banned user's link before using it; start_session would refuse it too, but later.
    if is_banned(user):
        raise forbidden("user_banned", "User is banned")
    if user["token_expired"]:
        raise params.expired()
    user_id = str(user["id"])
    if token_column in email_change.TOKEN_COLUMNS:
        completed = await email_change.confirm(ctx, conn, user, token_column)
        return Consumed(user_id, awaiting_other_link=not completed)
    if token_column == "recovery_token":
        await conn.execute("update auth.users set recovery_token = null where id = %s", (user_id,))
    await mark_email_confirmed(conn, user_id)
    return Consumed(user_id, "login" if user["email_confirmed_at"] else "user_signedup")
