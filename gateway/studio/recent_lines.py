"""What the Logs view shows of a logger: its records as they are logged, each made a line with a sequence number and
written to this process's file of its kind (line_files.py), where any worker reads the lines of all of them."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any, Self

from gateway.studio import line_files


class RecentLines(logging.Handler):
    def __init__(self, logger_name: str, data_dir: Path, kind: str, limit: int = line_files.LIMIT) -> None:
        super().__init__(level=logging.INFO)
        self.logger = logging.getLogger(logger_name)
        self.folder = line_files.folder_of(data_dir)
        self.kind = kind
        self.file = line_files.LineFile(self.folder, kind, limit)
        self.seen = 0

    def line_of(self, record: logging.LogRecord) -> dict[str, Any] | None:
        """The line the view shows for `record`, or None to leave it out."""
        raise NotImplementedError

    def emit(self, record: logging.LogRecord) -> None:
        line = self.line_of(record)
        if line is None:
            return
        self.seen += 1
        try:
            self.file.append({"seq": self.seen, "time": record.created, **line})
        except OSError:
            self.handleError(record)

    def after(self, cursor: line_files.Cursor) -> tuple[list[dict[str, Any]], line_files.Cursor]:
        """Every worker's lines past `cursor`, and the cursor past them."""
        return line_files.after(self.folder, self.kind, cursor)

    def attach(self) -> Self:
        self.file.open()
        self.logger.addHandler(self)
        return self

    def detach(self) -> None:
        self.logger.removeHandler(self)
        self.file.close()
