"""What the Logs view shows of a logger: its last records, kept in memory as they are logged, each made a line with a
sequence number so that the view asks only for the lines after the last it has. Bounded."""

from __future__ import annotations

import logging
from collections import deque
from typing import Any, Self

LIMIT = 1000


class RecentLines(logging.Handler):
    def __init__(self, logger_name: str, limit: int = LIMIT) -> None:
        super().__init__(level=logging.INFO)
        self.logger = logging.getLogger(logger_name)
        self.lines: deque[dict[str, Any]] = deque(maxlen=limit)
        self.seen = 0

    def line_of(self, record: logging.LogRecord) -> dict[str, Any] | None:
        """The line the view shows for `record`, or None to leave it out."""
        raise NotImplementedError

    def emit(self, record: logging.LogRecord) -> None:
        line = self.line_of(record)
        if line is None:
            return
        self.seen += 1
        self.lines.append({"seq": self.seen, "time": record.created, **line})

    def after(self, seq: int) -> list[dict[str, Any]]:
        return [line for line in self.lines if line["seq"] > seq]

    def attach(self) -> Self:
        self.logger.addHandler(self)
        return self

    def detach(self) -> None:
        self.logger.removeHandler(self)
