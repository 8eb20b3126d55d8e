-- Adapted from PostgREST's schema cache: foreign keys, one-to-one when their columns are a primary or unique key.
with pks_uniques_cols as (
  select connamespace, conrelid, jsonb_agg(column_info.cols) as cols
  from pg_constraint
  join lateral (
    select array_agg(cols.attname order by cols.attnum) as cols
    from (select unnest(conkey) as col) _
    join pg_attribute cols on cols.attrelid = conrelid and cols.attnum = col
  ) column_info on true
  where contype in ('p', 'u') and connamespace::regnamespace::text <> 'pg_catalog'
    and connamespace::regnamespace::text = any(%(schemas)s)
  group by connamespace, conrelid
)
select traint.conname as foreign_key_name, ns1.nspname as schema, tab.relname as relation,
       column_info.cols as columns, ns2.nspname as referenced_schema, other.relname as referenced_relation,
       column_info.refs as referenced_columns,
       (column_info.cols in (select * from jsonb_array_elements(pks_uqs.cols))) as is_one_to_one
from pg_constraint traint
join lateral (
  select jsonb_agg(cols.attname order by ord) as cols, jsonb_agg(refs.attname order by ord) as refs
  from unnest(traint.conkey, traint.confkey) with ordinality as _(col, ref, ord)
  join pg_attribute cols on cols.attrelid = traint.conrelid and cols.attnum = col
  join pg_attribute refs on refs.attrelid = traint.confrelid and refs.attnum = ref
  where traint.connamespace::regnamespace::text = any(%(schemas)s)
) as column_info on true
join pg_namespace ns1 on ns1.oid = traint.connamespace
join pg_class tab on tab.oid = traint.conrelid
join pg_class other on other.oid = traint.confrelid
join pg_namespace ns2 on ns2.oid = other.relnamespace
left join pks_uniques_cols pks_uqs on pks_uqs.connamespace = traint.connamespace and pks_uqs.conrelid = traint.conrelid
where traint.contype = 'f' and traint.conparentid = 0 and ns1.nspname = any(%(schemas)s)
