-- GoTrue's columns that a project's seed names, or a `db dump --data-only` of a hosted project's auth schema writes:
-- instance_id on refresh_tokens and audit_log_entries (auth.users has it from the start; auth.identities has none in
-- GoTrue either), GoTrue's auth.instances, and the later columns of sessions, mfa_challenges and flow_state. All
-- nullable or defaulted as in GoTrue, and unused by the gateway, so its own writes are unchanged.
alter table auth.audit_log_entries add column instance_id uuid;
alter table auth.refresh_tokens add column instance_id uuid;

create table auth.instances (
    id uuid primary key,
    uuid uuid,
    raw_base_config text,
    created_at timestamptz,
    updated_at timestamptz
);
comment on table auth.instances is 'Auth: Manages users across multiple sites.';

alter table auth.sessions
    add column tag text,
    add column oauth_client_id uuid,
    add column refresh_token_hmac_key text,
    add column refresh_token_counter bigint,
    add column scopes text;
alter table auth.mfa_challenges add column otp_code text;
alter table auth.flow_state
    add column invite_token text,
    add column email_optional boolean not null default false,
    add column oauth_client_state_id uuid;
