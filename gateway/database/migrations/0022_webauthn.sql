-- WebAuthn as GoTrue stores it: MFA factors of type webauthn keep their credential on the factor and their ceremony
-- state on the challenge (GoTrue's 20241009103726_add_web_authn and 20250925093508), and passkeys live in their own
-- tables (20260302000000_add_passkeys), with the same names and columns so data moves either way.
alter table auth.mfa_factors
    add column web_authn_credential jsonb,
    add column web_authn_aaguid uuid,
    add column last_webauthn_challenge_data jsonb;
comment on column auth.mfa_factors.last_webauthn_challenge_data is
    'Stores the latest WebAuthn challenge data including attestation/assertion for customer verification';
comment on table auth.mfa_factors is 'Auth: TOTP and WebAuthn factors enrolled by users.';

alter table auth.mfa_challenges add column web_authn_session_data jsonb;

create table auth.webauthn_credentials (
    id uuid primary key default gen_random_uuid(),
    user_id uuid not null references auth.users (id) on delete cascade,
    credential_id bytea not null,
    public_key bytea not null,
    attestation_type text not null default '',
    aaguid uuid,
    sign_count bigint not null default 0,
    transports jsonb not null default '[]'::jsonb,
    backup_eligible boolean not null default false,
    backed_up boolean not null default false,
    friendly_name text not null default '',
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    last_used_at timestamptz
);
create unique index webauthn_credentials_credential_id_key on auth.webauthn_credentials (credential_id);
create index webauthn_credentials_user_id_idx on auth.webauthn_credentials (user_id);
comment on table auth.webauthn_credentials is 'Auth: passkeys, one row per registered credential.';

create table auth.webauthn_challenges (
    id uuid primary key default gen_random_uuid(),
    user_id uuid references auth.users (id) on delete cascade,
    challenge_type text not null check (challenge_type in ('signup', 'registration', 'authentication')),
    session_data jsonb not null,
    created_at timestamptz not null default now(),
    expires_at timestamptz not null
);
create index webauthn_challenges_user_id_idx on auth.webauthn_challenges (user_id);
create index webauthn_challenges_expires_at_idx on auth.webauthn_challenges (expires_at);
comment on table auth.webauthn_challenges is 'Auth: passkey ceremonies under way; each is consumed by its verify.';

grant all on auth.webauthn_credentials, auth.webauthn_challenges to supabase_auth_admin;
