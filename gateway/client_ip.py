"""The client's address, one rule for every service: the socket's peer, unless a proxy we run says otherwise."""

from __future__ import annotations

from starlette.requests import HTTPConnection


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
