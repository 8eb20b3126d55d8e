"""What the Database view shows: the migrations applied (the platform's and the project's apart), the extensions
(enabled or available), the roles, and whether the gateway exposes its connection string."""

from __future__ import annotations

from typing import Any

import psycopg
from psycopg import sql
from psycopg.rows import dict_row

MIGRATIONS_SQL = """
select name, kind, applied_at from gateway_meta.migrations order by kind = 'platform' desc, applied_at, name
"""
EXTENSIONS_SQL = """
select a.name, a.default_version, e.extversion as installed_version, n.nspname as schema, a.comment
from pg_available_extensions a
left join pg_extension e on e.extname = a.name
left join pg_namespace n on n.oid = e.extnamespace
order by e.extversion is null, a.name
"""
ROLES_SQL = """
select rolname as name, rolcanlogin as can_login, rolsuper as superuser, rolbypassrls as bypasses_rls,
       rolinherit as inherits,
       coalesce((select array_agg(g.rolname order by g.rolname) from pg_auth_members m
                 join pg_roles g on g.oid = m.roleid where m.member = r.oid), '{}') as member_of
from pg_roles r where rolname !~ '^pg_' order by rolname
"""


async def overview(conn: psycopg.AsyncConnection) -> dict[str, Any]:
    cur = conn.cursor(row_factory=dict_row)
    found = {}
    for name, query in (("migrations", MIGRATIONS_SQL), ("extensions", EXTENSIONS_SQL), ("roles", ROLES_SQL)):
        await cur.execute(query)
        found[name] = await cur.fetchall()
    return found


async def set_extension(conn: psycopg.AsyncConnection, name: str, enabled: bool) -> None:
    """Enabled in the `extensions` schema, as Supabase puts them. Raises psycopg.Error with the database's reason."""
    extension = sql.Identifier(name)
    if enabled:
        await conn.execute(sql.SQL("create extension if not exists {} schema extensions cascade").format(extension))
    else:
        await conn.execute(sql.SQL("drop extension if exists {}").format(extension))
