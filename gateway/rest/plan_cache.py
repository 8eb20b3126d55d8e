"""Planned statements, reused while the schema cache they were planned against is current.

A repeated request (the same path, query string, role and negotiating headers; for a JSON insert or update also
the same set of keys) skips parsing, planning and composing SQL, which are most of the gateway's own CPU per
request; PostgreSQL then reuses its prepared statement too. A write only swaps in its payload.

What is kept is bounded: an entry holds the statement and what the response needs, never the request's body (a
write's key holds the payload's kind and set of keys only); entries are counted and measured, the least recently
used going first when either the count or the bytes are over; a statement is kept only once it has run without an
error; and a new schema cache drops every entry planned against the old one.
"""

from __future__ import annotations

import json
import sys
from collections import OrderedDict
from collections.abc import Hashable, Mapping

from gateway.database.transactions import one
from gateway.rest.statements import Planned

NEGOTIATING_HEADERS = ("accept", "prefer", "range", "accept-profile", "content-profile")
MAX_ENTRIES = 2048
# Python's own objects in an entry beyond the strings measured (the dicts, tuples and dataclasses of a plan).
ENTRY_OVERHEAD_BYTES = 1280


def request_key(method: str, path: str, query: bytes, headers: Mapping[str, str], role: str) -> tuple:
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


class Lookup:
    """One request's turn at the cache: the planned statement if it was there, and `remember` for after it ran."""

    __slots__ = ("_cache", "_key", "_payload", "_schema", "hit")

    def __init__(self, cache: PlanCache | None, key: tuple | None, payload: str | None, schema: object,
                 hit: Planned | None):
        self._cache, self._key, self._payload, self._schema, self.hit = cache, key, payload, schema, hit

    def remember(self, planned: Planned) -> None:
        """Keeps a statement that has just run without an error; a no-op for a hit or a request not kept."""
        if self.hit is not None or self._cache is None:
            return
        statement = planned.statement
        if self._payload is not None:
            if not statement.takes_body:
                return  # the payload is in the statement otherwise (row by row): no other payload fits it
            statement = statement.with_body(None)
        self._cache.put(one(self._key), self._schema, Planned(planned.action, statement))


NOT_KEPT = Lookup(None, None, None, None, None)


class PlanCache:
    def __init__(self, max_bytes: int, max_entries: int = MAX_ENTRIES):
        self.max_bytes, self.max_entries = max_bytes, max_entries
        self.bytes = 0
        self._items: OrderedDict[Hashable, tuple[int, Planned]] = OrderedDict()
        self._schema: object | None = None

    def __len__(self) -> int:
        return len(self._items)

    def lookup(self, method: str, path: str, query: bytes, headers: Mapping[str, str], role: str, body: bytes,
               schema: object) -> Lookup:
        shape = payload_shape(method, path, body, headers.get("content-type")) if body else None
        if body and shape is None:
            return NOT_KEPT
        if schema is not self._schema:
            self._items.clear()
            self.bytes, self._schema = 0, schema
        key = (request_key(method, path, query, headers, role), shape[0] if shape else None)
        payload = shape[1] if shape else None
        found = self._items.get(key)
        if found is None:
            return Lookup(self, key, payload, schema, None)
        self._items.move_to_end(key)
        planned = found[1]
        if payload is not None:
            planned = Planned(planned.action, planned.statement.with_body(payload))
        return Lookup(self, key, payload, schema, planned)

    def put(self, key: tuple, schema: object, planned: Planned) -> None:
        """`schema`: the schema cache the plan was made against; a plan of one replaced meanwhile is not kept."""
        size = entry_size(key, planned)
        if schema is not self._schema or size > self.max_bytes or key in self._items:
            return
        self._items[key] = (size, planned)
        self.bytes += size
        while self.bytes > self.max_bytes or len(self._items) > self.max_entries:
            self.bytes -= self._items.popitem(last=False)[1][0]


def entry_size(key: tuple, planned: Planned) -> int:
    """About what an entry occupies: its strings (the key's parts, the SQL, the bound values, the labels) and a
    fixed allowance for the objects around them."""
    request, shape = key
    size = ENTRY_OVERHEAD_BYTES + sum(sys.getsizeof(part) for part in request if part is not None)
    if shape is not None:
        size += sum(sys.getsizeof(name) + 16 for name in shape[1])
    statement = planned.statement
    size += sys.getsizeof(statement.text) * (2 if statement.count_query is not None else 1)
    size += sum(sys.getsizeof(value) for value in statement.params.values())
    size += sum(sys.getsizeof(label) for label in planned.action.labels)
    return size
