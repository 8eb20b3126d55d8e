"""pgsodium as `db pull` output and Vault use it: installed in every database, its roles, key table and the
functions projects call, checked against Python's own BLAKE2b and Ed25519; the others say they are not provided."""

from __future__ import annotations

import hashlib
import hmac

import psycopg
import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat


def one(conn: psycopg.Connection, query: str, *params):
    return conn.execute(query, params).fetchone()[0]


def test_installed_in_every_database_and_a_db_pull_create_is_a_no_op(db):
    assert one(db, "select extnamespace::regnamespace::text from pg_extension where extname = 'pgsodium'") == "pgsodium"
    db.execute("create extension if not exists pgsodium with schema pgsodium")
    db.execute('create extension if not exists "pgsodium"')


def test_its_roles_nest_and_postgres_holds_them_with_admin_option(db):
    members = set(db.execute("""
        select r.rolname, m.rolname, a.admin_option from pg_auth_members a
        join pg_roles r on r.oid = a.roleid join pg_roles m on m.oid = a.member
        where r.rolname like 'pgsodium_key%'""").fetchall())
    assert {("pgsodium_keyiduser", "pgsodium_keyholder", False), ("pgsodium_keyholder", "pgsodium_keymaker", False),
            ("pgsodium_keyiduser", "postgres", True), ("pgsodium_keyholder", "postgres", True),
            ("pgsodium_keymaker", "postgres", True)} <= members
    # What a `db pull` dump then grants.
    db.execute("grant pgsodium_keyiduser to service_role")
    db.execute("revoke pgsodium_keyiduser from service_role")


def test_random_bytes(db):
    assert len(one(db, "select pgsodium.randombytes_buf(42)")) == 42
    assert one(db, "select pgsodium.randombytes_buf(16) <> pgsodium.randombytes_buf(16)")
    assert one(db, "select bool_and(pgsodium.randombytes_uniform(7) between 0 and 6) from generate_series(1, 200)")
    assert isinstance(one(db, "select pgsodium.randombytes_random()"), int)
    with pytest.raises(psycopg.errors.InvalidParameterValue):
        db.execute("select pgsodium.randombytes_uniform(0)")


def test_secretbox_round_trip_and_a_wrong_key_or_altered_box_fails(db):
    key, nonce = db.execute("select pgsodium.crypto_secretbox_keygen(), pgsodium.crypto_secretbox_noncegen()").fetchone()
    assert (len(key), len(nonce)) == (32, 24)
    box = one(db, "select pgsodium.crypto_secretbox('bob is your uncle', %s, %s)", nonce, key)
    assert len(box) == len("bob is your uncle") + 16
    assert one(db, "select pgsodium.crypto_secretbox_open(%s, %s, %s)", box, nonce, key) == b"bob is your uncle"
    other = one(db, "select pgsodium.crypto_secretbox_keygen()")
    for wrong in ((box, nonce, other), (box[:-1] + bytes([box[-1] ^ 1]), nonce, key)):
        with pytest.raises(psycopg.errors.DataException, match="invalid message"):
            db.execute("select pgsodium.crypto_secretbox_open(%s, %s, %s)", wrong)
    with pytest.raises(psycopg.errors.InvalidParameterValue, match="nonce must be 24 bytes"):
        db.execute("select pgsodium.crypto_secretbox('x', 'short', %s)", (key,))


def test_secretbox_by_key_id_uses_a_derived_key(db):
    nonce = one(db, "select pgsodium.crypto_secretbox_noncegen()")
    box = one(db, "select pgsodium.crypto_secretbox('by id', %s, 1::bigint)", nonce)
    assert one(db, "select pgsodium.crypto_secretbox_open(%s, %s, 1::bigint)", box, nonce) == b"by id"
    assert one(db, "select pgsodium.crypto_secretbox_open(%s, %s, pgsodium.derive_key(1))", box, nonce) == b"by id"
    with pytest.raises(psycopg.errors.DataException):
        db.execute("select pgsodium.crypto_secretbox_open(%s, %s, 2::bigint)", (box, nonce))


def test_derive_key_depends_on_id_context_and_length(db):
    keys = db.execute("""select pgsodium.derive_key(1), pgsodium.derive_key(1), pgsodium.derive_key(2),
                                pgsodium.derive_key(1, 32, 'othercxt'), pgsodium.derive_key(1, 64)""").fetchone()
    assert keys[0] == keys[1] and len({keys[0], keys[2], keys[3]}) == 3
    assert len(keys[0]) == 32 and len(keys[4]) == 64
    with pytest.raises(psycopg.errors.InvalidParameterValue, match="at most 8 bytes"):
        db.execute("select pgsodium.derive_key(1, 32, 'longer than eight')")


