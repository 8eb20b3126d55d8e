"""supabase-py (storage3) against /storage/v1, and what only a raw client can do: abort an upload midway, send
encoded dot segments, stream 200 MB while the gateway's memory stays flat."""

from __future__ import annotations

import os
import socket
import time

import httpx
import psycopg
import pytest
from storage3.exceptions import StorageApiError

from supabase import Client, ClientOptions, create_client
from tests.conftest import make_settings
from tests.storage.backends import stored
from tests.storage.conftest import with_backend
from tests.storage.memory import PeakRss
from tests.support.waits import eventually

pytestmark = pytest.mark.filterwarnings("ignore:The '(timeout|verify)' parameter is deprecated:DeprecationWarning")
LARGE = 200 * 1024 * 1024


@pytest.fixture(scope="module")
def settings(database_url: str, tmp_path_factory: pytest.TempPathFactory, backend: str,
             request: pytest.FixtureRequest):
    return with_backend(make_settings(database_url, tmp_path_factory.mktemp("data"),
                                      storage_file_size_limit=LARGE + 1024), backend, request)


@pytest.fixture(scope="module")
def http():
    with httpx.Client(timeout=30) as shared:
        yield shared


def connect(gateway, http: httpx.Client, token: str | None = None) -> Client:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    return create_client(gateway.url, gateway.anon_key, ClientOptions(
        auto_refresh_token=False, persist_session=False, headers=headers, httpx_client=http))


def test_avatar_flow(world, gateway, http):
    ann = connect(gateway, http, world.token(world.user_a)).storage.from_("avatars")
    path = f"{world.user_a}/avatar.png"
    uploaded = ann.upload(path, b"\x89PNG-bytes", {"content-type": "image/png", "cache-control": "60"})
    assert uploaded.full_path == f"avatars/{path}"
    with pytest.raises(StorageApiError) as refused:
        ann.upload(f"{world.user_b}/avatar.png", b"x", {"content-type": "image/png"})
    assert refused.value.message == "new row violates row-level security policy" and refused.value.status == "403"
    public = httpx.get(ann.get_public_url(path))
    assert public.status_code == 200 and public.content == b"\x89PNG-bytes"
    assert public.headers["cache-control"] == "max-age=60"
    assert ann.download(path) == b"\x89PNG-bytes"
    signed = ann.create_signed_url(path, 3)  # seconds: room for the first fetch on a busy machine
    assert httpx.get(signed["signedURL"]).content == b"\x89PNG-bytes"
    time.sleep(4.1)  # past the signed URL's lifetime: its expiry is what is tested
    late = httpx.get(signed["signedURL"])
    assert late.status_code == 400 and late.json()["message"] == "jwt expired"
    assert [f["name"] for f in ann.list(world.user_a)] == ["avatar.png"]
    with pytest.raises(StorageApiError) as duplicate:
        ann.upload(path, b"again", {"content-type": "image/png"})
    assert duplicate.value.status == "409"
    ann.upload(path, b"again", {"content-type": "image/png", "upsert": "true"})
    assert ann.download(path) == b"again"
    assert [f["name"] for f in ann.remove([path])] == [path]


def test_an_aborted_upload_leaves_nothing_behind(world, gateway, settings, db: psycopg.Connection):
    before = stored(settings)
    token = world.token(world.user_a)
    for content_type, prefix in (("text/plain", b""),
                                 ("multipart/form-data; boundary=XyZ",
                                  b'--XyZ\r\nContent-Disposition: form-data; name=""; filename="a"\r\n'
                                  b"Content-Type: text/plain\r\n\r\n")):
        name = f"{world.user_a}/aborted-{len(prefix)}.txt"
        head = (f"POST /storage/v1/object/avatars/{name} HTTP/1.1\r\nHost: x\r\napikey: {gateway.anon_key}\r\n"
                f"Authorization: Bearer {token}\r\nContent-Type: {content_type}\r\n"
                f"Content-Length: {40 * 1024 * 1024}\r\n\r\n")
        with socket.create_connection(("127.0.0.1", gateway.settings.api_port)) as sock:
            # Past S3's first parts: the multipart upload under way must be aborted too.
            sock.sendall(head.encode() + prefix + b"x" * (20 * 1024 * 1024))
            # Hanging up before the upload reaches the backend would prove nothing.
            eventually(lambda: stored(settings) != before, "the upload to reach the backend")
        eventually(lambda: stored(settings) == before, "the aborted upload to leave nothing behind", timeout=5)
        assert db.execute("select count(*) from storage.objects where name = %s", (name,)).fetchone()[0] == 0


