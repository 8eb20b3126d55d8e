"""Manual linking (`[auth] enable_manual_linking`): a signed-in user adds a provider's identity (linkIdentity,
which also makes an anonymous user permanent) or removes one of theirs (unlinkIdentity), as GoTrue does."""

from __future__ import annotations

from typing import Any

from psycopg import AsyncConnection

from gateway.auth import audit
from gateway.auth.context import AuthContext
from gateway.auth.errors import not_found, unprocessable
from gateway.auth.external.accounts import add_identity, identity_owner, update_providers
from gateway.auth.external.provider_user import ProviderUser
from gateway.auth.guards import is_uuid, lock_caller
from gateway.auth.users import find_by_id
from gateway.database.transactions import privileged_tx


async def link(ctx: AuthContext, conn: AsyncConnection, user_id: str, provider: str, person: ProviderUser) -> str:
    user = await find_by_id(conn, user_id, lock=True)
    if user is None:
        raise unprocessable("user_not_found", "Linking target user not found")
    owner = await identity_owner(conn, provider, person.subject)
    if owner == user_id:
        raise unprocessable("identity_already_exists", "Identity is already linked")
    if owner is not None:
        raise unprocessable("identity_already_exists", "Identity is already linked to another user")
    await add_identity(conn, user_id, provider, person)
    chosen = person.chosen_email
    if not user["email"] and chosen is not None:
        await conn.execute(
            "update auth.users set email = %s, email_confirmed_at = case when %s then now() end where id = %s",
            (chosen.address.lower(), chosen.verified, user_id))
    if user["is_anonymous"]:
        await conn.execute("update auth.users set is_anonymous = false, raw_app_meta_data ="
                           " raw_app_meta_data || jsonb_build_object('provider', %s::text) where id = %s",
                           (provider, user_id))
    await update_providers(conn, user_id)
    await audit.record(conn, ctx, "identity_linked", user_id, traits={"provider": provider})
    return user_id


async def unlink(ctx: AuthContext) -> dict[str, Any]:
    if not ctx.settings.manual_linking_enabled:
        raise not_found("manual_linking_disabled", "Manual linking is disabled")
    identity_id = ctx.path_param("identity_id")
    if not is_uuid(identity_id):
        raise not_found("validation_failed", "identity_id must be an UUID")
    async with privileged_tx(ctx.pool) as conn:
        user = await lock_caller(ctx, conn)
        cur = await conn.execute("select id, provider from auth.identities where user_id = %s", (user["id"],))
        identities = await cur.fetchall()
        if len(identities) <= 1:
            raise unprocessable("single_identity_not_deletable", "User must have at least 1 identity after unlinking")
        unlinked = next((row for row in identities if str(row[0]) == identity_id), None)
        if unlinked is None:
            raise unprocessable("identity_not_found", "Identity doesn't exist")
        await conn.execute("delete from auth.identities where id = %s", (identity_id,))
        await update_providers(conn, ctx.user_id)
        await audit.record(conn, ctx, "identity_unlinked", ctx.user_id, traits={"provider": unlinked[1]})
    return {}
