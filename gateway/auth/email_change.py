"""Changing a user's email address as GoTrue does.

A link (and code) goes to the new address and, with secure email change (the default), another to the current
one; the change applies only once both were followed (`email_change_confirm_status` counts the first). An
anonymous user adding an address with MAIL_AUTOCONFIRM gets it at once: GoTrue still asks a permanent user to
confirm a change even with autoconfirm on.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from psycopg import AsyncConnection

from gateway.auth import audit
from gateway.auth.context import AuthContext
from gateway.auth.errors import email_exists
from gateway.auth.hooks.points import send_email as send_email_hook
from gateway.auth.links import new_otp, token_hash, verify_link
from gateway.auth.mails import check_resend_window, queue_mail
from gateway.auth.users import add_email_identity, find_by_email, mark_email_confirmed
from gateway.mail.templates import auth_mail
from gateway.settings import Settings

SINGLE_CONFIRMATION_ACCEPTED = "Confirmation link accepted. Please proceed to confirm link sent to the other email"
TOKEN_COLUMNS = ("email_change_token_new", "email_change_token_current")


@dataclass(frozen=True)
class ChangeCode:
    to: str
    otp: str
    hashed: str
    template: str


async def ensure_available(conn: AsyncConnection, email: str, user_id: str) -> None:
    other = await find_by_email(conn, email)
    if other is not None and str(other["id"]) != str(user_id):
        raise email_exists()


async def store_codes(settings: Settings, conn: AsyncConnection, user: dict[str, Any], new_email: str,
                      which: tuple[str, ...] = ("new", "current")) -> dict[str, ChangeCode]:
    """New codes for the change (`new`, and `current` when secure) replacing earlier ones; a code not in `which`
    is kept, as admin links are generated one at a time. Either way the change needs its confirmations again."""
    codes = {}
    if "new" in which:
        codes["new"] = _code(settings, new_email, "email_change")
    if "current" in which and settings.mailer_secure_email_change_enabled and user["email"]:
        codes["current"] = _code(settings, user["email"], "email_change_current")
    hashes = {name: codes[name].hashed if name in codes else ("" if name in which else None) for name in ("new", "current")}
    await conn.execute(
        "update auth.users set email_change = %s, email_change_token_new = coalesce(%s, email_change_token_new),"
        " email_change_token_current = coalesce(%s, email_change_token_current), email_change_sent_at = now(),"
        " email_change_confirm_status = 0, updated_at = now() where id = %s",
        (new_email, hashes["new"], hashes["current"], user["id"]),
    )
    return codes


async def request(ctx: AuthContext, conn: AsyncConnection, user: dict[str, Any], new_email: str,
                  redirect_to: str) -> None:
    """PUT /user {email} and /resend {type: email_change}: mails the links, or applies at once (see above)."""
    await ensure_available(conn, new_email, user["id"])
    user_id = str(user["id"])
    if user["is_anonymous"] and ctx.settings.mail_autoconfirm:
        await conn.execute("update auth.users set email_change = %s where id = %s", (new_email, user_id))
        await apply(ctx, conn, user_id, new_email)
        return
    check_resend_window(ctx, user["email_change_sent_at"])
    codes = await store_codes(ctx.settings, conn, user, new_email)
    if await send_email_hook(ctx, conn, user_id, redirect_to=redirect_to, email_action_type="email_change",
                             **_hook_tokens(codes)):
        return
    for code in codes.values():
        link = verify_link(ctx.settings, code.hashed, "email_change", redirect_to)
        await queue_mail(ctx, conn, auth_mail(code.template, to=code.to, link=link, otp=code.otp,
                                     email=user["email"] or new_email, new_email=new_email))


async def confirm(ctx: AuthContext, conn: AsyncConnection, user: dict[str, Any], token_column: str) -> bool:
    """One followed link; True when it completed the change, False when the other link is still needed."""
    user_id = str(user["id"])
    secure = ctx.settings.mailer_secure_email_change_enabled
    if secure and user["email_change_confirm_status"] == 0 and user["email"]:
        await conn.execute(
            f"update auth.users set email_change_confirm_status = 1, {token_column} = '' where id = %s", (user_id,))
        return False
    await ensure_available(conn, user["email_change"], user_id)
    await apply(ctx, conn, user_id, user["email_change"])
    return True


async def apply(ctx: AuthContext, conn: AsyncConnection, user_id: str, new_email: str) -> None:
    await conn.execute(
        "update auth.users set email = email_change, email_change = '', email_change_token_new = '',"
        " email_change_token_current = '', email_change_confirm_status = 0, updated_at = now() where id = %s",
        (user_id,),
    )
    await conn.execute(
        "update auth.users set is_anonymous = false,"
        " raw_app_meta_data = raw_app_meta_data || '{\"provider\": \"email\", \"providers\": [\"email\"]}'::jsonb"
        " where id = %s and is_anonymous", (user_id,))
    await add_email_identity(conn, user_id, new_email, verified=True)
    await mark_email_confirmed(conn, user_id)
    await audit.record(conn, ctx, "user_modified", user_id)


def _hook_tokens(codes: dict[str, ChangeCode]) -> dict[str, str]:
    """GoTrue's email_data for a change, pairing kept as it has it: with both codes, `token` is the current address's
    code and `token_hash` the new one's hash (`token_new` / `token_hash_new` the other way round)."""
    new, current = codes["new"], codes.get("current")
    if current is None:
        return {"token": new.otp, "token_hash": new.hashed}
    return {"token": current.otp, "token_hash": new.hashed, "token_new": new.otp, "token_hash_new": current.hashed}


def _code(settings: Settings, address: str, template: str) -> ChangeCode:
    otp = new_otp(settings)
    return ChangeCode(to=address, otp=otp, hashed=token_hash(address, otp), template=template)
