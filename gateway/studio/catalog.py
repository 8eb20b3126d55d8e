"""What the Tables and Policies views show: the exposed schemas' tables and views, their columns, keys, foreign
keys, RLS and row counts, and every policy with its SQL. Read from the catalogs by the owner's pool."""

from __future__ import annotations

from typing import Any

import psycopg
from psycopg import sql
from psycopg.rows import dict_row

# Counting every row of a large table on each visit would stall the view; past this the planner's estimate is shown.
EXACT_COUNT_LIMIT = 100_000

RELATIONS_SQL = """
select n.nspname as schema, c.relname as name,
       case c.relkind when 'v' then 'view' when 'm' then 'materialized view' when 'f' then 'foreign table'
                      else 'table' end as kind,
       c.relrowsecurity as rls, c.reltuples::bigint as estimate, obj_description(c.oid, 'pg_class') as comment,
       coalesce((select json_agg(json_build_object(
                    'name', a.attname, 'type', format_type(a.atttypid, a.atttypmod),
                    'nullable', not a.attnotnull, 'default', pg_get_expr(d.adbin, d.adrelid),
                    'primary_key', coalesce(a.attnum = any(pk.conkey), false),
                    'generated', a.attidentity <> '' or a.attgenerated <> '') order by a.attnum)
                 from pg_attribute a
                 left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
                 where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped), '[]') as columns,
       coalesce((select json_agg(json_build_object(
                    'name', f.conname,
                    'columns', (select array_agg(attname order by k.ord) from unnest(f.conkey) with ordinality k(num, ord)
                                join pg_attribute on attrelid = f.conrelid and attnum = k.num),
                    'target_schema', tn.nspname, 'target_table', t.relname,
                    'target_columns', (select array_agg(attname order by k.ord)
                                       from unnest(f.confkey) with ordinality k(num, ord)
                                       join pg_attribute on attrelid = f.confrelid and attnum = k.num)))
                 from pg_constraint f join pg_class t on t.oid = f.confrelid join pg_namespace tn on tn.oid = t.relnamespace
                 where f.conrelid = c.oid and f.contype = 'f'), '[]') as foreign_keys
from pg_class c
join pg_namespace n on n.oid = c.relnamespace
left join pg_constraint pk on pk.conrelid = c.oid and pk.contype = 'p'
where n.nspname = any(%(schemas)s) and c.relkind in ('r', 'p', 'v', 'm', 'f')
order by n.nspname, c.relname
"""

POLICIES_SQL = """
select schemaname as schema, tablename as table, policyname as name, permissive = 'PERMISSIVE' as permissive,
       cmd as command, roles::text[] as roles, qual as using, with_check as check
from pg_policies where schemaname = any(%(schemas)s)
order by schemaname, tablename, policyname
"""

# Per table, API role and operation: whether the role has the grant, and which permissive policies could let a row
# through (those for the operation or ALL, to PUBLIC or to a role it belongs to). Without a grant nothing passes;
# with RLS off every row does; with RLS on and no such policy none does.
ACCESS_SQL = """
select n.nspname as schema, c.relname as table, r.role, op.operation,
       has_table_privilege(r.role, c.oid, op.privilege) as granted, c.relrowsecurity as rls,
       coalesce(array_agg(p.polname order by p.polname) filter (where p.polname is not null), '{}') as policies
from pg_class c
join pg_namespace n on n.oid = c.relnamespace
cross join (values ('anon'), ('authenticated')) r(role)
cross join (values ('select', 'SELECT', 'r'), ('insert', 'INSERT', 'a'), ('update', 'UPDATE', 'w'),
                   ('delete', 'DELETE', 'd')) op(operation, privilege, command)
left join pg_policy p on p.polrelid = c.oid and p.polpermissive and p.polcmd in (op.command, '*')
     and exists (select 1 from unnest(p.polroles) role_oid
                 where role_oid = 0 or pg_has_role(r.role, role_oid, 'member'))
where n.nspname = any(%(schemas)s) and c.relkind in ('r', 'p')
group by n.nspname, c.relname, c.oid, c.relrowsecurity, r.role, op.operation, op.privilege
order by n.nspname, c.relname, r.role, op.operation
"""


async def relations(conn: psycopg.AsyncConnection, schemas: tuple[str, ...]) -> list[dict[str, Any]]:
    cur = conn.cursor(row_factory=dict_row)
    await cur.execute(RELATIONS_SQL, {"schemas": list(schemas)})
    found = await cur.fetchall()
    for relation in found:
        relation["rows"] = await _row_count(conn, relation)
        del relation["estimate"]
    return found


async def policies(conn: psycopg.AsyncConnection, schemas: tuple[str, ...]) -> list[dict[str, Any]]:
    cur = conn.cursor(row_factory=dict_row)
    await cur.execute(POLICIES_SQL, {"schemas": list(schemas)})
    return await cur.fetchall()


async def access(conn: psycopg.AsyncConnection, schemas: tuple[str, ...]) -> list[dict[str, Any]]:
    cur = conn.cursor(row_factory=dict_row)
    await cur.execute(ACCESS_SQL, {"schemas": list(schemas)})
    return await cur.fetchall()


async def _row_count(conn: psycopg.AsyncConnection, relation: dict[str, Any]) -> dict[str, Any]:
    if relation["estimate"] > EXACT_COUNT_LIMIT:
        return {"count": relation["estimate"], "exact": False}
    table = sql.Identifier(relation["schema"], relation["name"])
    cur = await conn.execute(sql.SQL("select count(*) from {}").format(table))
    row = await cur.fetchone()
    return {"count": row[0] if row else 0, "exact": True}
