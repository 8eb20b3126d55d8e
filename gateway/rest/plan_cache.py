"""Planned statements of body-less requests, reused while the schema cache they were planned against is current.

A repeated read (the same path, query string, role and negotiating headers) skips parsing, planning and composing
SQL, which are most of the gateway's own CPU per request; PostgreSQL then reuses its prepared statement too.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable, Mapping

NEGOTIATING_HEADERS = ("accept", "prefer", "range", "accept-profile", "content-profile")


def request_key(method: str, path: str, query: bytes, headers: Mapping[str, str], role: str) -> Hashable:
    return (method, path, query, role, *(headers.get(h) for h in NEGOTIATING_HEADERS))


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
