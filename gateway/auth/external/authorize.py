"""GET /authorize (signInWithOAuth) and GET /user/identities/authorize (linkIdentity): a flow is recorded and the
browser sent to the provider."""

from __future__ import annotations

from typing import Any

from fastapi.responses import JSONResponse, RedirectResponse

from gateway.auth import pkce
from gateway.auth.context import AuthContext
from gateway.auth.errors import not_found, validation_failed
from gateway.auth.external import flow_states, providers
from gateway.auth.external.discovery import DiscoveryFailed
from gateway.auth.links import allowed_redirect
from gateway.database.transactions import privileged_tx

# Parameters the gateway sets itself or reads, never passed on to the provider (GoTrue's reservedOAuthParams).
RESERVED = {"provider", "scopes", "redirect_to", "code_challenge", "code_challenge_method", "skip_http_redirect",
            "client_id", "redirect_uri", "response_type", "state", "scope", "nonce", "code_verifier",
            "response_mode", "request", "request_uri"}


async def handle(ctx: AuthContext) -> RedirectResponse:
    return RedirectResponse(await _provider_url(ctx, linking_target_id=None), status_code=302)


async def handle_link(ctx: AuthContext) -> RedirectResponse | JSONResponse:
    """require_user let the caller in; anonymous users link to become permanent, as in GoTrue."""
    if not ctx.settings.manual_linking_enabled:
        raise not_found("manual_linking_disabled", "Manual linking is disabled")
    url = await _provider_url(ctx, linking_target_id=ctx.user_id)
    if ctx.query.get("skip_http_redirect") == "true":  # supabase-js fetches this URL, and fetch follows no redirect
        return JSONResponse({"url": url})
    return RedirectResponse(url, status_code=302)


async def _provider_url(ctx: AuthContext, linking_target_id: str | None) -> str:
    query = ctx.query
    try:
        provider = await providers.load(ctx.settings, query.get("provider", ""), query.get("scopes", ""))
    except DiscoveryFailed:
        raise validation_failed("Unsupported provider: the provider's OpenID configuration could not be read") from None
    referrer = allowed_redirect(ctx.settings, query.get("redirect_to"))
    challenge = query.get("code_challenge", "")
    method = pkce.check_challenge_params(challenge, query.get("code_challenge_method", ""))
    nonce, verifier = provider.new_nonce(), provider.new_code_verifier()
    async with privileged_tx(ctx.pool) as conn:
        state = await flow_states.start(conn, client_address=ctx.ip, provider=provider.name, referrer=referrer,
                                        challenge=challenge, challenge_method=method, nonce=nonce,
                                        code_verifier=verifier, linking_target_id=linking_target_id)
    extra: dict[str, Any] = {key: value for key, value in query.items() if key.lower() not in RESERVED}
    return provider.authorization_url(ctx.settings, state, nonce, verifier, extra)
