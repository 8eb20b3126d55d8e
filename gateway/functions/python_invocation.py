"""Invokes a loaded function for one HTTP request: JWT gate, methods, body limit, timeout, errors, request id."""

from __future__ import annotations

import asyncio
import json
import logging
import uuid
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from fastapi import Request
from fastapi.responses import Response

from gateway.claims import bearer_token, resolve_caller
from gateway.functions.api import FunctionContext, FunctionError, FunctionRequest, FunctionResponse
from gateway.functions.http import BodyTooLarge, error_reply, json_reply, read_body
from gateway.functions.registry import LoadedFunction
from gateway.jwt_keys import InvalidToken, JwtKeys
from gateway.server.client_ip import client_ip
from gateway.server.request_log import current_request_id

log = logging.getLogger("gateway.functions")

REQUEST_ID_HEADER = "x-request-id"
GENERIC_FAILURE = "The function failed unexpectedly"


class Unauthorized(Exception):
    """Supabase's functions relay answers these as 401 `{"code": 401, "message": ...}`."""


def verified_claims(keys: JwtKeys, headers: Mapping[str, str], *, required: bool) -> dict[str, Any] | None:
    """The caller's claims. With `required`, a JWT (a user token or a project key) must be present and valid."""
    if required and not (bearer_token(headers) or headers.get("apikey")):
        raise Unauthorized("Missing authorization header")
    try:
        caller = resolve_caller(keys, headers)
    except InvalidToken:
        if required:
            raise Unauthorized("Invalid JWT") from None
        return None
    return caller.claims if caller.token else None


def unauthorized_reply(message: str, request_id: str) -> Response:
    return json_reply({"code": 401, "message": message}, 401, {REQUEST_ID_HEADER: request_id})


@dataclass
class FunctionHost:
    """Runs functions in this process; the gateway has one for all of them, `functions serve` one for one."""

    keys: JwtKeys
    trusted_proxy_header: str | None
    functions: dict[str, LoadedFunction]
    contexts: dict[str, FunctionContext]

    async def serve(self, request: Request, function: LoadedFunction, subpath: str) -> Response:
        request_id = current_request_id.get() or uuid.uuid4().hex
        config = function.config
        if request.method == "OPTIONS":
            # Browsers' preflights are answered by the CORS middleware; a bare OPTIONS gets Supabase's "ok".
            return Response("ok", media_type="text/plain", headers={REQUEST_ID_HEADER: request_id})
        try:
            claims = verified_claims(self.keys, request.headers, required=config.verify_jwt)
        except Unauthorized as exc:
            return unauthorized_reply(str(exc), request_id)
        if request.method not in config.methods:
            return error_reply(f"Method {request.method} is not allowed", 405,
                               {"Allow": ", ".join(sorted(config.methods | {"OPTIONS"})), REQUEST_ID_HEADER: request_id})
        try:
            raw = await read_body(request, config.max_body_bytes)
        except BodyTooLarge:
            return error_reply(f"The request body is larger than {config.max_body_bytes} bytes", 413,
                               {REQUEST_ID_HEADER: request_id})
        try:
            body = _parse_json(raw, request.headers.get("content-type", ""))
        except (ValueError, RecursionError):
            return error_reply("The request body is not valid JSON", 400, {REQUEST_ID_HEADER: request_id})
        function_request = FunctionRequest(
            method=request.method,
            path=subpath,
            headers={k.lower(): v for k, v in request.headers.items()},
            body=body,
            raw_body=raw,
            claims=claims,
            client_ip=client_ip(request, self.trusted_proxy_header),
            request_id=request_id,
        )
        return await self._run(function, function_request)

    async def _run(self, function: LoadedFunction, request: FunctionRequest) -> Response:
        rid = {REQUEST_ID_HEADER: request.request_id}
        deadline = asyncio.timeout(function.config.timeout_seconds)
        try:
            async with deadline:
                result = await function.handle(request, self.contexts[function.slug])
            if not isinstance(result, FunctionResponse):
                raise TypeError(f"handle() returned {type(result).__name__}, not a FunctionResponse")
        except FunctionError as exc:
            log.info("function %s refused request_id=%s status=%s", function.slug, request.request_id, exc.status)
            return error_reply(exc.message, exc.status, {**exc.headers, **rid})
        except TimeoutError:
            if not deadline.expired():
                return _failure(function.slug, request.request_id)
            log.warning("function %s timed out after %ss request_id=%s",
                        function.slug, function.config.timeout_seconds, request.request_id)
            return json_reply({"error": "The function did not finish in time", "request_id": request.request_id},
                              504, rid)
        except Exception:
            return _failure(function.slug, request.request_id)
        return _render(result, rid)


def _failure(slug: str, request_id: str) -> Response:
    """Call inside an `except` block: the traceback goes to the log, the caller gets only the request id."""
    log.exception("function %s failed request_id=%s", slug, request_id)
    return json_reply({"error": GENERIC_FAILURE, "request_id": request_id}, 500, {REQUEST_ID_HEADER: request_id})


def _parse_json(raw: bytes, content_type: str) -> Any:
    if not raw.strip():
        return None
    media = content_type.split(";")[0].strip().lower()
    if media and media != "application/json" and not media.endswith("+json"):
        return None
    return json.loads(raw)


def _render(result: FunctionResponse, extra: Mapping[str, str]) -> Response:
    headers = {**{k.lower(): v for k, v in result.headers.items()}, **extra}
    if isinstance(result.body, bytes):
        return Response(result.body, status_code=result.status, headers=headers,
                        media_type=headers.pop("content-type", "application/octet-stream"))
    if isinstance(result.body, str):
        return Response(result.body, status_code=result.status, headers=headers,
                        media_type=headers.pop("content-type", "text/plain"))
    return json_reply(result.body, result.status, headers)
