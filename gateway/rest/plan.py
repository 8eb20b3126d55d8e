"""ApiRequest × schema cache → the plan of a request (PostgREST's Plan stage), as values and without SQL:

- an Action: what the transaction and the response need to know (they never see the request, nor its body);
- an operation (Read, Insert, Update, Delete or Call): what the query stage (gateway.rest.statements) composes.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from gateway.rest import grammar, resolve
from gateway.rest import request as api
from gateway.rest.errors import PostgrestError, bad_body
from gateway.rest.schema_cache import Function, SchemaCache, Table
from gateway.rest.types import Filter, MediaType, NodeOptions, Preferences, Star


@dataclass(frozen=True)
class Action:
    kind: str  # read | mutate | call
    method: str
    schema: str
    prefer: Preferences
    media: MediaType
    labels: tuple[str, ...]
    table: Table | None = None
    offset: int = 0
    void: bool = False
    applied: tuple[str, ...] = ()
    merges: bool = False  # an upsert merging duplicates: its status says whether it inserted anything

    @property
    def read_only(self) -> bool:
        return self.method in ("GET", "HEAD")


@dataclass(frozen=True)
class Read:
    node: resolve.PNode
    media: MediaType
    counted: bool
    exact: bool  # the count in the statement itself, rather than estimated by the transaction
    with_body: bool


@dataclass(frozen=True)
class Insert:
    table: Table
    rows: list[dict[str, Any]]
    columns: tuple[str, ...]
    missing_default: bool
    upsert: str | None  # merge-duplicates | ignore-duplicates
    conflict: tuple[str, ...]
    returned: resolve.PNode | None  # the representation asked for
    media: MediaType
    location: bool


@dataclass(frozen=True)
class Update:
    table: Table
    row: dict[str, Any]
    columns: tuple[str, ...]
    conditions: list[resolve.PCondition]
    returned: resolve.PNode | None
    media: MediaType


@dataclass(frozen=True)
class Delete:
    table: Table
    conditions: list[resolve.PCondition]
    returned: resolve.PNode | None
    media: MediaType


@dataclass(frozen=True)
class Call:
    call: resolve.CallPlan
    media: MediaType
    counted: bool


Operation = Read | Insert | Update | Delete | Call


def plan_action(cache: SchemaCache, req: api.ApiRequest, role: str,
                max_rows: int | None) -> tuple[Action, Operation]:
    if req.kind == "rpc":
        return _call(cache, req, role, max_rows)
    table = resolve.find_table(cache, req.schema, req.name, role)
    if req.method in ("GET", "HEAD"):
        return _read(cache, req, role, table, max_rows)
    if req.method in ("POST", "PUT"):
        return _insert(cache, req, role, table)
    if req.method == "PATCH":
        return _update(cache, req, role, table)
    if req.method == "DELETE":
        return _delete(cache, req, role, table)
    raise PostgrestError(405, "PGRST117", f"Unsupported HTTP method: {req.method}")


def _capped(node: resolve.PNode, max_rows: int | None) -> None:
    if max_rows is not None and (node.limit is None or node.limit > max_rows):
        node.limit = max_rows


READ_PREFERENCES = frozenset({"count", "handling", "tx", "params"})
CALL_PREFERENCES = READ_PREFERENCES | {"max-affected"}
# What each kind of request honours, as PostgREST's responsePreferences.
INSERT_PREFERENCES = frozenset({"return", "count", "missing", "handling", "tx"})
UPDATE_PREFERENCES = INSERT_PREFERENCES | {"max-affected"}
DELETE_PREFERENCES = UPDATE_PREFERENCES - {"missing"}


def _applied(req: api.ApiRequest, honoured: frozenset[str]) -> tuple[str, ...]:
    """The Prefer items this request honoured, for Preference-Applied."""
    return tuple(item for item in req.prefer.applied() if item.split("=", 1)[0] in honoured)


def _action(req: api.ApiRequest, kind: str, node: resolve.PNode | None, honoured: frozenset[str],
            **facts: Any) -> Action:
    return Action(kind, req.method, req.schema, req.prefer, req.media,
                  tuple(resolve.output_labels(node)) if node else (), applied=_applied(req, honoured), **facts)


def _read(cache: SchemaCache, req: api.ApiRequest, role: str, table: Table,
          max_rows: int | None) -> tuple[Action, Operation]:
    node = resolve.plan_node(cache, role, table, req.select, req.options)
    resolve.check_option_paths(node, req.options)
    _capped(node, max_rows)
    # HEAD answers with headers only, so PostgreSQL is not asked to build the body (as PostgREST).
    read = Read(node, req.media, req.prefer.count is not None, exact=req.prefer.count == "exact",
                with_body=req.method != "HEAD")
    return _action(req, "read", node, READ_PREFERENCES, table=table, offset=node.offset or 0), read


def _representation(cache: SchemaCache, req: api.ApiRequest, role: str, table: Table) -> resolve.PNode | None:
    if req.prefer.return_ != "representation":
        return None
    return resolve.plan_node(cache, role, table, req.select if req.selected else (Star(),),
                          _returned_options(req.options))


def _returned_options(options: api.Options) -> dict[tuple[str, ...], NodeOptions]:
    """What shapes a write's returned rows, as in PostgREST: the root's filters and logic trees belong to the
    statement's WHERE alone (an update may change the very column it was found by), and no level is paged."""
    return {path: NodeOptions(() if path == () else o.conditions, o.order) for path, o in options.items()}


