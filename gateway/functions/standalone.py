"""`gateway functions serve <slug>`: one function as its own HTTP service, for the gateway to relay to."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import uvicorn
from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse, Response
from starlette.middleware.cors import CORSMiddleware

from gateway.config_values import ConfigError
from gateway.database.roles import open_pools
from gateway.functions.config import FunctionConfigError
from gateway.functions.context import build_context
from gateway.functions.python_invocation import FunctionHost
from gateway.functions.registry import LoadedFunction, find
from gateway.functions.routes import ALL_METHODS
from gateway.functions.secrets import export_to_handlers
from gateway.jwt_keys import JwtKeys
from gateway.mail.mailer import Mailer
from gateway.server.graceful_server import GracefulServer
from gateway.server.request_limits import server_options
from gateway.server.status import recorded_database_url
from gateway.settings import Settings

log = logging.getLogger("gateway.functions")


def serve_function(settings: Settings, slug: str, host: str, port: int) -> int:
    settings = settings.with_database(_database_url(settings))
    try:
        function = find(settings.functions_dir, slug)
    except FunctionConfigError as exc:
        raise ConfigError(str(exc)) from None
    if function is None:
        return _serve_deno_function(settings, slug, host, port)
    export_to_handlers(settings)
    print(f"Function {slug} listening on http://{host}:{port}/", flush=True)
    config = uvicorn.Config(create_function_app(settings, function), host=host, port=port,
                            log_level="warning", lifespan="on", **server_options(settings))
    GracefulServer(config).run()
    return 0


def _serve_deno_function(settings: Settings, slug: str, host: str, port: int) -> int:
    from gateway.functions.deno.invocation import project_functions
    from gateway.functions.deno.standalone import serve_deno_function

    try:
        function = project_functions(settings).get(slug)
    except FunctionConfigError as exc:
        raise ConfigError(str(exc)) from None
    if function is None:
        raise ConfigError(f"no function {slug!r} in {settings.functions_dir} (a folder with a function.toml, or"
                          " with an index.ts)")
    return serve_deno_function(settings, function, host, port)


def create_function_app(settings: Settings, function: LoadedFunction) -> FastAPI:
    keys = JwtKeys.from_settings(settings)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        pools = await open_pools(settings.bound_database_url, settings.authenticator_url, None, size=5)
        mailer = Mailer(pools.service, smtp_url=settings.smtp_url, sender=settings.mail_from)
        app.state.host = FunctionHost(
            keys=keys,
            trusted_proxy_header=settings.trusted_proxy_header,
            functions={function.slug: function},
            contexts={function.slug: build_context(function, pool=pools.request, mailer=mailer, settings=settings)},
        )
        try:
            yield
        finally:
            await mailer.stop()
            await pools.close()

    app = FastAPI(lifespan=lifespan, docs_url=None, redoc_url=None, openapi_url=None)
    app.add_middleware(CORSMiddleware, allow_origins=["*"], allow_methods=ALL_METHODS, allow_headers=["*"],
                       expose_headers=["x-request-id"], max_age=86400)

    @app.get("/_health")
    async def health() -> JSONResponse:
        return JSONResponse({"status": "ok", "function": function.slug})

    @app.api_route("/", methods=ALL_METHODS)
    async def invoke(request: Request) -> Response:
        return await request.app.state.host.serve(request, function, "")

    @app.api_route("/{subpath:path}", methods=ALL_METHODS)
    async def invoke_subpath(request: Request, subpath: str) -> Response:
        return await request.app.state.host.serve(request, function, f"/{subpath}")

    return app


def _database_url(settings: Settings) -> str:
    """DATABASE_URL, or in development the embedded server a running `gateway serve` recorded."""
    url = settings.database_url or recorded_database_url(settings)
    if url:
        return url
    raise ConfigError("set DATABASE_URL (and JWT_SECRET) to the project's database, or start `gateway serve` first")
