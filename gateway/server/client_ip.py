"""The client's address, one rule for every service: the socket's peer, unless a proxy we run says otherwise."""

from __future__ import annotations

from starlette.requests import HTTPConnection
from starlette.types import ASGIApp, Receive, Scope, Send

FORWARDED_FOR = b"x-forwarded-for"


def client_ip(connection: HTTPConnection, trusted_header: str | None) -> str | None:
    """With `trusted_header` (e.g. X-Forwarded-For) configured, its last entry: the one our own proxy appended.

    Earlier entries come from the client and can be forged, so they are never used.
    """
    if trusted_header:
        forwarded = connection.headers.get(trusted_header)
        if forwarded:
            last = forwarded.split(",")[-1].strip()
            if last:
                return last
    return connection.client.host if connection.client else None


class ForwardedFor:
    """Every service sees `X-Forwarded-For: <the address above>` and nothing the client wrote there.

    Policies read the address from `request.headers` (as on Supabase, where the edge sets the header), so the
    gateway has to be that edge: a client-supplied X-Forwarded-For must not reach PostgreSQL or a function.
    """

    def __init__(self, app: ASGIApp, trusted_header: str | None) -> None:
        self.app = app
        self.trusted_header = trusted_header

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket"):
            address = client_ip(HTTPConnection(scope), self.trusted_header)
            headers = [(name, value) for name, value in scope["headers"] if name != FORWARDED_FOR]
            if address:
                headers.append((FORWARDED_FOR, address.encode("latin-1")))
            scope = {**scope, "headers": headers}
        await self.app(scope, receive, send)

