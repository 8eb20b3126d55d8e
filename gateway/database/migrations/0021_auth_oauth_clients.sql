-- The OAuth 2.1 server's registered clients, in GoTrue's layout (its oauth_clients migrations up to
-- token_endpoint_auth_method): the id is the public client_id, redirect_uris and grant_types are comma-joined,
-- a confidential client keeps only the SHA-256 of its secret, and a deleted client keeps its row (deleted_at).
create type auth.oauth_registration_type as enum ('dynamic', 'manual');
create type auth.oauth_client_type as enum ('public', 'confidential');

create table auth.oauth_clients (
    id uuid not null,
    client_secret_hash text null,
    registration_type auth.oauth_registration_type not null,
    redirect_uris text not null,
    grant_types text not null,
    client_name text null,
    client_uri text null,
    logo_uri text null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    deleted_at timestamptz null,
    client_type auth.oauth_client_type not null default 'confidential',
    token_endpoint_auth_method text not null
        check (token_endpoint_auth_method in ('client_secret_basic', 'client_secret_post', 'none')),
    constraint oauth_clients_pkey primary key (id),
    constraint oauth_clients_client_name_length check (char_length(client_name) <= 1024),
    constraint oauth_clients_client_uri_length check (char_length(client_uri) <= 2048),
    constraint oauth_clients_logo_uri_length check (char_length(logo_uri) <= 2048)
);
create index oauth_clients_deleted_at_idx on auth.oauth_clients (deleted_at);
comment on table auth.oauth_clients is 'Auth: clients registered with the OAuth 2.1 server (GoTrue layout).';
grant all on auth.oauth_clients to supabase_auth_admin;
