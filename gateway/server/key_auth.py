"""The project API key where Supabase's API gateway requires one (Kong's key-auth in supabase/supabase's
docker/volumes/api/kong.yml): every /auth/v1, /rest/v1 and /realtime/v1 request carries the anon or service-role key,
or a publishable or secret key, as `apikey` (header or query), except the auth routes a browser reaches from a link or
a provider (verify, callback, authorize, the JWKS). Storage and functions check their callers themselves, as there.
Preflights pass (Kong's CORS plugin answers them first); websockets are checked by realtime itself on join.
With `api_key_required` off (a Supabase project folder on loopback, as `supabase start` serves it), a request to
/auth/v1 or /rest/v1 without any key passes and its Authorization, or none (anon), decides.

A secret key (`sb_secret_…`, as `apikey` or bearer) on a request that looks like a browser's is refused with 401, as
Supabase refuses it: an `Origin` header (every request a page makes to another origin, and every one that is not a
GET or HEAD), or a browser's User-Agent with the `Sec-Fetch-*` headers browsers add. The body is in the shape of the
layer that answers there: the API gateway's for auth, REST and realtime, Storage's and the functions relay's for
theirs; a websocket is refused before its handshake completes.

As the CLI's Kong does, a publishable or secret `apikey` becomes `Authorization: Bearer <the anon or service-role
key>` when the request has no Authorization or only an API key there (supabase-js puts its client key in both), so a
function sees a JWT, and a user's own token still decides. S3 requests keep their signature.
"""

from __future__ import annotations

import json
from urllib.parse import parse_qs

from starlette.types import ASGIApp, Receive, Scope, Send

from gateway.api_keys import OPAQUE_PREFIX, SECRET_PREFIX
from gateway.jwt_keys import InvalidToken, JwtKeys

PROTECTED_PREFIXES = ("/auth/v1/", "/rest/v1/", "/realtime/v1/")
# Where the CLI's local gateway, which has no key-auth, passes a request without a key (Realtime refuses it itself).
KEY_OPTIONAL_PREFIXES = ("/auth/v1/", "/rest/v1/")
OPEN_PREFIXES = ("/auth/v1/verify", "/auth/v1/callback", "/auth/v1/authorize", "/auth/v1/.well-known/jwks.json")
PROJECT_KEY_ROLES = frozenset({"anon", "service_role"})
SIGNED_BY_AWS_PREFIX = "/storage/v1/s3/"
KEY_AS_BEARER = b"bearer " + OPAQUE_PREFIX.encode()
SECRET_AS_BEARER = b"bearer " + SECRET_PREFIX.encode()
BROWSER_USER_AGENT = b"mozilla/"

_HEADERS = [(b"content-type", b"application/json; charset=utf-8")]
NO_KEY = json.dumps({"message": "No API key found in request"}).encode()
BAD_KEY = json.dumps({"message": "Invalid authentication credentials"}).encode()
SECRET_IN_BROWSER = "Forbidden use of secret API key in browser"
SECRET_IN_BROWSER_BODIES = (
    ("/storage/v1/", json.dumps({"statusCode": "401", "code": "Unauthorized", "error": "Unauthorized",
                                 "message": SECRET_IN_BROWSER}).encode()),
    ("/functions/v1/", json.dumps({"code": 401, "message": SECRET_IN_BROWSER}).encode()),
    ("/", json.dumps({"message": SECRET_IN_BROWSER}).encode()),
)


def needs_key(path: str) -> bool:
    return path.startswith(PROTECTED_PREFIXES) and not path.startswith(OPEN_PREFIXES)


def presented_key(scope: Scope) -> str | None:
    for name, value in scope["headers"]:
        if name == b"apikey":
            return value.decode("latin-1")
    query = scope.get("query_string") or b""
    if b"apikey=" in query:
        values = parse_qs(query.decode("latin-1")).get("apikey")
        return values[0] if values else None
    return None


def carries_secret_key(scope: Scope, key: str | None) -> bool:
    if key is not None and key.startswith(SECRET_PREFIX):
        return True
    return any(name == b"authorization" and value[:len(SECRET_AS_BEARER)].lower() == SECRET_AS_BEARER
               for name, value in scope["headers"])


def from_a_browser(scope: Scope) -> bool:
    user_agent = b""
    fetch_metadata = False
    for name, value in scope["headers"]:
        if name == b"origin":
            return True
        if name == b"user-agent":
            user_agent = value
        elif name.startswith(b"sec-fetch-"):
            fetch_metadata = True
    return fetch_metadata and user_agent[:len(BROWSER_USER_AGENT)].lower() == BROWSER_USER_AGENT


async def refuse_secret_in_browser(scope: Scope, send: Send) -> None:
    if scope["type"] == "websocket":
        await send({"type": "websocket.close", "code": 1008, "reason": SECRET_IN_BROWSER})
        return
    body = next(body for prefix, body in SECRET_IN_BROWSER_BODIES if scope["path"].startswith(prefix))
    await send({"type": "http.response.start", "status": 401,
                "headers": [*_HEADERS, (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})


class KeyAuth:
    def __init__(self, app: ASGIApp, keys: JwtKeys, *, key_required: bool = True) -> None:
        self.app = app
        self.keys = keys
        self.key_required = key_required
        self.known = frozenset({keys.anon_key, keys.service_role_key})

    def is_project_key(self, key: str) -> bool:
        """The keys as issued, or any key signed for the project with the anon or service role (a key minted
        again with another `iat`)."""
        if key in self.known or self.keys.api_keys.role_of(key) is not None:
            return True
        try:
            role = self.keys.verify(key).get("role")
        except InvalidToken:
            return False
        return isinstance(role, str) and role in PROJECT_KEY_ROLES  # a role claim can be any JSON value

    def with_role_bearer(self, scope: Scope, key: str | None) -> Scope:
        role = self.keys.api_keys.role_of(key) if key is not None else None
        if role is None or scope["path"].startswith(SIGNED_BY_AWS_PREFIX):
            return scope
        headers = scope["headers"]
        authorization = next((value for name, value in headers if name == b"authorization"), None)
        if authorization is not None and authorization[:len(KEY_AS_BEARER)].lower() != KEY_AS_BEARER:
            return scope
        jwt = self.keys.anon_key if role == "anon" else self.keys.service_role_key
        return {**scope, "headers": [*(h for h in headers if h[0] != b"authorization"),
                                     (b"authorization", f"Bearer {jwt}".encode())]}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket") or scope.get("method") == "OPTIONS":
            await self.app(scope, receive, send)
            return
        key = presented_key(scope)
        if carries_secret_key(scope, key) and from_a_browser(scope):
            await refuse_secret_in_browser(scope, send)
            return
        if scope["type"] == "websocket":  # realtime checks its keys itself, on join
            await self.app(scope, receive, send)
            return
        path = scope["path"]
        if (not needs_key(path) or key is not None and self.is_project_key(key)
                or key is None and not self.key_required and path.startswith(KEY_OPTIONAL_PREFIXES)):
            await self.app(self.with_role_bearer(scope, key), receive, send)
            return
        body = NO_KEY if key is None else BAD_KEY
        await send({"type": "http.response.start", "status": 401,
                    "headers": [*_HEADERS, (b"content-length", str(len(body)).encode())]})
        await send({"type": "http.response.body", "body": body})
