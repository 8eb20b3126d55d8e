"""Query strings and websocket frames never reach a log record.

Query strings carry the realtime `apikey=<jwt>` and the one-time `token=`s of /auth/v1/verify, and uvicorn (access
lines, websocket accept/403 lines) and httpx (relayed calls) print whole URLs. At DEBUG the websocket protocol
logs every frame, and a join frame carries the user's access token.
"""

from __future__ import annotations

import logging
import re

# uvicorn logs on these two directly; httpx logs each relayed request's URL.
REDACTED_LOGGERS = ("uvicorn.access", "uvicorn.error", "httpx")
QUERY = re.compile(r"\?[^\s\"']*")
MARK = "?[query redacted]"


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


def install() -> None:
    """Idempotent: every app built in one process shares the same named loggers."""
    for name in REDACTED_LOGGERS:
        logger = logging.getLogger(name)
        if not any(isinstance(f, QueryStringRedactor) for f in logger.filters):
            logger.addFilter(QueryStringRedactor())
