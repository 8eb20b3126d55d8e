"""/storage/v1/object/sign and /object/upload/sign: signed download and upload URLs, made and used."""

from __future__ import annotations

from email.utils import formatdate

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from gateway.services import services
from gateway.storage import errors, images, objects, signing
from gateway.storage.access import owner_of
from gateway.storage.handling import access, caller_of, path_of, read_json
from gateway.storage.object_routes import receive_upload
from gateway.storage.serve import object_response
from gateway.storage.uploads import metadata_header


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


async def get_signed(request: Request) -> Response:
    bucket, name = path_of(request)
    claims = signing.verify(services(request).settings.jwt_secret, request.query_params.get("token"),
                            f"{bucket}/{name}", signing.DOWNLOAD)
    opened = await objects.open_object(access(request), request, None, "storage.object.get_signed", bucket, name)
    return object_response(request, opened, download=request.query_params.get("download"),
                           expires=formatdate(claims["exp"], usegmt=True), head=request.method == "HEAD")


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


async def upload_signed(request: Request) -> Response:
    bucket, name = path_of(request)
    claims = signing.verify(services(request).settings.jwt_secret, request.query_params.get("token"),
                            f"{bucket}/{name}", signing.UPLOAD)
    key, _ = await receive_upload(request, signing.upload_caller(claims), bucket, name, bool(claims.get("upsert")),
                           "storage.object.upload_signed")
    return JSONResponse({"Key": key})
