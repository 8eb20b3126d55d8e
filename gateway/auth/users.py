"""auth.users rows: reading one as GoTrue's user JSON, creating one with its email identity."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

from psycopg import AsyncConnection
from psycopg.rows import dict_row

from gateway.database.transactions import one

# GoTrue's factor object, of the row `f` of auth.mfa_factors (a WebAuthn factor's authenticator model when known).
FACTOR_JSON = """(jsonb_build_object(
        'id', f.id, 'friendly_name', coalesce(f.friendly_name, ''), 'factor_type', f.factor_type,
        'status', f.status, 'created_at', f.created_at, 'updated_at', f.updated_at)
        || jsonb_strip_nulls(jsonb_build_object('web_authn_aaguid', f.web_authn_aaguid)))"""
# GoTrue's user object, built by PostgreSQL in one statement (identities and factors included; `factors` is left out
# when there are none, as GoTrue does: supabase-js reads a missing list as "no factors").
USER_JSON = """
    jsonb_build_object(
        'id', u.id, 'aud', coalesce(u.aud, ''), 'role', coalesce(u.role, ''),
        'email', coalesce(u.email, ''), 'email_confirmed_at', u.email_confirmed_at,
        'phone', coalesce(u.phone, ''), 'phone_confirmed_at', u.phone_confirmed_at,
        'confirmation_sent_at', u.confirmation_sent_at, 'confirmed_at', u.confirmed_at,
        'recovery_sent_at', u.recovery_sent_at, 'new_email', nullif(u.email_change, ''),
        'email_change_sent_at', u.email_change_sent_at, 'last_sign_in_at', u.last_sign_in_at,
        'app_metadata', u.raw_app_meta_data, 'user_metadata', u.raw_user_meta_data,
        'identities', coalesce((
            select jsonb_agg(jsonb_build_object(
                'identity_id', i.id, 'id', i.provider_id, 'user_id', i.user_id,
                'identity_data', i.identity_data, 'provider', i.provider, 'email', i.email,
                'last_sign_in_at', i.last_sign_in_at, 'created_at', i.created_at, 'updated_at', i.updated_at)
                order by i.created_at)
            from auth.identities i where i.user_id = u.id), '[]'::jsonb),
        'created_at', u.created_at, 'updated_at', u.updated_at,
        'banned_until', u.banned_until, 'is_anonymous', u.is_anonymous
    ) || case when u.invited_at is null then '{}'::jsonb else jsonb_build_object('invited_at', u.invited_at) end
      || coalesce((select jsonb_build_object('factors', jsonb_agg(""" + FACTOR_JSON + """ order by f.created_at))
                   from auth.mfa_factors f where f.user_id = u.id having count(*) > 0), '{}'::jsonb)
"""


async def user_json(conn: AsyncConnection, user_id: str) -> dict[str, Any] | None:
    cur = await conn.execute(f"select {USER_JSON} from auth.users u where u.id = %s", (user_id,))
    row = await cur.fetchone()
    return row[0] if row else None


async def find_by_email(conn: AsyncConnection, email: str, *, lock: bool = False) -> dict[str, Any] | None:
    cur = conn.cursor(row_factory=dict_row)
    await cur.execute(
        "select * from auth.users where lower(email) = lower(%s) and is_sso_user = false"
        + (" for update" if lock else ""),
        (email,),
    )
    return await cur.fetchone()


async def find_by_id(conn: AsyncConnection, user_id: str, *, lock: bool = False) -> dict[str, Any] | None:
    cur = conn.cursor(row_factory=dict_row)
    await cur.execute("select * from auth.users where id = %s" + (" for update" if lock else ""), (user_id,))
    return await cur.fetchone()


async def create_user(
    conn: AsyncConnection,
    *,
    email: str | None,
    password_hash: str | None,
    user_metadata: dict[str, Any],
    app_metadata: dict[str, Any] | None = None,
    confirmed: bool = False,
    anonymous: bool = False,
    user_id: str | None = None,
    email_identity: bool = True,
) -> str:
    """`email_identity` False: the user signs in through another provider, whose identity the caller adds."""
    app_meta = {**new_app_metadata(anonymous), **(app_metadata or {})}
    cur = await conn.execute(
        "insert into auth.users (instance_id, id, email, encrypted_password, email_confirmed_at, raw_app_meta_data,"
        " raw_user_meta_data, is_anonymous)"
        " values ('00000000-0000-0000-0000-000000000000', coalesce(%s::uuid, gen_random_uuid()), %s, %s,"
        " case when %s then now() end, %s, %s, %s) returning id",
        (user_id, email, password_hash, confirmed, json.dumps(app_meta), json.dumps(user_metadata), anonymous),
    )
    user_id = str(one(await cur.fetchone())[0])
    if email and email_identity:
        await add_email_identity(conn, user_id, email, verified=confirmed)
    return user_id


def new_app_metadata(anonymous: bool) -> dict[str, Any]:
    return {"provider": "anonymous" if anonymous else "email", "providers": [] if anonymous else ["email"]}


async def add_email_identity(conn: AsyncConnection, user_id: str, email: str, *, verified: bool) -> None:
    data = {"sub": user_id, "email": email, "email_verified": verified, "phone_verified": False}
    await conn.execute(
        "insert into auth.identities (provider_id, user_id, identity_data, provider) values (%s, %s, %s, 'email')"
        " on conflict (provider_id, provider) do update set identity_data = excluded.identity_data, updated_at = now()",
        (user_id, user_id, json.dumps(data)),
    )


async def mark_email_confirmed(conn: AsyncConnection, user_id: str) -> None:
    await conn.execute(
        "update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()), confirmation_token = null,"
        " updated_at = now() where id = %s",
        (user_id,),
    )
    await conn.execute(
        "update auth.identities set identity_data = identity_data || '{\"email_verified\": true}'::jsonb"
        " where user_id = %s and provider = 'email'",
        (user_id,),
    )


def is_banned(user: dict[str, Any]) -> bool:
    banned_until = user.get("banned_until")
    return banned_until is not None and banned_until > datetime.now(UTC)
