"""PKCE (RFC 7636): a flow waiting for its code exchange, and the exchange itself."""

from __future__ import annotations

import base64
import hashlib
import secrets
import uuid

from psycopg import AsyncConnection

from gateway.auth.errors import AuthError, bad_request, validation_failed

FLOW_EXPIRY_SECONDS = 300


def check_challenge_params(challenge: str, method: str) -> str | None:
    """Returns the normalised method when the request asks for PKCE, None when it does not."""
    if not challenge and not method:
        return None
    if not challenge or method.lower() not in ("s256", "plain"):
        raise validation_failed("PKCE flow requires code_challenge and code_challenge_method (s256 or plain)")
    return method.lower()


async def start_flow(conn: AsyncConnection, user_id: str, challenge: str, method: str, auth_method: str) -> str:
    auth_code = str(uuid.uuid4())
    await conn.execute(
        "insert into auth.flow_state (user_id, auth_code, code_challenge_method, code_challenge, provider_type,"
        " authentication_method) values (%s, %s, %s, %s, 'email', %s)",
        (user_id, auth_code, method, challenge, auth_method),
    )
    return auth_code


async def pending_code(conn: AsyncConnection, user_id: str) -> str | None:
    """The newest flow of this user still waiting for its link to be followed; marks it issued."""
    cur = await conn.execute(
        "update auth.flow_state set auth_code_issued_at = now(), updated_at = now() where id = ("
        " select id from auth.flow_state where user_id = %s and auth_code_issued_at is null"
        " and created_at > now() - interval '1 hour' order by created_at desc limit 1) returning auth_code",
        (user_id,),
    )
    row = await cur.fetchone()
    return row[0] if row else None


async def exchange(conn: AsyncConnection, auth_code: str, verifier: str) -> tuple[str, str, dict[str, str]]:
    """Consumes the flow; returns (user_id, authentication method, the external provider's tokens to hand over)."""
    if not auth_code or not verifier:
        raise validation_failed("invalid request: both auth code and code verifier should be non-empty")
    cur = await conn.execute(
        "delete from auth.flow_state where auth_code = %s and user_id is not null returning user_id,"
        " code_challenge_method, code_challenge, authentication_method,"
        " coalesce(auth_code_issued_at, created_at) < now() - make_interval(secs => %s),"
        " provider_access_token, provider_refresh_token",
        (auth_code, FLOW_EXPIRY_SECONDS),
    )
    row = await cur.fetchone()
    if row is None:
        raise AuthError(404, "flow_state_not_found", "invalid flow state, no valid flow state found")
    user_id, method, challenge, auth_method, expired, provider_token, provider_refresh_token = row
    if expired:
        raise bad_request("flow_state_expired", "invalid flow state, flow state has expired")
    if not secrets.compare_digest(_challenge_of(verifier, method), challenge):
        raise AuthError(403, "bad_code_verifier", "code challenge does not match previously saved code verifier")
    provider_tokens = {"provider_token": provider_token, "provider_refresh_token": provider_refresh_token}
    return str(user_id), auth_method, {name: value for name, value in provider_tokens.items() if value}


def _challenge_of(verifier: str, method: str) -> str:
    if method == "plain":
        return verifier
    digest = hashlib.sha256(verifier.encode()).digest()
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode()
