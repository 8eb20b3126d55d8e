-- pg_net, created in every database as the Supabase CLI's local database creates it for its webhooks (in schema
-- `extensions`, by the platform's superuser, with the CLI's grants): a project's trigger function may call
-- `net.http_post` with no `create extension`, and its own `create extension if not exists pg_net` is a no-op.
-- Skipped (with a notice) on a server that lacks it.
do $$
begin
    if not exists (select 1 from pg_available_extensions where name = 'pg_net') then
        raise notice 'extension pg_net is not available on this server: net.http_get and net.http_post need it';
        return;
    end if;
    create extension if not exists pg_net with schema extensions;
    grant usage on schema net to supabase_functions_admin, postgres, anon, authenticated, service_role;
    alter function net.http_get(text, jsonb, jsonb, integer) security definer set search_path = net;
    alter function net.http_post(text, jsonb, jsonb, jsonb, integer) security definer set search_path = net;
    revoke all on function net.http_get(text, jsonb, jsonb, integer), net.http_post(text, jsonb, jsonb, jsonb, integer)
        from public;
    grant execute on function net.http_get(text, jsonb, jsonb, integer), net.http_post(text, jsonb, jsonb, jsonb, integer)
        to supabase_functions_admin, postgres, anon, authenticated, service_role;
end
$$;
