"""`/functions/v1/<slug>`: relayed to the function's own process when FUNCTION_URL_<NAME> is set, else run here."""

from __future__ import annotations

import logging
import uuid
from dataclasses import dataclass

import httpx
from fastapi import APIRouter, FastAPI, Request
from fastapi.responses import Response

from gateway.client_ip import client_ip
from gateway.functions.context import build_context
from gateway.functions.http import error_reply
from gateway.functions.registry import discover
from gateway.functions.relay import Relay
from gateway.functions.runtime import FunctionHost, Unauthorized, unauthorized_reply, verified_claims

log = logging.getLogger("gateway.functions")

ALL_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]
# Time the relay allows on top of the function's own timeout, for the network and the function's reply.
RELAY_GRACE_SECONDS = 5.0
# For a relayed function this gateway has no folder for, so no configured timeout.
RELAY_DEFAULT_TIMEOUT = 60.0

router = APIRouter()


@dataclass
class FunctionsService:
    host: FunctionHost
    relay: Relay
    urls: dict[str, str]

    async def dispatch(self, request: Request, slug: str, subpath: str) -> Response:
        function = self.host.functions.get(slug)
        url = self.urls.get(slug)
        if url is None:
            if function is None:
                return error_reply(f"Function {slug} not found", 404)
            return await self.host.serve(request, function, subpath)
        if request.method == "OPTIONS":
            return Response("ok", media_type="text/plain")
        if function is not None:
            try:
                verified_claims(self.host.keys, request.headers, required=function.config.verify_jwt)
            except Unauthorized as exc:
                return unauthorized_reply(str(exc), uuid.uuid4().hex)
        timeout = function.config.timeout_seconds + RELAY_GRACE_SECONDS if function else RELAY_DEFAULT_TIMEOUT
        return await self.relay.forward(request, slug, url, subpath,
                                        client_ip=client_ip(request, self.host.trusted_proxy_header), timeout=timeout)


@router.api_route("/{slug}", methods=ALL_METHODS)
async def invoke(request: Request, slug: str) -> Response:
    return await request.app.state.functions.dispatch(request, slug, "")


@router.api_route("/{slug}/{subpath:path}", methods=ALL_METHODS)
async def invoke_subpath(request: Request, slug: str, subpath: str) -> Response:
    return await request.app.state.functions.dispatch(request, slug, f"/{subpath}")


async def on_startup(app: FastAPI) -> None:
    settings = app.state.settings
    mailer = app.state.mailer
    functions = discover(settings.functions_dir)
    host = FunctionHost(
        keys=app.state.keys,
        trusted_proxy_header=settings.trusted_proxy_header,
        functions=functions,
        contexts={slug: build_context(fn, pool=app.state.request_pool, mailer=mailer, settings=settings)
                  for slug, fn in functions.items()},
    )
    app.state.functions = FunctionsService(
        host=host,
        relay=Relay(httpx.AsyncClient()),
        urls=dict(settings.function_urls),
    )
    relayed = sorted(settings.function_urls)
    log.info("functions loaded: %s; relayed: %s", ", ".join(sorted(functions)) or "none", ", ".join(relayed) or "none")


async def on_shutdown(app: FastAPI) -> None:
    service = getattr(app.state, "functions", None)
    if service is not None:
        await service.relay.close()
