"""apikey + Authorization → the database role and claims a request runs with (shared by REST, functions, realtime)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from gateway.keys import InvalidToken, JwtKeys

API_ROLES = frozenset({"anon", "authenticated", "service_role"})


def is_api_role(role: Any) -> bool:
    """A token's role claim may be any JSON value (a list is unhashable), so test the type before membership."""
    return isinstance(role, str) and role in API_ROLES


@dataclass(frozen=True)
class Caller:
    role: str
    claims: dict[str, Any]
    token: str | None

    @property
    def user_id(self) -> str | None:
        return self.claims.get("sub")


def bearer_token(headers: Mapping[str, str]) -> str | None:
    value = headers.get("authorization") or ""
    scheme, _, token = value.partition(" ")
    if scheme.lower() == "bearer" and token.strip():
        return token.strip()
    return None


def resolve_caller(keys: JwtKeys, headers: Mapping[str, str]) -> Caller:
    """The bearer token decides; without one the apikey does; with neither the caller is anon (as PostgREST).

    Raises InvalidToken (PGRST301) or ExpiredToken (PGRST303).
    """
    token = bearer_token(headers) or headers.get("apikey") or None
    if token is None:
        return Caller(role="anon", claims={"role": "anon"}, token=None)
    claims = keys.verify(token)
    role = claims.get("role")
    if not is_api_role(role):
        raise InvalidToken("the token's role is not one of anon, authenticated, service_role")
    return Caller(role=role, claims=claims, token=token)
