"""GET /settings, GET /health and the published verification keys."""

from __future__ import annotations

from typing import Any

from gateway.auth.context import AuthContext

EXTERNAL_PROVIDERS = ("apple", "azure", "bitbucket", "discord", "facebook", "figma", "github", "gitlab", "google",
                      "keycloak", "kakao", "linkedin", "linkedin_oidc", "notion", "slack", "slack_oidc", "spotify",
                      "twitch", "twitter", "workos", "zoom")


async def handle_settings(ctx: AuthContext) -> dict[str, Any]:
    external = {name: False for name in EXTERNAL_PROVIDERS}
    external.update({name: True for name in ctx.settings.external_providers})
    external.update({"email": ctx.settings.email_signup_enabled, "phone": False,
                     "anonymous_users": ctx.settings.anonymous_sign_ins_enabled, "saml": False})
    return {
        "external": external,
        "disable_signup": ctx.settings.disable_signup,
        "mailer_autoconfirm": ctx.settings.mail_autoconfirm,
        "phone_autoconfirm": False,
        "sms_provider": "",
        "mfa_enabled": True,
        "saml_enabled": False,
        "passkeys_enabled": ctx.settings.passkey_enabled,
    }


async def handle_health(ctx: AuthContext) -> dict[str, Any]:
    return {"version": "v2.170.0-gateway", "name": "GoTrue",
            "description": "GoTrue is a user registration and authentication API"}


async def handle_jwks(ctx: AuthContext) -> dict[str, Any]:
    return ctx.keys.public_jwks()
