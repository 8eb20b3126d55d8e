"""HTTP hooks as GoTrue sends them: a signed POST (Standard Webhooks), 5 seconds in all, up to 3 attempts."""

from __future__ import annotations

import asyncio
import base64
import hashlib
import hmac
import json
import time
import uuid
from typing import Any

import httpx

from gateway.auth.errors import AuthError
from gateway.project.auth_hooks import HookConfig

TIMEOUT_SECONDS = 5.0
ATTEMPTS = 3
BACKOFF_SECONDS = 2.0
RESPONSE_LIMIT_BYTES = 200 * 1024
SECRET_PREFIX = "v1,whsec_"


def sign(secret: str, message_id: str, timestamp: int, body: bytes) -> str:
    """One `v1,<base64 HMAC-SHA256>` signature of `<id>.<timestamp>.<body>` with the base64 key after whsec_."""
    key = base64.b64decode(secret.removeprefix(SECRET_PREFIX))
    digest = hmac.new(key, f"{message_id}.{timestamp}.".encode() + body, hashlib.sha256).digest()
    return "v1," + base64.b64encode(digest).decode()


def signed_headers(hook: HookConfig, body: bytes) -> dict[str, str]:
    message_id, timestamp = str(uuid.uuid4()), int(time.time())
    return {
        "content-type": "application/json",
        "webhook-id": message_id,
        "webhook-timestamp": str(timestamp),
        # The spec separates signatures with spaces (one per configured secret, so secrets can be rotated).
        "webhook-signature": " ".join(sign(secret, message_id, timestamp, body) for secret in hook.secrets),
        "accept-encoding": "identity",
    }


async def post(hook: HookConfig, payload: dict[str, Any]) -> Any:
    """The endpoint's JSON answer (None for 204), or an AuthError in GoTrue's words and status."""
    try:
        async with asyncio.timeout(TIMEOUT_SECONDS):
            return await _attempts(hook, json.dumps(payload).encode())
    except TimeoutError:
        raise AuthError(422, "hook_timeout",
                        f"Failed to reach hook within maximum time of {TIMEOUT_SECONDS:f} seconds") from None


async def _attempts(hook: HookConfig, body: bytes) -> Any:
    async with httpx.AsyncClient(timeout=TIMEOUT_SECONDS, follow_redirects=False) as client:
        for attempt in range(ATTEMPTS):
            try:
                async with client.stream("POST", hook.uri, content=body, headers=signed_headers(hook, body)) as rsp:
                    if rsp.status_code in (429, 503) and rsp.headers.get("retry-after"):
                        continue
                    return await _answer(rsp)
            except httpx.TimeoutException:
                raise TimeoutError from None
            except httpx.TransportError:
                if attempt == ATTEMPTS - 1:
                    raise AuthError(422, "hook_timeout_after_retry", "Failed to reach hook after maximum retries") from None
                await asyncio.sleep(BACKOFF_SECONDS)
    raise _server_error("Service currently unavailable due to hook")


async def _answer(rsp: httpx.Response) -> Any:
    status = rsp.status_code
    if status == 204:
        return None
    if status in (200, 202):
        media_type = rsp.headers.get("content-type", "").split(";")[0].strip().lower()
        if not media_type:
            raise AuthError(400, "hook_payload_invalid_content_type", "Invalid Content-Type: Missing Content-Type header")
        if media_type != "application/json":
            raise AuthError(400, "hook_payload_invalid_content_type",
                            f"Invalid JSON response. Received content-type: {rsp.headers['content-type']}")
        body = b""
        async for chunk in rsp.aiter_bytes():
            body += chunk
            if len(body) > RESPONSE_LIMIT_BYTES:
                raise AuthError(422, "hook_payload_over_size_limit",
                                f"Payload size exceeded size limit of {RESPONSE_LIMIT_BYTES} bytes")
        try:
            return json.loads(body)
        except ValueError:
            raise _server_error("Error unmarshaling JSON output.") from None
    if status in (429, 503):
        raise _server_error("Service currently unavailable due to hook")
    if status == 400:
        raise _server_error("Invalid payload sent to hook")
    if status == 401:
        raise _server_error("Hook requires authorization token")
    raise _server_error(f"Unexpected status code returned from hook: {status}")


def _server_error(message: str) -> AuthError:
    return AuthError(500, "unexpected_failure", message)
