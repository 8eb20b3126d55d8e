"""The type of every JSON body field Storage's routes read, checked and coerced once for every route before a
handler runs.

supabase/storage declares these in each route's schema and validates them with fastify's AJV, which coerces
scalars (`"60"` for an integer, `7` for a string, `"true"` for a boolean), as clients rely on: supabase-py sends
`expiresIn` as a string. A field means the same on every route, so one table serves them all here. A value that
cannot be coerced is Storage's 400 `body/<field> must be <type>`; null is taken as the field left out, as the
handlers read it.
"""

from __future__ import annotations

import re
from typing import Any

from gateway.storage import errors

STRING, INTEGER, BOOLEAN, OBJECT, STRINGS, SIZE = "string", "integer", "boolean", "object", "array of strings", "size"
FIELD_KINDS = {
    "bucketId": STRING, "id": STRING, "name": STRING, "sourceKey": STRING, "destinationKey": STRING,
    "destinationBucket": STRING, "prefix": STRING, "search": STRING, "cursor": STRING, "type": STRING,
    "expiresIn": INTEGER, "limit": INTEGER, "offset": INTEGER,
    "public": BOOLEAN, "copyMetadata": BOOLEAN, "with_delimiter": BOOLEAN,
    "metadata": OBJECT, "sortBy": OBJECT, "transform": OBJECT,
    "paths": STRINGS, "allowed_mime_types": STRINGS,
    "file_size_limit": SIZE,  # a number of bytes, or a string such as "1MB"
}
_INTEGER_TEXT = re.compile(r"-?\d{1,18}")


class _Refused(Exception):
    pass


def _coerced(kind: str, value: Any) -> Any:
    if kind == STRING:
        if isinstance(value, bool):
            return "true" if value else "false"
        if isinstance(value, str | int | float):
            return str(value)
    if kind == INTEGER and not isinstance(value, bool):
        if isinstance(value, int):
            return value
        if isinstance(value, str) and _INTEGER_TEXT.fullmatch(value):
            return int(value)
    if kind == BOOLEAN:
        if isinstance(value, bool):
            return value
        if value in ("true", "false"):
            return value == "true"
    if kind == OBJECT and isinstance(value, dict):
        return value
    if kind == STRINGS and isinstance(value, list) and all(isinstance(item, str) for item in value):
        return value
    if kind == SIZE and isinstance(value, int | str) and not isinstance(value, bool):
        return value
    raise _Refused


def checked(body: dict[str, Any]) -> dict[str, Any]:
    """The body with each known field coerced to its type; raises Storage's 400 for one that cannot be."""
    result = dict(body)
    for field, value in body.items():
        kind = FIELD_KINDS.get(field)
        if kind is None or value is None:
            continue
        try:
            result[field] = _coerced(kind, value)
        except _Refused:
            raise errors.invalid_request(f"body/{field} must be {kind}") from None
    return result
