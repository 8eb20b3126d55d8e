"""MFA: POST /factors, /factors/{id}/challenge, /factors/{id}/verify, DELETE /factors/{id}; TOTP here, the
WebAuthn ceremonies in webauthn_factors."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

import pyotp
import segno
from psycopg import AsyncConnection
from psycopg.rows import dict_row

from gateway.auth import audit, webauthn_factors
from gateway.auth.context import AuthContext, text_field
from gateway.auth.errors import mfa_challenge_expired, not_found, unprocessable, user_not_found, validation_failed
from gateway.auth.guards import is_uuid, require_aal2_if_verified_factors
from gateway.auth.hooks.points import mfa_verification_attempt
from gateway.auth.sessions import inet_or_none, raise_to_aal2
from gateway.database.transactions import one, privileged_tx
from gateway.settings import Settings

CHALLENGE_EXPIRY_SECONDS = 300
# RFC 6238 with one step of drift either way.
TOTP_VALID_WINDOW = 1


@dataclass
class EnrollParams:
    factor_type: str
    friendly_name: str
    issuer: str

    def validate(self, ctx: AuthContext) -> None:
        """GoTrue's switch on the type; phone factors need SMS, which the gateway does not send."""
        if self.factor_type == "phone":
            raise unprocessable("mfa_phone_enroll_not_enabled", "MFA enroll is disabled for Phone")
        if self.factor_type == "webauthn":
            webauthn_factors.require_enroll_enabled(ctx)
        elif self.factor_type != "totp":
            raise validation_failed("factor_type needs to be totp, phone, or webauthn")
        elif not ctx.settings.mfa_totp_enroll_enabled:
            raise unprocessable("mfa_totp_enroll_not_enabled", "MFA enroll is disabled for TOTP")


def _require_totp_verify(settings: Settings) -> None:
    """GoTrue refuses challenges and verifications alike while TOTP verification is off."""
    if not settings.mfa_totp_verify_enabled:
        raise unprocessable("mfa_totp_verify_not_enabled", "MFA verification is disabled for TOTP")


async def enroll(ctx: AuthContext) -> dict[str, Any]:
    params = EnrollParams(factor_type=text_field(ctx.body, "factor_type"),
                          friendly_name=text_field(ctx.body, "friendly_name"),
                          issuer=text_field(ctx.body, "issuer") or urlsplit(ctx.settings.site_url).hostname or "gateway")
    params.validate(ctx)
    async with privileged_tx(ctx.pool) as conn:
        cur = conn.cursor(row_factory=dict_row)
        await cur.execute("select email, (select count(*) from auth.mfa_factors where user_id = u.id) as total,"
                          " (select count(*) from auth.mfa_factors where user_id = u.id and status = 'verified')"
                          " as verified from auth.users u where id = %s for update", (ctx.user_id,))
        user = await cur.fetchone()
        if user is None:
            raise user_not_found()
        require_aal2_if_verified_factors(ctx, user["verified"])
        if user["total"] >= ctx.settings.mfa_max_enrolled_factors:
            raise unprocessable("too_many_enrolled_mfa_factors", "Maximum number of verified factors reached, unenroll to continue")
        if params.friendly_name:
            await cur.execute("select 1 from auth.mfa_factors where user_id = %s and friendly_name = %s",
                              (ctx.user_id, params.friendly_name))
            if await cur.fetchone():
                raise unprocessable("mfa_factor_name_conflict",
                                    f"A factor with the friendly name \"{params.friendly_name}\" for this user already exists")
        secret = pyotp.random_base32() if params.factor_type == "totp" else None
        await cur.execute(
            "insert into auth.mfa_factors (user_id, friendly_name, factor_type, secret) values (%s, %s, %s, %s)"
            " returning id", (ctx.user_id, params.friendly_name or None, params.factor_type, secret))
        factor_id = str(one(await cur.fetchone())["id"])
        # GoTrue names the type in this entry for every type but TOTP.
        traits = {"factor_id": factor_id} if secret else {"factor_id": factor_id, "factor_type": params.factor_type}
        await audit.record(conn, ctx, "factor_in_progress", ctx.user_id, traits=traits, session_id=ctx.session_id)
    if secret is None:
        return {"id": factor_id, "type": "webauthn", "friendly_name": params.friendly_name}
    uri = pyotp.TOTP(secret).provisioning_uri(name=user["email"] or ctx.user_id, issuer_name=params.issuer)
    return {
        "id": factor_id, "type": "totp", "friendly_name": params.friendly_name,
        "totp": {"qr_code": segno.make(uri, error="m").svg_inline(scale=4), "secret": secret, "uri": uri},
    }