def test_encoded_dot_segments_are_refused(world, gateway):
    token = world.token(world.user_a)
    with socket.create_connection(("127.0.0.1", gateway.settings.api_port)) as sock:
        sock.sendall((f"GET /storage/v1/object/avatars/{world.user_a}/%2e%2e/%2e%2e/etc/passwd HTTP/1.1\r\n"
                      f"Host: x\r\napikey: {gateway.anon_key}\r\nAuthorization: Bearer {token}\r\n"
                      "Connection: close\r\n\r\n").encode())
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    assert answer.startswith(b"HTTP/1.1 400")
    assert b'"code":"InvalidKey"' in answer


def test_200_mb_up_and_down_with_flat_memory(world, gateway):
    block = os.urandom(1024 * 1024)

    def body():
        for _ in range(LARGE // len(block)):
            yield block

    headers = {"apikey": gateway.service_key, "Authorization": f"Bearer {gateway.service_key}",
               "Content-Type": "application/octet-stream"}
    url = f"{gateway.url}/storage/v1/object/avatars/large/blob.bin"
    with PeakRss() as up:
        answer = httpx.post(url, content=body(), headers=headers, timeout=300)
    assert answer.status_code == 200, answer.text
    received = 0
    with PeakRss() as down:
        with httpx.stream("GET", url, headers=headers, timeout=300) as response:
            assert response.headers["content-length"] == str(LARGE)
            for chunk in response.iter_bytes():
                received += len(chunk)
    assert received == LARGE
    assert up.growth < 64 * 1024 * 1024, f"upload grew memory by {up.growth / 1e6:.0f} MB"
    assert down.growth < 64 * 1024 * 1024, f"download grew memory by {down.growth / 1e6:.0f} MB"


def test_requests_log_in_as_authenticator_as_rest_does(world, gateway, http, db: psycopg.Connection):
    """RLS decides with the rights of the `authenticator` login (REST's), not of the gateway's owner role: a policy
    that names the login lets the upload through only when Storage's transaction runs on the request pool."""
    db.execute("insert into storage.buckets (id, name) values ('sessions', 'sessions')")
    db.execute("create policy \"uploads through the request login\" on storage.objects for insert to authenticated"
               " with check (bucket_id = 'sessions' and session_user = 'authenticator')")
    ann = connect(gateway, http, world.token(world.user_a)).storage.from_("sessions")
    assert ann.upload("note.txt", b"hi", {"content-type": "text/plain"}).full_path == "sessions/note.txt"
    assert db.execute("select owner_id from storage.objects where bucket_id = 'sessions'").fetchone() == (
        world.user_a,)


def test_list_v2(world, gateway, http):
    ann = connect(gateway, http, world.token(world.user_a)).storage.from_("avatars")
    folder = f"{world.user_a}/v2/"
    for name in ("x.txt", "deep/y.txt", "deep/z.txt"):
        ann.upload(folder + name, b"v2", {"content-type": "text/plain"})
    grouped = ann.list_v2({"prefix": folder, "with_delimiter": True})
    assert ([f.name for f in grouped.folders], [o.name for o in grouped.objects]) == ([folder + "deep/"],
                                                                                      [folder + "x.txt"])
    assert grouped.objects[0].metadata["size"] == 2 and not grouped.hasNext
    first = ann.list_v2({"prefix": folder, "limit": 2})
    assert first.hasNext and [o.name for o in first.objects] == [folder + "deep/y.txt", folder + "deep/z.txt"]
    rest = ann.list_v2({"prefix": folder, "limit": 2, "cursor": first.nextCursor})
    assert not rest.hasNext and [o.name for o in rest.objects] == [folder + "x.txt"]
    bob = connect(gateway, http, world.token(world.user_b)).storage.from_("avatars")
    assert bob.list_v2({"prefix": folder}).objects == []
    with pytest.raises(StorageApiError) as refused:
        ann.list_v2({"cursor": "not base64!"})
    assert refused.value.status == "400"
