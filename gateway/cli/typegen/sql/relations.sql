-- Tables, foreign tables, views and materialized views, with what decides their Insert and Update shapes.
select c.oid::int8 as id, n.nspname as schema, c.relname as name,
       case when c.relkind in ('r', 'p') then 'table' when c.relkind = 'f' then 'foreign_table'
            when c.relkind = 'v' then 'view' else 'materialized_view' end as kind,
       c.relkind = 'v' and (pg_relation_is_updatable(c.oid, true) & 8) = 8 as is_insert_enabled,
       c.relkind = 'v' and (pg_relation_is_updatable(c.oid, true) & 4) = 4 as is_update_enabled
from pg_class c
join pg_namespace n on n.oid = c.relnamespace
where n.nspname = any(%(schemas)s)
  and c.relkind in ('r', 'p', 'f', 'v', 'm')
  and not pg_is_other_temp_schema(n.oid)
  and (c.relkind not in ('r', 'p')
       or pg_has_role(c.relowner, 'USAGE')
       or has_table_privilege(c.oid, 'SELECT, INSERT, UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER')
       or has_any_column_privilege(c.oid, 'SELECT, INSERT, UPDATE, REFERENCES'))
