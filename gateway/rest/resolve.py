"""Names × schema cache → what they stand for: tables, columns, relationships, functions, and the read tree of a plan
(a PNode: every field, embed, condition and order resolved).

The helpers the Plan stage (gateway.rest.plan) builds each operation with; the only place that looks names up, so
the SQL stage takes identifiers from the plan alone.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from gateway.rest import fuzzy, relationships
from gateway.rest.errors import PostgrestError, bad_body, unknown_column, unknown_table
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
    whole_body: str | bytes | None = None  # the one value a function taking the body (or its arguments) whole gets


def output_labels(node: PNode) -> list[str]:
    """The names of the body's keys, in order: a spread embed's own, in its place."""
    labels: list[str] = []
    for item in node.items:
        if isinstance(item, PEmbed) and (item.spread or not item.node.items):
            labels.extend(output_labels(item.node))
        else:
            labels.append(item.label)
    return labels


def find_table(cache: SchemaCache, schema: str, name: str, role: str) -> Table:
    table = cache.table(schema, name)
    if table is None:
        visible = [t.name for (s, _), t in cache.tables.items() if s == schema and role in t.visible_to]
        raise unknown_table(schema, name, fuzzy.best_match(name, visible, 0.75))
    return table


def plan_node(cache: SchemaCache, role: str, table: Table, select: tuple[SelectItem, ...],
              options: Mapping[tuple[str, ...], NodeOptions], path: tuple[str, ...] = (),
              alias: str | None = None) -> PNode:
    """`alias` is the name PostgREST gives this level in SQL (`messages_1`), which its errors quote."""
    named = alias or table.name
    node = PNode(table, [])
    for item in select:
        if isinstance(item, Star):
            node.items.extend(PField(c, ColumnExpr(c)) for c in table.columns)
        elif isinstance(item, SelectField):
            node.items.append(_field(cache, table, item, named))
        else:
            node.items.append(_embed(cache, role, table, item, options, path))
    _check_embed_names(node, len(path))
    own = options.get(path)
    if own is not None:
        embeds = {name for i in node.items if isinstance(i, PEmbed) for name in (i.label, i.rel.target.name)}
        node.conditions = [condition(table, c, embeds, named) for c in own.conditions]
        node.order = [_order(table, node, t, named) for t in own.order]
        node.limit, node.offset = own.limit, own.offset
    return node


def _check_embed_names(node: PNode, depth: int) -> None:
    """Two embeds under one name at one level: PostgREST's SQL then names one subquery twice and PostgreSQL
    refuses it (42712), so the request fails the same way here rather than answering with a duplicated key."""
    seen: set[str] = set()
    for item in node.items:
        if isinstance(item, PEmbed):
            subquery = f"{node.table.name}_{item.label}_{depth + 1}"
            if subquery in seen:
                raise PostgrestError(400, "42712", f'table name "{subquery}" specified more than once')
            seen.add(subquery)


def check_option_paths(node: PNode, options: Mapping[tuple[str, ...], NodeOptions]) -> None:
    """A filter or order addressed to an embed that is not in `select` is PGRST108, as in PostgREST."""
    known: set[tuple[str, ...]] = {()}

    def walk(n: PNode, prefix: tuple[str, ...]) -> None:
        for item in n.items:
            if isinstance(item, PEmbed):
                for name in {item.label, item.rel.target.name}:
                    known.add(prefix + (name,))
                    walk(item.node, prefix + (name,))

    walk(node, ())
    for path in options:
        if path not in known:
            raise PostgrestError(400, "PGRST108",
                           f"'{'.'.join(path)}' is not an embedded resource in this request",
                           None, f"Verify that '{'.'.join(path)}' is included in the 'select' query parameter.")


def _embed(cache: SchemaCache, role: str, table: Table, item: Embed,
           options: Mapping[tuple[str, ...], NodeOptions], path: tuple[str, ...]) -> PEmbed:
    rel = relationships.resolve(cache, table, item.name, item.hint, role)
    label = item.alias or item.name
    key = path + (item.alias,) if item.alias and path + (item.alias,) in options else path + (item.name,)
    # PostgREST aliases each embedded table `<table>_<depth>`, except the target of a many-to-many join.
    alias = None if rel.kind == "m2m" else f"{rel.target.name}_{len(key)}"
    child = plan_node(cache, role, rel.target, item.select, options, key, alias)
    if item.spread and not child.items:
        raise PostgrestError(400, "PGRST100", f"a spread of '{item.name}' needs at least one column")
    return PEmbed(label, rel, child, item.join == "inner", item.spread)


def column_expr(table: Table, ref: FieldRef, named: str | None = None) -> ColumnExpr:
    column: Column | None = table.columns.get(ref.name)
    if column is not None:
        return ColumnExpr(ref.name, ref.json_path, None, column.base == "tsvector")
    function = table.computed.get(ref.name)
    if function is not None:
        return ColumnExpr(ref.name, ref.json_path, function, function.return_type == "tsvector",
                          row_type=(table.schema, table.name))
    raise PostgrestError(400, "42703", f"column {named or table.name}.{ref.name} does not exist")


def _cast(cache: SchemaCache, spelled: str | None) -> tuple[str, str, bool] | None:
    if spelled is None:
        return None
    found = cache.cast_type(spelled)
    if found is None:
        raise PostgrestError(400, "42704", f'type "{spelled}" does not exist')
    return found


def _field(cache: SchemaCache, table: Table, item: SelectField, named: str) -> PField:
    if item.ref is None:
        return PField(item.alias or "count", None, None, "count", _cast(cache, item.aggregate_cast))
    if _counts_rows(table, item):
        # PostgreSQL reads `t.count` as `count(t)` (attribute notation), so PostgREST's `select=count` and
        # `rel(count)` count rows; its backwards-compatible form of `count()`.
        return PField(item.alias or "count", None, None, "count", _cast(cache, item.cast))
    expr = column_expr(table, item.ref, named)
    label = item.alias or (item.aggregate if item.aggregate else item.ref.default_label)
    return PField(label, expr, _cast(cache, item.cast), item.aggregate, _cast(cache, item.aggregate_cast))


def _counts_rows(table: Table, item: SelectField) -> bool:
    ref = item.ref
    return (ref is not None and ref.name == "count" and not ref.json_path and item.aggregate is None
            and "count" not in table.columns and "count" not in table.computed)


def condition(table: Table, tree: Condition, embeds: frozenset[str] | set[str] = frozenset(),
              named: str | None = None) -> PCondition:
    exprs: dict[FieldRef, ColumnExpr] = {}

    def walk(node: Condition) -> None:
        if isinstance(node, Filter):
            if node.ref.name in embeds and node.ref.name not in table.columns and not node.ref.json_path:
                if node.op != "is" or node.value not in ("null", "not_null"):
                    raise PostgrestError(400, "PGRST120", f"Bad operator on the '{node.ref.name}' embedded resource",
                                   "Only is null or not is null filters are allowed on embedded resources")
                exprs[node.ref] = ColumnExpr(node.ref.name, embed=True)
            else:
                exprs[node.ref] = column_expr(table, node.ref, named)
        else:
            for child in node.children:
                walk(child)

    walk(tree)
    return PCondition(tree, exprs)


def _order(table: Table, node: PNode, term: OrderTerm, named: str) -> POrder:
    if term.relation is None:
        return POrder(column_expr(table, term.ref, named), term)
    for item in node.items:
        if isinstance(item, PEmbed) and term.relation in (item.label, item.rel.target.name) and item.rel.to_one:
            return POrder(column_expr(item.rel.target, term.ref), term, item)
    raise PostgrestError(400, "PGRST118",
                   f"A related order on '{term.relation}' is not possible",
                   f"'{term.relation}' must be a to-one embedded resource in the 'select' query parameter")


def payload_rows(body: Any) -> list[dict[str, Any]]:
    if isinstance(body, dict):
        return [body]
    if isinstance(body, list) and all(isinstance(row, dict) for row in body):
        return body
    if isinstance(body, list):
        raise bad_body("All object keys must match")
    raise bad_body("Empty or invalid json", "the body must be a JSON object or an array of objects")


def payload_columns(table: Table, rows: list[dict[str, Any]], columns: tuple[str, ...] | None) -> tuple[str, ...]:
    if columns is None:
        # Without columns=, every object must have the first one's keys (PostgREST); with it, keys may differ.
        if any(row.keys() != rows[0].keys() for row in rows):
            raise bad_body("All object keys must match")
        columns = tuple(rows[0]) if rows else ()
    for name in columns:
        if name not in table.columns:
            raise unknown_column(name, table.name)
    return columns


def conflict_columns(table: Table, on_conflict: tuple[str, ...] | None) -> tuple[str, ...]:
    columns = on_conflict or table.pk
    if not columns:
        raise PostgrestError(400, "PGRST100", f"'{table.name}' has no primary key: give on_conflict")
    for name in columns:
        if name not in table.columns:
            raise unknown_column(name, table.name)
    return columns


RAW_ONLY_BODIES = frozenset({"text", "xml", "bytea"})  # request bodies only a single unnamed parameter can take
_RAW_PARAMETER_TYPES = {"json": ("json", "jsonb"), "text": ("text",), "xml": ("xml",), "bytea": ("bytea",)}


def choose_function(cache: SchemaCache, schema: str, name: str, given: set[str], role: str, *, post: bool,
                    content: str = "json", single_object: bool = False) -> Function:
    """PostgREST's findProc: the overload whose parameters the argument names fit, else the one taking the raw
    body as its single unnamed parameter; PGRST203 when several fit, PGRST202 when none.

    `content` is the body's kind (json, text, xml, bytea, urlencoded, csv) for a POST.
    """
    overloads = sorted((f for f in cache.functions.get((schema, name), []) if f.callable), key=_overload_order)
    fits: list[Function] = []
    fallbacks: list[Function] = []
    for function in overloads:
        if _fits(function, given, post, content):
            fits.append(function)
        elif _takes_raw_body(function, post, content, single_object):
            fallbacks.append(function)
    chosen = fits or fallbacks
    if len(chosen) == 1:
        return chosen[0]
    if not chosen:
        raise _no_function(cache, schema, name, sorted(given), role, post, content, overloads)
    signatures = ", ".join(
        f"{f.schema}.{f.name}({', '.join(f'{a.name} => {a.type}' for a in f.inputs)})"
        for f in chosen if role in f.visible_to  # never list what the caller may not execute
    )
    raise PostgrestError(300, "PGRST203",
                   f"Could not choose the best candidate function between: {signatures}",
                   None, "Try renaming the parameters or the function itself in the database so function "
                   "overloading can be resolved")


def _overload_order(function: Function) -> tuple:
    """PostgREST's Ord on routines: fewest parameters first, then description, then the parameters themselves."""
    return (len(function.inputs), function.description is not None, function.description or "",
            [(a.name, a.type, not a.has_default, a.mode == "v") for a in function.inputs])


