-- Partner registrations per client, so the database can refuse a burst of applications from one client.
-- Kept in a schema the API roles cannot reach; only the registration trigger (security definer) writes it.
create schema if not exists private;
revoke all on schema private from public;

create table private.partner_registration_attempts (
    id bigint generated always as identity primary key,
    client_key text not null,
    attempted_at timestamptz not null default now()
);
create index partner_registration_attempts_client_idx on private.partner_registration_attempts (client_key, attempted_at);
create index partner_registration_attempts_time_idx on private.partner_registration_attempts (attempted_at);
comment on table private.partner_registration_attempts is
    'Recent partner registrations per client (signed-in user, else forwarded IP), for the registration rate limit.';
