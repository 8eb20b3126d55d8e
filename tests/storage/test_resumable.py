"""Resumable uploads (TUS 1.0.0): tus-js-client in storage-resumable.test.mjs, and raw HTTP for what a client
library hides: the protocol's answers, an upload continued by another gateway process, an abandoned upload."""

from __future__ import annotations

import base64
from dataclasses import replace

import anyio
import httpx
import psycopg
import pytest
from psycopg_pool import AsyncConnectionPool

from gateway.storage import resumable
from gateway.storage.access import Access
from gateway.storage.routes import object_store
from tests.storage.backends import stored
from tests.support.live import bind_to_port, run_gateway
from tests.support.node import run_node_test


def metadata(**values: str) -> str:
    return ",".join(f"{key} {base64.b64encode(value.encode()).decode()}" for key, value in values.items())


def tus(token: str, gateway, **headers: str) -> dict[str, str]:
    return {"Tus-Resumable": "1.0.0", "apikey": gateway.anon_key, "Authorization": f"Bearer {token}", **headers}


def test_tus_js_client(world, gateway):
    run_node_test("storage-resumable.test.mjs", gateway, passes=5, extra_env={
        "TOKEN_A": world.token(world.user_a), "TOKEN_B": world.token(world.user_b),
        "USER_A": world.user_a, "USER_B": world.user_b,
    })


def test_another_gateway_process_continues_the_upload(world, gateway, settings, db: psycopg.Connection):
    token = world.token(world.user_a)
    name = f"{world.user_a}/resumable/two-processes.txt"
    created = httpx.post(f"{gateway.url}/storage/v1/upload/resumable", headers=tus(
        token, gateway, **{"Upload-Length": "10", "Upload-Metadata": metadata(
            bucketName="avatars", objectName=name, contentType="text/plain")}))
    assert created.status_code == 201, created.text
    location = created.headers["location"]
    assert location.startswith(f"{gateway.url}/storage/v1/upload/resumable/")
    first = httpx.patch(location, content=b"01234", headers=tus(token, gateway, **{
        "Upload-Offset": "0", "Content-Type": "application/offset+octet-stream"}))
    assert first.status_code == 204 and first.headers["upload-offset"] == "5"

    with run_gateway(bind_to_port(settings)) as other:
        elsewhere = location.replace(gateway.url, other.url)
        head = httpx.head(elsewhere, headers=tus(token, other))
        assert head.status_code == 200
        assert (head.headers["upload-offset"], head.headers["upload-length"]) == ("5", "10")
        stale = httpx.patch(elsewhere, content=b"x", headers=tus(token, other, **{
            "Upload-Offset": "2", "Content-Type": "application/offset+octet-stream"}))
        assert stale.status_code == 409
        assert stale.text == "Upload-Offset header does not match current offset"
        last = httpx.patch(elsewhere, content=b"56789", headers=tus(token, other, **{
            "Upload-Offset": "5", "Content-Type": "application/offset+octet-stream"}))
        assert last.status_code == 204 and last.headers["upload-offset"] == "10"

    stored = httpx.get(f"{gateway.url}/storage/v1/object/authenticated/avatars/{name}",
                       headers=gateway.headers(token))
    assert stored.status_code == 200 and stored.content == b"0123456789"
    done = httpx.head(location, headers=tus(token, gateway))
    assert done.headers["upload-offset"] == "10"
    assert httpx.delete(location, headers=tus(token, gateway)).status_code == 400
    row = db.execute("select owner_id, metadata->>'size', metadata->>'eTag' from storage.objects"
                     " where bucket_id = 'avatars' and name = %s", (name,)).fetchone()
    assert row == (world.user_a, "10", '"781e5e245d69b566979b86e28d23f2c7"')


