"""The studio's admin API (`/_/api/`), service-role only: what the gateway's own APIs do not offer the studio.

The catalog, SQL as a chosen role (and cancelling it), a chosen caller's token for "view as", users found by
email, phone or id, a user's sessions (and signing them all out), the project's policy test files run as `gateway
policies test --json` runs them, the request log's recent lines with each request's log records, the
functions' recent log lines, and the Database view with its extensions.
"""

from __future__ import annotations

import asyncio
import json
import uuid
from typing import Any

import psycopg
from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response

from gateway.auth.errors import AuthError
from gateway.auth.paging import Page
from gateway.config_values import ConfigError
from gateway.database.health import ResilientPool
from gateway.policy_tests import report
from gateway.policy_tests.suite import discover, run_all
from gateway.services import services
from gateway.studio import catalog, database_info, line_files, sql_runner, user_search, user_sessions
from gateway.studio.access import in_development
from gateway.studio.door import admin_only, bad_request
from gateway.studio.identities import UnknownUser, claims_of, token_for
from gateway.studio.recent_lines import RecentLines
from gateway.studio.recent_records import RecentRecords
from gateway.studio.recent_requests import RecentRequests

CALLER_ROLES = ("anon", "authenticated", "service_role")

router = APIRouter()


@router.get("/api/catalog")
@admin_only
async def tables(request: Request) -> Response:
    shared = services(request)
    async with shared.pool.connection() as conn:
        found = await catalog.relations(conn, shared.settings.db_schemas)
    return JSONResponse({"schemas": list(shared.settings.db_schemas), "relations": found})


@router.get("/api/policies")
@admin_only
async def table_policies(request: Request) -> Response:
    shared = services(request)
    schemas = shared.settings.db_schemas
    async with shared.pool.connection() as conn:
        return JSONResponse({"policies": await catalog.policies(conn, schemas),
                             "access": await catalog.access(conn, schemas)})


@router.post("/api/policy-tests")
@admin_only
async def policy_tests(request: Request) -> Response:
    shared = services(request)
    settings = shared.settings
    try:
        files = discover([settings.project.policy_tests_dir])
        results = await run_all(settings.bound_database_url, files, settings, shared.keys)
    except ConfigError as error:
        return bad_request(str(error))
    return Response(report.as_json(results), media_type="application/json")


@router.get("/api/database")
@admin_only
async def database(request: Request) -> Response:
    shared = services(request)
    async with shared.pool.connection() as conn:
        found = await database_info.overview(conn)
    settings = shared.settings
    # The connection string carries a password: only the development one, which `gateway status` prints too.
    found["connection_string"] = settings.tcp_database_url if in_development(settings) else None
    found["mailbox"] = f"{settings.api_external_url}/_dev/mailbox" if settings.dev_mailbox else None
    return _json_response(found)


@router.post("/api/extensions")
@admin_only
async def extension(request: Request) -> Response:
    ask = await _asked(request)
    if not isinstance(ask.get("name"), str) or not isinstance(ask.get("enabled"), bool):
        return bad_request("Send an extension's name and whether to enable it.")
    async with services(request).pool.connection() as conn:
        try:
            await database_info.set_extension(conn, ask["name"], ask["enabled"])
        except psycopg.Error as error:
            return bad_request(error.diag.message_primary or str(error))
    return JSONResponse({"name": ask["name"], "enabled": ask["enabled"]})


@router.get("/api/logs")
@admin_only
async def recent_requests(request: Request) -> Response:
    recent: RecentRequests | None = request.app.state.studio_requests
    if recent is None:
        return JSONResponse({"enabled": False, "lines": [], "cursor": ""})
    return JSONResponse({"enabled": True, **await _lines_after(recent, request)})


@router.get("/api/logs/requests/{request_id}")
@admin_only
async def request_records(request: Request) -> Response:
    request_id = request.path_params["request_id"]
    kept = [recent for recent in (request.app.state.studio_records, request.app.state.studio_function_lines)
            if recent is not None]
    found = [await asyncio.to_thread(recent.of_request, request_id) for recent in kept]
    lines = sorted((line for lines in found for line in lines), key=lambda line: line["time"])
    return JSONResponse({"lines": lines})


@router.get("/api/logs/functions")
@admin_only
async def function_lines(request: Request) -> Response:
    recent: RecentRecords | None = request.app.state.studio_function_lines
    if recent is None:
        return JSONResponse({"lines": [], "cursor": ""})
    return JSONResponse(await _lines_after(recent, request))


