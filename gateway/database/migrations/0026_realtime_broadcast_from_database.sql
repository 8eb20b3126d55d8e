-- Broadcast from Database, as Supabase Realtime defines it: realtime.send inserts a message into realtime.messages
-- and realtime.broadcast_changes sends a row's change through it (both with Realtime's own signatures and bodies).
-- Realtime broadcasts every row inserted into realtime.messages; here a trigger hands each one to the gateways' bus
-- with NOTIFY, which PostgreSQL delivers at commit: a message of a transaction that rolls back is never sent. The
-- authorisation probes (rows without an event, always rolled back) are not messages.

create function realtime.send(payload jsonb, event text, topic text, private boolean default true) returns void
language plpgsql as $$
declare
    generated_id uuid;
    final_payload jsonb;
begin
    begin
        generated_id := gen_random_uuid();
        if payload ? 'id' then
            final_payload := payload;
        else
            final_payload := jsonb_set(payload, '{id}', to_jsonb(generated_id));
        end if;
        execute format('set local realtime.topic to %L', topic);
        insert into realtime.messages (id, payload, event, topic, private, extension)
        values (generated_id, final_payload, event, topic, private, 'broadcast');
    exception
        when others then
            raise warning 'WarnSendingBroadcastMessage: %', sqlerrm;
    end;
end
$$;
grant execute on function realtime.send(jsonb, text, text, boolean) to anon, authenticated, service_role;
comment on function realtime.send(jsonb, text, text, boolean) is
    'Broadcast a message to a topic''s subscribers when the transaction commits (private: to private channels).';

create function realtime.broadcast_changes(topic_name text, event_name text, operation text, table_name text,
                                           table_schema text, new record, old record, level text default 'ROW')
returns void
language plpgsql as $$
declare
    row_data jsonb := '{}'::jsonb;
begin
    if level = 'STATEMENT' then
        raise exception 'function can only be triggered for each row, not for each statement';
    end if;
    if operation = 'INSERT' or operation = 'UPDATE' or operation = 'DELETE' then
        row_data := jsonb_build_object('old_record', old, 'record', new, 'operation', operation,
                                       'table', table_name, 'schema', table_schema);
        perform realtime.send(row_data, event_name, topic_name);
    else
        raise exception 'Unexpected operation type: %', operation;
    end if;
exception
    when others then
        raise exception 'Failed to process the row: %', sqlerrm;
end
$$;
grant execute on function realtime.broadcast_changes(text, text, text, text, text, record, record, text)
    to anon, authenticated, service_role;
comment on function realtime.broadcast_changes(text, text, text, text, text, record, record, text) is
    'Broadcast a row''s change (from a trigger) to a private topic, as realtime.send.';

create function realtime.broadcast_message() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
    perform realtime.publish('realtime_bus', jsonb_build_object(
        'kind', 'broadcast',
        'topic', case when new.private then 'private:' else 'public:' end || new.topic,
        'event', new.event,
        'payload', new.payload,
        'meta', jsonb_build_object('id', new.id)
    ));
    return null;
end
$$;
revoke all on function realtime.broadcast_message() from public;
comment on function realtime.broadcast_message() is
    'Hand a message inserted into realtime.messages to every gateway''s bus, at commit.';

create trigger broadcast_message after insert on realtime.messages
    for each row when (new.extension = 'broadcast' and new.event is not null)
    execute function realtime.broadcast_message();

-- Messages stay for 72 hours, as Supabase Realtime keeps them; cleanup drops older ones.
create index messages_inserted_at_idx on realtime.messages (inserted_at);
create or replace function realtime.cleanup(node_timeout interval default interval '30 seconds')
returns setof realtime.presences
language plpgsql as $$
begin
    delete from realtime.outbox where created_at < now() - interval '5 minutes';
    delete from realtime.messages where inserted_at < now() - interval '3 days';
    delete from realtime.nodes where seen_at < now() - node_timeout;
    return query
        delete from realtime.presences p where not exists (select 1 from realtime.nodes n where n.id = p.node_id)
        returning p.*;
end
$$;
