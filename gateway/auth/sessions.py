"""Sessions: starting one, minting its access token, rotating its refresh tokens, ending it."""

from __future__ import annotations

import ipaddress
import json
import secrets
import time
from typing import Any

from psycopg import AsyncConnection
from psycopg.rows import dict_row

from gateway.auth import audit
from gateway.auth.context import AuthContext
from gateway.auth.errors import AuthError, bad_request, session_not_found
from gateway.auth.hooks.points import customize_access_token
from gateway.auth.users import USER_JSON
from gateway.database import round_trip
from gateway.database.round_trip import Query
from gateway.database.transactions import one


class RefreshTokenReused(AuthError):
    """A revoked token presented after the reuse window: the caller must revoke the family in its own transaction."""

    def __init__(self, user_id: str, session_id: str):
        super().__init__(400, "refresh_token_already_used", "Invalid Refresh Token: Already Used")
        self.user_id = user_id
        self.session_id = session_id


def user_banned() -> AuthError:
    return bad_request("user_banned", "User is banned")


async def refuse_banned(conn: AsyncConnection, user_id: str) -> None:
    """Every session is started, raised or extended through here: a banned user gets none, whatever the path."""
    cur = await conn.execute("select banned_until > now() from auth.users where id = %s", (user_id,))
    row = await cur.fetchone()
    if row is not None and row[0]:
        raise user_banned()


def new_refresh_token() -> str:
    return secrets.token_urlsafe(16)


def amr_entry(method: str) -> dict[str, Any]:
    return {"method": method, "timestamp": int(time.time())}


def access_claims(ctx: AuthContext, user: dict[str, Any], session_id: str, aal: str, amr: list[dict]) -> dict:
    return user_claims(user, issuer=f"{ctx.settings.api_external_url}/auth/v1", lifetime=ctx.settings.jwt_exp,
                       session_id=session_id, aal=aal, amr=amr)


def user_claims(user: dict[str, Any], *, issuer: str, lifetime: int, session_id: str, aal: str,
                amr: list[dict]) -> dict:
    """The claims of a user's access token (GoTrue's shape), for the token and for `gateway policies test`."""
    issued = int(time.time())
    return {
        "iss": issuer,
        "aud": user.get("aud") or "authenticated",
        "exp": issued + lifetime,
        "iat": issued,
        "sub": user["id"],
        "email": user.get("email") or "",
        "phone": user.get("phone") or "",
        "app_metadata": user.get("app_metadata") or {},
        "user_metadata": user.get("user_metadata") or {},
        "role": user.get("role") or "authenticated",
        "aal": aal,
        "amr": amr,
        "session_id": session_id,
        "is_anonymous": bool(user.get("is_anonymous")),
    }


async def session_response(
    ctx: AuthContext, conn: AsyncConnection, user_id: str, session_id: str, refresh_token: str, method: str,
) -> dict[str, Any]:
    """The token response; `method` is GoTrue's authentication method, which the custom access token hook sees."""
    cur = await conn.execute(f"select s.aal, s.amr, {USER_JSON} from auth.sessions s join auth.users u"
                             " on u.id = s.user_id where s.id = %s and s.user_id = %s", (session_id, user_id))
    aal, amr, user = one(await cur.fetchone())
    claims = access_claims(ctx, user, session_id, aal, amr)
    return token_response(ctx, user, claims, await customize_access_token(ctx, conn, claims, method), refresh_token)


def token_response(ctx: AuthContext, user: dict[str, Any], claims: dict[str, Any], signed_claims: dict[str, Any],
                   refresh_token: str) -> dict[str, Any]:
    return {
        "access_token": ctx.keys.sign_access_token(signed_claims),
        "token_type": "bearer",
        "expires_in": ctx.settings.jwt_exp,
        "expires_at": claims["exp"],
        "refresh_token": refresh_token,
        "user": user,
    }


