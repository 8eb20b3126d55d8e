"""`gateway gen types`: the exposed schemas as TypeScript (the shape `supabase gen types typescript` writes, for
`createClient<Database>()`) or as Python TypedDicts, read from PostgreSQL's catalog."""

from __future__ import annotations

import json
from dataclasses import dataclass, field

import psycopg

TS_SCALARS = {
    "bool": "boolean",
    "int2": "number", "int4": "number", "int8": "number", "float4": "number", "float8": "number",
    "numeric": "number", "oid": "number",
    "json": "Json", "jsonb": "Json",
    "void": "undefined", "record": "Record<string, unknown>",
}
TS_STRINGS = {"text", "varchar", "bpchar", "char", "name", "uuid", "date", "time", "timetz", "timestamp",
              "timestamptz", "interval", "bytea", "inet", "cidr", "macaddr", "citext", "money", "tsvector", "xml",
              "bit", "varbit", "regclass"}
PY_SCALARS = {"boolean": "bool", "number": "float", "string": "str", "Json": "Json", "undefined": "None",
              "unknown": "Any", "Record<string, unknown>": "dict[str, Any]"}
PY_INTEGERS = {"int2", "int4", "int8", "oid"}


@dataclass
class Column:
    name: str
    type_name: str
    type_schema: str
    is_array: bool
    nullable: bool
    optional_on_insert: bool
    writable: bool


@dataclass
class Relation:
    name: str
    kind: str  # 'table' or 'view'
    columns: list[Column] = field(default_factory=list)
    relationships: list[dict] = field(default_factory=list)
    updatable: bool = True


@dataclass
class Function:
    name: str
    args: list[tuple[str, str, str, bool, bool]]  # name, type, type schema, is_array, has_default
    returns: tuple[str, str, bool]
    returns_set: bool
    returns_table: list[Column] | None


@dataclass
class SchemaTypes:
    name: str
    relations: list[Relation]
    functions: list[Function]
    enums: dict[str, list[str]]
    composites: dict[str, list[Column]]


COLUMNS_SQL = """
select c.relname, case when c.relkind in ('r', 'p', 'f') then 'table' else 'view' end,
       a.attname, t.typname, tn.nspname, t.typcategory = 'A', et.typname, etn.nspname,
       not a.attnotnull or c.relkind in ('v', 'm'),
       a.atthasdef or a.attidentity <> '' or a.attgenerated <> '' or not a.attnotnull,
       a.attgenerated = '' and a.attidentity <> 'a',
       c.relkind in ('r', 'p') or pg_relation_is_updatable(c.oid::regclass, false) & 20 = 20
from pg_class c
join pg_namespace n on n.oid = c.relnamespace
join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
join pg_type t on t.oid = a.atttypid
join pg_namespace tn on tn.oid = t.typnamespace
left join pg_type et on et.oid = t.typelem and t.typcategory = 'A'
left join pg_namespace etn on etn.oid = et.typnamespace
where n.nspname = %s and c.relkind in ('r', 'p', 'f', 'v', 'm')
order by c.relname, a.attnum
"""

RELATIONSHIPS_SQL = """
select c.conname, src.relname, array(select attname from unnest(c.conkey) with ordinality k(num, i)
                                     join pg_attribute on attrelid = c.conrelid and attnum = k.num order by k.i),
       dst.relname, dstn.nspname,
       array(select attname from unnest(c.confkey) with ordinality k(num, i)
             join pg_attribute on attrelid = c.confrelid and attnum = k.num order by k.i),
       exists (select 1 from pg_index i where i.indrelid = c.conrelid and i.indisunique
               and (select array_agg(x order by x) from unnest(i.indkey::int2[]) x)
                   = (select array_agg(x order by x) from unnest(c.conkey) x))
from pg_constraint c
join pg_class src on src.oid = c.conrelid
join pg_namespace n on n.oid = src.relnamespace
join pg_class dst on dst.oid = c.confrelid
join pg_namespace dstn on dstn.oid = dst.relnamespace
where c.contype = 'f' and n.nspname = %s
order by src.relname, c.conname
"""

ENUMS_SQL = """
select t.typname, array_agg(e.enumlabel order by e.enumsortorder)
from pg_type t join pg_enum e on e.enumtypid = t.oid join pg_namespace n on n.oid = t.typnamespace
where n.nspname = %s group by t.typname order by t.typname
"""

