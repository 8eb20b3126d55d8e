"""A path no service answers gets a JSON 404 in the shape of the service its prefix names, never the site's HTML."""

from __future__ import annotations

import re

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException

# `/<service>/v1/...` and the dashboard-only prefixes of Supabase's API gateway.
API_PATH = re.compile(r"^/(?:[a-z0-9_-]+/v1(?:/|$)|pg(?:/|$)|_dev(?:/|$))")


def is_api_path(path: str) -> bool:
    return bool(API_PATH.match(path))


def body_for(path: str) -> dict:
    if path.startswith("/auth/v1"):
        return {"code": 404, "error_code": "not_found", "msg": "Not Found"}
    if path.startswith("/rest/v1"):
        return {"code": "PGRST125", "details": None, "hint": None, "message": f"Invalid path specified in request URL: {path.removeprefix('/rest/v1')}"}
    if path.startswith("/storage/v1"):
        # What supabase/storage (Fastify) answers for a route it does not have.
        return {"statusCode": "404", "code": "not_found", "error": "Not Found",
                "message": f"Route {path.removeprefix('/storage/v1')} not found"}
    # What Supabase's API gateway (Kong) answers for a path no service is mounted at.
    return {"message": "no Route matched with those values"}


def install(app: FastAPI) -> None:
    @app.exception_handler(HTTPException)
    async def render(request: Request, exc: HTTPException) -> JSONResponse:
        if exc.status_code == 404:
            return JSONResponse(body_for(request.url.path), status_code=404)
        return JSONResponse({"detail": exc.detail}, status_code=exc.status_code, headers=exc.headers)
