"""GoTrue's OAuth 2.1 server admin API: /admin/oauth/clients (register, list, get, update, delete, regenerate the
secret), for admins only and only while the OAuth server is enabled. A confidential client's secret is shown once,
when made; only its SHA-256 is kept (auth.oauth_clients, GoTrue's layout)."""

from __future__ import annotations

import base64
import hashlib
import secrets
import uuid
from typing import Any

from fastapi import Response
from fastapi.responses import JSONResponse
from psycopg import AsyncConnection

from gateway.auth.context import AuthContext
from gateway.auth.errors import not_found, validation_failed
from gateway.auth.guards import require_admin
from gateway.auth.oauth_client_rules import ClientUpdate, Registration, RuleBroken, invalid_json
from gateway.auth.paging import Page
from gateway.database.transactions import one, privileged_tx

# GoTrue's response: empty optional fields are left out, response_types is always ["code"] (OAuth 2.1).
CLIENT_JSON = """
    json_strip_nulls(json_build_object(
        'client_id', c.id, 'client_type', c.client_type,
        'redirect_uris', string_to_array(c.redirect_uris, ','),
        'token_endpoint_auth_method', c.token_endpoint_auth_method,
        'grant_types', string_to_array(c.grant_types, ','), 'response_types', json_build_array('code'),
        'client_name', c.client_name, 'client_uri', c.client_uri, 'logo_uri', c.logo_uri,
        'registration_type', c.registration_type, 'created_at', c.created_at, 'updated_at', c.updated_at))"""


async def require_admin_of_enabled_server(ctx: AuthContext) -> None:
    """GoTrue checks the admin first, then whether the OAuth server is on."""
    await require_admin(ctx)
    if not ctx.settings.oauth_server_enabled:
        raise not_found("feature_disabled", "OAuth server is disabled")


async def create(ctx: AuthContext) -> JSONResponse:
    await _require_body(ctx)
    try:
        registration = Registration.from_body(ctx.body)
    except RuleBroken as broken:
        # GoTrue's admin registration wraps the rule's own error, status prefix and all.
        raise validation_failed(f"400: {broken}") from None
    secret = _new_secret() if registration.client_type == "confidential" else None
    async with privileged_tx(ctx.pool) as conn:
        cur = await conn.execute(
            "insert into auth.oauth_clients as c (id, client_secret_hash, registration_type, client_type,"
            " token_endpoint_auth_method, redirect_uris, grant_types, client_name, client_uri, logo_uri)"
            f" values (gen_random_uuid(), %s, 'manual', %s, %s, %s, %s, %s, %s, %s) returning {CLIENT_JSON}",
            (_hash(secret) if secret else None, registration.client_type, registration.token_endpoint_auth_method,
             ",".join(registration.redirect_uris), ",".join(registration.grant_types), registration.client_name,
             registration.client_uri, registration.logo_uri))
        client = one(await cur.fetchone())[0]
    return JSONResponse(_with_secret(client, secret), status_code=201)


async def list_clients(ctx: AuthContext) -> JSONResponse:
    """Newest first. GoTrue answers every client and ignores paging; here `page`/`per_page`, when given, page the
    list as /admin/users does, with the X-Total-Count and Link headers the clients read."""
    paged = bool(ctx.query.get("page") or ctx.query.get("per_page"))
    page = Page.from_query(ctx.query) if paged else None
    async with privileged_tx(ctx.pool) as conn:
        cur = await conn.execute(
            f"select {CLIENT_JSON} from auth.oauth_clients c where c.deleted_at is null"
            " order by c.created_at desc, c.id limit %s offset %s",
            (page.size, page.offset) if page else (None, 0))
        clients = [row[0] for row in await cur.fetchall()]
        if page is None:
            return JSONResponse({"clients": clients})
        cur = await conn.execute("select count(*) from auth.oauth_clients where deleted_at is null")
        total = one(await cur.fetchone())[0]
    return JSONResponse({"clients": clients}, headers=page.headers("/admin/oauth/clients", total))


