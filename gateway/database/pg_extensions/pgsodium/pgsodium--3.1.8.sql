\echo Use "CREATE EXTENSION pgsodium" to load this file. \quit

-- The roles that hold pgsodium's privileges: key ids only, raw keys too, and making keys.
do $$
declare
    role_name text;
begin
    foreach role_name in array array['pgsodium_keyiduser', 'pgsodium_keyholder', 'pgsodium_keymaker'] loop
        if not exists (select 1 from pg_roles where rolname = role_name) then
            execute format('create role %I nologin', role_name);
        end if;
    end loop;
end
$$;
grant pgsodium_keyiduser to pgsodium_keyholder;
grant pgsodium_keyholder to pgsodium_keymaker;

create type @extschema@.key_status as enum ('default', 'valid', 'invalid', 'expired');
create type @extschema@.key_type as enum ('aead-ietf', 'aead-det', 'hmacsha512', 'hmacsha256', 'auth', 'shorthash',
    'generichash', 'kdf', 'secretbox', 'secretstream', 'stream_xchacha20');

create sequence @extschema@.key_key_id_seq start 1;

-- Keys are ids into the server's root key: the key itself is derived when used and never stored.
create table @extschema@.key (
    id uuid primary key default gen_random_uuid(),
    status @extschema@.key_status default 'valid',
    created timestamptz not null default current_timestamp,
    expires timestamptz,
    key_type @extschema@.key_type,
    key_id bigint default nextval('@extschema@.key_key_id_seq'),
    key_context bytea default 'pgsodium' check (length(key_context) = 8),
    name text unique,
    associated_data text default 'associated',
    raw_key bytea,
    raw_key_nonce bytea,
    parent_key uuid references @extschema@.key (id),
    comment text,
    user_data text,
    constraint pgsodium_raw check (case when raw_key is not null
                                        then key_id is null and key_context is null and parent_key is not null
                                        else key_id is not null and key_context is not null and parent_key is null end)
);
comment on table @extschema@.key is 'This table holds metadata for derived keys given a key_id and key_context. '
    'The raw key is never stored.';
select pg_catalog.pg_extension_config_dump('@extschema@.key', '');
select pg_catalog.pg_extension_config_dump('@extschema@.key_key_id_seq', '');

create view @extschema@.valid_key as
    select id, name, status, key_type, key_id, key_context, created, expires, associated_data
    from @extschema@.key
    where status in ('valid', 'default') and case when expires is null then true else expires > now() end;

-- ---- functions in C (pgsodium.c) ----

create function @extschema@.randombytes_random() returns integer
    as 'MODULE_PATHNAME', 'pgsodium_randombytes_random' language c volatile strict;
create function @extschema@.randombytes_uniform(upper_bound integer) returns integer
    as 'MODULE_PATHNAME', 'pgsodium_randombytes_uniform' language c volatile strict;
create function @extschema@.randombytes_buf(size integer) returns bytea
    as 'MODULE_PATHNAME', 'pgsodium_randombytes_buf' language c volatile strict;

create function @extschema@.derive_key(key_id bigint, key_len integer = 32, context bytea = 'pgsodium') returns bytea
    as 'MODULE_PATHNAME', 'pgsodium_derive_key' language c immutable strict;

create function @extschema@.crypto_secretbox_keygen() returns bytea
    as 'MODULE_PATHNAME', 'pgsodium_keygen' language c volatile;
create function @extschema@.crypto_secretbox_noncegen() returns bytea
    as 'MODULE_PATHNAME', 'pgsodium_crypto_secretbox_noncegen' language c volatile;
create function @extschema@.crypto_secretbox(message bytea, nonce bytea, key bytea) returns bytea
    as 'MODULE_PATHNAME', 'pgsodium_crypto_secretbox' language c immutable strict;
create function @extschema@.crypto_secretbox_open(ciphertext bytea, nonce bytea, key bytea) returns bytea
    as 'MODULE_PATHNAME', 'pgsodium_crypto_secretbox_open' language c immutable strict;
