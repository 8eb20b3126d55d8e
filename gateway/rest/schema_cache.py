"""What the planner may name: tables, views, columns, keys and functions of the exposed schemas, from pg_catalog."""

from __future__ import annotations

from dataclasses import dataclass, field

import psycopg

from gateway.database.transactions import API_ROLES
from gateway.rest.view_keys import ColumnKey, view_column_origins

RAW_BODY_TYPES = frozenset({"bytea", "json", "jsonb", "text", "xml"})
# SQL spellings a cast may use, mapped to the catalog's own type names.
TYPE_ALIASES = {
    "integer": "int4", "int": "int4", "bigint": "int8", "smallint": "int2", "real": "float4",
    "double precision": "float8", "boolean": "bool", "decimal": "numeric", "character varying": "varchar",
    "character": "bpchar", "char": "bpchar", "timestamp with time zone": "timestamptz",
    "timestamp without time zone": "timestamp", "time with time zone": "timetz",
}


@dataclass(frozen=True)
class Column:
    name: str
    type: str  # format_type(), e.g. "text[]", "numeric(7,2)"
    base: str  # pg_type.typname of the column's type (arrays: "_text")
    nullable: bool
    has_default: bool
    description: str | None = None


@dataclass
class Table:
    schema: str
    name: str
    kind: str  # r, v, m, f, p
    columns: dict[str, Column]
    pk: tuple[str, ...]
    uniques: tuple[tuple[str, ...], ...]
    visible_to: frozenset[str]
    description: str | None = None
    computed: dict[str, Function] = field(default_factory=dict)


@dataclass(frozen=True)
class ForeignKey:
    name: str
    table: tuple[str, str]
    columns: tuple[str, ...]
    target: tuple[str, str]
    target_columns: tuple[str, ...]


@dataclass(frozen=True)
class Arg:
    name: str
    type: str
    mode: str  # i, o, b, v, t
    has_default: bool


@dataclass(frozen=True)
class Function:
    schema: str
    name: str
    args: tuple[Arg, ...]
    returns_set: bool
    return_type: str
    return_kind: str  # scalar | composite | void
    return_table: tuple[str, str] | None
    out_columns: tuple[Arg, ...]
    volatility: str  # i, s, v
    visible_to: frozenset[str]
    rows: float = 0  # prorows: the planner's estimate; `rows 1` makes a set-returning function embed as one row
    description: str | None = None

    @property
    def inputs(self) -> tuple[Arg, ...]:
        return tuple(a for a in self.args if a.mode in ("i", "b", "v"))

    @property
    def callable(self) -> bool:
        """PostgREST's rule for /rpc: no unnamed parameter, or one, of a type a raw body can fill."""
        unnamed = sum(1 for a in self.inputs if not a.name)
        return unnamed == 0 or (unnamed == 1 and self.inputs[0].type in RAW_BODY_TYPES)


@dataclass
class SchemaCache:
    schemas: tuple[str, ...]
    tables: dict[tuple[str, str], Table]
    foreign_keys: list[ForeignKey]
    functions: dict[tuple[str, str], list[Function]]
    types: dict[str, tuple[str, str]]  # cast spelling → (schema, typname)

    def table(self, schema: str, name: str) -> Table | None:
        return self.tables.get((schema, name))

    def cast_type(self, spelled: str) -> tuple[str, str, bool] | None:
        """(schema, typname, is_array) for a cast the caller wrote, or None when no such type exists."""
        is_array = spelled.endswith("[]")
        name = " ".join(spelled.removesuffix("[]").lower().split())
        found = self.types.get(TYPE_ALIASES.get(name, name))
        return (found[0], found[1], is_array) if found else None


_TABLES = """
select n.nspname, c.relname, c.relkind::text, obj_description(c.oid, 'pg_class'),
  array(select r from unnest(%(roles)s::text[]) r
        where has_table_privilege(r, c.oid, 'SELECT,INSERT,UPDATE,DELETE')),
  coalesce((select json_agg(json_build_array(a.attname, format_type(a.atttypid, a.atttypmod), t.typname,
                                             not a.attnotnull, a.atthasdef or a.attidentity <> '' or a.attgenerated <> '',
                                             col_description(c.oid, a.attnum)) order by a.attnum)
            from pg_attribute a join pg_type t on t.oid = a.atttypid
            where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped), '[]'),
  coalesce((select json_agg(json_build_array(k.contype,
              (select json_agg(a.attname order by u.ord) from unnest(k.conkey) with ordinality u(num, ord)
               join pg_attribute a on a.attrelid = c.oid and a.attnum = u.num)))
            from pg_constraint k where k.conrelid = c.oid and k.contype in ('p', 'u')), '[]')
from pg_class c join pg_namespace n on n.oid = c.relnamespace
where n.nspname = any(%(schemas)s) and c.relkind in ('r', 'v', 'm', 'f', 'p')
"""

