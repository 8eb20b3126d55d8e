"""Serves the built website (`web/dist`) at `/`, with the project's URL and publishable key injected into index.html
(as `anonKey`, the name the site reads: supabase-js takes either kind of client key)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from fastapi import FastAPI
from fastapi.responses import FileResponse, HTMLResponse, Response
from starlette.exceptions import HTTPException

from gateway.jwt_keys import JwtKeys
from gateway.server.not_found import is_api_path
from gateway.settings import Settings

ASSET_CACHE = "public, max-age=31536000, immutable"


def mount(app: FastAPI, settings: Settings) -> None:
    if settings.web_dist is None or not (settings.web_dist / "index.html").exists():
        return
    dist = settings.web_dist.resolve()
    index = dist / "index.html"
    config = {"url": settings.api_external_url, "anonKey": JwtKeys.from_settings(settings).api_keys.default_publishable}
    # `</` cannot appear inside json.dumps output of these values, so the script tag cannot be closed early.
    script = f"<script>window.__SUPABASE_CONFIG__ = {json.dumps(config)};</script>"
    cached: dict[str, Any] = {}

    def page() -> str:
        # Re-read after a rebuild (index.html names the new hashed assets); otherwise serve the cached copy.
        stamp = index.stat().st_mtime_ns
        if cached.get("stamp") != stamp:
            cached.update(stamp=stamp, html=index.read_text().replace("<head>", f"<head>{script}", 1))
        return cached["html"]

    @app.get("/{path:path}", include_in_schema=False)
    async def serve_site(path: str) -> Response:
        if is_api_path("/" + path):
            raise HTTPException(404)
        candidate = (dist / path).resolve()
        if path and candidate.is_file() and _inside(candidate, dist):
            headers = {"Cache-Control": ASSET_CACHE} if path.startswith("assets/") else {}
            return FileResponse(candidate, headers=headers)
        return HTMLResponse(page(), headers={"Cache-Control": "no-cache"})


def _inside(path: Path, root: Path) -> bool:
    return path == root or root in path.parents
