"""`gateway gen types typescript`: postgres-meta's TypeScript template (what `supabase gen types typescript --local`
prints) ported over the same catalog lists, written as its formatter leaves it."""

from __future__ import annotations

from dataclasses import dataclass, field

from gateway.cli.typegen.catalog import Catalog, Row
from gateway.cli.typegen.collation import collation_key
from gateway.cli.typegen.layout import ArrayOf, Intersection, Node, Obj, Tuple, key, lines, string, union
from gateway.cli.typegen.typescript_text import HELPER_TYPES, JSON_TYPE
from gateway.cli.typegen.typescript_types import TypeResolver

# json, jsonb and text: the types PostgREST passes a single unnamed argument of.
UNNAMED_ARG_TYPES = {114, 3802, 25}
INPUT_MODES = {"in", "inout", "variadic"}
NO_MEMBERS = Obj([("[_ in never]", "never")])


@dataclass
class SchemaParts:
    tables: list[Row] = field(default_factory=list)
    views: list[Row] = field(default_factory=list)
    functions: list[tuple[Row, list[Row]]] = field(default_factory=list)
    enums: list[Row] = field(default_factory=list)
    composites: list[Row] = field(default_factory=list)


def typescript(catalog: Catalog) -> str:
    return _Template(catalog).render()


