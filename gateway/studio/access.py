"""Who may open the studio: a caller with the studio's own credential, from wherever it calls, this machine included.

The credential is the session cookie that signing in sets, or the service-role key as a bearer token (for scripts).
Being on loopback is never enough: a function's code, a page that a function serves, or a reverse proxy on this
machine all call from loopback. In development, `gateway serve` prints a sign-in link (`/_/?token=…`) that sets the
cookie, so the developer who started it needs no password; nothing else on the machine can read it.

A session cookie and a link token each hold an expiry and its HMAC under the project's JWT secret and the admin
password, so that changing either ends every session and link. Requests a browser makes for another site's page (an
`Origin` that is not the studio's own) are refused even with the credential: the studio's pages carry the
service-role key.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import time
from collections.abc import Mapping
from dataclasses import dataclass

from dotenv import dotenv_values
from starlette.requests import HTTPConnection

from gateway.claims import bearer_token
from gateway.jwt_keys import InvalidToken, JwtKeys
from gateway.server.same_origin import same_origin
from gateway.settings import Settings

COOKIE = "gateway_studio"
SESSION_SECONDS = 12 * 3600
# The link `gateway serve` prints stays good for a week of development; after that, sign in with the key.
LINK_SECONDS = 7 * 24 * 3600
SESSION = "studio-session"
LINK = "studio-link"
TRUE = frozenset({"1", "true", "yes", "on"})


@dataclass(frozen=True)
class StudioAccess:
    enabled: bool
    password: str | None
    secret: str

    @classmethod
    def from_env(cls, env: Mapping[str, str], settings: Settings) -> StudioAccess:
        """STUDIO_ENABLED (on by default only in development, with the embedded database) and STUDIO_PASSWORD."""
        flag = env.get("STUDIO_ENABLED")
        development = in_development(settings)
        enabled = development if flag is None else flag.strip().lower() in TRUE
        return cls(enabled=enabled, password=env.get("STUDIO_PASSWORD") or None, secret=settings.jwt_secret)

    @classmethod
    def of_process(cls, settings: Settings) -> StudioAccess:
        """From the project's `.env` and the environment, the environment winning, as the settings are read."""
        dotenv = settings.project.root / ".env"
        env = {k: v for k, v in dotenv_values(dotenv).items() if v is not None} if dotenv.exists() else {}
        return cls.from_env({**env, **os.environ}, settings)

    def signs_in(self, secret: str, keys: JwtKeys) -> bool:
        """The service-role key (or any token signed for the project with that role) or the admin password."""
        if self.password and hmac.compare_digest(secret.encode(), self.password.encode()):
            return True
        return service_role_token(keys, secret)

    def session_cookie(self, now: float | None = None) -> str:
        return self._signed(SESSION, SESSION_SECONDS, now)

    def valid_session(self, cookie: str | None) -> bool:
        return self._valid(SESSION, cookie)

    def link_token(self, now: float | None = None) -> str:
        """For the sign-in link: `/_/?token=<this>` sets a session cookie."""
        return self._signed(LINK, LINK_SECONDS, now)

    def valid_link_token(self, token: str | None) -> bool:
        return self._valid(LINK, token)

    def lets_in(self, connection: HTTPConnection, keys: JwtKeys) -> bool:
        if not self.enabled or not same_origin(connection):
            return False
        if self.valid_session(connection.cookies.get(COOKIE)):
            return True
        token = bearer_token(connection.headers)
        return token is not None and service_role_token(keys, token)

    def _signed(self, purpose: str, lifetime: int, now: float | None) -> str:
        expires = int((now or time.time()) + lifetime)
        return f"{expires}.{self._mac(purpose, expires)}"

    def _valid(self, purpose: str, signed: str | None) -> bool:
        expires, _, mac = (signed or "").partition(".")
        if not (expires.isascii() and expires.isdigit()) or int(expires) < time.time():
            return False
        return hmac.compare_digest(mac.encode("utf-8", "surrogatepass"), self._mac(purpose, int(expires)).encode())

    def _mac(self, purpose: str, expires: int) -> str:
        key = hashlib.sha256(f"{purpose}:{self.secret}:{self.password or ''}".encode()).digest()
        return hmac.new(key, str(expires).encode(), hashlib.sha256).hexdigest()


def in_development(settings: Settings) -> bool:
    """The embedded database: before `serve` starts it (no URL yet) or after (bound to it, reachable over TCP, which
    only the embedded server is given); production shape names its database in DATABASE_URL."""
    return settings.embedded or settings.tcp_database_url is not None


def service_role_token(keys: JwtKeys, token: str) -> bool:
    try:
        return keys.verify(token).get("role") == "service_role"
    except InvalidToken:
        return False
