"""/storage/v1: the route table of what storage-js and storage3 call, each route a thin handler in its area's module
(bucket_routes, object_routes, signed_routes, image_routes, resumable_routes) over buckets.py / objects.py; and the
storage's start and end with the app."""

from __future__ import annotations

import asyncio
import logging

from fastapi import APIRouter, FastAPI

from gateway.services import services
from gateway.settings import Settings
from gateway.storage import (
    bucket_routes,
    image_routes,
    images,
    object_routes,
    resumable,
    resumable_routes,
    signed_routes,
)
from gateway.storage.access import Access
from gateway.storage.disk import DiskStore
from gateway.storage.handling import Handler, endpoint
from gateway.storage.store import ObjectStore

log = logging.getLogger("gateway.storage")
SWEEP_SECONDS = 60.0


def object_store(settings: Settings) -> ObjectStore:
    if settings.storage_backend == "s3":
        from gateway.storage.s3 import S3Settings, S3Store  # its client library loads only when it is used

        return S3Store(S3Settings(
            endpoint=settings.storage_s3_endpoint, bucket=settings.storage_s3_bucket,
            region=settings.storage_s3_region, access_key_id=settings.storage_s3_access_key_id,
            secret_access_key=settings.storage_s3_secret_access_key,
            force_path_style=settings.storage_s3_force_path_style))
    return DiskStore(settings.storage_root)


async def on_startup(app: FastAPI) -> None:
    store = object_store(services(app).settings)
    await store.prepare()
    services(app).storage = Access(services(app).request_pool, services(app).pool, store)
    services(app).image_renderer = images.Renderer()

    async def sweep_forever() -> None:
        while True:
            try:
                await services(app).storage.sweep()
                await resumable.sweep_expired(services(app).storage)
            except Exception:
                log.exception("storage: sweeping released versions and expired uploads failed")
            await asyncio.sleep(SWEEP_SECONDS)

    services(app).storage_sweep_task = asyncio.get_running_loop().create_task(sweep_forever())


async def on_shutdown(app: FastAPI) -> None:
    services(app).storage_sweep_task.cancel()
    await services(app).storage.store.close()


# Matched top to bottom: where two patterns match one path (`/object/sign/b/n` is also `/object/{bucket}/{name}`),
# the more specific comes first.
ROUTES: list[tuple[str, list[str], Handler]] = [
    ("/bucket/", ["GET"], bucket_routes.list_buckets),
    ("/bucket", ["GET"], bucket_routes.list_buckets),
    ("/bucket/", ["POST"], bucket_routes.create_bucket),
    ("/bucket", ["POST"], bucket_routes.create_bucket),
    ("/bucket/{bucket}", ["GET"], bucket_routes.get_bucket),
    ("/bucket/{bucket}", ["PUT"], bucket_routes.update_bucket),
    ("/bucket/{bucket}/empty", ["POST"], bucket_routes.empty_bucket),
    ("/bucket/{bucket}", ["DELETE"], bucket_routes.delete_bucket),
    ("/object/list/{bucket}", ["POST"], object_routes.list_objects),
    ("/object/list-v2/{bucket}", ["POST"], object_routes.list_objects_v2),
    ("/object/move", ["POST"], object_routes.move_object),
    ("/object/copy", ["POST"], object_routes.copy_object),
    ("/object/sign/{bucket}", ["POST"], signed_routes.sign_many),
    ("/object/sign/{bucket}/{name:path}", ["POST"], signed_routes.sign_one),
    ("/object/sign/{bucket}/{name:path}", ["GET", "HEAD"], signed_routes.get_signed),
    ("/object/upload/sign/{bucket}/{name:path}", ["POST"], signed_routes.sign_upload),
    ("/object/upload/sign/{bucket}/{name:path}", ["PUT"], signed_routes.upload_signed),
    ("/object/info/public/{bucket}/{name:path}", ["GET"], object_routes.info_public),
    ("/object/info/authenticated/{bucket}/{name:path}", ["GET"], object_routes.info_authenticated),
    ("/object/info/{bucket}/{name:path}", ["GET"], object_routes.info),
    ("/object/public/{bucket}/{name:path}", ["GET", "HEAD"], object_routes.get_public),
    ("/object/authenticated/{bucket}/{name:path}", ["GET", "HEAD"], object_routes.get_authenticated),
    ("/object/{bucket}/{name:path}", ["GET", "HEAD"], object_routes.get_object),
    ("/render/image/authenticated/{bucket}/{name:path}", ["GET"], image_routes.render_authenticated),
    ("/render/image/public/{bucket}/{name:path}", ["GET"], image_routes.render_public),
    ("/render/image/sign/{bucket}/{name:path}", ["GET"], image_routes.render_signed),
    ("/object/{bucket}/{name:path}", ["POST"], object_routes.upload),
    ("/object/{bucket}/{name:path}", ["PUT"], object_routes.update),
    ("/object/{bucket}", ["DELETE"], object_routes.remove_many),
    ("/object/{bucket}/{name:path}", ["DELETE"], object_routes.remove_one),
]
# TUS answers its errors as text with their real status, not Storage's JSON.
RESUMABLE_ROUTES: list[tuple[str, list[str], Handler]] = [
    ("/upload/resumable/sign/{upload_id}", ["OPTIONS"], resumable_routes.resumable_options),
    ("/upload/resumable/sign/", ["OPTIONS"], resumable_routes.resumable_options),
    ("/upload/resumable/sign", ["OPTIONS"], resumable_routes.resumable_options),
    ("/upload/resumable/{upload_id}", ["OPTIONS"], resumable_routes.resumable_options),
    ("/upload/resumable/", ["OPTIONS"], resumable_routes.resumable_options),
    ("/upload/resumable", ["OPTIONS"], resumable_routes.resumable_options),
    ("/upload/resumable/sign/", ["POST"], resumable_routes.resumable_create),
    ("/upload/resumable/sign", ["POST"], resumable_routes.resumable_create),
    ("/upload/resumable/", ["POST"], resumable_routes.resumable_create),
    ("/upload/resumable", ["POST"], resumable_routes.resumable_create),
    ("/upload/resumable/sign/{upload_id}", ["HEAD"], resumable_routes.resumable_offset),
    ("/upload/resumable/{upload_id}", ["HEAD"], resumable_routes.resumable_offset),
    ("/upload/resumable/sign/{upload_id}", ["PATCH"], resumable_routes.resumable_append),
    ("/upload/resumable/{upload_id}", ["PATCH"], resumable_routes.resumable_append),
    ("/upload/resumable/sign/{upload_id}", ["DELETE"], resumable_routes.resumable_terminate),
    ("/upload/resumable/{upload_id}", ["DELETE"], resumable_routes.resumable_terminate),
]

router = APIRouter()
for path, methods, handler in ROUTES:
    router.add_route(path, endpoint(handler), methods=methods, include_in_schema=False)
for path, methods, handler in RESUMABLE_ROUTES:
    router.add_route(path, endpoint(handler, plain=True), methods=methods, include_in_schema=False)
