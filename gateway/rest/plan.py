"""Request tree × schema cache → a plan: every table, column, relationship and function resolved (PostgREST's Plan).

The only stage that looks names up; the SQL stage takes identifiers from the plan alone.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from typing import Any

from gateway.rest import relationships
from gateway.rest.errors import ApiError, bad_body, unknown_column, unknown_table
from gateway.rest.schema_cache import Column, Function, SchemaCache, Table
from gateway.rest.types import (
    Condition,
    Embed,
    FieldRef,
    Filter,
    NodeOptions,
    OrderTerm,
    SelectField,
    SelectItem,
    Star,
)


@dataclass(frozen=True)
class ColumnExpr:
    """A resolved column of a node: a stored column, or a computed column (a function of the row)."""

    name: str
    json_path: tuple = ()
    computed: Function | None = None
    is_tsvector: bool = False
    embed: bool = False  # `rel=not.is.null`: the embedded resource itself, for null filtering
    row_type: tuple[str, str] | None = None  # a computed column's table, whose row it takes


@dataclass
class PField:
    label: str
    expr: ColumnExpr | None  # None for count()
    cast: tuple[str, str, bool] | None = None
    aggregate: str | None = None
    aggregate_cast: tuple[str, str, bool] | None = None


@dataclass
class PEmbed:
    label: str
    rel: relationships.Relationship
    node: PNode
    inner: bool
    spread: bool


@dataclass
class PCondition:
    tree: Condition
    exprs: dict[FieldRef, ColumnExpr]


@dataclass
class POrder:
    expr: ColumnExpr
    term: OrderTerm
    embed: PEmbed | None = None


@dataclass
class PNode:
    table: Table
    items: list[PField | PEmbed]
    conditions: list[PCondition] = field(default_factory=list)
    order: list[POrder] = field(default_factory=list)
    limit: int | None = None
    offset: int | None = None

    @property
    def aggregated(self) -> bool:
        return any(isinstance(i, PField) and i.aggregate for i in self.items)


@dataclass
class CallPlan:
    function: Function
    args: dict[str, Any]
    node: PNode | None  # set results and composites; None for scalars
    single_json_arg: bool = False


def find_table(cache: SchemaCache, schema: str, name: str, role: str) -> Table:
    table = cache.table(schema, name)
    if table is None:
        visible = [t.name for (s, _), t in cache.tables.items() if s == schema and role in t.visible_to]
        raise unknown_table(schema, name, _closest(name, visible))
    return table


def _closest(name: str, choices: list[str]) -> str | None:
    match = difflib.get_close_matches(name, choices, n=1, cutoff=0.6)
    return match[0] if match else None


def plan_node(cache: SchemaCache, role: str, table: Table, select: tuple[SelectItem, ...],
              options: dict[tuple[str, ...], NodeOptions], path: tuple[str, ...] = ()) -> PNode:
    node = PNode(table, [])
    for item in select:
        if isinstance(item, Star):
            node.items.extend(PField(c, ColumnExpr(c)) for c in table.columns)
        elif isinstance(item, SelectField):
            node.items.append(_field(cache, table, item))
        else:
            node.items.append(_embed(cache, role, table, item, options, path))
    own = options.get(path)
    if own is not None:
        embeds = {name for i in node.items if isinstance(i, PEmbed) for name in (i.label, i.rel.target.name)}
        node.conditions = [condition(table, c, embeds) for c in own.conditions]
        node.order = [_order(table, node, t) for t in own.order]
        node.limit, node.offset = own.limit, own.offset
    return node


def check_option_paths(node: PNode, options: dict[tuple[str, ...], NodeOptions]) -> None:
    """A filter or order addressed to an embed that is not in `select` is PGRST108, as in PostgREST."""
    known = {()}

    def walk(n: PNode, prefix: tuple[str, ...]) -> None:
        for item in n.items:
            if isinstance(item, PEmbed):
                for name in {item.label, item.rel.target.name}:
                    known.add(prefix + (name,))
                    walk(item.node, prefix + (name,))

    walk(node, ())
    for path in options:
        if path not in known:
            raise ApiError(400, "PGRST108",
                           f"'{'.'.join(path)}' is not an embedded resource in this request",
                           None, f"Verify that '{'.'.join(path)}' is included in the 'select' query parameter.")


def _embed(cache: SchemaCache, role: str, table: Table, item: Embed,
           options: dict[tuple[str, ...], NodeOptions], path: tuple[str, ...]) -> PEmbed:
    rel = relationships.resolve(cache, table, item.name, item.hint, role)
    label = item.alias or item.name
    key = path + (item.alias,) if item.alias and path + (item.alias,) in options else path + (item.name,)
    child = plan_node(cache, role, rel.target, item.select, options, key)
    if item.spread and not child.items:
        raise ApiError(400, "PGRST100", f"a spread of '{item.name}' needs at least one column")
    return PEmbed(label, rel, child, item.join == "inner", item.spread)


def column_expr(table: Table, ref: FieldRef) -> ColumnExpr:
    column: Column | None = table.columns.get(ref.name)
    if column is not None:
        return ColumnExpr(ref.name, ref.json_path, None, column.base == "tsvector")
    function = table.computed.get(ref.name)
    if function is not None:
        return ColumnExpr(ref.name, ref.json_path, function, function.return_type == "tsvector",
                          row_type=(table.schema, table.name))
    raise ApiError(400, "42703", f"column {table.name}.{ref.name} does not exist")


def _cast(cache: SchemaCache, spelled: str | None) -> tuple[str, str, bool] | None:
    if spelled is None:
        return None
    found = cache.cast_type(spelled)
    if found is None:
        raise ApiError(400, "42704", f'type "{spelled}" does not exist')
    return found


def _field(cache: SchemaCache, table: Table, item: SelectField) -> PField:
    if item.ref is None:
        return PField(item.alias or "count", None, None, "count", _cast(cache, item.aggregate_cast))
    expr = column_expr(table, item.ref)
    label = item.alias or (item.aggregate if item.aggregate else item.ref.default_label)
    return PField(label, expr, _cast(cache, item.cast), item.aggregate, _cast(cache, item.aggregate_cast))


def condition(table: Table, tree: Condition, embeds: frozenset[str] | set[str] = frozenset()) -> PCondition:
    exprs: dict[FieldRef, ColumnExpr] = {}

    def walk(node: Condition) -> None:
        if isinstance(node, Filter):
            if node.ref.name in embeds and node.ref.name not in table.columns and not node.ref.json_path:
                if node.op != "is" or node.value not in ("null", "not_null"):
                    raise ApiError(400, "PGRST120", f"Bad operator on the '{node.ref.name}' embedded resource",
                                   "Only is null or not is null filters are allowed on embedded resources")
                exprs[node.ref] = ColumnExpr(node.ref.name, embed=True)
            else:
                exprs[node.ref] = column_expr(table, node.ref)
        else:
            for child in node.children:
                walk(child)

    walk(tree)
    return PCondition(tree, exprs)


def _order(table: Table, node: PNode, term: OrderTerm) -> POrder:
    if term.relation is None:
        return POrder(column_expr(table, term.ref), term)
    for item in node.items:
        if isinstance(item, PEmbed) and term.relation in (item.label, item.rel.target.name) and item.rel.to_one:
            return POrder(column_expr(item.rel.target, term.ref), term, item)
    raise ApiError(400, "PGRST118",
                   f"A related order on '{term.relation}' is not possible",
                   f"'{term.relation}' must be a to-one embedded resource in the 'select' query parameter")


def payload_rows(body: Any) -> list[dict[str, Any]]:
    if isinstance(body, dict):
        return [body]
    if isinstance(body, list) and all(isinstance(row, dict) for row in body):
        return body
    raise bad_body("All object keys must match" if isinstance(body, list) else "Empty or invalid json",
                   "the body must be a JSON object or an array of objects")


def payload_columns(table: Table, rows: list[dict[str, Any]], columns: tuple[str, ...] | None) -> tuple[str, ...]:
    if columns is None:
        seen: dict[str, None] = {}
        for row in rows:
            seen.update(dict.fromkeys(row))
        columns = tuple(seen)
    for name in columns:
        if name not in table.columns:
            raise unknown_column(name, table.name)
    return columns


def conflict_columns(table: Table, on_conflict: tuple[str, ...] | None) -> tuple[str, ...]:
    columns = on_conflict or table.pk
    if not columns:
        raise ApiError(400, "PGRST100", f"'{table.name}' has no primary key: give on_conflict")
    for name in columns:
        if name not in table.columns:
            raise unknown_column(name, table.name)
    return columns


def choose_function(cache: SchemaCache, schema: str, name: str, given: set[str], role: str,
                    single_object: bool) -> tuple[Function, bool]:
    """Overloads resolved by argument names, as PostgREST does (PGRST203 when several fit, PGRST202 when none)."""
    overloads = cache.functions.get((schema, name), [])
    fits = []
    for function in overloads:
        names = {a.name for a in function.inputs}
        required = {a.name for a in function.inputs if not a.has_default}
        json_argument = len(function.inputs) == 1 and function.inputs[0].type in ("json", "jsonb")
        if given <= names and required <= given:
            fits.append((function, False))
        elif json_argument and (function.inputs[0].name == "" or single_object):
            fits.append((function, True))
    exact = [f for f in fits if not f[1]] or fits
    if len(exact) == 1:
        return exact[0]
    listed = ", ".join(sorted(given))
    if not exact:
        raise ApiError(
            404, "PGRST202",
            f"Could not find the function {schema}.{name}" + (f"({listed})" if given else " without parameters")
            + " in the schema cache",
            f"Searched for the function {schema}.{name}" + (f" with parameters {listed}" if given else
                                                              " without parameters")
            + " or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.",
        )
    signatures = ", ".join(
        f"{f.schema}.{f.name}({', '.join(f'{a.name} => {a.type}' for a in f.inputs)})"
        for f, _ in exact if role in f.visible_to  # never list what the caller may not execute
    )
    raise ApiError(300, "PGRST203",
                   f"Could not choose the best candidate function between: {signatures}",
                   None, "Try renaming the parameters or the function itself in the database so function "
                   "overloading can be resolved")


def function_result_table(cache: SchemaCache, function: Function) -> Table | None:
    """The table whose columns a composite result has: the returned table, or the OUT columns as a pseudo table."""
    if function.return_kind != "composite":
        return None
    if function.return_table and function.return_table in cache.tables:
        return cache.tables[function.return_table]
    columns = {a.name: Column(a.name, a.type, a.type, True, False) for a in function.out_columns}
    return Table(function.schema, function.name, "f", columns, (), (), frozenset(), None)
