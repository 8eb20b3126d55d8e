"""The Logs view's requests: the lines of the request log (gateway.server.request_log). Nothing at all is kept when
the request log is off (REQUEST_LOG)."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any, cast

from gateway.studio.recent_lines import RecentLines

STUDIO_PATHS = "/_/"  # the studio's own calls would bury the app's


class RecentRequests(RecentLines):
    def __init__(self, data_dir: Path) -> None:
        super().__init__("gateway.requests", data_dir, "requests")

    def line_of(self, record: logging.LogRecord) -> dict[str, Any] | None:
        # The request log's arguments: method, path, status, duration in ms, request id.
        method, path, status, duration_ms, request_id = tuple(record.args or ())
        if str(path).startswith(STUDIO_PATHS):
            return None
        return {"method": method, "path": path, "status": status, "duration_ms": round(cast(float, duration_ms), 1),
                "request_id": request_id}
