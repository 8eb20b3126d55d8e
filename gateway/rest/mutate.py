"""Plan → INSERT / UPDATE / DELETE / upsert statements, wrapped so one row carries the count, body and location."""

from __future__ import annotations

import json
from typing import Any

from psycopg import sql

from gateway.rest.query import BODY_PARAM, Builder, Statement, body_expression
from gateway.rest.resolve import PCondition, PNode, output_labels
from gateway.rest.schema_cache import Table
from gateway.rest.types import MediaType

TARGET = "pgrst_m"


def _target(table: Table) -> sql.Composable:
    return sql.SQL("{}.{} AS {}").format(sql.Identifier(table.schema), sql.Identifier(table.name),
                                         sql.Identifier(TARGET))


def _row_type(table: Table) -> sql.Composable:
    return sql.SQL("NULL::{}.{}").format(sql.Identifier(table.schema), sql.Identifier(table.name))


def _names(columns) -> sql.Composable:
    return sql.SQL(", ").join(sql.Identifier(c) for c in columns)


def insert_sql(builder: Builder, table: Table, rows: list[dict[str, Any]], columns: tuple[str, ...],
               missing_default: bool) -> sql.Composable:
    if not columns:
        # An empty array inserts nothing, as in PostgREST; `{}` one row of defaults.
        return sql.SQL("INSERT INTO {} DEFAULT VALUES").format(_target(table)) if len(rows) == 1 else \
            sql.SQL("INSERT INTO {} SELECT FROM generate_series(1, {})").format(_target(table), builder.bind(len(rows)))
    if missing_default and any(set(columns) - set(row) for row in rows):
        # Each missing key takes the column default, so rows are spelled out one by one.
        values = []
        for row in rows:
            record = sql.SQL("json_populate_record({}, {})").format(_row_type(table), builder.bind(json.dumps(row), "json"))
            cells = [sql.SQL("({}).{}").format(record, sql.Identifier(c)) if c in row else sql.SQL("DEFAULT")
                     for c in columns]
            values.append(sql.SQL("({})").format(sql.SQL(", ").join(cells)))
        return sql.SQL("INSERT INTO {} ({}) VALUES {}").format(_target(table), _names(columns),
                                                              sql.SQL(", ").join(values))
    return sql.SQL("INSERT INTO {} ({}) SELECT {} FROM json_populate_recordset({}, {}) AS pgrst_body").format(
        _target(table), _names(columns), _names(columns), _row_type(table),
        builder.bind(json.dumps(rows), "json", BODY_PARAM))


# Rows an upsert updated rather than inserted, counted in a transaction-local setting as PostgREST counts them
# (pgrst.inserted): the response's status tells a merge that created nothing (200) from one that did (201).
_UPDATED = "gateway.upsert_updated"
_UPDATED_SO_FAR = sql.SQL("coalesce(nullif(current_setting({}, true), '')::bigint, 0)").format(sql.Literal(_UPDATED))


def on_conflict_sql(columns: tuple[str, ...], conflict: tuple[str, ...], resolution: str) -> sql.Composable:
    if resolution == "ignore-duplicates" or not columns:
        return sql.SQL("ON CONFLICT ({}) DO NOTHING").format(_names(conflict))
    updates = [c for c in columns if c not in conflict] or list(conflict)
    counted = sql.SQL("set_config({}, ({} + 1)::text, true) IS NOT NULL").format(sql.Literal(_UPDATED),
                                                                                  _UPDATED_SO_FAR)
    return sql.SQL("ON CONFLICT ({}) DO UPDATE SET {} WHERE {}").format(
        _names(conflict), sql.SQL(", ").join(sql.SQL("{0} = EXCLUDED.{0}").format(sql.Identifier(c)) for c in updates),
        counted)


def update_sql(builder: Builder, table: Table, row: dict[str, Any], columns: tuple[str, ...],
               conditions: list[PCondition]) -> sql.Composable:
    sets = sql.SQL(", ").join(sql.SQL("{0} = pgrst_body.{0}").format(sql.Identifier(c)) for c in columns)
    where = [builder.condition(TARGET, c) for c in conditions]
    return sql.SQL("UPDATE {} SET {} FROM json_populate_record({}, {}) AS pgrst_body{}").format(
        _target(table), sets, _row_type(table), builder.bind(json.dumps(row), "json", BODY_PARAM), _where(where))


def delete_sql(builder: Builder, table: Table, conditions: list[PCondition]) -> sql.Composable:
    where = [builder.condition(TARGET, c) for c in conditions]
    return sql.SQL("DELETE FROM {}{}").format(_target(table), _where(where))


def _where(conditions: list[sql.Composable]) -> sql.Composable:
    return sql.SQL(" WHERE {}").format(sql.SQL(" AND ").join(conditions)) if conditions else sql.SQL("")


def mutation_statement(builder: Builder, table: Table, mutation: sql.Composable, node: PNode | None,
                       media: MediaType, location: bool, merges: bool = False) -> Statement:
    """`node` is the representation to return (None for return=minimal); `location` asks for the first row's key.

    The row's `total` is, for a merging upsert (`merges`), the number of rows it inserted rather than updated.
    """
    if node is not None:
        returning: sql.Composable = sql.SQL("{}.*").format(sql.Identifier(TARGET))
    elif location and table.pk:
        returning = _names(table.pk)
    else:
        # RETURNING 1 needs no SELECT privilege or policy: an insert-only table stays insert-only.
        returning = sql.SQL("1")
    if node is not None:
        alias = builder.alias()
        page = builder.node_select(node, alias, sql.SQL("pgrst_source AS {}").format(sql.Identifier(alias)), [],
                                   paged=False)
        body = body_expression(media, output_labels(node))
    else:
        page, body = sql.SQL("SELECT * FROM pgrst_source"), sql.SQL("''")
    where = sql.SQL("(SELECT json_build_array({}) FROM pgrst_source LIMIT 1)").format(
        sql.SQL(", ").join(sql.SQL("{}::text").format(sql.Identifier(c)) for c in table.pk)) \
        if location and table.pk else sql.SQL("NULL")
    # Read after every row went through the write: the aggregate has consumed the whole source by then.
    inserted = sql.SQL("pg_catalog.count(*) - {}").format(_UPDATED_SO_FAR) if merges else sql.SQL("NULL::bigint")
    query = sql.SQL(
        "WITH pgrst_source AS ({} RETURNING {}) SELECT {} AS total, pg_catalog.count(*) AS page,"
        " {} AS body, {} AS location FROM ({}) AS pgrst_t"
    ).format(mutation, returning, inserted, body, where, page)
    return Statement.rendered(query, builder.params)