create function @extschema@.crypto_secretbox(message bytea, nonce bytea, key_id bigint, context bytea = 'pgsodium')
    returns bytea as 'MODULE_PATHNAME', 'pgsodium_crypto_secretbox_by_id' language c immutable strict;
create function @extschema@.crypto_secretbox_open(message bytea, nonce bytea, key_id bigint, context bytea = 'pgsodium')
    returns bytea as 'MODULE_PATHNAME', 'pgsodium_crypto_secretbox_open_by_id' language c immutable strict;

create function @extschema@.crypto_aead_det_keygen() returns bytea
    as 'MODULE_PATHNAME', 'pgsodium_keygen' language c volatile;
create function @extschema@.crypto_aead_det_noncegen() returns bytea
    as 'MODULE_PATHNAME', 'pgsodium_crypto_aead_det_noncegen' language c volatile;
create function @extschema@.crypto_aead_det_encrypt(message bytea, additional bytea, key bytea, nonce bytea = null)
    returns bytea as 'MODULE_PATHNAME', 'pgsodium_crypto_aead_det_encrypt' language c immutable;
create function @extschema@.crypto_aead_det_decrypt(message bytea, additional bytea, key bytea, nonce bytea = null)
    returns bytea as 'MODULE_PATHNAME', 'pgsodium_crypto_aead_det_decrypt' language c immutable;
create function @extschema@.crypto_aead_det_encrypt(message bytea, additional bytea, key_id bigint,
    context bytea = 'pgsodium', nonce bytea = null)
    returns bytea as 'MODULE_PATHNAME', 'pgsodium_crypto_aead_det_encrypt_by_id' language c immutable;
create function @extschema@.crypto_aead_det_decrypt(message bytea, additional bytea, key_id bigint,
    context bytea = 'pgsodium', nonce bytea = null)
    returns bytea as 'MODULE_PATHNAME', 'pgsodium_crypto_aead_det_decrypt_by_id' language c immutable;

create function @extschema@.crypto_sign_keypair(out public bytea, out secret bytea)
    as 'MODULE_PATHNAME', 'pgsodium_crypto_sign_keypair' language c volatile;
create function @extschema@.crypto_sign_seed_new_keypair(seed bytea, out public bytea, out secret bytea)
    as 'MODULE_PATHNAME', 'pgsodium_crypto_sign_keypair' language c immutable strict;
create function @extschema@.crypto_sign(message bytea, key bytea) returns bytea
    as 'MODULE_PATHNAME', 'pgsodium_crypto_sign' language c immutable strict;
create function @extschema@.crypto_sign_open(signed_message bytea, key bytea) returns bytea
    as 'MODULE_PATHNAME', 'pgsodium_crypto_sign_open' language c immutable strict;
create function @extschema@.crypto_sign_detached(message bytea, key bytea) returns bytea
    as 'MODULE_PATHNAME', 'pgsodium_crypto_sign_detached' language c immutable strict;
create function @extschema@.crypto_sign_verify_detached(sig bytea, message bytea, key bytea) returns boolean
    as 'MODULE_PATHNAME', 'pgsodium_crypto_sign_verify_detached' language c immutable strict;

create function @extschema@.crypto_generichash(message bytea, key bytea = null) returns bytea
    as 'MODULE_PATHNAME', 'pgsodium_crypto_generichash' language c immutable;

create function @extschema@.crypto_box_new_keypair(out public bytea, out secret bytea)
    as 'MODULE_PATHNAME', 'pgsodium_crypto_box_new_keypair' language c volatile;
create function @extschema@.crypto_box_noncegen() returns bytea
    as 'MODULE_PATHNAME', 'pgsodium_crypto_box_noncegen' language c volatile;
create function @extschema@.crypto_box(message bytea, nonce bytea, public bytea, secret bytea) returns bytea
    as 'MODULE_PATHNAME', 'pgsodium_crypto_box' language c immutable strict;
create function @extschema@.crypto_box_open(ciphertext bytea, nonce bytea, public bytea, secret bytea) returns bytea
    as 'MODULE_PATHNAME', 'pgsodium_crypto_box_open' language c immutable strict;
