"""`/functions/v1/<slug>`: relayed to the function's own process when FUNCTION_URL_<NAME> is set, else a Python
handler run here or a Deno function run by its worker."""

from __future__ import annotations

import asyncio
import logging
import signal
from collections.abc import Callable, Iterable
from pathlib import Path

from fastapi import APIRouter, FastAPI, Request, WebSocket
from fastapi.responses import Response

from gateway.functions import registry
from gateway.functions.api import FunctionContext
from gateway.functions.config import FunctionConfigError
from gateway.functions.context import build_context
from gateway.functions.deno.invocation import (
    POLICY_VIOLATION,
    deno_runtime,
    launch_for,
    project_functions,
)
from gateway.functions.python_invocation import FunctionHost
from gateway.functions.registry import LoadedFunction
from gateway.functions.relay import Relay, relay_client
from gateway.functions.service import FunctionsService
from gateway.services import services
from gateway.settings import Settings

log = logging.getLogger("gateway.functions")

ALL_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]
# `gateway serve --watch` sends it to every worker once changed function code imports cleanly.
RELOAD_SIGNAL = signal.SIGUSR1
HTML_TYPES = frozenset({"text/html", "application/xhtml+xml"})

router = APIRouter()


@router.api_route("/{slug}", methods=ALL_METHODS)
async def invoke(request: Request, slug: str) -> Response:
    return no_page(request, await services(request).functions.dispatch(request, slug, ""))


@router.api_route("/{slug}/{subpath:path}", methods=ALL_METHODS)
async def invoke_subpath(request: Request, slug: str, subpath: str) -> Response:
    return no_page(request, await services(request).functions.dispatch(request, slug, f"/{subpath}"))


def no_page(request: Request, response: Response) -> Response:
    """A function's answer never runs as a page on the API's origin, where the studio and every user's session are:
    as on Supabase, a GET answered with HTML is served as text/plain; HTML answering another method (a form's POST)
    is sandboxed, so its scripts do not run; and no answer is sniffed into a page."""
    media_type, separator, parameters = response.headers.get("content-type", "").partition(";")
    if media_type.strip().lower() in HTML_TYPES:
        if request.method == "GET":
            response.headers["content-type"] = f"text/plain{separator}{parameters}"
        else:
            response.headers.append("content-security-policy", "sandbox")
    response.headers["x-content-type-options"] = "nosniff"
    return response


@router.websocket("/{slug}")
async def invoke_websocket(websocket: WebSocket, slug: str) -> None:
    await _websocket(websocket, slug, "")


@router.websocket("/{slug}/{subpath:path}")
async def invoke_websocket_subpath(websocket: WebSocket, slug: str, subpath: str) -> None:
    await _websocket(websocket, slug, f"/{subpath}")


async def _websocket(websocket: WebSocket, slug: str, subpath: str) -> None:
    """Upgrades are served by Deno functions (`Deno.upgradeWebSocket`); any other name refuses the socket."""
    deno = services(websocket).functions.deno
    function = deno.functions.get(slug)
    if function is None:
        await websocket.close(code=POLICY_VIOLATION)
        return
    await deno.serve_websocket(websocket, function, subpath)


async def on_startup(app: FastAPI) -> None:
    settings = services(app).settings

    def build(function: LoadedFunction) -> FunctionContext:
        return build_context(function, pool=services(app).request_pool, mailer=services(app).mailer, settings=settings)

    service = FunctionsService(
        host=FunctionHost(keys=services(app).keys, trusted_proxy_header=settings.trusted_proxy_header, functions={},
                          contexts={}),
        relay=Relay(relay_client()),
        urls=dict(settings.function_urls),
        deno=deno_runtime(settings, services(app).keys),
    )
    service.load(registry.discover(settings.functions_dir), build)
    refuse_shared_names(service.host.functions, service.deno.functions, settings.functions_dir)
    services(app).functions = service
    if settings.functions_reload_on_signal:
        asyncio.get_running_loop().add_signal_handler(RELOAD_SIGNAL, _reload, service, settings, build)
    relayed = sorted(settings.function_urls)
    log.info("functions loaded: %s; Deno: %s; relayed: %s", ", ".join(sorted(service.host.functions)) or "none",
             ", ".join(sorted(service.deno.functions)) or "none", ", ".join(relayed) or "none")


def refuse_shared_names(python: Iterable[str], deno: Iterable[str], folder: Path) -> None:
    """One name, one function: a name that is both a Python handler and a Deno function stops the start."""
    both = sorted(set(python) & set(deno))
    if both:
        raise FunctionConfigError(f"{folder}: one name, one function: {', '.join(both)} is both a Python handler "
                                  "(function.toml) and a Deno function")


def _reload(service: FunctionsService, settings: Settings, build: Callable[[LoadedFunction], FunctionContext]) -> None:
    """Runs in the event loop, between requests. The watcher imported (and `deno check`ed) the same code first and
    reported any error; one here means the files changed again meanwhile, and the next change reloads them."""
    try:
        service.load(registry.reload(settings.functions_dir), build)
        service.deno.functions = project_functions(settings)
    except FunctionConfigError as exc:
        log.warning("functions not reloaded, the previous code keeps serving: %s", exc)
        return
    # Their next request starts each Deno function afresh, on the saved code and secrets.
    service.deno.supervisor.launch = launch_for(settings)
    service.reloading = asyncio.get_running_loop().create_task(service.deno.supervisor.reload())


async def on_shutdown(app: FastAPI) -> None:
    await services(app).functions.relay.close()
    await services(app).functions.deno.close()
