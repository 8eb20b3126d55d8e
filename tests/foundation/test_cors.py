"""gateway.server.cors answers every request as Starlette's CORS middleware with the same settings does."""

from __future__ import annotations

import asyncio

import pytest
from starlette.middleware.cors import CORSMiddleware
from starlette.types import Message, Receive, Scope, Send

from gateway.app import CORS_METHODS as METHODS
from gateway.app import EXPOSED_HEADERS
from gateway.server.cors import Cors


def responding_with(headers: list[tuple[bytes, bytes]]):
    async def app(scope: Scope, receive: Receive, send: Send) -> None:
        await send({"type": "http.response.start", "status": 200, "headers": list(headers)})
        await send({"type": "http.response.body", "body": b"{}"})

    return app


def messages(middleware, method: str, request_headers: list[tuple[bytes, bytes]]) -> list[Message]:
    sent: list[Message] = []

    async def receive() -> Message:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: Message) -> None:
        sent.append(message)

    scope = {"type": "http", "method": method, "path": "/rest/v1/items", "headers": request_headers}
    asyncio.run(middleware(scope, receive, send))
    return sent


ORIGIN = (b"origin", b"http://localhost:5173")
REQUESTS = {
    "no origin": ("GET", []),
    "origin": ("GET", [ORIGIN, (b"accept", b"application/json")]),
    "origin, options without a preflight": ("OPTIONS", [ORIGIN]),
    "preflight": ("OPTIONS", [ORIGIN, (b"access-control-request-method", b"PATCH"),
                              (b"access-control-request-headers", b"apikey, authorization, prefer")]),
    "preflight, private network": ("OPTIONS", [ORIGIN, (b"access-control-request-method", b"GET"),
                                               (b"access-control-request-private-network", b"true")]),
    "preflight, unknown method": ("OPTIONS", [ORIGIN, (b"access-control-request-method", b"TRACE")]),
}
RESPONSES = {
    "plain": [(b"content-type", b"application/json")],
    "its own vary": [(b"vary", b"Accept-Encoding"), (b"content-type", b"text/plain"), (b"vary", b"Prefer")],
    "its own cors headers": [(b"access-control-allow-origin", b"https://example.com"),
                             (b"access-control-expose-headers", b"x-mine"), (b"x-kept", b"1")],
}


@pytest.mark.parametrize("request_kind", REQUESTS)
@pytest.mark.parametrize("response_kind", RESPONSES)
def test_the_same_status_and_headers_as_starlettes(request_kind: str, response_kind: str):
    method, request_headers = REQUESTS[request_kind]
    app = responding_with(RESPONSES[response_kind])
    ours = messages(Cors(app, allow_methods=METHODS, expose_headers=EXPOSED_HEADERS, max_age=86400),
                    method, request_headers)
    theirs = messages(CORSMiddleware(app, allow_origins=["*"], allow_methods=METHODS, allow_headers=["*"],
                                     expose_headers=EXPOSED_HEADERS, max_age=86400), method, request_headers)
    assert [m["type"] for m in ours] == [m["type"] for m in theirs]
    assert ours[0]["status"] == theirs[0]["status"]
    assert sorted(ours[0]["headers"]) == sorted(theirs[0]["headers"])
    assert ours[1]["body"] == theirs[1]["body"]


def test_a_response_to_a_page_gets_any_origin_and_the_headers_clients_read():
    sent = messages(Cors(responding_with([]), allow_methods=METHODS, expose_headers=EXPOSED_HEADERS, max_age=60),
                    "GET", [ORIGIN])
    headers = dict(sent[0]["headers"])
    assert headers[b"access-control-allow-origin"] == b"*"
    assert b"content-range" in headers[b"access-control-expose-headers"].lower()
    assert headers[b"vary"] == b"Origin"


def test_websockets_pass_untouched():
    seen: list[Scope] = []

    async def app(scope: Scope, receive: Receive, send: Send) -> None:
        seen.append(scope)

    scope = {"type": "websocket", "path": "/realtime/v1/websocket", "headers": [ORIGIN]}
    asyncio.run(Cors(app, allow_methods=METHODS, expose_headers=EXPOSED_HEADERS, max_age=60)(scope, None, None))
    assert seen == [scope]
