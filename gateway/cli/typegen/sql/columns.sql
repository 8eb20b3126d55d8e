-- As postgres-meta lists columns (adapted from information_schema.columns); a domain stands for its base type.
select c.oid::int8 as table_id, nc.nspname as schema, c.relname as table, a.attnum as position, a.attname as name,
       a.atthasdef as has_default,
       coalesce(bt.typname, t.typname) as format,
       coalesce(nbt.nspname, nt.nspname) as type_schema,
       a.attidentity in ('a', 'd') as is_identity,
       a.attidentity = 'a' as is_identity_always,
       a.attgenerated in ('s', 'v') as is_generated,
       not (a.attnotnull or t.typtype = 'd' and t.typnotnull) as is_nullable,
       (c.relkind in ('r', 'p')
        -- A view written through INSTEAD OF triggers or unconditional INSTEAD rules takes every column.
        or c.relkind in ('v', 'f') and (
          pg_column_is_updatable(c.oid, a.attnum, false)
          or exists (select 1 from pg_trigger tg
                     where tg.tgrelid = c.oid and tg.tgtype & 64 <> 0 and tg.tgtype & 20 <> 0 and not tg.tgisinternal)
          or exists (select 1 from pg_rewrite rw
                     where rw.ev_class = c.oid and rw.is_instead and rw.ev_type in ('2', '3')
                       and rw.ev_qual::text = '<>'))) as is_updatable
from pg_attribute a
join pg_class c on c.oid = a.attrelid
join pg_namespace nc on nc.oid = c.relnamespace
join pg_type t on t.oid = a.atttypid
join pg_namespace nt on nt.oid = t.typnamespace
left join (pg_type bt join pg_namespace nbt on nbt.oid = bt.typnamespace)
  on t.typtype = 'd' and t.typbasetype = bt.oid
where nc.nspname = any(%(schemas)s)
  and not pg_is_other_temp_schema(nc.oid)
  and a.attnum > 0 and not a.attisdropped
  and c.relkind in ('r', 'v', 'm', 'f', 'p')
  and (pg_has_role(c.relowner, 'USAGE') or has_column_privilege(c.oid, a.attnum, 'SELECT, INSERT, UPDATE, REFERENCES'))
