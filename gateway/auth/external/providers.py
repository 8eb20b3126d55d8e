"""The enabled providers as the sign-in flows see them: endpoints (an OpenID provider's from its discovery
document, GitHub's fixed ones), default scopes, and how a provider's user is read after the code exchange."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

import httpx
from authlib.common.security import generate_token
from authlib.oauth2.rfc6749.parameters import prepare_grant_uri, prepare_token_request
from authlib.oauth2.rfc7636 import create_s256_code_challenge

from gateway.auth.errors import AuthError, validation_failed
from gateway.auth.external import discovery, id_tokens
from gateway.auth.external.provider_user import ProviderUser, from_github, from_oidc_claims
from gateway.auth.meta import EXTERNAL_PROVIDERS
from gateway.project.auth_providers import ProviderConfig
from gateway.settings import Settings

log = logging.getLogger("gateway.auth")

APPLE = "apple"
# GoTrue's issuers for the OpenID providers it names; `url` overrides (a self-hosted GitLab). Azure has none: its
# multi-tenant `common` document names a templated issuer that no token carries, so `url` is the tenant's issuer.
ISSUERS = {
    "google": "https://accounts.google.com",
    APPLE: "https://appleid.apple.com",
    "gitlab": "https://gitlab.com",
}
GITHUB = "github"
GITHUB_BASE = "https://github.com"
GITHUB_API = "https://api.github.com"
OIDC_SCOPES = ("openid", "email", "profile")
TIMEOUT = httpx.Timeout(10.0)


@dataclass(frozen=True)
class Provider:
    config: ProviderConfig
    authorization_endpoint: str
    token_endpoint: str
    scopes: tuple[str, ...]
    issuer: str | None  # None: plain OAuth 2 (GitHub)
    userinfo_endpoint: str | None = None
    supports_pkce: bool = False

    @property
    def name(self) -> str:
        return self.config.name

    def redirect_uri(self, settings: Settings) -> str:
        return self.config.redirect_uri or f"{settings.api_external_url}/auth/v1/callback"

    def new_nonce(self) -> str | None:
        """A nonce for an OpenID provider's ID token, unless the project skips the check."""
        return None if self.issuer is None or self.config.skip_nonce_check else generate_token(32)

    def new_code_verifier(self) -> str | None:
        return generate_token(64) if self.supports_pkce else None

    def authorization_url(self, settings: Settings, state: str, nonce: str | None, code_verifier: str | None,
                          extra: dict[str, str]) -> str:
        challenge = {"code_challenge": create_s256_code_challenge(code_verifier),
                     "code_challenge_method": "S256"} if code_verifier else {}
        # Apple is asked to answer with a form post, as GoTrue asks it: only so does it send the user's name.
        response_mode = {"response_mode": "form_post"} if self.name == APPLE else {}
        return prepare_grant_uri(self.authorization_endpoint, self.config.client_id, "code",
                                 redirect_uri=self.redirect_uri(settings), scope=list(self.scopes), state=state,
                                 nonce=nonce, **challenge, **response_mode, **extra)

    async def exchange(self, settings: Settings, code: str, code_verifier: str | None) -> dict[str, Any]:
        """The token response for the provider's code (client_secret_post, as GitHub and OpenID providers take)."""
        body = prepare_token_request("authorization_code", code=code, redirect_uri=self.redirect_uri(settings),
                                     client_id=self.config.client_id, client_secret=self.config.secret,
                                     code_verifier=code_verifier)
        async with httpx.AsyncClient(timeout=TIMEOUT) as client:
            response = await client.post(self.token_endpoint, content=body, headers={
                "Content-Type": "application/x-www-form-urlencoded", "Accept": "application/json"})
        response.raise_for_status()
        token = response.json()
        if not isinstance(token, dict) or not token.get("access_token"):
            raise ValueError("the provider's token response has no access token")
        return token

    async def user(self, token: dict[str, Any], nonce: str | None) -> ProviderUser:
        """The user behind a token response: the ID token verified (with the flow's nonce) and the userinfo
        answer, or GitHub's user API."""
        access_token = token.get("access_token") or ""
        if self.issuer is None:
            return await _github_user(self.config, access_token)
        id_token = token.get("id_token")
        claims = await id_tokens.verify(self, id_token, nonce) if isinstance(id_token, str) else {}
        if self.userinfo_endpoint and access_token:
            info = await _get_json(self.userinfo_endpoint, access_token)
            if claims and info.get("sub") != claims.get("sub"):
                raise id_tokens.InvalidIdToken("the userinfo answer names another subject than the ID token")
            claims = {**info, **claims}
        if not claims.get("sub"):
            raise id_tokens.InvalidIdToken("the provider named no subject")
        return from_oidc_claims(claims)


def configured(settings: Settings, name: str) -> ProviderConfig:
    """GoTrue's answers for a provider it does not know and one that is switched off."""
    config = settings.external_providers.get(name.lower())
    if config is not None:
        return config
    if name.lower() in EXTERNAL_PROVIDERS:
        raise validation_failed("Unsupported provider: provider is not enabled")
    raise validation_failed(f"Unsupported provider: Provider {name} could not be found")


def issuer_of(config: ProviderConfig) -> str | None:
    if config.name == GITHUB:
        return None
    issuer = config.url or ISSUERS.get(config.name)
    if not issuer:
        raise validation_failed(f"Unsupported provider: {config.name} needs its issuer URL (url)")
    return issuer


async def load(settings: Settings, name: str, scopes: str = "") -> Provider:
    config = configured(settings, name)
    extra = tuple(scope for scope in scopes.replace(",", " ").split() if scope)
    issuer = issuer_of(config)
    if issuer is None:
        base = config.url or GITHUB_BASE
        return Provider(config, f"{base}/login/oauth/authorize", f"{base}/login/oauth/access_token",
                        ("user:email", *extra), None)
    document = await discovery.metadata(issuer)
    return Provider(config, document["authorization_endpoint"], document["token_endpoint"],
                    tuple(dict.fromkeys((*OIDC_SCOPES, *extra))), issuer, document.get("userinfo_endpoint"),
                    "S256" in document.get("code_challenge_methods_supported", ()))


async def load_reachable(settings: Settings, name: str) -> Provider:
    """`load`, or GoTrue's 500 when the provider's OpenID configuration cannot be read (logged with the reason)."""
    try:
        return await load(settings, name)
    except discovery.DiscoveryFailed as error:
        log.warning("external provider unreachable provider=%s error=%s", name, error)
        raise AuthError(500, "unexpected_failure", "Unable to reach the external provider") from None


async def _github_user(config: ProviderConfig, access_token: str) -> ProviderUser:
    api = f"{config.url}/api/v3" if config.url else GITHUB_API
    user = await _get_json(f"{api}/user", access_token)
    emails = await _get_json(f"{api}/user/emails", access_token)
    return from_github(api, user, emails if isinstance(emails, list) else [])


async def _get_json(url: str, access_token: str) -> Any:
    async with httpx.AsyncClient(timeout=TIMEOUT) as client:
        response = await client.get(url, headers={"Authorization": f"Bearer {access_token}",
                                                  "Accept": "application/json"})
    response.raise_for_status()
    return response.json()
