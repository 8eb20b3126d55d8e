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


def _table_paths(name: str, description: str | None) -> dict:
    ref = {"$ref": f"#/definitions/{name}"}
    ok = {"200": {"description": "OK", "schema": {"type": "array", "items": ref}}}
    return {
        "get": {"tags": [name], "summary": description, "responses": ok},
        "post": {"tags": [name], "parameters": [{"name": "body", "in": "body", "schema": ref}],
                 "responses": {"201": {"description": "Created"}}},
        "patch": {"tags": [name], "parameters": [{"name": "body", "in": "body", "schema": ref}],
                  "responses": {"204": {"description": "No Content"}}},
        "delete": {"tags": [name], "responses": {"204": {"description": "No Content"}}},
    }


def describe(cache: SchemaCache, schema: str, role: str, base_url: str) -> Response:
    definitions, paths = {}, {"/": {"get": {"tags": ["Introspection"], "summary": "OpenAPI description (this document)",
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
        paths[f"/{name}"] = _table_paths(name, table.description)
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
    }
    return Response(json.dumps(document), 200, media_type="application/openapi+json; charset=utf-8")
