"""/auth/v1: every route in one table with its guard and rate-limit bucket, and the adapter that runs them."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from fastapi import APIRouter, FastAPI, Request, Response
from fastapi.responses import JSONResponse
from starlette.requests import ClientDisconnect
from starlette.types import Receive, Scope, Send

from gateway.auth import (
    admin,
    admin_factors,
    audit,
    disabled,
    factors,
    invite,
    logout,
    meta,
    oauth_clients,
    passkey_manage,
    passkeys,
    reauthenticate,
    recover,
    signup,
    token,
    user,
    verify,
)
from gateway.auth.context import AuthContext, build_context, read_form_body, read_json_body
from gateway.auth.errors import API_VERSION, API_VERSION_HEADER, AuthError, render
from gateway.auth.external import authorize, callback, linking
from gateway.auth.guards import require_admin, require_user, require_user_token
from gateway.auth.ratelimit import RateLimiter, limits_from
from gateway.database.health import connection_lost
from gateway.services import services

log = logging.getLogger("gateway.auth")

Handler = Callable[[AuthContext], Awaitable[Any]]
Guard = Callable[[AuthContext], Awaitable[None]]
# A rate-limit bucket, or a function choosing it from the request (sign-up: email or anonymous).
Bucket = str | Callable[[AuthContext], str]


@dataclass(frozen=True)
class Route:
    method: str
    path: str
    handler: Handler
    guard: Guard | None = None
    limit: Bucket | None = None
    read_body: Callable[[Request], Awaitable[dict[str, Any]]] = read_json_body


# Admins, and only while the OAuth 2.1 server is enabled.
OAUTH_ADMIN = oauth_clients.require_admin_of_enabled_server

ROUTES = (
    Route("GET", "/health", meta.handle_health),
    Route("GET", "/settings", meta.handle_settings),
    Route("GET", "/.well-known/jwks.json", meta.handle_jwks),
    Route("POST", "/signup", signup.handle, limit=signup.rate_limit_bucket),
    Route("POST", "/token", token.handle, limit="token"),
    Route("GET", "/verify", verify.handle_get, limit="verify"),
    Route("POST", "/verify", verify.handle_post, limit="verify"),
    Route("POST", "/recover", recover.handle_recover, limit="email"),
    Route("POST", "/otp", recover.handle_otp, limit="email"),
    Route("POST", "/resend", recover.handle_resend, limit="email"),
    Route("POST", "/logout", logout.handle, guard=require_user),
    Route("GET", "/user", user.handle_get, guard=require_user_token),
    Route("PUT", "/user", user.handle_put, guard=require_user),
    Route("GET", "/reauthenticate", reauthenticate.handle, guard=require_user),
    Route("GET", "/authorize", authorize.handle),
    Route("GET", "/callback", callback.handle),
    Route("POST", "/callback", callback.handle, read_body=read_form_body),
    Route("GET", "/user/identities/authorize", authorize.handle_link, guard=require_user),
    Route("DELETE", "/user/identities/{identity_id}", linking.unlink, guard=require_user),
    Route("POST", "/sso", disabled.saml),
    Route("GET", "/sso/saml/metadata", disabled.saml),
    Route("POST", "/sso/saml/acs", disabled.saml),
    Route("POST", "/factors", factors.enroll, guard=require_user, limit="mfa"),
    Route("POST", "/factors/{factor_id}/challenge", factors.challenge, guard=require_user, limit="mfa"),
    Route("POST", "/factors/{factor_id}/verify", factors.verify, guard=require_user, limit="mfa"),
    Route("DELETE", "/factors/{factor_id}", factors.unenroll, guard=require_user, limit="mfa"),
    Route("POST", "/passkeys/authentication/options", passkeys.authentication_options, guard=passkeys.require_passkeys,
          limit="passkey"),
    Route("POST", "/passkeys/authentication/verify", passkeys.authentication_verify, guard=passkeys.require_passkeys),
    Route("POST", "/passkeys/registration/options", passkeys.registration_options,
          guard=passkeys.require_passkey_registrant),
    Route("POST", "/passkeys/registration/verify", passkeys.registration_verify,
          guard=passkeys.require_passkey_registrant),
    Route("GET", "/passkeys", passkey_manage.list_own, guard=passkeys.require_passkey_user),
    Route("PATCH", "/passkeys/{passkey_id}", passkey_manage.update, guard=passkeys.require_passkey_user),
    Route("DELETE", "/passkeys/{passkey_id}", passkey_manage.delete_own, guard=passkeys.require_passkey_user),
    Route("GET", "/admin/users", admin.list_users, guard=require_admin),
    Route("POST", "/admin/users", admin.create, guard=require_admin),
    Route("GET", "/admin/users/{user_id}", admin.get, guard=require_admin),
    Route("PUT", "/admin/users/{user_id}", admin.update, guard=require_admin),
    Route("DELETE", "/admin/users/{user_id}", admin.delete, guard=require_admin),
    Route("GET", "/admin/users/{user_id}/factors", admin_factors.list_factors, guard=require_admin),
    Route("DELETE", "/admin/users/{user_id}/factors/{factor_id}", admin_factors.delete_factor, guard=require_admin),
    Route("GET", "/admin/users/{user_id}/passkeys", passkey_manage.admin_list, guard=require_admin),
    Route("DELETE", "/admin/users/{user_id}/passkeys/{passkey_id}", passkey_manage.admin_delete, guard=require_admin),
    Route("POST", "/admin/generate_link", admin.generate_link, guard=require_admin),
    Route("POST", "/invite", invite.handle, guard=require_admin),
    Route("GET", "/admin/audit", audit.list_entries, guard=require_admin),
    Route("POST", "/admin/oauth/clients", oauth_clients.create, guard=OAUTH_ADMIN),
    Route("GET", "/admin/oauth/clients", oauth_clients.list_clients, guard=OAUTH_ADMIN),
    Route("GET", "/admin/oauth/clients/{client_id}", oauth_clients.get, guard=OAUTH_ADMIN),
    Route("PUT", "/admin/oauth/clients/{client_id}", oauth_clients.update, guard=OAUTH_ADMIN),
    Route("DELETE", "/admin/oauth/clients/{client_id}", oauth_clients.delete, guard=OAUTH_ADMIN),
    Route("POST", "/admin/oauth/clients/{client_id}/regenerate_secret", oauth_clients.regenerate_secret,
          guard=OAUTH_ADMIN),
)


def _endpoint(route: Route) -> Callable[[Request], Awaitable[Response]]:
    async def endpoint(request: Request) -> Response:
        versioned = request.headers.get(API_VERSION_HEADER) is not None
        try:
            ctx = await build_context(request, route.read_body)
            if route.limit:
                bucket = route.limit(ctx) if callable(route.limit) else route.limit
                await services(request).auth_limiter.check(bucket, ctx.ip)
            if route.guard:
                await route.guard(ctx)
            result = await route.handler(ctx)
            if ctx.mail_queued:
                ctx.mailer.wake()
        except ClientDisconnect:
            # The client went away, or the body limit cut it off (and answers 413 itself): nothing to report.
            log.info("auth request body not received path=%s", route.path)
            return Response(status_code=400)
        except AuthError as error:
            if error.status >= 500:
                log.warning("auth request failed path=%s code=%s", route.path, error.code)
            return render(error, versioned)
        except Exception as exc:
            if connection_lost(exc):  # the outage is logged once, by the pool
                unavailable = render(AuthError(503, "unexpected_failure", "Database is unavailable, please retry"),
                                     versioned)
                unavailable.headers["Retry-After"] = str(services(request).pool.availability.retry_after())
                return unavailable
            log.exception("auth request failed unexpectedly path=%s", route.path)
            return render(AuthError(500, "unexpected_failure", "Unexpected failure, please check server logs"), versioned)
        response = result if isinstance(result, Response) else JSONResponse(result)
        response.headers[API_VERSION_HEADER] = API_VERSION
        return response

    endpoint.__name__ = f"auth_{route.method.lower()}_{route.handler.__module__.rsplit('.', 1)[-1]}_{route.handler.__name__}"
    return endpoint


class StaticRoutes:
    """/auth/v1's routes without path parameters as a plain ASGI callable: one dict lookup, then the route's
    endpoint on a plain Starlette request, instead of FastAPI's routing over every service's routes and its
    per-request parameter injection (most of a GET /user's own time besides the database).

    gateway.app.Shortcut sends /auth/v1/... here; what the table does not name (paths with parameters, HEAD, a
    trailing slash, an unknown path) goes on to FastAPI, which has every route.
    """

    def __init__(self, endpoints: dict[tuple[str, str], Callable[[Request], Awaitable[Response]]]) -> None:
        self.endpoints = endpoints

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        endpoint = self.endpoints.get((scope["method"], scope["path"]))
        if endpoint is None:
            await scope["app"](scope, receive, send)
            return
        response = await endpoint(Request(scope, receive))
        await response(scope, receive, send)


PREFIX = "/auth/v1"
METHODS = frozenset(route.method for route in ROUTES)
router = APIRouter()
_static = {}
for _route in ROUTES:
    _handler = _endpoint(_route)
    router.add_api_route(_route.path, _handler, methods=[_route.method])
    if "{" not in _route.path:
        _static[(_route.method, PREFIX + _route.path)] = _handler
endpoint = StaticRoutes(_static)


async def on_startup(app: FastAPI) -> None:
    settings = services(app).settings
    services(app).auth_limiter = RateLimiter(limits_from(settings), enabled=settings.rate_limits_enabled,
                                         pool=services(app).auth_pool)
