"""/storage/v1: the routes storage-js and storage3 call, each a thin handler over buckets.py / objects.py."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from email.utils import formatdate

import psycopg
from fastapi import APIRouter, FastAPI
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from gateway.claims import Caller, bearer_token, resolve_caller
from gateway.jwt_keys import ExpiredToken, InvalidToken
from gateway.server import json_input
from gateway.server.json_input import UnacceptableJson
from gateway.services import services
from gateway.settings import Settings
from gateway.storage import bodies, buckets, errors, images, limits, listing, objects, resumable, signing
from gateway.storage.access import Access, owner_of
from gateway.storage.disk import DiskStore
from gateway.storage.names import bucket_id as valid_bucket_id
from gateway.storage.names import object_key
from gateway.storage.serve import object_response, rendered_response
from gateway.storage.store import ObjectStore
from gateway.storage.uploads import form_boundary, guarded, metadata_header, read_upload

log = logging.getLogger("gateway.storage")
router = APIRouter()
MAX_JSON_BYTES = 1024 * 1024
SWEEP_SECONDS = 60.0
Handler = Callable[[Request], Awaitable[Response]]


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


def route(path: str, methods: list[str], *, plain: bool = False) -> Callable[[Handler], Handler]:
    """Routes match in the order they are registered: a stack of these registers its bottom line first.
    `plain`: errors as text with their real status (resumable uploads), not Storage's JSON."""
    def register(handler: Handler) -> Handler:
        async def endpoint(request: Request) -> Response:
            try:
                return await handler(request)
            except errors.StorageError as error:
                return error.plain() if plain else error.response()
            except psycopg.Error as exc:
                refused = errors.from_database(exc)
                return refused.plain() if plain else refused.response()
            except Exception:
                log.exception("storage request failed: %s %s", request.method, request.url.path)
                return errors.internal().plain() if plain else errors.internal().response()
        router.add_route(path, endpoint, methods=methods, include_in_schema=False)
        return handler
    return register


def caller_of(request: Request, *, anonymous: bool = False) -> Caller:
    """As supabase/storage's JWT check: a request with neither a token nor an API key is refused (jose's words for
    an empty token), except on the routes Storage serves to anyone (`anonymous`, its `allowInvalidJwt`)."""
    if not anonymous and bearer_token(request.headers) is None and not request.headers.get("apikey"):
        raise errors.access_denied("Invalid Compact JWS")
    try:
        return resolve_caller(services(request).keys, request.headers)
    except ExpiredToken:
        raise errors.access_denied("jwt expired") from None
    except InvalidToken:
        raise errors.access_denied("invalid signature") from None


def access(request: Request) -> Access:
    return services(request).storage


async def read_json(request: Request) -> dict:
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_JSON_BYTES:
            raise errors.entity_too_large("request body")
    if not body.strip():
        return {}
    try:
        value = json_input.parse(body)
    except UnacceptableJson as error:
        raise errors.invalid_request(f"Body is not valid JSON: {error}") from None
    except ValueError:
        raise errors.invalid_request("Body is not valid JSON") from None
    if not isinstance(value, dict):
        raise errors.invalid_request("body must be object")
    return bodies.checked(value)


def message(text: str) -> JSONResponse:
    return JSONResponse({"message": text})


def path_of(request: Request) -> tuple[str, str]:
    bucket = valid_bucket_id(request.path_params["bucket"])
    if "name" not in request.path_params:
        return bucket, ""
    return bucket, object_key(request.path_params["name"])


async def bucket_limits(request: Request, bucket: str) -> limits.BucketLimits:
    return await limits.of(access(request), bucket, services(request).settings.storage_file_size_limit)


# --- buckets -------------------------------------------------------------------------------------------------

@route("/bucket", ["GET"])
@route("/bucket/", ["GET"])
async def list_buckets(request: Request) -> Response:
    return JSONResponse(await buckets.list_buckets(access(request), request, caller_of(request),
                                                   request.query_params))


