"""Which base-table column each view column shows, renamed or not, so views get their tables' foreign keys (PostgREST).

PostgREST reads each view's top-level target list (`resorigtbl`/`resorigcol` in pg_rewrite's query tree). The
server hands out the same two fields for every result column, so running the view's own definition with `LIMIT 0`
(nothing is read) and asking the result for each column's origin gives that mapping without parsing the tree.
"""

from __future__ import annotations

import psycopg

ColumnKey = tuple[str, str, str]  # schema, table, column
MAX_VIEW_DEPTH = 16

_VIEWS = """
select v.oid, n.nspname, v.relname, pg_get_viewdef(v.oid)
from pg_class v join pg_namespace n on n.oid = v.relnamespace
where v.relkind in ('v', 'm') and n.nspname not in ('pg_catalog', 'information_schema')
"""

_COLUMNS_OF = """
select c.oid, n.nspname, c.relname, a.attnum, a.attname
from pg_class c join pg_namespace n on n.oid = c.relnamespace
join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
where c.oid = any(%(oids)s)
"""


async def view_column_origins(conn: psycopg.AsyncConnection, schemas: tuple[str, ...]) -> dict[ColumnKey, ColumnKey]:
    """(view schema, view, column) → the base-table column it shows, following views of views."""
    raw: dict[tuple[int, int], tuple[int, int]] = {}
    for oid, _schema, _name, definition in await (await conn.execute(_VIEWS, {"schemas": list(schemas)})).fetchall():
        for position, origin in enumerate(await _origins(conn, definition), start=1):
            if origin is not None:
                raw[(oid, position)] = origin
    oids = list({oid for oid, _ in raw} | {oid for oid, _ in raw.values()})
    names: dict[tuple[int, int], ColumnKey] = {
        (oid, num): (schema, rel, att)
        for oid, schema, rel, num, att in await (await conn.execute(_COLUMNS_OF, {"oids": oids})).fetchall()
    }
    direct = {names[v]: names[o] for v, o in raw.items() if v in names and o in names}
    return {view: _base(direct, origin) for view, origin in direct.items()}


async def _origins(conn: psycopg.AsyncConnection, definition: str) -> list[tuple[int, int] | None]:
    query = f"SELECT * FROM ({definition.strip().rstrip(';')}) AS pgrst_view LIMIT 0"
    try:
        async with conn.transaction():
            cursor = await conn.execute(query)
    except psycopg.Error:
        return []  # a view this connection cannot run simply gets no relationships
    result = cursor.pgresult
    if result is None:
        return []
    origins = []
    for index in range(result.nfields):
        table, column = result.ftable(index), result.ftablecol(index)
        origins.append((table, column) if table and column else None)
    return origins


def _base(direct: dict[ColumnKey, ColumnKey], column: ColumnKey) -> ColumnKey:
    for _ in range(MAX_VIEW_DEPTH):
        if column not in direct:
            break
        column = direct[column]
    return column
