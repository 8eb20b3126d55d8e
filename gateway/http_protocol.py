"""uvicorn's httptools protocol, writing each response in one system call instead of two.

uvicorn writes a response's head (status line and headers) as soon as the app sends `http.response.start`, and
the body on `http.response.body`: two writes per response. On loopback each write also runs the receiving side's
network stack, and a profile of one-row reads had them at about a fifth of the gateway's CPU. Here the head waits
for the next write on the connection (the body, in the same step of the event loop) or, at the latest, for the
next turn of the loop, so a streamed or body-less response is not held back.
"""

from __future__ import annotations

import asyncio
from typing import Any

from gateway.request_head import BoundedHeadProtocol

RESPONSE_HEAD = b"HTTP/1.1 "
INTERIM = (b"HTTP/1.1 100 ", b"HTTP/1.1 101 ")


class OneWriteTransport:
    """The connection's transport, except that a response head is joined to what is written after it."""

    def __init__(self, transport: asyncio.Transport) -> None:
        self._transport = transport
        self._head: bytes | None = None

    def write(self, data: bytes) -> None:
        if self._head is not None:
            data, self._head = self._head + data, None
        elif data.startswith(RESPONSE_HEAD) and not data.startswith(INTERIM):
            self._head = data
            asyncio.get_running_loop().call_soon(self._flush)
            return
        self._transport.write(data)

    def _flush(self) -> None:
        if self._head is not None:
            head, self._head = self._head, None
            self._transport.write(head)

    def close(self) -> None:
        self._flush()
        self._transport.close()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._transport, name)


class HttpProtocol(BoundedHeadProtocol):
    """The gateway's HTTP protocol: heads capped as they are read, and each response in one write."""

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(OneWriteTransport(transport))  # type: ignore[arg-type]
