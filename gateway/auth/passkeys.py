"""Passkeys (GoTrue's /passkeys): registering one for the signed-in user, and signing in with one, no password.

Each ceremony is two calls: `options` stores a challenge in auth.webauthn_challenges and answers the WebAuthn
options; `verify` consumes that challenge (once, even when the credential then fails) and checks the response.
"""

from __future__ import annotations

import json
from typing import Any

from psycopg import AsyncConnection
from psycopg.errors import UniqueViolation

from gateway.auth import audit, webauthn_rp
from gateway.auth.context import AuthContext, text_field
from gateway.auth.errors import AuthError, bad_request, forbidden, not_found, unprocessable, validation_failed
from gateway.auth.guards import is_uuid, require_user
from gateway.auth.sessions import start_session
from gateway.database.transactions import one, privileged_tx

# go-webauthn's selection for passkeys: discoverable credentials, so sign-in needs no user name.
SELECTION = {"residentKey": "required", "userVerification": "preferred"}
# GoTrue names a passkey after its authenticator model from a list of known AAGUIDs; this is its fallback.
DEFAULT_NAME = "Passkey"
PASSKEY_JSON = """jsonb_strip_nulls(jsonb_build_object('id', c.id, 'friendly_name', nullif(c.friendly_name, ''),
    'created_at', c.created_at, 'last_used_at', c.last_used_at))"""


async def require_passkeys(ctx: AuthContext) -> None:
    if not ctx.settings.passkey_enabled:
        raise not_found("passkey_disabled", "Passkeys are disabled")


async def require_passkey_user(ctx: AuthContext) -> None:
    await require_passkeys(ctx)
    await require_user(ctx)


async def require_passkey_registrant(ctx: AuthContext) -> None:
    await require_passkey_user(ctx)
    if ctx.claims.get("is_anonymous"):
        raise forbidden("no_authorization", "Anonymous user not allowed to perform these actions")


async def require_management_aal(ctx: AuthContext, conn: AsyncConnection) -> None:
    """Once the user has a verified MFA factor, adding or removing a passkey needs an aal2 session."""
    cur = await conn.execute("select exists (select 1 from auth.mfa_factors where user_id = %s and status = 'verified')",
                             (ctx.user_id,))
    if one(await cur.fetchone())[0] and ctx.claims.get("aal") != "aal2":
        raise forbidden("insufficient_aal", "AAL2 session is required to manage passkeys when MFA is enabled")


async def registration_options(ctx: AuthContext) -> dict[str, Any]:
    rp = webauthn_rp.relying_party(ctx.settings)
    async with privileged_tx(ctx.pool) as conn:
        await require_management_aal(ctx, conn)
        cur = await conn.execute("select coalesce(nullif(email, ''), phone, ''), raw_user_meta_data ->> 'name'"
                                 " from auth.users where id = %s", (ctx.user_id,))
        name, display_name = one(await cur.fetchone())
        registered = await _credential_ids(conn, ctx.user_id)
        if len(registered) >= ctx.settings.passkey_max_per_user:
            raise _too_many()
        options, session = webauthn_rp.creation_options(
            rp, ctx.user_id, name, display_name or name,
            [webauthn_rp.descriptor(credential_id) for credential_id in registered], SELECTION, "none")
        return await _store_challenge(ctx, conn, ctx.user_id, "registration", session, options)


async def registration_verify(ctx: AuthContext) -> dict[str, Any]:
    challenge_id, credential = _verify_params(ctx)
    rp = webauthn_rp.relying_party(ctx.settings)
    async with privileged_tx(ctx.pool) as conn:
        await require_management_aal(ctx, conn)
    session = await _consume_challenge(ctx, challenge_id, "registration", ctx.user_id)
    try:
        parsed = webauthn_rp.parse_registration(credential)
    except webauthn_rp.CeremonyFailed:
        raise bad_request("webauthn_verification_failed", "Invalid credential response") from None
    try:
        verified = webauthn_rp.verify_registration(rp, session, parsed)
    except webauthn_rp.CeremonyFailed:
        raise _verification_failed() from None
    async with privileged_tx(ctx.pool) as conn:
        # The user's row is the lock that keeps two registrations at once from both passing the limit.
        await conn.execute("select 1 from auth.users where id = %s for update", (ctx.user_id,))
        cur = await conn.execute("select count(*) from auth.webauthn_credentials where user_id = %s", (ctx.user_id,))
        if one(await cur.fetchone())[0] >= ctx.settings.passkey_max_per_user:
            raise _too_many()
        try:
            async with conn.transaction():
                inserted = await conn.execute(
                    "insert into auth.webauthn_credentials (user_id, credential_id, public_key, attestation_type,"
                    " aaguid, sign_count, transports, backup_eligible, backed_up, friendly_name)"
                    " values (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s)"
                    " returning id, friendly_name, created_at",
                    (ctx.user_id, verified.credential_id, verified.credential_public_key,
                     webauthn_rp.attestation_format(verified), verified.aaguid, verified.sign_count,
                     json.dumps(webauthn_rp.transports(parsed)), webauthn_rp.backup_eligible(verified),
                     verified.credential_backed_up, DEFAULT_NAME))
        except UniqueViolation:
            raise unprocessable("webauthn_credential_exists", "This credential is already registered") from None
        passkey_id, friendly_name, created_at = one(await inserted.fetchone())
        await audit.record(conn, ctx, "passkey_created", ctx.user_id, traits={"passkey_id": str(passkey_id)})
    return {"id": str(passkey_id), "friendly_name": friendly_name, "created_at": created_at.isoformat()}