async def start_session(
    ctx: AuthContext, conn: AsyncConnection, user_id: str, method: str,
    *, action: str | None, traits: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """A new aal1 session; `action` names the audit entry it is recorded under (None when the caller records)."""
    await refuse_banned(conn, user_id)
    cur = await conn.execute(
        "insert into auth.sessions (user_id, aal, amr, user_agent, ip) values (%s, 'aal1', %s, %s, %s) returning id",
        (user_id, json.dumps([amr_entry(method)]), ctx.user_agent, inet_or_none(ctx.ip)),
    )
    session_id = str(one(await cur.fetchone())[0])
    refresh_token = await _insert_refresh_token(conn, user_id, session_id, parent=None)
    await conn.execute("update auth.users set last_sign_in_at = now() where id = %s", (user_id,))
    if action:
        await audit.record(conn, ctx, action, user_id, traits=traits, session_id=session_id)
    return await session_response(ctx, conn, user_id, session_id, refresh_token, method)


async def raise_to_aal2(
    ctx: AuthContext, conn: AsyncConnection, factor_id: str, method: str = "totp",
) -> dict[str, Any]:
    """A verified second factor lifts the caller's session to aal2, with a new refresh token (the old ones end);
    `method` is the factor's amr entry (GoTrue: totp, mfa/webauthn)."""
    # require_user has found the token's session, so the claim is there.
    session_id: str = ctx.claims["session_id"]
    cur = await conn.execute(
        "update auth.sessions set aal = 'aal2', factor_id = %s, amr = amr || %s::jsonb, updated_at = now()"
        " where id = %s returning user_id",
        (factor_id, json.dumps([amr_entry(method)]), session_id),
    )
    row = await cur.fetchone()
    if row is None:
        raise session_not_found()
    user_id = str(row[0])
    await refuse_banned(conn, user_id)
    await revoke_family(conn, session_id)
    refresh_token = await _insert_refresh_token(conn, user_id, session_id, parent=None)
    return await session_response(ctx, conn, user_id, session_id, refresh_token, method)


# rotate's common case as one statement: the presented token is unused and its user is not banned. It is revoked,
# its session marked refreshed (with the caller's user agent and address, as GoTrue's UpdateOnlyRefreshInfo), its
# child inserted, GoTrue's two audit entries (token_refreshed, then token_revoked) added, and the session's aal and
# amr and its user's JSON returned. No row: rotate decides. A concurrent rotation of the same token waits for the
# row lock, then finds it revoked (no row).
ROTATE_UNUSED = Query.of(f"""
with rotated as (
  update auth.refresh_tokens t set revoked = true, updated_at = now()
  where t.token = %(presented)s and not t.revoked
    and not exists (select 1 from auth.users b where b.id = t.user_id and b.banned_until > now())
  returning t.user_id, t.session_id
), refreshed as (
  update auth.sessions s set refreshed_at = now(), updated_at = now(), user_agent = %(user_agent)s,
    ip = %(ip_address)s
  from rotated r where s.id = r.session_id
  returning s.id, s.user_id, s.aal, s.amr
), child as (
  insert into auth.refresh_tokens (token, user_id, session_id, parent)
  select %(child)s, user_id, session_id, %(presented)s from rotated
), entries as (
  insert into auth.audit_log_entries (payload, ip_address)
  select ({audit.ACTOR} || e.event || jsonb_build_object('session_id', r.session_id))::json, %(ip)s
  from rotated r join auth.users u on u.id = r.user_id,
       (values (1, %(refreshed)s::jsonb), (2, %(revoked)s::jsonb)) e (n, event)
  order by e.n
)
select s.id::text, s.aal, s.amr, {USER_JSON} from refreshed s join auth.users u on u.id = s.user_id
""")


async def rotate_unused(ctx: AuthContext, conn: AsyncConnection, presented: str) -> dict[str, Any] | None:
    """The token response of rotating an unused refresh token in one statement (ROTATE_UNUSED, on an autocommit
    connection, sent on libpq directly: one round trip); None when the token is not that, and rotate has to decide
    in a transaction."""
    child = new_refresh_token()
    [row] = await round_trip.first_rows(conn, [(ROTATE_UNUSED, {
        "presented": presented, "child": child, "ip": audit.ip_address(ctx),
        "user_agent": ctx.user_agent, "ip_address": inet_or_none(ctx.ip),
        "refreshed": json.dumps(audit.event("token_refreshed")), "revoked": json.dumps(audit.event("token_revoked")),
    })])
    if not row:
        return None
    session_id, aal, amr, user = row
    claims = access_claims(ctx, user, session_id, aal, amr)
    return token_response(ctx, user, claims, claims, child)


async def rotate(ctx: AuthContext, conn: AsyncConnection, presented: str) -> dict[str, Any]:
    cur = conn.cursor(row_factory=dict_row)
    await cur.execute(
        "select *, extract(epoch from now() - updated_at) as revoked_for from auth.refresh_tokens"
        " where token = %s for update",
        (presented,),
    )
    row = await cur.fetchone()
    if row is None:
        raise bad_request("refresh_token_not_found", "Invalid Refresh Token: Refresh Token Not Found")
    user_id, session_id = str(row["user_id"]), str(row["session_id"])
    await refuse_banned(conn, user_id)
    if row["revoked"]:
        active = await _active_token(conn, session_id)
        # A client that lost the response to its refresh may ask again briefly and get the same child back.
        if active and row["revoked_for"] < ctx.settings.refresh_token_reuse_interval:
            return await session_response(ctx, conn, user_id, session_id, active, "token_refresh")
        raise RefreshTokenReused(user_id, session_id)
    await conn.execute("update auth.refresh_tokens set revoked = true, updated_at = now() where id = %s", (row["id"],))
    await conn.execute("update auth.sessions set refreshed_at = now(), updated_at = now(), user_agent = %s, ip = %s"
                       " where id = %s", (ctx.user_agent, inet_or_none(ctx.ip), session_id))
    child = await _insert_refresh_token(conn, user_id, session_id, parent=presented)
    await audit.record(conn, ctx, "token_refreshed", user_id, session_id=session_id)
    await audit.record(conn, ctx, "token_revoked", user_id, session_id=session_id)
    return await session_response(ctx, conn, user_id, session_id, child, "token_refresh")


async def revoke_family(conn: AsyncConnection, session_id: str) -> None:
    await conn.execute("update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = %s",
                       (session_id,))


async def end_sessions(conn: AsyncConnection, user_id: str, session_id: str | None, scope: str) -> None:
    if scope == "local":
        await conn.execute("delete from auth.sessions where id = %s and user_id = %s", (session_id, user_id))
    elif scope == "others":
        await conn.execute("delete from auth.sessions where user_id = %s and id is distinct from %s",
                           (user_id, session_id))
    else:
        await conn.execute("delete from auth.sessions where user_id = %s", (user_id,))


async def _active_token(conn: AsyncConnection, session_id: str) -> str | None:
    cur = await conn.execute(
        "select token from auth.refresh_tokens where session_id = %s and not revoked order by id desc limit 1",
        (session_id,),
    )
    row = await cur.fetchone()
    return row[0] if row else None


async def _insert_refresh_token(conn: AsyncConnection, user_id: str, session_id: str, parent: str | None) -> str:
    token = new_refresh_token()
    await conn.execute(
        "insert into auth.refresh_tokens (token, user_id, session_id, parent) values (%s, %s, %s, %s)",
        (token, user_id, session_id, parent),
    )
    return token


def inet_or_none(ip: str) -> str | None:
    try:
        return str(ipaddress.ip_address(ip))
    except ValueError:
        return None
