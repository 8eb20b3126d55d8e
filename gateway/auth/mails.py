"""Sending an auth mail: a fresh code, its hash stored on the user, the link, and the per-user resend window."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from psycopg import AsyncConnection

from gateway.auth import audit
from gateway.auth.context import AuthContext
from gateway.auth.errors import AuthError
from gateway.auth.hooks.points import send_email as send_email_hook
from gateway.auth.links import new_otp, token_hash, verify_link
from gateway.mail.mailer import Mail
from gateway.mail.templates import auth_mail

# kind -> (token column, sent-at column); GoTrue keeps magic links in the recovery columns.
TOKEN_COLUMNS = {
    "signup": ("confirmation_token", "confirmation_sent_at"),
    "invite": ("confirmation_token", "confirmation_sent_at"),
    "recovery": ("recovery_token", "recovery_sent_at"),
    "magiclink": ("recovery_token", "recovery_sent_at"),
}
# kind -> (audit action, traits) recorded when such a mail is sent, as GoTrue records them.
MAIL_AUDIT = {
    "signup": ("user_confirmation_requested", {"provider": "email"}),
    "recovery": ("user_recovery_requested", None),
    "magiclink": ("user_recovery_requested", None),
}


def check_resend_window(ctx: AuthContext, sent_at: datetime | None) -> None:
    """GoTrue's per-user mail frequency limit: one mail of a kind per SMTP_MAX_FREQUENCY (60 s by default)."""
    if sent_at is None:
        return
    window = ctx.settings.mail_max_frequency
    elapsed = (datetime.now(UTC) - sent_at).total_seconds()
    if elapsed < window:
        wait = int(window - elapsed) + 1
        raise AuthError(429, "over_email_send_rate_limit",
                        f"For security purposes, you can only request this after {wait} seconds.")


async def store_token(ctx: AuthContext, conn: AsyncConnection, user_id: str, kind: str,
                      address: str) -> tuple[str, str]:
    """Stores the hash of a new code for `kind`; returns (code, hash)."""
    otp = new_otp(ctx.settings)
    hashed = token_hash(address, otp)
    token_column, sent_column = TOKEN_COLUMNS[kind]
    await conn.execute(
        f"update auth.users set {token_column} = %s, {sent_column} = now(), updated_at = now() where id = %s",
        (hashed, user_id),
    )
    return otp, hashed


async def queue_mail(ctx: AuthContext, conn: AsyncConnection, mail: Mail) -> None:
    """The mail joins the transaction that stores its token; the request wakes the delivery worker after commit,
    so no request waits for (or holds a database connection during) a slow mail server."""
    await ctx.mailer.enqueue(conn, mail)
    ctx.mail_queued = True


async def send_link_mail(ctx: AuthContext, conn: AsyncConnection, user: dict[str, Any], kind: str,
                         redirect_to: str) -> None:
    check_resend_window(ctx, user.get(TOKEN_COLUMNS[kind][1]))
    otp, hashed = await store_token(ctx, conn, str(user["id"]), kind, user["email"])
    if not await send_email_hook(ctx, conn, str(user["id"]), token=otp, token_hash=hashed, redirect_to=redirect_to,
                                 email_action_type=kind):
        link = verify_link(ctx.settings, hashed, kind, redirect_to)
        await queue_mail(ctx, conn, auth_mail(kind, to=user["email"], link=link, otp=otp))
    if kind in MAIL_AUDIT:
        action, traits = MAIL_AUDIT[kind]
        await audit.record(conn, ctx, action, str(user["id"]), traits=traits)