create function @extschema@.crypto_box_seal(message bytea, public_key bytea) returns bytea
    as 'MODULE_PATHNAME', 'pgsodium_crypto_box_seal' language c volatile strict;
create function @extschema@.crypto_box_seal_open(ciphertext bytea, public_key bytea, secret_key bytea) returns bytea
    as 'MODULE_PATHNAME', 'pgsodium_crypto_box_seal_open' language c immutable strict;

create function @extschema@.crypto_auth_keygen() returns bytea
    as 'MODULE_PATHNAME', 'pgsodium_keygen' language c volatile;
create function @extschema@.crypto_auth(message bytea, key bytea) returns bytea
    as 'MODULE_PATHNAME', 'pgsodium_crypto_auth' language c immutable strict;
create function @extschema@.crypto_auth_verify(mac bytea, message bytea, key bytea) returns boolean
    as 'MODULE_PATHNAME', 'pgsodium_crypto_auth_verify' language c immutable strict;

create function @extschema@.crypto_hash_sha256(message bytea) returns bytea
    as 'MODULE_PATHNAME', 'pgsodium_crypto_hash_sha256' language c immutable strict;
create function @extschema@.crypto_hash_sha512(message bytea) returns bytea
    as 'MODULE_PATHNAME', 'pgsodium_crypto_hash_sha512' language c immutable strict;
create function @extschema@.crypto_pwhash_str(password bytea) returns bytea
    as 'MODULE_PATHNAME', 'pgsodium_crypto_pwhash_str' language c volatile strict;
create function @extschema@.crypto_pwhash_str_verify(hashed_password bytea, password bytea) returns boolean
    as 'MODULE_PATHNAME', 'pgsodium_crypto_pwhash_str_verify' language c immutable strict;

-- ---- keys by uuid, from pgsodium.key ----

-- The key id and context of a valid derived key of the given type; raw (stored, encrypted) keys are not provided.
create function @extschema@._derived_key(key_uuid uuid, wanted @extschema@.key_type,
                                         out key_id bigint, out key_context bytea)
    language plpgsql stable security definer set search_path = '' as $$
begin
    select k.key_id, k.key_context into key_id, key_context
    from @extschema@.valid_key k where k.id = key_uuid and k.key_type = wanted;
    if not found then
        raise exception 'pgsodium: no valid % key has id %', wanted, key_uuid using errcode = 'invalid_parameter_value';
    end if;
    if key_id is null then
        raise exception 'pgsodium: key % is a raw key, which the gateway''s pgsodium does not provide', key_uuid
            using errcode = 'feature_not_supported';
    end if;
end
$$;

create function @extschema@.crypto_aead_det_encrypt(message bytea, additional bytea, key_uuid uuid, nonce bytea)
    returns bytea language sql stable security definer set search_path = '' as $$
    select @extschema@.crypto_aead_det_encrypt(message, additional, k.key_id, k.key_context, nonce)
    from @extschema@._derived_key(key_uuid, 'aead-det') k
$$;
create function @extschema@.crypto_aead_det_decrypt(message bytea, additional bytea, key_uuid uuid, nonce bytea)
    returns bytea language sql stable security definer set search_path = '' as $$
    select @extschema@.crypto_aead_det_decrypt(message, additional, k.key_id, k.key_context, nonce)
    from @extschema@._derived_key(key_uuid, 'aead-det') k
$$;
create function @extschema@.crypto_aead_det_encrypt(message bytea, additional bytea, key_uuid uuid)
    returns bytea language sql stable security definer set search_path = '' as $$
    select @extschema@.crypto_aead_det_encrypt(message, additional, key_uuid, null::bytea)
$$;
create function @extschema@.crypto_aead_det_decrypt(message bytea, additional bytea, key_uuid uuid)
    returns bytea language sql stable security definer set search_path = '' as $$
    select @extschema@.crypto_aead_det_decrypt(message, additional, key_uuid, null::bytea)
$$;
create function @extschema@.crypto_secretbox(message bytea, nonce bytea, key_uuid uuid)
    returns bytea language sql stable security definer set search_path = '' as $$
    select @extschema@.crypto_secretbox(message, nonce, k.key_id, k.key_context)
    from @extschema@._derived_key(key_uuid, 'secretbox') k