@route("/bucket", ["POST"])
@route("/bucket/", ["POST"])
async def create_bucket(request: Request) -> Response:
    caller = caller_of(request)
    name = await buckets.create_bucket(access(request), request, caller, await read_json(request),
                                       services(request).settings.storage_file_size_limit)
    return JSONResponse({"name": name})


@route("/bucket/{bucket}", ["GET"])
async def get_bucket(request: Request) -> Response:
    caller = caller_of(request)
    return JSONResponse(await buckets.get_bucket(access(request), request, caller,
                                                 valid_bucket_id(request.path_params["bucket"])))


@route("/bucket/{bucket}", ["PUT"])
async def update_bucket(request: Request) -> Response:
    caller = caller_of(request)
    await buckets.update_bucket(access(request), request, caller, valid_bucket_id(request.path_params["bucket"]),
                                await read_json(request), services(request).settings.storage_file_size_limit)
    return message("Successfully updated")


@route("/bucket/{bucket}/empty", ["POST"])
async def empty_bucket(request: Request) -> Response:
    caller = caller_of(request)
    await buckets.empty_bucket(access(request), request, caller, valid_bucket_id(request.path_params["bucket"]))
    # Storage's words, though the bucket here is already empty when they are sent.
    return message("Empty bucket has been queued. Completion may take up to an hour.")


@route("/bucket/{bucket}", ["DELETE"])
async def delete_bucket(request: Request) -> Response:
    caller = caller_of(request)
    await buckets.delete_bucket(access(request), request, caller, valid_bucket_id(request.path_params["bucket"]))
    return message("Successfully deleted")


# --- objects: listing, moving, copying, signing ----------------------------------------------------------------

@route("/object/list/{bucket}", ["POST"])
async def list_objects(request: Request) -> Response:
    caller = caller_of(request)
    bucket, _ = path_of(request)
    body = await read_json(request)
    sort = body.get("sortBy") or {}
    limit, offset = body.get("limit", 100), body.get("offset", 0)
    if not isinstance(limit, int) or not isinstance(offset, int) or limit < 1 or offset < 0:
        raise errors.invalid_request("body/limit and body/offset must be non-negative integers")
    prefix = body.get("prefix")
    if not isinstance(prefix, str):
        raise errors.invalid_request("body must have required property 'prefix'")
    rows = await objects.search(access(request), request, caller, bucket, prefix, limit, offset,
                                str(body.get("search") or ""), str(sort.get("column") or "name"),
                                str(sort.get("order") or "asc"))
    return JSONResponse(rows)


@route("/object/list-v2/{bucket}", ["POST"])
async def list_objects_v2(request: Request) -> Response:
    caller = caller_of(request)
    bucket, _ = path_of(request)
    page = listing.parse(await read_json(request))
    return JSONResponse(await listing.list_v2(access(request), request, caller, bucket, page))


def _transfer(body: dict) -> tuple[str, str, str, str]:
    bucket = valid_bucket_id(body.get("bucketId"))
    source = body.get("sourceKey")
    target = body.get("destinationKey")
    if not isinstance(source, str) or not isinstance(target, str):
        raise errors.invalid_request("body must have required properties 'sourceKey' and 'destinationKey'")
    target_bucket = valid_bucket_id(body.get("destinationBucket") or bucket)
    return bucket, source, target_bucket, object_key(target)


@route("/object/move", ["POST"])
async def move_object(request: Request) -> Response:
    caller = caller_of(request)
    bucket, source, target_bucket, target = _transfer(await read_json(request))
    object_id = await objects.move_object(access(request), request, caller, bucket, source, target_bucket, target,
                                          await bucket_limits(request, target_bucket))
    return JSONResponse({"message": "Successfully moved", "Id": object_id, "Key": target})