def _insert(cache: SchemaCache, req: api.ApiRequest, role: str, table: Table) -> tuple[Action, Operation]:
    rows = resolve.payload_rows(req.body if req.body is not None else {})
    columns = resolve.payload_columns(table, rows, req.columns)
    upsert = req.prefer.resolution
    if req.method == "PUT":
        _check_put(req, table, rows)
        upsert = "merge-duplicates"
    elif not table.pk and req.on_conflict is None:
        upsert = None  # PostgREST ignores the resolution where no key says what a duplicate is
    conflict = resolve.conflict_columns(table, req.on_conflict if req.method == "POST" else None) if upsert else ()
    node = _representation(cache, req, role, table)
    insert = Insert(table, rows, columns, req.prefer.missing == "default", upsert, conflict, node, req.media,
                    location=req.prefer.return_ == "headers-only")
    honoured = INSERT_PREFERENCES | ({"resolution"} if upsert and req.method == "POST" else set())
    return _action(req, "mutate", node, honoured, table=table, merges=upsert == "merge-duplicates"), insert


def _check_put(req: api.ApiRequest, table: Table, rows: list[dict]) -> None:
    """PUT is an upsert of one row named by its whole primary key, in the filters and the body alike."""
    if req.root.limit is not None or req.root.offset is not None:
        raise PostgrestError(400, "PGRST114", "limit/offset querystring parameters are not allowed for PUT")
    filters = {c.tree.ref.name: c.tree.value for c in (resolve.condition(table, t) for t in req.root.conditions)
               if isinstance(c.tree, Filter) and c.tree.op == "eq" and not c.tree.negate}
    if len(rows) != 1 or not table.pk or set(filters) != set(table.pk) or len(req.root.conditions) != len(table.pk):
        raise PostgrestError(405, "PGRST105", "Filters must include all and only primary key columns with 'eq' operators")
    if any(str(rows[0].get(c)) != filters[c] for c in table.pk):
        raise PostgrestError(400, "PGRST115", "Payload values do not match URL in primary key column(s)")


def _update(cache: SchemaCache, req: api.ApiRequest, role: str, table: Table) -> tuple[Action, Operation]:
    if req.body is not None and not isinstance(req.body, dict):
        raise bad_body("Empty or invalid json", "PATCH takes one JSON object")
    row = req.body or {}
    columns = resolve.payload_columns(table, [row], req.columns)
    conditions = [resolve.condition(table, c) for c in req.root.conditions]
    node = _representation(cache, req, role, table)
    update = Update(table, row, columns, conditions, node, req.media)
    return _action(req, "mutate", node, UPDATE_PREFERENCES, table=table), update


