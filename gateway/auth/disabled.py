"""Sign-in methods this gateway does not offer (SAML SSO, Web3) or a project has not switched on (ID tokens of a
provider that is not enabled), refused exactly as GoTrue refuses them when they are disabled, so clients show the
usual errors."""

from __future__ import annotations

from typing import NoReturn

import jwt

from gateway.auth.context import AuthContext, text_field
from gateway.auth.errors import OAuthError, bad_request, not_found, unprocessable, validation_failed

APPLE_ISSUER = "https://appleid.apple.com"
AZURE_ISSUER_PREFIXES = ("https://login.microsoftonline.com/", "https://sts.windows.net/")
# provider -> the issuer GoTrue names in "Provider (issuer ...) is not enabled"; Keycloak's comes from its
# (here absent) configuration.
ISSUERS = {
    "google": "https://accounts.google.com",
    "facebook": "https://www.facebook.com",
    "kakao": "https://kauth.kakao.com",
    "vercel_marketplace": "https://marketplace.vercel.com",
    "snapchat": "https://accounts.snapchat.com/accounts/oauth2/token",
    "keycloak": "",
}


async def saml(ctx: AuthContext) -> NoReturn:
    raise not_found("saml_provider_disabled", "SAML 2.0 is disabled")


async def web3_grant(ctx: AuthContext) -> NoReturn:
    raise unprocessable("web3_provider_disabled", "Web3 provider is disabled")


async def id_token_grant(ctx: AuthContext) -> NoReturn:
    """GoTrue's checks of signInWithIdToken up to the provider's switch, which is off for every provider here."""
    id_token, provider = text_field(ctx.body, "id_token"), text_field(ctx.body, "provider")
    issuer = text_field(ctx.body, "issuer")
    if not id_token:
        raise OAuthError("invalid request", "id_token required")
    if not provider and not (text_field(ctx.body, "client_id") and issuer):
        raise OAuthError("invalid request", "provider or client_id and issuer required")
    if provider == "apple" or issuer == APPLE_ISSUER:
        issuer = _detected_issuer(id_token, "Apple", issuer, lambda found: found == APPLE_ISSUER)
    elif provider == "azure" or issuer.startswith(AZURE_ISSUER_PREFIXES):
        issuer = _detected_issuer(id_token, "Azure", issuer, lambda found: found.startswith(AZURE_ISSUER_PREFIXES))
    elif provider in ISSUERS or issuer in ISSUERS.values() and issuer:
        issuer = ISSUERS.get(provider, issuer)
    elif provider.startswith("custom:"):
        raise validation_failed("Custom OAuth providers are disabled")
    else:
        raise validation_failed(f'Custom OIDC provider "{provider}" not allowed')
    raise bad_request("provider_disabled", f'Provider (issuer "{issuer}") is not enabled')


def _detected_issuer(id_token: str, name: str, given: str, accepts) -> str:
    try:
        found = jwt.decode(id_token, options={"verify_signature": False}).get("iss")
    except jwt.PyJWTError:
        found = None
    if not isinstance(found, str):
        raise validation_failed(f"Unable to detect issuer in ID token for {name} provider")
    if not accepts(found):
        raise validation_failed(f"Detected ID token issuer is not an {name} ID token issuer")
    if given and given != found:
        raise validation_failed("Provided issuer does not match ID token issuer")
    return found
