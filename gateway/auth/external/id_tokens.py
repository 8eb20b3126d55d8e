"""An OpenID provider's ID token checked as GoTrue's go-oidc verifier checks it: its signature by one of the
provider's published keys, its issuer, its audience (one of the configured client ids), its expiry, and the nonce
of the flow that asked for it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from joserfc import jws, jwt
from joserfc.errors import InvalidKeyIdError, JoseError
from joserfc.jwk import KeySet
from joserfc.jwt import ClaimsOption

from gateway.auth.external import discovery

if TYPE_CHECKING:
    from gateway.auth.external.providers import Provider

# go-oidc's default set, less the symmetric ones: a provider signs with its private key.
ALGORITHMS = ("RS256", "RS384", "RS512", "ES256", "ES384", "ES512", "PS256", "PS384", "PS512", "EdDSA")
LEEWAY_SECONDS = 60


class InvalidIdToken(Exception):
    """The ID token (or the user data beside it) is not the provider's answer for this client and this flow."""


def well_formed(id_token: str) -> bool:
    """A compact JWS at all (three parts, a JSON header): anything else fails whatever the provider's keys."""
    try:
        jws.extract_compact(id_token.encode())
    except (JoseError, ValueError):
        return False
    return True


async def verify(provider: Provider, id_token: str, nonce: str | None) -> dict[str, Any]:
    """The verified claims; `nonce` None leaves the nonce to the caller (skip_nonce_check, or the ID-token grant)."""
    assert provider.issuer is not None
    jwks_uri = (await discovery.metadata(provider.issuer)).get("jwks_uri")
    if not jwks_uri:
        raise InvalidIdToken(f"{provider.issuer} publishes no keys (jwks_uri)")
    try:
        token = _decode(id_token, await discovery.keys(jwks_uri))
    except InvalidKeyIdError:
        try:
            token = _decode(id_token, await discovery.keys(jwks_uri, refresh=True))
        except InvalidKeyIdError as error:
            raise InvalidIdToken("ID token signed by a key the provider does not publish") from error
    options: dict[str, ClaimsOption] = {
        "iss": {"essential": True, "value": provider.issuer},
        "aud": {"essential": True, "values": list(provider.config.client_ids)},
        "sub": {"essential": True},
        "exp": {"essential": True},
    }
    if nonce is not None:
        options["nonce"] = {"essential": True, "value": nonce}
    registry = jwt.JWTClaimsRegistry(None, LEEWAY_SECONDS, **options)
    try:
        registry.validate(token.claims)
    except JoseError as error:
        raise InvalidIdToken(f"ID token rejected: {error}") from error
    return dict(token.claims)


def _decode(id_token: str, key_set: KeySet) -> jwt.Token:
    """InvalidKeyIdError when no key of the set has the token's key id (the set may be stale)."""
    try:
        return jwt.decode(id_token, key_set, algorithms=list(ALGORITHMS))
    except InvalidKeyIdError:
        raise
    except JoseError as error:
        raise InvalidIdToken(f"ID token rejected: {error}") from error
