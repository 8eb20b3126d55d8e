"""Where the Logs view's lines are kept: files that every worker of one `gateway serve` writes and any worker reads,
so that the view, whichever worker answers its poll, shows the lines of all of them.

Each worker appends its lines of a kind (the requests, the gateway's records, the functions' lines) as JSON, one
os.write per line on a file opened with O_APPEND and never synced (they are a glimpse of the last requests, not a
record to keep), to a file of its own: `DATA_DIR/studio-logs/<kind>-<pid>.jsonl`. One writer per file needs no lock. When the
file holds LIMIT lines it is renamed `<kind>-<pid>.jsonl.1`, replacing the previous one, and a new file is begun: a
worker keeps at most 2 × LIMIT lines of a kind on disk, and none in memory. `gateway serve` clears the folder when it
starts; a worker clears its own files when it begins writing.

A reader takes each worker's two files and merges them all, ordered by (time, pid, seq). The view asks for the lines
after a cursor that holds, for each worker, the seq of the last of its lines it has ("pid:seq,pid:seq"). A time
cursor would skip lines: a line's time is taken a moment before it is written, so one worker's line can land after
another worker's later line was read. A seq per worker misses none.

PostgreSQL could hold the lines too, but would add a round trip to each logged request, and a line about the
database being down would have nowhere to go.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path
from typing import Any

LIMIT = 1000
FOLDER = "studio-logs"
SUFFIX = ".jsonl"
ROTATED = ".1"
# Made once: json.dumps with `default` builds a new encoder for every line.
ENCODER = json.JSONEncoder(default=str)

Cursor = dict[int, int]


def folder_of(data_dir: Path) -> Path:
    return data_dir / FOLDER


def clear(data_dir: Path) -> None:
    """The lines of an earlier run, gone: called by `gateway serve` before its workers begin."""
    shutil.rmtree(folder_of(data_dir), ignore_errors=True)


class LineFile:
    """One worker's file of one kind, appended to a line at a time."""

    def __init__(self, folder: Path, kind: str, limit: int = LIMIT) -> None:
        self.path = folder / f"{kind}-{os.getpid()}{SUFFIX}"
        self.rotated = self.path.with_name(self.path.name + ROTATED)
        self.limit = limit
        self.count = 0
        self.fd = -1

    def open(self) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.rotated.unlink(missing_ok=True)  # a process of the same id wrote it in an earlier run
        self.fd = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_APPEND, 0o600)

    def append(self, line: dict[str, Any]) -> None:
        if self.count >= self.limit:
            os.close(self.fd)
            os.replace(self.path, self.rotated)
            self.fd = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
            self.count = 0
        os.write(self.fd, (ENCODER.encode(line) + "\n").encode())
        self.count += 1

    def close(self) -> None:
        os.close(self.fd)


def read(folder: Path, kind: str, *, containing: str) -> list[dict[str, Any]]:
    """Every worker's lines of `kind` whose text holds `containing`, oldest first."""
    return _merged([_lines_of(pid, current, containing=containing) for pid, current in _workers(folder, kind)])


def after(folder: Path, kind: str, cursor: Cursor) -> tuple[list[dict[str, Any]], Cursor]:
    """The lines past `cursor`, and the cursor past them (holding only the workers whose files are there)."""
    workers = _workers(folder, kind)
    moved = {pid: cursor.get(pid, 0) for pid, _ in workers}
    lines = _merged([_lines_of(pid, current, after=moved[pid]) for pid, current in workers])
    for line in lines:
        moved[line["pid"]] = max(moved[line["pid"]], line["seq"])
    return lines, moved


def cursor_of(text: str) -> Cursor:
    """"pid:seq,pid:seq" as the view sends it back; anything else in it is ignored."""
    pairs = (part.partition(":") for part in text.split(","))
    return {int(pid): int(seq) for pid, _, seq in pairs if pid.isdigit() and seq.isdigit()}


def cursor_text(cursor: Cursor) -> str:
    return ",".join(f"{pid}:{seq}" for pid, seq in sorted(cursor.items()))


def _workers(folder: Path, kind: str) -> list[tuple[int, Path]]:
    """Each worker's id and current file, found by either of its files: while the worker turns its file over, only
    the `.1` is there for a moment."""
    prefix = f"{kind}-"
    found = {}
    for path in folder.glob(f"{prefix}*{SUFFIX}*"):
        pid = path.name[len(prefix):].removesuffix(ROTATED).removesuffix(SUFFIX)
        if pid.isdigit():
            found[int(pid)] = folder / f"{prefix}{pid}{SUFFIX}"
    return list(found.items())


def _lines_of(pid: int, current: Path, *, containing: str = "", after: int = 0) -> list[dict[str, Any]]:
    """A worker's lines in its two files, past seq `after`. Read from the newest back, so that a poll with nothing
    new parses one line. The current file is opened first: if the worker renames it in between, the `.1` opened
    next is that same file (its lines are taken once), and no line older than those read is missed."""
    texts = []
    for path in (current, current.with_name(current.name + ROTATED)):
        try:
            with path.open("rb") as file:
                texts.append(file.read())
        except FileNotFoundError:
            continue
    # The last piece of a file is empty, or a line still being written: read on the next poll.
    newest_first = [raw for text in texts for raw in reversed(text.split(b"\n")[:-1])]
    by_seq: dict[int, dict[str, Any]] = {}
    for raw in newest_first:
        if containing and containing.encode() not in raw:
            continue
        line = json.loads(raw)
        if line["seq"] <= after:
            break
        by_seq[line["seq"]] = {**line, "pid": pid}
    return list(by_seq.values())


def _merged(lines_of_workers: list[list[dict[str, Any]]]) -> list[dict[str, Any]]:
    lines = [line for lines in lines_of_workers for line in lines]
    return sorted(lines, key=lambda line: (line["time"], line["pid"], line["seq"]))
