"""What every /storage/v1 route shares: its errors in Storage's shape, the caller, the storage, JSON bodies, the
object's bucket and name."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

import psycopg
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from gateway.claims import Caller, bearer_token, resolve_caller
from gateway.jwt_keys import ExpiredToken, InvalidToken
from gateway.server import json_input
from gateway.server.json_input import UnacceptableJson
from gateway.services import services
from gateway.storage import bodies, errors, limits
from gateway.storage.access import Access
from gateway.storage.names import bucket_id as valid_bucket_id
from gateway.storage.names import object_key

log = logging.getLogger("gateway.storage")
MAX_JSON_BYTES = 1024 * 1024
Handler = Callable[[Request], Awaitable[Response]]


def endpoint(handler: Handler, *, plain: bool = False) -> Handler:
    """`handler` with its failures answered as Storage answers them; `plain`: as text with their real status
    (resumable uploads), not Storage's JSON."""
    async def answer(request: Request) -> Response:
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
    return answer


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
