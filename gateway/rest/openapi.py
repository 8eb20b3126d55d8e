"""GET /rest/v1/: an OpenAPI 2.0 description of the tables and functions the caller's role can use (PostgREST)."""

from __future__ import annotations

import json

from starlette.responses import Response

from gateway.rest.schema_cache import Column, SchemaCache

_JSON_TYPES = {
    "int2": ("integer", "int16"), "int4": ("integer", "int32"), "int8": ("integer", "int64"),
    "float4": ("number", "float"), "float8": ("number", "double"), "numeric": ("number", None),
    "bool": ("boolean", None), "json": ("object", None), "jsonb": ("object", None),
}


def _property(column: Column) -> dict:
    if column.base.startswith("_"):
        return {"type": "array", "items": {"type": "string"}, "format": column.type}
    kind, _ = _JSON_TYPES.get(column.base, ("string", None))
    prop = {"type": kind, "format": column.type}
    if column.description:
        prop["description"] = column.description
    return prop


# Shared parameters, named as in PostgREST's own document so generators that read it find the same references.
PARAMETERS = {
    "select": {"name": "select", "in": "query", "type": "string", "description": "Columns and embedded resources"},
    "order": {"name": "order", "in": "query", "type": "string", "description": "Ordering"},
    "offset": {"name": "offset", "in": "query", "type": "string", "description": "Rows to skip"},
    "limit": {"name": "limit", "in": "query", "type": "string", "description": "Rows to return"},
    "range": {"name": "Range", "in": "header", "type": "string", "description": "Limiting and pagination"},
    "rangeUnit": {"name": "Range-Unit", "in": "header", "type": "string", "default": "items"},
    "on_conflict": {"name": "on_conflict", "in": "query", "type": "string", "description": "Upsert target"},
    "columns": {"name": "columns", "in": "query", "type": "string", "description": "Columns to insert"},
    "preferCount": {"name": "Prefer", "in": "header", "type": "string", "enum": ["count=none"]},
    "preferParams": {"name": "Prefer", "in": "header", "type": "string", "enum": ["params=single-object"]},
    "preferReturn": {"name": "Prefer", "in": "header", "type": "string",
                     "enum": ["return=representation", "return=minimal", "return=none"]},
    "preferPost": {"name": "Prefer", "in": "header", "type": "string",
                   "enum": ["return=representation", "return=minimal", "return=none",
                            "resolution=ignore-duplicates", "resolution=merge-duplicates"]},
}


def _ref(name: str) -> dict:
    return {"$ref": f"#/parameters/{name}"}


def _table_paths(name: str, description: str | None, columns: list[str]) -> dict:
    ref = {"$ref": f"#/definitions/{name}"}
    body = {"name": name, "in": "body", "schema": ref}
    filters = [_ref(f"rowFilter.{name}.{c}") for c in columns]
    ok = {"200": {"description": "OK", "schema": {"type": "array", "items": ref}}}
    return {
        "get": {"tags": [name], "summary": description, "responses": ok,
                "parameters": [*filters, *map(_ref, ("select", "order", "range", "rangeUnit", "offset", "limit",
                                                     "preferCount"))]},
        "post": {"tags": [name], "parameters": [body, _ref("select"), _ref("preferPost"), _ref("columns"),
                                                _ref("on_conflict")],
                 "responses": {"201": {"description": "Created"}}},
        "patch": {"tags": [name], "parameters": [*filters, body, _ref("preferReturn")],
                  "responses": {"204": {"description": "No Content"}}},
        "delete": {"tags": [name], "parameters": [*filters, _ref("preferReturn")],
                   "responses": {"204": {"description": "No Content"}}},
    }


def describe(cache: SchemaCache, schema: str, role: str, base_url: str) -> Response:
    parameters = dict(PARAMETERS)
    definitions: dict[str, dict] = {}
    paths: dict[str, dict] = {"/": {"get": {"tags": ["Introspection"], "summary": "OpenAPI description (this document)",
                                            "responses": {"200": {"description": "OK"}}}}}
    for (table_schema, name), table in sorted(cache.tables.items()):
        if table_schema != schema or role not in table.visible_to:
            continue
        definitions[name] = {
            "type": "object",
            "required": [c.name for c in table.columns.values() if not c.nullable and not c.has_default],
            "properties": {c.name: _property(c) for c in table.columns.values()},
        }
        if table.description:
            definitions[name]["description"] = table.description
        paths[f"/{name}"] = _table_paths(name, table.description, list(table.columns))
        for column in table.columns.values():
            parameters[f"rowFilter.{name}.{column.name}"] = {"name": column.name, "in": "query", "required": False,
                                                             "type": "string", "format": column.type}
    for (function_schema, name), overloads in sorted(cache.functions.items()):
        usable = [f for f in overloads if role in f.visible_to]
        if function_schema != schema or not usable:
            continue
        function = usable[0]
        args = {"type": "object", "properties": {a.name: {"type": "string", "format": a.type} for a in function.inputs},
                "required": [a.name for a in function.inputs if not a.has_default]}
        paths[f"/rpc/{name}"] = {"post": {"tags": ["(rpc) " + name],
                                          "parameters": [{"name": "args", "in": "body", "required": True,
                                                          "schema": args}],
                                          "responses": {"200": {"description": "OK"}}}}
    document = {
        "swagger": "2.0",
        "info": {"title": "gateway REST API", "description": "PostgREST-compatible API", "version": "12"},
        "host": base_url.split("://", 1)[-1].split("/", 1)[0],
        "basePath": "/rest/v1",
        "schemes": [base_url.split("://", 1)[0]],
        "consumes": ["application/json", "application/vnd.pgrst.object+json", "text/csv"],
        "produces": ["application/json", "application/vnd.pgrst.object+json", "text/csv"],
        "paths": paths,
        "definitions": definitions,
        "parameters": parameters,
    }
    return Response(json.dumps(document), 200, media_type="application/openapi+json; charset=utf-8")
