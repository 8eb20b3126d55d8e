-- Supabase's database webhooks: the `supabase_functions` schema of the CLI's local database, with the trigger
-- function Studio writes into a webhook's trigger. It queues the call with pg_net (net.http_get / net.http_post,
-- made by the gateway's pg_net runner) and notes each call in supabase_functions.hooks. pg_net itself is the
-- project's to create, as on Supabase (`create extension pg_net`, which `db pull` writes).
create schema if not exists supabase_functions;
grant usage on schema supabase_functions to postgres, anon, authenticated, service_role;
alter default privileges in schema supabase_functions grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges in schema supabase_functions grant all on functions to postgres, anon, authenticated, service_role;
alter default privileges in schema supabase_functions grant all on sequences to postgres, anon, authenticated, service_role;

create table supabase_functions.migrations (
    version text primary key,
    inserted_at timestamptz not null default now()
);
insert into supabase_functions.migrations (version) values ('initial'), ('20210809183423_update_grants');

create table supabase_functions.hooks (
    id bigserial primary key,
    hook_table_id integer not null,
    hook_name text not null,
    created_at timestamptz not null default now(),
    request_id bigint
);
create index supabase_functions_hooks_request_id_idx on supabase_functions.hooks using btree (request_id);
create index supabase_functions_hooks_h_table_id_h_name_idx on supabase_functions.hooks
    using btree (hook_table_id, hook_name);
comment on table supabase_functions.hooks is 'Supabase Functions Hooks: Audit trail for triggered hooks.';

-- The trigger's arguments, as Studio writes them: url, method (GET or POST), headers, params, timeout in ms; a
-- missing one, or the text 'null', takes its default. A POST sends the change: old_record, record, type, table,
-- schema.
create function supabase_functions.http_request() returns trigger
language plpgsql security definer set search_path = supabase_functions as $$
declare
    url text := tg_argv[0];
    method text := tg_argv[1];
    headers jsonb := '{"Content-Type": "application/json"}';
    params jsonb := '{}';
    timeout_ms integer := 1000;
    request_id bigint;
begin
    if url is null or url = 'null' then
        raise exception 'url argument is missing';
    end if;
    if method is null or method = 'null' then
        raise exception 'method argument is missing';
    end if;
    if tg_nargs > 2 and tg_argv[2] <> 'null' then
        headers := tg_argv[2]::jsonb;
    end if;
    if tg_nargs > 3 and tg_argv[3] <> 'null' then
        params := tg_argv[3]::jsonb;
    end if;
    if tg_nargs > 4 and tg_argv[4] <> 'null' then
        timeout_ms := tg_argv[4]::integer;
    end if;

    if method = 'GET' then
        request_id := net.http_get(url, params, headers, timeout_ms);
    elsif method = 'POST' then
        request_id := net.http_post(url,
                                    jsonb_build_object('old_record', old, 'record', new, 'type', tg_op,
                                                       'table', tg_table_name, 'schema', tg_table_schema),
                                    params, headers, timeout_ms);
    else
        raise exception 'method argument % is invalid', method;
    end if;

    insert into supabase_functions.hooks (hook_table_id, hook_name, request_id) values (tg_relid, tg_name, request_id);
    return new;
end
$$;
revoke all on function supabase_functions.http_request() from public;
grant execute on function supabase_functions.http_request() to postgres, anon, authenticated, service_role;

grant all on schema supabase_functions to supabase_functions_admin;
grant all on all tables in schema supabase_functions to supabase_functions_admin;
grant all on all sequences in schema supabase_functions to supabase_functions_admin;
alter table supabase_functions.migrations owner to supabase_functions_admin;
alter table supabase_functions.hooks owner to supabase_functions_admin;
alter function supabase_functions.http_request() owner to supabase_functions_admin;
grant supabase_functions_admin to postgres;
