"""Limits applied before any service reads a request: the HTTP body cap and the options of uvicorn itself.

Services read bodies with `await request.body()`, which buffers everything; this middleware refuses a body over
the limit from its Content-Length before it is read, and stops a chunked one as soon as it passes the limit.
A client that hangs up mid-body ends its request here with one log line.
"""

from __future__ import annotations

import json
import logging
from typing import Any

from starlette.requests import ClientDisconnect
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from gateway.server.http_protocol import HttpProtocol
from gateway.server.read_timeouts import with_read_timeouts
from gateway.settings import Settings

log = logging.getLogger("gateway.http")

# What Supabase's API gateway (Kong's request-size-limiting plugin) answers; every client reads `message`.
TOO_LARGE_BODY = json.dumps({"message": "Request size limit exceeded"}).encode()
# Room for the Phoenix envelope (topic, event, refs) around a payload, and JSON escaping doubling its size.
FRAME_OVERHEAD_BYTES = 4096


def max_frame_bytes(max_payload_bytes: int) -> int:
    return 2 * max_payload_bytes + FRAME_OVERHEAD_BYTES


def server_options(settings: Settings) -> dict[str, Any]:
    """uvicorn.Config arguments for every server of the gateway.

    - A websocket frame past the realtime limit is refused while it is read, instead of uvicorn's default of
      buffering up to 16 MiB first.
    - uvicorn's own proxy-header handling is off: by default it rewrites the client address from any
      X-Forwarded-For sent from 127.0.0.1, a second, hidden rule next to `gateway.server.client_ip` (the only one).
    - The request head is capped while it is read (`gateway.server.request_head`); httptools has no cap of its own.
    - A request's head and body must keep arriving (`gateway.server.read_timeouts`).
    - Each response leaves in one write (`gateway.server.http_protocol`).
    - No access log: the servers log at "warning", so uvicorn's access lines were never printed, yet it still
      quoted each request's path and formatted its client's address for them (about 1 % of a one-row read).
    - Websocket messages are not compressed (permessage-deflate), as Supabase Realtime's Phoenix default: the same
      change is sent to many subscribers, and compressing it once per subscriber was the largest cost of a
      realtime fan-out (docs/benchmarks.md).
    """
    return {"ws_max_size": max_frame_bytes(settings.realtime_max_payload_bytes), "proxy_headers": False,
            "http": with_read_timeouts(HttpProtocol, settings.request_head_timeout_seconds,
                                       settings.request_body_idle_timeout_seconds),
            "ws_per_message_deflate": False, "access_log": False}


class BodyLimit:
    def __init__(self, app: ASGIApp, max_bytes: int, exempt_prefix: str | None = None) -> None:
        self.app = app
        self.max_bytes = max_bytes
        self.exempt_prefix = exempt_prefix

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or (self.exempt_prefix and scope["path"].startswith(self.exempt_prefix)):
            await self.app(scope, receive, send)
            return
        framing = dict(scope["headers"])
        declared = framing.get(b"content-length", b"")
        if not declared and b"transfer-encoding" not in framing:
            await self.app(scope, receive, send)  # HTTP/1.1 framing: a request without either has no body
            return
        if declared.isdigit() and int(declared) > self.max_bytes:
            await _refuse(send)
            return
        if declared.isdigit() and b"transfer-encoding" not in framing:
            # httptools delivers no more of a body than its Content-Length: nothing to count.
            try:
                await self.app(scope, receive, send)
            except ClientDisconnect:
                _log_disconnect(scope)
            return
        received = 0
        exceeded = False
        started = False

        async def limited_receive() -> Message:
            nonlocal received, exceeded
            if exceeded:
                return {"type": "http.disconnect"}
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.max_bytes:
                    # The service sees a client that went away, and whatever it answers is replaced below.
                    exceeded = True
                    return {"type": "http.disconnect"}
            return message

        async def guarded_send(message: Message) -> None:
            nonlocal started
            if exceeded:
                return
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, limited_receive, guarded_send)
        except ClientDisconnect:
            # A client that hangs up mid-upload is not the gateway's failure: one line, no traceback.
            if not exceeded:
                _log_disconnect(scope)
        except Exception:
            if not exceeded:
                raise
        if exceeded and not started:
            await _refuse(send)


def _log_disconnect(scope: Scope) -> None:
    log.info("request body not received, the client went away: %s %s", scope["method"], scope["path"])


async def _refuse(send: Send) -> None:
    await send({
        "type": "http.response.start",
        "status": 413,
        "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(TOO_LARGE_BODY)).encode()),
                    (b"connection", b"close")],
    })
    await send({"type": "http.response.body", "body": TOO_LARGE_BODY})
