"""The token of a caller the studio acts as ("view as", the SQL editor's role switch): a project key, or a user's
access token as the auth service would issue it, so that REST and the database see exactly that user."""

from __future__ import annotations

import time
import uuid
from typing import Any

import psycopg

from gateway.auth.sessions import user_claims
from gateway.auth.users import user_json
from gateway.jwt_keys import JwtKeys
from gateway.settings import Settings


class UnknownUser(LookupError):
    pass


async def claims_of(conn: psycopg.AsyncConnection, role: str, user_id: str | None, settings: Settings
                    ) -> dict[str, Any]:
    if role != "authenticated":
        return {"role": role}
    if not user_id:
        raise UnknownUser("Pick a user to act as the authenticated role.")
    try:
        record = await user_json(conn, user_id)
    except psycopg.errors.InvalidTextRepresentation:
        record = None
    if record is None:
        raise UnknownUser(f"No user with id {user_id}.")
    return user_claims(record, issuer=f"{settings.api_external_url}/auth/v1", lifetime=settings.jwt_exp,
                       session_id=str(uuid.uuid4()), aal="aal1",
                       amr=[{"method": "password", "timestamp": int(time.time())}])


def token_for(keys: JwtKeys, claims: dict[str, Any]) -> str:
    if claims["role"] == "anon":
        return keys.anon_key
    if claims["role"] == "service_role":
        return keys.service_role_key
    return keys.sign_access_token(claims)
