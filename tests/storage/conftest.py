"""Storage fixtures: every module runs once per backend (a folder, and S3 on a SeaweedFS server), each with its own
database; two users, an `avatars` bucket with the policies Supabase's docs give, a private `docs` bucket with
limits, and tokens for both users."""

from __future__ import annotations

import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass

import psycopg
import pytest

from gateway.settings import Settings
from tests.conftest import make_settings
from tests.storage.backends import S3Server, start_seaweedfs
from tests.support.live import LiveGateway
from tests.support.pg import PgCluster

AVATAR_POLICIES = """
create policy "avatar images are readable by their owner" on storage.objects for select to authenticated
    using (bucket_id = 'avatars' and (storage.foldername(name))[1] = auth.uid()::text);
create policy "users upload their own avatar" on storage.objects for insert to authenticated
    with check (bucket_id = 'avatars' and (storage.foldername(name))[1] = auth.uid()::text);
create policy "users replace their own avatar" on storage.objects for update to authenticated
    using (bucket_id = 'avatars' and (storage.foldername(name))[1] = auth.uid()::text);
create policy "users delete their own avatar" on storage.objects for delete to authenticated
    using (bucket_id = 'avatars' and (storage.foldername(name))[1] = auth.uid()::text);
create policy "anyone sees the public buckets" on storage.buckets for select using (public);
"""


@dataclass
class StorageWorld:
    gateway: LiveGateway
    user_a: str
    user_b: str

    def token(self, user_id: str, expires_in: int = 3600) -> str:
        now = int(time.time())
        return self.gateway.keys.sign({"sub": user_id, "role": "authenticated", "aud": "authenticated",
                                       "iat": now, "exp": now + expires_in})


def make_user(db: psycopg.Connection, email: str) -> str:
    user_id = str(uuid.uuid4())
    db.execute("insert into auth.users (id, email, email_confirmed_at) values (%s, %s, now())", (user_id, email))
    return user_id


@pytest.fixture(scope="session")
def s3_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[S3Server]:
    yield from start_seaweedfs(tmp_path_factory.mktemp("seaweedfs"))


@pytest.fixture(scope="module", params=["file", "s3"])
def backend(request: pytest.FixtureRequest) -> str:
    return request.param


@pytest.fixture(scope="module")
def database_url(pg_cluster: PgCluster, migrated_template: str, request: pytest.FixtureRequest,
                 backend: str) -> Iterator[str]:
    """A database per module and backend: the fixtures below arrange the same rows for each."""
    name = pg_cluster.create_database(f"t_{request.module.__name__.rsplit('.', 1)[-1][:30]}_{backend}",
                                      template=migrated_template)
    yield pg_cluster.url_for(name)
    pg_cluster.drop_database(name)


def with_backend(settings: Settings, backend: str, request: pytest.FixtureRequest) -> Settings:
    if backend == "s3":
        return request.getfixturevalue("s3_server").settings_for(settings)
    return settings


@pytest.fixture(scope="module")
def settings(database_url: str, tmp_path_factory: pytest.TempPathFactory, backend: str,
             request: pytest.FixtureRequest) -> Settings:
    return with_backend(make_settings(database_url, tmp_path_factory.mktemp("data")), backend, request)


@pytest.fixture(scope="module")
def world(db: psycopg.Connection, gateway: LiveGateway) -> StorageWorld:
    db.execute(AVATAR_POLICIES)
    db.execute("select realtime.add_table('storage.objects')")
    db.execute("insert into storage.buckets (id, name, public) values ('avatars', 'avatars', true)")
    db.execute("insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)"
               " values ('docs', 'docs', false, 1024, array['text/plain', 'image/*'])")
    return StorageWorld(gateway, make_user(db, "ann@storage.test"), make_user(db, "bob@storage.test"))
