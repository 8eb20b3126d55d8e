-- GoTrue-compatible auth schema: the tables the auth service keeps, and the helpers policies call.
create schema if not exists auth;
grant usage on schema auth to anon, authenticated, service_role, supabase_auth_admin;

create table auth.users (
    instance_id uuid,
    id uuid primary key default gen_random_uuid(),
    aud varchar(255) default 'authenticated',
    role varchar(255) default 'authenticated',
    email varchar(255),
    encrypted_password varchar(255),
    email_confirmed_at timestamptz,
    invited_at timestamptz,
    confirmation_token varchar(255),
    confirmation_sent_at timestamptz,
    recovery_token varchar(255),
    recovery_sent_at timestamptz,
    email_change_token_new varchar(255),
    email_change varchar(255),
    email_change_sent_at timestamptz,
    email_change_token_current varchar(255) default '',
    email_change_confirm_status smallint default 0,
    last_sign_in_at timestamptz,
    raw_app_meta_data jsonb not null default '{}'::jsonb,
    raw_user_meta_data jsonb not null default '{}'::jsonb,
    is_super_admin boolean,
    phone text unique,
    phone_confirmed_at timestamptz,
    phone_change text default '',
    phone_change_token varchar(255) default '',
    phone_change_sent_at timestamptz,
    confirmed_at timestamptz generated always as (least(email_confirmed_at, phone_confirmed_at)) stored,
    reauthentication_token varchar(255) default '',
    reauthentication_sent_at timestamptz,
    is_sso_user boolean not null default false,
    deleted_at timestamptz,
    is_anonymous boolean not null default false,
    banned_until timestamptz,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);
create unique index users_email_key on auth.users (lower(email)) where email is not null and is_sso_user = false;
create index users_confirmation_token_idx on auth.users (confirmation_token) where confirmation_token is not null;
create index users_recovery_token_idx on auth.users (recovery_token) where recovery_token is not null;
comment on table auth.users is 'Auth: the accounts that can sign in (GoTrue layout, so users can be imported).';

create table auth.identities (
    id uuid primary key default gen_random_uuid(),
    provider_id text not null,
    user_id uuid not null references auth.users (id) on delete cascade,
    identity_data jsonb not null,
    provider text not null,
    last_sign_in_at timestamptz,
    email text generated always as (lower(identity_data ->> 'email')) stored,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    unique (provider_id, provider)
);
comment on table auth.identities is 'Auth: the sign-in identities of each user (email for this gateway).';

create table auth.sessions (
    id uuid primary key default gen_random_uuid(),
    user_id uuid not null references auth.users (id) on delete cascade,
    factor_id uuid,
    aal text not null default 'aal1' check (aal in ('aal1', 'aal2', 'aal3')),
    not_after timestamptz,
    refreshed_at timestamptz,
    user_agent text,
    ip inet,
    amr jsonb not null default '[]'::jsonb,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);
create index sessions_user_id_idx on auth.sessions (user_id);
comment on table auth.sessions is 'Auth: one row per signed-in session; access tokens name it in session_id.';

create table auth.refresh_tokens (
    id bigserial primary key,
    token varchar(255) not null unique,
    user_id uuid not null references auth.users (id) on delete cascade,
    session_id uuid not null references auth.sessions (id) on delete cascade,
    parent varchar(255),
    revoked boolean not null default false,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);
create index refresh_tokens_session_idx on auth.refresh_tokens (session_id, revoked);
create index refresh_tokens_parent_idx on auth.refresh_tokens (parent);
comment on table auth.refresh_tokens is 'Auth: rotating refresh tokens; parent links form a family per session.';

create table auth.mfa_factors (
    id uuid primary key default gen_random_uuid(),
    user_id uuid not null references auth.users (id) on delete cascade,
    friendly_name text,
    factor_type text not null check (factor_type in ('totp', 'phone', 'webauthn')),
    status text not null default 'unverified' check (status in ('unverified', 'verified')),
    secret text,
    phone text,
    last_challenged_at timestamptz,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);
create unique index mfa_factors_user_friendly_name_idx on auth.mfa_factors (user_id, friendly_name)
    where friendly_name is not null and friendly_name <> '';
comment on table auth.mfa_factors is 'Auth: TOTP factors enrolled by users.';

create table auth.mfa_challenges (
    id uuid primary key default gen_random_uuid(),
    factor_id uuid not null references auth.mfa_factors (id) on delete cascade,
    ip_address inet,
    verified_at timestamptz,
    created_at timestamptz not null default now()
);
comment on table auth.mfa_challenges is 'Auth: MFA challenges, valid for 300 seconds.';

create table auth.flow_state (
    id uuid primary key default gen_random_uuid(),
    user_id uuid references auth.users (id) on delete cascade,
    auth_code text not null unique,
    code_challenge_method text not null check (code_challenge_method in ('s256', 'plain')),
    code_challenge text not null,
    provider_type text not null,
    authentication_method text not null,
    auth_code_issued_at timestamptz,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);
comment on table auth.flow_state is 'Auth: PKCE flows waiting for their code exchange.';

create table auth.audit_log_entries (
    id uuid primary key default gen_random_uuid(),
    payload json,
    ip_address varchar(64) not null default '',
    created_at timestamptz not null default now()
);
comment on table auth.audit_log_entries is 'Auth: an audit trail of sign-ins, sign-ups, token use and admin actions.';

-- Helpers that read the claims the gateway sets per transaction. An unset local setting reads as '' on a
-- reused connection, hence nullif.
create or replace function auth.jwt() returns jsonb
language sql stable
as $$
    select coalesce(
        nullif(current_setting('request.jwt.claim', true), ''),
        nullif(current_setting('request.jwt.claims', true), '')
    )::jsonb
$$;

create or replace function auth.uid() returns uuid
language sql stable
as $$
    select coalesce(
        nullif(current_setting('request.jwt.claim.sub', true), ''),
        (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
    )::uuid
$$;

create or replace function auth.role() returns text
language sql stable
as $$
    select coalesce(
        nullif(current_setting('request.jwt.claim.role', true), ''),
        (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
    )::text
$$;

create or replace function auth.email() returns text
language sql stable
as $$
    select coalesce(
        nullif(current_setting('request.jwt.claim.email', true), ''),
        (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email')
    )::text
$$;

revoke all on all tables in schema auth from anon, authenticated;
grant all on all tables in schema auth to supabase_auth_admin;
grant all on all sequences in schema auth to supabase_auth_admin;
grant execute on function auth.jwt(), auth.uid(), auth.role(), auth.email() to anon, authenticated, service_role;
