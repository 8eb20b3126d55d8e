"""The studio at `/_/`: its built app, its sign-in page and its admin API, all behind the one door in access.py.

The app does its work through the gateway's own APIs with the service-role key (REST, the auth admin API,
storage); the admin API adds only what those do not offer: the catalog, SQL as a chosen role, and a chosen
caller's token for "view as".
"""

from __future__ import annotations

import json
import uuid
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs

import psycopg
from fastapi import APIRouter, FastAPI, Request
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, RedirectResponse, Response

from gateway.auth.errors import AuthError
from gateway.database.health import ResilientPool
from gateway.server.client_ip import client_ip
from gateway.services import services
from gateway.studio import catalog, database_info, sql_runner
from gateway.studio.access import COOKIE, SESSION_SECONDS, StudioAccess, in_development
from gateway.studio.identities import UnknownUser, claims_of, token_for
from gateway.studio.recent_requests import RecentRequests

PREFIX = "/_"
DIST = Path(__file__).parent / "dist"
SIGN_IN_PAGE = Path(__file__).parent / "sign_in.html"
NOT_SIGNED_IN = "Sign in to the studio with the service-role key or the studio's admin password."
WRONG_ROLE = "The studio's admin API takes only the service-role key; this token is for another role."

router = APIRouter()


async def on_startup(app: FastAPI) -> None:
    settings = services(app).settings
    app.state.studio = StudioAccess.of_process(settings)
    app.state.studio_requests = RecentRequests().attach() if settings.request_log else None


async def on_shutdown(app: FastAPI) -> None:
    if app.state.studio_requests is not None:
        app.state.studio_requests.detach()


def _access(request: Request) -> StudioAccess:
    return request.app.state.studio


def _refusal(request: Request, *, api: bool) -> Response:
    access = _access(request)
    if not access.enabled:
        return JSONResponse({"message": "no Route matched with those values"}, status_code=404)
    if api:
        has_token = "authorization" in request.headers
        return JSONResponse({"message": WRONG_ROLE if has_token else NOT_SIGNED_IN},
                            status_code=403 if has_token else 401)
    return _sign_in_page(None, 401)


def _sign_in_page(error: str | None, status: int) -> HTMLResponse:
    alert = f'<p role="alert">{error}</p>' if error else ""
    return HTMLResponse(SIGN_IN_PAGE.read_text().replace("<!--error-->", alert), status_code=status,
                        headers={"Cache-Control": "no-store"})


def _let_in(request: Request) -> bool:
    return _access(request).lets_in(request, services(request).keys)


@router.post("/api/session")
async def sign_in(request: Request) -> Response:
    access = _access(request)
    if not access.enabled:
        return _refusal(request, api=True)
    body = (await request.body()).decode("utf-8", "replace")
    if request.headers.get("content-type", "").startswith("application/json"):
        secret = str(json.loads(body or "{}").get("secret") or "")
    else:
        secret = (parse_qs(body).get("secret") or [""])[0]
    shared = services(request)
    try:
        # The auth service's budget of sign-in attempts per address, so that a password cannot be guessed faster.
        await shared.auth_limiter.check("token", client_ip(request, shared.settings.trusted_proxy_header) or "")
    except AuthError:
        return _sign_in_page("Too many sign-in attempts from this address: wait a few minutes.", 429)
    if not access.signs_in(secret.strip(), shared.keys):
        return _sign_in_page("That key or password is not right.", 401)
    response = RedirectResponse(f"{PREFIX}/", status_code=303)
    response.set_cookie(COOKIE, access.session_cookie(), max_age=SESSION_SECONDS, path=f"{PREFIX}/",
                        httponly=True, samesite="strict", secure=request.url.scheme == "https")
    return response


@router.post("/api/session/end")
async def sign_out(request: Request) -> Response:
    response = RedirectResponse(f"{PREFIX}/", status_code=303)
    response.delete_cookie(COOKIE, path=f"{PREFIX}/")
    return response


@router.get("/api/catalog")
async def tables(request: Request) -> Response:
    if not _let_in(request):
        return _refusal(request, api=True)
    shared = services(request)
    async with shared.pool.connection() as conn:
        found = await catalog.relations(conn, shared.settings.db_schemas)
    return JSONResponse({"schemas": list(shared.settings.db_schemas), "relations": found})


@router.get("/api/policies")
async def table_policies(request: Request) -> Response:
    if not _let_in(request):
        return _refusal(request, api=True)
    shared = services(request)
    async with shared.pool.connection() as conn:
        return JSONResponse({"policies": await catalog.policies(conn, shared.settings.db_schemas)})


@router.get("/api/database")
async def database(request: Request) -> Response:
    if not _let_in(request):
        return _refusal(request, api=True)
    shared = services(request)
    async with shared.pool.connection() as conn:
        found = await database_info.overview(conn)
    settings = shared.settings
    # The connection string carries a password: only the development one, which `gateway status` prints too.
    found["connection_string"] = settings.tcp_database_url if in_development(settings) else None
    found["mailbox"] = f"{settings.api_external_url}/_dev/mailbox" if settings.dev_mailbox else None
    return JSONResponse(json.loads(json.dumps(found, default=str)))


