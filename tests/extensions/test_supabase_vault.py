"""Supabase Vault, installed in every database as in Supabase's image: the README's examples, encryption at rest
under the server's root key file, and the privileges the image gives."""

from __future__ import annotations

import base64
import os
import secrets
import tempfile
import uuid

import psycopg
import pytest

SECRET = "s3kre3t_k3y ✓ ünïcode"


def one(conn: psycopg.Connection, query: str, *params):
    return conn.execute(query, params).fetchone()[0]


def create_secret(conn: psycopg.Connection, secret: str, name: str | None = None, description: str = "") -> str:
    return one(conn, "select vault.create_secret(%s, %s, %s)", secret, name, description)


def test_vault_is_installed_without_create_extension_and_a_projects_create_is_a_no_op(db):
    installed = dict(db.execute("select extname, extversion from pg_extension").fetchall())
    assert installed["supabase_vault"] == "0.3.1" and installed["pgsodium"] == "3.1.8"
    assert one(db, "select extnamespace::regnamespace::text from pg_extension where extname = 'supabase_vault'") == "vault"
    db.execute("create extension if not exists supabase_vault with schema vault")
    db.execute("create extension if not exists supabase_vault")
    with pytest.raises(psycopg.errors.DuplicateObject):
        db.execute("create extension supabase_vault")


def test_create_secret_round_trips_through_decrypted_secrets(db):
    secret_id = create_secret(db, SECRET, "round_trip", "This is the description")
    row = db.execute("select name, description, decrypted_secret, key_id from vault.decrypted_secrets where id = %s",
                     (secret_id,)).fetchone()
    assert row == ("round_trip", "This is the description", SECRET, None)
    unnamed = one(db, "select vault.create_secret('another_s3kre3t')")
    assert db.execute("select name, description, decrypted_secret from vault.decrypted_secrets where id = %s",
                      (unnamed,)).fetchone() == (None, "", "another_s3kre3t")
    empty = create_secret(db, "")
    assert one(db, "select decrypted_secret from vault.decrypted_secrets where id = %s", empty) == ""


def test_names_are_unique(db):
    create_secret(db, "first", "unique_name")
    with pytest.raises(psycopg.errors.UniqueViolation):
        create_secret(db, "second", "unique_name")


def test_the_stored_secret_is_ciphertext_and_the_plaintext_never_reaches_the_table_file(db):
    marker = f"plaintext-marker-{uuid.uuid4().hex}"
    secret_id = create_secret(db, marker, "on_disk")
    stored, nonce = db.execute("select secret, nonce from vault.secrets where id = %s", (secret_id,)).fetchone()
    assert marker not in stored
    ciphertext = base64.b64decode(stored)
    assert len(ciphertext) == len(marker) + 16 and marker.encode() not in ciphertext  # the synthetic IV, then the text
    assert len(nonce) == 16
    # create_secret encrypts before it inserts: no row version on disk (dead or alive) holds the plaintext.
    db.execute("checkpoint")
    table_file = one(db, "select pg_read_binary_file(pg_relation_filepath('vault.secrets'))")
    assert stored.encode()[:20] in table_file and marker.encode() not in table_file


def test_the_same_secret_encrypts_differently_in_each_row(db):
    first, second = create_secret(db, "same"), create_secret(db, "same")
    stored = db.execute("select secret from vault.secrets where id in (%s, %s)", (first, second)).fetchall()
    assert stored[0] != stored[1]


def test_update_secret_changes_the_secret_name_and_description(db):
    secret_id = create_secret(db, "old", "to_update", "before")
    before = db.execute("select secret, updated_at from vault.secrets where id = %s", (secret_id,)).fetchone()
    db.execute("select vault.update_secret(%s, 'n3w_upd@ted_s3kret', 'updated_unique_name', "
               "'This is the updated description')", (secret_id,))
    after = db.execute("select name, description, decrypted_secret, secret, updated_at from vault.decrypted_secrets "
                       "where id = %s", (secret_id,)).fetchone()
    assert after[:3] == ("updated_unique_name", "This is the updated description", "n3w_upd@ted_s3kret")
    assert after[3] != before[0] and after[4] > before[1]
    db.execute("select vault.update_secret(%s, new_description => 'only this')", (secret_id,))
    assert db.execute("select name, description, decrypted_secret from vault.decrypted_secrets where id = %s",
                      (secret_id,)).fetchone() == ("updated_unique_name", "only this", "n3w_upd@ted_s3kret")


