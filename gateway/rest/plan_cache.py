"""Planned statements, reused while the schema cache they were planned against is current.

A repeated request (the same path, query string, role and negotiating headers; for a JSON insert or update also
the same set of keys) skips parsing, planning and composing SQL, which are most of the gateway's own CPU per
request; PostgreSQL then reuses its prepared statement too. A write only swaps in its payload.
"""

from __future__ import annotations

import json
from collections import OrderedDict
from collections.abc import Hashable, Mapping

NEGOTIATING_HEADERS = ("accept", "prefer", "range", "accept-profile", "content-profile")


def request_key(method: str, path: str, query: bytes, headers: Mapping[str, str], role: str) -> Hashable:
    return (method, path, query, role, *(headers.get(h) for h in NEGOTIATING_HEADERS))


def payload_shape(method: str, path: str, body: bytes, content_type: str | None) -> tuple[Hashable, str] | None:
    """For a JSON insert (POST) or update (PATCH) of a table: (what its SQL depends on, the payload to bind)."""
    if method not in ("POST", "PATCH") or path.startswith("rpc/") or \
            (content_type or "application/json").split(";")[0].strip().lower() != "application/json":
        return None
    try:
        payload = json.loads(body)
    except (ValueError, RecursionError):
        return None
    if isinstance(payload, dict):
        rows = [payload]
    elif method == "POST" and isinstance(payload, list) and payload and all(isinstance(r, dict) for r in payload):
        rows = payload
    else:
        return None
    keys = [frozenset(row) for row in rows]
    shape = (isinstance(payload, list), frozenset().union(*keys), all(k == keys[0] for k in keys))
    return shape, json.dumps(rows if method == "POST" else payload)


class PlanCache:
    def __init__(self, size: int = 2048):
        self._size = size
        self._items: OrderedDict[Hashable, tuple[object, object]] = OrderedDict()

    def get(self, key: Hashable, schema: object) -> object | None:
        found = self._items.get(key)
        if found is None:
            return None
        if found[0] is not schema:
            del self._items[key]
            return None
        self._items.move_to_end(key)
        return found[1]

    def put(self, key: Hashable, schema: object, planned: object) -> None:
        self._items[key] = (schema, planned)
        if len(self._items) > self._size:
            self._items.popitem(last=False)
