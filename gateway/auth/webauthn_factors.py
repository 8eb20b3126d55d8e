"""MFA factors of type webauthn (GoTrue's mfa.go): a challenge carries credential creation options while the factor
is unverified and request options once it is; verifying the ceremony's response verifies the factor and raises the
session to aal2. factors.py finds the caller's factor and hands webauthn ones here."""

from __future__ import annotations

import json
from typing import Any

from psycopg import AsyncConnection
from psycopg.rows import dict_row

from gateway.auth import audit, webauthn_rp
from gateway.auth.context import AuthContext, text_field
from gateway.auth.errors import AuthError, mfa_challenge_expired, unprocessable, validation_failed
from gateway.auth.guards import is_uuid
from gateway.auth.sessions import inet_or_none, raise_to_aal2
from gateway.database.transactions import one

AMR_METHOD = "mfa/webauthn"
# GoTrue excludes a user's registered factor credentials with these transports, whatever they were registered with.
EXCLUDE_TRANSPORTS = ["usb", "nfc"]


def require_enroll_enabled(ctx: AuthContext) -> None:
    if not ctx.settings.mfa_webauthn_enroll_enabled:
        raise unprocessable("mfa_webauthn_enroll_not_enabled", "MFA enroll is disabled for WebAuthn")


async def challenge(ctx: AuthContext, conn: AsyncConnection, factor: dict[str, Any],
                    expiry_seconds: int) -> dict[str, Any]:
    if not ctx.settings.mfa_webauthn_verify_enabled:
        raise unprocessable("mfa_webauthn_verify_not_enabled", "MFA verification is disabled for WebAuthn")
    rp = webauthn_rp.relying_party(ctx.settings)
    if factor["status"] == "unverified":
        exclude = [webauthn_rp.descriptor(webauthn_rp.from_go_bytes(c["id"]), EXCLUDE_TRANSPORTS)
                   for c in await _registered_credentials(conn, ctx.user_id)]
        email = await _email(conn, ctx.user_id)
        options, session = webauthn_rp.creation_options(rp, ctx.user_id, email, email, exclude, {}, None)
        kind = "create"
    else:
        # GoTrue allows every verified WebAuthn factor's credential here; the one asked about is the one that answers.
        own = factor["web_authn_credential"]
        allowed = [webauthn_rp.descriptor(webauthn_rp.from_go_bytes(own["id"]), own.get("transport"))]
        options, session = webauthn_rp.request_options(rp, ctx.user_id, allowed, "")
        kind = "request"
    cur = await conn.execute(
        "insert into auth.mfa_challenges (factor_id, ip_address, web_authn_session_data) values (%s, %s, %s)"
        " returning id, extract(epoch from created_at)::bigint + %s",
        (factor["id"], inet_or_none(ctx.ip), json.dumps(session), expiry_seconds))
    challenge_id, expires_at = one(await cur.fetchone())
    await conn.execute("update auth.mfa_factors set last_challenged_at = now() where id = %s", (factor["id"],))
    return {"id": str(challenge_id), "type": "webauthn", "expires_at": expires_at,
            "webauthn": {"type": kind, "credential_options": {"publicKey": options}}}


async def verify(ctx: AuthContext, conn: AsyncConnection, factor: dict[str, Any], expiry_seconds: int) -> dict[str, Any]:
    challenge_id = text_field(ctx.body, "challenge_id")
    if not is_uuid(challenge_id):
        raise validation_failed("challenge_id must be a valid UUID")
    # GoTrue answers this switch being off with the enroll code and the verify message; clients match the code.
    if not ctx.settings.mfa_webauthn_verify_enabled:
        raise unprocessable("mfa_webauthn_enroll_not_enabled", "MFA verification is disabled for WebAuthn")
    params = ctx.body.get("webauthn")
    if not isinstance(params, dict):
        raise validation_failed("WebAuthn config required")
    kind = params.get("type")
    if kind not in ("create", "request"):
        raise validation_failed("WebAuthn type must be create or request")
    response = params.get("credential_response")
    if response is None:
        raise validation_failed("credential_response required")
    challenge = await _valid_challenge(ctx, conn, factor, challenge_id, expiry_seconds)
    # Not in GoTrue, which would take a new authenticator's registration as proof for a verified factor.
    expected = "create" if factor["status"] == "unverified" else "request"
    if kind != expected:
        raise validation_failed(f"WebAuthn type must be {expected} for a factor that is {factor['status']}")
    rp = webauthn_rp.relying_party(ctx.settings)
    session = challenge["web_authn_session_data"]
    if kind == "create":
        credential, aaguid = _registered(rp, session, response)
    else:
        credential, aaguid = _asserted(rp, session, response, factor), None
    await conn.execute("delete from auth.mfa_challenges where id = %s", (challenge_id,))
    await audit.record(conn, ctx, "verification_attempted", ctx.user_id, session_id=ctx.session_id,
                       traits={"factor_id": str(factor["id"]), "challenge_id": challenge_id, "factor_type": "webauthn"})
    last = {"challenge": _challenge_json(challenge), "type": kind, "credential_response": response}
    await conn.execute(
        "update auth.mfa_factors set status = 'verified', web_authn_credential = %s,"
        " web_authn_aaguid = coalesce(%s::uuid, web_authn_aaguid), last_webauthn_challenge_data = %s,"
        " updated_at = now() where id = %s",
        (json.dumps(credential), aaguid, json.dumps(last), factor["id"]))
    tokens = await raise_to_aal2(ctx, conn, str(factor["id"]), AMR_METHOD)
    await conn.execute("delete from auth.mfa_factors where user_id = %s and factor_type = 'webauthn'"
                       " and status = 'unverified'", (ctx.user_id,))
    return tokens


