"""One line per request, as a developer watching `gateway serve` expects: method, path, status, duration and the
request id, logged when the response ends. The id is made when the request starts and is the request's
`current_request_id` while it is handled: every log record made meanwhile can name it, and a function the request is
relayed to is given it as its `x-request-id`.

The path is logged without its query string: the realtime URL carries `apikey=<jwt>` and mail links `token=`.
Headers are never logged. Development only by default (REQUEST_LOG): it costs every request a log write.
"""

from __future__ import annotations

import logging
import time
import uuid
from contextvars import ContextVar

from starlette.types import ASGIApp, Message, Receive, Scope, Send

log = logging.getLogger("gateway.requests")

current_request_id: ContextVar[str | None] = ContextVar("current_request_id", default=None)


class RequestLog:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        status = 0
        request_id = uuid.uuid4().hex
        handled = current_request_id.set(request_id)

        async def send_noting_status(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
            await send(message)

        try:
            await self.app(scope, receive, send_noting_status)
        finally:
            elapsed_ms = (time.perf_counter() - started) * 1000
            log.info("%s %s %s %.1f ms %s", scope["method"], scope["path"], status or "-", elapsed_ms, request_id)
            current_request_id.reset(handled)
