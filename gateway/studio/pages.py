"""The studio's pages: the built app (with the project's keys, for a browser let in), and signing in and out."""

from __future__ import annotations

import base64
import hashlib
import json
import re
from pathlib import Path
from urllib.parse import parse_qs

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, RedirectResponse, Response

from gateway.auth.errors import AuthError
from gateway.server.client_ip import client_ip
from gateway.services import services
from gateway.studio.access import COOKIE, SESSION_SECONDS, StudioAccess
from gateway.studio.door import bad_request, let_in, refusal, sign_in_page, studio_access

HOME = "/_/"
DIST = Path(__file__).parent / "dist"
ASSET_CACHE = "public, max-age=31536000, immutable"
INLINE_SCRIPT = re.compile(r"<script>(.*?)</script>", re.DOTALL)

router = APIRouter()


@router.post("/api/session")
async def sign_in(request: Request) -> Response:
    access = studio_access(request)
    if not access.enabled:
        return refusal(request, api=True)
    body = (await request.body()).decode("utf-8", "replace")
    if request.headers.get("content-type", "").startswith("application/json"):
        try:
            asked = json.loads(body or "{}")
        except ValueError:
            asked = None
        if not isinstance(asked, dict) or not isinstance(asked.get("secret", ""), str):
            return bad_request('Send a JSON object with the key or password as "secret".')
        secret = asked.get("secret", "")
    else:
        secret = (parse_qs(body).get("secret") or [""])[0]
    shared = services(request)
    try:
        # The auth service's budget of sign-in attempts per address, so that a password cannot be guessed faster.
        await shared.auth_limiter.check("token", client_ip(request, shared.settings.trusted_proxy_header) or "")
    except AuthError:
        return sign_in_page("Too many sign-in attempts from this address: wait a few minutes.", 429)
    if not access.signs_in(secret.strip(), shared.keys):
        return sign_in_page("That key or password is not right.", 401)
    return _signed_in(request, access)


def _signed_in(request: Request, access: StudioAccess) -> Response:
    """To the studio's home, with a new session cookie."""
    response = RedirectResponse(HOME, status_code=303)
    response.set_cookie(COOKIE, access.session_cookie(), max_age=SESSION_SECONDS, path=HOME, httponly=True,
                        samesite="strict",
                        secure=services(request).settings.api_external_url.startswith("https://"))
    return response


def _by_link(request: Request, token: str) -> Response:
    """The link `gateway serve` prints: a good token signs in, and the address bar is left without it."""
    access = studio_access(request)
    if not access.enabled:
        return refusal(request, api=False)
    if not access.valid_link_token(token):
        return sign_in_page("That sign-in link has expired or is not this project's: sign in below, or open the "
                            "link the gateway printed when it last started.", 401)
    return _signed_in(request, access)


@router.post("/api/session/end")
async def sign_out(request: Request) -> Response:
    response = RedirectResponse(HOME, status_code=303)
    response.delete_cookie(COOKIE, path=HOME)
    return response


@router.get("/{path:path}", include_in_schema=False)
async def app_files(request: Request, path: str) -> Response:
    token = request.query_params.get("token")
    if not path and token is not None:
        return _by_link(request, token)
    if not let_in(request):
        return refusal(request, api=path.startswith("api/"))
    if path.startswith("api/"):
        return JSONResponse({"message": f"The studio's admin API has no {request.url.path}."}, status_code=404)
    candidate = (DIST / path).resolve()
    if path and candidate.is_file() and DIST.resolve() in candidate.parents:
        return FileResponse(candidate, headers={"Cache-Control": ASSET_CACHE} if path.startswith("assets/") else {})
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
    html = index.read_text().replace("<head>", f"<head>{script}", 1)
    return HTMLResponse(html, headers={"Cache-Control": "no-store", "Referrer-Policy": "no-referrer",
                                       "Content-Security-Policy": content_policy(html, request.headers.get("host", ""))})


def content_policy(html: str, host: str) -> str:
    """The page carries the service-role key: only its own scripts run (the inline ones by their hashes), it talks
    only to its own gateway, and no other site may frame it (its buttons ban and delete)."""
    hashes = " ".join(f"'sha256-{base64.b64encode(hashlib.sha256(body.encode()).digest()).decode()}'"
                      for body in INLINE_SCRIPT.findall(html))
    return (f"default-src 'self'; script-src 'self' {hashes}; style-src 'self' 'unsafe-inline'; "
            f"img-src 'self' data: blob:; connect-src 'self' ws://{host} wss://{host}; "
            "frame-ancestors 'none'; base-uri 'none'; form-action 'self'")
