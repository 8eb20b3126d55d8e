"""/storage/v1/bucket: list, create, read, update, empty and delete buckets."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from gateway.services import services
from gateway.storage import buckets
from gateway.storage.handling import access, caller_of, message, read_json
from gateway.storage.names import bucket_id as valid_bucket_id


async def list_buckets(request: Request) -> Response:
    return JSONResponse(await buckets.list_buckets(access(request), request, caller_of(request),
                                                   request.query_params))


async def create_bucket(request: Request) -> Response:
    caller = caller_of(request)
    name = await buckets.create_bucket(access(request), request, caller, await read_json(request),
                                       services(request).settings.storage_file_size_limit)
    return JSONResponse({"name": name})


async def get_bucket(request: Request) -> Response:
    caller = caller_of(request)
    return JSONResponse(await buckets.get_bucket(access(request), request, caller,
                                                 valid_bucket_id(request.path_params["bucket"])))


async def update_bucket(request: Request) -> Response:
    caller = caller_of(request)
    await buckets.update_bucket(access(request), request, caller, valid_bucket_id(request.path_params["bucket"]),
                                await read_json(request), services(request).settings.storage_file_size_limit)
    return message("Successfully updated")


async def empty_bucket(request: Request) -> Response:
    caller = caller_of(request)
    await buckets.empty_bucket(access(request), request, caller, valid_bucket_id(request.path_params["bucket"]))
    # Storage's words, though the bucket here is already empty when they are sent.
    return message("Empty bucket has been queued. Completion may take up to an hour.")


async def delete_bucket(request: Request) -> Response:
    caller = caller_of(request)
    await buckets.delete_bucket(access(request), request, caller, valid_bucket_id(request.path_params["bucket"]))
    return message("Successfully deleted")