FUNCTIONS_SQL = """
select p.proname, coalesce(p.proargnames, '{}'), coalesce(p.proargmodes::text[], '{}'),
       array(select format_type(x, null) from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) x),
       array(select t.typname from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality x(oid, i)
             join pg_type t on t.oid = x.oid order by x.i),
       array(select tn.nspname from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality x(oid, i)
             join pg_type t on t.oid = x.oid join pg_namespace tn on tn.oid = t.typnamespace order by x.i),
       p.pronargdefaults, rt.typname, rtn.nspname, rt.typcategory = 'A', p.proretset, rt.typrelid <> 0,
       (select relname from pg_class where oid = rt.typrelid)
from pg_proc p
join pg_namespace n on n.oid = p.pronamespace
join pg_type rt on rt.oid = p.prorettype
join pg_namespace rtn on rtn.oid = rt.typnamespace
where n.nspname = %s and p.prokind = 'f' and rt.typname not in ('trigger', 'event_trigger')
order by p.proname
"""


def read_schema(conn: psycopg.Connection, schema: str) -> SchemaTypes:
    relations: dict[str, Relation] = {}
    for (rel, kind, col, typ, typ_schema, is_array, elem, elem_schema, nullable, optional, writable,
         updatable) in conn.execute(COLUMNS_SQL, (schema,)):
        relation = relations.setdefault(rel, Relation(rel, kind, updatable=updatable))
        relation.columns.append(Column(col, elem if is_array else typ, elem_schema if is_array else typ_schema,
                                       is_array, nullable, optional, writable))
    for name, src, cols, dst, dst_schema, ref_cols, one_to_one in conn.execute(RELATIONSHIPS_SQL, (schema,)):
        if src in relations and dst_schema == schema:  # as supabase gen types: relations within the schema
            relations[src].relationships.append({
                "foreignKeyName": name, "columns": list(cols), "isOneToOne": one_to_one,
                "referencedRelation": dst, "referencedColumns": list(ref_cols),
            })
    enums = {name: list(labels) for name, labels in conn.execute(ENUMS_SQL, (schema,))}
    composites = {name: rel.columns for name, rel in _composites(conn, schema).items()}
    functions = [_function(row) for row in conn.execute(FUNCTIONS_SQL, (schema,))]
    return SchemaTypes(schema, list(relations.values()), functions, enums, composites)


def _composites(conn: psycopg.Connection, schema: str) -> dict[str, Relation]:
    found: dict[str, Relation] = {}
    rows = conn.execute(
        "select c.relname, a.attname, t.typname, tn.nspname from pg_class c"
        " join pg_namespace n on n.oid = c.relnamespace"
        " join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped"
        " join pg_type t on t.oid = a.atttypid join pg_namespace tn on tn.oid = t.typnamespace"
        " where n.nspname = %s and c.relkind = 'c' order by c.relname, a.attnum", (schema,))
    for rel, col, typ, typ_schema in rows:
        found.setdefault(rel, Relation(rel, "composite")).columns.append(
            Column(col, typ, typ_schema, False, True, True, True))
    return found


def _function(row) -> Function:
    (name, arg_names, modes, _formatted, arg_types, arg_schemas, n_defaults, ret, ret_schema, ret_array,
     returns_set, returns_row, ret_relation) = row
    modes = modes or ["i"] * len(arg_types)
    inputs = [(arg_names[i] if i < len(arg_names) else "", arg_types[i], arg_schemas[i])
              for i, mode in enumerate(modes) if mode in ("i", "b", "v")]
    outputs = [Column(arg_names[i], arg_types[i], arg_schemas[i], arg_types[i].startswith("_"), True, True, True)
               for i, mode in enumerate(modes) if mode == "t"]
    args = [(arg, typ.lstrip("_"), schema, typ.startswith("_"), i >= len(inputs) - n_defaults)
            for i, (arg, typ, schema) in enumerate(inputs)]
    return Function(name, args, (ret.lstrip("_"), ret_schema, ret_array), returns_set, outputs or None)


def _ts_type(type_name: str, type_schema: str, is_array: bool, schemas: dict[str, SchemaTypes]) -> str:
    if type_name in TS_SCALARS:
        base = TS_SCALARS[type_name]
    elif type_name in TS_STRINGS or type_name.startswith("timestamp"):
        base = "string"
    elif type_schema in schemas and type_name in schemas[type_schema].enums:
        base = f'Database["{type_schema}"]["Enums"]["{type_name}"]'
    elif type_schema in schemas and type_name in schemas[type_schema].composites:
        base = f'Database["{type_schema}"]["CompositeTypes"]["{type_name}"]'
    else:
        base = "unknown"
    return f"{base}[]" if is_array else base


def _ts_key(name: str) -> str:
    return name if name.isidentifier() else json.dumps(name)


