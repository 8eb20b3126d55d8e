"""Where GoTrue calls each hook, and what it makes of the answer."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime
from typing import Any

from psycopg import AsyncConnection

from gateway.auth.context import AuthContext
from gateway.auth.errors import AuthError, bad_request, forbidden
from gateway.auth.hooks import invoke
from gateway.auth.hooks.claims import check_claims
from gateway.auth.users import new_app_metadata, user_json
from gateway.database.transactions import privileged_tx

PASSWORD_REJECTED = "Further password verification attempts will be rejected."
MFA_REJECTED = "Further MFA verification attempts will be rejected."
EMAIL_DATA_FIELDS = ("token", "token_hash", "redirect_to", "email_action_type", "site_url", "token_new",
                     "token_hash_new", "old_email", "old_phone", "provider", "factor_type")


async def customize_access_token(ctx: AuthContext, conn: AsyncConnection, claims: dict[str, Any],
                                 method: str) -> dict[str, Any]:
    """The claims to sign: the hook's, when the custom access token hook is on (run in the issuing transaction)."""
    hook = invoke.enabled(ctx, "custom_access_token")
    if hook is None:
        return claims
    output = await invoke.run(ctx, hook, {"user_id": claims["sub"], "claims": claims,
                                          "authentication_method": method}, conn)
    if "claims" not in output:
        raise AuthError(500, "unexpected_failure", "output claims field is missing")
    if not isinstance(output["claims"], dict):
        raise AuthError(500, "unexpected_failure", "Error unmarshaling JSON output.")
    check_claims(output["claims"])
    return output["claims"]


async def send_email(ctx: AuthContext, conn: AsyncConnection, user_id: str, **email_data: str) -> bool:
    """True when the send email hook took the mail (the built-in mailer then sends nothing)."""
    hook = invoke.enabled(ctx, "send_email")
    if hook is None:
        return False
    data = {field: email_data.get(field, "") for field in EMAIL_DATA_FIELDS}
    data["site_url"] = data["site_url"] or f"{ctx.settings.api_external_url}/auth/v1"
    await invoke.run(ctx, hook, {"user": await user_json(conn, user_id), "email_data": data}, conn)
    return True


async def before_user_created(ctx: AuthContext, *, email: str | None, user_metadata: dict[str, Any],
                              anonymous: bool = False) -> str:
    """The id the new user will get, once the before user created hook (if on) accepted the user GoTrue is about
    to create; the hook runs in its own transaction, as in GoTrue, and an error answer refuses the sign-up."""
    user_id = str(uuid.uuid4())
    hook = invoke.enabled(ctx, "before_user_created")
    if hook is None:
        return user_id
    now = datetime.now(UTC).isoformat()
    user = {"id": user_id, "aud": "authenticated", "role": "authenticated", "email": email or "", "phone": "",
            "app_metadata": new_app_metadata(anonymous), "user_metadata": user_metadata, "identities": [],
            "created_at": now, "updated_at": now, "is_anonymous": anonymous}
    await invoke.run(ctx, hook, {"user": user}, None)
    return user_id


async def password_verification_attempt(ctx: AuthContext, user_id: str, valid: bool) -> None:
    """Raises the hook's rejection of a password check (signing the user out everywhere when it asks to)."""
    hook = invoke.enabled(ctx, "password_verification_attempt")
    if hook is None:
        return
    output = await invoke.run(ctx, hook, {"user_id": user_id, "valid": valid}, None)
    if output.get("decision") == "reject":
        if output.get("should_logout_user"):
            await _end_all_sessions(ctx, user_id)
        raise bad_request("invalid_credentials", output.get("message") or PASSWORD_REJECTED)


async def mfa_verification_attempt(ctx: AuthContext, factor_id: str, valid: bool) -> None:
    """Raises the hook's rejection of a TOTP check; a rejection always signs the user out everywhere, as in GoTrue."""
    hook = invoke.enabled(ctx, "mfa_verification_attempt")
    if hook is None:
        return
    output = await invoke.run(ctx, hook, {"user_id": ctx.user_id, "factor_id": factor_id, "factor_type": "totp",
                                          "valid": valid}, None)
    if output.get("decision") == "reject":
        await _end_all_sessions(ctx, ctx.user_id)
        raise forbidden("mfa_verification_rejected", output.get("message") or MFA_REJECTED)


async def _end_all_sessions(ctx: AuthContext, user_id: str) -> None:
    # Committed on its own: the request that follows fails, and its transaction with it.
    async with privileged_tx(ctx.pool) as conn:
        await conn.execute("delete from auth.sessions where user_id = %s", (user_id,))