@pytest.mark.parametrize("headers, status, message", [
    ({"Tus-Resumable": "0.2.2"}, 412, "Unsupported version"),
    ({"Upload-Metadata": metadata(objectName="x.txt")}, 400, "Bucket name invalid"),
    ({"Upload-Length": str(60 * 1024 * 1024)}, 413, "Maximum size exceeded"),
    ({"Upload-Metadata": metadata(bucketName="avatars", objectName="elsewhere/x.txt")}, 403,
     "new row violates row-level security policy"),
])
def test_creation_is_refused_in_tus_shape(world, gateway, headers, status, message):
    token = world.token(world.user_a)
    base = tus(token, gateway, **{"Upload-Length": "1", "Upload-Metadata": metadata(
        bucketName="avatars", objectName=f"{world.user_a}/resumable/refused.txt")})
    answer = httpx.post(f"{gateway.url}/storage/v1/upload/resumable", headers={**base, **headers})
    assert (answer.status_code, answer.text) == (status, message)


def test_options_and_an_unknown_upload(gateway):
    options = httpx.options(f"{gateway.url}/storage/v1/upload/resumable")
    assert options.status_code == 204
    assert options.headers["tus-version"] == "1.0.0"
    assert options.headers["tus-extension"] == "creation,creation-with-upload,termination"
    unknown = base64.urlsafe_b64encode(b"avatars/x.txt/" + b"0" * 32).decode()
    head = httpx.head(f"{gateway.url}/storage/v1/upload/resumable/{unknown}", headers=tus(gateway.anon_key, gateway))
    assert head.status_code == 404


def test_an_abandoned_upload_expires_with_its_bytes(world, gateway, settings, db: psycopg.Connection):
    token = world.token(world.user_a)
    before = stored(settings)
    created = httpx.post(f"{gateway.url}/storage/v1/upload/resumable", content=b"abc", headers=tus(
        token, gateway, **{"Upload-Length": "10", "Content-Type": "application/offset+octet-stream",
                           "Upload-Metadata": metadata(bucketName="avatars",
                                                       objectName=f"{world.user_a}/resumable/abandoned.txt")}))
    assert created.status_code == 201 and created.headers["upload-offset"] == "3"
    assert len(stored(settings) - before) == 1
    db.execute("update gateway_meta.storage_uploads set created_at = now() - interval '25 hours'"
               " where upload_offset < upload_length")

    async def sweep() -> int:
        store = object_store(settings)
        await store.prepare()
        try:
            async with AsyncConnectionPool(settings.database_url, open=False) as pool:
                return await resumable.sweep_expired(Access(pool, pool, store))
        finally:
            await store.close()

    assert anyio.run(sweep) == 1
    assert stored(settings) == before
    assert httpx.head(created.headers["location"], headers=tus(token, gateway)).status_code == 404


@pytest.mark.parametrize("signature, message", [
    (None, "Missing x-signature header"),
    ("not-a-token", "invalid signature"),
])
def test_signed_creation_is_refused_without_a_valid_token(world, gateway, signature, message):
    headers = {"Tus-Resumable": "1.0.0", "apikey": gateway.anon_key, "Upload-Length": "1",
               "Upload-Metadata": metadata(bucketName="avatars", objectName=f"{world.user_a}/resumable/s.txt")}
    if signature:
        headers["x-signature"] = signature
    answer = httpx.post(f"{gateway.url}/storage/v1/upload/resumable/sign", headers=headers)
    assert (answer.status_code, answer.text) == (400, message)