def typescript(schemas: list[SchemaTypes]) -> str:
    by_name = {schema.name: schema for schema in schemas}
    out = ["export type Json =", "  | string", "  | number", "  | boolean", "  | null",
           "  | { [key: string]: Json | undefined }", "  | Json[]", "", "export type Database = {"]
    for schema in schemas:
        out.append(f"  {_ts_key(schema.name)}: {{")
        for section, kind in (("Tables", "table"), ("Views", "view")):
            relations = [r for r in schema.relations if r.kind == kind]
            if not relations:
                out.append(f"    {section}: {{\n      [_ in never]: never\n    }}")
                continue
            out.append(f"    {section}: {{")
            for relation in relations:
                out.append(f"      {_ts_key(relation.name)}: {{")
                out += _ts_row_shapes(relation, by_name)
                out.append("        Relationships: [" if relation.relationships else "        Relationships: []")
                for rel in relation.relationships:
                    out += ["          {",
                            f"            foreignKeyName: {json.dumps(rel['foreignKeyName'])}",
                            f"            columns: {json.dumps(rel['columns'])}",
                            f"            isOneToOne: {'true' if rel['isOneToOne'] else 'false'}",
                            f"            referencedRelation: {json.dumps(rel['referencedRelation'])}",
                            f"            referencedColumns: {json.dumps(rel['referencedColumns'])}",
                            "          },"]
                if relation.relationships:
                    out.append("        ]")
                out.append("      }")
            out.append("    }")
        out += _ts_functions(schema, by_name)
        out += _ts_enums(schema)
        out += _ts_composites(schema, by_name)
        out.append("  }")
    out.append("}")
    out.append(HELPERS)
    return "\n".join(out) + "\n"


def _ts_row_shapes(relation: Relation, by_name: dict[str, SchemaTypes]) -> list[str]:
    out = []
    shapes = ("Row", "Insert", "Update") if relation.kind == "table" or relation.updatable else ("Row",)
    for shape in shapes:
        out.append(f"        {shape}: {{")
        for column in relation.columns:
            if shape != "Row" and not column.writable:
                out.append(f"          {_ts_key(column.name)}?: never")
                continue
            ts = _ts_type(column.type_name, column.type_schema, column.is_array, by_name)
            if column.nullable:
                ts += " | null"
            optional = shape == "Update" or (shape == "Insert" and column.optional_on_insert)
            out.append(f"          {_ts_key(column.name)}{'?' if optional else ''}: {ts}")
        out.append("        }")
    return out


def _ts_functions(schema: SchemaTypes, by_name: dict[str, SchemaTypes]) -> list[str]:
    if not schema.functions:
        return ["    Functions: {\n      [_ in never]: never\n    }"]
    out = ["    Functions: {"]
    overloads: dict[str, list[str]] = {}
    for function in schema.functions:
        named = [a for a in function.args if a[0]]
        args = "never" if not named else "{ " + "; ".join(
            f"{_ts_key(n)}{'?' if has_default else ''}: {_ts_type(t, s, arr, by_name)}"
            for n, t, s, arr, has_default in named) + " }"
        if function.returns_table:
            returns = "{ " + "; ".join(f"{_ts_key(c.name)}: {_ts_type(c.type_name, c.type_schema, c.is_array, by_name)}"
                                       for c in function.returns_table) + " }[]"
        else:
            ret, ret_schema, ret_array = function.returns
            returns = _ts_type(ret, ret_schema, ret_array, by_name)
            if returns == "unknown" and ret in {r.name for r in schema.relations}:
                returns = f'Database["{schema.name}"]["Tables"]["{ret}"]["Row"]'
            if function.returns_set:
                returns += "[]"
        overloads.setdefault(function.name, []).append(f"{{ Args: {args}; Returns: {returns} }}")
    out += [f"      {_ts_key(name)}: {' | '.join(shapes)}" for name, shapes in overloads.items()]
    out.append("    }")
    return out


def _ts_enums(schema: SchemaTypes) -> list[str]:
    if not schema.enums:
        return ["    Enums: {\n      [_ in never]: never\n    }"]
    return (["    Enums: {"]
            + [f"      {_ts_key(name)}: {' | '.join(json.dumps(v) for v in values)}"
               for name, values in schema.enums.items()]
            + ["    }"])


def _ts_composites(schema: SchemaTypes, by_name: dict[str, SchemaTypes]) -> list[str]:
    if not schema.composites:
        return ["    CompositeTypes: {\n      [_ in never]: never\n    }"]
    out = ["    CompositeTypes: {"]
    for name, columns in schema.composites.items():
        fields = "; ".join(f"{_ts_key(c.name)}: {_ts_type(c.type_name, c.type_schema, c.is_array, by_name)} | null"
                           for c in columns)
        out.append(f"      {_ts_key(name)}: {{ {fields} }}")
    out.append("    }")
    return out


