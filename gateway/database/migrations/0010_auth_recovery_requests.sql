-- /recover answers an address without an account exactly as one with an account, including the 429 of a second
-- request within 60 s. An account keeps that window in auth.users.recovery_sent_at; an address without one keeps
-- it here, as a hash (the address itself is not stored).
create table auth.recovery_requests_without_account (
    address_hash text primary key,
    requested_at timestamptz not null default now()
);
create index recovery_requests_without_account_time_idx on auth.recovery_requests_without_account (requested_at);
comment on table auth.recovery_requests_without_account is
    'The last /recover request per address that has no account (sha256 of the lower-cased address), for 60 s.';
grant all on auth.recovery_requests_without_account to supabase_auth_admin;
