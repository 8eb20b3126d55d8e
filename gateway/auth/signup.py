"""POST /signup: email sign-up with a confirmation mail (or a session with autoconfirm), and anonymous sign-in."""

from __future__ import annotations

import json
import uuid
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from gateway.auth import audit, pkce
from gateway.auth.context import AuthContext, check_email, object_field, text_field
from gateway.auth.errors import bad_request, unprocessable, validation_failed
from gateway.auth.hooks.points import before_user_created
from gateway.auth.links import allowed_redirect
from gateway.auth.mails import send_link_mail
from gateway.auth.passwords import check_strength, hash_password
from gateway.auth.sessions import start_session
from gateway.auth.users import create_user, find_by_email, user_json
from gateway.database.transactions import one, privileged_tx


@dataclass
class SignupParams:
    email: str
    password: str
    data: dict[str, Any]
    code_challenge: str
    code_challenge_method: str | None
    redirect_to: str

    @classmethod
    def from_context(cls, ctx: AuthContext) -> SignupParams:
        body = ctx.body
        password = body.get("password")
        return cls(
            email=text_field(body, "email"),
            password=password if isinstance(password, str) else "",
            data=object_field(body, "data"),
            code_challenge=text_field(body, "code_challenge"),
            code_challenge_method=None,
            redirect_to=allowed_redirect(ctx.settings, ctx.query.get("redirect_to") or text_field(body, "redirect_to")),
        )

    @property
    def anonymous(self) -> bool:
        return not self.email and not self.password

    def validate(self, ctx: AuthContext) -> None:
        phone = text_field(ctx.body, "phone")
        # GoTrue's order: the anonymous provider, then signups as a whole, then the sign-up's own provider.
        if self.anonymous and not phone and not ctx.settings.anonymous_sign_ins_enabled:
            raise unprocessable("anonymous_provider_disabled", "Anonymous sign-ins are disabled")
        if ctx.settings.disable_signup:
            raise unprocessable("signup_disabled", "Signups not allowed for this instance")
        if phone:
            raise unprocessable("phone_provider_disabled", "Phone signups are disabled")
        self.code_challenge_method = pkce.check_challenge_params(
            self.code_challenge, text_field(ctx.body, "code_challenge_method"))
        if self.anonymous:
            return
        if not ctx.settings.email_signup_enabled:
            raise bad_request("email_provider_disabled", "Email signups are disabled")
        if not self.email:
            raise validation_failed("To signup, please provide your email")
        self.email = check_email(self.email)
        if not self.password:
            raise validation_failed("Signup requires a valid password")
        check_strength(self.password, ctx.settings)


def rate_limit_bucket(ctx: AuthContext) -> str:
    """GoTrue limits anonymous sign-ins on their own (RATE_LIMIT_ANONYMOUS_USERS), other sign-ups as mail sends."""
    return "anonymous" if SignupParams.from_context(ctx).anonymous else "email"


async def handle(ctx: AuthContext) -> dict[str, Any]:
    params = SignupParams.from_context(ctx)
    params.validate(ctx)
    if params.anonymous:
        return await _anonymous(ctx, params)
    password_hash = await hash_password(params.password)
    autoconfirm = ctx.settings.mail_autoconfirm
    async with privileged_tx(ctx.pool) as conn:
        existing = await find_by_email(conn, params.email, lock=True)
        if existing is not None and existing["email_confirmed_at"] is not None:
            if autoconfirm:
                raise unprocessable("user_already_exists", "User already registered")
            await audit.record(conn, ctx, "user_repeated_signup", str(existing["id"]), traits={"provider": "email"})
            return _obfuscated_user(params)
        if existing is not None:
            user_id = str(existing["id"])
            await conn.execute(
                "update auth.users set encrypted_password = %s, raw_user_meta_data = raw_user_meta_data || %s::jsonb,"
                " updated_at = now() where id = %s",
                (password_hash, json.dumps(params.data), user_id),
            )
            user = existing
        else:
            user_id = await before_user_created(ctx, email=params.email, user_metadata=params.data)
            user_id = await create_user(conn, email=params.email, password_hash=password_hash,
                                        user_metadata=params.data, confirmed=autoconfirm, user_id=user_id)
            user = {"id": user_id, "email": params.email, "confirmation_sent_at": None}
        if autoconfirm:
            return await start_session(ctx, conn, user_id, "password", action="user_signedup",
                                       traits={"provider": "email"})
        if params.code_challenge_method:
            await pkce.start_flow(conn, user_id, params.code_challenge, params.code_challenge_method, "email/signup")
        await send_link_mail(ctx, conn, user, "signup", params.redirect_to)
        return one(await user_json(conn, user_id))


async def _anonymous(ctx: AuthContext, params: SignupParams) -> dict[str, Any]:
    user_id = await before_user_created(ctx, email=None, user_metadata=params.data, anonymous=True)
    async with privileged_tx(ctx.pool) as conn:
        user_id = await create_user(conn, email=None, password_hash=None, user_metadata=params.data, anonymous=True,
                                    user_id=user_id)
        return await start_session(ctx, conn, user_id, "anonymous", action="user_signedup",
                                   traits={"provider": "anonymous"})


def _obfuscated_user(params: SignupParams) -> dict[str, Any]:
    """What a repeat sign-up of a confirmed address answers: looks like a new user, reveals nothing."""
    now = datetime.now(UTC).isoformat()
    return {
        "id": str(uuid.uuid4()), "aud": "authenticated", "role": "authenticated", "email": params.email,
        "phone": "", "confirmation_sent_at": now, "app_metadata": {"provider": "email", "providers": ["email"]},
        "user_metadata": params.data, "identities": [], "created_at": now, "updated_at": now, "is_anonymous": False,
    }

