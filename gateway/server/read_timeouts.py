"""Deadlines on reading a request, so that held-open sockets cannot pile up (slowloris and its slow-body cousin).

- A request head must arrive whole within `head_timeout` seconds of the connection opening or of its own first
  byte; otherwise the connection is answered 408 and closed. (Between requests, uvicorn's keep-alive timeout
  already closes an idle connection.)
- While the server waits for a body, the client must not pause longer than `body_idle_timeout` seconds; otherwise
  the connection is closed and the handler sees the client gone. Time the server itself stops reading (flow
  control, while a handler is slow to take what arrived) does not count.
"""

from __future__ import annotations

import asyncio
import logging

from gateway.server.request_head import BoundedHeadProtocol

log = logging.getLogger("gateway.http")

TIMED_OUT = (b"HTTP/1.1 408 Request Timeout\r\ncontent-type: text/plain; charset=utf-8\r\ncontent-length: 15\r\n"
             b"connection: close\r\n\r\nRequest Timeout")


class ReadTimeoutsProtocol(BoundedHeadProtocol):
    """Set the deadlines in a subclass (`with_read_timeouts`): uvicorn makes the protocol from its class alone."""
    head_timeout = 20.0
    body_idle_timeout = 60.0  # nginx's client_body_timeout

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._head_timer: asyncio.TimerHandle | None = None
        self._body_timer: asyncio.TimerHandle | None = None
        self._body_seen_at = 0.0

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm_head_timer()

    def connection_lost(self, exc: Exception | None) -> None:
        self._cancel_timers()
        super().connection_lost(exc)

    def on_message_begin(self) -> None:
        super().on_message_begin()
        if self._head_timer is None:
            self._arm_head_timer()

    def on_headers_complete(self) -> None:
        self._cancel_head_timer()
        super().on_headers_complete()
        if self.parser is not None and not self.parser.should_upgrade() and self._expects_body():
            self._body_seen_at = self.loop.time()
            self._body_timer = self.loop.call_later(self.body_idle_timeout, self._check_body)

    def on_body(self, body: bytes) -> None:
        self._body_seen_at = self.loop.time()
        super().on_body(body)

    def on_message_complete(self) -> None:
        self._cancel_body_timer()
        super().on_message_complete()

    def _expects_body(self) -> bool:
        for name, value in self.headers:
            if (name == b"content-length" and value.strip() not in (b"", b"0")) or name == b"transfer-encoding":
                return True
        return False

    def _arm_head_timer(self) -> None:
        self._head_timer = self.loop.call_later(self.head_timeout, self._head_timed_out)

    def _head_timed_out(self) -> None:
        self._head_timer = None
        if self.transport.is_closing():
            return
        if self.unfinished_head_bytes:
            log.info("request head not received within %.0f s: connection closed (408)", self.head_timeout)
            self.transport.write(TIMED_OUT)
        # A connection that sent nothing (a browser's preconnect) is closed as uvicorn closes an idle one: silently.
        self.transport.close()

    def _check_body(self) -> None:
        self._body_timer = None
        if self.transport.is_closing():
            return
        now = self.loop.time()
        if self.flow.read_paused:
            # The server is not reading: the client is not to blame for the pause.
            self._body_seen_at = now
        idle = now - self._body_seen_at
        if idle < self.body_idle_timeout:
            self._body_timer = self.loop.call_later(self.body_idle_timeout - idle, self._check_body)
            return
        log.info("request body paused for over %.0f s: connection closed", self.body_idle_timeout)
        self.transport.close()

    def _cancel_head_timer(self) -> None:
        if self._head_timer is not None:
            self._head_timer.cancel()
            self._head_timer = None

    def _cancel_body_timer(self) -> None:
        if self._body_timer is not None:
            self._body_timer.cancel()
            self._body_timer = None

    def _cancel_timers(self) -> None:
        self._cancel_head_timer()
        self._cancel_body_timer()


def with_read_timeouts(protocol: type[ReadTimeoutsProtocol], head: float,
                       body_idle: float) -> type[ReadTimeoutsProtocol]:
    return type(protocol.__name__, (protocol,), {"head_timeout": head, "body_idle_timeout": body_idle})
