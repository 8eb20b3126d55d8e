"""apikey + Authorization → the database role and claims a request runs with (shared by REST, functions, realtime)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from gateway.database.transactions import API_ROLES
from gateway.keys import InvalidToken, JwtKeys


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


class RoleNotAllowed(InvalidToken):
    """A valid token whose role claim is not one the API serves."""


def verify_api_token(keys: JwtKeys, token: str, also_roles: tuple[str, ...] = ()) -> dict[str, Any]:
    """The one check of a caller's token for every surface (REST, auth, functions, realtime, storage): signature,
    expiry, and a role among the API's (plus `also_roles` where a surface allows more, as the admin API does).
    Each surface renders the exceptions in its own protocol's shape.

    Raises ExpiredToken, RoleNotAllowed or InvalidToken (the first two are InvalidTokens).
    """
    claims = keys.verify(token)
    role = claims.get("role")
    if not is_api_role(role) and not (isinstance(role, str) and role in also_roles):
        raise RoleNotAllowed("the token's role is not one of anon, authenticated, service_role")
    return claims


def resolve_caller(keys: JwtKeys, headers: Mapping[str, str]) -> Caller:
    """The bearer token decides; without one the apikey does; with neither the caller is anon (as PostgREST).

    Raises InvalidToken (PGRST301) or ExpiredToken (PGRST303).
    """
    token = bearer_token(headers) or headers.get("apikey") or None
    if token is None:
        return Caller(role="anon", claims={"role": "anon"}, token=None)
    claims = verify_api_token(keys, token)
    return Caller(role=claims["role"], claims=claims, token=token)