_FOREIGN_KEYS = """
select k.conname, sn.nspname, s.relname, tn.nspname, t.relname,
  (select json_agg(a.attname order by u.ord) from unnest(k.conkey) with ordinality u(num, ord)
   join pg_attribute a on a.attrelid = k.conrelid and a.attnum = u.num),
  (select json_agg(a.attname order by u.ord) from unnest(k.confkey) with ordinality u(num, ord)
   join pg_attribute a on a.attrelid = k.confrelid and a.attnum = u.num)
from pg_constraint k
join pg_class s on s.oid = k.conrelid join pg_namespace sn on sn.oid = s.relnamespace
join pg_class t on t.oid = k.confrelid join pg_namespace tn on tn.oid = t.relnamespace
where k.contype = 'f' and sn.nspname not in ('pg_catalog', 'information_schema')
"""

_KEYS = """
select n.nspname, c.relname, k.contype::text,
  (select array_agg(a.attname order by u.ord) from unnest(k.conkey) with ordinality u(num, ord)
   join pg_attribute a on a.attrelid = c.oid and a.attnum = u.num)
from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_namespace n on n.oid = c.relnamespace
where k.contype in ('p', 'u') and n.nspname not in ('pg_catalog', 'information_schema')
"""

_FUNCTIONS = """
select n.nspname, p.proname, p.proretset, format_type(p.prorettype, null), rt.typtype::text,
  rc.relname, rn.nspname, p.provolatile::text,
  array(select r from unnest(%(roles)s::text[]) r where has_function_privilege(r, p.oid, 'EXECUTE')),
  coalesce((select json_agg(json_build_array(coalesce(p.proargnames[u.ord], ''), format_type(u.typ, null),
                                             coalesce(p.proargmodes[u.ord]::text, 'i')) order by u.ord)
            from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality u(typ, ord)), '[]'),
  p.pronargdefaults, p.prorows, obj_description(p.oid, 'pg_proc'),
  coalesce((select json_agg(json_build_array(a.attname, format_type(a.atttypid, a.atttypmod)) order by a.attnum)
            from pg_attribute a where a.attrelid = rt.typrelid and a.attnum > 0 and not a.attisdropped), '[]')
from pg_proc p join pg_namespace n on n.oid = p.pronamespace
join pg_type rt on rt.oid = p.prorettype
left join pg_class rc on rc.oid = rt.typrelid left join pg_namespace rn on rn.oid = rc.relnamespace
where n.nspname = any(%(schemas)s) and p.prokind = 'f' and p.prorettype <> 'trigger'::regtype
"""

_TYPES = """
select n.nspname, t.typname from pg_type t join pg_namespace n on n.oid = t.typnamespace
where (n.nspname = 'pg_catalog' or n.nspname = any(%(schemas)s)) and t.typtype in ('b', 'c', 'd', 'e', 'r', 'm')
  and t.typname !~ '^_' and t.typname !~ '^pg_'
"""


async def load(conn: psycopg.AsyncConnection, schemas: tuple[str, ...]) -> SchemaCache:
    params = {"schemas": list(schemas), "roles": sorted(API_ROLES)}
    tables: dict[tuple[str, str], Table] = {}
    for schema, name, kind, comment, roles, columns, keys in await (await conn.execute(_TABLES, params)).fetchall():
        pk = next((tuple(cols) for kind_, cols in keys if kind_ == "p"), ())
        uniques = tuple(tuple(cols) for kind_, cols in keys if kind_ == "u")
        tables[(schema, name)] = Table(
            schema, name, kind,
            {c[0]: Column(c[0], c[1], c[2], c[3], c[4], c[5]) for c in columns},
            pk, uniques, frozenset(roles), comment,
        )
    foreign_keys = [
        ForeignKey(name, (s, t), tuple(cols), (ts, tt), tuple(tcols))
        for name, s, t, ts, tt, cols, tcols in await (await conn.execute(_FOREIGN_KEYS, params)).fetchall()
    ]
    functions: dict[tuple[str, str], list[Function]] = {}
    for row in await (await conn.execute(_FUNCTIONS, params)).fetchall():
        function = _function(*row)
        functions.setdefault((function.schema, function.name), []).append(function)
    types = {}
    for schema, name in await (await conn.execute(_TYPES, params)).fetchall():
        if schema == "pg_catalog" or name not in types:
            types[name] = (schema, name)
    # Keys of private tables count too: exposed views over them take those keys on (as in PostgREST).
    shown_by = _shown_by(await view_column_origins(conn, schemas))
    foreign_keys += _view_foreign_keys(shown_by, foreign_keys)
    _attach_view_keys(tables, shown_by, await (await conn.execute(_KEYS)).fetchall())
    foreign_keys = [fk for fk in foreign_keys if fk.table in tables and fk.target in tables]
    cache = SchemaCache(schemas, tables, foreign_keys, functions, types)
    _attach_computed_columns(cache)
    return cache


