"""Who may open the studio: on loopback in development, elsewhere only after signing in.

A session is a cookie holding an expiry and its HMAC under the project's JWT secret and the admin password, so that
changing either ends every session. Requests a browser makes for another site's page (an `Origin` that is not the
studio's own) are refused even on loopback: the gateway's CORS lets any origin read a response, and the studio's
pages carry the service-role key.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import time
from collections.abc import Mapping
from dataclasses import dataclass
from urllib.parse import urlsplit

from dotenv import dotenv_values
from starlette.requests import HTTPConnection

from gateway.claims import bearer_token
from gateway.keys import InvalidToken, JwtKeys
from gateway.server.client_ip import client_ip
from gateway.server.same_origin import same_origin
from gateway.settings import Settings, is_loopback

COOKIE = "gateway_studio"
SESSION_SECONDS = 12 * 3600
TRUE = frozenset({"1", "true", "yes", "on"})


@dataclass(frozen=True)
class StudioAccess:
    enabled: bool
    loopback_open: bool  # development: a browser on this machine needs no sign-in
    password: str | None
    secret: str
    trusted_proxy_header: str | None

    @classmethod
    def from_env(cls, env: Mapping[str, str], settings: Settings) -> StudioAccess:
        """STUDIO_ENABLED (on by default only in development, with the embedded database) and STUDIO_PASSWORD."""
        flag = env.get("STUDIO_ENABLED")
        development = in_development(settings)
        enabled = development if flag is None else flag.strip().lower() in TRUE
        return cls(enabled=enabled, loopback_open=development, password=env.get("STUDIO_PASSWORD") or None,
                   secret=settings.jwt_secret, trusted_proxy_header=settings.trusted_proxy_header)

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
        expires = int((now or time.time()) + SESSION_SECONDS)
        return f"{expires}.{self._mac(expires)}"

    def valid_session(self, cookie: str | None) -> bool:
        expires, _, mac = (cookie or "").partition(".")
        if not expires.isdigit() or int(expires) < time.time():
            return False
        return hmac.compare_digest(mac, self._mac(int(expires)))

    def lets_in(self, connection: HTTPConnection, keys: JwtKeys) -> bool:
        if not self.enabled or not same_origin(connection):
            return False
        if self.valid_session(connection.cookies.get(COOKIE)):
            return True
        token = bearer_token(connection.headers)
        if token is not None:
            return service_role_token(keys, token)
        return self.loopback_open and self.on_loopback(connection)

    def on_loopback(self, connection: HTTPConnection) -> bool:
        """The client is this machine and the browser asked for this machine by name (not a rebound domain)."""
        address = client_ip(connection, self.trusted_proxy_header)
        host = urlsplit(f"//{connection.headers.get('host', '')}").hostname or ""
        return address is not None and is_loopback(address) and is_loopback(host)

    def _mac(self, expires: int) -> str:
        key = hashlib.sha256(f"studio-session:{self.secret}:{self.password or ''}".encode()).digest()
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
