-- As on Supabase: the auth, storage and realtime tables belong to their services' admin roles, and `postgres` is a
-- member of each, so a project's migrations (run as `postgres`) add triggers on auth.users and policies on
-- storage.objects and realtime.messages as they do there; and it may set `authenticator`'s settings (Supabase's
-- documented `alter role authenticator set statement_timeout`), which PostgreSQL 16 and later allow a CREATEROLE
-- role only with the admin option. Only where `postgres` is the owner without superuser (0030_postgres_role.sql);
-- nothing changes elsewhere.
do $$
declare
    owned record;
begin
    if not exists (select 1 from pg_roles where rolname = 'postgres' and not rolsuper)
       or not (select rolsuper from pg_roles where rolname = current_user) then
        return;
    end if;
    for owned in
        select c.oid::regclass as relation,
               case n.nspname when 'auth' then 'supabase_auth_admin' when 'storage' then 'supabase_storage_admin'
                              else 'supabase_realtime_admin' end as service
          from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where n.nspname in ('auth', 'storage', 'realtime') and c.relkind in ('r', 'p', 'v', 'm', 'f')
           and not exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass and d.objid = c.oid
                                                       and d.deptype = 'e')
    loop
        execute format('alter table %s owner to %I', owned.relation, owned.service);
    end loop;
    -- An owner reads its tables in their schema (foreign key checks run as the referenced table's owner).
    grant all on schema auth to supabase_auth_admin;
    grant all on schema storage to supabase_storage_admin;
    grant all on schema realtime to supabase_realtime_admin;
    grant supabase_auth_admin, supabase_storage_admin, supabase_realtime_admin to postgres;
    if current_setting('server_version_num')::int >= 160000 then
        execute 'grant authenticator to postgres with admin option, inherit false, set false';
    end if;
end
$$;
