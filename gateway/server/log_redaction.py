"""Query strings and websocket frames never reach a log record, and no logged field can start a line of its own.

Query strings carry the realtime `apikey=<jwt>` and the one-time `token=`s of /auth/v1/verify, and uvicorn (access
lines, websocket accept/403 lines) and httpx (relayed calls) print whole URLs. At DEBUG the websocket protocol
logs every frame, and a join frame carries the user's access token.

A request's path, headers and names come decoded: a `%0a` in a path is a newline, which would forge a line of the
log (a request that never was, a record another worker seemed to make). Every record's arguments have their control
characters escaped as they are made, whoever logs them.
"""

from __future__ import annotations

import logging
import re
from typing import Any

# uvicorn logs on these two directly; httpx logs each relayed request's URL.
REDACTED_LOGGERS = ("uvicorn.access", "uvicorn.error", "httpx")
QUERY = re.compile(r"\?[^\s\"']*")
MARK = "?[query redacted]"
# C0 and C1 controls, DEL, and the Unicode line and paragraph separators: each ends a line for some reader.
CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029]")
NAMED_ESCAPES = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


class QueryStringRedactor(logging.Filter):
    """Rewrites a record's message and arguments with every `?query` replaced by a marker; never drops a record."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str) and "?" in record.msg:
            record.msg = QUERY.sub(MARK, record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(_redacted(arg) for arg in record.args)
        return True


def _redacted(arg: object) -> object:
    if isinstance(arg, (str, int, float)) or arg is None:
        return QUERY.sub(MARK, arg) if isinstance(arg, str) else arg
    opcode, data = getattr(arg, "opcode", None), getattr(arg, "data", None)
    if opcode is not None and isinstance(data, (bytes, bytearray)):
        return f"{getattr(opcode, 'name', opcode)} [{len(data)} bytes, content redacted]"
    text = str(arg)
    # httpx passes its URL object; anything else keeps its own type so %d and friends still format.
    return QUERY.sub(MARK, text) if "://" in text and "?" in text else arg


def escape_controls(text: str) -> str:
    """`text` on one line: each control character written as its escape (`\\n`, `\\x1b`, `\\u2028`)."""
    if text.isprintable():  # the common case, at C speed: no control character, no separator but the space
        return text
    return CONTROL.sub(lambda m: NAMED_ESCAPES.get(m.group(), m.group().encode("unicode_escape").decode()), text)


def _escaped(arg: object) -> object:
    if isinstance(arg, str):
        return escape_controls(arg)
    if isinstance(arg, BaseException):  # its text often quotes the input that raised it
        return escape_controls(str(arg))
    return arg


class EscapingRecordFactory:
    """Makes every record with its string arguments on one line; the message itself is the program's own text."""

    def __init__(self, make: Any) -> None:
        self.make = make

    def __call__(self, *args: Any, **kwargs: Any) -> logging.LogRecord:
        record = self.make(*args, **kwargs)
        if isinstance(record.args, tuple):
            record.args = tuple([_escaped(arg) for arg in record.args])
        elif isinstance(record.args, dict):
            record.args = {key: _escaped(value) for key, value in record.args.items()}
        return record


def install() -> None:
    """Idempotent: every app built in one process shares the same named loggers and the one record factory."""
    for name in REDACTED_LOGGERS:
        logger = logging.getLogger(name)
        if not any(isinstance(f, QueryStringRedactor) for f in logger.filters):
            logger.addFilter(QueryStringRedactor())
    factory = logging.getLogRecordFactory()
    if not isinstance(factory, EscapingRecordFactory):
        logging.setLogRecordFactory(EscapingRecordFactory(factory))
