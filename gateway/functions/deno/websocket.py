"""A WebSocket upgrade inside a Deno function: the gateway accepts the client's socket once the worker accepted
its own on the same path, then passes messages both ways until either side closes."""

from __future__ import annotations

import asyncio
import contextlib

from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake
from websockets.typing import Subprotocol

# The handshake's own headers are the client library's to write; the rest reach the function as they came.
HANDSHAKE_HEADERS = {"host", "connection", "upgrade", "sec-websocket-key", "sec-websocket-version",
                     "sec-websocket-extensions", "sec-websocket-protocol", "x-forwarded-for"}
OPEN_SECONDS = 10.0
UNAVAILABLE = 1011


async def relay_websocket(websocket: WebSocket, url: str, extra_headers: dict[str, str]) -> None:
    headers = [(k, v) for k, v in websocket.headers.items() if k.lower() not in HANDSHAKE_HEADERS]
    protocols = [Subprotocol(p.strip()) for p in websocket.headers.get("sec-websocket-protocol", "").split(",")
                 if p.strip()]
    try:
        upstream = await connect(url, additional_headers=[*headers, *extra_headers.items()],
                                 subprotocols=protocols or None, open_timeout=OPEN_SECONDS, max_size=None)
    except (OSError, InvalidHandshake, TimeoutError):
        await websocket.close(code=UNAVAILABLE)
        return
    async with upstream:
        await websocket.accept(subprotocol=upstream.subprotocol)
        passes = [asyncio.create_task(_client_to_worker(websocket, upstream)),
                  asyncio.create_task(_worker_to_client(upstream, websocket))]
        await asyncio.wait(passes, return_when=asyncio.FIRST_COMPLETED)
        for task in passes:
            task.cancel()
        await asyncio.gather(*passes, return_exceptions=True)
    if websocket.client_state == WebSocketState.CONNECTED:
        with contextlib.suppress(RuntimeError):
            await websocket.close(code=upstream.close_code or 1000)


async def _client_to_worker(websocket: WebSocket, upstream: ClientConnection) -> None:
    with contextlib.suppress(WebSocketDisconnect, ConnectionClosed):
        while True:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                return
            await upstream.send(message["bytes"] if message.get("bytes") is not None else message["text"])


async def _worker_to_client(upstream: ClientConnection, websocket: WebSocket) -> None:
    with contextlib.suppress(WebSocketDisconnect, ConnectionClosed, RuntimeError):
        async for message in upstream:
            if isinstance(message, bytes):
                await websocket.send_bytes(message)
            else:
                await websocket.send_text(message)
