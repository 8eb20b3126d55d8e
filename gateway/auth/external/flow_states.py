"""An external sign-in waiting for its provider: an auth.flow_state row whose id is the OAuth `state`, holding
where to send the user back, the nonce and code verifier sent to the provider, and (PKCE) the client's challenge
and the code it will exchange."""

from __future__ import annotations

import uuid
from dataclasses import dataclass

from psycopg import AsyncConnection
from psycopg.rows import dict_row

from gateway.auth.errors import AuthError, bad_request
from gateway.database.transactions import one

# GoTrue's FLOW_STATE_EXPIRY_DURATION default.
EXPIRY_SECONDS = 300
# Flows waiting for their provider (started within EXPIRY_SECONDS, not yet completed), per client address and in
# all: a person starts one or two (an address may hide many behind a NAT), and an address that starts more is
# answered 429 until its flows expire.
WAITING_PER_ADDRESS = 100
WAITING_IN_ALL = 10_000


@dataclass(frozen=True)
class ExternalFlow:
    id: str
    provider: str
    referrer: str
    pkce: bool
    nonce: str | None
    code_verifier: str | None
    linking_target_id: str | None


async def start(conn: AsyncConnection, *, client_address: str, provider: str, referrer: str, challenge: str,
                challenge_method: str | None, nonce: str | None, code_verifier: str | None,
                linking_target_id: str | None) -> str:
    await _clean_up(conn)
    await _check_bounds(conn, client_address)
    cur = await conn.execute(
        "insert into auth.flow_state (auth_code, code_challenge_method, code_challenge, provider_type,"
        " authentication_method, referrer, provider_nonce, provider_code_verifier, linking_target_id, client_address)"
        " values (%s, %s, %s, %s, 'oauth', %s, %s, %s, %s, %s) returning id",
        (str(uuid.uuid4()) if challenge_method else None, challenge_method, challenge or None, provider, referrer,
         nonce, code_verifier, linking_target_id, client_address))
    row = await cur.fetchone()
    assert row is not None
    return str(row[0])


async def _clean_up(conn: AsyncConnection) -> None:
    """GoTrue's cleanup, a hundred rows at a time: flows a day old go; and, since anyone may start a sign-in and never
    come back, external flows never completed go once expired (no callback can use them any more)."""
    await conn.execute("delete from auth.flow_state where id in (select id from auth.flow_state"
                       " where created_at < now() - interval '24 hours' limit 100 for update skip locked)")
    await conn.execute(
        "delete from auth.flow_state where id in (select id from auth.flow_state where user_id is null"
        " and authentication_method = 'oauth' and created_at < now() - make_interval(secs => %s)"
        " limit 100 for update skip locked)", (EXPIRY_SECONDS,))


async def _check_bounds(conn: AsyncConnection, client_address: str) -> None:
    """429 when the address, or everyone together, has as many flows waiting as allowed. The address's lock makes
    its own concurrent starts count one after the other."""
    await conn.execute("select pg_advisory_xact_lock(hashtext('auth.flow_state:' || %s))", (client_address,))
    cur = await conn.execute(
        "select (select count(*) from (select from auth.flow_state where user_id is null and client_address = %s"
        "   and created_at >= now() - make_interval(secs => %s) limit %s) as by_address) >= %s"
        " or (select count(*) from (select from auth.flow_state where user_id is null"
        "   and created_at >= now() - make_interval(secs => %s) limit %s) as in_all) >= %s",
        (client_address, EXPIRY_SECONDS, WAITING_PER_ADDRESS, WAITING_PER_ADDRESS,
         EXPIRY_SECONDS, WAITING_IN_ALL, WAITING_IN_ALL))
    if one(await cur.fetchone())[0]:
        raise AuthError(429, "over_request_rate_limit", "Request rate limit reached")


async def load(conn: AsyncConnection, state: str) -> ExternalFlow:
    """The flow named by the callback's `state`, locked; GoTrue's answers for a missing, unknown, expired or used one."""
    if not state:
        raise bad_request("bad_oauth_callback", "OAuth state parameter missing")
    try:
        flow_id = str(uuid.UUID(state))
    except ValueError:
        raise bad_request("bad_oauth_state", "OAuth state parameter is invalid") from None
    cur = conn.cursor(row_factory=dict_row)
    await cur.execute(
        "select *, created_at < now() - make_interval(secs => %s) as expired from auth.flow_state"
        " where id = %s and authentication_method = 'oauth' for update", (EXPIRY_SECONDS, flow_id))
    row = await cur.fetchone()
    if row is None:
        raise bad_request("bad_oauth_state", "OAuth state not found or expired")
    if row["expired"]:
        raise bad_request("bad_oauth_state", "OAuth state has expired")
    pkce = row["code_challenge"] is not None
    if pkce and row["user_id"] is not None:
        raise bad_request("flow_state_already_used", "State has already been used")
    return ExternalFlow(flow_id, row["provider_type"], row["referrer"], pkce, row["provider_nonce"],
                        row["provider_code_verifier"],
                        str(row["linking_target_id"]) if row["linking_target_id"] else None)


async def referrer_of(conn: AsyncConnection, state: str) -> str | None:
    """Where a failed callback sends the user back to, when its state names a flow."""
    try:
        flow_id = str(uuid.UUID(state))
    except ValueError:
        return None
    cur = await conn.execute("select referrer from auth.flow_state where id = %s", (flow_id,))
    row = await cur.fetchone()
    return row[0] if row else None


async def complete_pkce(conn: AsyncConnection, flow_id: str, user_id: str, provider_token: str | None,
                        provider_refresh_token: str | None) -> str:
    """The code the client exchanges at /token?grant_type=pkce."""
    cur = await conn.execute(
        "update auth.flow_state set user_id = %s, provider_access_token = %s, provider_refresh_token = %s,"
        " auth_code_issued_at = now(), updated_at = now() where id = %s and user_id is null returning auth_code",
        (user_id, provider_token, provider_refresh_token, flow_id))
    row = await cur.fetchone()
    if row is None:
        raise bad_request("flow_state_already_used", "State has already been used")
    return str(row[0])


async def finish(conn: AsyncConnection, flow_id: str) -> None:
    await conn.execute("delete from auth.flow_state where id = %s", (flow_id,))
