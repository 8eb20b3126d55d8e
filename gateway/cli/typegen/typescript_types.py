"""A PostgreSQL type as postgres-meta's TypeScript template names it (`pgTypeToTsType`)."""

from __future__ import annotations

from gateway.cli.typegen.catalog import Catalog, Row
from gateway.cli.typegen.layout import ArrayOf, Node, string, union

NUMBERS = {"int2", "int4", "int8", "float4", "float8", "numeric"}
STRINGS = {"bytea", "bpchar", "varchar", "date", "text", "citext", "time", "timetz", "timestamp", "timestamptz",
           "uuid", "vector", "interval"}
RELATION_KINDS = (("Tables", "table"), ("Tables", "foreign_table"), ("Views", "view"), ("Views", "materialized_view"))


class TypeResolver:
    def __init__(self, catalog: Catalog) -> None:
        self.catalog = catalog
        self.schema_names = {schema["name"] for schema in catalog.schemas}
        self.by_id = {type_["id"]: type_ for type_ in catalog.types}
        self._relation_types = {type_["id"]: type_ for type_ in catalog.types if type_["type_relation_id"]}

    def relation_type(self, type_id: int) -> Row | None:
        """The row type of a table, view or composite type, by its type's id."""
        return self._relation_types.get(type_id)

    def nullable(self, ts: Node, is_nullable: bool) -> Node:
        if ts == "Json" and not is_nullable:
            return "NonNullable<Json>"  # the Json type includes null, which a NOT NULL column never holds
        if ts in ("unknown", "any") or not is_nullable:
            return ts
        return union([ts, "null"])

    def ts_type(self, schema: str, pg_type: str, type_schema: str | None = None) -> Node:
        if pg_type == "bool":
            return "boolean"
        if pg_type in NUMBERS:
            return "number"
        if pg_type in STRINGS:
            return "string"
        if pg_type in ("json", "jsonb"):
            return "Json"
        if pg_type == "void":
            return "undefined"
        if pg_type == "record":
            return "Record<string, unknown>"
        if pg_type.startswith("_"):
            return ArrayOf(self.ts_type(schema, pg_type[1:], type_schema))
        preferred = type_schema or schema
        enums = [t for t in self.catalog.types if t["name"] == pg_type and t["enums"]]
        if enums:
            enum = next((t for t in enums if t["schema"] == preferred), enums[0])
            if enum["schema"] in self.schema_names:
                return f"Database[{string(enum['schema'])}][\"Enums\"][{string(enum['name'])}]"
            return union([string(value) for value in enum["enums"]])
        composites = [t for t in self.catalog.types if t["name"] == pg_type and t["attributes"]]
        if composites:
            composite = next((t for t in composites if t["schema"] == preferred), composites[0])
            if composite["schema"] in self.schema_names:
                return f"Database[{string(composite['schema'])}][\"CompositeTypes\"][{string(composite['name'])}]"
            return "unknown"
        found = self._relation(pg_type, preferred) or self._relation(pg_type, None)
        if found is None:
            return "unknown"
        section, relation = found
        if relation["schema"] not in self.schema_names:
            return "unknown"
        return f"Database[{string(relation['schema'])}][\"{section}\"][{string(relation['name'])}][\"Row\"]"

    def _relation(self, name: str, schema: str | None) -> tuple[str, Row] | None:
        for section, kind in RELATION_KINDS:
            for relation in self.catalog.relations:
                if relation["kind"] == kind and relation["name"] == name and schema in (None, relation["schema"]):
                    return section, relation
        return None
