"""A client's JSON as the services we stand in for accept it, refused whole before any handler sees it otherwise.

GoTrue (Go) and Storage (Node) decode into typed fields, so NaN and Infinity, integers past 64 bits and nesting
deep enough to exhaust Python's parser are malformed input there, not server errors; and PostgreSQL's text and
jsonb cannot hold U+0000, so a NUL anywhere (a value or a key, at any depth) is refused here instead of failing in
the database halfway through a request.
"""

from __future__ import annotations

import json
from typing import Any

INT64_MIN, INT64_MAX = -(2 ** 63), 2 ** 63 - 1


class UnacceptableJson(ValueError):
    """Well-formed JSON that the service still refuses (the message says why, for the error body)."""


def _refuse_constant(name: str) -> Any:
    raise UnacceptableJson(f"{name} is not a JSON number")


def _int64(text: str) -> int:
    value = int(text)
    if not INT64_MIN <= value <= INT64_MAX:
        raise UnacceptableJson("a number is out of range")
    return value


def parse(raw: bytes | bytearray | str) -> Any:
    """Raises ValueError (json's own for malformed text, UnacceptableJson for the rest)."""
    try:
        value = json.loads(raw, parse_constant=_refuse_constant, parse_int=_int64)
    # A few kilobytes of nested brackets exhaust the parser's stack.
    except RecursionError:
        raise UnacceptableJson("JSON is nested too deeply") from None
    refuse_nul(value)
    return value


def refuse_nul(value: Any) -> None:
    pending = [value]
    while pending:
        item = pending.pop()
        if isinstance(item, str):
            if "\x00" in item:
                raise UnacceptableJson("a string contains a NUL character")
        elif isinstance(item, dict):
            pending.extend(item)
            pending.extend(item.values())
        elif isinstance(item, list):
            pending.extend(item)