@router.post("/api/sql")
@admin_only
async def run_sql(request: Request) -> Response:
    ask = await _asked(request)
    role = ask.get("role", sql_runner.OWNER)
    if role not in sql_runner.ROLES or not isinstance(ask.get("sql"), str) or not ask["sql"].strip():
        return bad_request(f"Send the SQL to run and a role among {', '.join(sql_runner.ROLES)}.")
    claims = None
    if role != sql_runner.OWNER:
        try:
            claims = await _claims(request, role, ask.get("user_id"))
        except UnknownUser as error:
            return bad_request(str(error))
    async with _pool_for(request, role).connection() as conn:
        try:
            result = await sql_runner.run(conn, ask["sql"], role=role, claims=claims,
                                          run_id=str(ask.get("run_id") or uuid.uuid4()))
        except sql_runner.SqlError as error:
            return JSONResponse({"error": error.as_json()}, status_code=400)
    return _json_response(result)


@router.post("/api/sql/cancel")
@admin_only
async def cancel_sql(request: Request) -> Response:
    ask = await _asked(request)
    if ask.get("role") not in sql_runner.ROLES or not ask.get("run_id"):
        return bad_request("Send the run id and the role of the query to cancel.")
    async with _pool_for(request, ask["role"]).connection() as conn:
        cancelled = await sql_runner.cancel(conn, str(ask["run_id"]))
    return JSONResponse({"cancelled": cancelled})


@router.post("/api/impersonate")
@admin_only
async def impersonate(request: Request) -> Response:
    ask = await _asked(request)
    role = ask.get("role")
    if role not in CALLER_ROLES:
        return bad_request("Pick anon, authenticated (with a user) or service_role.")
    try:
        claims = await _claims(request, role, ask.get("user_id"))
    except UnknownUser as error:
        return bad_request(str(error))
    return JSONResponse({"token": token_for(services(request).keys, claims)})


@router.get("/api/users")
@admin_only
async def users(request: Request) -> Response:
    try:
        page = Page.from_query(request.query_params)
    except AuthError as error:
        return bad_request(error.message)
    async with services(request).pool.connection() as conn:
        found = await user_search.search(conn, request.query_params.get("search", ""), page)
    return _json_response(found)


@router.get("/api/users/{user_id}/sessions")
@admin_only
async def sessions(request: Request) -> Response:
    async with services(request).pool.connection() as conn:
        try:
            found = await user_sessions.sessions_of(conn, request.path_params["user_id"])
        except UnknownUser as error:
            return _not_found(str(error))
    return _json_response({"sessions": found})


@router.post("/api/users/{user_id}/sign-out")
@admin_only
async def sign_out_everywhere(request: Request) -> Response:
    async with services(request).pool.connection() as conn:
        try:
            await user_sessions.sign_out_everywhere(conn, request.path_params["user_id"])
        except UnknownUser as error:
            return _not_found(str(error))
    return JSONResponse({"signed_out": True})


def _pool_for(request: Request, role: str) -> ResilientPool:
    """An API role runs as a request does: on the authenticator's pool, switched to that role."""
    shared = services(request)
    return shared.pool if role == sql_runner.OWNER else shared.request_pool


async def _claims(request: Request, role: str, user_id: str | None) -> dict[str, Any]:
    """Read by the owner: the user's record is in `auth`, which no API role may read."""
    shared = services(request)
    async with shared.pool.connection() as conn:
        return await claims_of(conn, role, user_id, shared.settings)


async def _asked(request: Request) -> dict[str, Any]:
    try:
        body = json.loads(await request.body() or b"{}")
    except ValueError:
        return {}
    return body if isinstance(body, dict) else {}


async def _lines_after(recent: RecentLines, request: Request) -> dict[str, Any]:
    """The lines after the view's cursor (`after`: the last line it has of each worker), and the cursor to send next.
    Read in a thread: the workers' files hold thousands of lines."""
    cursor = line_files.cursor_of(request.query_params.get("after", ""))
    lines, cursor = await asyncio.to_thread(recent.after, cursor)
    return {"lines": lines, "cursor": line_files.cursor_text(cursor)}


def _not_found(message: str) -> JSONResponse:
    return JSONResponse({"message": message}, status_code=404)


def _json_response(found: dict[str, Any]) -> JSONResponse:
    """Dates, decimals and other values the database returns, as their text."""
    return JSONResponse(json.loads(json.dumps(found, default=str)))
