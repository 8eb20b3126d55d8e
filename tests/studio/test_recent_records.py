"""The Logs view's store of log records: bounded files, each record under the request it was made for, and every
worker's lines read by any of them."""

from __future__ import annotations

import json
import logging
import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from gateway.server.request_log import current_request_id
from gateway.studio import line_files
from gateway.studio.recent_records import MESSAGE_LIMIT, RecentRecords

REQUEST_ID = "0123456789abcdef0123456789abcdef"
OTHER_WORKER = 999_999_999  # above Linux's largest process id: no process of the test writes it


@contextmanager
def recording(folder: Path, logger_name: str, kind: str = "records",
              **options: int) -> Iterator[tuple[RecentRecords, logging.Logger]]:
    """The records of `logger_name` (at INFO) kept in `folder`, and its logger, while the block runs."""
    recent = RecentRecords(logger_name, folder, kind, **options).attach()
    logger = logging.getLogger(logger_name)
    logger.setLevel(logging.INFO)
    try:
        yield recent, logger
    finally:
        recent.detach()


def lines_after(recent: RecentRecords, cursor: line_files.Cursor | None = None) -> list[dict]:
    return recent.after(cursor or {})[0]


def test_only_the_last_lines_are_kept_each_under_its_request(tmp_path: Path) -> None:
    with recording(tmp_path, "tests.recent.area", limit=3) as (recent, logger):
        for n in range(6):
            logger.info("outside %d", n)
        handled = current_request_id.set(REQUEST_ID)
        logger.warning("inside")
        current_request_id.reset(handled)
    # The file turned at 3 lines, twice: the first three went with the first `.1`.
    assert [(line["message"], line["request_id"]) for line in lines_after(recent)] == [
        ("outside 3", None), ("outside 4", None), ("outside 5", None), ("inside", REQUEST_ID)]
    assert [line["seq"] for line in lines_after(recent, {os.getpid(): 6})] == [7]
    assert [line["level"] for line in recent.of_request(REQUEST_ID)] == ["WARNING"]


def test_a_burst_past_the_bound_leaves_at_most_the_bound_in_each_file(tmp_path: Path) -> None:
    with recording(tmp_path, "tests.burst", limit=50) as (recent, logger):
        for n in range(1234):
            logger.info("line %d", n)
    files = sorted(line_files.folder_of(tmp_path).iterdir())
    assert [path.name for path in files] == [f"records-{os.getpid()}.jsonl", f"records-{os.getpid()}.jsonl.1"]
    assert [len(path.read_text().splitlines()) for path in files] == [34, 50]
    assert [line["message"] for line in lines_after(recent)] == [f"line {n}" for n in range(1150, 1234)]


def test_the_lines_of_every_worker_are_merged_by_time_and_followed_by_a_cursor_per_worker(tmp_path: Path) -> None:
    with recording(tmp_path, "tests.workers") as (recent, logger):
        logger.info("mine, first")
        other = line_files.folder_of(tmp_path) / f"records-{OTHER_WORKER}.jsonl"
        written = json.dumps({"seq": 1, "time": 0.0, "level": "INFO", "logger": "tests.workers",
                              "message": "the other's, earlier", "request_id": REQUEST_ID})
        # A line still being written ends without its newline: left for the next read.
        other.write_text(f"{written}\n{{\"seq\": 2, \"ti")
        lines, cursor = recent.after({})
        assert [(line["pid"], line["message"]) for line in lines] == [
            (OTHER_WORKER, "the other's, earlier"), (os.getpid(), "mine, first")]
        assert cursor == {OTHER_WORKER: 1, os.getpid(): 1}
        logger.info("mine, second")
        with other.open("a") as file:
            file.write('me": 0.5, "level": "INFO", "logger": "tests.workers", "message": "the other\'s, finished", '
                       '"request_id": null}\n')
        assert [line["message"] for line in lines_after(recent, cursor)] == ["the other's, finished", "mine, second"]
        assert [line["message"] for line in recent.of_request(REQUEST_ID)] == ["the other's, earlier"]


def test_the_cursor_is_read_as_the_view_sends_it() -> None:
    assert line_files.cursor_of(line_files.cursor_text({12: 40, 7: 3})) == {12: 40, 7: 3}
    assert line_files.cursor_text({12: 40, 7: 3}) == "7:3,12:40"
    assert line_files.cursor_of("") == {} and line_files.cursor_of("7:x,:3,nonsense,8:1") == {8: 1}


def test_a_deno_console_line_is_kept_under_the_request_it_names(tmp_path: Path) -> None:
    with recording(tmp_path, "tests.console.greet", "functions") as (recent, logger):
        logger.info("%s", f"[{REQUEST_ID}] greeting Ada")
        logger.info("%s", "[not an id] as printed")
    assert [(line["message"], line["request_id"]) for line in lines_after(recent)] == [
        ("greeting Ada", REQUEST_ID), ("[not an id] as printed", None)]


def test_a_long_record_is_kept_cut_with_its_traceback(tmp_path: Path) -> None:
    with recording(tmp_path, "tests.long") as (recent, logger):
        try:
            raise ValueError("the cause")
        except ValueError:
            logger.exception("failed")
        logger.error("%s", "x" * (MESSAGE_LIMIT + 1))
    failed, long = lines_after(recent)
    assert failed["message"].startswith("failed\nTraceback") and "ValueError: the cause" in failed["message"]
    assert len(long["message"]) == MESSAGE_LIMIT


def test_a_reader_following_a_writer_that_turns_its_file_over_sees_each_line_once(tmp_path: Path) -> None:
    with recording(tmp_path, "tests.follow", limit=20) as (recent, logger):
        writer = threading.Thread(target=lambda: [logger.info("line %d", n) for n in range(3000)])
        writer.start()
        seen: list[str] = []
        cursor: line_files.Cursor = {}
        while writer.is_alive():
            lines, cursor = recent.after(cursor)
            seen += [line["message"] for line in lines]
        writer.join()
        seen += [line["message"] for line in recent.after(cursor)[0]]
    # A reader slower than 40 lines lost some to the bound; none came twice or out of order.
    numbers = [int(message.split()[1]) for message in seen]
    assert numbers == sorted(set(numbers)) and numbers[-1] == 2999
