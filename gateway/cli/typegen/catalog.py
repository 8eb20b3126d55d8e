"""What `gateway gen types` reads from PostgreSQL's catalog: the lists postgres-meta's type generator reads (its
queries, trimmed to the fields the generators use), in the order its canonical sort gives them."""

from __future__ import annotations

import json
from dataclasses import dataclass
from itertools import product
from pathlib import Path
from typing import Any

import psycopg
from psycopg.rows import dict_row

from gateway.cli.typegen.collation import collation_key

SQL = Path(__file__).parent / "sql"
Row = dict[str, Any]


@dataclass
class Catalog:
    schemas: list[Row]
    relations: list[Row]
    columns: list[Row]
    relationships: list[Row]
    functions: list[Row]
    types: list[Row]


def read_catalog(conn: psycopg.Connection, schemas: list[str]) -> Catalog:
    def rows(name: str) -> list[Row]:
        with conn.cursor(row_factory=dict_row) as cursor:
            return cursor.execute((SQL / f"{name}.sql").read_text(), {"schemas": schemas}).fetchall()

    table_relationships = rows("table_relationships")
    relationships = table_relationships + _view_relationships(table_relationships, rows("view_key_dependencies"))
    return Catalog(
        schemas=sorted(rows("schemas"), key=lambda s: (collation_key(s["name"]), s["id"])),
        relations=sorted(rows("relations"), key=_by_schema_and_name),
        columns=sorted(rows("columns"), key=lambda c: (collation_key(c["schema"]), collation_key(c["table"]),
                                                        collation_key(c["name"]))),
        relationships=sorted(relationships, key=lambda r: (
            collation_key(r["foreign_key_name"]), collation_key(r["referenced_relation"]),
            collation_key(_js_array(r["referenced_columns"])))),
        functions=[{**f, "args": sorted(f["args"], key=lambda a: collation_key(a["name"]))}
                   for f in sorted(rows("functions"), key=lambda f: (
                       collation_key(f["schema"]), collation_key(f["name"]),
                       collation_key(f["identity_argument_types"]), f["id"]))],
        types=sorted(rows("types"), key=_by_schema_and_name),
    )


def _by_schema_and_name(row: Row) -> tuple:
    return collation_key(row["schema"]), collation_key(row["name"]), row["id"]


def _js_array(values: list[str]) -> str:
    """An array as JSON.stringify writes it: postgres-meta orders relationships by that text."""
    return json.dumps(values, separators=(",", ":"), ensure_ascii=False)


def _view_relationships(tables: list[Row], key_dependencies: list[Row]) -> list[Row]:
    """The foreign keys that views carry because they show every column of them (PostgREST's schema cache, as
    postgres-meta ports it): view to table, table to view and view to view."""
    found: list[Row] = []
    for fk in tables:
        from_views = [d for d in key_dependencies
                      if (d["table_schema"], d["table_name"], d["constraint_name"], d["constraint_type"])
                      == (fk["schema"], fk["relation"], fk["foreign_key_name"], "f")]
        to_views = [d for d in key_dependencies
                    if (d["table_schema"], d["table_name"], d["constraint_name"], d["constraint_type"])
                    == (fk["referenced_schema"], fk["referenced_relation"], fk["foreign_key_name"], "f_ref")]
        found += [{**fk, "schema": d["view_schema"], "relation": d["view_name"], "columns": columns}
                  for d in from_views for columns in _view_columns(d)]
        found += [{**fk, "referenced_schema": d["view_schema"], "referenced_relation": d["view_name"],
                   "referenced_columns": columns}
                  for d in to_views for columns in _view_columns(d)]
        found += [{**fk, "schema": source["view_schema"], "relation": source["view_name"], "columns": columns,
                   "referenced_schema": target["view_schema"], "referenced_relation": target["view_name"],
                   "referenced_columns": referenced}
                  for source in from_views for columns in _view_columns(source)
                  for target in to_views for referenced in _view_columns(target)]
    return found


def _view_columns(dependency: Row) -> list[list[str]]:
    """Every choice of view columns for the key's columns, when a view shows one table column more than once."""
    return [list(choice) for choice in product(*(d["view_columns"] for d in dependency["column_dependencies"]))]
