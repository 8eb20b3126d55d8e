"""The Logs view's lines: the last requests of this process's request log (gateway.server.request_log), kept in
memory as they are logged. Bounded, and nothing at all is kept when the request log is off (REQUEST_LOG)."""

from __future__ import annotations

import logging
from collections import deque
from typing import Any, cast

from gateway.server.request_log import log as request_log

LIMIT = 1000
STUDIO_PATHS = "/_/"  # the studio's own calls would bury the app's


class RecentRequests(logging.Handler):
    def __init__(self, limit: int = LIMIT) -> None:
        super().__init__(level=logging.INFO)
        self.lines: deque[dict[str, Any]] = deque(maxlen=limit)
        self.seen = 0

    def emit(self, record: logging.LogRecord) -> None:
        # The request log's arguments: method, path, status, duration in ms, request id.
        method, path, status, duration_ms, request_id = tuple(record.args or ())
        if str(path).startswith(STUDIO_PATHS):
            return
        self.seen += 1
        self.lines.append({"seq": self.seen, "time": record.created, "method": method, "path": path,
                           "status": status, "duration_ms": round(cast(float, duration_ms), 1), "request_id": request_id})

    def after(self, seq: int) -> list[dict[str, Any]]:
        return [line for line in self.lines if line["seq"] > seq]

    def attach(self) -> RecentRequests:
        request_log.addHandler(self)
        return self

    def detach(self) -> None:
        request_log.removeHandler(self)