def _fits(function: Function, given: set[str], post: bool, content: str) -> bool:
    inputs = function.inputs
    if not inputs:
        return not given and not (post and content in RAW_ONLY_BODIES)
    required = {a.name for a in inputs if not a.has_default}
    optional = {a.name for a in inputs if a.has_default}
    return given - optional == required


def _takes_raw_body(function: Function, post: bool, content: str, single_object: bool) -> bool:
    inputs = function.inputs
    if not post or len(inputs) != 1:
        return False
    if single_object and content == "json" and inputs[0].type in ("json", "jsonb"):
        return True
    return inputs[0].name == "" and inputs[0].type in _RAW_PARAMETER_TYPES.get(content, ())


def takes_body_by_position(function: Function) -> bool:
    """A function of one unnamed parameter is called with the argument(s) as that one value (OnePosParam)."""
    return len(function.inputs) == 1 and function.inputs[0].name == ""


def _no_function(cache: SchemaCache, schema: str, name: str, keys: list[str], role: str, post: bool, content: str,
                 overloads: list[Function]) -> PostgrestError:
    """PGRST202 in PostgREST's words, with its hint: the closest function name, or the closest parameter list."""
    function = f"{schema}.{name}"
    raw_only = post and content in RAW_ONLY_BODIES
    listed = " without parameters" if not keys else f"({', '.join(keys)})"
    searched = " without parameters" if not keys else \
        f" with parameter{'s' if len(keys) > 1 else ''} {', '.join(keys)}"
    if raw_only:
        searched = f" with a single unnamed {content} parameter"
    elif post and content == "json":
        searched += " or with a single unnamed json/jsonb parameter"
    hint = None
    if not raw_only:
        visible = [f for f in overloads if role in f.visible_to]
        if visible:
            lists = ["(" + ", ".join(sorted(a.name for a in f.inputs)) + ")" for f in visible]
            closest = fuzzy.best_match("(" + ", ".join(keys) + ")", lists)
            hint = closest and f"Perhaps you meant to call the function {function}{closest}"
        else:
            names = [n for (s, n), fs in cache.functions.items()
                     if s == schema and any(f.callable and role in f.visible_to for f in fs)]
            closest = fuzzy.best_match(name, names, 0.75)
            hint = closest and f"Perhaps you meant to call the function {schema}.{closest}"
    return PostgrestError(404, "PGRST202",
                    f"Could not find the function {function}{'' if raw_only else listed} in the schema cache",
                    f"Searched for the function {function}{searched}, but no matches were found in the schema cache.",
                    hint)


def function_result_table(cache: SchemaCache, function: Function) -> Table | None:
    """The table whose columns a composite result has: the returned table, or the OUT columns as a pseudo table."""
    if function.return_kind != "composite":
        return None
    if function.return_table and function.return_table in cache.tables:
        return cache.tables[function.return_table]
    columns = {a.name: Column(a.name, a.type, a.type, True, False) for a in function.out_columns}
    return Table(function.schema, function.name, "f", columns, (), (), frozenset(), None)
