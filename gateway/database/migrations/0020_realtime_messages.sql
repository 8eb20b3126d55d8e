-- Realtime Authorization, as Supabase Realtime does it: RLS policies on realtime.messages decide who may join a
-- private channel (SELECT: read) and send to it (INSERT: write), per extension (broadcast, presence). Each check
-- inserts or selects probe rows in a transaction that is rolled back, with `realtime.topic` set to the channel's
-- topic so that policies can call realtime.topic().

create table realtime.messages (
    id uuid not null default gen_random_uuid(),
    topic text not null,
    extension text not null,
    payload jsonb,
    event text,
    private boolean default false,
    updated_at timestamp not null default now(),
    inserted_at timestamp not null default now(),
    primary key (id, inserted_at)
);
create index messages_topic_idx on realtime.messages (topic);
alter table realtime.messages enable row level security;
grant select, insert, update on realtime.messages to anon, authenticated, service_role;
comment on table realtime.messages is
    'Realtime Authorization: policies on this table authorize private channels; probe rows never stay.';

create function realtime.topic() returns text
language sql stable as $$
    select nullif(current_setting('realtime.topic', true), '')::text;
$$;
grant execute on function realtime.topic() to anon, authenticated, service_role;
comment on function realtime.topic() is 'The topic of the private channel being authorized, for RLS policies.';
