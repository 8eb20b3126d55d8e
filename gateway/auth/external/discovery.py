"""OpenID providers' discovery documents and signing keys, fetched once per process and kept for a while."""

from __future__ import annotations

import time
from typing import Any

import httpx
from joserfc.errors import JoseError
from joserfc.jwk import KeySet

LIFETIME_SECONDS = 600
# A token naming a key not in the set reads the set again (the provider may have rotated its keys), but not more
# often than this: tokens of made-up key ids must not make the gateway ask the provider on each request.
REFRESH_INTERVAL_SECONDS = 60
TIMEOUT = httpx.Timeout(10.0)
_documents: dict[str, tuple[float, dict[str, Any]]] = {}
_key_sets: dict[str, KeySet] = {}
_key_sets_asked_at: dict[str, float] = {}


class DiscoveryFailed(Exception):
    """The provider's discovery document or keys could not be read."""


async def metadata(issuer: str) -> dict[str, Any]:
    cached = _documents.get(issuer)
    if cached and cached[0] > time.monotonic():
        return cached[1]
    document = await _fetch(f"{issuer}/.well-known/openid-configuration")
    if document.get("issuer") != issuer:
        raise DiscoveryFailed(f"the discovery document of {issuer} names another issuer")
    _documents[issuer] = (time.monotonic() + LIFETIME_SECONDS, document)
    return document


async def keys(jwks_uri: str, refresh: bool = False) -> KeySet:
    """`refresh` after a token named a key not in the set. The time of asking is noted before the answer comes, so
    that concurrent requests wait for no second copy."""
    cached = _key_sets.get(jwks_uri)
    age = time.monotonic() - _key_sets_asked_at.get(jwks_uri, float("-inf"))
    if cached is not None and age < (REFRESH_INTERVAL_SECONDS if refresh else LIFETIME_SECONDS):
        return cached
    _key_sets_asked_at[jwks_uri] = time.monotonic()
    try:
        key_set = KeySet.import_key_set(await _fetch(jwks_uri))
    except (JoseError, ValueError, TypeError) as error:
        raise DiscoveryFailed(f"{jwks_uri}: not a key set ({error})") from error
    _key_sets[jwks_uri] = key_set
    return key_set


async def _fetch(url: str) -> Any:
    try:
        async with httpx.AsyncClient(timeout=TIMEOUT) as client:
            response = await client.get(url, headers={"Accept": "application/json"})
        response.raise_for_status()
        return response.json()
    except (httpx.HTTPError, ValueError) as error:
        raise DiscoveryFailed(f"{url}: {error}") from error
