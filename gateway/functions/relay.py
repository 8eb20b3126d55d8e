"""Forwards a function call to the function's own process (FUNCTION_URL_<NAME>), as Supabase's relay does."""

from __future__ import annotations

import logging

import httpx
from fastapi import Request
from fastapi.responses import Response

from gateway.functions.http import BodyTooLarge, error_reply, read_body

log = logging.getLogger("gateway.functions.relay")

RELAY_ERROR = {"x-relay-error": "true"}
# Hop-by-hop headers (RFC 9110 7.6.1) and those httpx recomputes; CORS is the gateway's job, not the function's.
DROPPED_REQUEST_HEADERS = {"host", "connection", "keep-alive", "transfer-encoding", "te", "trailer", "upgrade",
                           "proxy-authorization", "proxy-connection", "content-length", "origin"}
DROPPED_RESPONSE_HEADERS = {"connection", "keep-alive", "transfer-encoding", "content-length", "content-encoding",
                            "date", "server"}
# The function enforces its own (smaller) limit; this only stops the gateway buffering something absurd.
RELAY_MAX_BODY_BYTES = 10 * 1024 * 1024


class Relay:
    def __init__(self, client: httpx.AsyncClient):
        self._client = client

    async def close(self) -> None:
        await self._client.aclose()

    async def forward(self, request: Request, slug: str, base_url: str, subpath: str, *,
                      client_ip: str | None, timeout: float) -> Response:
        try:
            body = await read_body(request, RELAY_MAX_BODY_BYTES)
        except BodyTooLarge:
            return error_reply("The request body is too large", 413)
        # The function process trusts the gateway alone, so it gets the address the gateway resolved, nothing else.
        headers = [(k, v) for k, v in request.headers.items()
                   if k.lower() not in DROPPED_REQUEST_HEADERS and k.lower() != "x-forwarded-for"]
        if client_ip:
            headers.append(("x-forwarded-for", client_ip))
        url = base_url.rstrip("/") + subpath
        try:
            upstream = await self._client.request(
                request.method, url, params=request.url.query or None, headers=headers, content=body, timeout=timeout
            )
        except httpx.TimeoutException:
            log.warning("relay to function %s timed out after %ss", slug, timeout)
            return error_reply("The function did not answer in time", 504, RELAY_ERROR)
        except httpx.HTTPError as exc:
            log.warning("relay to function %s failed: %s", slug, type(exc).__name__)
            return error_reply("The function could not be reached", 502, RELAY_ERROR)
        kept = {k: v for k, v in upstream.headers.items()
                if k.lower() not in DROPPED_RESPONSE_HEADERS and not k.lower().startswith("access-control-")}
        return Response(upstream.content, status_code=upstream.status_code, headers=kept)