def test_deterministic_aead_with_a_raw_key(db):
    key = one(db, "select pgsodium.crypto_aead_det_keygen()")
    first = one(db, "select pgsodium.crypto_aead_det_encrypt('the message', 'additional', %s)", key)
    assert first == one(db, "select pgsodium.crypto_aead_det_encrypt('the message', 'additional', %s)", key)
    assert len(first) == len("the message") + 16 and b"the message" not in first
    assert one(db, "select pgsodium.crypto_aead_det_decrypt(%s, 'additional', %s)", first, key) == b"the message"
    nonce = one(db, "select pgsodium.crypto_aead_det_noncegen()")
    assert len(nonce) == 16
    with_nonce = one(db, "select pgsodium.crypto_aead_det_encrypt('the message', 'additional', %s, %s)", key, nonce)
    assert with_nonce != first
    assert one(db, "select pgsodium.crypto_aead_det_decrypt(%s, 'additional', %s, %s)",
               with_nonce, key, nonce) == b"the message"
    for query, params in (("select pgsodium.crypto_aead_det_decrypt(%s, 'other', %s)", (first, key)),
                          ("select pgsodium.crypto_aead_det_decrypt(%s, 'additional', %s)", (with_nonce, key))):
        with pytest.raises(psycopg.errors.DataException, match="invalid ciphertext"):
            db.execute(query, params)


def test_deterministic_aead_with_a_key_made_by_create_key(db):
    made = db.execute("select id, name, status, key_type, key_id, key_context "
                      "from pgsodium.create_key(name => 'pii_key')").fetchone()
    key_uuid = made[0]
    assert made[1:4] == ("pii_key", "valid", "aead-det") and made[4] >= 1 and made[5] == b"pgsodium"
    assert one(db, "select count(*) from pgsodium.valid_key where id = %s", key_uuid) == 1
    secret = one(db, "select pgsodium.crypto_aead_det_encrypt('4111 1111 1111 1111', 'user 7', %s)", key_uuid)
    assert one(db, "select pgsodium.crypto_aead_det_decrypt(%s, 'user 7', %s)", secret, key_uuid) == b"4111 1111 1111 1111"
    by_id = one(db, "select pgsodium.crypto_aead_det_encrypt('4111 1111 1111 1111', 'user 7', %s::bigint)", made[4])
    assert by_id == secret
    db.execute("update pgsodium.key set status = 'invalid' where id = %s", (key_uuid,))
    with pytest.raises(psycopg.errors.InvalidParameterValue, match="no valid aead-det key"):
        db.execute("select pgsodium.crypto_aead_det_decrypt(%s, 'user 7', %s)", (secret, key_uuid))
    with pytest.raises(psycopg.errors.FeatureNotSupported, match="raw keys"):
        db.execute("select pgsodium.create_key(raw_key => 'x', parent_key => %s)", (key_uuid,))


def test_service_role_decrypts_by_key_uuid_as_the_image_grants(db):
    key_uuid = one(db, "select id from pgsodium.create_key()")
    with db.transaction():
        db.execute("set local role service_role")
        secret = one(db, "select pgsodium.crypto_aead_det_encrypt('for the service', 'ad', %s, null)", key_uuid)
        assert one(db, "select pgsodium.crypto_aead_det_decrypt(%s, 'ad', %s, null)", secret, key_uuid) == (
            b"for the service")


@pytest.mark.parametrize("statement", [
    "select pgsodium.derive_key(1)",
    "select pgsodium.crypto_aead_det_encrypt('m', 'ad', 1::bigint)",
    "select pgsodium.crypto_secretbox_keygen()",
    "select * from pgsodium.key",
])
def test_the_api_roles_get_no_keys(db, statement):
    for role in ("anon", "authenticated"):
        with pytest.raises(psycopg.errors.InsufficientPrivilege), db.transaction():
            db.execute(f"set local role {role}")
            db.execute(statement)


def test_keyiduser_uses_key_ids_but_never_sees_a_key(db):
    with db.transaction(force_rollback=True):
        db.execute("create role gateway_test_keyid nologin in role pgsodium_keyiduser")
        db.execute("set local role gateway_test_keyid")
        box = one(db, "select pgsodium.crypto_aead_det_encrypt('m', 'ad', 5::bigint)")
        assert one(db, "select pgsodium.crypto_aead_det_decrypt(%s, 'ad', 5::bigint)", box) == b"m"
        with pytest.raises(psycopg.errors.InsufficientPrivilege), db.transaction():
            db.execute("select pgsodium.derive_key(5)")


