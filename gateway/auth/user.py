"""GET /user and PUT /user (email, password, metadata) for the signed-in caller."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from psycopg import AsyncConnection
from starlette.responses import Response

from gateway.auth import audit, email_change, reauthenticate
from gateway.auth.context import AuthContext, check_email, text_field
from gateway.auth.errors import AuthError, forbidden, unprocessable, validation_failed
from gateway.auth.guards import CALLER_STATE, lock_caller, refuse_caller
from gateway.auth.links import allowed_redirect
from gateway.auth.passwords import check_strength, hash_password, password_matches
from gateway.auth.users import USER_JSON, user_json
from gateway.database import round_trip
from gateway.database.round_trip import Query
from gateway.database.transactions import one, privileged_tx
from gateway.settings import Settings


@dataclass
class UpdateUserParams:
    email: str | None
    password: str | None
    data: dict[str, Any] | None
    nonce: str | None = None

    @classmethod
    def from_body(cls, body: dict[str, Any]) -> UpdateUserParams:
        data = body.get("data")
        if data is not None and not isinstance(data, dict):
            raise validation_failed("data must be a JSON object")
        password = body.get("password")
        if password is not None and not isinstance(password, str):
            raise validation_failed("password must be a string")
        return cls(email=text_field(body, "email") or None, password=password or None, data=data,
                   nonce=text_field(body, "nonce") or None)

    def validate(self, settings: Settings) -> None:
        if self.email is not None:
            self.email = check_email(self.email)
        if self.password is not None:
            check_strength(self.password, settings)

    def new_email(self, user: dict[str, Any]) -> str | None:
        """The address asked for, unless it is the one the user has."""
        if self.email is None or self.email == (user["email"] or "").lower():
            return None
        return self.email


GET_USER = Query.of(f"select {CALLER_STATE}, ({USER_JSON})::text from auth.users u where u.id = %(sub)s::uuid")


async def handle_get(ctx: AuthContext) -> Response:
    """require_user's checks and the user's JSON in one statement, sent on libpq directly
    (gateway.database.round_trip: one round trip, on an autocommit connection, so nothing to end), the text sent as
    it is."""
    conn = await ctx.pool.getconn()
    try:
        [row] = await round_trip.first_rows(conn, [(GET_USER, {"sub": ctx.user_id, "session_id": ctx.session_id})])
    finally:
        await ctx.pool.putconn(conn)
    refuse_caller(row[:2] if row else None)
    return Response(one(row)[2], media_type="application/json")


async def handle_put(ctx: AuthContext) -> dict[str, Any]:
    params = UpdateUserParams.from_body(ctx.body)
    params.validate(ctx.settings)
    if ctx.body.get("app_metadata") is not None:
        raise forbidden("not_admin", "Updating app_metadata requires admin privileges")
    new_hash = await hash_password(params.password) if params.password is not None else None
    async with privileged_tx(ctx.pool) as conn:
        user = await lock_caller(ctx, conn)
        await _check_allowed(ctx, conn, user, params)
        if params.data is not None:
            await _merge_metadata(conn, ctx.user_id, params.data)
        if params.password is not None:
            await reauthenticate.check_password_change(ctx, conn, user, params.nonce)
            if user["encrypted_password"] and await password_matches(params.password, user["encrypted_password"]):
                raise unprocessable("same_password", "New password should be different from the old password.")
            await conn.execute("update auth.users set encrypted_password = %s, updated_at = now() where id = %s",
                               (new_hash, ctx.user_id))
            await audit.record(conn, ctx, "user_updated_password", ctx.user_id, session_id=ctx.session_id)
        new_email = params.new_email(user)
        if new_email is not None:
            redirect_to = allowed_redirect(ctx.settings, ctx.query.get("redirect_to"))
            await email_change.request(ctx, conn, user, new_email, redirect_to)
        await audit.record(conn, ctx, "user_modified", ctx.user_id, session_id=ctx.session_id)
        return one(await user_json(conn, ctx.user_id))


async def _check_allowed(ctx: AuthContext, conn: AsyncConnection, user: dict[str, Any],
                         params: UpdateUserParams) -> None:
    """GoTrue's rules: with MFA on, credentials change only from an aal2 session; an anonymous user needs an
    email before a password."""
    if (params.password is not None or params.new_email(user) is not None) and ctx.claims.get("aal") != "aal2":
        cur = await conn.execute("select exists (select 1 from auth.mfa_factors where user_id = %s"
                                 " and status = 'verified')", (ctx.user_id,))
        if one(await cur.fetchone())[0]:
            raise AuthError(401, "insufficient_aal",
                            "AAL2 session is required to update email or password when MFA is enabled.")
    if user["is_anonymous"] and params.password is not None and params.email is None:
        raise unprocessable("validation_failed",
                            "Updating password of an anonymous user without an email or phone is not allowed")


async def _merge_metadata(conn: AsyncConnection, user_id: str, data: dict[str, Any]) -> None:
    # GoTrue merges top-level keys and removes the ones set to null.
    removed = [key for key, value in data.items() if value is None]
    kept = {key: value for key, value in data.items() if value is not None}
    await conn.execute(
        "update auth.users set raw_user_meta_data = (raw_user_meta_data || %s::jsonb) - %s::text[],"
        " updated_at = now() where id = %s",
        (json.dumps(kept), removed, user_id),
    )

