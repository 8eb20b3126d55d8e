"""One line per request, as a developer watching `gateway serve` expects: method, path, status, duration and the
request id (a function's own `x-request-id`, or one made here), logged when the response ends.

The path is logged without its query string: the realtime URL carries `apikey=<jwt>` and mail links `token=`.
Headers are never logged. Development only by default (REQUEST_LOG): it costs every request a log write.
"""

from __future__ import annotations

import logging
import time
import uuid

from starlette.types import ASGIApp, Message, Receive, Scope, Send

log = logging.getLogger("gateway.requests")

REQUEST_ID = b"x-request-id"


class RequestLog:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        status = 0
        request_id: str | None = None

        async def send_noting_status(message: Message) -> None:
            nonlocal status, request_id
            if message["type"] == "http.response.start":
                status = message["status"]
                request_id = next((value.decode("latin-1") for name, value in message.get("headers", ())
                                   if name.lower() == REQUEST_ID), None)
            await send(message)

        try:
            await self.app(scope, receive, send_noting_status)
        finally:
            elapsed_ms = (time.perf_counter() - started) * 1000
            log.info("%s %s %s %.1f ms %s", scope["method"], scope["path"], status or "-", elapsed_ms,
                     request_id or uuid.uuid4().hex[:12])