$$;
create function @extschema@.crypto_secretbox_open(message bytea, nonce bytea, key_uuid uuid)
    returns bytea language sql stable security definer set search_path = '' as $$
    select @extschema@.crypto_secretbox_open(message, nonce, k.key_id, k.key_context)
    from @extschema@._derived_key(key_uuid, 'secretbox') k
$$;

create function @extschema@.create_key(
    key_type @extschema@.key_type = 'aead-det',
    name text = null,
    raw_key bytea = null,
    raw_key_nonce bytea = null,
    parent_key uuid = null,
    key_context bytea = 'pgsodium',
    expires timestamptz = null,
    associated_data text = ''
) returns @extschema@.valid_key language plpgsql security definer set search_path = '' as $$
declare
    new_id uuid;
    made @extschema@.valid_key;
begin
    if raw_key is not null or parent_key is not null then
        raise exception 'pgsodium: raw keys (create_key with raw_key or parent_key) are not provided by the gateway''s pgsodium'
            using errcode = 'feature_not_supported';
    end if;
    insert into @extschema@.key (key_type, name, key_context, expires, associated_data)
    values (create_key.key_type, create_key.name, create_key.key_context, create_key.expires,
            create_key.associated_data)
    returning id into new_id;
    select * into made from @extschema@.valid_key where id = new_id;
    return made;
end
$$;

-- ---- pgsodium functions this build does not carry: calling one says so, naming it ----

do $$
declare
    stub text;
begin
    foreach stub in array array[
        'crypto_box_new_seed', 'crypto_sign_new_seed', 'crypto_kx_new_keypair', 'crypto_kx_new_seed',
        'crypto_shorthash_keygen', 'crypto_generichash_keygen', 'crypto_kdf_keygen', 'crypto_aead_ietf_keygen',
        'crypto_aead_ietf_noncegen', 'crypto_auth_hmacsha256_keygen', 'crypto_auth_hmacsha512_keygen',
        'crypto_secretstream_keygen', 'crypto_stream_xchacha20_keygen', 'crypto_stream_xchacha20_noncegen',
        'randombytes_new_seed', 'crypto_signcrypt_new_keypair', 'crypto_sign_init']
    loop
        execute format('create function @extschema@.%I() returns bytea as %L, %L language c volatile',
                       stub, 'MODULE_PATHNAME', 'pgsodium_not_provided');
    end loop;
    foreach stub in array array[
        'crypto_box_seed_new_keypair', 'crypto_auth_hmacsha256', 'crypto_auth_hmacsha512', 'crypto_pwhash',
        'crypto_aead_ietf_encrypt', 'crypto_aead_ietf_decrypt', 'crypto_shorthash', 'crypto_kdf_derive_from_key',
        'crypto_kx_seed_new_keypair', 'crypto_kx_client_session_keys', 'crypto_kx_server_session_keys',
        'crypto_stream_xchacha20', 'crypto_stream_xchacha20_xor', 'crypto_secretstream_init_push',
        'crypto_sign_update', 'crypto_sign_final_create', 'randombytes_buf_deterministic',
        'crypto_signcrypt_sign_before', 'crypto_signcrypt_sign_after', 'crypto_signcrypt_verify_before',
        'crypto_signcrypt_verify_after', 'crypto_signcrypt_verify_public', 'sodium_bin2base64', 'sodium_base642bin',
        'crypto_cmp']
    loop
        execute format('create function @extschema@.%I(variadic "any") returns bytea as %L, %L language c volatile',
                       stub, 'MODULE_PATHNAME', 'pgsodium_not_provided');
    end loop;
    foreach stub in array array['crypto_auth_hmacsha256_verify', 'crypto_auth_hmacsha512_verify',
                                'crypto_sign_final_verify']
    loop
        execute format('create function @extschema@.%I(variadic "any") returns boolean as %L, %L language c volatile',
                       stub, 'MODULE_PATHNAME', 'pgsodium_not_provided');
    end loop;