async def authentication_options(ctx: AuthContext) -> dict[str, Any]:
    rp = webauthn_rp.relying_party(ctx.settings)
    options, session = webauthn_rp.request_options(rp, None, [], SELECTION["userVerification"])
    async with privileged_tx(ctx.pool) as conn:
        return await _store_challenge(ctx, conn, None, "authentication", session, options)


async def authentication_verify(ctx: AuthContext) -> dict[str, Any]:
    challenge_id, credential = _verify_params(ctx)
    rp = webauthn_rp.relying_party(ctx.settings)
    session = await _consume_challenge(ctx, challenge_id, "authentication", None)
    try:
        parsed = webauthn_rp.parse_assertion(credential)
    except webauthn_rp.CeremonyFailed:
        raise bad_request("webauthn_verification_failed", "Invalid credential response") from None
    user_id = _user_named_by(parsed.response.user_handle)
    if user_id is None:
        raise _verification_failed()
    async with privileged_tx(ctx.pool) as conn:
        cur = await conn.execute("select id, public_key, sign_count from auth.webauthn_credentials"
                                 " where credential_id = %s and user_id = %s", (parsed.raw_id, user_id))
        stored = await cur.fetchone()
    if stored is None:
        raise _verification_failed()
    passkey_id, public_key, stored_count = stored
    try:
        sign_count = webauthn_rp.verify_assertion(rp, session, parsed, public_key, stored_count)
    except webauthn_rp.CeremonyFailed:
        raise _verification_failed() from None
    async with privileged_tx(ctx.pool) as conn:
        await _refuse_unconfirmed_or_banned(conn, user_id)
        await conn.execute("update auth.webauthn_credentials set sign_count = %s, last_used_at = now(),"
                           " updated_at = now() where id = %s", (sign_count, passkey_id))
        return await start_session(ctx, conn, user_id, "passkey", action="login",
                                   traits={"passkey_id": str(passkey_id)})


def _verify_params(ctx: AuthContext) -> tuple[str, Any]:
    challenge_id = text_field(ctx.body, "challenge_id")
    if not challenge_id:
        raise validation_failed("challenge_id is required")
    credential = ctx.body.get("credential")
    if credential is None:
        raise validation_failed("credential is required")
    if not is_uuid(challenge_id):
        raise validation_failed("challenge_id must be a valid UUID")
    return challenge_id, credential


async def _store_challenge(ctx: AuthContext, conn: AsyncConnection, user_id: str | None, kind: str,
                           session: dict[str, Any], options: dict[str, Any]) -> dict[str, Any]:
    # GoTrue's per-request cleanup: anyone may ask for sign-in options, so unused ones must not pile up.
    await conn.execute("delete from auth.webauthn_challenges where id in (select id from auth.webauthn_challenges"
                       " where expires_at < now() limit 100 for update skip locked)")
    cur = await conn.execute(
        "insert into auth.webauthn_challenges (user_id, challenge_type, session_data, expires_at)"
        " values (%s, %s, %s, now() + make_interval(secs => %s))"
        " returning id, extract(epoch from expires_at)::bigint",
        (user_id, kind, json.dumps(session), ctx.settings.webauthn_challenge_expiry))
    challenge_id, expires_at = one(await cur.fetchone())
    return {"challenge_id": str(challenge_id), "options": options, "expires_at": expires_at}


async def _consume_challenge(ctx: AuthContext, challenge_id: str, kind: str, user_id: str | None) -> dict[str, Any]:
    """Deleted in its own transaction, so a response that then fails cannot be tried again on the same challenge."""
    async with privileged_tx(ctx.pool) as conn:
        cur = await conn.execute(
            "delete from auth.webauthn_challenges where id = %s and challenge_type = %s"
            " and user_id is not distinct from %s returning session_data, expires_at < now()",
            (challenge_id, kind, user_id))
        row = await cur.fetchone()
    if row is None:
        raise bad_request("webauthn_challenge_not_found", "Challenge not found or already used")
    session, expired = row
    if expired:
        raise bad_request("webauthn_challenge_expired", "Challenge has expired")
    return session


def _user_named_by(handle: bytes | None) -> str | None:
    """The user id in a discoverable credential's userHandle (the id's text, as registered)."""
    try:
        text = (handle or b"").decode()
    except UnicodeDecodeError:
        return None
    return text if is_uuid(text) else None


async def _refuse_unconfirmed_or_banned(conn: AsyncConnection, user_id: str) -> None:
    cur = await conn.execute("select coalesce(email, '') <> '' and email_confirmed_at is null,"
                             " coalesce(phone, '') <> '' and phone_confirmed_at is null,"
                             " coalesce(banned_until > now(), false) from auth.users where id = %s", (user_id,))
    email_unconfirmed, phone_unconfirmed, banned = one(await cur.fetchone())
    if email_unconfirmed:
        raise forbidden("email_not_confirmed", "Email not confirmed")
    if phone_unconfirmed:
        raise forbidden("phone_not_confirmed", "Phone not confirmed")
    if banned:
        raise forbidden("user_banned", "User is banned")


async def _credential_ids(conn: AsyncConnection, user_id: str) -> list[bytes]:
    cur = await conn.execute("select credential_id from auth.webauthn_credentials where user_id = %s"
                             " order by created_at", (user_id,))
    return [bytes(row[0]) for row in await cur.fetchall()]


def _too_many() -> AuthError:
    return unprocessable("too_many_passkeys", "Maximum number of passkeys reached")


def _verification_failed() -> AuthError:
    return bad_request("webauthn_verification_failed", "Credential verification failed")