async def challenge(ctx: AuthContext) -> dict[str, Any]:
    async with privileged_tx(ctx.pool) as conn:
        factor = await _own_factor(ctx, conn)
        if factor["factor_type"] == "webauthn":
            return await webauthn_factors.challenge(ctx, conn, factor, CHALLENGE_EXPIRY_SECONDS)
        _require_totp_verify(ctx.settings)
        cur = await conn.execute(
            "insert into auth.mfa_challenges (factor_id, ip_address) values (%s, %s) returning id,"
            " extract(epoch from created_at)::bigint + %s",
            (factor["id"], inet_or_none(ctx.ip), CHALLENGE_EXPIRY_SECONDS),
        )
        challenge_id, expires_at = one(await cur.fetchone())
        await conn.execute("update auth.mfa_factors set last_challenged_at = now() where id = %s", (factor["id"],))
        await audit.record(conn, ctx, "challenge_created", ctx.user_id, session_id=ctx.session_id,
                           traits={"factor_id": str(factor["id"]), "factor_status": factor["status"]})
    return {"id": str(challenge_id), "type": "totp", "expires_at": expires_at}


async def verify(ctx: AuthContext) -> dict[str, Any]:
    async with privileged_tx(ctx.pool) as conn:
        factor = await _own_factor(ctx, conn)
        if factor["factor_type"] == "webauthn":
            return await webauthn_factors.verify(ctx, conn, factor, CHALLENGE_EXPIRY_SECONDS)
        challenge_id, code = text_field(ctx.body, "challenge_id"), text_field(ctx.body, "code")
        if not is_uuid(challenge_id) or not code:
            raise validation_failed("challenge_id and code are required")
        _require_totp_verify(ctx.settings)
        cur = await conn.execute(
            "select verified_at is not null, created_at < now() - make_interval(secs => %s)"
            " from auth.mfa_challenges where id = %s and factor_id = %s for update",
            (CHALLENGE_EXPIRY_SECONDS, challenge_id, factor["id"]),
        )
        row = await cur.fetchone()
        if row is None:
            raise not_found("mfa_challenge_not_found", "Challenge not found")
        used, expired = row
        if used or expired:
            raise mfa_challenge_expired(challenge_id)
        valid = pyotp.TOTP(factor["secret"]).verify(code, valid_window=TOTP_VALID_WINDOW)
        await mfa_verification_attempt(ctx, str(factor["id"]), valid)
        if not valid:
            raise unprocessable("mfa_verification_failed", "Invalid TOTP code entered")
        await conn.execute("update auth.mfa_challenges set verified_at = now() where id = %s", (challenge_id,))
        await conn.execute("update auth.mfa_factors set status = 'verified', updated_at = now() where id = %s",
                           (factor["id"],))
        await audit.record(conn, ctx, "verification_attempted", ctx.user_id, session_id=ctx.session_id,
                           traits={"factor_id": str(factor["id"]), "challenge_id": challenge_id, "factor_type": "totp"})
        return await raise_to_aal2(ctx, conn, str(factor["id"]))


async def unenroll(ctx: AuthContext) -> dict[str, Any]:
    async with privileged_tx(ctx.pool) as conn:
        factor = await _own_factor(ctx, conn)
        cur = await conn.execute("select count(*) from auth.mfa_factors where user_id = %s and status = 'verified'",
                                 (ctx.user_id,))
        require_aal2_if_verified_factors(ctx, one(await cur.fetchone())[0])
        await conn.execute("delete from auth.mfa_factors where id = %s", (factor["id"],))
        await audit.record(conn, ctx, "factor_unenrolled", ctx.user_id, session_id=ctx.session_id,
                           traits={"factor_id": str(factor["id"]), "factor_status": factor["status"],
                                   "session_id": ctx.session_id})
        await downgrade_sessions(conn, str(factor["id"]))
    return {"id": str(factor["id"])}


async def downgrade_sessions(conn: AsyncConnection, factor_id: str) -> None:
    """Sessions a factor raised to aal2 fall back to aal1 when it goes."""
    await conn.execute("update auth.sessions set aal = 'aal1', factor_id = null where factor_id = %s", (factor_id,))


async def _own_factor(ctx: AuthContext, conn: AsyncConnection) -> dict[str, Any]:
    factor_id = ctx.path_param("factor_id")
    if not is_uuid(factor_id):
        raise not_found("mfa_factor_not_found", "Factor not found")
    cur = conn.cursor(row_factory=dict_row)
    await cur.execute("select * from auth.mfa_factors where id = %s and user_id = %s for update",
                      (factor_id, ctx.user_id))
    factor = await cur.fetchone()
    if factor is None:
        raise not_found("mfa_factor_not_found", "Factor not found")
    return factor