def test_decrypting_under_another_root_key_fails(db):
    secret_id = create_secret(db, "bound to the server's key")
    # A key file of the test's own, in /tmp where the server's system user reads it (PostgreSQL 15 runs as postgres).
    with tempfile.NamedTemporaryFile("w", dir="/tmp", prefix="gateway-test-root-", suffix=".key") as other_key:
        other_key.write(secrets.token_hex(32))
        other_key.flush()
        os.chmod(other_key.name, 0o644)
        with db.transaction():
            db.execute(f"set local pgsodium.root_key_file = '{other_key.name}'")
            with pytest.raises(psycopg.errors.DataException, match="invalid ciphertext"), db.transaction():
                db.execute("select decrypted_secret from vault.decrypted_secrets where id = %s", (secret_id,))
    assert one(db, "select decrypted_secret from vault.decrypted_secrets where id = %s",
               secret_id) == "bound to the server's key"


def test_only_a_superuser_names_the_root_key_file(db):
    with pytest.raises(psycopg.errors.InsufficientPrivilege), db.transaction():
        db.execute("set local role service_role")
        db.execute("set pgsodium.root_key_file = '/tmp/chosen-by-a-client.key'")


def test_a_secret_moved_to_another_row_or_altered_does_not_decrypt(db):
    first, second = create_secret(db, "first secret"), create_secret(db, "second secret")
    db.execute("update vault.secrets set secret = (select secret from vault.secrets where id = %s), "
               "nonce = (select nonce from vault.secrets where id = %s) where id = %s", (first, first, second))
    with pytest.raises(psycopg.errors.DataException, match="invalid ciphertext"):
        db.execute("select decrypted_secret from vault.decrypted_secrets where id = %s", (second,))
    stored = base64.b64decode(one(db, "select secret from vault.secrets where id = %s", first))
    altered = base64.b64encode(stored[:-1] + bytes([stored[-1] ^ 1])).decode()
    db.execute("update vault.secrets set secret = %s where id = %s", (altered, first))
    with pytest.raises(psycopg.errors.DataException, match="invalid ciphertext"):
        db.execute("select decrypted_secret from vault.decrypted_secrets where id = %s", (first,))
    db.execute("delete from vault.secrets where id in (%s, %s)", (first, second))


@pytest.mark.parametrize("role", ["anon", "authenticated", "service_role"])
def test_api_roles_get_nothing_of_the_vault(db, role):
    create_secret(db, "not for the API")
    for statement in ("select decrypted_secret from vault.decrypted_secrets",
                      "select secret from vault.secrets",
                      "select vault.create_secret('x')",
                      "select vault._crypto_aead_det_decrypt('x', 'y', 0)"):
        with pytest.raises(psycopg.errors.InsufficientPrivilege), db.transaction():
            db.execute(f"set local role {role}")
            db.execute(statement)


def test_postgres_reads_and_manages_secrets_and_can_grant_them_on(db):
    with db.transaction(force_rollback=True):
        db.execute("set local role postgres")
        secret_id = create_secret(db, "postgres's secret")
        assert one(db, "select decrypted_secret from vault.decrypted_secrets where id = %s",
                   secret_id) == "postgres's secret"
        db.execute("grant usage on schema vault to service_role")
        db.execute("grant select on vault.decrypted_secrets to service_role")
        db.execute("grant execute on function vault._crypto_aead_det_decrypt to service_role")
        db.execute("set local role service_role")
        assert one(db, "select decrypted_secret from vault.decrypted_secrets where id = %s",
                   secret_id) == "postgres's secret"


def test_drop_and_create_extension_again(db):
    with db.transaction(force_rollback=True):
        db.execute("drop extension supabase_vault")
        assert one(db, "select count(*) from pg_extension where extname = 'supabase_vault'") == 0
        with pytest.raises(psycopg.Error, match='must be installed in schema "vault"'), db.transaction():
            db.execute("create extension supabase_vault with schema extensions")
        db.execute("create extension supabase_vault with schema vault")
        secret_id = create_secret(db, "again")
        assert one(db, "select decrypted_secret from vault.decrypted_secrets where id = %s", secret_id) == "again"
