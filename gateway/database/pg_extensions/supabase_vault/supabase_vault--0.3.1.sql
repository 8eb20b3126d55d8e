\echo Use "CREATE EXTENSION supabase_vault" to load this file. \quit

-- The cipher: pgsodium's deterministic AEAD under key 0 (context 'pgsodium') derived from the server's root key,
-- which SQL never sees.
create function vault._crypto_aead_det_encrypt(message bytea, additional bytea, key_id bigint,
    context bytea = 'pgsodium', nonce bytea = null)
    returns bytea as 'MODULE_PATHNAME', 'pgsodium_crypto_aead_det_encrypt_by_id' language c immutable;
create function vault._crypto_aead_det_decrypt(message bytea, additional bytea, key_id bigint,
    context bytea = 'pgsodium', nonce bytea = null)
    returns bytea as 'MODULE_PATHNAME', 'pgsodium_crypto_aead_det_decrypt_by_id' language c immutable;
create function vault._crypto_aead_det_noncegen() returns bytea
    as 'MODULE_PATHNAME', 'pgsodium_crypto_aead_det_noncegen' language c volatile;

create table vault.secrets (
    id uuid primary key default gen_random_uuid(),
    name text,
    description text not null default '',
    secret text not null,
    key_id uuid,
    nonce bytea default vault._crypto_aead_det_noncegen(),
    created_at timestamptz not null default current_timestamp,
    updated_at timestamptz not null default current_timestamp
);
comment on table vault.secrets is 'Table with encrypted `secret` column for storing sensitive information on disk.';
create unique index secrets_name_idx on vault.secrets (name) where name is not null;
select pg_catalog.pg_extension_config_dump('vault.secrets', '');

-- A secret is bound to its row: the row's id is the additional data, so a ciphertext moved to another row fails.
create view vault.decrypted_secrets as
select s.id, s.name, s.description, s.secret,
       convert_from(vault._crypto_aead_det_decrypt(message := decode(s.secret, 'base64'),
                                                   additional := convert_to(s.id::text, 'utf8'),
                                                   key_id := 0, context := 'pgsodium', nonce := s.nonce),
                    'utf8') as decrypted_secret,
       s.key_id, s.nonce, s.created_at, s.updated_at
from vault.secrets s;

-- The secret is encrypted before the row is written, so no version of the row ever holds the plaintext.
create function vault.create_secret(new_secret text, new_name text = null, new_description text = '',
                                    new_key_id uuid = null)
    returns uuid language plpgsql security definer set search_path = '' as $$
declare
    new_id uuid := gen_random_uuid();
    new_nonce bytea := vault._crypto_aead_det_noncegen();
begin
    insert into vault.secrets (id, secret, name, description, nonce)
    values (new_id,
            encode(vault._crypto_aead_det_encrypt(message := convert_to(new_secret, 'utf8'),
                                                  additional := convert_to(new_id::text, 'utf8'),
                                                  key_id := 0, context := 'pgsodium', nonce := new_nonce), 'base64'),
            new_name, new_description, new_nonce);
    return new_id;
end
$$;

create function vault.update_secret(secret_id uuid, new_secret text = null, new_name text = null,
                                    new_description text = null, new_key_id uuid = null)
    returns void language plpgsql security definer set search_path = '' as $$
begin
    update vault.secrets s
    set secret = case when new_secret is null then s.secret
                      else encode(vault._crypto_aead_det_encrypt(message := convert_to(new_secret, 'utf8'),
                                                                 additional := convert_to(s.id::text, 'utf8'),
                                                                 key_id := 0, context := 'pgsodium',
                                                                 nonce := s.nonce), 'base64') end,
        name = coalesce(new_name, s.name),
        description = coalesce(new_description, s.description),
        updated_at = now()
    where s.id = secret_id;
end
$$;

revoke all on function vault._crypto_aead_det_encrypt(bytea, bytea, bigint, bytea, bytea),
    vault._crypto_aead_det_decrypt(bytea, bytea, bigint, bytea, bytea), vault._crypto_aead_det_noncegen(),
    vault.create_secret(text, text, text, uuid), vault.update_secret(uuid, text, text, text, uuid)
    from public;

-- As on Supabase: `postgres` reads and manages secrets and may hand that on (to service_role, say); anon and
-- authenticated get nothing.
do $$
begin
    if exists (select 1 from pg_roles where rolname = 'postgres') then
        grant usage on schema vault to postgres with grant option;
        grant select, delete, truncate, references on vault.secrets, vault.decrypted_secrets
            to postgres with grant option;
        grant execute on function vault.create_secret(text, text, text, uuid),
            vault.update_secret(uuid, text, text, text, uuid),
            vault._crypto_aead_det_decrypt(bytea, bytea, bigint, bytea, bytea), vault._crypto_aead_det_noncegen()
            to postgres with grant option;
    end if;
end
$$;
