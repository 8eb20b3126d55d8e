"""/storage/v1/render/image: an object transformed (resized, converted) as Storage's image service does."""

from __future__ import annotations

from email.utils import formatdate

from starlette.requests import Request
from starlette.responses import Response

from gateway.services import services
from gateway.storage import images, objects, signing
from gateway.storage.handling import access, caller_of, path_of
from gateway.storage.serve import rendered_response


def renderer(request: Request) -> images.Renderer:
    return services(request).image_renderer


async def render_authenticated(request: Request) -> Response:
    caller = caller_of(request)
    bucket, name = path_of(request)
    transform = images.parse(request.query_params, "querystring")
    opened = await objects.open_object(access(request), request, caller, "storage.render.image_authenticated",
                                       bucket, name)
    return await rendered_response(request, opened, renderer(request), transform,
                                   download=request.query_params.get("download"))


async def render_public(request: Request) -> Response:
    bucket, name = path_of(request)
    transform = images.parse(request.query_params, "querystring")
    await access(request).bucket(bucket, "id", public_only=True)
    opened = await objects.open_object(access(request), request, None, "storage.render.image_public", bucket, name)
    return await rendered_response(request, opened, renderer(request), transform,
                                   download=request.query_params.get("download"))


async def render_signed(request: Request) -> Response:
    bucket, name = path_of(request)
    claims = signing.verify(services(request).settings.jwt_secret, request.query_params.get("token"),
                            f"{bucket}/{name}", signing.DOWNLOAD)
    opened = await objects.open_object(access(request), request, None, "storage.render.image_sign", bucket, name)
    transform = images.from_signed(claims.get("transformations"), claims.get("format"))
    return await rendered_response(request, opened, renderer(request), transform,
                                   download=request.query_params.get("download"),
                                   expires=formatdate(claims["exp"], usegmt=True))
