"""The Logs view's memory of log records: bounded, and each record under the request it was made for."""

from __future__ import annotations

import logging

from gateway.server.request_log import current_request_id
from gateway.studio.recent_records import MESSAGE_LIMIT, RecentRecords

REQUEST_ID = "0123456789abcdef0123456789abcdef"


def test_only_the_last_lines_are_kept_each_under_its_request() -> None:
    recent = RecentRecords("tests.recent", limit=3).attach()
    logger = logging.getLogger("tests.recent.area")
    logger.setLevel(logging.INFO)
    try:
        for n in range(4):
            logger.info("outside %d", n)
        handled = current_request_id.set(REQUEST_ID)
        logger.warning("inside")
        current_request_id.reset(handled)
    finally:
        recent.detach()
    assert [(line["message"], line["request_id"]) for line in recent.after(0)] == [
        ("outside 2", None), ("outside 3", None), ("inside", REQUEST_ID)]
    assert [line["seq"] for line in recent.after(4)] == [5]
    assert recent.of_request(REQUEST_ID)[0]["level"] == "WARNING"


def test_a_deno_console_line_is_kept_under_the_request_it_names() -> None:
    recent = RecentRecords("tests.console").attach()
    logger = logging.getLogger("tests.console.greet")
    logger.setLevel(logging.INFO)
    try:
        logger.info("%s", f"[{REQUEST_ID}] greeting Ada")
        logger.info("%s", "[not an id] as printed")
    finally:
        recent.detach()
    assert [(line["message"], line["request_id"]) for line in recent.after(0)] == [
        ("greeting Ada", REQUEST_ID), ("[not an id] as printed", None)]


def test_a_long_record_is_kept_cut_with_its_traceback() -> None:
    recent = RecentRecords("tests.long").attach()
    logger = logging.getLogger("tests.long")
    try:
        raise ValueError("the cause")
    except ValueError:
        logger.exception("failed")
        logger.error("%s", "x" * (MESSAGE_LIMIT + 1))
    finally:
        recent.detach()
    failed, long = recent.after(0)
    assert failed["message"].startswith("failed\nTraceback") and "ValueError: the cause" in failed["message"]
    assert len(long["message"]) == MESSAGE_LIMIT
