"""`gateway gen types python`: the exposed schemas' tables, views and enums as TypedDicts and Literals."""

from __future__ import annotations

import json
import keyword

from gateway.cli.typegen.catalog import Catalog, Row
from gateway.cli.typegen.typescript_types import NUMBERS, STRINGS

PY_INTEGERS = {"int2", "int4", "int8", "oid"}
PY_SCALARS = {"bool": "bool", "json": "Json", "jsonb": "Json", "void": "None", "record": "dict[str, Any]"}


def python(catalog: Catalog) -> str:
    enums = {(t["schema"], t["name"]) for t in catalog.types
             if t["enums"] and t["schema"] in {s["name"] for s in catalog.schemas}}
    out = ['"""Types of the exposed schemas, written by `gateway gen types --lang python`."""', "",
           "from typing import Any, Literal, NotRequired, TypedDict, Union",
           "", "Json = Union[str, int, float, bool, None, dict[str, Any], list[Any]]", ""]
    for schema in catalog.schemas:
        prefix = _prefix(schema["name"])
        for type_ in catalog.types:
            if (type_["schema"], type_["name"]) in enums and type_["schema"] == schema["name"]:
                values = ", ".join(json.dumps(v) for v in type_["enums"])
                out += [f"{prefix}{_pascal(type_['name'])} = Literal[{values}]", ""]
        for relation in catalog.relations:
            if relation["schema"] == schema["name"]:
                columns = [c for c in catalog.columns if c["table_id"] == relation["id"]]
                out += _relation(relation, columns, enums, prefix)
    return "\n".join(out).rstrip() + "\n"


def _relation(relation: Row, columns: list[Row], enums: set[tuple[str, str]], prefix: str) -> list[str]:
    table = relation["kind"] in ("table", "foreign_table")
    shapes = ["Row"] + [shape for shape, enabled in (("Insert", relation["is_insert_enabled"]),
                                                     ("Update", relation["is_update_enabled"])) if table or enabled]
    out = []
    for shape in shapes:
        fields = []
        for column in columns:
            if shape != "Row" and (column["is_identity_always"] or column["is_generated"]):
                continue
            py = _py_type(column, enums)
            optional = shape == "Update" or (shape == "Insert" and (
                column["has_default"] or column["is_identity"] or column["is_nullable"]))
            fields.append((column["name"], f"NotRequired[{py}]" if optional else py))
        out += _typed_dict(f"{prefix}{_pascal(relation['name'])}{shape}", fields)
    return out


def _typed_dict(name: str, fields: list[tuple[str, str]]) -> list[str]:
    if all(key.isidentifier() and not keyword.iskeyword(key) for key, _ in fields):
        body = [f"    {key}: {py}" for key, py in fields] or ["    pass"]
        return [f"class {name}(TypedDict):", *body, "", ""]
    # A column whose name is no Python identifier needs TypedDict's call syntax.
    body = [f"    {json.dumps(key)}: {py}," for key, py in fields]
    return [f"{name} = TypedDict({json.dumps(name)}, {{", *body, "})", "", ""]


def _py_type(column: Row, enums: set[tuple[str, str]]) -> str:
    format_ = column["format"]
    element = format_[1:] if format_.startswith("_") else format_
    if element in PY_INTEGERS:
        base = "int"
    elif element in NUMBERS:
        base = "float"
    elif element in STRINGS:
        base = "str"
    elif (column["type_schema"], element) in enums:
        base = f"{_prefix(column['type_schema'])}{_pascal(element)}"
    else:
        base = PY_SCALARS.get(element, "Any")
    if format_.startswith("_"):
        base = f"list[{base}]"
    return f"{base} | None" if column["is_nullable"] else base


def _prefix(schema: str) -> str:
    return "" if schema == "public" else _pascal(schema)


def _pascal(name: str) -> str:
    return "".join(part[:1].upper() + part[1:] for part in name.replace("-", "_").split("_"))
