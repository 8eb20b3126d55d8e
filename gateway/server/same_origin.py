"""Whether a request comes from a page of the gateway's own origin, as a browser says it: the development mailbox
and the studio answer no other. A client that is no browser sends neither header and passes."""

from __future__ import annotations

from urllib.parse import urlsplit

from starlette.requests import HTTPConnection


def same_origin(connection: HTTPConnection) -> bool:
    """No Origin (a navigation, a same-origin GET) or one naming the host the request was sent to. Only the host:
    behind a proxy that ends TLS the browser's scheme is not the one the gateway sees."""
    origin = connection.headers.get("origin")
    if origin is None:
        return connection.headers.get("sec-fetch-site", "same-origin") in ("same-origin", "none")
    return urlsplit(origin).netloc == connection.headers.get("host", "")
