"""The admin API for the service role: /admin/users (paged), /admin/users/{id}, /admin/generate_link."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from fastapi.responses import JSONResponse
from psycopg import AsyncConnection

from gateway.auth import audit, email_change
from gateway.auth.context import AuthContext, check_email, object_field, text_field
from gateway.auth.errors import email_exists, not_found, validation_failed
from gateway.auth.guards import is_uuid
from gateway.auth.hooks.points import before_user_created
from gateway.auth.links import allowed_redirect, verify_link
from gateway.auth.mails import store_token
from gateway.auth.paging import Page
from gateway.auth.passwords import check_strength, hash_password
from gateway.auth.users import (
    USER_JSON,
    create_user,
    find_by_email,
    find_by_id,
    mark_email_confirmed,
    user_json,
)
from gateway.database.transactions import one, privileged_tx
from gateway.settings import Settings

DURATION_PART = re.compile(r"(\d+(?:\.\d+)?)(ms|h|m|s)")
DURATION_UNITS = {"h": 3600.0, "m": 60.0, "s": 1.0, "ms": 0.001}
LINK_TYPES = {"signup": "signup", "invite": "invite", "magiclink": "magiclink", "recovery": "recovery",
              "email_change_current": "email_change", "email_change_new": "email_change"}


@dataclass
class AdminUserParams:
    email: str | None
    password: str | None
    email_confirm: bool
    user_metadata: dict[str, Any] | None
    app_metadata: dict[str, Any] | None
    ban_duration: str | None

    @classmethod
    def from_body(cls, body: dict[str, Any]) -> AdminUserParams:
        password = body.get("password")
        if password is not None and not isinstance(password, str):
            raise validation_failed("password must be a string")
        return cls(
            email=check_email(text_field(body, "email")) if text_field(body, "email") else None,
            password=password or None,
            email_confirm=body.get("email_confirm") is True,
            user_metadata=object_field(body, "user_metadata") if "user_metadata" in body else None,
            app_metadata=object_field(body, "app_metadata") if "app_metadata" in body else None,
            ban_duration=text_field(body, "ban_duration") or None,
        )

    def validate(self, settings: Settings) -> None:
        if self.password is not None:
            check_strength(self.password, settings)
        if self.ban_duration is not None:
            ban_interval(self.ban_duration)


def ban_interval(duration: str) -> timedelta | None:
    """Go's duration syntax as GoTrue takes it ("24h", "1h30m"); "none" lifts a ban."""
    if duration == "none":
        return None
    parts = DURATION_PART.findall(duration)
    if not parts or "".join(a + b for a, b in parts) != duration:
        # GoTrue passes Go's time.ParseDuration error through.
        raise validation_failed(f'invalid format for ban duration: time: invalid duration "{duration}"')
    return timedelta(seconds=sum(float(amount) * DURATION_UNITS[unit] for amount, unit in parts))


async def list_users(ctx: AuthContext) -> JSONResponse:
    page = Page.from_query(ctx.query)
    async with privileged_tx(ctx.pool) as conn:
        cur = await conn.execute(
            f"select count(*) over (), {USER_JSON} from auth.users u where u.deleted_at is null"
            " order by u.created_at desc, u.id limit %s offset %s",
            (page.size, page.offset),
        )
        rows = await cur.fetchall()
        if rows:
            total = rows[0][0]
        else:
            cur = await conn.execute("select count(*) from auth.users where deleted_at is null")
            total = one(await cur.fetchone())[0]
    users = [row[1] for row in rows]
    return JSONResponse({"users": users, "aud": "authenticated"}, headers=page.headers("/admin/users", total))


async def create(ctx: AuthContext) -> dict[str, Any]:
    params = AdminUserParams.from_body(ctx.body)
    params.validate(ctx.settings)
    if params.email is None:
        raise validation_failed("Cannot create a user without either an email or phone")
    password_hash = await hash_password(params.password) if params.password else None
    async with privileged_tx(ctx.pool) as conn:
        if await find_by_email(conn, params.email) is not None:
            raise email_exists()
        user_id = await create_user(conn, email=params.email, password_hash=password_hash,
                                    user_metadata=params.user_metadata or {}, app_metadata=params.app_metadata,
                                    confirmed=params.email_confirm)
        await _apply_ban(conn, user_id, params.ban_duration)
        created = one(await user_json(conn, user_id))
        await audit.record_admin(conn, ctx, "user_signedup", created)
        return created


async def get(ctx: AuthContext) -> dict[str, Any]:
    async with privileged_tx(ctx.pool) as conn:
        return await _existing_json(conn, user_id_param(ctx))