def test_a_signed_upload_continues_only_with_its_token(world, gateway, db: psycopg.Connection):
    """The token names one object: a chunk of that upload sent with the user's JWT alone, or with a token for
    another object, is refused; with its own token it completes, owned by whoever signed it, with its upsert."""
    token = world.token(world.user_a)
    name = f"{world.user_a}/resumable/signed-raw.txt"
    signed = httpx.post(f"{gateway.url}/storage/v1/object/upload/sign/avatars/{name}", headers={
        **gateway.headers(token), "x-upsert": "true"})
    assert signed.status_code == 200, signed.text
    upload_token = signed.json()["token"]
    other = httpx.post(f"{gateway.url}/storage/v1/object/upload/sign/avatars/{world.user_a}/resumable/x.txt",
                       headers=gateway.headers(token)).json()["token"]
    base = {"Tus-Resumable": "1.0.0", "apikey": gateway.anon_key}
    created = httpx.post(f"{gateway.url}/storage/v1/upload/resumable/sign", headers={
        **base, "x-signature": upload_token, "Upload-Length": "4",
        "Upload-Metadata": metadata(bucketName="avatars", objectName=name, contentType="text/plain")})
    assert created.status_code == 201, created.text
    location = created.headers["location"]
    assert "/storage/v1/upload/resumable/sign/" in location
    chunk = {"Upload-Offset": "0", "Content-Type": "application/offset+octet-stream"}
    wrong = httpx.patch(location, content=b"abcd", headers={**base, **chunk, "x-signature": other})
    assert (wrong.status_code, wrong.text) == (400, "Invalid signature")
    without = httpx.patch(location, content=b"abcd", headers={**tus(token, gateway), **chunk})
    assert (without.status_code, without.text) == (400, "Missing x-signature header")
    done = httpx.patch(location, content=b"abcd", headers={**base, **chunk, "x-signature": upload_token})
    assert done.status_code == 204 and done.headers["upload-offset"] == "4"
    row = db.execute("select owner_id, metadata->>'mimetype' from storage.objects where bucket_id = 'avatars'"
                     " and name = %s", (name,)).fetchone()
    assert row == (world.user_a, "text/plain")


def create_upload(gateway, token: str, name: str, length: int, first: bytes = b"") -> httpx.Response:
    return httpx.post(f"{gateway.url}/storage/v1/upload/resumable", content=first, headers=tus(
        token, gateway, **{"Upload-Length": str(length), "Content-Type": "application/offset+octet-stream",
                           "Upload-Metadata": metadata(bucketName="avatars", objectName=name)}))


def test_another_callers_progress_is_refused_like_writing_it(world, gateway):
    ann, bob = world.token(world.user_a), world.token(world.user_b)
    created = create_upload(gateway, ann, f"{world.user_a}/resumable/private.txt", 10, b"abc")
    assert created.status_code == 201, created.text
    location = created.headers["location"]
    chunk = {"Upload-Offset": "3", "Content-Type": "application/offset+octet-stream"}
    for token in (bob, gateway.anon_key):
        head = httpx.head(location, headers=tus(token, gateway))
        assert (head.status_code, head.headers.get("upload-offset")) == (403, None)
        write = httpx.patch(location, content=b"defg", headers=tus(token, gateway, **chunk))
        assert (write.status_code, write.text) == (403, "new row violates row-level security policy")
    assert httpx.head(location, headers=tus(ann, gateway)).headers["upload-offset"] == "3"
    done = httpx.patch(location, content=b"defghij", headers=tus(ann, gateway, **chunk))
    assert done.status_code == 204, done.text
    assert httpx.head(location, headers=tus(ann, gateway)).headers["upload-offset"] == "10"
    after = httpx.head(location, headers=tus(bob, gateway))
    assert (after.status_code, after.headers.get("upload-offset")) == (404, None)


def test_open_uploads_are_capped_per_user(world, settings):
    capped = replace(settings, storage_tus_max_open_uploads=2, storage_tus_max_open_upload_bytes=100)
    with run_gateway(bind_to_port(capped)) as gateway:
        ann, bob = world.token(world.user_a), world.token(world.user_b)
        first = create_upload(gateway, ann, f"{world.user_a}/capped/1.txt", 60)
        assert first.status_code == 201, first.text
        over_bytes = create_upload(gateway, ann, f"{world.user_a}/capped/2.txt", 41)
        assert (over_bytes.status_code, over_bytes.text) == (413, "The open uploads exceeded 100 bytes")
        assert create_upload(gateway, ann, f"{world.user_a}/capped/2.txt", 40).status_code == 201
        over_count = create_upload(gateway, ann, f"{world.user_a}/capped/3.txt", 1)
        assert (over_count.status_code, over_count.text) == (429, "Too many open uploads: at most 2 at once")
        assert create_upload(gateway, bob, f"{world.user_b}/capped/1.txt", 60).status_code == 201
        assert httpx.delete(first.headers["location"], headers=tus(ann, gateway)).status_code == 204
        assert create_upload(gateway, ann, f"{world.user_a}/capped/3.txt", 1, b"x").status_code == 201
        assert create_upload(gateway, ann, f"{world.user_a}/capped/4.txt", 1).status_code == 201
