-- The extensions every Supabase project starts with, in schema `extensions` as on Supabase. Skipped (with a
-- notice) on a server that lacks them, so an external PostgreSQL without contrib still migrates; `create extension`
-- then names what is missing.
do $$
declare
    wanted text;
begin
    foreach wanted in array array['uuid-ossp', 'pgcrypto'] loop
        if exists (select 1 from pg_available_extensions where name = wanted) then
            execute format('create extension if not exists %I with schema extensions', wanted);
        else
            raise notice 'extension % is not available on this server', wanted;
        end if;
    end loop;
end
$$;
