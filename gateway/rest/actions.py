"""ApiRequest × schema cache → an Action: the statement to run and what the response needs to know about it."""

from __future__ import annotations

from dataclasses import dataclass

from psycopg import sql

from gateway.rest import mutate, plan, query
from gateway.rest import request as api
from gateway.rest.errors import ApiError, bad_body
from gateway.rest.query import Builder, Statement
from gateway.rest.schema_cache import SchemaCache, Table
from gateway.rest.types import MediaType, Star


@dataclass
class Action:
    kind: str  # read | mutate | call
    statement: Statement
    media: MediaType
    labels: list[str]
    table: Table | None = None
    offset: int = 0
    void: bool = False
    applied: tuple[str, ...] = ()


def plan_action(cache: SchemaCache, req: api.ApiRequest, role: str, max_rows: int | None) -> Action:
    if req.kind == "rpc":
        return _call(cache, req, role, max_rows)
    table = plan.find_table(cache, req.schema, req.name, role)
    if req.method in ("GET", "HEAD"):
        return _read(cache, req, role, table, max_rows)
    if req.method in ("POST", "PUT"):
        return _insert(cache, req, role, table)
    if req.method == "PATCH":
        return _update(cache, req, role, table)
    if req.method == "DELETE":
        return _delete(cache, req, role, table)
    raise ApiError(405, "PGRST117", f"Unsupported HTTP method: {req.method}")


def _capped(node: plan.PNode, max_rows: int | None) -> None:
    if max_rows is not None and (node.limit is None or node.limit > max_rows):
        node.limit = max_rows


READ_PREFERENCES = frozenset({"count", "handling", "tx", "params"})
WRITE_PREFERENCES = frozenset({"return", "count", "missing", "handling", "tx", "max-affected"})


def _applied(req: api.ApiRequest, honoured: frozenset[str]) -> tuple[str, ...]:
    """The Prefer items this request honoured, for Preference-Applied."""
    return tuple(item for item in req.prefer.applied() if item.split("=", 1)[0] in honoured)


def _read(cache: SchemaCache, req: api.ApiRequest, role: str, table: Table, max_rows: int | None) -> Action:
    node = plan.plan_node(cache, role, table, req.select, req.options)
    plan.check_option_paths(node, req.options)
    _capped(node, max_rows)
    counted = req.prefer.count is not None
    # HEAD answers with headers only, so PostgreSQL is not asked to build the body (as PostgREST).
    statement = query.read_statement(Builder(), node, req.media, counted, exact=req.prefer.count == "exact",
                                     with_body=req.method != "HEAD")
    return Action("read", statement, req.media, query.output_labels(node), table, node.offset or 0,
                  applied=_applied(req, READ_PREFERENCES))


def _representation(cache: SchemaCache, req: api.ApiRequest, role: str, table: Table) -> plan.PNode | None:
    if req.prefer.return_ != "representation":
        return None
    return plan.plan_node(cache, role, table, req.select if req.selected else (Star(),), req.options)


def _insert(cache: SchemaCache, req: api.ApiRequest, role: str, table: Table) -> Action:
    rows = plan.payload_rows(req.body if req.body is not None else {})
    columns = plan.payload_columns(table, rows, req.columns)
    builder = Builder()
    upsert = req.prefer.resolution
    if req.method == "PUT":
        _check_put(req, table, rows)
        upsert = "merge-duplicates"
    mutation = mutate.insert_sql(builder, table, rows, columns, req.prefer.missing == "default")
    if upsert:
        conflict = plan.conflict_columns(table, req.on_conflict if req.method == "POST" else None)
        mutation = sql.SQL("{} {}").format(mutation, mutate.on_conflict_sql(columns, conflict, upsert))
    node = _representation(cache, req, role, table)
    statement = mutate.mutation_statement(builder, table, mutation, node, req.media,
                                          location=req.prefer.return_ == "headers-only")
    return Action("mutate", statement, req.media, query.output_labels(node) if node else [], table,
                  applied=_applied(req, WRITE_PREFERENCES | ({"resolution"} if upsert else set())))


