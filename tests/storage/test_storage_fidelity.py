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


def test_list_v2_gives_every_entry_its_key_and_sorts_folders_by_date(service, world, db):
    files = service.storage.from_("avatars")
    for name in ("dated/old/a.txt", "dated/new.txt", "dated/young/b.txt", "dated/young/c.txt"):
        files.upload(name, b"x", {"content-type": "text/plain"})
    # Dates set apart, so the order cannot come from names or from upload timing.
    for name, days in (("dated/old/a.txt", 3), ("dated/new.txt", 1), ("dated/young/b.txt", 2),
                       ("dated/young/c.txt", 0)):
        db.execute("update storage.objects set created_at = now() - make_interval(days => %s)"
                   " where bucket_id = 'avatars' and name = %s", (days, name))
    by_name = files.list_v2({"prefix": "dated/", "with_delimiter": True})
    assert [(f.name, f.key) for f in by_name.folders] == [("dated/old/", "old"), ("dated/young/", "young")]
    assert [(o.name, o.key) for o in by_name.objects] == [("dated/new.txt", "new.txt")]

    listed, cursor = [], None
    while True:
        page = files.list_v2({"prefix": "dated/", "with_delimiter": True, "limit": 1, "cursor": cursor,
                              "sortBy": {"column": "created_at", "order": "desc"}}
                             if cursor else {"prefix": "dated/", "with_delimiter": True, "limit": 1,
                                             "sortBy": {"column": "created_at", "order": "desc"}})
        listed += [entry.name for entry in [*page.folders, *page.objects]]
        if not page.hasNext:
            break
        cursor = page.nextCursor
    # A folder is as old as its oldest object: young/ (two days) before old/ (three days).
    assert listed == ["dated/new.txt", "dated/young/", "dated/old/"]


@pytest.mark.parametrize(("method", "path"), [
    ("GET", "/bucket"),
    ("GET", "/bucket/avatars"),
    ("POST", "/object/list/avatars"),
    ("POST", "/object/avatars/nokey/new.txt"),
    ("GET", "/object/authenticated/avatars/plain/note.txt"),
    ("GET", "/object/info/authenticated/avatars/plain/note.txt"),
])
def test_a_request_with_no_key_is_refused_as_storage_refuses_it(service, gateway, method, path):
    answer = httpx.request(method, f"{gateway.url}/storage/v1{path}", json={"prefix": ""})
    assert answer.status_code == 400
    assert answer.json() == {"statusCode": "403", "code": "AccessDenied", "error": "Unauthorized",
                             "message": "Invalid Compact JWS"}


def test_the_routes_storage_serves_to_anyone_answer_without_a_key(service, gateway):
    service.storage.from_("avatars").upload("open/readme.txt", b"open", {"content-type": "text/plain"})
    public = httpx.get(f"{gateway.url}/storage/v1/object/public/avatars/open/readme.txt")
    assert public.status_code == 200 and public.content == b"open"
    # As anon, whom the avatars policies let read nothing: refused by RLS, not for the missing key.
    for path in ("/object/avatars/open/readme.txt", "/object/info/avatars/open/readme.txt"):
        answer = httpx.get(f"{gateway.url}/storage/v1{path}")
        assert answer.status_code == 400 and answer.json()["statusCode"] == "404", (path, answer.text)


SVG = b'<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><rect width="40" height="20"/></svg>'


def test_an_svg_render_is_the_svg_itself_unless_a_raster_format_is_asked(service):
    files = service.storage.from_("avatars")
    files.upload("render/drawing.svg", SVG, {"content-type": "image/svg+xml", "upsert": "true"})
    rendered = httpx.get(files.get_public_url("render/drawing.svg", {"transform": {"width": 20, "height": 10}}))
    assert rendered.status_code == 200, rendered.text
    assert rendered.content == SVG and rendered.headers["content-type"] == "image/svg+xml"
    assert rendered.headers["x-transformations"] == "height:10,width:20,resizing_type:fill"
    assert "sandbox" in rendered.headers["content-security-policy"]
    rasterised = httpx.get(files.get_public_url("render/drawing.svg", {"transform": {"width": 20, "format": "webp"}}))
    assert rasterised.status_code == 400
