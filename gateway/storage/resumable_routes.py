"""/storage/v1/upload/resumable: TUS 1.0.0 resumable uploads, by the caller's JWT or by a signed upload token."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import Response

from gateway.claims import Caller
from gateway.services import services
from gateway.storage import errors, resumable, signing
from gateway.storage.handling import access, caller_of
from gateway.storage.uploads import guarded


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


async def resumable_options(request: Request) -> Response:
    return Response(status_code=204, headers=tus_headers(
        **{"Tus-Version": resumable.TUS_VERSION, "Tus-Extension": resumable.EXTENSIONS,
           "Tus-Max-Size": str(services(request).settings.storage_file_size_limit)}))


async def resumable_create(request: Request) -> Response:
    settings = services(request).settings
    quota = resumable.Quota(settings.storage_tus_max_open_uploads, settings.storage_tus_max_open_upload_bytes)
    upload = await resumable.create(access(request), request, authorise(request), settings.storage_file_size_limit,
                                    quota, guarded(request.stream()))
    return Response(status_code=201, headers=tus_headers(
        **{"Location": upload_location(request, upload), "Upload-Offset": str(upload.upload_offset)}))


async def resumable_offset(request: Request) -> Response:
    upload = await resumable.progress(access(request), request, authorise(request), request.path_params["upload_id"])
    return Response(status_code=200, headers=tus_headers(**{
        "Upload-Offset": str(upload.upload_offset), "Upload-Length": str(upload.upload_length),
        "Cache-Control": "no-store"}))


async def resumable_append(request: Request) -> Response:
    offset = await resumable.append(access(request), request, authorise(request), request.path_params["upload_id"],
                                    guarded(request.stream()))
    return Response(status_code=204, headers=tus_headers(**{"Upload-Offset": str(offset)}))


async def resumable_terminate(request: Request) -> Response:
    await resumable.terminate(access(request), request, authorise(request), request.path_params["upload_id"])
    return Response(status_code=204, headers=tus_headers())
