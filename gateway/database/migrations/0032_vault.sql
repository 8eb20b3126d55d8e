-- Vault and pgsodium, installed in every database as in Supabase's image: `vault.create_secret` and
-- `vault.decrypted_secrets` work with no `create extension`, and a project's own `create extension if not exists`
-- for either is a no-op. Skipped (with a notice) on a server that lacks them.
do $$
begin
    if not exists (select 1 from pg_available_extensions where name = 'pgsodium') then
        raise notice 'extensions pgsodium and supabase_vault are not available on this server';
        return;
    end if;
    create extension if not exists pgsodium;
    grant pgsodium_keyiduser, pgsodium_keyholder, pgsodium_keymaker to postgres with admin option;
    grant execute on function pgsodium.crypto_aead_det_decrypt(bytea, bytea, uuid, bytea),
        pgsodium.crypto_aead_det_encrypt(bytea, bytea, uuid, bytea), pgsodium.crypto_aead_det_keygen()
        to service_role;
    if exists (select 1 from pg_available_extensions where name = 'supabase_vault') then
        create extension if not exists supabase_vault;
    end if;
end
$$;
