"""What decided a case: the row-level policies that applied to the table, command and role, and the privileges."""

from __future__ import annotations

import psycopg

from gateway.database.transactions import one

COMMANDS = {"select": "SELECT", "insert": "INSERT", "update": "UPDATE", "delete": "DELETE"}

RELATION = """
select c.oid, c.relkind, c.relrowsecurity, has_table_privilege(%(role)s, c.oid, %(command)s)
from pg_class c join pg_namespace n on n.oid = c.relnamespace
where n.nspname = %(schema)s and c.relname = %(name)s
"""
# A view's policies are its tables' (a security-invoker view, or rows read through the owner's rights).
BASE_TABLES = """
select distinct n.nspname, t.relname from pg_rewrite r
join pg_depend d on d.objid = r.oid and d.classid = 'pg_rewrite'::regclass
join pg_class t on t.oid = d.refobjid and t.relkind in ('r', 'p') and t.oid <> r.ev_class
join pg_namespace n on n.oid = t.relnamespace
where r.ev_class = %(oid)s order by 1, 2
"""
POLICIES = """
select policyname, permissive, roles::text[], cmd, qual, with_check from pg_policies
where schemaname = %(schema)s and tablename = %(name)s and cmd = any(%(commands)s)
  and (%(role)s = any(roles) or 'public' = any(roles))
order by cmd, policyname
"""
FUNCTIONS = """
select p.oid::regprocedure::text, p.prosecdef, has_function_privilege(%(role)s, p.oid, 'execute')
from pg_proc p join pg_namespace n on n.oid = p.pronamespace
where n.nspname = %(schema)s and p.proname = %(name)s order by 1
"""


async def applied(conn: psycopg.AsyncConnection, schema: str, name: str, operation: str, role: str,
                  returning: bool) -> list[str]:
    if operation == "rpc":
        return await _functions(conn, schema, name, role)
    command = COMMANDS[operation]
    # UPDATE and DELETE read the rows they filter, and RETURNING reads what was written: SELECT policies apply too.
    commands = [command, "ALL"] + (["SELECT"] if command != "SELECT" and (returning or command != "INSERT") else [])
    relation = await (await conn.execute(RELATION, {"schema": schema, "name": name, "role": role,
                                                    "command": command})).fetchone()
    if relation is None:
        return [f"{schema}.{name}: no such table or view"]
    oid, kind, secured, granted = relation
    what = {"v": "view", "m": "materialized view"}.get(kind, "table")
    lines = [f"{schema}.{name} ({what}): {role} {'holds' if granted else 'lacks'} the {command} privilege"]
    tables = [(schema, name, secured)]
    if kind == "v":
        bases = await (await conn.execute(BASE_TABLES, {"oid": oid})).fetchall()
        tables = []
        for base_schema, base_name in bases:
            secured_row = await (await conn.execute(
                "select relrowsecurity from pg_class where oid = %s::regclass",
                (f'"{base_schema}"."{base_name}"',))).fetchone()
            tables.append((base_schema, base_name, one(secured_row)[0]))
            lines.append(f"  reads {base_schema}.{base_name}")
    for table_schema, table_name, table_secured in tables:
        if not table_secured:
            lines.append(f"{table_schema}.{table_name}: row level security is off")
            continue
        policies = await (await conn.execute(POLICIES, {"schema": table_schema, "name": table_name,
                                                        "commands": commands, "role": role})).fetchall()
        lines.append(f"{table_schema}.{table_name}: row level security on; policies for "
                     f"{'/'.join(commands[:1] + commands[2:])} to {role}: {len(policies) or 'none (no row passes)'}")
        for policy, permissive, roles, cmd, using, check in policies:
            lines.append(f"  {permissive.lower()} {policy!r} {cmd} to {', '.join(roles)}"
                         + (f"\n      using ({using})" if using else "")
                         + (f"\n      with check ({check})" if check else ""))
    return lines


async def _functions(conn: psycopg.AsyncConnection, schema: str, name: str, role: str) -> list[str]:
    rows = await (await conn.execute(FUNCTIONS, {"schema": schema, "name": name, "role": role})).fetchall()
    if not rows:
        return [f"{schema}.{name}: no such function"]
    return [f"{signature}: {'security definer (its own rules, no caller policies)' if definer else 'security invoker'};"
            f" {role} {'may' if granted else 'may not'} execute it" for signature, definer, granted in rows]
