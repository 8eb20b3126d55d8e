"""Storage's answers word for word where the official clients' suites compare them, through supabase-py (storage3)
and plain HTTP for headers: an object's info without user metadata, getBucket's fields, emptyBucket's message and
a render's X-Transformations header. The backend makes no difference here: only the folder one runs."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest

from supabase import Client, ClientOptions, create_client
from tests.storage.test_images import png_bytes

pytestmark = pytest.mark.filterwarnings("ignore:The '(timeout|verify)' parameter is deprecated:DeprecationWarning")


@pytest.fixture(scope="module")
def backend() -> str:
    return "file"


@pytest.fixture(scope="module")
def service(world, gateway) -> Iterator[Client]:
    with httpx.Client(timeout=30) as http:
        yield create_client(gateway.url, gateway.service_key,
                            ClientOptions(auto_refresh_token=False, persist_session=False, httpx_client=http))


def test_an_object_uploaded_without_metadata_has_empty_metadata(service):
    files = service.storage.from_("avatars")
    files.upload("plain/note.txt", b"hello", {"content-type": "text/plain"})
    assert files.info("plain/note.txt")["metadata"] == {}
    files.upload("plain/tagged.txt", b"hello", {"content-type": "text/plain", "metadata": {"kind": "note"}})
    assert files.info("plain/tagged.txt")["metadata"] == {"kind": "note"}


def test_get_bucket_answers_storages_fields_and_no_type(world, gateway):
    answer = httpx.get(f"{gateway.url}/storage/v1/bucket/avatars",
                       headers={"apikey": gateway.service_key, "Authorization": f"Bearer {gateway.service_key}"})
    assert answer.status_code == 200
    assert list(answer.json()) == ["id", "name", "owner", "public", "created_at", "updated_at", "file_size_limit",
                                   "allowed_mime_types"]


def test_empty_bucket_answers_storages_message(service):
    service.storage.create_bucket("scratch")
    service.storage.from_("scratch").upload("a.txt", b"a", {"content-type": "text/plain"})
    assert service.storage.empty_bucket("scratch") == {
        "message": "Empty bucket has been queued. Completion may take up to an hour."}
    assert service.storage.from_("scratch").list() == []


@pytest.mark.parametrize(("transform", "header"), [
    ({"width": 40, "height": 30}, "height:30,width:40,resizing_type:fill"),
    ({"width": 40, "resize": "contain", "quality": 50}, "width:40,resizing_type:fit,quality:50"),
    ({"height": 20, "resize": "fill", "format": "origin"}, "height:20,resizing_type:force"),
    ({"quality": 60}, "quality:60"),
])
def test_a_render_names_its_transformations(service, transform, header):
    files = service.storage.from_("avatars")
    files.upload("render/photo.png", png_bytes(80, 60), {"content-type": "image/png", "upsert": "true"})
    rendered = httpx.get(files.get_public_url("render/photo.png", {"transform": transform}))
    assert rendered.status_code == 200, rendered.text
    assert rendered.headers["x-transformations"] == header
