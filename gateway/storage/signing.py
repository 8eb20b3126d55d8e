"""Signed URLs: HS256 tokens with the project's JWT secret, carrying `url` (bucket/name) and a scope, as
supabase/storage signs them; a download token may carry image transformations, an upload token its owner."""

from __future__ import annotations

import time
from typing import Any

import jwt

from gateway.claims import Caller
from gateway.storage import errors

DOWNLOAD = "download"
UPLOAD = "upload"
UPLOAD_URL_SECONDS = 7200


def sign(secret: str, url: str, expires_in: int, scope: str, **extra: Any) -> str:
    now = int(time.time())
    claims = {**{k: v for k, v in extra.items() if v not in (None, "")}, "url": url, "scope": scope,
              "iat": now, "exp": now + expires_in}
    return jwt.encode(claims, secret, algorithm="HS256")


def expires_in(value: Any) -> int:
    """Seconds; a numeric string is accepted, as Fastify's schema coercion accepts storage3's `"60"`."""
    if isinstance(value, str) and value.isdigit():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value < 1:
        raise errors.invalid_request("body/expiresIn must be >= 1")
    return int(value)


def verify(secret: str, token: str | None, url: str, scope: str) -> dict:
    if not token:
        raise errors.missing_parameter("token")
    try:
        claims = jwt.decode(token, secret, algorithms=["HS256"], options={"verify_aud": False})
    except jwt.ExpiredSignatureError:
        raise errors.invalid_jwt("jwt expired") from None
    except jwt.PyJWTError:
        raise errors.invalid_jwt("invalid signature") from None
    if scope == UPLOAD:
        scoped = claims.get("scope") == UPLOAD
    else:
        scoped = claims.get("scope") == DOWNLOAD or ("scope" not in claims and "upsert" not in claims)
    if not scoped:
        raise errors.invalid_signature(f"Token is not scoped for {scope}")
    if claims.get("url") != url:
        raise errors.invalid_signature()
    return claims


def upload_caller(claims: dict) -> Caller:
    """Whom a verified upload token lets write: the API (service_role), owned by whoever signed the token."""
    owner = claims.get("owner")
    return Caller(role="service_role", claims={"role": "service_role", **({"sub": owner} if owner else {})},
                  token=None)
