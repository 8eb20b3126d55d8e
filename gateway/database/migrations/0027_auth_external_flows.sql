-- Sign-in through external providers: a flow of either kind (PKCE or implicit) waits in auth.flow_state for the
-- provider's callback, keyed by its id (the OAuth `state`), as GoTrue keeps it.
alter table auth.flow_state
    alter column auth_code drop not null,
    alter column code_challenge drop not null,
    alter column code_challenge_method drop not null,
    add column referrer text,
    add column provider_access_token text,
    add column provider_refresh_token text,
    add column linking_target_id uuid references auth.users (id) on delete cascade,
    add column provider_nonce text,
    add column provider_code_verifier text;
comment on table auth.flow_state is 'Auth: PKCE flows waiting for their code exchange, and external sign-ins waiting for their provider.';
