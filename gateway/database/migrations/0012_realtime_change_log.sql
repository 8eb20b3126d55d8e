-- Every captured change is kept in realtime.outbox for a few minutes, not only those too large for NOTIFY, so a
-- listener that lost its connection (a database restart, a network cut) reads what was committed meanwhile when
-- it is back. The NOTIFY carries the row's id with the change.
-- Unlogged: a change log costs no WAL; a crash empties it, and the changes it held were announced before the
-- crash. Its id sequence stays logged, so ids never go back after a crash and a listener's memory of the ids it
-- has delivered stays true.

alter table realtime.outbox set unlogged;
alter sequence realtime.outbox_id_seq set logged;
comment on table realtime.outbox is
    'Captured changes (kept a few minutes, for listeners catching up after a reconnect) and bus messages too large '
    'for a NOTIFY payload; readers fetch them by id.';

create or replace function realtime.capture_change() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
    change jsonb := jsonb_build_object(
        'schema', tg_table_schema,
        'table', tg_table_name,
        'type', tg_op,
        'commit_timestamp', to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
        'record', case when tg_op <> 'DELETE' then to_jsonb(new) end,
        'old_record', case when tg_op <> 'INSERT' then to_jsonb(old) end
    );
    logged bigint;
    body text;
begin
    insert into realtime.outbox (channel, payload) values ('realtime_changes', change) returning id into logged;
    body := (change || jsonb_build_object('id', logged))::text;
    -- 7900 leaves room under NOTIFY's 8000-byte limit.
    if octet_length(body) <= 7900 then
        perform pg_notify('realtime_changes', body);
    else
        perform pg_notify('realtime_changes', json_build_object('outbox_id', logged)::text);
    end if;
    return null;
end
$$;
revoke all on function realtime.capture_change() from public;