# The helper types `supabase gen types typescript` appends, for `Tables<"todos">` and friends.
HELPERS = '''
type DefaultSchema = Database[Extract<keyof Database, "public">]

export type Tables<
  DefaultSchemaTableNameOrOptions extends
    | keyof (DefaultSchema["Tables"] & DefaultSchema["Views"])
    | { schema: keyof Database },
  TableName extends DefaultSchemaTableNameOrOptions extends { schema: keyof Database }
    ? keyof (Database[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
        Database[DefaultSchemaTableNameOrOptions["schema"]]["Views"])
    : never = never,
> = DefaultSchemaTableNameOrOptions extends { schema: keyof Database }
  ? (Database[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
      Database[DefaultSchemaTableNameOrOptions["schema"]]["Views"])[TableName] extends { Row: infer R }
    ? R
    : never
  : DefaultSchemaTableNameOrOptions extends keyof (DefaultSchema["Tables"] & DefaultSchema["Views"])
    ? (DefaultSchema["Tables"] & DefaultSchema["Views"])[DefaultSchemaTableNameOrOptions] extends { Row: infer R }
      ? R
      : never
    : never

export type TablesInsert<
  DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"] | { schema: keyof Database },
  TableName extends DefaultSchemaTableNameOrOptions extends { schema: keyof Database }
    ? keyof Database[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never = never,
> = DefaultSchemaTableNameOrOptions extends { schema: keyof Database }
  ? Database[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends { Insert: infer I }
    ? I
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends { Insert: infer I }
      ? I
      : never
    : never

export type TablesUpdate<
  DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"] | { schema: keyof Database },
  TableName extends DefaultSchemaTableNameOrOptions extends { schema: keyof Database }
    ? keyof Database[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never = never,
> = DefaultSchemaTableNameOrOptions extends { schema: keyof Database }
  ? Database[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends { Update: infer U }
    ? U
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends { Update: infer U }
      ? U
      : never
    : never

export type Enums<
  DefaultSchemaEnumNameOrOptions extends keyof DefaultSchema["Enums"] | { schema: keyof Database },
  EnumName extends DefaultSchemaEnumNameOrOptions extends { schema: keyof Database }
    ? keyof Database[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"]
    : never = never,
> = DefaultSchemaEnumNameOrOptions extends { schema: keyof Database }
  ? Database[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"][EnumName]
  : DefaultSchemaEnumNameOrOptions extends keyof DefaultSchema["Enums"]
    ? DefaultSchema["Enums"][DefaultSchemaEnumNameOrOptions]
    : never'''


def python(schemas: list[SchemaTypes]) -> str:
    by_name = {schema.name: schema for schema in schemas}
    out = ['"""Types of the exposed schemas, written by `gateway gen types --lang python`."""', "",
           "from typing import Any, Literal, NotRequired, TypedDict, Union",
           "", "Json = Union[str, int, float, bool, None, dict[str, Any], list[Any]]", ""]
    for schema in schemas:
        prefix = "" if schema.name == "public" else _pascal(schema.name)
        for name, values in schema.enums.items():
            out += [f"{prefix}{_pascal(name)} = Literal[{', '.join(json.dumps(v) for v in values)}]", ""]
        for relation in schema.relations:
            shapes = ("Row", "Insert", "Update") if relation.kind == "table" or relation.updatable else ("Row",)
            for shape in shapes:
                out.append(f"class {prefix}{_pascal(relation.name)}{shape}(TypedDict):")
                fields = []
                for column in relation.columns:
                    if shape != "Row" and not column.writable:
                        continue
                    py = _py_type(column, by_name, prefix)
                    optional = shape == "Update" or (shape == "Insert" and column.optional_on_insert)
                    fields.append(f"    {column.name}: {f'NotRequired[{py}]' if optional else py}")
                out += (fields or ["    pass"]) + ["", ""]
    return "\n".join(out).rstrip() + "\n"


def _py_type(column: Column, by_name: dict[str, SchemaTypes], prefix: str) -> str:
    if column.type_name in PY_INTEGERS:
        base = "int"
    elif column.type_schema in by_name and column.type_name in by_name[column.type_schema].enums:
        base = f"{prefix}{_pascal(column.type_name)}"
    else:
        base = PY_SCALARS.get(_ts_type(column.type_name, column.type_schema, False, {}), "Any")
    if column.is_array:
        base = f"list[{base}]"
    return f"{base} | None" if column.nullable else base


def _pascal(name: str) -> str:
    return "".join(part[:1].upper() + part[1:] for part in name.replace("-", "_").split("_"))


def generate(url: str, schemas: list[str], lang: str) -> str:
    with psycopg.connect(url) as conn:
        read = [read_schema(conn, schema) for schema in schemas]
    return typescript(read) if lang == "typescript" else python(read)