ShownBy = dict[tuple[str, str], dict[tuple[str, str], dict[str, str]]]  # table → view → table column → view column


def _shown_by(origins: dict[ColumnKey, ColumnKey]) -> ShownBy:
    shown_by: ShownBy = {}
    for (view_schema, view, column), (schema, table, base_column) in origins.items():
        by_view = shown_by.setdefault((schema, table), {}).setdefault((view_schema, view), {})
        by_view.setdefault(base_column, column)  # the first view column showing it, in attribute order
    return shown_by


def _through_views(shown_by: ShownBy, table: tuple[str, str], columns: tuple[str, ...]):
    """(view, its columns) for every view showing all of `columns` of `table`."""
    for view, shown in shown_by.get(table, {}).items():
        if all(c in shown for c in columns):
            yield view, tuple(shown[c] for c in columns)


def _view_foreign_keys(shown_by: ShownBy, foreign_keys: list[ForeignKey]) -> list[ForeignKey]:
    """Each foreign key again for every view showing all of its columns on either side (both sides may be views)."""
    from_views = [ForeignKey(fk.name, view, columns, fk.target, fk.target_columns)
                  for fk in foreign_keys for view, columns in _through_views(shown_by, fk.table, fk.columns)]
    to_views = [ForeignKey(fk.name, fk.table, fk.columns, view, columns)
                for fk in foreign_keys + from_views
                for view, columns in _through_views(shown_by, fk.target, fk.target_columns)]
    return from_views + to_views


def _attach_view_keys(tables: dict[tuple[str, str], Table], shown_by: ShownBy, keys: list[tuple]) -> None:
    """A view over one table takes that table's primary and unique keys it shows (one-to-one embeds, upserts).

    Only views drawing on a single table: in a join, a key of one side does not identify the view's rows.
    """
    sources: dict[tuple[str, str], set[tuple[str, str]]] = {}
    for table, views in shown_by.items():
        for view in views:
            sources.setdefault(view, set()).add(table)
    for schema, name, kind, columns in keys:
        for view, view_columns in _through_views(shown_by, (schema, name), tuple(columns)):
            target = tables.get(view)
            if target is None or len(sources[view]) != 1:
                continue
            if kind == "p" and not target.pk:
                target.pk = view_columns
            elif view_columns not in target.uniques:
                target.uniques += (view_columns,)


def _function(schema, name, returns_set, return_type, typtype, rel_name, rel_schema, volatility, roles, args,
              defaults, rows, description, row_columns) -> Function:
    all_args = [Arg(a[0], a[1], a[2], False) for a in args]
    inputs = [i for i, a in enumerate(all_args) if a.mode in ("i", "b", "v")]
    for index in inputs[len(inputs) - defaults:] if defaults else []:
        arg = all_args[index]
        all_args[index] = Arg(arg.name, arg.type, arg.mode, True)
    outs = tuple(a for a in all_args if a.mode in ("o", "b", "t"))
    if typtype == "c" and not outs:  # a row type, perhaps of a schema not exposed (pgmq.message_record)
        outs = tuple(Arg(column, type_, "o", False) for column, type_ in row_columns)
    if return_type == "void":
        kind = "void"
    elif typtype == "c" or (return_type == "record" and outs):
        kind = "composite"
    else:
        kind = "scalar"
    return Function(schema, name, tuple(all_args), returns_set, return_type, kind,
                    (rel_schema, rel_name) if rel_name else None, outs, volatility, frozenset(roles), rows,
                    description)


def _attach_computed_columns(cache: SchemaCache) -> None:
    """A function taking one row of a table and returning a scalar is a column of that table (PostgREST)."""
    for overloads in cache.functions.values():
        for function in overloads:
            inputs = function.inputs
            if len(inputs) != 1 or function.return_kind != "scalar" or function.returns_set:
                continue
            table = _row_type_table(cache, inputs[0].type)
            if table is not None and function.name not in table.columns:
                table.computed[function.name] = function


def _row_type_table(cache: SchemaCache, type_name: str) -> Table | None:
    schema, _, name = type_name.rpartition(".")
    for candidate in ((schema, name),) if schema else [(s, name) for s in cache.schemas]:
        if candidate in cache.tables:
            return cache.tables[candidate]
    return None


def row_type_table(cache: SchemaCache, type_name: str) -> Table | None:
    return _row_type_table(cache, type_name.strip('"'))
