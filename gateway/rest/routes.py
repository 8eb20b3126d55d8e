"""/rest/v1: the PostgREST-compatible table and RPC API. One short pipeline, one module per stage, each timed:
request → plan → query → transaction → response, the plan cache skipping the first three for a repeated request."""

from __future__ import annotations

import logging
import time
from collections.abc import Iterator, Mapping
from contextlib import AbstractContextManager, contextmanager, nullcontext

from fastapi import APIRouter, FastAPI
from starlette.datastructures import QueryParams
from starlette.requests import Request
from starlette.responses import Response
from starlette.types import Receive, Scope, Send

from gateway.claims import Caller, resolve_caller
from gateway.jwt_keys import ExpiredToken, InvalidToken, JwtKeys
from gateway.rest import execute, openapi, plan, respond, statements
from gateway.rest.cache_state import LiveSchemaCache
from gateway.rest.errors import PostgrestError, bad_query, jwt_error
from gateway.rest.plan_cache import PlanCache
from gateway.rest.request import parse_request
from gateway.services import services

log = logging.getLogger("gateway.rest")
router = APIRouter()
PREFIX = "/rest/v1"
METHODS = ["GET", "HEAD", "POST", "PATCH", "PUT", "DELETE"]


class Timings:
    """Each stage's duration, for PostgREST's Server-Timing header (`SERVER_TIMING_ENABLED`)."""

    def __init__(self) -> None:
        self.stages: list[tuple[str, float]] = []

    @contextmanager
    def stage(self, name: str) -> Iterator[None]:
        started = time.perf_counter()
        try:
            yield
        finally:
            self.stages.append((name, (time.perf_counter() - started) * 1000))

    def header(self) -> str:
        return ", ".join(f"{name};dur={ms:.1f}" for name, ms in self.stages)


class Untimed(Timings):
    """Server-Timing off (PostgREST's default): the stages run untimed."""

    def stage(self, name: str) -> AbstractContextManager[None]:  # type: ignore[override]
        return UNTIMED_STAGE


UNTIMED_STAGE = nullcontext()
UNTIMED = Untimed()


async def on_startup(app: FastAPI) -> None:
    settings = services(app).settings
    services(app).rest_cache = LiveSchemaCache(services(app).pool, services(app).listener, settings.db_schemas)
    services(app).rest_plans = PlanCache(settings.rest_plan_cache_bytes)
    await services(app).rest_cache.start()


async def on_shutdown(app: FastAPI) -> None:
    await services(app).rest_cache.stop()


class Disconnected(Exception):
    """The client went away (or BodyLimit cut the body off) before the body was read: nothing to answer."""


async def read_body(receive: Receive) -> bytes:
    chunks = []
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            raise Disconnected()
        chunks.append(message.get("body", b""))
        if not message.get("more_body"):
            return b"".join(chunks)


def request_headers(scope: Scope) -> dict[str, str]:
    """The request's headers by (already lower-case) name; the first of repeated ones wins, as Starlette's get."""
    return {name.decode("latin-1"): value.decode("latin-1") for name, value in reversed(scope["headers"])}


class RestEndpoint:
    """/rest/v1 as a plain ASGI callable: no request object, no dependency injection, no per-request routing.

    gateway.app.Shortcut sends /rest/v1/... straight here.
    """

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        timed = services(scope["app"]).settings.server_timing_enabled
        timings = Timings() if timed else UNTIMED
        try:
            response = await _pipeline(scope, receive, timings)
        except Disconnected:
            log.info("client went away before its request body was read: %s %s", scope["method"], scope["path"])
            return
        except PostgrestError as error:
            response = error.response(retry_after=services(scope["app"]).pool.availability.retry_after())
        except Exception:
            # The cause stays in the log; the client gets PostgREST's shape without internals.
            log.exception("rest request failed: %s %s", scope["method"], scope["path"])
            response = PostgrestError(500, "PGRST000", "Internal server error").response()
        if timed:
            response.headers["Server-Timing"] = timings.header()
        await response(scope, receive, send)


def resolve_rest_caller(keys: JwtKeys, headers: Mapping[str, str]) -> Caller:
    """The caller a request's apikey and Authorization make, or PostgREST's error for a bad token."""
    try:
        return resolve_caller(keys, headers)
    except ExpiredToken:
        raise jwt_error(expired=True) from None
    except InvalidToken:
        raise jwt_error(expired=False) from None


async def _pipeline(scope: Scope, receive: Receive, timings: Timings) -> Response:
    state = services(scope["app"])
    settings = state.settings
    method = scope["method"]
    path = scope["path"][len(PREFIX):].lstrip("/")
    headers = request_headers(scope)
    with timings.stage("jwt"):
        caller = resolve_rest_caller(state.keys, headers)
    body = await read_body(receive)
    cache = state.rest_cache.current
    lookup = state.rest_plans.lookup(method, path, scope["query_string"], headers, caller.role, body, cache)
    planned = lookup.hit
    if planned is None:
        with timings.stage("parse"):
            try:
                req = parse_request(method, path, QueryParams(scope["query_string"]).multi_items(), headers,
                                    body, settings.db_schemas, settings.db_plan_enabled)
            except RecursionError:
                raise bad_query("The query string is nested too deeply", "at most a few hundred levels") from None
        if req.kind == "openapi":
            return openapi.describe(cache, req.schema, caller.role, str(Request(scope).base_url).rstrip("/"))
        with timings.stage("plan"):
            action, operation = plan.plan_action(cache, req, caller.role, settings.max_rows)
        with timings.stage("query"):
            planned = statements.Planned(action, statements.compose(operation))
    with timings.stage("transaction"):
        result = await execute.run(state.request_pool, caller, planned.action, planned.statement, path=scope["path"],
                                   headers=headers, max_rows=settings.max_rows,
                                   extra_search_path=settings.db_extra_search_path)
    lookup.remember(planned)
    with timings.stage("response"):
        return respond.respond(planned.action, result)


endpoint = RestEndpoint()
# gateway.app.Shortcut serves these paths itself; FastAPI sees what it leaves: other methods (405 here) and
# /rest/v1 without its slash (redirected). Starlette's Route serves an ASGI app given as the endpoint as it is, but
# add_route's annotation only names request-handler functions.
router.add_route("/", endpoint, methods=["GET", "HEAD"], include_in_schema=False)  # type: ignore[arg-type]
router.add_route("/{path:path}", endpoint, methods=METHODS, include_in_schema=False)  # type: ignore[arg-type]