def test_signatures_are_ed25519(db):
    public, secret = db.execute("select public, secret from pgsodium.crypto_sign_keypair()").fetchone()
    assert (len(public), len(secret)) == (32, 64)
    signature = one(db, "select pgsodium.crypto_sign_detached('signed words', %s)", secret)
    Ed25519PublicKey.from_public_bytes(public).verify(signature, b"signed words")  # raises when it is not
    assert one(db, "select pgsodium.crypto_sign_verify_detached(%s, 'signed words', %s)", signature, public)
    assert not one(db, "select pgsodium.crypto_sign_verify_detached(%s, 'other words', %s)", signature, public)
    signed = one(db, "select pgsodium.crypto_sign('attached', %s)", secret)
    assert signed[:64] == one(db, "select pgsodium.crypto_sign_detached('attached', %s)", secret)
    assert one(db, "select pgsodium.crypto_sign_open(%s, %s)", signed, public) == b"attached"
    with pytest.raises(psycopg.errors.DataException):
        db.execute("select pgsodium.crypto_sign_open(%s, %s)", (signed[:-1] + b"!", public))
    seed = bytes(range(32))
    from_seed = one(db, "select public from pgsodium.crypto_sign_seed_new_keypair(%s)", seed)
    assert from_seed == Ed25519PrivateKey.from_private_bytes(seed).public_key().public_bytes(Encoding.Raw,
                                                                                              PublicFormat.Raw)


def test_boxes_between_two_key_pairs_and_sealed_boxes(db):
    alice = db.execute("select public, secret from pgsodium.crypto_box_new_keypair()").fetchone()
    bob = db.execute("select public, secret from pgsodium.crypto_box_new_keypair()").fetchone()
    nonce = one(db, "select pgsodium.crypto_box_noncegen()")
    box = one(db, "select pgsodium.crypto_box('for bob', %s, %s, %s)", nonce, bob[0], alice[1])
    assert one(db, "select pgsodium.crypto_box_open(%s, %s, %s, %s)", box, nonce, alice[0], bob[1]) == b"for bob"
    with pytest.raises(psycopg.errors.DataException, match="invalid message"):
        db.execute("select pgsodium.crypto_box_open(%s, %s, %s, %s)", (box, nonce, bob[0], bob[1]))
    sealed = one(db, "select pgsodium.crypto_box_seal('anonymous', %s)", bob[0])
    assert one(db, "select pgsodium.crypto_box_seal_open(%s, %s, %s)", sealed, bob[0], bob[1]) == b"anonymous"
    with pytest.raises(psycopg.errors.DataException):
        db.execute("select pgsodium.crypto_box_seal_open(%s, %s, %s)", (sealed, alice[0], alice[1]))


def test_auth_is_hmac_sha512_256_and_hashes_are_sha2(db):
    key = one(db, "select pgsodium.crypto_auth_keygen()")
    mac = one(db, "select pgsodium.crypto_auth('authenticated words', %s)", key)
    assert mac == hmac.new(key, b"authenticated words", hashlib.sha512).digest()[:32]
    assert one(db, "select pgsodium.crypto_auth_verify(%s, 'authenticated words', %s)", mac, key)
    assert not one(db, "select pgsodium.crypto_auth_verify(%s, 'other words', %s)", mac, key)
    assert one(db, "select pgsodium.crypto_hash_sha256('abc')") == hashlib.sha256(b"abc").digest()
    assert one(db, "select pgsodium.crypto_hash_sha512('abc')") == hashlib.sha512(b"abc").digest()


def test_password_hashes_are_argon2id(db):
    hashed = one(db, "select pgsodium.crypto_pwhash_str('correct horse')")
    assert hashed.startswith(b"$argon2id$")
    assert one(db, "select pgsodium.crypto_pwhash_str_verify(%s, 'correct horse')", hashed)
    assert not one(db, "select pgsodium.crypto_pwhash_str_verify(%s, 'wrong horse')", hashed)


def test_generichash_is_blake2b(db):
    assert one(db, "select pgsodium.crypto_generichash('hello')") == hashlib.blake2b(b"hello", digest_size=32).digest()
    key = b"k" * 32
    assert one(db, "select pgsodium.crypto_generichash('hello', %s)", key) == hashlib.blake2b(
        b"hello", digest_size=32, key=key).digest()


@pytest.mark.parametrize("call,name", [
    ("select pgsodium.crypto_kx_new_keypair()", "crypto_kx_new_keypair"),
    ("select pgsodium.crypto_aead_ietf_encrypt('m', 'ad', 'n', 'k')", "crypto_aead_ietf_encrypt"),
    ("select pgsodium.crypto_pwhash('password', 'salt')", "crypto_pwhash"),
    ("select pgsodium.crypto_auth_hmacsha256_verify('m', 'k', 1)", "crypto_auth_hmacsha256_verify"),
])
def test_a_function_not_provided_says_so_by_name(db, call, name):
    with pytest.raises(psycopg.errors.FeatureNotSupported,
                       match=f"^pgsodium.{name} is not provided by the gateway's pgsodium\n"):
        with db.transaction():
            db.execute("set local role anon")
            db.execute(call)


def test_drop_and_create_extension_again(db):
    with db.transaction(force_rollback=True):
        db.execute("drop extension pgsodium")
        assert one(db, "select to_regclass('pgsodium.key')") is None
        db.execute("create extension pgsodium")
        assert len(one(db, "select pgsodium.crypto_aead_det_keygen()")) == 32
