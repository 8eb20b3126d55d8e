"""Which user a provider's sign-in belongs to, as GoTrue decides it (DetermineAccountLinking): the user already
holding the identity; else the one user whose address matches one the provider verified; else a new user. An
address the provider did not verify links to nobody."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from psycopg import AsyncConnection
from psycopg.rows import dict_row

from gateway.auth import audit
from gateway.auth.context import AuthContext
from gateway.auth.errors import AuthError, forbidden, unprocessable
from gateway.auth.external.provider_user import ProviderUser
from gateway.auth.hooks.points import before_user_created
from gateway.auth.users import create_user, find_by_id, is_banned, mark_email_confirmed


@dataclass(frozen=True)
class SignIn:
    """The user signed in, or (with `refusal`) the user kept while the sign-in is refused: GoTrue commits an account
    made from an unverified address, then answers that the address needs verifying."""

    user_id: str
    refusal: AuthError | None = None


async def sign_in(ctx: AuthContext, conn: AsyncConnection, provider: str, person: ProviderUser,
                  email_optional: bool) -> SignIn:
    if not person.emails and not email_optional:
        raise AuthError(500, "unexpected_failure", "Error getting user email from external provider")
    autoconfirm = ctx.settings.mail_autoconfirm
    chosen = person.chosen_email
    candidate = chosen.address.lower() if chosen and chosen.primary else None
    identity_user = await identity_owner(conn, provider, person.subject)
    if identity_user is not None:
        user_id = identity_user
        await conn.execute("update auth.identities set identity_data = %s, last_sign_in_at = now(), updated_at = now()"
                           " where provider = %s and provider_id = %s",
                           (json.dumps(person.identity_data), provider, person.subject))
        await merge_user_metadata(conn, user_id, person.identity_data)
    else:
        verified = [e.address.lower() for e in person.emails if e.verified or autoconfirm]
        owners = await _owners_of(conn, verified) if verified else []
        if len(owners) > 1:
            raise AuthError(500, "unexpected_failure",
                            "Multiple accounts with the same email address in the same linking domain detected: default")
        if owners:
            user_id = owners[0]
            await add_identity(conn, user_id, provider, person)
            await merge_user_metadata(conn, user_id, person.identity_data)
            await audit.record(conn, ctx, "identity_linked", user_id, traits={"provider": provider})
        else:
            if candidate and not verified and await _owners_of(conn, [candidate]):
                candidate = None  # an unverified address that another account holds is not this user's
            user_id = await _create(ctx, conn, provider, person, candidate)
    await update_providers(conn, user_id)
    user = await find_by_id(conn, user_id, lock=True)
    assert user is not None
    if is_banned(user):
        raise forbidden("user_banned", "User is banned")
    has_email = not (email_optional and not candidate)
    if has_email and user["email_confirmed_at"] is None:
        await conn.execute("delete from auth.identities where user_id = %s and not (provider = %s and provider_id = %s)",
                           (user_id, provider, person.subject))
        await conn.execute("update auth.users set encrypted_password = null where id = %s", (user_id,))
        if chosen is not None and (chosen.verified or autoconfirm) and user["email"]:
            await mark_email_confirmed(conn, user_id)
            await audit.record(conn, ctx, "user_signedup", user_id, traits={"provider": provider})
            return SignIn(user_id)
        return SignIn(user_id, unprocessable(
            "provider_email_needs_verification",
            f"Unverified email with {provider}. Verify the email with {provider} in order to sign in"))
    await audit.record(conn, ctx, "login", user_id, traits={"provider": provider})
    return SignIn(user_id)


async def add_identity(conn: AsyncConnection, user_id: str, provider: str, person: ProviderUser) -> str:
    cur = await conn.execute(
        "insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at)"
        " values (%s, %s, %s, %s, now()) returning id",
        (person.subject, user_id, json.dumps(person.identity_data), provider))
    row = await cur.fetchone()
    assert row is not None
    return str(row[0])


async def merge_user_metadata(conn: AsyncConnection, user_id: str, data: dict[str, Any]) -> None:
    await conn.execute("update auth.users set raw_user_meta_data = coalesce(raw_user_meta_data, '{}') || %s::jsonb,"
                       " updated_at = now() where id = %s", (json.dumps(data), user_id))


async def update_providers(conn: AsyncConnection, user_id: str) -> None:
    """app_metadata.providers: every provider the user has an identity with, as GoTrue keeps it."""
    await conn.execute(
        "update auth.users u set raw_app_meta_data = coalesce(u.raw_app_meta_data, '{}') || jsonb_build_object("
        " 'providers', coalesce((select jsonb_agg(p.provider order by p.first) from (select provider,"
        " min(created_at) as first from auth.identities where user_id = u.id group by provider) p), '[]'::jsonb))"
        " where u.id = %s", (user_id,))


async def identity_owner(conn: AsyncConnection, provider: str, subject: str) -> str | None:
    cur = await conn.execute("select user_id from auth.identities where provider = %s and provider_id = %s",
                             (provider, subject))
    row = await cur.fetchone()
    return str(row[0]) if row else None


async def _owners_of(conn: AsyncConnection, emails: list[str]) -> list[str]:
    """The users holding one of these addresses, through an identity or as their own address."""
    cur = await conn.cursor(row_factory=dict_row).execute(
        "select distinct id from (select user_id as id from auth.identities where email = any(%s)"
        " union select id from auth.users where lower(email) = any(%s) and not is_sso_user) owners",
        (emails, emails))
    return [str(row["id"]) for row in await cur.fetchall()]


async def _create(ctx: AuthContext, conn: AsyncConnection, provider: str, person: ProviderUser,
                  email: str | None) -> str:
    if ctx.settings.disable_signup:
        raise unprocessable("signup_disabled", "Signups not allowed for this instance")
    user_id = await before_user_created(ctx, email=email, user_metadata=person.identity_data)
    user_id = await create_user(conn, email=email, password_hash=None, user_metadata=person.identity_data,
                                app_metadata={"provider": provider, "providers": [provider]}, user_id=user_id,
                                email_identity=False)
    await add_identity(conn, user_id, provider, person)
    return user_id
