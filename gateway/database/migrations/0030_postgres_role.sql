-- `postgres` as on Supabase, where the superuser is `supabase_admin` (the embedded server's data folders:
-- gateway/database/embedded.py): the project's owner role without superuser, a member of the API roles, with the
-- rights on the platform's schemas that a project's migrations and seed use there, and the owner of the
-- `supabase_realtime` publication its migrations add tables to. Nothing changes where `postgres` is itself the
-- superuser (a data folder made before, Debian's server) or where the migrating role is not one.
do $$
begin
    if not exists (select 1 from pg_roles where rolname = 'postgres' and not rolsuper)
       or not (select rolsuper from pg_roles where rolname = current_user) then
        return;
    end if;
    grant anon, authenticated, service_role to postgres with admin option;
    execute format('grant all on database %I to postgres', current_database());
    grant all on schema public, extensions to postgres;
    grant usage, create on schema auth, storage, realtime to postgres;
    grant usage on schema gateway_meta, mail, supabase_migrations to postgres;
    grant all on all tables in schema
        auth, storage, realtime, extensions, gateway_meta, mail, supabase_migrations to postgres;
    grant all on all sequences in schema
        auth, storage, realtime, extensions, gateway_meta, mail, supabase_migrations to postgres;
    grant all on all routines in schema auth, storage, realtime, extensions to postgres;
    -- What the platform creates from now on (its later files, the extensions' scripts) is the owner's to use too.
    alter default privileges grant usage on schemas to postgres;
    alter default privileges grant all on tables to postgres;
    alter default privileges grant all on sequences to postgres;
    alter default privileges grant all on routines to postgres;
    alter publication supabase_realtime owner to postgres;
    -- What the project's owner creates in `public` is the API roles' to use (RLS decides the rows), as on Supabase.
    alter default privileges for role postgres in schema public grant all on tables to anon, authenticated, service_role;
    alter default privileges for role postgres in schema public
        grant all on sequences to anon, authenticated, service_role;
    alter default privileges for role postgres in schema public
        grant all on routines to anon, authenticated, service_role;
end
$$;
