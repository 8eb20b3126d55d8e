"""/realtime/v1: the Phoenix websocket and the HTTP broadcast API."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, FastAPI, Request, WebSocket
from fastapi.responses import JSONResponse, Response

from gateway.claims import Caller, resolve_caller
from gateway.jwt_keys import ExpiredToken, InvalidToken
from gateway.realtime.change_access import TokenRefused, identify
from gateway.realtime.channel_access import BROADCAST
from gateway.realtime.channels import bus_topic
from gateway.realtime.connection import Connection
from gateway.realtime.frames import NUL_REASON, contains_nul, serializer_for
from gateway.realtime.limits import Limits, payload_size
from gateway.realtime.service import RealtimeService
from gateway.services import services

router = APIRouter()
CLOSE_POLICY_VIOLATION = 1008


async def on_startup(app: FastAPI) -> None:
    settings = services(app).settings
    # After REST's on_startup: changes are described by its schema cache.
    services(app).realtime = RealtimeService(services(app).listener, services(app).rest_cache, services(app).pool,
                                         services(app).request_pool, services(app).keys, Limits.from_settings(settings))
    await services(app).realtime.start()


async def on_shutdown(app: FastAPI) -> None:
    await services(app).realtime.stop()


@router.websocket("/websocket")
async def websocket(ws: WebSocket) -> None:
    service: RealtimeService = services(ws).realtime
    serializer = serializer_for(ws.query_params.get("vsn"))
    if serializer is None:
        await ws.close(code=CLOSE_POLICY_VIOLATION, reason="unsupported vsn")
        return
    try:
        identity = identify(service.keys, ws.query_params.get("apikey") or ws.headers.get("apikey"))
    except TokenRefused:
        # Closing before accepting answers the upgrade with 403, as Realtime refuses a bad apikey.
        await ws.close(code=CLOSE_POLICY_VIOLATION)
        return
    await Connection(ws, serializer, service, identity).run()


def _error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"message": message}, status_code=status)


def _too_large(service: RealtimeService) -> JSONResponse:
    return _error(413, f"Payload too large: the limit is {service.limits.max_payload_bytes} bytes")


def _caller(request: Request) -> Caller | JSONResponse:
    try:
        return resolve_caller(services(request).keys, request.headers)
    except ExpiredToken:
        return _error(401, "JWT expired")
    except InvalidToken:
        return _error(401, "Invalid JWT")


async def _send(service: RealtimeService, caller: Caller, messages: list[tuple[str, str, Any, bool]]) -> None:
    """Public messages go out; private ones only to topics the caller's INSERT policy on realtime.messages allows
    (checked once per topic), the rest are dropped silently as Realtime does."""
    allowed: dict[str, bool] = {}
    for topic, event, payload, private in messages:
        if private and topic not in allowed:
            allowed[topic] = (await service.channel_auth.write(caller.role, caller.claims, topic, [BROADCAST]))[BROADCAST]
        if not private or allowed[topic]:
            await service.bus.broadcast(bus_topic(topic, private), event, payload)


@router.post("/api/broadcast")
async def broadcast(request: Request) -> Response:
    """`{messages: [{topic, event, payload}]}` → 202, every message checked before any is sent."""
    caller = _caller(request)
    if isinstance(caller, JSONResponse):
        return caller
    service: RealtimeService = services(request).realtime
    try:
        body = await request.json()
    except (ValueError, RecursionError):
        return _error(400, "The body must be JSON")
    messages = body.get("messages") if isinstance(body, dict) else None
    if not isinstance(messages, list) or not messages:
        return _error(422, "`messages` must be a non-empty list")
    checked: list[tuple[str, str, Any, bool]] = []
    for message in messages:
        if not isinstance(message, dict) or not isinstance(message.get("topic"), str) \
                or not isinstance(message.get("event"), str) or not message["topic"]:
            return _error(422, "each message needs a `topic` and an `event`")
        payload = message.get("payload", {})
        if contains_nul(message["topic"], message["event"], payload):
            return _error(400, NUL_REASON)
        if payload_size(payload) > service.limits.max_payload_bytes:
            return _too_large(service)
        checked.append((message["topic"], message["event"], payload, message.get("private") is True))
    await _send(service, caller, checked)
    return Response(status_code=202)


@router.post("/api/broadcast/{topic}/events/{event}")
async def broadcast_one(topic: str, event: str, request: Request) -> Response:
    """realtime-js `channel.httpSend(event, payload)`: the body is the payload (JSON, or bytes)."""
    caller = _caller(request)
    if isinstance(caller, JSONResponse):
        return caller
    raw = await request.body()
    if request.headers.get("content-type", "").startswith("application/octet-stream"):
        payload: Any = raw
    else:
        try:
            payload = await request.json()
        except (ValueError, RecursionError):
            return _error(400, "The body must be JSON")
    if contains_nul(topic, event, payload):
        return _error(400, NUL_REASON)
    service: RealtimeService = services(request).realtime
    if payload_size(payload) > service.limits.max_payload_bytes:
        return _too_large(service)
    await _send(service, caller, [(topic, event, payload, request.query_params.get("private") == "true")])
    return Response(status_code=202)
