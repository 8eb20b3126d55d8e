"""GET /callback (or POST, a provider answering with response_mode=form_post as Apple does): the provider sends
the browser back with its code; the user is found or made, and sent on to the
flow's redirect URL with a code to exchange (PKCE) or the session in the fragment (implicit). Every failure goes
back to that URL too, in GoTrue's `error` / `error_code` / `error_description` form."""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

import httpx
from fastapi.responses import RedirectResponse

from gateway.auth.context import AuthContext
from gateway.auth.errors import AuthError, OAuthError, bad_request
from gateway.auth.external import accounts, flow_states, linking, provider_user, providers
from gateway.auth.external.discovery import DiscoveryFailed
from gateway.auth.external.flow_states import ExternalFlow
from gateway.auth.external.id_tokens import InvalidIdToken
from gateway.auth.external.provider_user import ProviderUser
from gateway.auth.external.providers import APPLE, Provider
from gateway.auth.sessions import start_session
from gateway.auth.verify import OAUTH_ERRORS
from gateway.database.transactions import privileged_tx

log = logging.getLogger("gateway.auth")
# Refusals GoTrue reports as access_denied whatever their status.
ACCESS_DENIED = {"signup_disabled", "user_banned", "provider_email_needs_verification"}


async def handle(ctx: AuthContext) -> RedirectResponse:
    answer = ctx.body if ctx.request.method == "POST" else ctx.query
    state = answer.get("state", "")
    try:
        return await _complete(ctx, state, answer)
    except AuthError as error:
        async with ctx.pool.connection() as conn:
            referrer = await flow_states.referrer_of(conn, state)
        return error_redirect(referrer or ctx.settings.site_url, error)


def error_redirect(target: str, error: AuthError) -> RedirectResponse:
    """GoTrue's redirectErrors: the error in the query (beside the URL's own parameters) and in the fragment."""
    if isinstance(error, OAuthError):
        params = {"error": error.code, "error_description": error.message}
    else:
        kind = "access_denied" if error.code in ACCESS_DENIED else OAUTH_ERRORS.get(error.status, "server_error")
        params = {"error": kind, "error_code": error.code, "error_description": error.message}
    parts = urlsplit(target)
    query = urlencode([*parse_qsl(parts.query), *sorted(params.items())])
    fragment = urlencode([*sorted(params.items()), ("sb", "")])
    return RedirectResponse(urlunsplit((parts.scheme, parts.netloc, parts.path, query, fragment)), 302)


async def _complete(ctx: AuthContext, state: str, answer: Mapping[str, str]) -> RedirectResponse:
    async with privileged_tx(ctx.pool) as conn:
        flow = await flow_states.load(conn, state)
    if answer.get("error"):
        raise OAuthError(answer["error"], answer.get("error_description", ""))
    code = answer.get("code", "")
    if not code:
        raise bad_request("bad_oauth_callback", "OAuth code missing")
    provider, token, person = await _provider_answer(ctx, flow, code)
    if provider.name == APPLE and answer.get("user"):
        try:
            person = provider_user.with_apple_name(person, answer["user"])
        except ValueError:
            raise AuthError(500, "unexpected_failure", "Error getting user profile from external provider") from None
    provider_token, provider_refresh_token = token.get("access_token"), token.get("refresh_token")
    async with privileged_tx(ctx.pool) as conn:
        flow = await flow_states.load(conn, state)  # locked now: a second callback of the same flow waits, then fails
        if flow.linking_target_id:
            signed_in = accounts.SignIn(await linking.link(ctx, conn, flow.linking_target_id, provider.name, person))
        else:
            signed_in = await accounts.sign_in(ctx, conn, provider.name, person, provider.config.email_optional)
        if signed_in.refusal is None:
            if flow.pkce:
                auth_code = await flow_states.complete_pkce(conn, flow.id, signed_in.user_id, provider_token,
                                                            provider_refresh_token)
                return RedirectResponse(_with_query(flow.referrer, {"code": auth_code}), 302)
            await flow_states.finish(conn, flow.id)
            session = await start_session(ctx, conn, signed_in.user_id, "oauth", action=None)
    if signed_in.refusal is not None:
        raise signed_in.refusal
    return RedirectResponse(f"{flow.referrer}#{urlencode(_fragment(session, provider_token, provider_refresh_token))}",
                            302)


async def _provider_answer(ctx: AuthContext, flow: ExternalFlow,
                           code: str) -> tuple[Provider, dict[str, Any], ProviderUser]:
    """The provider's token response and its user; what went wrong is logged without the provider's secrets."""
    provider = await providers.load_reachable(ctx.settings, flow.provider)
    try:
        token = await provider.exchange(ctx.settings, code, flow.code_verifier)
    except (httpx.HTTPError, ValueError) as error:
        log.warning("external code exchange failed provider=%s error=%s", flow.provider, type(error).__name__)
        raise AuthError(500, "unexpected_failure", "Unable to exchange external code") from None
    try:
        person = await provider.user(token, flow.nonce)
    except (httpx.HTTPError, ValueError, DiscoveryFailed, InvalidIdToken) as error:
        log.warning("external user data refused provider=%s error=%s", flow.provider, error)
        raise AuthError(500, "unexpected_failure", "Error getting user profile from external provider") from None
    return provider, token, person


def _with_query(url: str, params: dict[str, str]) -> str:
    parts = urlsplit(url)
    query = urlencode([*parse_qsl(parts.query), *params.items()])
    return urlunsplit((parts.scheme, parts.netloc, parts.path, query, parts.fragment))


def _fragment(session: dict[str, Any], provider_token: str | None, provider_refresh_token: str | None) -> dict:
    fragment = {"access_token": session["access_token"], "expires_at": session["expires_at"],
                "expires_in": session["expires_in"]}
    if provider_token:
        fragment["provider_token"] = provider_token
    if provider_refresh_token:
        fragment["provider_refresh_token"] = provider_refresh_token
    fragment.update({"refresh_token": session["refresh_token"], "token_type": "bearer"})
    return fragment
