"""The Logs view's log lines: the records of the gateway's own loggers, or of the functions' (`functions.<name>`:
what a function logs, and each line a Deno function prints), each with the id of the request it was made for."""

from __future__ import annotations

import logging
import re
from pathlib import Path
from typing import Any

from gateway.server.request_log import current_request_id
from gateway.studio import line_files
from gateway.studio.recent_lines import RecentLines

# A Deno function's console line printed while it handles a request starts with that request's id.
CONSOLE_LINE = re.compile(r"\[([0-9a-f]{32})\] ")
FORMATTER = logging.Formatter()
# A traceback can be long: past this much of it, a line's text is cut, so that the files kept stay bounded.
MESSAGE_LIMIT = 8000


class RecentRecords(RecentLines):
    def __init__(self, logger_name: str, data_dir: Path, kind: str, *, leave_out: tuple[str, ...] = (),
                 limit: int = line_files.LIMIT) -> None:
        super().__init__(logger_name, data_dir, kind, limit)
        self.leave_out = leave_out

    def line_of(self, record: logging.LogRecord) -> dict[str, Any] | None:
        if record.name.startswith(self.leave_out):
            return None
        message = record.getMessage()
        request_id = current_request_id.get()
        if console := CONSOLE_LINE.match(message):
            request_id, message = console.group(1), message[console.end():]
        if record.exc_info:
            message = f"{message}\n{FORMATTER.formatException(record.exc_info)}"
        return {"level": record.levelname, "logger": record.name, "message": message[:MESSAGE_LIMIT],
                "request_id": request_id}

    def of_request(self, request_id: str) -> list[dict[str, Any]]:
        """Every worker's lines made for the request `request_id`."""
        found = line_files.read(self.folder, self.kind, containing=request_id)
        return [line for line in found if line["request_id"] == request_id]
