"""A profile page in the shape of Supabase's user-management example, unchanged SQL on a fresh gateway, through
supabase-js: magic links from the development mailbox, the account form's upsert, unique usernames; its SQL also
makes the avatars bucket and storage policies, which need Supabase's `storage` schema."""

import json
import uuid

import psycopg
import pytest

APP = "profiles"


def test_the_avatars_bucket_and_its_policies_exist(app_gateway):
    assert app_gateway.query("select name, public, type from storage.buckets where id = 'avatars'") == [
        ("avatars", False, "STANDARD")]
    policies = app_gateway.query(
        "select policyname, cmd from pg_policies where schemaname = 'storage' and tablename = 'objects' order by 1")
    assert policies == [
        ("Anyone can update their own avatar.", "UPDATE"),
        ("Anyone can upload an avatar.", "INSERT"),
        ("Avatar images are publicly accessible.", "SELECT"),
    ]


def test_storage_path_helpers_as_supabase_has_them(app_gateway):
    assert app_gateway.query(
        "select storage.foldername('user-1/avatars/me.png'), storage.filename('user-1/avatars/me.png'),"
        " storage.extension('user-1/avatars/me.png')"
    ) == [(["user-1", "avatars"], "me.png", "png")]


def test_storage_policies_decide_as_the_signed_in_user(app_gateway):
    """What the Storage API does on an upload: write the object's row as the caller, under the bucket's policies."""
    owner, stranger = str(uuid.uuid4()), str(uuid.uuid4())
    with psycopg.connect(app_gateway.db_url, autocommit=True) as conn:
        conn.execute("insert into storage.buckets (id, name) values ('private', 'private')")

        def as_user(user: str, statement: str, *params) -> int:
            with conn.transaction():
                conn.execute("select set_config('request.jwt.claims', %s, true)",
                             (json.dumps({"sub": user, "role": "authenticated"}),))
                conn.execute("set local role authenticated")
                return conn.execute(statement, params).rowcount

        upload = "insert into storage.objects (bucket_id, name, owner, owner_id) values (%s, %s, %s, %s)"
        assert as_user(owner, upload, "avatars", "me.png", owner, owner) == 1
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            as_user(owner, upload, "private", "secret.png", owner, owner)
        touch = "update storage.objects set metadata = '{}' where name = 'me.png'"
        assert as_user(stranger, touch) == 0
        assert as_user(owner, touch) == 1
        path_tokens, updated = conn.execute(
            "select path_tokens, updated_at > created_at from storage.objects where name = 'me.png'").fetchone()
        assert path_tokens == ["me.png"] and updated


def test_magic_link_sign_in_and_the_account_form(app_gateway):
    app_gateway.node("profiles.test.mjs", "magic link signs a new user in")


def test_confirmation_then_magic_links(app_gateway):
    app_gateway.node("profiles.test.mjs", "signup confirmation")


def test_username_rules(app_gateway):
    app_gateway.node("profiles.test.mjs", "taken username")


def test_profiles_are_written_by_their_owner_only(app_gateway):
    app_gateway.node("profiles.test.mjs", "cannot write another")
