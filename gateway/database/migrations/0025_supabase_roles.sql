-- The other roles a Supabase database has, so that a migration pulled from a hosted project (`supabase db pull`
-- grants to dashboard_user, alters default privileges for supabase_admin, ...) does not stop on a missing role.
-- None of them logs in here: the gateway's own services use the roles of 0001_roles.sql.
do $$
declare
    name text;
begin
    foreach name in array array['supabase_admin', 'dashboard_user', 'supabase_storage_admin',
                                'supabase_realtime_admin', 'supabase_replication_admin', 'supabase_read_only_user',
                                'supabase_functions_admin', 'supabase_etl_admin', 'pgbouncer'] loop
        if not exists (select 1 from pg_roles where rolname = name) then
            execute format('create role %I nologin noinherit', name);
        end if;
    end loop;
end
$$;
