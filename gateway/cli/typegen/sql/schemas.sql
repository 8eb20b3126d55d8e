select n.oid::int8 as id, n.nspname as name
from pg_namespace n
where n.nspname = any(%(schemas)s)
  and not starts_with(n.nspname, 'pg_')
  and (pg_has_role(n.nspowner, 'USAGE') or has_schema_privilege(n.oid, 'CREATE, USAGE'))
