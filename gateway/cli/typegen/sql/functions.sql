-- Functions with every argument (in, out, inout, variadic, table) in declaration order.
with functions as (
  select p.*,
         coalesce(p.proargmodes,
                  array_fill('i'::"char", array[cardinality(coalesce(p.proallargtypes, p.proargtypes))])) as arg_modes,
         coalesce(p.proargnames,
                  array_fill(''::text, array[cardinality(coalesce(p.proallargtypes, p.proargtypes))])) as arg_names,
         coalesce(p.proallargtypes, p.proargtypes::oid[]) as arg_types,
         array_cat(array_fill(false, array[pronargs - pronargdefaults]),
                   array_fill(true, array[pronargdefaults])) as arg_has_defaults
  from pg_proc p
  join pg_namespace n on n.oid = p.pronamespace
  where n.nspname = any(%(schemas)s) and p.prokind = 'f'
)
select f.oid::int8 as id, n.nspname as schema, f.proname as name,
       coalesce(args.args, '[]') as args,
       pg_get_function_arguments(f.oid) as argument_types,
       pg_get_function_identity_arguments(f.oid) as identity_argument_types,
       f.prorettype::int8 as return_type_id,
       pg_get_function_result(f.oid) as return_type,
       rt.typname as return_type_name,
       nullif(rt.typrelid::int8, 0) as return_type_relation_id,
       f.proretset as is_set_returning_function,
       case when f.proretset then nullif(f.prorows, 0) end as prorows
from functions f
join pg_namespace n on n.oid = f.pronamespace
left join pg_type rt on rt.oid = f.prorettype
left join lateral (
  select jsonb_agg(jsonb_build_object(
           'mode', case a.mode when 'i' then 'in' when 'o' then 'out' when 'b' then 'inout'
                               when 'v' then 'variadic' else 'table' end,
           'name', a.name, 'type_id', a.type_id::int8, 'has_default', a.has_default) order by a.ord) as args
  from unnest(f.arg_modes, f.arg_names, f.arg_types, f.arg_has_defaults) with ordinality a(mode, name, type_id, has_default, ord)
) args on true
where coalesce(rt.typname, '') not in ('trigger', 'event_trigger')
