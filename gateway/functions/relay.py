"""Forwards a function call to a process that serves it over HTTP, streaming both ways: the request body goes on as
it arrives and the answer reaches the client chunk by chunk (Server-Sent Events, large downloads). When the client
leaves, the upstream answer is closed, so an endless stream costs nothing after its reader is gone.

Used for a function's own process (FUNCTION_URL_<NAME>, as Supabase's relay) and for the Deno workers."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

import anyio
import httpx
from fastapi import Request
from fastapi.responses import Response, StreamingResponse
from starlette.types import Receive, Scope, Send

from gateway.functions.http import error_reply

log = logging.getLogger("gateway.functions.relay")

RELAY_ERROR = {"x-relay-error": "true"}
# Hop-by-hop headers (RFC 9110 7.6.1) and those httpx recomputes; CORS is the gateway's job, not the function's.
DROPPED_REQUEST_HEADERS = {"host", "connection", "keep-alive", "transfer-encoding", "te", "trailer", "upgrade",
                           "proxy-authorization", "proxy-connection", "content-length", "origin"}
# The body is passed on as it came (still encoded), so only hop-by-hop headers go.
DROPPED_RESPONSE_HEADERS = {"connection", "keep-alive", "transfer-encoding", "content-length", "date", "server"}


# A stream may pause for as long as the function likes; the wait for an answer's start is bounded by the caller.
STREAMING_TIMEOUTS = httpx.Timeout(None, connect=5.0)


def relay_client() -> httpx.AsyncClient:
    return httpx.AsyncClient(timeout=STREAMING_TIMEOUTS)


class RelayedResponse(StreamingResponse):
    """The upstream answer's body as it arrives; the upstream connection is released however the client's ends."""

    def __init__(self, upstream: httpx.Response, on_close: Callable[[], None] | None = None):
        """`on_close` runs once the answer is over, however it ended."""
        kept = {k: v for k, v in upstream.headers.items()
                if k.lower() not in DROPPED_RESPONSE_HEADERS and not k.lower().startswith("access-control-")}
        super().__init__(upstream.aiter_raw(), status_code=upstream.status_code, headers=kept)
        self._upstream = upstream
        self._on_close = on_close

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        try:
            await super().__call__(scope, receive, send)
        finally:
            # Shielded: after a client's disconnect the task is being cancelled, and an unshielded close would be too.
            with anyio.CancelScope(shield=True):
                await self._upstream.aclose()
            if self._on_close is not None:
                self._on_close()


async def open_upstream(client: httpx.AsyncClient, request: Request, url: str, *, client_ip: str | None,
                        timeout: float, extra_headers: dict[str, str] | None = None) -> httpx.Response:
    """The upstream's answer, once its status and headers arrived (within `timeout` seconds); its body unread.

    Raises TimeoutError, or httpx.HTTPError when the upstream cannot be reached."""
    # The function process trusts the gateway alone, so it gets the address the gateway resolved, nothing else.
    own = {"x-forwarded-for": client_ip} if client_ip else {}
    own.update({k.lower(): v for k, v in (extra_headers or {}).items()})
    headers = [(k, v) for k, v in request.headers.items()
               if k.lower() not in DROPPED_REQUEST_HEADERS and k.lower() not in own and k.lower() != "x-forwarded-for"]
    headers += list(own.items())
    has_body = "content-length" in request.headers or "transfer-encoding" in request.headers
    outgoing = client.build_request(request.method, url, params=request.url.query or None, headers=headers,
                                    content=request.stream() if has_body else None)
    async with asyncio.timeout(timeout):
        return await client.send(outgoing, stream=True)


class Relay:
    def __init__(self, client: httpx.AsyncClient):
        self._client = client

    async def close(self) -> None:
        await self._client.aclose()

    async def forward(self, request: Request, slug: str, base_url: str, subpath: str, *,
                      client_ip: str | None, timeout: float) -> Response:
        try:
            upstream = await open_upstream(self._client, request, base_url.rstrip("/") + subpath,
                                           client_ip=client_ip, timeout=timeout)
        except TimeoutError:
            log.warning("relay to function %s timed out after %ss", slug, timeout)
            return error_reply("The function did not answer in time", 504, RELAY_ERROR)
        except httpx.HTTPError as exc:
            log.warning("relay to function %s failed: %s", slug, type(exc).__name__)
            return error_reply("The function could not be reached", 502, RELAY_ERROR)
        return RelayedResponse(upstream)
