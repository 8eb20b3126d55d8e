"""A read or a call → one SQL statement whose single row is (total, page count, body, location), and the Builder
every statement binds its values with; gateway.rest.statements (PostgREST's Query stage) chooses among them.

Values are always bound parameters; identifiers come from the plan (hence the schema cache) only.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from psycopg import sql

from gateway.database.round_trip import Query
from gateway.database.transactions import one
from gateway.rest.resolve import CallPlan, ColumnExpr, PCondition, PEmbed, PField, PNode, output_labels
from gateway.rest.schema_cache import Column, Function, Table
from gateway.rest.types import Filter, LogicTree, MediaType

_COMPARE = {
    "eq": "=", "neq": "<>", "gt": ">", "gte": ">=", "lt": "<", "lte": "<=", "like": "LIKE", "ilike": "ILIKE",
    "match": "~", "imatch": "~*", "cs": "@>", "cd": "<@", "ov": "&&", "sl": "<<", "sr": ">>", "nxl": "&>",
    "nxr": "&<", "adj": "-|-", "isdistinct": "IS DISTINCT FROM",
}
_IS = {"null": "IS NULL", "not_null": "IS NOT NULL", "true": "IS TRUE", "false": "IS FALSE", "unknown": "IS UNKNOWN"}
_TSQUERY = {"fts": "to_tsquery", "plfts": "plainto_tsquery", "phfts": "phraseto_tsquery",
            "wfts": "websearch_to_tsquery"}


BODY_PARAM = "body"  # the parameter carrying a write's JSON payload, so a planned write can take another payload


@dataclass
class Statement:
    query: sql.SQL
    wire: Query  # the same query in libpq's terms, for gateway.database.round_trip
    params: dict[str, Any] = field(default_factory=dict)
    count_query: sql.Composable | None = None

    @classmethod
    def rendered(cls, query: sql.Composable, params: dict[str, Any],
                 count_query: sql.Composable | None = None) -> Statement:
        # Rendered once: psycopg would otherwise re-render the composed tree on every execution.
        text = query.as_string(None)
        return cls(sql.SQL(text), Query.of(text), params, count_query)

    @property
    def text(self) -> str:
        return self.query.as_string(None)

    @property
    def takes_body(self) -> bool:
        """Whether the payload is bound as one parameter (so the statement can take another of the same shape)."""
        return BODY_PARAM in self.params

    def with_body(self, rows_json: str | None) -> Statement:
        """The same statement for another payload of the same shape (see plan_cache.payload_shape)."""
        return Statement(self.query, self.wire, {**self.params, BODY_PARAM: rows_json}, self.count_query)


class Builder:
    """Accumulates named parameters and fresh aliases while the statement is composed."""

    def __init__(self) -> None:
        self.params: dict[str, Any] = {}
        self._aliases = 0
        self._used: set[str] = set()
        # The current node's embeds by label and target name → (lateral alias, to-one), for null filtering.
        self._embeds: dict[str, tuple[str, bool]] = {}
        self._depth = 0  # of the node being composed: 0 for the root, 1 for its embeds, ...

    def bind(self, value: Any, cast: str | None = None, name: str | None = None) -> sql.Composable:
        name = name or f"p{len(self.params)}"
        self.params[name] = value
        placeholder = sql.Placeholder(name)
        return sql.SQL("{}::{}").format(placeholder, sql.SQL(cast)) if cast else placeholder

    def alias(self) -> str:
        while True:
            self._aliases += 1
            alias = f"pgrst_{self._aliases}"
            if alias not in self._used:
                self._used.add(alias)
                return alias

    def table_alias(self, name: str) -> str:
        """`name` the first time, as PostgREST names the tables it reads (so plans read as PostgREST's: `Seq Scan on
        users`, `Seq Scan on people people_1`), else a fresh alias; never one of the statement's own `pgrst_`
        names."""
        if name in self._used or name.startswith("pgrst_"):
            return self.alias()
        self._used.add(name)
        return name

    # -- expressions -------------------------------------------------------------------------------------------

    def column(self, alias: str, expr: ColumnExpr) -> sql.Composable:
        if expr.computed is not None:
            out: sql.Composable = sql.SQL("{}.{}({})").format(
                sql.Identifier(expr.computed.schema), sql.Identifier(expr.computed.name),
                row_of(alias, *one(expr.row_type)))
        else:
            out = sql.SQL("{}.{}").format(sql.Identifier(alias), sql.Identifier(expr.name))
        for step in expr.json_path:
            key = self.bind(int(step.key), "int4") if step.key.lstrip("-").isdigit() else self.bind(step.key, "text")
            out = sql.SQL("({} {} {})").format(out, sql.SQL("->>" if step.as_text else "->"), key)
        return out

    @staticmethod
    def cast(expr: sql.Composable, cast: tuple[str, str, bool] | None) -> sql.Composable:
        if cast is None:
            return expr
        schema, name, is_array = cast
        return sql.SQL("({})::{}.{}{}").format(expr, sql.Identifier(schema), sql.Identifier(name),
                                               sql.SQL("[]" if is_array else ""))

    def condition(self, alias: str, cond: PCondition) -> sql.Composable:
        return self._tree(alias, cond.tree, cond.exprs)

    def _tree(self, alias: str, node, exprs) -> sql.Composable:
        if isinstance(node, LogicTree):
            joiner = sql.SQL(" AND " if node.op == "and" else " OR ")
            inner = joiner.join(self._tree(alias, child, exprs) for child in node.children) if node.children \
                else sql.SQL("TRUE")
            out: sql.Composable = sql.SQL("({})").format(inner)
        else:
            out = self._filter(alias, node, exprs[node.ref])
        return sql.SQL("NOT {}").format(out) if node.negate else out

    def _filter(self, alias: str, f: Filter, expr: ColumnExpr) -> sql.Composable:
        if expr.embed:
            lateral, to_one = self._embeds[expr.name]
            embedded = sql.SQL("to_json({})" if to_one else "{}.body").format(sql.Identifier(lateral))
            return sql.SQL("({} {})").format(embedded, sql.SQL(_IS[f.value]))
        column = self.column(alias, expr)
        if f.op == "is":
            return sql.SQL("({} {})").format(column, sql.SQL(_IS[f.value]))
        if f.op == "in":
            if not f.value:
                return sql.SQL("FALSE")
            return sql.SQL("({} IN ({}))").format(column, sql.SQL(", ").join(self.bind(v) for v in f.value))
        if f.op in _TSQUERY:
            function = sql.SQL(_TSQUERY[f.op])
            config = [self.bind(f.fts_config, "regconfig")] if f.fts_config else []
            query = sql.SQL("{}({})").format(function, sql.SQL(", ").join([*config, self.bind(f.value)]))
            vector = column if expr.is_tsvector else sql.SQL("to_tsvector({})").format(
                sql.SQL(", ").join([*config, sql.SQL("({})::text").format(column)]))
            return sql.SQL("({} @@ {})").format(vector, query)
        operator = sql.SQL(_COMPARE[f.op])
        if f.quantifier:
            values = [_like(v) for v in f.value] if f.op in ("like", "ilike") else list(f.value)
            return sql.SQL("({} {} {}({}))").format(column, operator, sql.SQL(f.quantifier.upper()),
                                                   self.bind(_array_literal(values)))
        value = _like(f.value) if f.op in ("like", "ilike") else f.value
        return sql.SQL("({} {} {})").format(column, operator, self.bind(value))

    # -- select trees --------------------------------------------------------------------------------------------

    def node_select(self, node: PNode, alias: str, source: sql.Composable, where: list[sql.Composable],
                    *, paged: bool = True) -> sql.Composable:
        items: list[sql.Composable] = []
        joins: list[sql.Composable] = []
        groups: list[sql.Composable] = []
        lateral_of: dict[int, str] = {}
        for item in node.items:
            if isinstance(item, PField):
                items.append(sql.SQL("{} AS {}").format(self._field(alias, item), sql.Identifier(item.label)))
                if not item.aggregate and node.aggregated:
                    groups.append(self._field(alias, item))
            else:
                lateral = self.alias()
                lateral_of[id(item)] = lateral
                joins.append(self._lateral(item, alias, lateral))
                items.extend(self._embed_items(item, lateral, grouped=node.aggregated))
                if node.aggregated and item.rel.to_one:
                    # Aggregates group by the other columns, a to-one embed's columns included (PostgREST).
                    groups.append(sql.Identifier(lateral))
                    groups.extend(sql.SQL("{}.{}").format(sql.Identifier(lateral), sql.Identifier(label))
                                  for label in output_labels(item.node))
                elif node.aggregated and item.node.items:
                    # A to-many embed groups too (PostgREST); json has no equality, its text does.
                    groups.extend(_many_text(lateral, label) for label in _many_columns(item))
        self._embeds = _embed_laterals(node, lateral_of)
        conditions = where + [self.condition(alias, c) for c in node.conditions]
        parts: list[sql.Composable] = [
            sql.SQL("SELECT {} FROM {}").format(sql.SQL(", ").join(items) or sql.SQL("NULL"), source)]
        parts += joins
        if conditions:
            parts.append(sql.SQL("WHERE {}").format(sql.SQL(" AND ").join(conditions)))
        if groups:
            parts.append(sql.SQL("GROUP BY {}").format(sql.SQL(", ").join(groups)))
        if paged:
            parts += self._order_and_page(node, alias, lateral_of)
        return sql.SQL(" ").join(parts)

    def count_select(self, node: PNode, alias: str, source: sql.Composable, where: list[sql.Composable]) -> sql.Composable:
        """The rows the page is cut from: the same source, filters and inner embeds, without the body."""
        if node.aggregated:
            return self.node_select(node, alias, source, where, paged=False)  # one row per group, embeds included
        joins = []
        lateral_of: dict[int, str] = {}
        filtered = {e.name for c in node.conditions for e in c.exprs.values() if e.embed}
        for item in node.items:
            if isinstance(item, PEmbed) and (item.inner or {item.label, item.rel.target.name} & filtered):
                lateral_of[id(item)] = self.alias()
                joins.append(self._lateral(item, alias, lateral_of[id(item)]))
        self._embeds = _embed_laterals(node, lateral_of)
        conditions = where + [self.condition(alias, c) for c in node.conditions]
        parts: list[sql.Composable] = [sql.SQL("SELECT 1 FROM {}").format(source), *joins]
        if conditions:
            parts.append(sql.SQL("WHERE {}").format(sql.SQL(" AND ").join(conditions)))
        return sql.SQL(" ").join(parts)

    def _field(self, alias: str, item: PField) -> sql.Composable:
        if item.expr is None:
            return self.cast(sql.SQL("pg_catalog.count(*)"), item.aggregate_cast)
        expr = self.cast(self.column(alias, item.expr), item.cast)
        if item.aggregate:
            expr = self.cast(sql.SQL("pg_catalog.{}({})").format(sql.SQL(item.aggregate), expr), item.aggregate_cast)
        return expr

    def _order_and_page(self, node: PNode, alias: str, lateral_of: dict[int, str]) -> list[sql.Composable]:
        parts: list[sql.Composable] = []
        if node.order:
            terms = []
            for order in node.order:
                if order.embed is not None:
                    expr: sql.Composable = sql.SQL("{}.{}").format(
                        sql.Identifier(lateral_of[id(order.embed)]), sql.Identifier(order.expr.name))
                else:
                    expr = self.column(alias, order.expr)
                direction = sql.SQL(" DESC" if order.term.descending else " ASC")
                nulls = sql.SQL(f" NULLS {order.term.nulls.upper()}" if order.term.nulls else "")
                terms.append(sql.Composed([expr, direction, nulls]))
            parts.append(sql.SQL("ORDER BY {}").format(sql.SQL(", ").join(terms)))
        if node.limit is not None:
            parts.append(sql.SQL("LIMIT {}").format(self.bind(node.limit, "bigint")))
        if node.offset:
            parts.append(sql.SQL("OFFSET {}").format(self.bind(node.offset, "bigint")))
        return parts

    def _lateral(self, embed: PEmbed, parent: str, lateral: str) -> sql.Composable:
        rel = embed.rel
        target = rel.target
        # PostgREST's aliases: `<table>_<depth>` for an embedded table, none for a many-to-many's implicit join.
        depth = self._depth + 1
        if rel.kind == "m2m":
            child = self.table_alias(target.name)
        elif rel.kind in ("m2o", "o2m", "o2o"):
            child = self.table_alias(f"{target.name}_{depth}")
        else:
            child = self.alias()
        source: sql.Composable = table_ref(target, child)
        where: list[sql.Composable] = []
        if rel.kind == "m2o":
            fk = one(rel.fk)
            where = _equal_columns(child, fk.target_columns, parent, fk.columns)
        elif rel.kind in ("o2m", "o2o"):
            fk = one(rel.fk)
            where = _equal_columns(child, fk.columns, parent, fk.target_columns)
        elif rel.kind == "m2m":
            junction = self.table_alias(one(rel.junction).name)
            to_source, to_target = one(rel.junction_source_fk), one(rel.junction_target_fk)
            link = _equal_columns(junction, to_source.columns, parent, to_source.target_columns)
            link += _equal_columns(junction, to_target.columns, child, to_target.target_columns)
            where = [sql.SQL("EXISTS (SELECT 1 FROM {} WHERE {})").format(
                table_ref(one(rel.junction), junction), sql.SQL(" AND ").join(link))]
        else:
            function = one(rel.function)
            source = sql.SQL("{}.{}({}) AS {}").format(sql.Identifier(function.schema), sql.Identifier(function.name),
                                                       row_of(parent, rel.source.schema, rel.source.name),
                                                       sql.Identifier(child))
        self._depth = depth
        try:
            body = self.node_select(embed.node, child, source, where)
        finally:
            self._depth = depth - 1
        join = sql.SQL("INNER JOIN LATERAL" if embed.inner else "LEFT JOIN LATERAL")
        if rel.to_one:
            return sql.SQL("{} ({}) AS {} ON TRUE").format(join, body, sql.Identifier(lateral))
        if embed.spread:
            aggregated: sql.Composable = sql.SQL(", ").join(
                sql.SQL("json_agg(pgrst_e.{0}) AS {0}").format(sql.Identifier(label))
                for label in output_labels(embed.node))
        else:
            aggregated = sql.SQL("json_agg(pgrst_e) AS body")
        condition = sql.SQL("{}.body IS NOT NULL").format(sql.Identifier(lateral)) \
            if embed.inner and not embed.spread else sql.SQL("TRUE")
        return sql.SQL("{} (SELECT {} FROM ({}) AS pgrst_e) AS {} ON {}").format(
            join, aggregated, body, sql.Identifier(lateral), condition)

    @staticmethod
    def _embed_items(embed: PEmbed, lateral: str, grouped: bool = False) -> list[sql.Composable]:
        if not embed.node.items:
            return []  # `rel!inner()` only filters, as in PostgREST
        lat = sql.Identifier(lateral)
        if embed.rel.to_one:
            if embed.spread:
                return [sql.SQL("{}.{} AS {}").format(lat, sql.Identifier(label), sql.Identifier(label))
                        for label in output_labels(embed.node)]
            return [sql.SQL("to_json({}) AS {}").format(lat, sql.Identifier(embed.label))]
        labels = output_labels(embed.node) if embed.spread else [embed.label]
        out: list[sql.Composable] = []
        for label, column in zip(labels, _many_columns(embed)):
            value = sql.SQL("COALESCE({}, '[]')::json").format(_many_text(lateral, column)) if grouped \
                else sql.SQL("COALESCE({}.{}, '[]')").format(lat, sql.Identifier(column))
            out.append(sql.SQL("{} AS {}").format(value, sql.Identifier(label)))
        return out


def _many_columns(embed: PEmbed) -> list[str]:
    """The lateral's columns a to-many embed is read from: one per spread column, else its `body`."""
    return output_labels(embed.node) if embed.spread else ["body"]


def _many_text(lateral: str, column: str) -> sql.Composable:
    return sql.SQL("({}.{})::text").format(sql.Identifier(lateral), sql.Identifier(column))


def _embed_laterals(node: PNode, lateral_of: dict[int, str]) -> dict[str, tuple[str, bool]]:
    found = {}
    for item in node.items:
        if isinstance(item, PEmbed) and id(item) in lateral_of:
            for name in (item.rel.target.name, item.label):
                found[name] = (lateral_of[id(item)], item.rel.to_one)
    return found


def row_of(alias: str, schema: str, table: str) -> sql.Composable:
    """A whole row typed as its table, so computed columns also apply to rows returned by a write. `alias.*`, not
    `alias`: a bare alias would be read as a column of the same name."""
    return sql.SQL("({}.*)::{}.{}").format(sql.Identifier(alias), sql.Identifier(schema), sql.Identifier(table))


def table_ref(table: Table, alias: str) -> sql.Composable:
    return sql.SQL("{}.{} AS {}").format(sql.Identifier(table.schema), sql.Identifier(table.name),
                                         sql.Identifier(alias))


def _equal_columns(left: str, left_cols, right: str, right_cols) -> list[sql.Composable]:
    return [sql.SQL("{}.{} = {}.{}").format(sql.Identifier(left), sql.Identifier(a), sql.Identifier(right),
                                            sql.Identifier(b)) for a, b in zip(left_cols, right_cols)]


def _like(pattern: str) -> str:
    return pattern.replace("*", "%")


def _array_literal(values: list[str]) -> str:
    escaped = ('"' + v.replace("\\", "\\\\").replace('"', '\\"') + '"' for v in values)
    return "{" + ",".join(escaped) + "}"


# -- whole statements ----------------------------------------------------------------------------------------------


def body_expression(media: MediaType, labels: list[str], scalar: bool = False) -> sql.Composable:
    """The response body, built by PostgreSQL from the rows of `pgrst_t`."""
    if media.kind == "csv":
        # PostgREST's: each row as PostgreSQL writes a record, without its parentheses, so a field is quoted
        # only when it has to be (a comma, quote, backslash, parenthesis, space or nothing at all).
        return sql.SQL("coalesce(string_agg(substring(pgrst_t::text, 2, length(pgrst_t::text) - 2), E'\\n'), '')")
    if media.kind == "geojson":
        # PostgREST's: a FeatureCollection of PostGIS's features, one per row (PostGIS must be installed).
        return sql.SQL("json_build_object('type', 'FeatureCollection', 'features',"
                       " coalesce(json_agg(ST_AsGeoJSON(pgrst_t)::json), '[]'))::text")
    rows = sql.SQL("json_agg(pgrst_t.{})").format(sql.Identifier(labels[0])) if scalar else sql.SQL("json_agg(pgrst_t)")
    if media.kind == "object":
        rows = sql.SQL("({} -> 0)").format(rows)
    if media.strip_nulls:
        rows = sql.SQL("json_strip_nulls({})").format(rows)
    fallback = "''" if media.kind == "object" else "'[]'"
    return sql.SQL("coalesce(({})::text, {})").format(rows, sql.SQL(fallback))


def read_statement(builder: Builder, node: PNode, media: MediaType, counted: bool, exact: bool = True,
                   with_body: bool = True) -> Statement:
    alias = builder.table_alias(node.table.name)
    source = table_ref(node.table, alias)
    page = builder.node_select(node, alias, source, [])
    count = None
    if counted:
        count_alias = builder.table_alias(node.table.name)
        count = builder.count_select(node, count_alias, table_ref(node.table, count_alias), [])
    return _wrap(builder, page, count, media, output_labels(node), exact=exact, with_body=with_body)


def count_of(count: sql.Composable) -> sql.Composed:
    return sql.SQL("(SELECT pg_catalog.count(*) FROM ({}) AS pgrst_c)").format(count)


def explain(media: MediaType, query: sql.Composable) -> sql.Composed:
    """EXPLAIN with the format and options a plan media type asks for (PostgREST's explainF)."""
    options = [media.plan_format.upper(), *(o.upper() for o in media.plan_options)]
    return sql.SQL("EXPLAIN (FORMAT {}) {}").format(sql.SQL(", ".join(options)), query)


def _wrap(builder: Builder, page: sql.Composable, count: sql.Composable | None, media: MediaType,
          labels: list[str], scalar: bool = False, exact: bool = True, with_body: bool = True) -> Statement:
    """`count` is the counted rows' query; `exact` puts its count in the statement (else the caller estimates)."""
    total = count_of(count) if count is not None and exact else sql.SQL("NULL::bigint")
    query = sql.SQL(
        "WITH pgrst_source AS ({}) SELECT {} AS total, pg_catalog.count(*) AS page, {} AS body, NULL AS location"
        " FROM (SELECT * FROM pgrst_source) AS pgrst_t"
    ).format(page, total, body_expression(media, labels, scalar) if with_body else sql.SQL("''"))
    return Statement.rendered(query, builder.params, count)


def call_statement(builder: Builder, call: CallPlan, media: MediaType, counted: bool) -> Statement:
    function = call.function
    arguments, source_prefix = _call_arguments(builder, call)
    invocation = sql.SQL("{}.{}({})").format(sql.Identifier(function.schema), sql.Identifier(function.name),
                                             arguments)
    alias = builder.alias()
    if function.return_kind == "void":
        query = sql.SQL("SELECT NULL::bigint AS total, 1::bigint AS page, '' AS body, NULL AS location"
                        " FROM {} LATERAL (SELECT {}) AS pgrst_call").format(source_prefix, invocation)
        return Statement.rendered(query, builder.params)
    if call.node is None:
        source = sql.SQL("{} LATERAL {} AS {}({})").format(source_prefix, invocation, sql.Identifier(alias),
                                                             sql.Identifier(function.name))
        column = PNode(call_scalar_table(function), [PField(function.name, ColumnExpr(function.name))])
        page = builder.node_select(column, alias, source, [])
        count = builder.count_select(column, alias, source, []) if counted else None
        wrapped_media = media if function.returns_set or media.kind != "json" else MediaType("object", media.strip_nulls)
        return _wrap(builder, page, count, wrapped_media, [function.name], scalar=True)
    source = sql.SQL("{} LATERAL {} AS {}").format(source_prefix, invocation, sql.Identifier(alias))
    page = builder.node_select(call.node, alias, source, [])
    count = builder.count_select(call.node, alias, source, []) if counted else None
    if not function.returns_set and media.kind == "json":
        media = MediaType("object", media.strip_nulls)
    return _wrap(builder, page, count, media, output_labels(call.node))


def call_scalar_table(function: Function) -> Table:
    return Table(function.schema, function.name, "f",
                 {function.name: Column(function.name, function.return_type, function.return_type, True, False)},
                 (), (), frozenset())


def _call_arguments(builder: Builder, call: CallPlan) -> tuple[sql.Composable, sql.Composable]:
    """Named arguments read from one JSON object with json_to_record, so JSON arrays become SQL arrays (PostgREST)."""
    if call.whole_body is not None:
        arg = call.function.inputs[0]
        cast = None if arg.type == "bytea" else arg.type.replace('"', "")
        return builder.bind(call.whole_body, cast), sql.SQL("(SELECT) AS pgrst_args,")
    inputs = [a for a in call.function.inputs if a.name in call.args]
    if not inputs:
        return sql.SQL(""), sql.SQL("(SELECT) AS pgrst_args,")
    columns = sql.SQL(", ").join(sql.SQL("{} {}").format(sql.Identifier(a.name), sql.SQL(a.type)) for a in inputs)
    record = sql.SQL("json_to_record({}) AS pgrst_args({}),").format(
        builder.bind(json.dumps({a.name: call.args[a.name] for a in inputs}), "json"), columns)
    named = sql.SQL(", ").join(sql.SQL("{0} := pgrst_args.{0}").format(sql.Identifier(a.name)) for a in inputs)
    return named, record
