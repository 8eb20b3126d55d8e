"""apikey + Authorization → the database role and claims a request runs with (shared by REST, functions, realtime)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from gateway.api_keys import OPAQUE_PREFIX
from gateway.database.transactions import API_ROLES
from gateway.jwt_keys import InvalidToken, JwtKeys


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
    """The one check of a caller's token for every surface (REST, auth, functions, realtime, storage): a
    publishable or secret API key stands for its role's key; a JWT's signature and expiry are checked; the role must
    be among the API's (plus `also_roles` where a surface allows more, as the admin API does). Each surface renders
    the exceptions in its own protocol's shape.

    Raises ExpiredToken, RoleNotAllowed or InvalidToken (the first two are InvalidTokens).
    """
    claims = keys.api_key_claims(token) or keys.verify(token)
    role = claims.get("role")
    if not is_api_role(role) and not (isinstance(role, str) and role in also_roles):
        raise RoleNotAllowed("the token's role is not one of anon, authenticated, service_role")
    return claims


def resolve_caller(keys: JwtKeys, headers: Mapping[str, str]) -> Caller:
    """The bearer token decides; without one the apikey does; with neither the caller is anon (as PostgREST).
    A bearer that is an API key (supabase-js sends its client key there too) yields to the apikey, as Supabase's
    API gateway replaces it.

    Raises InvalidToken (PGRST301) or ExpiredToken (PGRST303).
    """
    bearer = bearer_token(headers)
    key_as_bearer = bearer is not None and bearer.startswith(OPAQUE_PREFIX)
    token = (None if key_as_bearer else bearer) or headers.get("apikey") or bearer
    if token is None:
        return Caller(role="anon", claims={"role": "anon"}, token=None)
    claims = verify_api_token(keys, token)
    return Caller(role=claims["role"], claims=claims, token=token)