@route("/object/copy", ["POST"])
async def copy_object(request: Request) -> Response:
    caller = caller_of(request)
    body = await read_json(request)
    bucket, source, target_bucket, target = _transfer(body)
    row = await objects.copy_object(
        access(request), request, caller, bucket, source, target_bucket, target,
        await bucket_limits(request, target_bucket), upsert=request.headers.get("x-upsert") == "true", copy_metadata=body.get("copyMetadata", True) is not False,
        metadata=body.get("metadata") if isinstance(body.get("metadata"), dict) else None,
        user_metadata=metadata_header(request.headers.get("x-metadata")))
    return JSONResponse({"Id": row["id"], "Key": f"{target_bucket}/{target}", **row})


@route("/object/sign/{bucket}", ["POST"])
async def sign_many(request: Request) -> Response:
    caller = caller_of(request)
    bucket, _ = path_of(request)
    body = await read_json(request)
    seconds = signing.expires_in(body.get("expiresIn"))
    paths = body.get("paths")
    if not isinstance(paths, list) or not all(isinstance(p, str) for p in paths):
        raise errors.invalid_request("body must have required property 'paths'")
    found = await objects.existing_names(access(request), request, caller, "storage.object.sign_many", bucket, paths)
    secret = services(request).settings.jwt_secret
    results = []
    for path in paths:
        if path in found:
            token = signing.sign(secret, f"{bucket}/{path}", seconds, signing.DOWNLOAD)
            results.append({"error": None, "path": path, "signedURL": f"/object/sign/{bucket}/{path}?token={token}"})
        else:
            results.append({"error": "Either the object does not exist or you do not have access to it",
                            "path": path, "signedURL": None})
    return JSONResponse(results)


@route("/object/sign/{bucket}/{name:path}", ["POST"])
async def sign_one(request: Request) -> Response:
    caller = caller_of(request)
    bucket, name = path_of(request)
    body = await read_json(request)
    seconds = signing.expires_in(body.get("expiresIn"))
    transform = body.get("transform") or {}
    if not isinstance(transform, dict):
        raise errors.invalid_request("body/transform must be object")
    transformations = images.parse(transform, "body/transform").signed()
    await objects.find_object(access(request), request, caller, "storage.object.sign", bucket, name)
    token = signing.sign(services(request).settings.jwt_secret, f"{bucket}/{name}", seconds, signing.DOWNLOAD,
                         transformations=transformations, format=transform.get("format"))
    kind = "render/image" if transformations else "object"
    return JSONResponse({"signedURL": f"/{kind}/sign/{bucket}/{name}?token={token}"})


@route("/object/sign/{bucket}/{name:path}", ["GET", "HEAD"])
async def get_signed(request: Request) -> Response:
    bucket, name = path_of(request)
    claims = signing.verify(services(request).settings.jwt_secret, request.query_params.get("token"),
                            f"{bucket}/{name}", signing.DOWNLOAD)
    opened = await objects.open_object(access(request), request, None, "storage.object.get_signed", bucket, name)
    return object_response(request, opened, download=request.query_params.get("download"),
                           expires=formatdate(claims["exp"], usegmt=True), head=request.method == "HEAD")


@route("/object/upload/sign/{bucket}/{name:path}", ["POST"])
async def sign_upload(request: Request) -> Response:
    caller = caller_of(request)
    bucket, name = path_of(request)
    upsert = request.headers.get("x-upsert") == "true"
    declared = request.headers.get("content-length")
    await objects.check_can_write(
        access(request), request, caller, "storage.object.sign_upload_url", bucket, name, upsert,
        {"mimetype": request.headers.get("content-type"),
         "contentLength": int(declared) if declared and declared.isdigit() else None},
        metadata_header(request.headers.get("x-metadata")))
    url = f"{bucket}/{name}"
    token = signing.sign(services(request).settings.jwt_secret, url, signing.UPLOAD_URL_SECONDS, signing.UPLOAD,
                         owner=owner_of(caller), upsert=upsert)
    return JSONResponse({"url": f"/object/upload/sign/{url}?token={token}", "token": token})


