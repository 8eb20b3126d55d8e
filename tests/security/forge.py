"""Hostile tokens, built by hand the way an attacker would (no help from JwtKeys, which only signs good ones)."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import time
from typing import Any

import jwt

from tests.conftest import TEST_JWT_SECRET


def _segment(value: dict[str, Any]) -> str:
    return base64.urlsafe_b64encode(json.dumps(value, separators=(",", ":")).encode()).rstrip(b"=").decode()


def claims(role: str = "service_role", **extra: Any) -> dict[str, Any]:
    now = int(time.time())
    return {"iss": "supabase", "role": role, "iat": now, "exp": now + 3600, **extra}


def hs256(payload: dict[str, Any], secret: str = TEST_JWT_SECRET, **header: Any) -> str:
    return jwt.encode(payload, secret, algorithm="HS256", headers=header or None)


def unsigned(payload: dict[str, Any]) -> str:
    """`alg: none`: no signature at all."""
    return f"{_segment({'alg': 'none', 'typ': 'JWT'})}.{_segment(payload)}."


def hmac_with_header(header: dict[str, Any], payload: dict[str, Any], secret: str = TEST_JWT_SECRET,
                     digest: str = "sha256") -> str:
    """Any header (an `alg` it does not match, a `kid`), HMAC-signed over the usual signing input."""
    signing_input = f"{_segment(header)}.{_segment(payload)}"
    signature = hmac.new(secret.encode(), signing_input.encode(), getattr(hashlib, digest)).digest()
    return f"{signing_input}.{base64.urlsafe_b64encode(signature).rstrip(b'=').decode()}"


def hostile_tokens() -> dict[str, str]:
    """Every token here asks for service_role (or a stronger role) and every one must be refused."""
    now = int(time.time())
    service = claims()
    return {
        "alg_none": unsigned(service),
        "alg_none_uppercase": f"{_segment({'alg': 'NONE'})}.{_segment(service)}.",
        "hs512_with_secret": hmac_with_header({"alg": "HS512", "typ": "JWT"}, service, digest="sha512"),
        "rs256_header_hmac_signature": hmac_with_header({"alg": "RS256", "typ": "JWT"}, service),
        "es256_header_hmac_signature": hmac_with_header({"alg": "ES256", "typ": "JWT", "kid": "x"}, service),
        "kid_path_traversal_empty_key": hmac_with_header(
            {"alg": "HS256", "kid": "../../../../dev/null"}, service, secret=""),
        "kid_sql_injection_other_key": hmac_with_header(
            {"alg": "HS256", "kid": "x' union select 'attacker-secret-0123456789abcdef0123"},
            service, secret="attacker-secret-0123456789abcdef0123"),
        "wrong_secret": hs256(service, "another-secret-0123456789abcdef0123456789"),
        "signature_stripped": hs256(service).rsplit(".", 1)[0] + ".",
        "expired": hs256(claims(iat=now - 7200, exp=now - 3600)),
        "not_yet_valid": hs256(claims(nbf=now + 3600)),
        "role_postgres": hs256(claims("postgres")),
        "role_supabase_admin": hs256(claims("supabase_admin")),
        "role_authenticator": hs256(claims("authenticator")),
        "role_supabase_auth_admin": hs256(claims("supabase_auth_admin")),
        "role_empty": hs256(claims("")),
        "role_list": hs256({**service, "role": ["service_role"]}),
        "role_missing": hs256({k: v for k, v in service.items() if k != "role"}),
        "garbage": "not-a-jwt",
    }
