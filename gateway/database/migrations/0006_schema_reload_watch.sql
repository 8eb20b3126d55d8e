-- Schema reload on DDL, as Supabase installs it for PostgREST (`pgrst_ddl_watch` / `pgrst_drop_watch`): any client
-- that creates, changes or drops what the API serves sends `NOTIFY pgrst, 'reload schema'` with its commit.
-- Besides Supabase's list: grants and policies (the schema cache holds each role's privileges). Objects in pg_temp
-- (temporary tables a function makes per call) are left out, so API calls do not reload the cache.

create schema if not exists extensions;

create or replace function extensions.pgrst_ddl_watch() returns event_trigger
language plpgsql set search_path = '' as $$
declare
    cmd record;
begin
    for cmd in select * from pg_catalog.pg_event_trigger_ddl_commands() loop
        if cmd.command_tag in (
            'CREATE SCHEMA', 'ALTER SCHEMA',
            'CREATE TABLE', 'CREATE TABLE AS', 'SELECT INTO', 'ALTER TABLE',
            'CREATE FOREIGN TABLE', 'ALTER FOREIGN TABLE',
            'CREATE VIEW', 'ALTER VIEW',
            'CREATE MATERIALIZED VIEW', 'ALTER MATERIALIZED VIEW',
            'CREATE FUNCTION', 'ALTER FUNCTION',
            'CREATE TRIGGER',
            'CREATE TYPE', 'ALTER TYPE', 'CREATE DOMAIN', 'ALTER DOMAIN',
            'CREATE RULE',
            'CREATE EXTENSION', 'ALTER EXTENSION',
            'CREATE POLICY', 'ALTER POLICY',
            'GRANT', 'REVOKE',
            'COMMENT')
           and cmd.schema_name is distinct from 'pg_temp' then
            perform pg_catalog.pg_notify('pgrst', 'reload schema');
            return;
        end if;
    end loop;
end
$$;

create or replace function extensions.pgrst_drop_watch() returns event_trigger
language plpgsql set search_path = '' as $$
begin
    if exists (select 1 from pg_catalog.pg_event_trigger_dropped_objects() o
                where o.object_type in ('schema', 'table', 'foreign table', 'view', 'materialized view', 'function',
                                        'trigger', 'type', 'domain', 'rule', 'policy', 'extension')
                  and not o.is_temporary) then
        perform pg_catalog.pg_notify('pgrst', 'reload schema');
    end if;
end
$$;

-- Event triggers need a superuser; without one, `NOTIFY pgrst, 'reload schema'` still reloads.
do $$
begin
    if (select rolsuper from pg_roles where rolname = current_user) then
        drop event trigger if exists pgrst_ddl_watch;
        create event trigger pgrst_ddl_watch on ddl_command_end execute function extensions.pgrst_ddl_watch();
        drop event trigger if exists pgrst_drop_watch;
        create event trigger pgrst_drop_watch on sql_drop execute function extensions.pgrst_drop_watch();
    else
        raise notice 'not a superuser: the schema reloads on NOTIFY pgrst only, not on every DDL';
    end if;
end
$$;