@route("/object/upload/sign/{bucket}/{name:path}", ["PUT"])
async def upload_signed(request: Request) -> Response:
    bucket, name = path_of(request)
    claims = signing.verify(services(request).settings.jwt_secret, request.query_params.get("token"),
                            f"{bucket}/{name}", signing.UPLOAD)
    key, _ = await _upload(request, signing.upload_caller(claims), bucket, name, bool(claims.get("upsert")),
                           "storage.object.upload_signed")
    return JSONResponse({"Key": key})


# --- objects: info, download, upload, delete ---------------------------------------------------------------------

def info_body(row: dict) -> dict:
    metadata = row["metadata"] or {}
    row = objects.jsonable(row)
    return {"id": row["id"], "name": row["name"], "version": row["version"], "bucket_id": row["bucket_id"],
            "size": metadata.get("size"), "content_type": metadata.get("mimetype"),
            "cache_control": metadata.get("cacheControl"), "etag": metadata.get("eTag"),
            "metadata": row["user_metadata"], "last_modified": row["updated_at"], "created_at": row["created_at"]}


@route("/object/info/public/{bucket}/{name:path}", ["GET"])
async def info_public(request: Request) -> Response:
    bucket, name = path_of(request)
    await access(request).bucket(bucket, "id", public_only=True)
    row = await objects.find_object(access(request), request, None, "storage.object.info_public", bucket, name)
    return JSONResponse(info_body(row))


@route("/object/info/authenticated/{bucket}/{name:path}", ["GET"])
async def info_authenticated(request: Request) -> Response:
    return await _info(request, caller_of(request))


# Registered after the route above, which its pattern would also match.
@route("/object/info/{bucket}/{name:path}", ["GET"])
async def info(request: Request) -> Response:
    return await _info(request, caller_of(request, anonymous=True))


async def _info(request: Request, caller: Caller) -> Response:
    bucket, name = path_of(request)
    row = await objects.find_object(access(request), request, caller, "storage.object.info_authenticated",
                                    bucket, name)
    return JSONResponse(info_body(row))


@route("/object/public/{bucket}/{name:path}", ["GET", "HEAD"])
async def get_public(request: Request) -> Response:
    bucket, name = path_of(request)
    await access(request).bucket(bucket, "id", public_only=True)
    opened = await objects.open_object(access(request), request, None, "storage.object.get_public", bucket, name)
    return object_response(request, opened, download=request.query_params.get("download"),
                           head=request.method == "HEAD")


@route("/object/authenticated/{bucket}/{name:path}", ["GET", "HEAD"])
async def get_authenticated(request: Request) -> Response:
    return await _get(request, caller_of(request))


# Registered after the route above, which its pattern would also match.
@route("/object/{bucket}/{name:path}", ["GET", "HEAD"])
async def get_object(request: Request) -> Response:
    return await _get(request, caller_of(request, anonymous=True))


async def _get(request: Request, caller: Caller) -> Response:
    bucket, name = path_of(request)
    opened = await objects.open_object(access(request), request, caller, "storage.object.get_authenticated",
                                       bucket, name)
    return object_response(request, opened, download=request.query_params.get("download"),
                           head=request.method == "HEAD")


# --- image transformations ------------------------------------------------------------------------------------

def renderer(request: Request) -> images.Renderer:
    return services(request).image_renderer


@route("/render/image/authenticated/{bucket}/{name:path}", ["GET"])
async def render_authenticated(request: Request) -> Response:
    caller = caller_of(request)
    bucket, name = path_of(request)
    transform = images.parse(request.query_params, "querystring")
    opened = await objects.open_object(access(request), request, caller, "storage.render.image_authenticated",
                                       bucket, name)
    return await rendered_response(request, opened, renderer(request), transform,
                                   download=request.query_params.get("download"))


