"""A bucket's `allowed_mime_types` and `file_size_limit` hold on every path into it, as on a direct upload:
copy and move from another bucket, update and upsert, a signed upload URL, a resumable upload. The `docs` bucket
allows text/plain and image/* up to 1024 bytes; nothing refused is left behind."""

from __future__ import annotations

import base64

import httpx
import psycopg
import pytest
from storage3.exceptions import StorageApiError

from supabase import ClientOptions, create_client

pytestmark = pytest.mark.filterwarnings("ignore:The '(timeout|verify)' parameter is deprecated:DeprecationWarning")
TOO_LARGE = {"statusCode": "413", "code": "EntityTooLarge", "error": "Payload too large",
             "message": "The object exceeded the maximum allowed size"}


def wrong_type(mime: str) -> dict:
    return {"statusCode": "415", "code": "InvalidMimeType", "error": "invalid_mime_type",
            "message": f"mime type {mime} is not supported"}


@pytest.fixture(scope="module")
def service(gateway):
    headers = {"apikey": gateway.service_key, "Authorization": f"Bearer {gateway.service_key}"}
    with httpx.Client(base_url=f"{gateway.url}/storage/v1", headers=headers, timeout=30) as http:
        yield http


@pytest.fixture(scope="module")
def docs(world, gateway):
    with httpx.Client(timeout=30) as http:
        client = create_client(gateway.url, gateway.service_key, ClientOptions(
            auto_refresh_token=False, persist_session=False, httpx_client=http))
        yield client.storage.from_("docs")


@pytest.fixture(scope="module")
def sources(world, service):
    """Objects in `avatars` that `docs` must refuse: one of a type it does not allow, one over its size limit."""
    for name, body, mime in (("limits/page.json", b"{}", "application/json"),
                             ("limits/big.txt", b"x" * 2048, "text/plain"),
                             ("limits/fits.txt", b"fits", "text/plain")):
        answer = service.post(f"/object/avatars/{name}", content=body,
                              headers={"Content-Type": mime, "x-upsert": "true"})
        assert answer.status_code == 200, answer.text


def in_docs(db: psycopg.Connection, name: str) -> bool:
    return db.execute("select 1 from storage.objects where bucket_id = 'docs' and name = %s",
                      (name,)).fetchone() is not None


@pytest.mark.parametrize("operation", ["copy", "move"])
@pytest.mark.parametrize("source, refusal", [
    ("limits/page.json", wrong_type("application/json")),
    ("limits/big.txt", TOO_LARGE),
])
def test_copy_and_move_check_the_destination_bucket(sources, service, db, operation, source, refusal):
    target = f"from-{operation}/{source.rsplit('/', 1)[-1]}"
    answer = service.post(f"/object/{operation}", json={
        "bucketId": "avatars", "sourceKey": source, "destinationBucket": "docs", "destinationKey": target})
    assert (answer.status_code, answer.json()) == (400, refusal)
    assert not in_docs(db, target)
    assert db.execute("select 1 from storage.objects where bucket_id = 'avatars' and name = %s",
                      (source,)).fetchone() is not None


def test_copy_and_move_within_the_limits_still_work(sources, service, db):
    copied = service.post("/object/copy", json={"bucketId": "avatars", "sourceKey": "limits/fits.txt",
                                                "destinationBucket": "docs", "destinationKey": "fits-copy.txt"})
    assert copied.status_code == 200, copied.text
    moved = service.post("/object/move", json={"bucketId": "docs", "sourceKey": "fits-copy.txt",
                                               "destinationKey": "fits-moved.txt"})
    assert moved.status_code == 200, moved.text
    assert in_docs(db, "fits-moved.txt") and not in_docs(db, "fits-copy.txt")


def test_a_copy_that_sets_a_refused_type_is_refused(sources, service, db):
    answer = service.post("/object/copy", json={
        "bucketId": "avatars", "sourceKey": "limits/fits.txt", "destinationBucket": "docs",
        "destinationKey": "retyped.html", "copyMetadata": False, "metadata": {"mimetype": "text/html"}})
    assert (answer.status_code, answer.json()) == (400, wrong_type("text/html"))
    assert not in_docs(db, "retyped.html")


@pytest.mark.parametrize("method", ["update", "upsert"])
def test_update_and_upsert_check_the_bucket(docs, db, method):
    docs.upload("replaced.txt", b"short", {"content-type": "text/plain", "upsert": "true"})
    write = docs.update if method == "update" else \
        lambda path, body, options: docs.upload(path, body, {**options, "upsert": "true"})
    with pytest.raises(StorageApiError) as refused:
        write("replaced.txt", b"<p>hi</p>", {"content-type": "text/html"})
    assert (refused.value.status, refused.value.message) == ("415", "mime type text/html is not supported")
    with pytest.raises(StorageApiError) as refused:
        write("replaced.txt", b"x" * 2048, {"content-type": "text/plain"})
    assert (refused.value.status, refused.value.message) == ("413", TOO_LARGE["message"])
    assert docs.download("replaced.txt") == b"short"


def test_a_signed_upload_url_checks_the_bucket(docs, db):
    for name, body, mime, status in (("signed.html", b"<p>hi</p>", "text/html", "415"),
                                     ("signed-big.txt", b"x" * 2048, "text/plain", "413")):
        signed = docs.create_signed_upload_url(name)
        with pytest.raises(StorageApiError) as refused:
            docs.upload_to_signed_url(name, signed["token"], body, {"content-type": mime})
        assert refused.value.status == status
        assert not in_docs(db, name)


def tus_metadata(**values: str) -> str:
    return ",".join(f"{key} {base64.b64encode(value.encode()).decode()}" for key, value in values.items())


@pytest.mark.parametrize("length, mime, answer", [
    (4, "text/html", (415, "mime type text/html is not supported")),
    (2048, "text/plain", (413, "Maximum size exceeded")),
])
def test_a_resumable_upload_checks_the_bucket(world, gateway, db, length, mime, answer):
    created = httpx.post(f"{gateway.url}/storage/v1/upload/resumable", headers={
        "Tus-Resumable": "1.0.0", "apikey": gateway.service_key, "Authorization": f"Bearer {gateway.service_key}",
        "Upload-Length": str(length),
        "Upload-Metadata": tus_metadata(bucketName="docs", objectName="resumable.txt", contentType=mime)})
    assert (created.status_code, created.text) == answer
    assert not in_docs(db, "resumable.txt")