async def get(ctx: AuthContext) -> dict[str, Any]:
    async with privileged_tx(ctx.pool) as conn:
        return await _existing(conn, ctx)


async def update(ctx: AuthContext) -> dict[str, Any]:
    async with privileged_tx(ctx.pool) as conn:
        client = await _existing(conn, ctx, lock=True)
        await _require_body(ctx)
        try:
            change = ClientUpdate.from_body(ctx.body)
            change.check_method_fits(client["client_type"])
        except RuleBroken as broken:
            raise validation_failed(str(broken)) from None
        columns = _changed_columns(change)
        assignments = ", ".join(f"{column} = %s" for column in columns)
        cur = await conn.execute(
            f"update auth.oauth_clients as c set {assignments}, updated_at = now() where c.id = %s"
            f" returning {CLIENT_JSON}", (*columns.values(), client["client_id"]))
        return one(await cur.fetchone())[0]


async def delete(ctx: AuthContext) -> Response:
    async with privileged_tx(ctx.pool) as conn:
        client = await _existing(conn, ctx, lock=True)
        await conn.execute("update auth.oauth_clients set deleted_at = now(), updated_at = now() where id = %s",
                           (client["client_id"],))
    return Response(status_code=204)


async def regenerate_secret(ctx: AuthContext) -> dict[str, Any]:
    async with privileged_tx(ctx.pool) as conn:
        client = await _existing(conn, ctx, lock=True)
        if client["client_type"] != "confidential":
            raise validation_failed("Cannot regenerate secret for public client")
        secret = _new_secret()
        cur = await conn.execute(
            "update auth.oauth_clients as c set client_secret_hash = %s, updated_at = now() where c.id = %s"
            f" returning {CLIENT_JSON}", (_hash(secret), client["client_id"]))
        return _with_secret(one(await cur.fetchone())[0], secret)


async def _existing(conn: AsyncConnection, ctx: AuthContext, lock: bool = False) -> dict[str, Any]:
    try:
        client_id = uuid.UUID(ctx.path_param("client_id"))
    except ValueError:
        raise validation_failed("invalid client_id format") from None
    cur = await conn.execute(f"select {CLIENT_JSON} from auth.oauth_clients c where c.id = %s"
                             f" and c.deleted_at is null{' for update' if lock else ''}", (client_id,))
    row = await cur.fetchone()
    if row is None:
        raise not_found("oauth_client_not_found", "OAuth client not found")
    return row[0]


async def _require_body(ctx: AuthContext) -> None:
    """Go's JSON decoder fails on an empty body, where the shared reader sees an empty object."""
    if not (await ctx.request.body()).strip():
        raise invalid_json()


def _changed_columns(change: ClientUpdate) -> dict[str, Any]:
    columns: dict[str, Any] = {}
    for name in ("redirect_uris", "grant_types"):
        if getattr(change, name) is not None:
            columns[name] = ",".join(getattr(change, name))
    for name in ("client_name", "client_uri", "logo_uri"):
        if getattr(change, name) is not None:
            columns[name] = getattr(change, name) or None  # "" clears the field, as GoTrue stores it
    if change.token_endpoint_auth_method is not None:
        columns["token_endpoint_auth_method"] = change.token_endpoint_auth_method
    return columns


def _new_secret() -> str:
    return _base64url(secrets.token_bytes(32))


def _hash(secret: str) -> str:
    """GoTrue's hashClientSecret: SHA-256 (the secret is 256 random bits: no slow hash needed)."""
    return _base64url(hashlib.sha256(secret.encode()).digest())


def _base64url(data: bytes) -> str:
    """Go's base64.RawURLEncoding."""
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def _with_secret(client: dict[str, Any], secret: str | None) -> dict[str, Any]:
    """The client with its new secret second, where GoTrue puts it; a public client has none."""
    if secret is None:
        return client
    return {"client_id": client["client_id"], "client_secret": secret,
            **{key: value for key, value in client.items() if key != "client_id"}}