@route("/render/image/public/{bucket}/{name:path}", ["GET"])
async def render_public(request: Request) -> Response:
    bucket, name = path_of(request)
    transform = images.parse(request.query_params, "querystring")
    await access(request).bucket(bucket, "id", public_only=True)
    opened = await objects.open_object(access(request), request, None, "storage.render.image_public", bucket, name)
    return await rendered_response(request, opened, renderer(request), transform,
                                   download=request.query_params.get("download"))


@route("/render/image/sign/{bucket}/{name:path}", ["GET"])
async def render_signed(request: Request) -> Response:
    bucket, name = path_of(request)
    claims = signing.verify(services(request).settings.jwt_secret, request.query_params.get("token"),
                            f"{bucket}/{name}", signing.DOWNLOAD)
    opened = await objects.open_object(access(request), request, None, "storage.render.image_sign", bucket, name)
    transform = images.from_signed(claims.get("transformations"), claims.get("format"))
    return await rendered_response(request, opened, renderer(request), transform,
                                   download=request.query_params.get("download"),
                                   expires=formatdate(claims["exp"], usegmt=True))


async def _upload(request: Request, caller: Caller, bucket: str, name: str, upsert: bool,
                  operation: str) -> tuple[str, str]:
    store = access(request)
    allowed = await bucket_limits(request, bucket)
    if form_boundary(request) is not None:
        # A form's type and user metadata come after fields of up to MAX_FIELDS_BYTES: a caller who may not
        # write here at all is refused before they are read (policies see no metadata yet, as for a folder).
        await objects.check_can_write(store, request, caller, operation, bucket, name, upsert, {}, None)
    body = await read_upload(request, name, allowed)
    await objects.check_can_write(store, request, caller, operation, bucket, name, upsert,
                                  {"mimetype": body.mime, "contentLength": body.declared_length},
                                  body.user_metadata)
    object_id = await objects.store_upload(store, request, caller, operation, bucket, name, upsert, body,
                                           allowed.max_bytes(name), owner_of(caller))
    return f"{bucket}/{name}", object_id


@route("/object/{bucket}/{name:path}", ["POST"])
async def upload(request: Request) -> Response:
    caller = caller_of(request)
    bucket, name = path_of(request)
    key, object_id = await _upload(request, caller, bucket, name, request.headers.get("x-upsert") == "true",
                                   "storage.object.upload")
    return JSONResponse({"Id": object_id, "Key": key})


@route("/object/{bucket}/{name:path}", ["PUT"])
async def update(request: Request) -> Response:
    caller = caller_of(request)
    bucket, name = path_of(request)
    key, object_id = await _upload(request, caller, bucket, name, True, "storage.object.upload_update")
    return JSONResponse({"Id": object_id, "Key": key})


@route("/object/{bucket}", ["DELETE"])
async def remove_many(request: Request) -> Response:
    caller = caller_of(request)
    bucket = valid_bucket_id(request.path_params["bucket"])
    prefixes = (await read_json(request)).get("prefixes")
    if not isinstance(prefixes, list) or not all(isinstance(p, str) for p in prefixes) or not prefixes:
        raise errors.invalid_request("body must have required property 'prefixes'")
    if len(prefixes) > 1000:
        raise errors.invalid_request("Bulk object requests are limited to 1000 objects per request.")
    return JSONResponse(await objects.remove_objects(access(request), request, caller, bucket, prefixes))


@route("/object/{bucket}/{name:path}", ["DELETE"])
async def remove_one(request: Request) -> Response:
    caller = caller_of(request)
    bucket, name = path_of(request)
    await objects.remove_object(access(request), request, caller, bucket, name)
    return message("Successfully deleted")



# --- resumable uploads (TUS 1.0.0) -------------------------------------------------------------------------------

def tus_headers(**headers: str) -> dict[str, str]:
    return {"Tus-Resumable": resumable.TUS_VERSION, **headers}


