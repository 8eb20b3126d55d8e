"""Guards named in the route table: who may call an endpoint, decided before its handler runs."""

from __future__ import annotations

import uuid
from typing import Any

from psycopg import AsyncConnection

from gateway.auth.context import AuthContext
from gateway.auth.errors import AuthError, forbidden, session_not_found, user_not_found
from gateway.auth.users import find_by_id
from gateway.claims import RoleNotAllowed, bearer_token, verify_api_token
from gateway.jwt_keys import ExpiredToken, InvalidToken


def is_uuid(value: Any) -> bool:
    try:
        uuid.UUID(str(value))
    except ValueError:
        return False
    return value is not None


def _verified_claims(ctx: AuthContext, also_roles: tuple[str, ...] = ()) -> dict:
    token = bearer_token(ctx.request.headers)
    if token is None:
        raise AuthError(401, "no_authorization", "This endpoint requires a Bearer token")
    try:
        # The same three roles as REST, functions and realtime: a token naming any other role is refused
        # everywhere, but for the admin roles on the admin API.
        return verify_api_token(ctx.keys, token, also_roles)
    except RoleNotAllowed:
        raise forbidden("bad_jwt", "invalid JWT: the role claim must be anon, authenticated or service_role") from None
    except ExpiredToken:
        raise forbidden("bad_jwt", "invalid JWT: unable to parse or verify signature, token has invalid claims: token is expired") from None
    except InvalidToken:
        raise forbidden("bad_jwt", "invalid JWT: unable to parse or verify signature, signature is invalid") from None


def user_token_claims(ctx: AuthContext) -> dict:
    """The verified claims of a user's access token (its user and session not looked up yet)."""
    claims = _verified_claims(ctx)
    if not is_uuid(claims.get("sub")):
        raise forbidden("bad_jwt", "invalid claim: missing sub claim")
    if claims.get("session_id") is not None and not is_uuid(claims["session_id"]):
        raise session_not_found()
    return claims


# Of the row `u` of auth.users, the token's user: banned now, and whether the token's session is one of theirs.
CALLER_STATE = ("coalesce(u.banned_until > now(), false),"
                " exists (select 1 from auth.sessions s where s.id = %(session_id)s::uuid and s.user_id = u.id)")


def refuse_caller(state: tuple[bool, bool] | None) -> None:
    """GoTrue's answers for a token whose user is gone (no CALLER_STATE row), banned, or whose session ended."""
    if state is None:
        raise user_not_found()
    banned, session_exists = state
    # GoTrue's answer to a token issued before its user was banned.
    if banned:
        raise forbidden("user_banned", "User is banned")
    if not session_exists:
        raise session_not_found()


async def require_user(ctx: AuthContext) -> None:
    """A user's access token whose session and user still exist (one statement, no transaction around it)."""
    claims = user_token_claims(ctx)
    async with ctx.pool.connection() as conn:
        cur = await conn.execute(f"select {CALLER_STATE} from auth.users u where u.id = %(sub)s::uuid",
                                 {"sub": claims["sub"], "session_id": claims.get("session_id")})
        refuse_caller(await cur.fetchone())
    ctx.claims = claims


async def require_user_token(ctx: AuthContext) -> None:
    """For a handler that checks the caller's user and session (CALLER_STATE) in its own statement."""
    ctx.claims = user_token_claims(ctx)


async def lock_caller(ctx: AuthContext, conn: AsyncConnection) -> dict[str, Any]:
    """The auth.users row of the user require_user let in, locked until the handler's transaction ends; a user
    deleted since gets require_user's answer."""
    user = await find_by_id(conn, ctx.user_id, lock=True)
    if user is None:
        raise user_not_found()
    return user


async def require_admin(ctx: AuthContext) -> None:
    """GoTrue's admin check: the token's role is one of JWT_ADMIN_ROLES (service_role and supabase_admin)."""
    admin_roles = ctx.settings.jwt_admin_roles
    claims = _verified_claims(ctx, admin_roles)
    if claims.get("role") not in admin_roles:
        raise forbidden("not_admin", "User not allowed")
    ctx.claims = claims


def require_aal2_if_verified_factors(ctx: AuthContext, verified_factors: int) -> None:
    """Once a user has a verified factor, changing factors needs a session that used one (PROTOCOLS.md)."""
    if verified_factors > 0 and ctx.claims.get("aal") != "aal2":
        raise forbidden("insufficient_aal", "AAL2 required to manage MFA factors")