def _registered(rp: webauthn_rp.RelyingParty, session: dict[str, Any], response: Any) -> tuple[dict[str, Any], str]:
    """The new credential as go-webauthn's Credential JSON (what GoTrue keeps in web_authn_credential), its AAGUID."""
    try:
        parsed = webauthn_rp.parse_registration(response)
        verified = webauthn_rp.verify_registration(rp, session, parsed)
    except webauthn_rp.CeremonyFailed as failure:
        if failure.malformed:
            raise validation_failed("Invalid credential_response") from None
        # GoTrue returns the library's error unwrapped, which its error handler answers with this 500.
        raise AuthError(500, "unexpected_failure",
                        "Unexpected failure, please check server logs for more information") from None
    return {
        "id": webauthn_rp.go_bytes(verified.credential_id),
        "publicKey": webauthn_rp.go_bytes(verified.credential_public_key),
        "attestationType": webauthn_rp.attestation_format(verified),
        "transport": webauthn_rp.transports(parsed),
        "flags": {"userPresent": True, "userVerified": verified.user_verified,
                  "backupEligible": webauthn_rp.backup_eligible(verified), "backupState": verified.credential_backed_up},
        "authenticator": {"AAGUID": webauthn_rp.go_bytes(bytes.fromhex(verified.aaguid.replace("-", ""))),
                          "signCount": verified.sign_count, "cloneWarning": False,
                          "attachment": parsed.authenticator_attachment.value if parsed.authenticator_attachment else ""},
    }, verified.aaguid


def _asserted(rp: webauthn_rp.RelyingParty, session: dict[str, Any], response: Any,
              factor: dict[str, Any]) -> dict[str, Any]:
    """The factor's stored credential with the authenticator's new signature count."""
    stored = factor["web_authn_credential"]
    try:
        parsed = webauthn_rp.parse_assertion(response)
    except webauthn_rp.CeremonyFailed:
        raise validation_failed("Invalid credential_response") from None
    try:
        if parsed.raw_id != webauthn_rp.from_go_bytes(stored["id"]):
            raise webauthn_rp.CeremonyFailed("the credential is not this factor's")
        sign_count = webauthn_rp.verify_assertion(rp, session, parsed, webauthn_rp.from_go_bytes(stored["publicKey"]),
                                                  stored["authenticator"]["signCount"])
    except webauthn_rp.CeremonyFailed:
        raise AuthError(500, "unexpected_failure", "Failed to validate WebAuthn MFA response") from None
    return {**stored, "authenticator": {**stored["authenticator"], "signCount": sign_count}}


async def _valid_challenge(ctx: AuthContext, conn: AsyncConnection, factor: dict[str, Any], challenge_id: str,
                           expiry_seconds: int) -> dict[str, Any]:
    """GoTrue's validateChallenge: the factor's own challenge, from the address that asked for it, still fresh."""
    cur = conn.cursor(row_factory=dict_row)
    await cur.execute(
        "select *, host(ip_address) as ip, created_at < now() - make_interval(secs => %s) as expired"
        " from auth.mfa_challenges where id = %s and factor_id = %s for update",
        (expiry_seconds, challenge_id, factor["id"]))
    challenge = await cur.fetchone()
    if challenge is None or challenge["web_authn_session_data"] is None:
        raise unprocessable("mfa_factor_not_found", "MFA factor with the provided challenge ID not found")
    if challenge["verified_at"] is not None or challenge["ip"] != inet_or_none(ctx.ip):
        raise unprocessable("mfa_ip_address_mismatch", "Challenge and verify IP addresses mismatch.")
    if challenge["expired"]:
        raise mfa_challenge_expired(challenge_id)
    return challenge


def _challenge_json(challenge: dict[str, Any]) -> dict[str, Any]:
    return {"challenge_id": str(challenge["id"]), "factor_id": str(challenge["factor_id"]),
            "created_at": challenge["created_at"].isoformat(), "ip_address": challenge["ip"] or "",
            "web_authn_session_data": challenge["web_authn_session_data"]}


async def _email(conn: AsyncConnection, user_id: str) -> str:
    cur = await conn.execute("select coalesce(email, '') from auth.users where id = %s", (user_id,))
    return one(await cur.fetchone())[0]


async def _registered_credentials(conn: AsyncConnection, user_id: str) -> list[dict[str, Any]]:
    """GoTrue's User.WebAuthnCredentials: the credentials of the user's verified webauthn factors."""
    cur = await conn.execute(
        "select web_authn_credential from auth.mfa_factors where user_id = %s and factor_type = 'webauthn'"
        " and status = 'verified' and web_authn_credential is not null order by created_at", (user_id,))
    return [row[0] for row in await cur.fetchall()]