def signed(request: Request) -> bool:
    return request.url.path.rstrip("/").endswith("/upload/resumable/sign") or "/upload/resumable/sign/" in \
        request.url.path


def authorise(request: Request) -> resumable.Authorise:
    """At /upload/resumable/sign a signed upload token in `x-signature` is the permission (as the API, owned by
    whoever signed it, with its upsert); elsewhere the caller's JWT."""
    if not signed(request):
        return resumable.as_caller(caller_of(request), request)
    token = request.headers.get("x-signature")
    if not token:
        raise errors.invalid_signature("Missing x-signature header")
    secret = services(request).settings.jwt_secret

    def by_token(bucket: str, name: str) -> tuple[Caller, bool]:
        claims = signing.verify(secret, token, f"{bucket}/{name}", signing.UPLOAD)
        return signing.upload_caller(claims), bool(claims.get("upsert"))
    return by_token


def upload_location(request: Request, upload: resumable.Upload) -> str:
    base = "/upload/resumable/sign" if signed(request) else "/upload/resumable"
    return f"{services(request).settings.api_external_url}/storage/v1{base}/{upload.url_id}"


@route("/upload/resumable", ["OPTIONS"], plain=True)
@route("/upload/resumable/", ["OPTIONS"], plain=True)
@route("/upload/resumable/{upload_id}", ["OPTIONS"], plain=True)
@route("/upload/resumable/sign", ["OPTIONS"], plain=True)
@route("/upload/resumable/sign/", ["OPTIONS"], plain=True)
@route("/upload/resumable/sign/{upload_id}", ["OPTIONS"], plain=True)
async def resumable_options(request: Request) -> Response:
    return Response(status_code=204, headers=tus_headers(
        **{"Tus-Version": resumable.TUS_VERSION, "Tus-Extension": resumable.EXTENSIONS,
           "Tus-Max-Size": str(services(request).settings.storage_file_size_limit)}))


@route("/upload/resumable", ["POST"], plain=True)
@route("/upload/resumable/", ["POST"], plain=True)
@route("/upload/resumable/sign", ["POST"], plain=True)
@route("/upload/resumable/sign/", ["POST"], plain=True)
async def resumable_create(request: Request) -> Response:
    settings = services(request).settings
    quota = resumable.Quota(settings.storage_tus_max_open_uploads, settings.storage_tus_max_open_upload_bytes)
    upload = await resumable.create(access(request), request, authorise(request), settings.storage_file_size_limit,
                                    quota, guarded(request.stream()))
    return Response(status_code=201, headers=tus_headers(
        **{"Location": upload_location(request, upload), "Upload-Offset": str(upload.upload_offset)}))


@route("/upload/resumable/{upload_id}", ["HEAD"], plain=True)
@route("/upload/resumable/sign/{upload_id}", ["HEAD"], plain=True)
async def resumable_offset(request: Request) -> Response:
    upload = await resumable.progress(access(request), request, authorise(request), request.path_params["upload_id"])
    return Response(status_code=200, headers=tus_headers(**{
        "Upload-Offset": str(upload.upload_offset), "Upload-Length": str(upload.upload_length),
        "Cache-Control": "no-store"}))


@route("/upload/resumable/{upload_id}", ["PATCH"], plain=True)
@route("/upload/resumable/sign/{upload_id}", ["PATCH"], plain=True)
async def resumable_append(request: Request) -> Response:
    offset = await resumable.append(access(request), request, authorise(request), request.path_params["upload_id"],
                                    guarded(request.stream()))
    return Response(status_code=204, headers=tus_headers(**{"Upload-Offset": str(offset)}))


@route("/upload/resumable/{upload_id}", ["DELETE"], plain=True)
@route("/upload/resumable/sign/{upload_id}", ["DELETE"], plain=True)
async def resumable_terminate(request: Request) -> Response:
    await resumable.terminate(access(request), request, authorise(request), request.path_params["upload_id"])
    return Response(status_code=204, headers=tus_headers())