@router.post("/api/extensions")
async def extension(request: Request) -> Response:
    if not _let_in(request):
        return _refusal(request, api=True)
    ask = await _json(request)
    if not isinstance(ask.get("name"), str) or not isinstance(ask.get("enabled"), bool):
        return JSONResponse({"message": "Send an extension's name and whether to enable it."}, status_code=400)
    async with services(request).pool.connection() as conn:
        try:
            await database_info.set_extension(conn, ask["name"], ask["enabled"])
        except psycopg.Error as error:
            return JSONResponse({"message": error.diag.message_primary or str(error)}, status_code=400)
    return JSONResponse({"name": ask["name"], "enabled": ask["enabled"]})


@router.get("/api/logs")
async def recent_requests(request: Request, after: int = 0) -> Response:
    if not _let_in(request):
        return _refusal(request, api=True)
    recent: RecentRequests | None = request.app.state.studio_requests
    if recent is None:
        return JSONResponse({"enabled": False, "lines": []})
    return JSONResponse({"enabled": True, "lines": recent.after(after)})


@router.post("/api/sql")
async def run_sql(request: Request) -> Response:
    if not _let_in(request):
        return _refusal(request, api=True)
    ask = await _json(request)
    role = ask.get("role", sql_runner.OWNER)
    run_id = str(ask.get("run_id") or uuid.uuid4())
    if role not in sql_runner.ROLES or not isinstance(ask.get("sql"), str) or not ask["sql"].strip():
        return JSONResponse({"message": "Send the SQL to run and a role among "
                             f"{', '.join(sql_runner.ROLES)}."}, status_code=400)
    claims = None
    if role != sql_runner.OWNER:
        try:
            claims = await _claims(request, role, ask.get("user_id"))
        except UnknownUser as error:
            return JSONResponse({"message": str(error)}, status_code=400)
    async with _pool_for(request, role).connection() as conn:
        try:
            result = await sql_runner.run(conn, ask["sql"], role=role, claims=claims, run_id=run_id)
        except sql_runner.SqlError as error:
            return JSONResponse({"error": error.as_json()}, status_code=400)
    return JSONResponse(json.loads(json.dumps(result, default=str)))


@router.post("/api/sql/cancel")
async def cancel_sql(request: Request) -> Response:
    if not _let_in(request):
        return _refusal(request, api=True)
    ask = await _json(request)
    if ask.get("role") not in sql_runner.ROLES or not ask.get("run_id"):
        return JSONResponse({"message": "Send the run id and the role of the query to cancel."}, status_code=400)
    async with _pool_for(request, ask["role"]).connection() as conn:
        cancelled = await sql_runner.cancel(conn, str(ask["run_id"]))
    return JSONResponse({"cancelled": cancelled})


def _pool_for(request: Request, role: str) -> ResilientPool:
    """An API role runs as a request does: on the authenticator's pool, switched to that role."""
    shared = services(request)
    return shared.pool if role == sql_runner.OWNER else shared.request_pool


@router.post("/api/impersonate")
async def impersonate(request: Request) -> Response:
    if not _let_in(request):
        return _refusal(request, api=True)
    ask = await _json(request)
    role = ask.get("role")
    if role not in ("anon", "authenticated", "service_role"):
        return JSONResponse({"message": "Pick anon, authenticated (with a user) or service_role."}, status_code=400)
    try:
        claims = await _claims(request, role, ask.get("user_id"))
    except UnknownUser as error:
        return JSONResponse({"message": str(error)}, status_code=400)
    return JSONResponse({"token": token_for(services(request).keys, claims)})


async def _claims(request: Request, role: str, user_id: str | None) -> dict[str, Any]:
    """Read by the owner: the user's record is in `auth`, which no API role may read."""
    shared = services(request)
    async with shared.pool.connection() as conn:
        return await claims_of(conn, role, user_id, shared.settings)


@router.get("/{path:path}", include_in_schema=False)
async def app_files(request: Request, path: str) -> Response:
    if not _let_in(request):
        return _refusal(request, api=path.startswith("api/"))
    if path.startswith("api/"):
        return JSONResponse({"message": f"The studio's admin API has no {request.url.path}."}, status_code=404)
    candidate = (DIST / path).resolve()
    if path and candidate.is_file() and DIST.resolve() in candidate.parents:
        return FileResponse(candidate, headers={"Cache-Control": "public, max-age=31536000, immutable"}
                            if path.startswith("assets/") else {})
    return _index(request)


def _index(request: Request) -> Response:
    index = DIST / "index.html"
    if not index.exists():
        return HTMLResponse("<p>The studio is not built: run scripts/setup (or npm run build in studio/).</p>",
                            status_code=503)
    keys = services(request).keys
    config = {"anonKey": keys.anon_key, "serviceRoleKey": keys.service_role_key}
    # json.dumps of these values cannot contain `</`, so the script cannot be closed early.
    script = f"<script>window.__STUDIO_CONFIG__ = {json.dumps(config)};</script>"
    return HTMLResponse(index.read_text().replace("<head>", f"<head>{script}", 1),
                        headers={"Cache-Control": "no-store"})


async def _json(request: Request) -> dict[str, Any]:
    try:
        body = json.loads(await request.body() or b"{}")
    except ValueError:
        return {}
    return body if isinstance(body, dict) else {}
