"""The ASGI application: every service of the gateway mounted on one port, plus the built site."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse
from starlette.types import ASGIApp, Receive, Scope, Send

from gateway.auth import routes as auth_service
from gateway.background import BackgroundWork
from gateway.database.notifications import NotificationListener
from gateway.database.roles import open_pools
from gateway.functions import routes as functions_service
from gateway.jwt_keys import JwtKeys
from gateway.mail import routes as mailbox
from gateway.mail.mailer import Mailer
from gateway.realtime import routes as realtime_service
from gateway.rest import routes as rest_service
from gateway.server import log_redaction, not_found, site
from gateway.server.client_ip import ForwardedFor
from gateway.server.cors import Cors
from gateway.server.key_auth import KeyAuth
from gateway.server.request_limits import BodyLimit
from gateway.server.request_log import RequestLog
from gateway.services import Services
from gateway.settings import Settings
from gateway.storage import routes as storage_service
from gateway.studio import routes as studio

# Each service lives in its own package with a `router`, and optional `on_startup(app)` / `on_shutdown(app)` that add
# its parts to the typed `Services` (gateway/services.py); they start in this order and stop in the reverse one.
SERVICES = (
    ("/auth/v1", auth_service),
    ("/rest/v1", rest_service),
    ("/functions/v1", functions_service),
    ("/realtime/v1", realtime_service),
    ("/storage/v1", storage_service),
    (studio.PREFIX, studio),
)

CORS_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]
EXPOSED_HEADERS = [
    "Content-Range", "Content-Location", "Location", "Preference-Applied", "X-Total-Count", "Link",
    "X-Supabase-Api-Version", "x-sb-error-code", "x-relay-error", "x-request-id", "Server-Timing", "Range-Unit",
    "Content-Disposition", "Content-Length", "ETag", "Last-Modified", "Accept-Ranges", "Expires",
    "Upload-Offset", "Upload-Length", "Tus-Resumable", "Tus-Version", "Tus-Extension", "Tus-Max-Size",
]


class Shortcut:
    """Requests under `prefix` go straight to a plain ASGI endpoint, past FastAPI, its router and its middlewares.

    For the hot REST path: matching every route of every service and FastAPI's per-request machinery cost more
    than the rest of a cached read. The endpoint finds the app's services through scope["app"], as routes do.
    Other requests go to `otherwise` (another shortcut), or to the app.
    """

    def __init__(self, app: ASGIApp, prefix: str, methods: frozenset[str], endpoint: ASGIApp,
                 otherwise: ASGIApp | None = None) -> None:
        self.app = app
        self.prefix = prefix
        self.methods = methods
        self.endpoint = endpoint
        self.otherwise = otherwise or app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["method"] in self.methods and scope["path"].startswith(self.prefix):
            scope["app"] = self.app
            await self.endpoint(scope, receive, send)
        else:
            await self.otherwise(scope, receive, send)


def create_app(settings: Settings) -> ASGIApp:
    if settings.database_url is None:
        raise ValueError("create_app needs a database URL; start the embedded server first")

    shared = Services(settings, JwtKeys.from_settings(settings))

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        pools = await open_pools(settings.bound_database_url, settings.authenticator_url, settings.auth_admin_url,
                                 size=settings.db_pool_size)
        shared.pool, shared.request_pool, shared.auth_pool = pools.service, pools.request, pools.auth
        shared.mailer = Mailer(shared.pool, smtp_url=settings.smtp_url, sender=settings.mail_from)
        shared.mailer.start()
        # One LISTEN connection for the process; services subscribe to it in their on_startup.
        shared.listener = NotificationListener(settings.bound_database_url)
        shared.background = BackgroundWork.start(settings, shared.pool, shared.listener)
        started = []
        try:
            for _, module in SERVICES:
                if hasattr(module, "on_startup"):
                    await module.on_startup(app)
                started.append(module)
            await shared.listener.start()
            yield
        finally:
            await shared.listener.stop()
            for module in reversed(started):
                if hasattr(module, "on_shutdown"):
                    await module.on_shutdown(app)
            await shared.background.stop()
            await shared.mailer.stop()
            await pools.close()

    app = FastAPI(lifespan=lifespan, docs_url=None, redoc_url=None, openapi_url=None)
    app.state.services = shared
    log_redaction.install()

    @app.get("/health")
    async def health(request: Request) -> JSONResponse:
        pool = shared.pool
        try:
            async with pool.connection(timeout=2) as conn:
                await conn.execute("select 1")
        except Exception:
            # The pool logs the outage once (gateway.database.health); a health check every second need not.
            return JSONResponse({"status": "unavailable", "database": "unreachable"}, status_code=503,
                                headers={"Retry-After": str(pool.availability.retry_after())})
        return JSONResponse({"status": "ok"})

    for prefix, module in SERVICES:
        app.include_router(module.router, prefix=prefix)
    if settings.dev_mailbox:
        app.include_router(mailbox.router, prefix=mailbox.PREFIX)
    not_found.install(app)
    site.mount(app, settings)
    return _edge(app, settings, shared.keys)


def _edge(app: FastAPI, settings: Settings, keys: JwtKeys) -> ASGIApp:
    """What every request passes, outside FastAPI so that the REST shortcut needs nothing of FastAPI's stack."""
    edge: ASGIApp = Shortcut(app, prefix=f"{rest_service.PREFIX}/", methods=frozenset(rest_service.METHODS),
                             endpoint=rest_service.endpoint)
    edge = Shortcut(app, prefix=f"{auth_service.PREFIX}/", methods=auth_service.METHODS,
                    endpoint=auth_service.endpoint, otherwise=edge)
    # Inside CORS, so that a browser can read the 413.
    # Storage bounds its uploads itself (per bucket and FILE_SIZE_LIMIT) while it streams them to disk.
    edge = BodyLimit(edge, max_bytes=settings.max_body_bytes, exempt_prefix="/storage/v1/")
    edge = KeyAuth(edge, keys, key_required=settings.api_key_required)
    edge = ForwardedFor(edge, trusted_header=settings.trusted_proxy_header)
    edge = Cors(edge, allow_methods=CORS_METHODS, expose_headers=EXPOSED_HEADERS, max_age=86400,
                own_origin_only=(f"{studio.PREFIX}/", mailbox.PREFIX))
    return RequestLog(edge) if settings.request_log else edge
