"""JWTs: the project's anon and service-role keys, signing access tokens, and verifying whatever a client presents."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

import jwt

LEEWAY_SECONDS = 30
# Supabase's local stack issues its keys with these fixed times, so a key stays the same for a given secret.
KEY_ISSUED_AT = 1641769200
KEY_EXPIRES_AT = 1983812996


class InvalidToken(Exception):
    """The token is malformed, forged or signed with another key (PGRST301 / bad_jwt)."""


class ExpiredToken(InvalidToken):
    """The token was valid but its `exp` has passed (PGRST303)."""


@dataclass(frozen=True)
class JwtKeys:
    secret: str
    issuer: str = "supabase"

    def sign(self, claims: dict[str, Any]) -> str:
        return jwt.encode(claims, self.secret, algorithm="HS256")

    def verify(self, token: str) -> dict[str, Any]:
        try:
            header = jwt.get_unverified_header(token)
        except jwt.PyJWTError:
            raise InvalidToken("malformed token") from None
        if header.get("alg") != "HS256":
            raise InvalidToken("unsupported algorithm")
        try:
            return jwt.decode(
                token,
                self.secret,
                algorithms=["HS256"],
                leeway=LEEWAY_SECONDS,
                options={"verify_aud": False},
            )
        except jwt.ExpiredSignatureError:
            raise ExpiredToken("JWT expired") from None
        except jwt.PyJWTError:
            raise InvalidToken("invalid token") from None

    def project_key(self, role: str) -> str:
        return self.sign({"iss": self.issuer, "ref": "default", "role": role, "iat": KEY_ISSUED_AT, "exp": KEY_EXPIRES_AT})

    @property
    def anon_key(self) -> str:
        return self.project_key("anon")

    @property
    def service_role_key(self) -> str:
        return self.project_key("service_role")


def now() -> int:
    return int(time.time())
