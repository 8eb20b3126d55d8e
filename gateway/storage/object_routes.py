"""/storage/v1/object: list, move, copy, read (info, download) and write (upload, update, delete) objects."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from gateway.claims import Caller
from gateway.storage import errors, listing, objects
from gateway.storage.access import owner_of
from gateway.storage.handling import access, bucket_limits, caller_of, message, path_of, read_json
from gateway.storage.names import bucket_id as valid_bucket_id
from gateway.storage.names import object_key
from gateway.storage.serve import object_response
from gateway.storage.uploads import form_boundary, metadata_header, read_upload


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


async def move_object(request: Request) -> Response:
    caller = caller_of(request)
    bucket, source, target_bucket, target = _transfer(await read_json(request))
    object_id = await objects.move_object(access(request), request, caller, bucket, source, target_bucket, target,
                                          await bucket_limits(request, target_bucket))
    return JSONResponse({"message": "Successfully moved", "Id": object_id, "Key": target})


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


def info_body(row: dict) -> dict:
    metadata = row["metadata"] or {}
    row = objects.jsonable(row)
    return {"id": row["id"], "name": row["name"], "version": row["version"], "bucket_id": row["bucket_id"],
            "size": metadata.get("size"), "content_type": metadata.get("mimetype"),
            "cache_control": metadata.get("cacheControl"), "etag": metadata.get("eTag"),
            "metadata": row["user_metadata"], "last_modified": row["updated_at"], "created_at": row["created_at"]}


async def info_public(request: Request) -> Response:
    bucket, name = path_of(request)
    await access(request).bucket(bucket, "id", public_only=True)
    row = await objects.find_object(access(request), request, None, "storage.object.info_public", bucket, name)
    return JSONResponse(info_body(row))


async def info_authenticated(request: Request) -> Response:
    return await _info(request, caller_of(request))


async def info(request: Request) -> Response:
    return await _info(request, caller_of(request, anonymous=True))


async def _info(request: Request, caller: Caller) -> Response:
    bucket, name = path_of(request)
    row = await objects.find_object(access(request), request, caller, "storage.object.info_authenticated",
                                    bucket, name)
    return JSONResponse(info_body(row))


async def get_public(request: Request) -> Response:
    bucket, name = path_of(request)
    await access(request).bucket(bucket, "id", public_only=True)
    opened = await objects.open_object(access(request), request, None, "storage.object.get_public", bucket, name)
    return object_response(request, opened, download=request.query_params.get("download"),
                           head=request.method == "HEAD")


async def get_authenticated(request: Request) -> Response:
    return await _get(request, caller_of(request))


async def get_object(request: Request) -> Response:
    return await _get(request, caller_of(request, anonymous=True))


async def _get(request: Request, caller: Caller) -> Response:
    bucket, name = path_of(request)
    opened = await objects.open_object(access(request), request, caller, "storage.object.get_authenticated",
                                       bucket, name)
    return object_response(request, opened, download=request.query_params.get("download"),
                           head=request.method == "HEAD")


async def receive_upload(request: Request, caller: Caller, bucket: str, name: str, upsert: bool,
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


async def upload(request: Request) -> Response:
    caller = caller_of(request)
    bucket, name = path_of(request)
    key, object_id = await receive_upload(request, caller, bucket, name, request.headers.get("x-upsert") == "true",
                                   "storage.object.upload")
    return JSONResponse({"Id": object_id, "Key": key})


async def update(request: Request) -> Response:
    caller = caller_of(request)
    bucket, name = path_of(request)
    key, object_id = await receive_upload(request, caller, bucket, name, True, "storage.object.upload_update")
    return JSONResponse({"Id": object_id, "Key": key})


async def remove_many(request: Request) -> Response:
    caller = caller_of(request)
    bucket = valid_bucket_id(request.path_params["bucket"])
    prefixes = (await read_json(request)).get("prefixes")
    if not isinstance(prefixes, list) or not all(isinstance(p, str) for p in prefixes) or not prefixes:
        raise errors.invalid_request("body must have required property 'prefixes'")
    if len(prefixes) > 1000:
        raise errors.invalid_request("Bulk object requests are limited to 1000 objects per request.")
    return JSONResponse(await objects.remove_objects(access(request), request, caller, bucket, prefixes))


async def remove_one(request: Request) -> Response:
    caller = caller_of(request)
    bucket, name = path_of(request)
    await objects.remove_object(access(request), request, caller, bucket, name)
    return message("Successfully deleted")