async def update(ctx: AuthContext) -> dict[str, Any]:
    params = AdminUserParams.from_body(ctx.body)
    params.validate(ctx.settings)
    password_hash = await hash_password(params.password) if params.password else None
    user_id = user_id_param(ctx)
    async with privileged_tx(ctx.pool) as conn:
        await _existing_json(conn, user_id)
        if params.email is not None:
            await email_change.ensure_available(conn, params.email, user_id)
            await conn.execute("update auth.users set email = %s where id = %s", (params.email, user_id))
        if password_hash:
            await conn.execute("update auth.users set encrypted_password = %s where id = %s", (password_hash, user_id))
        for column, value in (("raw_user_meta_data", params.user_metadata), ("raw_app_meta_data", params.app_metadata)):
            if value is not None:
                await conn.execute(f"update auth.users set {column} = {column} || %s::jsonb where id = %s",
                                   (json.dumps(value), user_id))
        if params.email_confirm:
            await mark_email_confirmed(conn, user_id)
        await _apply_ban(conn, user_id, params.ban_duration)
        await conn.execute("update auth.users set updated_at = now() where id = %s", (user_id,))
        updated = await _existing_json(conn, user_id)
        await audit.record_admin(conn, ctx, "user_modified", updated)
        return updated


async def delete(ctx: AuthContext) -> dict[str, Any]:
    user_id = user_id_param(ctx)
    async with privileged_tx(ctx.pool) as conn:
        await audit.record_admin(conn, ctx, "user_deleted", await _existing_json(conn, user_id))
        if ctx.body.get("should_soft_delete") is True:
            await conn.execute("delete from auth.sessions where user_id = %s", (user_id,))
            await conn.execute("delete from auth.identities where user_id = %s", (user_id,))
            await conn.execute("update auth.users set deleted_at = now(), email = null, phone = null,"
                               " encrypted_password = null where id = %s", (user_id,))
        else:
            await conn.execute("delete from auth.users where id = %s", (user_id,))
    return {}


async def generate_link(ctx: AuthContext) -> dict[str, Any]:
    """The link and code a mail would carry, for projects that send their own mail; sends nothing."""
    email = check_email(text_field(ctx.body, "email"))
    link_type = text_field(ctx.body, "type")
    if link_type not in LINK_TYPES:
        raise validation_failed("Invalid email action link type requested: " + link_type)
    redirect_to = allowed_redirect(ctx.settings, text_field(ctx.body, "redirect_to") or ctx.query.get("redirect_to"))
    verification_type = LINK_TYPES[link_type]
    async with privileged_tx(ctx.pool) as conn:
        user = await find_by_email(conn, email, lock=True)
        if link_type in ("signup", "invite"):
            user = await link_account(ctx, conn, user, email, link_type)
        elif user is None:
            raise not_found("user_not_found", "User with this email not found")
        if verification_type == "email_change":
            otp, hashed = await _email_change_code(ctx, conn, user, link_type)
        else:
            otp, hashed = await store_token(ctx, conn, str(user["id"]), verification_type, email)
        if link_type == "invite":
            await conn.execute("update auth.users set invited_at = now() where id = %s", (user["id"],))
        body = one(await user_json(conn, str(user["id"])))
        if link_type == "invite":
            await audit.record_admin(conn, ctx, "user_invited", body)
    return {**body, "action_link": verify_link(ctx.settings, hashed, verification_type, redirect_to),
            "email_otp": otp, "hashed_token": hashed, "redirect_to": redirect_to, "verification_type": link_type}


async def _email_change_code(ctx: AuthContext, conn: AsyncConnection, user: dict[str, Any],
                             link_type: str) -> tuple[str, str]:
    if link_type == "email_change_current" and not ctx.settings.mailer_secure_email_change_enabled:
        raise validation_failed("Enable secure email change to generate link for current email")
    new_email = check_email(text_field(ctx.body, "new_email"))
    await email_change.ensure_available(conn, new_email, user["id"])
    which = "current" if link_type == "email_change_current" else "new"
    code = (await email_change.store_codes(ctx.settings, conn, user, new_email, (which,)))[which]
    return code.otp, code.hashed


async def link_account(ctx: AuthContext, conn: AsyncConnection, user: dict[str, Any] | None, email: str,
                       link_type: str) -> dict[str, Any]:
    """The user a signup or invite link is for: a new one (with the body's `data`), or one not yet confirmed."""
    if user is not None:
        if user["email_confirmed_at"] is not None:
            raise email_exists()
        return user
    password = ctx.body.get("password") if link_type == "signup" else None
    if link_type == "signup":
        if not isinstance(password, str) or not password:
            raise validation_failed("Signup requires a valid password")
        check_strength(password, ctx.settings)
    data = object_field(ctx.body, "data")
    user_id = await before_user_created(ctx, email=email, user_metadata=data)
    user_id = await create_user(conn, email=email, password_hash=await hash_password(password) if password else None,
                                user_metadata=data, user_id=user_id)
    return one(await find_by_id(conn, user_id))


def user_id_param(ctx: AuthContext) -> str:
    user_id = ctx.path_param("user_id")
    if not is_uuid(user_id):
        raise not_found("validation_failed", "user_id must be an UUID")
    return user_id


async def _existing_json(conn: AsyncConnection, user_id: str) -> dict[str, Any]:
    user = await user_json(conn, user_id)
    if user is None:
        raise not_found("user_not_found", "User not found")
    return user


async def _apply_ban(conn: AsyncConnection, user_id: str, duration: str | None) -> None:
    if duration is None:
        return
    interval = ban_interval(duration)
    await conn.execute("update auth.users set banned_until = now() + %s where id = %s", (interval, user_id))
    if interval is not None:
        await conn.execute("delete from auth.sessions where user_id = %s", (user_id,))
