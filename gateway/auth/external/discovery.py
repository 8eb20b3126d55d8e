"""OpenID providers' discovery documents and signing keys, fetched once per process and kept for a while."""

from __future__ import annotations

import time
from typing import Any

import httpx
from joserfc.jwk import KeySet

LIFETIME_SECONDS = 600
TIMEOUT = httpx.Timeout(10.0)
_documents: dict[str, tuple[float, dict[str, Any]]] = {}
_key_sets: dict[str, tuple[float, KeySet]] = {}


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
    """`refresh` after a token named a key not in the set: the provider may have rotated its keys."""
    cached = _key_sets.get(jwks_uri)
    if cached and cached[0] > time.monotonic() and not refresh:
        return cached[1]
    key_set = KeySet.import_key_set(await _fetch(jwks_uri))
    _key_sets[jwks_uri] = (time.monotonic() + LIFETIME_SECONDS, key_set)
    return key_set


async def _fetch(url: str) -> Any:
    try:
        async with httpx.AsyncClient(timeout=TIMEOUT) as client:
            response = await client.get(url, headers={"Accept": "application/json"})
        response.raise_for_status()
        return response.json()
    except (httpx.HTTPError, ValueError) as error:
        raise DiscoveryFailed(f"{url}: {error}") from error
