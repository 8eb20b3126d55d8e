"""A cap on the request head (request line and headers), which uvicorn's httptools protocol does not have.

httptools buffers a header until its line ends, so one 8 MiB header costs 8 MiB before any application code
runs. This protocol counts the head as it arrives and answers 431 as soon as it passes MAX_HEAD_BYTES or
MAX_HEADERS, with one log line, before a service (or a websocket upgrade) sees the request.
"""

from __future__ import annotations

import logging

from starlette.types import Receive, Scope, Send
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

# What docs/security.md promises (and h11's and Node's default); Apache allows 100 header fields.
MAX_HEAD_BYTES = 16 * 1024
MAX_HEADERS = 100
# A header line's separators (": " and CRLF) around its name and value.
HEADER_LINE_OVERHEAD = 4

log = logging.getLogger("gateway.http")

REFUSAL_BODY = b"Request Header Fields Too Large"
REFUSAL_HEADERS = [(b"content-type", b"text/plain; charset=utf-8"),
                   (b"content-length", str(len(REFUSAL_BODY)).encode()), (b"connection", b"close")]


async def refuse_head(scope: Scope, receive: Receive, send: Send) -> None:
    await send({"type": "http.response.start", "status": 431, "headers": REFUSAL_HEADERS})
    await send({"type": "http.response.body", "body": REFUSAL_BODY})


class BoundedHeadProtocol(HttpToolsProtocol):
    """uvicorn's httptools protocol, counting each request's head: the raw bytes received while it is unfinished
    (an endless header is buffered by httptools, unseen by the callbacks) and the parsed line and headers."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.head_open = True
        self.unfinished_head_bytes = 0
        self.head_bytes = 0
        self.header_count = 0
        self.head_refused = False

    def data_received(self, data: bytes) -> None:
        if self.head_open:
            self.unfinished_head_bytes += len(data)
        super().data_received(data)
        if self.head_open and self.unfinished_head_bytes > MAX_HEAD_BYTES and not self.transport.is_closing():
            # No request to answer through yet: the refusal is written here and the connection ends.
            self._log_refusal()
            head = b"HTTP/1.1 431 Request Header Fields Too Large\r\n"
            head += b"".join(name + b": " + value + b"\r\n" for name, value in REFUSAL_HEADERS)
            self.transport.write(head + b"\r\n" + REFUSAL_BODY)
            self.transport.close()

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self.head_open = True
        self.head_bytes = self.header_count = 0
        self.head_refused = False

    def on_url(self, url: bytes) -> None:
        super().on_url(url)
        self._count(len(url), headers=0)

    def on_header(self, name: bytes, value: bytes) -> None:
        self._count(len(name) + len(value) + HEADER_LINE_OVERHEAD, headers=1)
        if not self.head_refused:
            super().on_header(name, value)

    def on_headers_complete(self) -> None:
        self.head_open = False
        self.unfinished_head_bytes = 0
        if not self.head_refused:
            super().on_headers_complete()
            return
        # A finished head over the cap is answered by `refuse_head` instead of the gateway, through uvicorn's own
        # request cycle (which drains a body that follows and closes the connection).
        self._log_refusal()
        self.headers.clear()
        app, self.app = self.app, refuse_head
        try:
            super().on_headers_complete()
        finally:
            self.app = app

    def on_message_complete(self) -> None:
        super().on_message_complete()
        self.head_open = True

    def _should_upgrade(self) -> bool:
        return not self.head_refused and super()._should_upgrade()

    def _unsupported_upgrade_warning(self) -> None:
        if not self.head_refused:
            super()._unsupported_upgrade_warning()

    def _count(self, size: int, headers: int) -> None:
        self.head_bytes += size
        self.header_count += headers
        if self.head_bytes > MAX_HEAD_BYTES or self.header_count > MAX_HEADERS:
            self.head_refused = True

    def _log_refusal(self) -> None:
        log.warning("request head refused (431): over %d bytes or %d headers", MAX_HEAD_BYTES, MAX_HEADERS)
