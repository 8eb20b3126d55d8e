-- Change capture for Realtime: a publication-like registry of tables, a row trigger that publishes each change
-- through NOTIFY, and the inter-process bus that broadcast and presence share with it.
-- NOTIFY carries at most 8000 bytes, so a message that does not fit is parked in realtime.outbox and only its
-- id travels; every gateway process reads it from there.

create schema if not exists realtime;
comment on schema realtime is 'Realtime: change capture, the inter-process bus and shared presence.';
grant usage on schema realtime to anon, authenticated, service_role;

create table realtime.published_tables (
    relid regclass primary key,
    added_at timestamptz not null default now()
);
comment on table realtime.published_tables is
    'Tables whose row changes are published, like the supabase_realtime publication.';

create table realtime.outbox (
    id bigserial primary key,
    channel text not null,
    payload jsonb not null,
    created_at timestamptz not null default now()
);
create index outbox_created_at_idx on realtime.outbox (created_at);
comment on table realtime.outbox is 'Bus messages too large for a NOTIFY payload; readers fetch them by id.';

create table realtime.nodes (
    id text primary key,
    seen_at timestamptz not null default now()
);
comment on table realtime.nodes is 'Gateway processes alive, so presences of a process that died can be cleared.';

create table realtime.presences (
    presence_ref text primary key,
    topic text not null,
    presence_key text not null,
    node_id text not null,
    meta jsonb not null,
    updated_at timestamptz not null default now()
);
create index presences_topic_idx on realtime.presences (topic);
create index presences_node_idx on realtime.presences (node_id);
comment on table realtime.presences is 'Presence entries tracked by clients of every gateway process, by topic.';

revoke all on all tables in schema realtime from anon, authenticated, service_role;

create function realtime.publish(channel text, message jsonb) returns void
language plpgsql security definer set search_path = '' as $$
declare
    body text := message::text;
    parked bigint;
begin
    -- 7900 leaves room under NOTIFY's 8000-byte limit.
    if octet_length(body) <= 7900 then
        perform pg_notify(channel, body);
    else
        insert into realtime.outbox (channel, payload) values (channel, message) returning id into parked;
        perform pg_notify(channel, json_build_object('outbox_id', parked)::text);
    end if;
end
$$;
revoke all on function realtime.publish(text, jsonb) from public;
comment on function realtime.publish(text, jsonb) is 'NOTIFY a JSON message, parking it in the outbox when too large.';

create function realtime.capture_change() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
    perform realtime.publish('realtime_changes', jsonb_build_object(
        'schema', tg_table_schema,
        'table', tg_table_name,
        'type', tg_op,
        'commit_timestamp', to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
        'record', case when tg_op <> 'DELETE' then to_jsonb(new) end,
        'old_record', case when tg_op <> 'INSERT' then to_jsonb(old) end
    ));
    return null;
end
$$;
revoke all on function realtime.capture_change() from public;

create function realtime.add_table(rel regclass) returns void
language plpgsql as $$
begin
    insert into realtime.published_tables (relid) values (rel) on conflict do nothing;
    execute format('drop trigger if exists realtime_capture on %s', rel);
    execute format('create trigger realtime_capture after insert or update or delete on %s'
                   ' for each row execute function realtime.capture_change()', rel);
end
$$;
comment on function realtime.add_table(regclass) is
    'Publish a table''s changes, as "alter publication supabase_realtime add table" does.';

create function realtime.remove_table(rel regclass) returns void
language plpgsql as $$
begin
    delete from realtime.published_tables where relid = rel;
    execute format('drop trigger if exists realtime_capture on %s', rel);
end
$$;

-- Run by each subscriber's own role and claims (security invoker), so RLS decides. INSERT/UPDATE re-select the
-- row by primary key; a DELETE's row is gone, so the table's SELECT policies are evaluated on the old image.
create function realtime.row_visible(rel regclass, image jsonb, key_columns text[], by_key boolean) returns boolean
language plpgsql stable security invoker set search_path = '' as $$
declare
    tbl record;
    permissive text;
    restrictive text;
    visible boolean;
begin
    if not has_table_privilege(rel, 'SELECT') then
        return false;
    end if;
    select c.relname, c.relrowsecurity, c.relforcerowsecurity, c.relowner into tbl from pg_catalog.pg_class c where c.oid = rel;
    if by_key then
        execute format('select exists (select 1 from %s as t, jsonb_populate_record(null::%s, $1) as k where %s)',
                       rel, rel,
                       (select string_agg(format('t.%1$I is not distinct from k.%1$I', col), ' and ')
                          from unnest(key_columns) as col))
            using image into visible;
        return visible;
    end if;
    if not tbl.relrowsecurity
       or (select r.rolbypassrls from pg_catalog.pg_roles r where r.rolname = current_user)
       or (tbl.relowner = (select r.oid from pg_catalog.pg_roles r where r.rolname = current_user) and not tbl.relforcerowsecurity) then
        return true;
    end if;
    select string_agg('(' || coalesce(pg_get_expr(p.polqual, p.polrelid), 'false') || ')', ' or ') filter (where p.polpermissive),
           string_agg('(' || coalesce(pg_get_expr(p.polqual, p.polrelid), 'false') || ')', ' and ') filter (where not p.polpermissive)
      into permissive, restrictive
      from pg_catalog.pg_policy p
     where p.polrelid = rel
       and p.polcmd in ('r', '*')
       and (p.polroles = '{0}' or exists (select 1 from unnest(p.polroles) as r(oid) where pg_has_role(current_user, r.oid, 'MEMBER')));
    if permissive is null then
        return false;
    end if;
    execute format('select coalesce((%s) and (%s), false) from jsonb_populate_record(null::%s, $1) as %I',
                   permissive, coalesce(restrictive, 'true'), rel, tbl.relname)
        using image into visible;
    return visible;
end
$$;
grant execute on function realtime.row_visible(regclass, jsonb, text[], boolean) to anon, authenticated, service_role;
comment on function realtime.row_visible(regclass, jsonb, text[], boolean) is
    'Whether the calling role and claims may SELECT a changed row: re-selected by key, or a deleted row''s image.';

create function realtime.cleanup(node_timeout interval default interval '30 seconds')
returns setof realtime.presences
language plpgsql as $$
begin
    delete from realtime.outbox where created_at < now() - interval '5 minutes';
    delete from realtime.nodes where seen_at < now() - node_timeout;
    return query
        delete from realtime.presences p where not exists (select 1 from realtime.nodes n where n.id = p.node_id)
        returning p.*;
end
$$;
comment on function realtime.cleanup(interval) is 'Drop old outbox messages and return the presences of vanished processes, now removed.';
