"""POST /recover, POST /otp and POST /resend: mails that answer `{}` whether or not the address has an account."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any

from psycopg import AsyncConnection

from gateway.auth import email_change, pkce
from gateway.auth.context import AuthContext, check_email, object_field, text_field
from gateway.auth.errors import unprocessable, validation_failed
from gateway.auth.links import allowed_redirect
from gateway.auth.mails import check_resend_window, send_link_mail
from gateway.auth.users import create_user, find_by_email
from gateway.database.transactions import privileged_tx

RESEND_TYPES = ("signup", "email_change")


@dataclass
class EmailParams:
    email: str
    redirect_to: str
    code_challenge: str
    code_challenge_method: str | None

    @classmethod
    def from_context(cls, ctx: AuthContext) -> EmailParams:
        if text_field(ctx.body, "phone") and not text_field(ctx.body, "email"):
            raise unprocessable("phone_provider_disabled", "Unsupported phone provider")
        email = text_field(ctx.body, "email")
        if not email:
            raise validation_failed("An email address is required")
        options = object_field(ctx.body, "options")
        redirect = ctx.query.get("redirect_to") or text_field(ctx.body, "redirect_to") or options.get("redirect_to")
        challenge = text_field(ctx.body, "code_challenge")
        return cls(
            email=check_email(email),
            redirect_to=allowed_redirect(ctx.settings, redirect),
            code_challenge=challenge,
            code_challenge_method=pkce.check_challenge_params(challenge, text_field(ctx.body, "code_challenge_method")),
        )


async def handle_recover(ctx: AuthContext) -> dict[str, Any]:
    params = EmailParams.from_context(ctx)
    async with privileged_tx(ctx.pool) as conn:
        user = await find_by_email(conn, params.email, lock=True)
        if user is not None:
            await _maybe_pkce(conn, params, str(user["id"]), "recovery")
            await send_link_mail(ctx, conn, user, "recovery", params.redirect_to)
        else:
            await _hold_address_without_account(ctx, conn, params.email)
    return {}


async def _hold_address_without_account(ctx: AuthContext, conn: AsyncConnection, email: str) -> None:
    """The per-address window of an account's recovery mail, for an address without an account, so that a
    second request answers the same 429 either way and /recover does not tell who has an account."""
    address_hash = hashlib.sha256(email.encode()).hexdigest()
    window = {"hash": address_hash, "secs": ctx.settings.mail_max_frequency}
    await conn.execute("delete from auth.recovery_requests_without_account"
                       " where requested_at < now() - make_interval(secs => %(secs)s)", window)
    cur = await conn.execute("insert into auth.recovery_requests_without_account (address_hash)"
                             " values (%(hash)s) on conflict (address_hash) do nothing returning requested_at", window)
    if await cur.fetchone() is None:
        cur = await conn.execute("select requested_at from auth.recovery_requests_without_account"
                                 " where address_hash = %(hash)s", window)
        row = await cur.fetchone()
        # None: a concurrent request removed the entry, which had outlived the window.
        if row is not None:
            check_resend_window(ctx, row[0])


async def handle_otp(ctx: AuthContext) -> dict[str, Any]:
    """A magic link (and code) for an existing account; with create_user (the default) a new account is made."""
    params = EmailParams.from_context(ctx)
    create = ctx.body.get("create_user", True) is not False
    data = object_field(ctx.body, "data")
    async with privileged_tx(ctx.pool) as conn:
        user = await find_by_email(conn, params.email, lock=True)
        if user is None:
            if not create:
                raise unprocessable("otp_disabled", "Signups not allowed for otp")
            if ctx.settings.disable_signup:
                raise unprocessable("signup_disabled", "Signups not allowed for this instance")
            user_id = await create_user(conn, email=params.email, password_hash=None, user_metadata=data)
            user = {"id": user_id, "email": params.email, "confirmation_sent_at": None, "recovery_sent_at": None}
        kind = "magiclink" if user.get("email_confirmed_at") else "signup"
        await _maybe_pkce(conn, params, str(user["id"]), kind)
        await send_link_mail(ctx, conn, user, kind, params.redirect_to)
    return {}


async def handle_resend(ctx: AuthContext) -> dict[str, Any]:
    kind = text_field(ctx.body, "type")
    if kind not in RESEND_TYPES:
        raise validation_failed("Missing one of these types: signup, email_change")
    params = EmailParams.from_context(ctx)
    async with privileged_tx(ctx.pool) as conn:
        user = await find_by_email(conn, params.email, lock=True)
        if kind == "signup" and user is not None and user["email_confirmed_at"] is None:
            await send_link_mail(ctx, conn, user, "signup", params.redirect_to)
        elif kind == "email_change" and user is not None and user["email_change"]:
            await email_change.request(ctx, conn, user, user["email_change"], params.redirect_to)
    return {}


async def _maybe_pkce(conn, params: EmailParams, user_id: str, kind: str) -> None:
    if params.code_challenge_method:
        await pkce.start_flow(conn, user_id, params.code_challenge, params.code_challenge_method, kind)
