"""/rest/v1: the PostgREST-compatible table and RPC API. One short pipeline, one module per stage, each timed."""

from __future__ import annotations

import logging
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace

from fastapi import APIRouter, FastAPI, Request
from starlette.requests import ClientDisconnect
from starlette.responses import Response

from gateway.claims import resolve_caller
from gateway.keys import ExpiredToken, InvalidToken
from gateway.rest import actions, execute, openapi, respond
from gateway.rest.cache_state import LiveSchemaCache
from gateway.rest.errors import ApiError, bad_query, jwt_error
from gateway.rest.plan_cache import PlanCache, payload_shape, request_key
from gateway.rest.query import BODY_PARAM
from gateway.rest.request import parse_request

log = logging.getLogger("gateway.rest")
router = APIRouter()
METHODS = ["GET", "HEAD", "POST", "PATCH", "PUT", "DELETE"]


class Timings:
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


async def on_startup(app: FastAPI) -> None:
    settings = app.state.settings
    app.state.rest_cache = LiveSchemaCache(app.state.pool, settings.database_url, settings.db_schemas)
    app.state.rest_plans = PlanCache()
    await app.state.rest_cache.start()


async def on_shutdown(app: FastAPI) -> None:
    await app.state.rest_cache.stop()


async def rest(request: Request) -> Response:
    path = request.path_params.get("path", "")
    timings = Timings()
    try:
        response = await _pipeline(request, path, timings)
    except ApiError as error:
        response = error.response()
    except ClientDisconnect:
        raise  # the client went away mid-body: gateway.request_limits notes it in one line
    except Exception:
        # The cause stays in the log; the client gets PostgREST's shape without internals.
        log.exception("rest request failed: %s %s", request.method, request.url.path)
        response = ApiError(500, "PGRST000", "Internal server error").response()
    response.headers["Server-Timing"] = timings.header()
    return response


async def _pipeline(request: Request, path: str, timings: Timings) -> Response:
    state = request.app.state
    settings = state.settings
    with timings.stage("jwt"):
        try:
            caller = resolve_caller(state.keys, request.headers)
        except ExpiredToken:
            raise jwt_error(expired=True) from None
        except InvalidToken:
            raise jwt_error(expired=False) from None
    body = await request.body()
    cache = state.rest_cache.current
    shape = payload_shape(request.method, path, body, request.headers.get("content-type")) if body else None
    key = None
    if not body or shape:
        key = (request_key(request.method, path, request.scope["query_string"], request.headers, caller.role),
               shape[0] if shape else None)
    planned = state.rest_plans.get(key, cache) if key else None
    if planned is None:
        with timings.stage("parse"):
            try:
                req = parse_request(request.method, path, request.query_params.multi_items(), request.headers,
                                    body, settings.db_schemas, settings.db_plan_enabled)
            except RecursionError:
                raise bad_query("The query string is nested too deeply", "at most a few hundred levels") from None
        if req.kind == "openapi":
            return openapi.describe(cache, req.schema, caller.role, str(request.base_url).rstrip("/"))
        with timings.stage("plan"):
            action = actions.plan_action(cache, req, caller.role, settings.max_rows)
        if key and (not body or BODY_PARAM in action.statement.params):
            state.rest_plans.put(key, cache, (req, action))
    else:
        req, action = planned
        if shape:
            action = replace(action, statement=action.statement.with_body(shape[1]))
    with timings.stage("transaction"):
        result = await execute.run(state.request_pool, caller, req, action, path=request.url.path,
                                   headers=request.headers, max_rows=settings.max_rows,
                                   extra_search_path=settings.db_extra_search_path)
    with timings.stage("response"):
        return respond.respond(req, action, result)


# Plain Starlette routes: FastAPI's parameter injection would cost more than the rest of a cached read's planning.
router.add_route("/", rest, methods=["GET", "HEAD"], include_in_schema=False)
router.add_route("/{path:path}", rest, methods=METHODS, include_in_schema=False)