def _check_put(req: api.ApiRequest, table: Table, rows: list[dict]) -> None:
    """PUT is an upsert of one row named by its whole primary key, in the filters and the body alike."""
    filters = {c.tree.ref.name: c.tree.value for c in (plan.condition(table, t) for t in req.root.conditions)
               if getattr(c.tree, "op", None) == "eq" and not c.tree.negate}
    if len(rows) != 1 or not table.pk or set(filters) != set(table.pk) or len(req.root.conditions) != len(table.pk):
        raise ApiError(405, "PGRST105", "Filters must include all and only primary key columns with 'eq' operators")
    if any(str(rows[0].get(c)) != filters[c] for c in table.pk):
        raise ApiError(400, "PGRST115", "Payload values do not match URL in primary key column(s)")


def _update(cache: SchemaCache, req: api.ApiRequest, role: str, table: Table) -> Action:
    if req.body is not None and not isinstance(req.body, dict):
        raise bad_body("Empty or invalid json", "PATCH takes one JSON object")
    row = req.body or {}
    columns = plan.payload_columns(table, [row], req.columns)
    conditions = [plan.condition(table, c) for c in req.root.conditions]
    builder = Builder()
    node = _representation(cache, req, role, table)
    if not columns:
        # Nothing to change: PostgREST answers as if no row matched.
        statement = Statement(sql.SQL("SELECT NULL::bigint, 0::bigint, {}, NULL").format(
            sql.SQL("'[]'" if node else "''")))
    else:
        mutation = mutate.update_sql(builder, table, row, columns, conditions)
        statement = mutate.mutation_statement(builder, table, mutation, node, req.media, location=False)
    return Action("mutate", statement, req.media, query.output_labels(node) if node else [], table,
                  applied=_applied(req, WRITE_PREFERENCES))


def _delete(cache: SchemaCache, req: api.ApiRequest, role: str, table: Table) -> Action:
    conditions = [plan.condition(table, c) for c in req.root.conditions]
    builder = Builder()
    node = _representation(cache, req, role, table)
    statement = mutate.mutation_statement(builder, table, mutate.delete_sql(builder, table, conditions), node,
                                          req.media, location=False)
    return Action("mutate", statement, req.media, query.output_labels(node) if node else [], table,
                  applied=_applied(req, WRITE_PREFERENCES))


def _call(cache: SchemaCache, req: api.ApiRequest, role: str, max_rows: int | None) -> Action:
    if req.method in ("GET", "HEAD"):
        # Parameters naming no argument of any overload are filters on the result, as in PostgREST.
        known = {a.name for f in cache.functions.get((req.schema, req.name), []) for a in f.inputs}
        given = {k for k, _ in req.params if k in known}
        function, single = plan.choose_function(cache, req.schema, req.name, given, role, False)
        names = {a.name for a in function.inputs}
        args = {k: v for k, v in req.params if k in names}
        api.add_filters(req, [(k, v) for k, v in req.params if k not in names])
    elif req.method == "POST":
        body = req.body if req.body is not None else {}
        single_object = req.prefer.params == "single-object"
        if not isinstance(body, dict) and not single_object:
            raise bad_body("Empty or invalid json", "the arguments must be a JSON object")
        given = set(body) if isinstance(body, dict) else set()
        function, single = plan.choose_function(cache, req.schema, req.name, given, role, single_object)
        args = body
    else:
        raise ApiError(405, "PGRST101", "Only GET and POST (and HEAD) are allowed for functions")
    result_table = plan.function_result_table(cache, function)
    node = None
    if result_table is not None:
        node = plan.plan_node(cache, role, result_table, req.select, req.options)
        plan.check_option_paths(node, req.options)
        if function.returns_set:
            _capped(node, max_rows)
    call = plan.CallPlan(function, args, node, single)
    counted = req.prefer.count is not None
    statement = query.call_statement(Builder(), call, req.media, counted)
    labels = query.output_labels(node) if node else [function.name]
    return Action("call", statement, req.media, labels, offset=(node.offset or 0) if node else 0,
                  void=function.return_kind == "void", applied=_applied(req, READ_PREFERENCES))
