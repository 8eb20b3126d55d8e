"""uvicorn's httptools protocol, writing each response in one system call instead of two.

uvicorn writes a response's head (status line and headers) as soon as the app sends `http.response.start`, and
the body on `http.response.body`: two writes per response. On loopback each write also runs the receiving side's
network stack, and a profile of one-row reads had them at about a fifth of the gateway's CPU. Here the head waits
for the next write on the connection (the body, in the same step of the event loop) or, at the latest, for the
next turn of the loop, so a streamed or body-less response is not held back.

Once a connection is upgraded to a websocket, the frames written to it in one step of the loop (a realtime fan-out
queues several changes for one subscriber at once when it is busy) leave together at the end of that step, in one
write instead of one per frame.
"""

from __future__ import annotations

import asyncio
from typing import Any

from gateway.server.read_timeouts import ReadTimeoutsProtocol

RESPONSE_HEAD = b"HTTP/1.1 "
SWITCHING_PROTOCOLS = b"HTTP/1.1 101 "
INTERIM = (b"HTTP/1.1 100 ", SWITCHING_PROTOCOLS)


class OneWriteTransport:
    """The connection's transport, except that a response head is joined to what is written after it, and a
    websocket's frames to those written in the same step of the loop."""

    def __init__(self, transport: asyncio.Transport) -> None:
        self._transport = transport
        self._head: bytes | None = None
        # A websocket's frames not yet written (None before the upgrade).
        self._frames: list[bytes] | None = None

    def write(self, data: bytes) -> None:
        if self._frames is not None:
            if not self._frames:
                asyncio.get_running_loop().call_soon(self._flush_frames)
            self._frames.append(data)
            return
        if data.startswith(SWITCHING_PROTOCOLS):
            self._frames = []
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

    def _flush_frames(self) -> None:
        if self._frames:
            data, self._frames[:] = b"".join(self._frames), ()
            self._transport.write(data)

    def close(self) -> None:
        self._flush()
        self._flush_frames()
        self._transport.close()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._transport, name)


class HttpProtocol(ReadTimeoutsProtocol):
    """The gateway's HTTP protocol: heads capped and timed as they are read, bodies timed, each response in one
    write."""

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(OneWriteTransport(transport))  # type: ignore[arg-type]
