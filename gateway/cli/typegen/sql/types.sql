-- Every type of every schema, including the row types of relations and the array types, as a column of any schema
-- may use them.
select t.oid::int8 as id, t.typname as name, n.nspname as schema, format_type(t.oid, null) as format,
       coalesce(e.enums, '[]') as enums, coalesce(a.attributes, '[]') as attributes,
       nullif(t.typrelid::int8, 0) as type_relation_id
from pg_type t
left join pg_namespace n on n.oid = t.typnamespace
left join (select enumtypid, jsonb_agg(enumlabel order by enumsortorder) as enums from pg_enum group by enumtypid) e
  on e.enumtypid = t.oid
left join (select c.oid, jsonb_agg(jsonb_build_object('name', a.attname, 'type_id', a.atttypid::int8)
                                   order by a.attnum) as attributes
           from pg_class c join pg_attribute a on a.attrelid = c.oid
           where c.relkind = 'c' and not a.attisdropped
           group by c.oid) a
  on a.oid = t.typrelid
where t.typrelid = 0 or (select c.relkind in ('c', 'r', 'v', 'm', 'p', 'f') from pg_class c where c.oid = t.typrelid)