end
$$;

-- ---- privileges: key ids for keyiduser, raw keys for keyholder, making keys for keymaker ----

revoke all on all functions in schema @extschema@ from public;
revoke all on @extschema@.key, @extschema@.valid_key, @extschema@.key_key_id_seq from public;
grant usage on schema @extschema@ to public;
grant execute on function
    @extschema@.randombytes_random(), @extschema@.randombytes_uniform(integer), @extschema@.randombytes_buf(integer),
    @extschema@.crypto_generichash(bytea, bytea), @extschema@.crypto_sign_verify_detached(bytea, bytea, bytea),
    @extschema@.crypto_sign_open(bytea, bytea), @extschema@.crypto_secretbox_noncegen(),
    @extschema@.crypto_aead_det_noncegen(), @extschema@.crypto_box_noncegen(),
    @extschema@.crypto_box_seal(bytea, bytea), @extschema@.crypto_hash_sha256(bytea),
    @extschema@.crypto_hash_sha512(bytea), @extschema@.crypto_pwhash_str(bytea),
    @extschema@.crypto_pwhash_str_verify(bytea, bytea)
    to public;
do $$
declare
    fn regprocedure;
begin
    -- The stubs only raise an error, which everyone may see.
    for fn in select p.oid from pg_proc p where p.pronamespace = '@extschema@'::regnamespace
                                            and p.prosrc = 'pgsodium_not_provided' loop
        execute format('grant execute on function %s to public', fn);
    end loop;
end
$$;
grant select on @extschema@.valid_key to pgsodium_keyiduser;
grant execute on function
    @extschema@.crypto_secretbox(bytea, bytea, bigint, bytea), @extschema@.crypto_secretbox_open(bytea, bytea, bigint, bytea),
    @extschema@.crypto_secretbox(bytea, bytea, uuid), @extschema@.crypto_secretbox_open(bytea, bytea, uuid),
    @extschema@.crypto_aead_det_encrypt(bytea, bytea, bigint, bytea, bytea),
    @extschema@.crypto_aead_det_decrypt(bytea, bytea, bigint, bytea, bytea),
    @extschema@.crypto_aead_det_encrypt(bytea, bytea, uuid), @extschema@.crypto_aead_det_decrypt(bytea, bytea, uuid),
    @extschema@.crypto_aead_det_encrypt(bytea, bytea, uuid, bytea),
    @extschema@.crypto_aead_det_decrypt(bytea, bytea, uuid, bytea)
    to pgsodium_keyiduser;
grant execute on function
    @extschema@.crypto_secretbox(bytea, bytea, bytea), @extschema@.crypto_secretbox_open(bytea, bytea, bytea),
    @extschema@.crypto_aead_det_encrypt(bytea, bytea, bytea, bytea),
    @extschema@.crypto_aead_det_decrypt(bytea, bytea, bytea, bytea),
    @extschema@.crypto_sign(bytea, bytea), @extschema@.crypto_sign_detached(bytea, bytea),
    @extschema@.crypto_box(bytea, bytea, bytea, bytea), @extschema@.crypto_box_open(bytea, bytea, bytea, bytea),
    @extschema@.crypto_box_seal_open(bytea, bytea, bytea), @extschema@.crypto_auth(bytea, bytea),
    @extschema@.crypto_auth_verify(bytea, bytea, bytea)
    to pgsodium_keyholder;
grant select, insert, update, delete on @extschema@.key to pgsodium_keymaker;
grant usage on sequence @extschema@.key_key_id_seq to pgsodium_keymaker;
grant execute on function
    @extschema@.derive_key(bigint, integer, bytea), @extschema@.create_key(@extschema@.key_type, text, bytea, bytea,
    uuid, bytea, timestamptz, text), @extschema@.crypto_secretbox_keygen(), @extschema@.crypto_aead_det_keygen(),
    @extschema@.crypto_sign_keypair(), @extschema@.crypto_sign_seed_new_keypair(bytea),
    @extschema@.crypto_box_new_keypair(), @extschema@.crypto_auth_keygen()
    to pgsodium_keymaker;
