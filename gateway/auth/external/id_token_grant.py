"""POST /token?grant_type=id_token (signInWithIdToken): an ID token the app got from the provider itself (Google
One Tap, Sign in with Apple) signs its user in, once its signature, issuer, audience, expiry and nonce hold."""

from __future__ import annotations

import hashlib
import secrets
from typing import Any

from gateway.auth import disabled
from gateway.auth.context import AuthContext, text_field
from gateway.auth.errors import OAuthError
from gateway.auth.external import accounts, id_tokens, providers
from gateway.auth.external.discovery import DiscoveryFailed
from gateway.auth.external.provider_user import from_oidc_claims
from gateway.auth.sessions import start_session
from gateway.database.transactions import privileged_tx


async def handle(ctx: AuthContext) -> dict[str, Any]:
    name = text_field(ctx.body, "provider")
    if not text_field(ctx.body, "id_token") or name.lower() not in ctx.settings.external_providers:
        return await disabled.id_token_grant(ctx)  # GoTrue's answers for a missing token or a provider that is off
    id_token = text_field(ctx.body, "id_token")
    if not id_tokens.well_formed(id_token):  # what the provider would answer too: no need to ask it
        raise OAuthError("invalid request", "Bad ID token")
    provider = await providers.load_reachable(ctx.settings, name)
    if provider.issuer is None:
        raise OAuthError("invalid request", f"Provider {name} does not issue ID tokens")
    try:
        claims = await id_tokens.verify(provider, id_token, None)
    except (id_tokens.InvalidIdToken, DiscoveryFailed):
        raise OAuthError("invalid request", "Bad ID token") from None
    if not provider.config.skip_nonce_check:
        _check_nonce(claims.get("nonce"), text_field(ctx.body, "nonce"))
    person = from_oidc_claims(claims)
    async with privileged_tx(ctx.pool) as conn:
        signed_in = await accounts.sign_in(ctx, conn, provider.name, person, provider.config.email_optional)
        if signed_in.refusal is None:
            return await start_session(ctx, conn, signed_in.user_id, "id_token", action=None)
    raise signed_in.refusal


def _check_nonce(in_token: Any, given: str) -> None:
    """GoTrue's rule: the app passes the raw nonce, the token carries its SHA-256 in hex; both or neither."""
    if bool(in_token) != bool(given):
        raise OAuthError("invalid request", "Passed nonce and nonce in id_token should either both exist or not.")
    if given and not secrets.compare_digest(hashlib.sha256(given.encode()).hexdigest(), str(in_token)):
        raise OAuthError("invalid nonce", "Nonces mismatch")
