"""auth.audit_log_entries as GoTrue writes them: who did what, from which address. Never a token or a password."""

from __future__ import annotations

import json
from typing import Any

from fastapi.responses import Response
from psycopg import AsyncConnection

from gateway.auth.context import AuthContext
from gateway.auth.errors import validation_failed
from gateway.auth.paging import Page
from gateway.database.transactions import one, privileged_tx

# GoTrue's action -> log_type table (internal/models/audit_log_entry.go).
LOG_TYPES = {
    "login": "account",
    "logout": "account",
    "invite_accepted": "account",
    "user_signedup": "team",
    "user_invited": "team",
    "user_deleted": "team",
    "token_revoked": "token",
    "token_refreshed": "token",
    "user_modified": "user",
    "identity_linked": "user",
    "identity_unlinked": "user",
    "user_recovery_requested": "user",
    "user_confirmation_requested": "user",
    "user_repeated_signup": "user",
    "user_updated_password": "user",
    "user_reauthenticate_requested": "user",
    "factor_in_progress": "factor",
    "factor_unenrolled": "factor",
    "factor_deleted": "factor",
    "challenge_created": "factor",
    "verification_attempted": "factor",
    "passkey_created": "user",
    "passkey_updated": "user",
    "passkey_deleted": "user",
}
# GET /admin/audit?query=<scope>:<text>: the payload fields each scope searches (case-insensitive substring).
QUERY_SCOPES = {"author": ("actor_username", "actor_name"), "action": ("action",), "type": ("log_type",)}
# What GoTrue records as the actor of an admin call made with a key that names no user.
NIL_UUID = "00000000-0000-0000-0000-000000000000"
MAX_IP_LENGTH = 64


def event(action: str, traits: dict[str, Any] | None = None, session_id: str | None = None) -> dict[str, Any]:
    """An entry's payload beyond its actor."""
    entry: dict[str, Any] = {"action": action, "log_type": LOG_TYPES[action]}
    if traits is not None:
        entry["traits"] = traits
    if session_id is not None:
        entry["session_id"] = session_id
    return entry


# The actor part of an entry's payload, of the row `u` of auth.users (jsonb; the event's fields are appended to it).
ACTOR = ("(jsonb_build_object('actor_id', u.id, 'actor_via_sso', u.is_sso_user,"
         "  'actor_username', coalesce(nullif(u.phone, ''), u.email, ''))"
         "  || case when u.raw_user_meta_data ? 'full_name'"
         "     then jsonb_build_object('actor_name', u.raw_user_meta_data -> 'full_name') else '{}' end)")


def ip_address(ctx: AuthContext) -> str:
    return ctx.ip[:MAX_IP_LENGTH]


async def record(
    conn: AsyncConnection, ctx: AuthContext, action: str, user_id: str,
    *, traits: dict[str, Any] | None = None, session_id: str | None = None,
) -> None:
    """An entry whose actor is the user `user_id`, read from auth.users in the same statement."""
    await conn.execute(
        f"insert into auth.audit_log_entries (payload, ip_address) select ({ACTOR} || %s::jsonb)::json, %s"
        " from auth.users u where u.id = %s",
        (json.dumps(event(action, traits, session_id)), ip_address(ctx), user_id),
    )


async def record_admin(conn: AsyncConnection, ctx: AuthContext, action: str, user: dict[str, Any],
                       traits: dict[str, Any] | None = None) -> None:
    """An admin call on `user`: the actor is the key's subject, or GoTrue's nil user for the service-role key;
    `traits` replace the user's id, email and phone where GoTrue records others."""
    payload = {
        "actor_id": ctx.claims.get("sub") or NIL_UUID,
        "actor_username": ctx.claims.get("email") or ctx.claims.get("role") or "",
        "actor_via_sso": False,
        **event(action, traits or {"user_id": str(user["id"]), "user_email": user.get("email") or "",
                                   "user_phone": user.get("phone") or ""}, None),
    }
    await conn.execute("insert into auth.audit_log_entries (payload, ip_address) values (%s, %s)",
                       (json.dumps(payload), ip_address(ctx)))


async def list_entries(ctx: AuthContext) -> Response:
    """GET /admin/audit: newest first, paged like /admin/users, the body built by PostgreSQL."""
    page = Page.from_query(ctx.query)
    fields, pattern = _query_filter(ctx.query.get("query") or "")
    where = " or ".join(f"payload->>'{field}' ilike %(pattern)s escape '\\'" for field in fields) or "true"
    async with privileged_tx(ctx.pool) as conn:
        cur = await conn.execute(
            "select (select count(*) from auth.audit_log_entries where " + where + "),"
            " coalesce((select json_agg(json_build_object('id', e.id, 'payload', e.payload, 'created_at', e.created_at,"
            "  'ip_address', e.ip_address) order by e.created_at desc, e.id) from (select * from auth.audit_log_entries"
            "  where " + where + " order by created_at desc, id limit %(limit)s offset %(offset)s) e), '[]')::text",
            {"pattern": pattern, "limit": page.size, "offset": page.offset},
        )
        total, body = one(await cur.fetchone())
    return Response(body, media_type="application/json", headers=page.headers("/admin/audit", total))


def _query_filter(query: str) -> tuple[tuple[str, ...], str]:
    if not query:
        return (), ""
    scope, separator, text = query.partition(":")
    if scope not in QUERY_SCOPES or not separator:
        raise validation_failed(f"Invalid query scope: {query}")
    escaped = text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return QUERY_SCOPES[scope], f"%{escaped}%"
