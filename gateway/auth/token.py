"""POST /token: the password, refresh_token, pkce and id_token grants (web3 answers as disabled)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from gateway.auth import audit, disabled, pkce
from gateway.auth.context import AuthContext, text_field
from gateway.auth.errors import bad_request, validation_failed
from gateway.auth.external import id_token_grant
from gateway.auth.hooks import invoke
from gateway.auth.hooks.points import password_verification_attempt
from gateway.auth.passwords import password_matches
from gateway.auth.sessions import RefreshTokenReused, revoke_family, rotate, rotate_unused, start_session
from gateway.auth.users import find_by_email
from gateway.database.transactions import privileged_tx


@dataclass
class PasswordGrantParams:
    email: str
    password: str

    def validate(self) -> None:
        if not self.email:
            raise validation_failed("missing email or phone")
        if not self.password:
            raise validation_failed("missing password")


async def handle(ctx: AuthContext) -> dict[str, Any]:
    grant_type = ctx.query.get("grant_type", "")
    grant = GRANTS.get(grant_type)
    if grant is None:
        raise bad_request("invalid_credentials", "unsupported_grant_type")
    return await grant(ctx)


async def password_grant(ctx: AuthContext) -> dict[str, Any]:
    password = ctx.body.get("password")
    params = PasswordGrantParams(email=text_field(ctx.body, "email"),
                                 password=password if isinstance(password, str) else "")
    params.validate()
    async with ctx.pool.connection() as conn:  # one statement: no BEGIN/COMMIT round trips around it
        user = await find_by_email(conn, params.email)
    # As GoTrue: the password is checked outside a transaction. bcrypt waits for a CPU under load, and a pooled
    # connection held meanwhile is one every other auth request would wait for.
    # Unknown address and wrong password answer alike, and take as long (a bcrypt check either way).
    matched = await password_matches(params.password, user["encrypted_password"] if user else None)
    if user is not None:
        await password_verification_attempt(ctx, str(user["id"]), matched)
    if user is None or not matched:
        raise bad_request("invalid_credentials", "Invalid login credentials")
    if user["email_confirmed_at"] is None:
        raise bad_request("email_not_confirmed", "Email not confirmed")
    async with privileged_tx(ctx.pool) as conn:
        return await start_session(ctx, conn, str(user["id"]), "password", action="login",
                                   traits={"provider": "email"})


async def refresh_grant(ctx: AuthContext) -> dict[str, Any]:
    token = text_field(ctx.body, "refresh_token")
    if not token:
        raise bad_request("refresh_token_not_found", "Invalid Refresh Token: Refresh Token Not Found")
    # The custom access token hook runs in the issuing transaction, so it leaves no common case to shorten.
    if invoke.enabled(ctx, "custom_access_token") is None:
        conn = await ctx.pool.getconn()  # autocommit, and the statement ends its own transaction
        try:
            issued = await rotate_unused(ctx, conn, token)
        finally:
            await ctx.pool.putconn(conn)
        if issued is not None:
            return issued
    try:
        async with privileged_tx(ctx.pool) as conn:
            return await rotate(ctx, conn, token)
    except RefreshTokenReused as reuse:
        async with privileged_tx(ctx.pool) as conn:
            await revoke_family(conn, reuse.session_id)
            await audit.record(conn, ctx, "token_revoked", reuse.user_id, session_id=reuse.session_id)
        raise


async def pkce_grant(ctx: AuthContext) -> dict[str, Any]:
    async with privileged_tx(ctx.pool) as conn:
        user_id, method, provider_tokens = await pkce.exchange(conn, text_field(ctx.body, "auth_code"),
                                                               text_field(ctx.body, "code_verifier"))
        session = await start_session(ctx, conn, user_id, method, action="login", traits={"provider_type": "email"})
        return {**session, **provider_tokens}


GRANTS = {"password": password_grant, "refresh_token": refresh_grant, "pkce": pkce_grant,
          "id_token": id_token_grant.handle, "web3": disabled.web3_grant}
