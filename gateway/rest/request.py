"""HTTP → what the caller wants (PostgREST's ApiRequest): target, select tree, filters, paging, Prefer, Accept, body.

Pure: no database and no schema; names are checked by the planner. The request is a frozen value: later stages
read it and build their own values from it.
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Any
from urllib.parse import parse_qsl

from gateway.rest import grammar
from gateway.rest.errors import (
    PostgrestError,
    bad_body,
    bad_query,
    bad_range,
    bad_schema,
    not_acceptable,
)
from gateway.rest.types import PLAN_OPTIONS, MediaType, NodeOptions, Preferences, SelectItem

# The last dotted part of a key that addresses a level of the tree (`order`, `fx_tickets.limit`, `not.or`, ...).
NODE_OPTIONS = frozenset({"order", "limit", "offset", "or", "and"})
_PREFERENCES = {
    "return": {"minimal", "headers-only", "representation"},
    "count": {"exact", "planned", "estimated"},
    "resolution": {"merge-duplicates", "ignore-duplicates"},
    "missing": {"default", "null"},
    "handling": {"strict", "lenient"},
    "tx": {"commit", "rollback"},
    "params": {"single-object"},
}


Options = Mapping[tuple[str, ...], NodeOptions]  # by the path of the level they address
NO_OPTIONS = NodeOptions()


@dataclass(frozen=True)
class ApiRequest:
    method: str
    kind: str  # table | rpc | openapi
    name: str
    schema: str
    select: tuple[SelectItem, ...]
    options: Options
    params: tuple[tuple[str, str], ...]  # a GET function's query parameters (its arguments and filters)
    prefer: Preferences
    media: MediaType
    body: Any = None
    columns: tuple[str, ...] | None = None
    on_conflict: tuple[str, ...] | None = None
    selected: bool = False  # select= was given explicitly
    content: str = "json"  # the body's kind: json, urlencoded, csv, or for a function also text, xml, bytea
    raw_body: bytes = b""

    @property
    def root(self) -> NodeOptions:
        return self.options.get((), NO_OPTIONS)

    @property
    def read_only(self) -> bool:
        return self.method in ("GET", "HEAD")


def parse_request(
    method: str,
    path: str,
    query: Sequence[tuple[str, str]],
    headers: Mapping[str, str],
    body: bytes,
    schemas: tuple[str, ...],
    plans_enabled: bool = False,
) -> ApiRequest:
    kind, name = _target(path)
    schema = _profile(method, headers, schemas)
    prefer, invalid = parse_prefer(headers.get("prefer", ""))
    if prefer.handling == "strict" and invalid:
        raise PostgrestError(400, "PGRST122", "Invalid preferences given with handling=strict",
                       f"Invalid preferences: {', '.join(invalid)}")
    select_text = next((v for k, v in query if k == "select"), None)
    select = grammar.parse_select(select_text or "")
    media = parse_accept(headers.get("accept") or "", kind, plans_enabled)
    options: dict[tuple[str, ...], NodeOptions] = {}
    params: list[tuple[str, str]] = []
    columns = on_conflict = None
    for key, value in query:
        if key == "select":
            continue
        if key == "columns":
            columns = grammar.parse_columns(value)
        elif key == "on_conflict":
            on_conflict = grammar.parse_columns(value)
        elif key.rsplit(".", 1)[-1] in NODE_OPTIONS:
            _node_option(options, key, value)
        else:
            params.append((key, value))
    if kind == "table" or method not in ("GET", "HEAD"):
        options = dict(with_filters(options, params))
        params = []
    if method in ("GET", "HEAD"):
        _apply_range(options, headers.get("range"))
    content, parsed, raw_body = "json", None, b""
    if method in ("POST", "PATCH", "PUT"):
        content_type = headers.get("content-type") or "application/json"
        content = _BODY_KINDS.get(content_type.split(";")[0].strip().lower(), "json")
        raw_body = body
        if kind != "rpc" or content in ("json", "urlencoded", "csv"):
            parsed = parse_body(body, content_type)
    return ApiRequest(method=method, kind=kind, name=name, schema=schema, select=select,
                      options=MappingProxyType(options), params=tuple(params), prefer=prefer, media=media,
                      body=parsed, columns=columns, on_conflict=on_conflict, selected=select_text is not None,
                      content=content, raw_body=raw_body)


# Content-Types that are not JSON, by the kind of body they make; a function may take text, xml or bytes whole.
_BODY_KINDS = {"text/plain": "text", "text/xml": "xml", "application/octet-stream": "bytea",
               "application/x-www-form-urlencoded": "urlencoded", "text/csv": "csv"}


def _target(path: str) -> tuple[str, str]:
    parts = [p for p in path.strip("/").split("/") if p]
    if not parts:
        return "openapi", ""
    if len(parts) == 2 and parts[0] == "rpc":
        return "rpc", parts[1]
    if len(parts) == 1:
        return "table", parts[0]
    raise PostgrestError(404, "PGRST125", f"Invalid path specified in request URL: /{path.strip('/')}")


def _profile(method: str, headers: Mapping[str, str], schemas: tuple[str, ...]) -> str:
    header = "accept-profile" if method in ("GET", "HEAD") else "content-profile"
    wanted = headers.get(header)
    if wanted is None:
        return schemas[0]
    if wanted not in schemas:
        raise bad_schema(schemas)
    return wanted


def parse_prefer(header: str) -> tuple[Preferences, list[str]]:
    found: dict[str, Any] = {}
    invalid: list[str] = []
    for item in (part.strip() for part in header.split(",")):
        if not item:
            continue
        key, _, value = item.partition("=")
        key, value = key.strip(), value.strip()
        if key == "max-affected" and value.isdigit():
            found["max_affected"] = int(value)
        elif value in _PREFERENCES.get(key, ()):
            found.setdefault("return_" if key == "return" else key, value)
        elif key != "timezone":
            invalid.append(item)
    return Preferences(**found), invalid


def parse_accept(header: str, kind: str, plans_enabled: bool = False) -> MediaType:
    """The first acceptable media type; plans only when enabled (PostgREST's db-plan-enabled, off by default: a plan
    shows policy predicates, helper names and row counts), otherwise a plan is as unknown as image/png."""
    if not header.strip():
        return MediaType("json")
    for raw in header.split(","):
        media, _, params = raw.strip().partition(";")
        media = media.strip().lower()
        stripped = "nulls=stripped" in params.replace(" ", "")
        if media in ("application/json", "*/*", "application/*", "application/openapi+json") or (
            media == "application/vnd.pgrst.array+json"
        ):
            return MediaType("json", strip_nulls=stripped)
        if media == "application/vnd.pgrst.object+json" or media == "application/vnd.pgrst.object":
            return MediaType("object", strip_nulls=stripped)
        if media in ("text/csv", "text/*") and kind != "openapi":
            return MediaType("csv")
        if media == "application/geo+json" and kind != "openapi":
            return MediaType("geojson")
        if media.startswith("application/vnd.pgrst.plan") and plans_enabled:
            for_match = re.search(r'for="?([^";]+)"?', params)
            options_match = re.search(r'options=([a-z|]+)', params)
            wanted = set(options_match.group(1).split("|")) if options_match else set()
            return MediaType("plan", plan_format="json" if media.endswith("+json") else "text",
                             plan_for=for_match.group(1) if for_match else "application/json",
                             plan_options=tuple(o for o in PLAN_OPTIONS if o in wanted))
    raise not_acceptable(header)


def _node_option(options: dict[tuple[str, ...], NodeOptions], key: str, value: str) -> None:
    """Adds one `order` / `limit` / `offset` / `or` / `and` parameter to the options being parsed."""
    negate = False
    parts = key.split(".")
    if len(parts) >= 2 and parts[-2] == "not" and parts[-1] in ("or", "and"):
        negate = True
        parts = parts[:-2] + parts[-1:]
    *path, option = parts
    node = options.get(tuple(path), NO_OPTIONS)
    if option in ("or", "and"):
        node = replace(node, conditions=(*node.conditions, grammar.parse_logic(option, negate, value)))
    elif option == "order":
        node = replace(node, order=tuple(grammar.parse_order(value)))
    elif option == "limit":
        if re.fullmatch(r"-\d+", value):
            raise bad_range("Requested range not satisfiable", "Limit should be greater than or equal to zero.")
        node = replace(node, limit=grammar.parse_count(key, value))
    else:
        # PostgREST takes a negative offset as no offset at all.
        node = replace(node, offset=0 if re.fullmatch(r"-\d+", value) else grammar.parse_count(key, value))
    options[tuple(path)] = node


def with_filters(options: Options, params: Sequence[tuple[str, str]]) -> Options:
    """`options` with `col=op.value` and `embed.col=op.value` added (also with JSON paths: `data->>k=eq.v`)."""
    found = dict(options)
    for key, value in params:
        path, column = _split_filter_key(key)
        ref = grammar.parse_field(column, "filter")
        node = found.get(path, NO_OPTIONS)
        found[path] = replace(node, conditions=(*node.conditions, grammar.parse_filter(ref, value)))
    return MappingProxyType(found)


def _split_filter_key(key: str) -> tuple[tuple[str, ...], str]:
    arrow = key.find("->")
    head, tail = (key, "") if arrow < 0 else (key[:arrow], key[arrow:])
    parts = head.split(".")
    if any(not p for p in parts):
        raise bad_query(f'"failed to parse filter key ({key})"', "empty name")
    return tuple(parts[:-1]), parts[-1] + tail


MAX_ROW_NUMBER = 2**63 - 1


def _apply_range(options: dict[tuple[str, ...], NodeOptions], header: str | None) -> None:
    if not header:
        return
    match = re.fullmatch(r"\s*(?:items=)?(\d+)-(\d*)\s*", header)
    if not match:
        return  # PostgREST reads a Range it cannot parse as no range at all
    first = int(match.group(1))
    last = int(match.group(2)) if match.group(2) else None
    if first > MAX_ROW_NUMBER or (last is not None and last > MAX_ROW_NUMBER):
        raise bad_range("Requested range not satisfiable", "the range is beyond the largest row number")
    if last is not None and last < first:
        raise bad_range("Requested range not satisfiable",
                        "The lower boundary must be lower than or equal to the upper boundary in the Range header.")
    # The rows asked for are the intersection of the header's range and limit/offset's, as in PostgREST.
    root = options.get((), NO_OPTIONS)
    offset = root.offset or 0
    start = max(first, offset)
    ends = [end for end in (last, None if root.limit is None else offset + root.limit - 1) if end is not None]
    options[()] = replace(root, offset=start, limit=max(0, min(ends) - start + 1) if ends else None)


def parse_body(body: bytes, content_type: str) -> Any:
    media = content_type.split(";")[0].strip().lower()
    if not body.strip():
        return None
    if media == "text/csv":
        return _csv_rows(body)
    if media not in ("application/json", "", "application/x-www-form-urlencoded"):
        raise PostgrestError(415, "PGRST107", f"None of these media types are available: {media}")
    if media == "application/x-www-form-urlencoded":
        return dict(parse_qsl(body.decode("utf-8", "replace"), keep_blank_values=True))
    try:
        return json.loads(body)
    except (ValueError, UnicodeDecodeError) as exc:
        raise bad_body("Empty or invalid json", str(exc).split(":")[0]) from None
    except RecursionError:
        raise bad_body("Empty or invalid json", "the document is nested too deeply") from None


def _csv_rows(body: bytes) -> list[dict[str, str | None]]:
    try:
        reader = csv.reader(io.StringIO(body.decode("utf-8")))
        rows = list(reader)
    except (csv.Error, UnicodeDecodeError):
        raise bad_body("Empty or invalid csv") from None
    if not rows:
        return []
    header, *data = rows
    return [{k: (None if v == "NULL" else v) for k, v in zip(header, row)} for row in data]