class _Template:
    def __init__(self, catalog: Catalog) -> None:
        self.catalog = catalog
        self.types = TypeResolver(catalog)
        self.columns: dict[int, list[Row]] = {relation["id"]: [] for relation in catalog.relations}
        for column in catalog.columns:
            if column["table_id"] in self.columns:
                self.columns[column["table_id"]].append(column)
        self.relation_names = {relation["id"]: relation["name"] for relation in catalog.relations}
        self.parts = {schema["name"]: SchemaParts() for schema in catalog.schemas}
        for relation in catalog.relations:
            if relation["schema"] in self.parts:
                group = self.parts[relation["schema"]]
                (group.tables if relation["kind"] in ("table", "foreign_table") else group.views).append(relation)
        for type_ in catalog.types:
            if type_["schema"] in self.parts:
                if type_["enums"]:
                    self.parts[type_["schema"]].enums.append(type_)
                if type_["attributes"]:
                    self.parts[type_["schema"]].composites.append(type_)
        for function in catalog.functions:
            inputs = [arg for arg in function["args"] if arg["mode"] in INPUT_MODES]
            if function["schema"] in self.parts and self._exposed(inputs):
                self.parts[function["schema"]].functions.append((function, inputs))
        for group in self.parts.values():
            group.tables.sort(key=lambda r: collation_key(r["name"]))
            group.views.sort(key=lambda r: collation_key(r["name"]))

    def _exposed(self, inputs: list[Row]) -> bool:
        """Whether PostgREST can call the function: its arguments named, or one unnamed json, jsonb, text or row."""
        return (not inputs or all(arg["name"] for arg in inputs)
                or all(arg["name"] or (arg["has_default"] and arg["type_id"] in UNNAMED_ARG_TYPES) for arg in inputs)
                or (len(inputs) == 1 and (inputs[0]["type_id"] in UNNAMED_ARG_TYPES
                                          or self.types.relation_type(inputs[0]["type_id"]) is not None)))

    def render(self) -> str:
        database = Obj([(key(schema["name"]), self._schema(schema["name"])) for schema in self.catalog.schemas])
        constants = Obj([(key(schema["name"]), Obj([("Enums", Obj(
            [(key(enum["name"]), Tuple([string(v) for v in enum["enums"]]))
             for enum in self.parts[schema["name"]].enums], separator=","))], separator=","))
            for schema in self.catalog.schemas], separator=",")
        # The trailing empty line is console.log's newline after the formatted text, as the CLI prints it.
        return "\n".join([JSON_TYPE, "", *lines(database, 0, "export type Database = "), "", HELPER_TYPES, "",
                          *lines(constants, 0, "export const Constants = ", " as const"), "", ""])

    def _schema(self, schema: str) -> Obj:
        group = self.parts[schema]
        return Obj([
            ("Tables", Obj([(key(t["name"]), self._table(schema, t)) for t in group.tables]) if group.tables
             else NO_MEMBERS),
            ("Views", Obj([(key(v["name"]), self._view(schema, v)) for v in group.views]) if group.views
             else NO_MEMBERS),
            ("Functions", self._functions(schema, group.functions) if group.functions else NO_MEMBERS),
            ("Enums", Obj([(key(e["name"]), union([string(v) for v in e["enums"]])) for e in group.enums])
             if group.enums else NO_MEMBERS),
            ("CompositeTypes", Obj([(key(c["name"]), self._composite(schema, c)) for c in group.composites])
             if group.composites else NO_MEMBERS),
        ])

    def _column(self, schema: str, column: Row, nullable: bool, optional: bool) -> tuple[str, Node]:
        ts = self.types.ts_type(schema, column["format"], column["type_schema"])
        return key(column["name"], optional), self.types.nullable(ts, nullable)

    def _row(self, schema: str, relation: Row) -> Obj:
        computed = [(key(fn["name"]), self.types.nullable(self._returns(schema, fn), True))
                    for fn, inputs in self.parts[schema].functions if self._computed_field_of(fn, inputs, relation)]
        return Obj([*(self._column(schema, c, c["is_nullable"], False) for c in self.columns[relation["id"]]),
                    *computed])

    def _computed_field_of(self, fn: Row, inputs: list[Row], relation: Row) -> bool:
        if len(inputs) == 1:
            arg_type = self.types.relation_type(inputs[0]["type_id"])
            if arg_type is not None:
                return bool(arg_type["type_relation_id"] == relation["id"])
        return bool(fn["argument_types"] == relation["name"])

    def _table(self, schema: str, table: Row) -> Obj:
        def writable(optional_for: str) -> Obj:
            members: list[tuple[str, Node]] = []
            for column in self.columns[table["id"]]:
                if column["is_identity_always"] or column["is_generated"]:
                    members.append((key(column["name"], True), "never"))
                    continue
                optional = (optional_for == "Update" or column["is_nullable"] or column["is_identity"]
                            or column["has_default"])
                members.append(self._column(schema, column, column["is_nullable"], optional))
            return Obj(members)

        return Obj([("Row", self._row(schema, table)), ("Insert", writable("Insert")), ("Update", writable("Update")),
                    ("Relationships", self._relationships(table))])

    def _view(self, schema: str, view: Row) -> Obj:
        def writable() -> Obj:
            return Obj([(key(c["name"], True), "never") if not c["is_updatable"]
                        else self._column(schema, c, True, True) for c in self.columns[view["id"]]])

        members: list[tuple[str, Node]] = [("Row", self._row(schema, view))]
        if view["is_insert_enabled"]:
            members.append(("Insert", writable()))
        if view["is_update_enabled"]:
            members.append(("Update", writable()))
        return Obj([*members, ("Relationships", self._relationships(view))])

    def _relationships(self, relation: Row) -> Tuple:
        return Tuple([
            Obj([("foreignKeyName", string(r["foreign_key_name"])),
                 ("columns", Tuple([string(c) for c in r["columns"]])),
                 ("isOneToOne", "true" if r["is_one_to_one"] else "false"),
                 ("referencedRelation", string(r["referenced_relation"])),
                 ("referencedColumns", Tuple([string(c) for c in r["referenced_columns"]]))])
            for r in self.catalog.relationships
            if (r["schema"], r["relation"], r["referenced_schema"])
            == (relation["schema"], relation["name"], relation["schema"])])

    def _composite(self, schema: str, composite: Row) -> Obj:
        members: list[tuple[str, Node]] = []
        for attribute in composite["attributes"]:
            type_ = self.types.by_id.get(attribute["type_id"])
            ts: Node = "unknown" if type_ is None else self.types.nullable(
                self.types.ts_type(schema, type_["name"], type_["schema"]), True)
            members.append((key(attribute["name"]), ts))
        return Obj(members)

    def _functions(self, schema: str, functions: list[tuple[Row, list[Row]]]) -> Obj:
        overloads: dict[str, list[tuple[Row, list[Row]]]] = {}
        for fn, inputs in functions:
            overloads.setdefault(fn["name"], []).append((fn, inputs))
        members: list[tuple[str, Node]] = []
        for name, group in overloads.items():
            group.sort(key=lambda f: (collation_key(f[0]["argument_types"]), collation_key(f[0]["return_type"])))
            members.append((key(name), union([self._signature(schema, fn, inputs, group) for fn, inputs in group])))
        return Obj(members)

    def _signature(self, schema: str, fn: Row, inputs: list[Row], group: list[tuple[Row, list[Row]]]) -> Obj:
        args: Node = "Record<PropertyKey, never>"
        if inputs:
            args = Obj([(key(arg["name"], bool(arg["has_default"])), self._arg_type(schema, arg)) for arg in inputs],
                       expanded=False)
        returns: Node = self._returns(schema, fn)
        error = self._conflict(schema, fn, inputs, group) or self._table_row_error(schema, fn, inputs)
        if error:
            returns = Intersection(Obj([("error", "true")], expanded=False), string(error))
        members: list[tuple[str, Node]] = [("Args", args), *self._returns_members(fn, returns)]
        return Obj(members, expanded=False)

    def _arg_type(self, schema: str, arg: Row) -> Node:
        type_ = self.types.by_id.get(arg["type_id"])
        return "unknown" if type_ is None else self.types.ts_type(schema, type_["name"], type_["schema"])

    def _returns(self, schema: str, fn: Row) -> Node:
        table_args = [arg for arg in fn["args"] if arg["mode"] == "table"]
        if table_args:
            return Obj([(key(arg["name"]), self._arg_type(schema, arg)) for arg in table_args])
        group = self.parts.get(schema)
        relation = next((r for r in (group.tables + group.views if group else [])
                         if r["id"] == fn["return_type_relation_id"]), None)
        if relation is not None:
            return Obj([self._column(schema, c, c["is_nullable"], False) for c in self.columns[relation["id"]]])
        type_ = self.types.by_id.get(fn["return_type_id"])
        return "unknown" if type_ is None else self.types.ts_type(schema, type_["name"], type_["schema"])

    def _returned_relation_name(self, fn: Row) -> str | None:
        if not fn["return_type_relation_id"]:
            return None
        if fn["return_type_relation_id"] in self.relation_names:
            return self.relation_names[fn["return_type_relation_id"]]
        row_type = self.types.relation_type(fn["return_type_id"])
        return None if row_type is None else row_type["name"]

    def _returns_members(self, fn: Row, returns: Node) -> list[tuple[str, Node]]:
        """`Returns`, and `SetofOptions` when the result is rows of a relation that the client can select from."""
        target = self._returned_relation_name(fn)
        set_of_table = fn["is_set_returning_function"] and fn["return_type_relation_id"] is not None
        many = fn["prorows"] is not None and fn["prorows"] > 1
        setof: tuple[str, str, bool, bool] | None = None
        if target:
            setof = ("*", target, not many, fn["is_set_returning_function"])
        if len(fn["args"]) == 1 and target:
            source = self.types.relation_type(fn["args"][0]["type_id"])
            if source is not None:
                setof = (source["format"], target, not many, True) if set_of_table else \
                    (source["format"], target, True, False)
        # One row of a relation is typed as one row only where SetofOptions tells the client so.
        if fn["is_set_returning_function"] and (many or target is None):
            returns = ArrayOf(returns)
        members: list[tuple[str, Node]] = [("Returns", returns)]
        if setof:
            members.append(("SetofOptions", Obj([
                ("from", string(setof[0])), ("to", string(setof[1])),
                ("isOneToOne", _boolean(setof[2])), ("isSetofReturn", _boolean(setof[3]))])))
        return members

    def _table_row_error(self, schema: str, fn: Row, inputs: list[Row]) -> str | None:
        if (len(inputs) == 1 and not inputs[0]["name"] and self.types.relation_type(inputs[0]["type_id"])
                and not self._returned_relation_name(fn)):
            return (f"the function {schema}.{fn['name']} with parameter or with a single unnamed json/jsonb "
                    "parameter, but no matches were found in the schema cache")
        return None

    def _conflict(self, schema: str, fn: Row, inputs: list[Row], group: list[tuple[Row, list[Row]]]) -> str | None:
        """PostgREST's ambiguous overloads, which postgres-meta types as an error."""
        if len(group) <= 1:
            return None
        hint = "Try renaming the parameters or the function itself in the database so function overloading can be " \
               "resolved"
        if not inputs:
            with_default = [other for other, other_inputs in group if other is not fn and len(other_inputs) == 1
                            and not other_inputs[0]["name"] and other_inputs[0]["has_default"]]
            if with_default:
                returned = self.types.by_id.get(with_default[0]["return_type_id"])
                name = returned["name"] if returned else "unknown"
                return (f"Could not choose the best candidate function between: {schema}.{fn['name']}(), "
                        f"{schema}.{fn['name']}( => {name}). {hint}")
        if len(inputs) == 1 and inputs[0]["name"]:
            others = [(other, other_inputs) for other, other_inputs in group if other is not fn
                      and len(other_inputs) == 1 and other_inputs[0]["name"] == inputs[0]["name"]
                      and other_inputs[0]["type_id"] != inputs[0]["type_id"]]
            if others:
                candidates = sorted([(fn, inputs), *others], key=lambda f: f[1][0]["type_id"] if f[1] else 0)
                listed = ", ".join(
                    f"{schema}.{fn['name']}(" + ", ".join(
                        f"{arg['name']} => {self._type_name(arg['type_id'])}" for arg in candidate_inputs) + ")"
                    for _, candidate_inputs in candidates)
                return f"Could not choose the best candidate function between: {listed}. {hint}"
        return None

    def _type_name(self, type_id: int) -> str:
        type_ = self.types.by_id.get(type_id)
        return type_["name"] if type_ else "unknown"


def _boolean(value: bool) -> str:
    return "true" if value else "false"
