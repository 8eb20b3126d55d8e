"""POST /invite (admin `inviteUserByEmail`): a user created, or an unconfirmed one found, and the invite mail."""

from __future__ import annotations

from typing import Any

from gateway.auth import audit
from gateway.auth.admin import link_account
from gateway.auth.context import AuthContext, check_email, text_field
from gateway.auth.links import allowed_redirect
from gateway.auth.mails import send_link_mail
from gateway.auth.users import find_by_email, user_json
from gateway.database.transactions import one, privileged_tx


async def handle(ctx: AuthContext) -> dict[str, Any]:
    email = check_email(text_field(ctx.body, "email"))
    redirect_to = allowed_redirect(ctx.settings, ctx.query.get("redirect_to") or text_field(ctx.body, "redirect_to"))
    async with privileged_tx(ctx.pool) as conn:
        user = await link_account(ctx, conn, await find_by_email(conn, email, lock=True), email, "invite")
        await audit.record_admin(conn, ctx, "user_invited", user)
        await send_link_mail(ctx, conn, user, "invite", redirect_to)
        await conn.execute("update auth.users set invited_at = now() where id = %s", (user["id"],))
        return one(await user_json(conn, str(user["id"])))