def _delete(cache: SchemaCache, req: api.ApiRequest, role: str, table: Table) -> tuple[Action, Operation]:
    conditions = [resolve.condition(table, c) for c in req.root.conditions]
    node = _representation(cache, req, role, table)
    return _action(req, "mutate", node, DELETE_PREFERENCES, table=table), Delete(table, conditions, node, req.media)


def _call(cache: SchemaCache, req: api.ApiRequest, role: str, max_rows: int | None) -> tuple[Action, Operation]:
    whole_body: str | bytes | None = None
    options = req.options
    if req.method in ("GET", "HEAD"):
        # A parameter whose value reads as a filter filters the result; the others are arguments (PostgREST).
        args = {k: v for k, v in req.params if not grammar.is_filter(v)}
        options = api.with_filters(options, [(k, v) for k, v in req.params if grammar.is_filter(v)])
        function = resolve.choose_function(cache, req.schema, req.name, set(args), role, post=False)
        if resolve.takes_body_by_position(function):
            whole_body = _compact_json(args)
    elif req.method == "POST":
        function, args, whole_body = _posted_call(cache, req, role)
    else:
        raise PostgrestError(405, "PGRST101", "Only GET and POST (and HEAD) are allowed for functions")
    result_table = resolve.function_result_table(cache, function)
    node = None
    if result_table is not None:
        node = resolve.plan_node(cache, role, result_table, req.select, options)
        resolve.check_option_paths(node, options)
        if function.returns_set:
            _capped(node, max_rows)
    if req.prefer.max_affected is not None and req.prefer.handling == "strict" and not function.returns_set:
        raise PostgrestError(400, "PGRST128", "Function must return SETOF or TABLE when max-affected preference is used "
                                        "with handling=strict")
    call = Call(resolve.CallPlan(function, args, node, whole_body), req.media, req.prefer.count is not None)
    labels = tuple(resolve.output_labels(node)) if node else (function.name,)
    action = Action("call", req.method, req.schema, req.prefer, req.media, labels,
                    offset=(node.offset or 0) if node else 0, void=function.return_kind == "void",
                    applied=_applied(req, CALL_PREFERENCES))
    return action, call


def _posted_call(cache: SchemaCache, req: api.ApiRequest, role: str) -> tuple[Function, dict, str | bytes | None]:
    """The function a POST names and its arguments: the keys of a JSON object (of the first object of an array),
    of a form, or none for a body a single unnamed parameter takes whole (text, xml, bytes, any other JSON)."""
    body = req.body
    if req.content == "json" and not req.raw_body.strip():
        body = {}
    if isinstance(body, list) and body and isinstance(body[0], dict):
        given = set(body[0])
    else:
        given = set(body) if isinstance(body, dict) else set()
    single_object = req.prefer.params == "single-object"
    function = resolve.choose_function(cache, req.schema, req.name, given, role, post=True, content=req.content,
                                    single_object=single_object)
    inputs = function.inputs
    if resolve.takes_body_by_position(function) or (single_object and len(inputs) == 1):
        return function, {}, _whole_body(req, body)
    if not isinstance(body, dict):
        raise bad_body("Empty or invalid json", "the arguments must be a JSON object")
    return function, body, None


def _whole_body(req: api.ApiRequest, body) -> str | bytes:
    """The body exactly as sent (a form's fields as a JSON object, no body as `{}`), as PostgREST passes it."""
    if req.content == "bytea":
        return req.raw_body
    if req.content != "json" or not req.raw_body.strip():
        return _compact_json(body) if isinstance(body, dict) else req.raw_body.decode("utf-8", "replace")
    return req.raw_body.decode("utf-8", "replace")


def _compact_json(arguments: dict) -> str:
    """Arguments that came as a query string or a form, as PostgREST hands them to an unnamed parameter."""
    return json.dumps(arguments, separators=(",", ":"), ensure_ascii=False)
